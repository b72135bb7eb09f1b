/*
 * `senses` (SPEC §3.7): SemEval word-sense-induction keys, `LEMMA INSTANCE SENSE[/WEIGHT] ...`,
 * as the SemEval-2010 Task 14 and SemEval-2013 Task 13 scorers read them. Fields are runs of
 * blanks or TABs; a token beginning "!!" ends the line's senses (the keys' comments); a line
 * of fewer than three fields (blank lines too) is skipped, as the scorers skip it.
 *
 * Weights follow SemEval-2013's scorer (Jurgens' cluster-comparison-tools, as shipped): they
 * count only when every sense on the line has one and no sense repeats, and are then divided
 * by the line's largest; otherwise every sense weighs 1. A repeated sense is kept once. Each
 * sense leaves as one record carrying that weight and its place on the line (SemEval-2010's
 * scorers read the first sense only). Duplicate (lemma, instance) lines are the run's to
 * find: it sees every line.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/readers_internal.h"

/* A sense of the line being read: its name, and its weight as written (has_weight). */
typedef struct sense_field {
  ce_field name;
  const char *text; /* the name's bytes */
  double weight;
  int has_weight, repeated;
  size_t place; /* on the line, 0 first */
} sense_field;

/* By name, then by place on the line. */
static int by_name(const void *a, const void *b) {
  const sense_field *x = *(const sense_field *const *)a, *y = *(const sense_field *const *)b;
  size_t n = x->name.len < y->name.len ? x->name.len : y->name.len;
  int c = memcmp(x->text, y->text, n);
  if (!c) c = (x->name.len > y->name.len) - (x->name.len < y->name.len);
  return c ? c : (x->place > y->place) - (x->place < y->place);
}

/* Marks every sense that repeats one before it on the line: pairwise for the few senses a
 * key line holds, by sorting for a line of many (a line never costs its square). */
static ce_status mark_repeats(sense_field *senses, size_t count) {
  if (count <= 32) {
    for (size_t i = 1; i < count; i++)
      for (size_t j = 0; j < i && !senses[i].repeated; j++)
        senses[i].repeated = senses[j].name.len == senses[i].name.len &&
                             memcmp(senses[j].text, senses[i].text, senses[i].name.len) == 0;
    return CE_OK;
  }
  sense_field **order = malloc(count * sizeof *order);
  if (!order) return CE_ERR_NOMEM;
  for (size_t i = 0; i < count; i++) order[i] = &senses[i];
  qsort(order, count, sizeof *order, by_name);
  for (size_t i = 1; i < count; i++)
    order[i]->repeated = order[i - 1]->name.len == order[i]->name.len &&
                         memcmp(order[i - 1]->text, order[i]->text, order[i]->name.len) == 0;
  free(order);
  return CE_OK;
}

size_t ce__senses_fields(const char *line, size_t len, ce_field *fields, size_t max) {
  size_t pos = 0, count = 0;
  ce_field word;
  while (ce__next_word(line, len, &pos, &word)) {
    if (word.len >= 2 && line[word.start] == '!' && line[word.start + 1] == '!') break;
    if (count < max) fields[count] = word;
    count++;
  }
  return count;
}

/* The line's senses into the reader's `senses` buffer; fails on a bad weight. */
static ce_status take_senses(const ce_text_line *line, size_t pos, size_t *count, ce_error *err) {
  const char *text = line->text;
  ce_buf *buf = &line->reader->senses;
  buf->len = 0;
  *count = 0;
  ce_field word;
  while (ce__next_word(text, line->len, &pos, &word)) {
    if (word.len >= 2 && text[word.start] == '!' && text[word.start + 1] == '!') break;
    sense_field sense = {word, text + word.start, 1.0, 0, 0, *count};
    /* The weight follows the last '/': sense keys (add%2:32:01::) hold none. */
    const char *slash = NULL;
    for (size_t k = word.len; k-- > 0;)
      if (text[word.start + k] == '/') {
        slash = text + word.start + k;
        break;
      }
    if (slash) {
      size_t at = (size_t)(slash - text);
      ce_field weight = {at + 1, word.start + word.len - at - 1};
      sense.name.len = at - word.start;
      sense.has_weight = 1;
      if (!sense.name.len)
        return ce__line_fail(line, err, word.start + 1,
                             "sense %s has no name before its '/'; expected SENSE[/WEIGHT]",
                             ce__excerpt(line, word));
      if (!ce__parse_decimal(text + weight.start, weight.len, &sense.weight))
        return ce__line_fail(line, err, weight.start + 1,
                             "the weight of %s is not a number; expected SENSE/WEIGHT with a "
                             "decimal weight (e.g. add%%2:30:00::/4 or t.2/0.6)",
                             ce__excerpt(line, word));
      if (sense.weight < 0)
        return ce__line_fail(line, err, weight.start + 1,
                             "weight %s is negative; expected a weight of 0 or more",
                             ce__excerpt(line, weight));
    }
    if (ce__buf_append(buf, &sense, sizeof sense))
      return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
    (*count)++;
  }
  return CE_OK;
}

ce_status ce__read_senses(const ce_text_line *line, ce_error *err) {
  const char *text = line->text;
  ce_field head[3];
  if (ce__senses_fields(text, line->len, head, 3) < 3) return CE_OK; /* skipped, as the scorers */
  size_t count;
  ce_status status = take_senses(line, head[2].start, &count, err);
  if (status) return status;
  sense_field *senses = (sense_field *)(void *)line->reader->senses.data;
  /* Weights count only when every sense has one and none repeats (SemEval-2013's scorer). */
  int weighted = 1, written = 0;
  double largest = 0.0;
  if (mark_repeats(senses, count))
    return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
  for (size_t i = 0; i < count; i++) {
    weighted &= senses[i].has_weight && !senses[i].repeated;
    written |= senses[i].has_weight;
    if (senses[i].has_weight && senses[i].weight > largest) largest = senses[i].weight;
  }
  if (written && largest == 0.0)
    return ce__line_fail(line, err, head[2].start + 1,
                         "every weight on the line is 0; expected at least one positive weight");
  uint32_t index = 0;
  for (size_t i = 0; i < count; i++) {
    if (senses[i].repeated) continue;
    ce_record record = {CE_REC_SENSE,
                        text + head[1].start,
                        head[1].len,
                        text + senses[i].name.start,
                        senses[i].name.len,
                        0,
                        head[1].start + 1,
                        text + head[0].start,
                        head[0].len,
                        weighted ? senses[i].weight / largest : 1.0,
                        index++,
                        0.0,
                        0.0,
                        0,
                        0};
    status = ce__emit(line, &record, err);
    if (status) return status;
  }
  return CE_OK;
}
