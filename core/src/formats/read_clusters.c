/*
 * `clusters` (SPEC §2): one cluster a line, `name<TAB>item item ...`, or only the items,
 * the cluster then being named by its line number. An item on several lines is polysemous.
 */
#include <string.h>

#include "formats/readers_internal.h"

ce_status ce__read_clusters(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  if (ce__is_blank(text, line->len)) return CE_OK;
  const char *tab = memchr(text, '\t', line->len);
  const char *name;
  size_t name_len, pos = 0;
  if (tab) {
    name = text;
    name_len = (size_t)(tab - text);
    pos = name_len + 1;
    if (ce__is_blank(name, name_len))
      return ce__line_fail(line, err, 1,
                           "empty cluster name before the TAB; expected name<TAB>item item ...");
  } else {
    /* The line number names the cluster; it lives in scratch while the line's entries go out. */
    ce_buf *scratch = &line->reader->scratch;
    scratch->len = 0;
    if (ce__buf_printf(scratch, "%llu", (unsigned long long)line->no))
      return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
    name = scratch->data;
    name_len = scratch->len;
  }
  ce_field item;
  int items = 0;
  while (ce__next_word(text, line->len, &pos, &item)) {
    ce_record record = {CE_REC_ENTRY,
                        text + item.start,
                        item.len,
                        name,
                        name_len,
                        0,
                        item.start + 1,
                        NULL,
                        0,
                        0.0,
                        0,
                        0.0,
                        0.0,
                        0,
                        0};
    ce_status status = ce__emit(line, &record, err);
    if (status) return status;
    items++;
  }
  if (!items) /* only after a TAB: a line without one that is not blank has a word */
    return ce__line_fail(line, err, (uint64_t)(tab - text) + 2,
                         "cluster %s without items; expected name<TAB>item item ...",
                         ce__excerpt(line, (ce_field){0, (size_t)(tab - text)}));
  return CE_OK;
}
