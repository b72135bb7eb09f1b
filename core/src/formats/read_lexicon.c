/*
 * `lexicon` (SPEC §2): `item<TAB>label [label ...]`, one entry per label. Labels are
 * separated by spaces or TABs; an item may come back on later lines and the caller unites
 * its labels, which is how a lexicon states polysemy.
 */
#include <string.h>

#include "formats/readers_internal.h"

ce_status ce__read_lexicon(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  if (ce__is_blank(text, line->len)) return CE_OK;
  /* The item runs to the first TAB, so it may hold spaces; without a TAB, to the first blank. */
  ce_field item;
  size_t pos = 0;
  const char *tab = memchr(text, '\t', line->len);
  if (tab) {
    item.start = 0;
    item.len = (size_t)(tab - text);
    pos = item.len + 1;
  } else {
    ce__next_word(text, line->len, &pos, &item);
  }
  if (ce__field_is_blank(text, item))
    return ce__line_fail(line, err, 1, "empty item before the TAB; expected item<TAB>label");
  ce_field label;
  int labels = 0;
  while (ce__next_word(text, line->len, &pos, &label)) {
    ce_record record = {CE_REC_ENTRY,
                        text + item.start,
                        item.len,
                        text + label.start,
                        label.len,
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
    labels++;
  }
  if (!labels)
    return ce__line_fail(line, err, item.start + item.len + 1,
                         "item %s without a label; expected item<TAB>label [label ...]",
                         ce__excerpt(line, item));
  return CE_OK;
}
