/*
 * A spoken-term-discovery run (SPEC §3.8): the gold word alignment (`tde-words`), systems'
 * class files (`tde-classes`) and the phone alignment (--phones, `tde-words`), kept span by
 * span as they are read; each system scored by measures/measures_tde.c.
 */
#include <stdio.h> /* snprintf only */
#include <stdlib.h>
#include <string.h>

#include "run/input_internal.h"
#include "run/run_internal.h"
#include "run/tde_internal.h"

const ce_measure ce__tde_measures[CE_TDE_MEASURES] = {
    CE_NED,     CE_COVERAGE,   CE_GROUPING_P, CE_GROUPING_R, CE_GROUPING_F,
    CE_TOKEN_P, CE_TOKEN_R,    CE_TOKEN_F,    CE_TYPE_P,     CE_TYPE_R,
    CE_TYPE_F,  CE_BOUNDARY_P, CE_BOUNDARY_R, CE_BOUNDARY_F};

int ce__is_tde_run(const ce_eval *ev) {
  return ev->input_count && ev->inputs[0].format == CE_FORMAT_TDE_WORDS;
}

size_t ce__tde_phones_input(const ce_eval *ev) {
  for (size_t i = 1; i < ev->input_count; i++)
    if (ev->inputs[i].role == CE_ROLE_PHONES) return i;
  return 0;
}

static ce_status push_span(ce_tde_input *t, ce_tde_span span) {
  if (ce__grow((void **)&t->span, &t->cap, t->len + 1, sizeof *t->span)) return CE_ERR_NOMEM;
  t->span[t->len++] = span;
  return CE_OK;
}

/* A fragment: its class is opened by its first fragment (an empty class leaves none). */
static ce_status fragment(ce_input *input, ce_tde_input *t, const ce_record *record, uint32_t file,
                          uint64_t line, ce_error *err) {
  uint32_t cls;
  int added = 0;
  ce_status status = ce__intern_put(&input->labels, record->cls, record->cls_len, &cls, &added);
  if (status) return ce__fail(err, status, input->name, line, 0, "out of memory");
  if (record->opened != t->open_line) {
    if (!added)
      return ce__fail(err, CE_ERR_SYNTAX, input->name, record->opened, 0,
                      "class '%.*s' again: a class of that number was kept at line %llu; "
                      "expected each class number once",
                      (int)(record->cls_len < 60 ? record->cls_len : 60), record->cls,
                      (unsigned long long)t->class_line[cls]);
    if (ce__grow((void **)&t->class_line, &t->class_line_cap, (size_t)cls + 1,
                 sizeof *t->class_line))
      return ce__fail(err, CE_ERR_NOMEM, input->name, line, 0, "out of memory");
    t->class_line[cls] = record->opened;
    t->open_line = record->opened;
  }
  if (ce__grow((void **)&t->line, &t->line_cap, t->len + 1, sizeof *t->line) ||
      push_span(t, (ce_tde_span){record->onset, record->offset, file, cls}))
    return ce__fail(err, CE_ERR_NOMEM, input->name, line, 0, "out of memory");
  t->line[t->len - 1] = line;
  input->tokens++;
  return CE_OK;
}

ce_status ce__tde_record(ce_eval *ev, ce_input *input, const ce_record *record, uint64_t line,
                         ce_error *err) {
  if (!input->tde && !(input->tde = calloc(1, sizeof *input->tde)))
    return ce__fail(err, CE_ERR_NOMEM, input->name, line, 0, "out of memory");
  ce_tde_input *t = input->tde;
  if (record->kind == CE_REC_SPAN && input->role == CE_ROLE_GOLD && record->label_len == 3 &&
      memcmp(record->label, "SIL", 3) == 0)
    return CE_OK; /* tdev2 reads the words without their silences */
  uint32_t file, label;
  ce_status status = ce__intern_put(&ev->items, record->item, record->item_len, &file, NULL);
  if (status) return ce__fail(err, status, input->name, line, 0, "out of memory");
  if (record->kind == CE_REC_FRAGMENT) return fragment(input, t, record, file, line, err);
  status = ce__intern_put(&input->labels, record->label, record->label_len, &label, NULL);
  if (!status) status = push_span(t, (ce_tde_span){record->onset, record->offset, file, label});
  if (status) return ce__fail(err, status, input->name, line, 0, "out of memory");
  input->tokens++;
  return CE_OK;
}

