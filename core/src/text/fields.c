/* Fields, counts and names: the byte-level helpers every line reader shares. */
#include "text/fields_internal.h"

#include <string.h>

int ce__is_blank(const char *line, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (!ce__is_space(line[i])) return 0;
  return 1;
}

int ce__field_is_blank(const char *line, ce_field field) {
  return ce__is_blank(line + field.start, field.len);
}

int ce__next_tab_column(const char *line, size_t len, size_t *pos, ce_field *column) {
  if (*pos > len) return 0;
  const char *tab = memchr(line + *pos, '\t', len - *pos);
  size_t end = tab ? (size_t)(tab - line) : len;
  column->start = *pos;
  column->len = end - *pos;
  *pos = end + 1; /* past the end after the last column */
  return 1;
}

size_t ce__split_tabs(const char *line, size_t len, ce_field *columns, size_t max) {
  size_t count = 0, pos = 0;
  ce_field column;
  while (ce__next_tab_column(line, len, &pos, &column))
    if (count++ < max) columns[count - 1] = column;
  return count;
}

int ce__next_word(const char *line, size_t len, size_t *pos, ce_field *word) {
  size_t at = *pos;
  while (at < len && ce__is_space(line[at])) at++;
  if (at >= len) {
    *pos = len;
    return 0;
  }
  size_t end = at;
  while (end < len && !ce__is_space(line[end])) end++;
  word->start = at;
  word->len = end - at;
  *pos = end;
  return 1;
}

ce_field ce__nth_column(const char *line, size_t len, int tabs, size_t n, size_t *count) {
  ce_field found = {len, 0}, column;
  size_t pos = 0, seen = 0;
  while (tabs ? ce__next_tab_column(line, len, &pos, &column)
              : ce__next_word(line, len, &pos, &column)) {
    seen++;
    if (seen == n || n == 0) found = column;
  }
  *count = seen;
  return found;
}

ce_count_parse ce__parse_count(const char *bytes, size_t len, uint64_t *value) {
  if (!len) return CE_COUNT_NOT_DIGITS;
  uint64_t total = 0;
  for (size_t i = 0; i < len; i++) {
    if (bytes[i] < '0' || bytes[i] > '9') return CE_COUNT_NOT_DIGITS;
    unsigned digit = (unsigned)(bytes[i] - '0');
    if (total > (UINT64_MAX - digit) / 10) return CE_COUNT_TOO_LARGE;
    total = total * 10 + digit;
  }
  *value = total;
  return CE_COUNT_OK;
}

int ce__equal_nocase(const char *bytes, size_t len, const char *name) {
  size_t i = 0;
  for (; i < len && name[i]; i++) {
    char c = bytes[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c != name[i]) return 0;
  }
  return i == len && !name[i];
}

size_t ce__excerpt_len(const char *bytes, size_t len, size_t max) {
  if (len <= max) return len;
  size_t cut = max;
  while (cut > 0 && ((unsigned char)bytes[cut] & 0xc0) == 0x80) cut--;
  return cut;
}

ce_status ce__split_tagged(const char *source, const char *line, size_t len, uint64_t line_no,
                           unsigned column, ce_field *token, ce_field *label, ce_error *err) {
  /* Columns are TAB-separated when there is a TAB: a token may then hold spaces. One pass
   * finds the token (column 1), the label and the number of columns. */
  int tabs = memchr(line, '\t', len) != NULL;
  ce_field column_field;
  size_t count = 0, pos = 0;
  *token = *label = (ce_field){len, 0};
  while (tabs ? ce__next_tab_column(line, len, &pos, &column_field)
              : ce__next_word(line, len, &pos, &column_field)) {
    if (++count == 1) *token = column_field;
    if (count == column || column == 0) *label = column_field;
  }
  if (tabs && ce__field_is_blank(line, *token))
    return ce__fail(err, CE_ERR_SYNTAX, source, line_no, 1,
                    "empty token before the TAB; expected token<TAB>label");
  if (count < 2)
    return ce__fail(err, CE_ERR_SYNTAX, source, line_no, token->start + token->len + 1,
                    "token without a label; expected token<TAB>label");
  if (column > count)
    return ce__fail(err, CE_ERR_SYNTAX, source, line_no, 0,
                    "column %u requested but the line has %zu columns", column, count);
  if (column == 0 && ce__field_is_blank(line, *label))
    return ce__fail(err, CE_ERR_SYNTAX, source, line_no, label->start + 1,
                    "empty label after the last TAB; expected token<TAB>label");
  if (ce__field_is_blank(line, *label))
    return ce__fail(err, CE_ERR_SYNTAX, source, line_no, label->start + 1,
                    "empty label in column %u; expected token<TAB>label", column);
  return CE_OK;
}
