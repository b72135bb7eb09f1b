/*
 * The one-record line parser of read_internal.h, kept for callers that have not moved to
 * ce__reader_line yet. It splits lines exactly as the `tagged` reader does (the label is
 * the last column). It lives apart from read_tagged.c because the two headers declare
 * record types of the same names.
 */
#include "read_fields_internal.h"
#include "read_internal.h"

ce_status ce__parse_tagged(const char *source, const char *line, size_t len, uint64_t line_no,
                           ce_record *record, ce_error *err) {
  if (ce__is_blank(line, len)) {
    record->kind = CE_RECORD_BREAK;
    return CE_OK;
  }
  ce_field token, label;
  ce_status status = ce__split_tagged(source, line, len, line_no, 0, &token, &label, err);
  if (status) return status;
  record->kind = CE_RECORD_TOKEN;
  record->item = line + token.start;
  record->item_len = token.len;
  record->label = line + label.start;
  record->label_len = label.len;
  return CE_OK;
}
