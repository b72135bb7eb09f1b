/*
 * `counts` (SPEC §2): a contingency table made elsewhere, `class<TAB>cluster<TAB>count`,
 * one cell a line, with an optional header line naming the three columns.
 */
#include "formats/readers_internal.h"

static const char *const header_names[3] = {"class", "cluster", "count"};

int ce__is_counts_header(const char *line, size_t len) {
  return ce__is_named_header(line, len, header_names, 3);
}

ce_status ce__read_counts(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  if (ce__is_blank(text, line->len)) return CE_OK;
  ce_reader *reader = line->reader;
  if (reader->header_seen == CE_SEEN_NOTHING && ce__is_counts_header(text, line->len)) {
    reader->header_seen = CE_SEEN_HEADER;
    return CE_OK;
  }
  ce_field column[3];
  ce_status status = ce__tab_columns(line, column, 3, "class<TAB>cluster<TAB>count", err);
  if (status) return status;
  for (unsigned i = 0; i < 2; i++)
    if (ce__field_is_blank(text, column[i]))
      return ce__line_fail(line, err, column[i].start + 1,
                           "empty %s in column %u; expected class<TAB>cluster<TAB>count",
                           header_names[i], i + 1);
  ce_record record = {CE_REC_COUNT,
                      text + column[0].start,
                      column[0].len,
                      text + column[1].start,
                      column[1].len,
                      0,
                      column[0].start + 1,
                      NULL,
                      0,
                      0.0,
                      0,
                      0.0,
                      0.0,
                      0,
                      0};
  status = ce__read_token_count(line, column[2], 3, &record.count, err);
  return status ? status : ce__emit(line, &record, err);
}
