#include <string.h>

#include "read_internal.h"

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static int is_blank(const char *line, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (!is_space(line[i])) return 0;
  return 1;
}

ce_status ce__parse_tagged(const char *source, const char *line, size_t len, uint64_t line_no,
                           ce_record *record, ce_error *err) {
  if (is_blank(line, len)) {
    record->kind = CE_RECORD_BREAK;
    return CE_OK;
  }
  record->kind = CE_RECORD_TOKEN;
  const char *tab = memchr(line, '\t', len);
  if (tab) {
    /* Columns are TAB-separated: a token may hold spaces, the label is the last column. */
    const char *last_tab = tab;
    for (const char *p = line + len; p > tab;)
      if (*--p == '\t') {
        last_tab = p;
        break;
      }
    record->item = line;
    record->item_len = (size_t)(tab - line);
    record->label = last_tab + 1;
    record->label_len = (size_t)(line + len - record->label);
    if (!record->item_len)
      return ce__fail(err, CE_ERR_SYNTAX, source, line_no, 1,
                      "empty token before the TAB; expected token<TAB>label");
    if (!record->label_len)
      return ce__fail(err, CE_ERR_SYNTAX, source, line_no, (uint64_t)(last_tab - line) + 2,
                      "empty label after the last TAB; expected token<TAB>label");
    return CE_OK;
  }
  /* No TAB: other whitespace separates; the first field is the token, the last the label. */
  size_t start = 0;
  while (is_space(line[start])) start++;
  size_t end = start;
  while (end < len && !is_space(line[end])) end++;
  size_t label_end = len;
  while (label_end > end && is_space(line[label_end - 1])) label_end--;
  size_t label_start = label_end;
  while (label_start > end && !is_space(line[label_start - 1])) label_start--;
  if (label_start == label_end)
    return ce__fail(err, CE_ERR_SYNTAX, source, line_no, end + 1,
                    "token without a label; expected token<TAB>label");
  record->item = line + start;
  record->item_len = end - start;
  record->label = line + label_start;
  record->label_len = label_end - label_start;
  return CE_OK;
}
