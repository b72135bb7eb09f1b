/*
 * `inline` (SPEC §2): one sentence a line, `w1/T1 w2/T2 ...`, as the Brown corpus and
 * PTB `.pos` files write it. Each field splits at its last `/`, so that a word may hold
 * slashes (`1/2/cd`) while tags never do.
 */
#include "formats/readers_internal.h"

static ce_status read_field(const ce_text_line *line, ce_field field, ce_error *err) {
  const char *text = line->text + field.start;
  size_t slash = field.len;
  while (slash > 0 && text[slash - 1] != '/') slash--;
  if (!slash)
    return ce__line_fail(line, err, field.start + 1,
                         "field %s at column %zu has no '/'; expected word/TAG",
                         ce__excerpt(line, field), field.start + 1);
  slash--; /* the index of the last '/' */
  if (!slash || slash + 1 == field.len)
    return ce__line_fail(line, err, field.start + 1,
                         "field %s at column %zu has an empty %s; expected word/TAG",
                         ce__excerpt(line, field), field.start + 1, slash ? "tag" : "word");
  ce_record record = {CE_REC_TOKEN,
                      text,
                      slash,
                      text + slash + 1,
                      field.len - slash - 1,
                      0,
                      field.start + 1,
                      NULL,
                      0,
                      0.0,
                      0,
                      0.0,
                      0.0,
                      0,
                      0};
  return ce__emit(line, &record, err);
}

ce_status ce__read_inline(const ce_text_line *line, ce_error *err) {
  size_t pos = 0;
  ce_field field;
  int any = 0;
  while (ce__next_word(line->text, line->len, &pos, &field)) {
    ce_status status = read_field(line, field, err);
    if (status) return status;
    any = 1;
  }
  if (!any) return CE_OK; /* an empty line is no sentence */
  ce_record end = {CE_REC_BREAK, "", 0, "", 0, 0, 0, NULL, 0, 0.0, 0, 0.0, 0.0, 0, 0};
  return ce__emit(line, &end, err);
}
