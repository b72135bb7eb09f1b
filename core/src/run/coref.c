/*
 * A coreference run (SPEC §3.6): a key and responses in the `conll` format. Each input keeps
 * its documents and their mentions as read (memory grows with the mentions, never with the
 * tokens); scoring takes the key's documents in order, each with the response document of
 * the same name (a missing one is empty, an extra one ignored), and sums every metric's
 * numerators and denominators over them: R, P and F come from the totals, as the reference
 * scorer's totals do (micro over documents).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/coref_internal.h"
#include "run/input_internal.h"
#include "run/run_internal.h"

const ce_measure ce__coref_ids[CE_COREF_MEASURES] = {
    CE_CONLL_F,  CE_MUC_R,     CE_MUC_P,     CE_MUC_F,    CE_BCUBED_R, CE_BCUBED_P,
    CE_BCUBED_F, CE_CEAFM_R,   CE_CEAFM_P,   CE_CEAFM_F,  CE_CEAFE_R,  CE_CEAFE_P,
    CE_CEAFE_F,  CE_BLANC_R,   CE_BLANC_P,   CE_BLANC_F,  CE_LEA_R,    CE_LEA_P,
    CE_LEA_F,    CE_MENTION_R, CE_MENTION_P, CE_MENTION_F};

static ce_status document(ce_eval *ev, ce_input *input, ce_coref_input *c, const ce_record *record,
                          uint64_t line, ce_error *err) {
  uint32_t name;
  if (ce__intern_put(&ev->documents, record->item, record->item_len, &name, NULL))
    return CE_ERR_NOMEM;
  while (c->doc_of.len <= name)
    if (ce__u32s_push(&c->doc_of, 0)) return CE_ERR_NOMEM;
  if (c->doc_of.at[name]) {
    ce_buf text = {0};
    ce__buf_append_excerpt(&text, record->item, record->item_len, 60);
    ce__fail(err, CE_ERR_SYNTAX, input->name, line, 1,
             "document '%s' again (first on line %llu); expected each document once",
             text.data ? text.data : "", (unsigned long long)c->doc_line[c->doc_of.at[name] - 1]);
    ce__buf_free(&text);
    return CE_ERR_SYNTAX;
  }
  if (ce__grow((void **)&c->doc_line, &c->doc_line_cap, c->doc.len + 1, sizeof *c->doc_line))
    return CE_ERR_NOMEM;
  c->doc_line[c->doc.len] = line;
  if (ce__u32s_push(&c->doc, name) || ce__u32s_push(&c->first, (uint32_t)c->mention_count) ||
      ce__u32s_push(&c->entity_first, (uint32_t)c->entity_mark.len))
    return CE_ERR_NOMEM;
  c->doc_of.at[name] = (uint32_t)c->doc.len;
  return CE_OK;
}

static ce_status mention(ce_input *input, ce_coref_input *c, const ce_record *record) {
  if (c->mention_count >= UINT32_MAX) return CE_ERR_NOMEM;
  if (ce__grow((void **)&c->mentions, &c->mention_cap, c->mention_count + 1, sizeof *c->mentions))
    return CE_ERR_NOMEM;
  c->mentions[c->mention_count++] =
      (ce_mention){record->count, record->span_end, record->sense_index};
  /* The entity's mark, for the detail's names. */
  size_t base = c->entity_first.at[c->entity_first.len - 1];
  while (c->entity_mark.len <= base + record->sense_index)
    if (ce__u32s_push(&c->entity_mark, UINT32_MAX)) return CE_ERR_NOMEM;
  uint32_t mark;
  if (ce__intern_put(&input->labels, record->label, record->label_len, &mark, NULL))
    return CE_ERR_NOMEM;
  c->entity_mark.at[base + record->sense_index] = mark;
  input->tokens++;
  return CE_OK;
}

ce_status ce__coref_record(ce_eval *ev, ce_input *input, const ce_record *record, uint64_t line,
                           ce_error *err) {
  if (!input->coref && !(input->coref = calloc(1, sizeof *input->coref)))
    return ce__fail(err, CE_ERR_NOMEM, input->name, line, 0, "out of memory");
  ce_status status = record->kind == CE_REC_DOCUMENT
                         ? document(ev, input, input->coref, record, line, err)
                         : mention(input, input->coref, record);
  if (status == CE_ERR_SYNTAX) return status;
  return status ? ce__fail(err, status, input->name, line, 0, "out of memory") : CE_OK;
}

/* Document d's mentions in input `c`: [*first, *first + *count). */
static void doc_mentions(const ce_coref_input *c, size_t d, size_t *first, size_t *count) {
  size_t end = d + 1 < c->first.len ? c->first.at[d + 1] : c->mention_count;
  *first = c->first.at[d];
  *count = end - *first;
}

/* The response document of key document d, or SIZE_MAX when the response lacks it. */
static size_t response_doc(const ce_coref_input *key, const ce_coref_input *response, size_t d) {
  uint32_t name = key->doc.at[d];
  if (!response || name >= response->doc_of.len || !response->doc_of.at[name]) return SIZE_MAX;
  return response->doc_of.at[name] - 1;
}

