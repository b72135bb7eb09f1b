/*
 * What every format's line reader shares: handing on a record, failing at a line and
 * column, quoting a field for a message, a line of TAB columns, a header, a count.
 */
#include <stdarg.h>
#include <stdio.h> /* vsnprintf only */
#include <stdlib.h>
#include <string.h>

#include "formats/record_internal.h"

ce_status ce__emit(const ce_text_line *line, const ce_record *record, ce_error *err) {
  if (record->kind != CE_REC_BREAK) line->reader->header_seen = CE_SEEN_RECORD;
  return line->emit(line->ctx, record, line->no, err);
}

ce_status ce__line_fail(const ce_text_line *line, ce_error *err, uint64_t column, const char *fmt,
                        ...) {
  char message[sizeof err->message];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  return ce__fail(err, CE_ERR_SYNTAX, line->source, line->no, column, "%s", message);
}

const char *ce__excerpt(const ce_text_line *line, ce_field field) {
  const char *bytes = line->text + field.start;
  size_t shown = ce__excerpt_len(bytes, field.len, 40);
  ce_buf *scratch = &line->reader->scratch;
  scratch->len = 0;
  if (ce__buf_append(scratch, "'", 1) || ce__buf_append_excerpt(scratch, bytes, shown, shown) ||
      ce__buf_puts(scratch, shown < field.len ? "...'" : "'"))
    return "(out of memory)";
  return scratch->data;
}

ce_status ce__tab_columns(const ce_text_line *line, ce_field *column, size_t count,
                          const char *shape, ce_error *err) {
  size_t found = ce__split_tabs(line->text, line->len, column, count);
  if (found == count) return CE_OK;
  return ce__line_fail(line, err, 0, "%zu TAB-separated column%s; expected %s", found,
                       found == 1 ? "" : "s", shape);
}

int ce__is_named_header(const char *line, size_t len, const char *const *names, size_t count) {
  ce_field column[4];
  if (count > 4 || ce__split_tabs(line, len, column, count) != count) return 0;
  for (size_t i = 0; i < count; i++)
    if (!ce__equal_nocase(line + column[i].start, column[i].len, names[i])) return 0;
  return 1;
}

ce_status ce__read_count(const ce_text_line *line, ce_field field, unsigned column, uint64_t *value,
                         ce_error *err) {
  switch (ce__parse_count(line->text + field.start, field.len, value)) {
    case CE_COUNT_OK:
      return CE_OK;
    case CE_COUNT_TOO_LARGE:
      return ce__line_fail(line, err, field.start + 1,
                           "count %s in column %u is too large; expected at most %llu",
                           ce__excerpt(line, field), column, (unsigned long long)UINT64_MAX);
    default:
      return ce__line_fail(line, err, field.start + 1,
                           "count %s in column %u is not a non-negative integer; expected "
                           "digits only",
                           ce__excerpt(line, field), column);
  }
}

ce_status ce__read_token_count(const ce_text_line *line, ce_field field, unsigned column,
                               uint64_t *value, ce_error *err) {
  ce_status status = ce__read_count(line, field, column, value, err);
  if (status) return status;
  ce_reader *reader = line->reader;
  if (*value > UINT64_MAX - reader->total)
    return ce__line_fail(line, err, field.start + 1,
                         "count %s in column %u takes the total past %llu tokens; the counts of "
                         "an input are exact up to that in all",
                         ce__excerpt(line, field), column, (unsigned long long)UINT64_MAX);
  reader->total += *value;
  return CE_OK;
}

int ce__parse_decimal(const char *text, size_t len, double *value) {
  char copy[128];
  size_t i = 0, digits = 0;
  if (!len || len >= sizeof copy) return 0;
  if (text[i] == '+' || text[i] == '-') i++;
  while (i < len && text[i] >= '0' && text[i] <= '9') i++, digits++;
  if (i < len && text[i] == '.') {
    i++;
    while (i < len && text[i] >= '0' && text[i] <= '9') i++, digits++;
  }
  if (!digits) return 0;
  if (i < len && (text[i] == 'e' || text[i] == 'E')) {
    size_t exp_digits = 0;
    i++;
    if (i < len && (text[i] == '+' || text[i] == '-')) i++;
    while (i < len && text[i] >= '0' && text[i] <= '9') i++, exp_digits++;
    if (!exp_digits) return 0;
  }
  if (i != len) return 0;
  memcpy(copy, text, len);
  copy[len] = '\0';
  *value = strtod(copy, NULL);
  return *value == *value && *value - *value == 0.0; /* not NaN, not infinite (1e999) */
}
