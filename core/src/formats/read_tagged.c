/*
 * `tagged` (SPEC §2): one token a line, `token<TAB>label`, a blank line ends a sentence;
 * and CoNLL-U, the same corpus shape with 10 columns, comments and multiword lines.
 */
#include <string.h>

#include "text/lines_internal.h"
#include "formats/readers_internal.h"

static ce_status emit_token(const ce_text_line *line, ce_field token, ce_field label,
                            ce_error *err) {
  ce_record record = {CE_REC_TOKEN,
                      line->text + token.start,
                      token.len,
                      line->text + label.start,
                      label.len,
                      0,
                      token.start + 1,
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

static ce_status emit_break(const ce_text_line *line, ce_error *err) {
  ce_record record = {CE_REC_BREAK, "", 0, "", 0, 0, 0, NULL, 0, 0.0, 0, 0.0, 0.0, 0, 0};
  return ce__emit(line, &record, err);
}

ce_status ce__read_tagged(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  unsigned column = line->reader->column;
  size_t at;
  if ((column == 0 || column == 2) && ce__tagged_simple(text, line->len, &at)) {
    ce_record record = {
        CE_REC_TOKEN, text, at, text + at + 1, line->len - at - 1, 0, 1, NULL, 0, 0.0, 0, 0.0,
        0.0,          0,    0};
    return ce__emit(line, &record, err);
  }
  if (ce__is_blank(line->text, line->len)) return emit_break(line, err);
  ce_field token, label;
  ce_status status = ce__split_tagged(line->source, line->text, line->len, line->no,
                                      line->reader->column, &token, &label, err);
  return status ? status : emit_token(line, token, label, err);
}

/* ------------------------------------------------------------------ CoNLL-U */

/* CoNLL-U has 10 columns: ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC. */
enum { CONLLU_COLUMNS = 10, CONLLU_FORM = 2, CONLLU_UPOS = 4 };

static size_t digits(const char *bytes, size_t len) {
  size_t n = 0;
  while (n < len && bytes[n] >= '0' && bytes[n] <= '9') n++;
  return n;
}

ce_conllu_id ce__conllu_id(const char *bytes, size_t len) {
  size_t head = digits(bytes, len);
  if (!head) return CE_CONLLU_ID_BAD;
  if (head == len) return CE_CONLLU_ID_WORD;
  char mark = bytes[head];
  size_t tail = digits(bytes + head + 1, len - head - 1);
  if (!tail || head + 1 + tail != len) return CE_CONLLU_ID_BAD;
  return mark == '-' ? CE_CONLLU_ID_MULTIWORD : mark == '.' ? CE_CONLLU_ID_EMPTY : CE_CONLLU_ID_BAD;
}

ce_status ce__read_conllu(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  if (ce__is_blank(text, line->len)) return emit_break(line, err);
  if (text[0] == '#') return CE_OK; /* sentence-level comments: # sent_id, # text */
  size_t count;
  ce_field id = ce__nth_column(text, line->len, 1, 1, &count);
  if (count < CONLLU_COLUMNS)
    return ce__line_fail(line, err, 0,
                         "%zu TAB-separated column%s; expected the 10 columns of CoNLL-U (ID "
                         "FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC)",
                         count, count == 1 ? "" : "s");
  ce_conllu_id kind = ce__conllu_id(text + id.start, id.len);
  if (kind == CE_CONLLU_ID_BAD)
    return ce__line_fail(line, err, 1,
                         "malformed ID %s at column 1; expected an integer (3), a range (3-4) "
                         "or a decimal (3.1)",
                         ce__excerpt(line, id));
  if (kind != CE_CONLLU_ID_WORD) return CE_OK; /* the words are on their own lines */
  unsigned column = line->reader->column ? line->reader->column : CONLLU_UPOS;
  ce_field form = ce__nth_column(text, line->len, 1, CONLLU_FORM, &count);
  ce_field label = ce__nth_column(text, line->len, 1, column, &count);
  if (column > count)
    return ce__line_fail(line, err, 0, "column %u requested but the line has %zu columns", column,
                         count);
  if (ce__field_is_blank(text, form))
    return ce__line_fail(line, err, form.start + 1, "empty FORM in column 2; expected a word");
  if (ce__field_is_blank(text, label))
    return ce__line_fail(line, err, label.start + 1, "empty label in column %u; expected a tag",
                         column);
  return emit_token(line, form, label, err);
}
