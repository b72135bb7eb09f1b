/*
 * The readers of SPEC §2 as an input sees them: one call per checked line (from lines.c:
 * UTF-8, no line end, BOM dropped) that the format's own reader (read_<format>.c) turns into
 * records, and the checks that need the whole input. Readers keep a little state between
 * lines (a CSV header, a line counter for unnamed clusters) and never hold more than one line.
 */
#ifndef CE_READER_INTERNAL_H
#define CE_READER_INTERNAL_H

#include "formats/record_internal.h"

ce_status ce__reader_init(ce_reader *reader, ce_format format, unsigned column, unsigned depth);
void ce__reader_free(ce_reader *reader);

/* Parses one line and emits its records, in order. Errors name source:line(:column). */
ce_status ce__reader_line(ce_reader *reader, const char *source, const char *line, size_t len,
                          uint64_t line_no, ce_record_fn emit, void *ctx, ce_error *err);

/* After the last line: fails where the whole input was wrong (a CSV with no header). */
ce_status ce__reader_end(ce_reader *reader, const char *source, uint64_t lines, ce_error *err);

#endif
