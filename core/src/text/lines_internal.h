/*
 * Splits a byte stream that arrives in chunks of any size into lines. Checks what
 * SPEC §2 requires of every input: UTF-8 without NUL bytes (an error names the line,
 * the column and the byte offset), a leading BOM dropped, LF or CRLF line ends.
 */
#ifndef CE_LINES_INTERNAL_H
#define CE_LINES_INTERNAL_H

#include "common/util_internal.h"

/*
 * Readable bytes after the end of every line handed out (their values mean nothing): a
 * line's fields can be searched eight bytes at a time without a bounds check per byte.
 */
enum { CE_LINE_PAD = 8 };

/* Index of the first `byte` in line[from .. len), or `len`; for lines from ce__lines_feed
 * only, as it reads up to CE_LINE_PAD bytes past the end. */
static inline size_t ce__line_find(const char *line, size_t len, size_t from, unsigned char byte) {
#ifdef CE_WORD_SEARCH
  const uint64_t pattern = 0x0101010101010101u * byte;
  for (size_t i = from; i < len; i += 8) {
    uint64_t word;
    __builtin_memcpy(&word, line + i, 8);
    uint64_t found = ce__bytes_equal(word, pattern);
    if (found) {
      size_t at = i + ((unsigned)__builtin_ctzll(found) >> 3);
      return at < len ? at : len;
    }
  }
  return len;
#else
  size_t i = from;
  while (i < len && (unsigned char)line[i] != byte) i++;
  return i;
#endif
}

/* Whether texts of `len` bytes are equal, each with CE_LINE_PAD readable bytes after it:
 * compared eight bytes at a time, without a call per token. */
static inline int ce__same_padded(const char *a, const char *b, size_t len) {
#ifdef CE_WORD_SEARCH
  for (size_t i = 0; i < len; i += 8) {
    uint64_t x, y;
    __builtin_memcpy(&x, a + i, 8);
    __builtin_memcpy(&y, b + i, 8);
    uint64_t differ = x ^ y;
    /* little-endian: the bytes past the text are the word's high bytes */
    if (len - i < 8) differ &= (1ull << (8 * (len - i))) - 1;
    if (differ) return 0;
  }
  return 1;
#else
  return __builtin_memcmp(a, b, len) == 0;
#endif
}

/* Called once per line, without its line end; `line_no` is 1-based. CE_LINE_PAD readable
 * bytes follow the line. */
typedef ce_status (*ce_line_fn)(void *ctx, const char *line, size_t len, uint64_t line_no,
                                ce_error *err);

/*
 * A look at a line some lines before it is handed out, with the same `ctx`: a hint (it may
 * prefetch what reading the line will touch), never an error. The line is raw: its CR, or
 * a BOM on the first line, may still be there.
 */
typedef void (*ce_line_peek_fn)(void *ctx, const char *line, size_t len);

/*
 * Lines handed out together (ce_lines.batch), so that the reader can work a block at a
 * time: each valid UTF-8 without NUL, not the first line of the input (whose BOM is
 * dropped line by line), without its line end or the CR before it, with CE_LINE_PAD
 * readable bytes after it. Line k is bytes[start[k] .. start[k] + len[k]), numbered
 * first_line + k.
 */
typedef struct ce_line_batch {
  const char *bytes;
  const size_t *start, *len;
  size_t count;
  uint64_t first_line;
} ce_line_batch;
typedef ce_status (*ce_line_batch_fn)(void *ctx, const ce_line_batch *batch, ce_error *err);

typedef struct ce_lines {
  const char *source;   /* the input's name, for errors; not owned */
  ce_line_peek_fn peek; /* may be NULL */
  /* May be NULL; when set, the lines a batch can take go to it instead of the line function,
   * the others to the line function, in order. */
  ce_line_batch_fn batch;
  ce_buf pending;   /* the start of a line whose end has not arrived yet */
  uint64_t line_no; /* lines handed out so far */
  uint64_t offset;  /* bytes of the input before `pending` */
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