static ce_status score_doc(const ce_coref_input *key, const ce_coref_input *response, size_t d,
                           ce_coref_counts *counts, ce_coref_detail *detail) {
  size_t kf, kc, rf = 0, rc = 0;
  doc_mentions(key, d, &kf, &kc);
  size_t rd = response_doc(key, response, d);
  if (rd != SIZE_MAX) doc_mentions(response, rd, &rf, &rc);
  return ce__coref_document(key->mentions + kf, kc, rc ? response->mentions + rf : NULL, rc, counts,
                            detail);
}

void ce__coref_total(const ce_row *row, const uint32_t *draws, ce_measures *out) {
  ce_coref_counts total;
  memset(&total, 0, sizeof total);
  for (size_t d = 0; d < row->doc_count; d++)
    if (!draws || draws[d]) ce__coref_add(&total, &row->doc_counts[d], draws ? draws[d] : 1.0);
  memset(out, 0, sizeof *out);
  ce__coref_measures(&total, out);
}

/* The warnings of a scored row: documents the response lacks or adds, duplicates. */
static ce_status coref_warnings(const ce_coref_input *key, const ce_coref_input *response,
                                ce_row *row) {
  size_t missing = 0, extra = 0;
  uint64_t key_dups = 0, response_dups = 0;
  for (size_t d = 0; d < row->doc_count; d++) {
    missing += response_doc(key, response, d) == SIZE_MAX;
    key_dups += row->doc_counts[d].key_duplicates;
    response_dups += row->doc_counts[d].response_duplicates;
  }
  for (size_t d = 0; response && d < response->doc.len; d++) {
    uint32_t name = response->doc.at[d];
    extra += name >= key->doc_of.len || !key->doc_of.at[name];
  }
  row->missing = missing;
  row->extra = extra;
  char message[256];
  ce_status status = CE_OK;
  if (missing) {
    snprintf(message, sizeof message,
             "%zu key document%s not in the response: scored as empty (no mention)", missing,
             missing == 1 ? " is" : "s are");
    status = ce__row_warn(row, message);
  }
  if (!status && extra) {
    snprintf(message, sizeof message,
             "%zu response document%s not in the key: ignored, as the reference scorer does", extra,
             extra == 1 ? " is" : "s are");
    status = ce__row_warn(row, message);
  }
  if (!status && response_dups) {
    snprintf(message, sizeof message,
             "%llu response mention%s repeat%s a span that already matched a key mention: "
             "dropped, as the reference scorer v8.01 drops them (it refuses more than 10)",
             (unsigned long long)response_dups, response_dups == 1 ? "" : "s",
             response_dups == 1 ? "s" : "");
    status = ce__row_warn(row, message);
  }
  if (!status && key_dups) {
    snprintf(message, sizeof message, "%llu key mention%s repeat%s a span of the key: counted once",
             (unsigned long long)key_dups, key_dups == 1 ? "" : "s", key_dups == 1 ? "s" : "");
    status = ce__row_warn(row, message);
  }
  return status;
}

ce_status ce__score_coref(const ce_eval *ev, size_t index, ce_row *row) {
  const ce_coref_input *key = ev->inputs[0].coref, *response = ev->inputs[index].coref;
  size_t docs = key ? key->doc.len : 0;
  row->doc_count = docs;
  row->doc_ids = malloc((docs ? docs : 1) * sizeof *row->doc_ids);
  row->doc_counts = calloc(docs ? docs : 1, sizeof *row->doc_counts);
  if (!row->doc_ids || !row->doc_counts) return CE_ERR_NOMEM;
  for (size_t d = 0; d < docs; d++) {
    row->doc_ids[d] = key->doc.at[d];
    ce_status status = score_doc(key, response, d, &row->doc_counts[d], NULL);
    if (status) return status;
  }
  ce__coref_total(row, NULL, &row->coref);
  row->has_coref = 1;
  return coref_warnings(key, response, row);
}

ce_status ce__coref_document_detail(const ce_eval *ev, const ce_row *row, size_t d,
                                    ce_coref_detail *detail) {
  ce_coref_counts counts;
  memset(detail, 0, sizeof *detail);
  return score_doc(ev->inputs[0].coref, ev->inputs[row->input].coref, d, &counts, detail);
}

ce_status ce__coref_entity_sizes(const ce_eval *ev, size_t index, uint64_t **sizes, size_t *count) {
  const ce_coref_input *c = ev->inputs[index].coref;
  size_t n = c ? c->entity_mark.len : 0;
  *count = n;
  if (!(*sizes = calloc(n ? n : 1, sizeof **sizes))) return CE_ERR_NOMEM;
  for (size_t d = 0; c && d < c->doc.len; d++) {
    size_t first, mentions;
    doc_mentions(c, d, &first, &mentions);
    for (size_t i = first; i < first + mentions; i++)
      (*sizes)[c->entity_first.at[d] + c->mentions[i].entity]++;
  }
  return CE_OK;
}

void ce__coref_gold_counts(const ce_eval *ev, uint64_t *documents, uint64_t *mentions,
                           uint64_t *entities) {
  const ce_coref_input *key = ev->inputs[0].coref;
  *documents = key ? key->doc.len : 0;
  *mentions = key ? key->mention_count : 0;
  *entities = 0;
  if (!key) return;
  for (size_t d = 0; d < key->doc.len; d++) {
    size_t end = d + 1 < key->entity_first.len ? key->entity_first.at[d + 1] : key->entity_mark.len;
    *entities += end - key->entity_first.at[d];
  }
}