/* A tier of the spans of `input` (copied). */
static ce_status tier_of(const ce_eval *ev, const ce_input *input, ce_tde_tier *tier) {
  size_t len = input->tde ? input->tde->len : 0;
  ce_tde_span *copy = malloc((len ? len : 1) * sizeof *copy);
  if (!copy) return CE_ERR_NOMEM;
  if (len) memcpy(copy, input->tde->span, len * sizeof *copy);
  return ce__tde_tier_build(copy, len, ce__intern_count(&ev->items), tier);
}

/* The warnings that say why a measure is null, as tdev2 would have failed there. */
static ce_status warn_nulls(ce_row *row, const ce_tde_scores *s, const char *missing_file,
                            size_t missing_len) {
  ce_status status = CE_OK;
  char text[320];
  if (s->null_why & CE_TDE_NO_FRAGMENT)
    status = ce__row_warn(row,
                          "every fragment has an empty transcription and is dropped: no "
                          "score but coverage is defined");
  if (!status && (s->null_why & CE_TDE_NO_PAIR))
    status = ce__row_warn(row,
                          "ned, grouping_p: n/a (no class has two fragments: tdev2's mean "
                          "over no pair is NaN)");
  if (!status && (s->null_why & CE_TDE_NO_GOLD_PAIR))
    status = ce__row_warn(row,
                          "grouping_r: n/a (no two fragments share a transcription: tdev2 "
                          "has no gold pair)");
  if (!status && (s->null_why & CE_TDE_NO_PHONE))
    status = ce__row_warn(row, "coverage: n/a (the phone alignment has no phone but SIL and SPN)");
  if (!status && (s->null_why & CE_TDE_NO_WORDS)) {
    snprintf(text, sizeof text,
             "token, type and boundary scores: n/a (fragments in '%.*s', a file the word "
             "alignment lacks: tdev2 stops there)",
             (int)(missing_len < 80 ? missing_len : 80), missing_file ? missing_file : "");
    status = ce__row_warn(row, text);
  }
  static const ce_measure fs[] = {CE_GROUPING_F, CE_TOKEN_F, CE_TYPE_F, CE_BOUNDARY_F};
  for (size_t k = 0; !status && k < sizeof fs / sizeof fs[0]; k++) {
    ce_measure p = (ce_measure)(fs[k] - 2), r = (ce_measure)(fs[k] - 1);
    if (ce__measure_has(&s->m, p) && ce__measure_has(&s->m, r) && !ce__measure_has(&s->m, fs[k])) {
      snprintf(text, sizeof text, "%s: n/a (%s and %s are 0: tdev2 divides 0 by 0)",
               ce_measure_id(fs[k]), ce_measure_id(p), ce_measure_id(r));
      status = ce__row_warn(row, text);
    }
  }
  return status;
}

/* Checks that every fragment's file is in the phone alignment (else fails the row at the
 * fragment's line) and finds the first one the word alignment lacks. */
static void check_files(const ce_eval *ev, const ce_input *system, const ce_tde_kept *kept,
                        ce_row *row, const char **missing, size_t *missing_len) {
  const ce_tde_input *t = system->tde;
  const ce_input *phones = &ev->inputs[ce__tde_phones_input(ev)];
  for (size_t i = 0; t && i < t->len; i++) {
    uint32_t file = t->span[i].file;
    size_t len;
    const char *name = ce__intern_get(&ev->items, file, &len);
    if (!ce__tde_tier_has(&kept->phones, file)) {
      row->failed = 1;
      ce__fail(&row->error, CE_ERR_SYNTAX, system->name, t->line[i], 1,
               "file '%.*s' is not in the phone alignment %s; expected fragments of its files",
               (int)(len < 80 ? len : 80), name, phones->name);
      return;
    }
    if (!*missing && !ce__tde_tier_has(&kept->words, file)) *missing = name, *missing_len = len;
  }
}

