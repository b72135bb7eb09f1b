/*
 * `joint` (SPEC §2): joint counts, `item<TAB>class<TAB>cluster<TAB>count`, one row per
 * (item, class, cluster) with the number of tokens of that item that gold gives that class
 * and the system that cluster: what a GROUP BY over the paired tokens of a gold corpus and
 * a system corpus makes. A triple may come back: its counts add, so that the outputs of
 * shards can be joined end to end. A header line naming the four columns is skipped where
 * it stands, first or where such outputs were joined: no data row has `count` for a count.
 */
#include "formats/readers_internal.h"

static const char *const header_names[4] = {"item", "class", "cluster", "count"};
static const char *const shape = "item<TAB>class<TAB>cluster<TAB>count";

int ce__is_joint_header(const char *line, size_t len) {
  return ce__is_named_header(line, len, header_names, 4);
}

ce_status ce__read_joint(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  if (ce__is_blank(text, line->len)) return CE_OK;
  ce_reader *reader = line->reader;
  if (ce__is_joint_header(text, line->len)) {
    if (reader->header_seen == CE_SEEN_NOTHING) reader->header_seen = CE_SEEN_HEADER;
    return CE_OK;
  }
  ce_field column[4];
  ce_status status = ce__tab_columns(line, column, 4, shape, err);
  if (status) return status;
  for (unsigned i = 0; i < 3; i++)
    if (ce__field_is_blank(text, column[i]))
      return ce__line_fail(line, err, column[i].start + 1, "empty %s in column %u; expected %s",
                           header_names[i], i + 1, shape);
  ce_record record = {CE_REC_JOINT,
                      text + column[0].start,
                      column[0].len,
                      text + column[2].start,
                      column[2].len,
                      0,
                      column[0].start + 1,
                      text + column[1].start,
                      column[1].len,
                      0.0,
                      0,
                      0.0,
                      0.0,
                      0,
                      0};
  status = ce__read_token_count(line, column[3], 4, &record.count, err);
  return status ? status : ce__emit(line, &record, err);
}
