/*
 * Splits a byte stream that arrives in chunks of any size into lines. Checks what
 * SPEC §2 requires of every input: UTF-8 without NUL bytes (an error names the line,
 * the column and the byte offset), a leading BOM dropped, LF or CRLF line ends.
 */
#ifndef CE_LINES_INTERNAL_H
#define CE_LINES_INTERNAL_H

#include "util_internal.h"

/* Called once per line, without its line end; `line_no` is 1-based. */
typedef ce_status (*ce_line_fn)(void *ctx, const char *line, size_t len, uint64_t line_no,
                                ce_error *err);

typedef struct ce_lines {
  const char *source; /* the input's name, for errors; not owned */
  ce_buf pending;     /* the start of a line whose end has not arrived yet */
  uint64_t line_no;   /* lines handed out so far */
  uint64_t offset;    /* bytes of the input before `pending` */
} ce_lines;

void ce__lines_init(ce_lines *lines, const char *source);
void ce__lines_free(ce_lines *lines);
ce_status ce__lines_feed(ce_lines *lines, const char *bytes, size_t len, ce_line_fn fn, void *ctx,
                         ce_error *err);
/* Hands out the last line when the input does not end with a line end. */
ce_status ce__lines_close(ce_lines *lines, ce_line_fn fn, void *ctx, ce_error *err);

/* Index of the first byte that is not valid UTF-8 (or is NUL) in `bytes`, or `len`. */
size_t ce__utf8_invalid_at(const char *bytes, size_t len);

#endif