ce_status ce__score_tde(const ce_eval *ev, size_t index, ce_row *row) {
  const ce_input *system = &ev->inputs[index], *gold = &ev->inputs[0];
  const ce_input *phones = &ev->inputs[ce__tde_phones_input(ev)];
  const ce_tde_input *t = system->tde;
  ce_tde_kept *kept = calloc(1, sizeof *kept);
  if (!kept) return CE_ERR_NOMEM;
  row->tde_kept = kept; /* freed with the row */
  ce_status status = tier_of(ev, gold, &kept->words);
  if (!status) status = tier_of(ev, phones, &kept->phones);
  const char *missing = NULL;
  size_t missing_len = 0;
  if (!status) check_files(ev, system, kept, row, &missing, &missing_len);
  if (status || row->failed) return status;
  kept->data = (ce_tde_data){t ? t->span : NULL,
                             t ? t->len : 0,
                             ce__intern_count(&system->labels),
                             &kept->phones,
                             &kept->words,
                             ce__intern_find(&phones->labels, "SIL", 3),
                             ce__intern_find(&phones->labels, "SPN", 3),
                             NULL,
                             NULL};
  ce_tde_scores scores = {0};
  status = ce__tde_prepare(&kept->data, &kept->prep);
  if (!status) status = ce__tde_measure(&kept->data, &kept->prep, &scores);
  if (!status) {
    row->has_tde = 1;
    row->tde = scores.m;
    row->tde_fragments = scores.kept;
    row->tde_dropped = scores.dropped;
    row->tde_classes = scores.classes;
    kept->class_ned = scores.class_ned;
    scores.class_ned = NULL;
    status = warn_nulls(row, &scores, missing, missing_len);
  }
  if (!status)
    status = ce__row_warn(row,
                          "token and type levels: n/a (a tde run scores fragments as "
                          "tdev2 does: see tde)");
  ce__tde_scores_free(&scores);
  return status;
}

ce_status ce__tde_rescore(const ce_eval *ev, size_t r, const uint32_t *file_weight,
                          ce_measures *out) {
  const ce_tde_kept *kept = ev->rows[r].tde_kept;
  memset(out, 0, sizeof *out);
  if (!kept || !ev->rows[r].has_tde) return CE_OK;
  ce_tde_data data = kept->data;
  data.file_weight = file_weight;
  ce_tde_scores scores;
  ce_status status = ce__tde_measure(&data, &kept->prep, &scores);
  if (!status) *out = scores.m;
  ce__tde_scores_free(&scores);
  return status;
}

ce_status ce__tde_files(const ce_eval *ev, uint32_t **files, size_t *count) {
  *files = NULL;
  *count = 0;
  const ce_tde_kept *kept = NULL;
  for (size_t r = 0; r < ev->row_count && !kept; r++)
    if (ev->rows[r].has_tde) kept = ev->rows[r].tde_kept;
  if (!kept) return CE_OK;
  const ce_tde_tier *phones = &kept->phones;
  if (!(*files = malloc((phones->files + 1) * sizeof **files))) return CE_ERR_NOMEM;
  for (size_t f = 0; f < phones->files; f++)
    if (ce__tde_tier_has(phones, (uint32_t)f)) (*files)[(*count)++] = (uint32_t)f;
  return CE_OK;
}

ce_status ce__tde_pair_build(const ce_eval *ev, size_t a, size_t b, ce_tde_pair *pair) {
  memset(pair, 0, sizeof *pair);
  const ce_tde_kept *ka = ev->rows[a].tde_kept, *kb = ev->rows[b].tde_kept;
  if (!ka || !kb) return CE_ERR_USAGE;
  size_t na = ka->data.count, nb = kb->data.count;
  pair->fragments = malloc((na + nb + 1) * sizeof *pair->fragments);
  pair->present = malloc(na + nb + 1);
  if (!pair->fragments || !pair->present) return CE_ERR_NOMEM;
  if (na) memcpy(pair->fragments, ka->data.fragments, na * sizeof *pair->fragments);
  for (size_t i = 0; i < nb; i++) {
    pair->fragments[na + i] = kb->data.fragments[i];
    pair->fragments[na + i].label += (uint32_t)ka->data.classes;
  }
  pair->a_count = na;
  pair->data = ka->data;
  pair->data.fragments = pair->fragments;
  pair->data.count = na + nb;
  pair->data.classes = ka->data.classes + kb->data.classes;
  pair->data.present = pair->present;
  return ce__tde_prepare(&pair->data, &pair->prep);
}

void ce__tde_pair_free(ce_tde_pair *pair) {
  free(pair->fragments);
  free(pair->present);
  ce__tde_prepared_free(&pair->prep);
  memset(pair, 0, sizeof *pair);
}

ce_status ce__tde_pair_shuffle(ce_tde_pair *pair, const uint8_t *swapped, ce_measures *pa,
                               ce_measures *pb) {
  ce_measures *out[2] = {pa, pb};
  ce_status status = CE_OK;
  for (int side = 0; side < 2 && !status; side++) {
    for (size_t i = 0; i < pair->data.count; i++)
      pair->present[i] = (uint8_t)(((i < pair->a_count) ^ swapped[pair->fragments[i].file]) ^ side);
    ce_tde_scores scores;
    status = ce__tde_measure(&pair->data, &pair->prep, &scores);
    if (!status) *out[side] = scores.m;
    ce__tde_scores_free(&scores);
  }
  return status;
}
