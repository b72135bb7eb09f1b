/*
 * `paths` (SPEC §2): Brown clustering output, `bits<TAB>word<TAB>count` (Liang's wcluster
 * writes it). The cluster is the bit string, or its first `depth` bits: a prefix of a path
 * is a coarser cluster of the same hierarchy.
 */
#include <stdio.h>

#include "formats/readers_internal.h"

int ce__is_bits(const char *bytes, size_t len) {
  if (!len) return 0;
  for (size_t i = 0; i < len; i++)
    if (bytes[i] != '0' && bytes[i] != '1') return 0;
  return 1;
}

/* The character at text[at] for a message: its UTF-8 bytes, or \xNN for a control byte. */
static const char *show_char(const char *text, size_t at, size_t end, char out[8]) {
  unsigned char lead = (unsigned char)text[at];
  size_t n = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
  if (lead < 0x20 || lead == 0x7f)
    snprintf(out, 8, "\\x%02x", lead);
  else
    snprintf(out, 8, "%.*s", (int)(n < end - at ? n : end - at), text + at);
  return out;
}

ce_status ce__read_paths(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  if (ce__is_blank(text, line->len)) return CE_OK;
  ce_field column[3];
  ce_status status = ce__tab_columns(line, column, 3, "bits<TAB>word<TAB>count", err);
  if (status) return status;
  ce_field bits = column[0], word = column[1];
  char shown[8];
  for (size_t i = 0; i < bits.len; i++)
    if (text[i] != '0' && text[i] != '1')
      return ce__line_fail(line, err, i + 1,
                           "bit string %s has '%s' at column %zu; expected only 0 and 1",
                           ce__excerpt(line, bits), show_char(text, i, bits.len, shown), i + 1);
  if (!bits.len)
    return ce__line_fail(line, err, 1, "empty bit string; expected bits<TAB>word<TAB>count");
  if (ce__field_is_blank(text, word))
    return ce__line_fail(line, err, word.start + 1,
                         "empty word in column 2; expected bits<TAB>word<TAB>count");
  ce_record record = {CE_REC_ENTRY,
                      text + word.start,
                      word.len,
                      text,
                      bits.len,
                      0,
                      word.start + 1,
                      NULL,
                      0,
                      0.0,
                      0,
                      0.0,
                      0.0,
                      0,
                      0};
  if (line->reader->depth && line->reader->depth < bits.len) record.label_len = line->reader->depth;
  status = ce__read_count(line, column[2], 3, &record.count, err);
  return status ? status : ce__emit(line, &record, err);
}
