/* The result as the JSON document of SPEC §4. Keys may be added over time, never renamed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/check_internal.h"
#include "run/input_internal.h"
#include "run/row_internal.h"
#include "run/run_internal.h"
#include "run/coref_internal.h"
#include "run/senses_internal.h"
#include "run/tde_internal.h"
#include "stats/bootstrap_internal.h"
#include "stats/randomization_internal.h"
#include "stats/ranking_internal.h"

static ce_status put_bytes(ce_buf *out, const char *text, size_t len) {
  return ce__buf_put_json_string(out, text, len);
}

static ce_status put_string(ce_buf *out, const char *text) {
  return put_bytes(out, text, strlen(text));
}

static ce_status put_number(ce_buf *out, double value) {
  return ce__buf_put_double(out, value);
}

/* The number at place `i` of a list: a comma before all but the first. */
static ce_status put_listed(ce_buf *out, size_t i, uint64_t value) {
  ce_status status = i ? ce__buf_puts(out, ",") : CE_OK;
  return status ? status : ce__buf_put_u64(out, value);
}

/* A contingency cell [class, cluster, count] at place `i` of a list. */
static ce_status put_cell(ce_buf *out, size_t i, uint32_t c, uint32_t k, uint64_t n) {
  ce_status status = ce__buf_puts(out, i ? ",[" : "[");
  if (!status) status = ce__buf_put_u64(out, c);
  if (!status) status = put_listed(out, 1, k);
  if (!status) status = put_listed(out, 1, n);
  return status ? status : ce__buf_puts(out, "]");
}

static ce_status put_key(ce_buf *out, const char *key, int first) {
  ce_status status = first ? CE_OK : ce__buf_puts(out, ",");
  if (!status) status = put_string(out, key);
  return status ? status : ce__buf_puts(out, ":");
}

static ce_status put_error(ce_buf *out, const ce_error *error) {
  ce_status status = ce__buf_puts(out, "{");
  if (!status) status = put_key(out, "code", 1);
  if (!status) status = put_string(out, ce_status_name(error->code));
  if (!status) status = put_key(out, "message", 0);
  if (!status) status = put_string(out, error->message);
  if (!status) status = put_key(out, "file", 0);
  if (!status) status = put_string(out, error->source);
  if (!status)
    status = ce__buf_printf(out, ",\"line\":%llu,\"column\":%llu}", (unsigned long long)error->line,
                            (unsigned long long)error->column);
  return status;
}

/* The strings of a label table as a JSON array, in id order. */
static ce_status put_labels(ce_buf *out, const ce_intern *labels) {
  ce_status status = ce__buf_puts(out, "[");
  for (uint32_t id = 0; !status && id < ce__intern_count(labels); id++) {
    size_t len;
    const char *text = ce__intern_get(labels, id, &len);
    if (id) status = ce__buf_puts(out, ",");
    if (!status) status = put_bytes(out, text, len);
  }
  return status ? status : ce__buf_puts(out, "]");
}

static int compare_desc(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x < y) - (x > y);
}

/* Non-zero sizes, largest first: the ranked cluster sizes of Frank et al. (2009), Fig. 2. */
static ce_status put_ranked(ce_buf *out, const uint64_t *sizes, size_t count) {
  uint64_t *sorted = malloc((count ? count : 1) * sizeof *sorted);
  if (!sorted) return CE_ERR_NOMEM;
  size_t used = 0;
  for (size_t i = 0; i < count; i++)
    if (sizes[i]) sorted[used++] = sizes[i];
  qsort(sorted, used, sizeof *sorted, compare_desc);
  ce_status status = ce__buf_puts(out, "[");
  for (size_t i = 0; !status && i < used; i++) status = put_listed(out, i, sorted[i]);
  free(sorted);
  return status ? status : ce__buf_puts(out, "]");
}

/* Ranked class sizes: tokens per class (token inputs) and items per class. */
static ce_status put_gold_sizes(ce_buf *out, const ce_eval *ev) {
  const ce_input *gold = &ev->inputs[0];
  size_t classes = ce__intern_count(&gold->labels);
  uint64_t *tokens = calloc(classes ? classes : 1, sizeof *tokens);
  uint64_t *items = calloc(classes ? classes : 1, sizeof *items);
  ce_status status = tokens && items ? CE_OK : CE_ERR_NOMEM;
  ce_cells_walk walk = {0};
  uint64_t key, count;
  while (!status && ce__cells_next(&gold->item_cells, &walk, &key, &count)) {
    uint32_t cls = (uint32_t)key;
    tokens[cls] += count;
    items[cls]++;
  }
  int has_tokens = ce__format_shape(gold->format) == CE_SHAPE_TOKENS;
  if (!status) status = ce__buf_puts(out, ",\"sizes\":{\"tokens\":");
  if (!status) status = put_ranked(out, tokens, has_tokens ? classes : 0);
  if (!status) status = ce__buf_puts(out, ",\"items\":");
  if (!status) status = put_ranked(out, items, classes);
  if (!status) status = ce__buf_puts(out, "}");
  free(tokens);
  free(items);
  return status;
}

/* A coreference input's "sizes": its entities' mentions, ranked (the size plot's). */
static ce_status put_entity_sizes(ce_buf *out, const ce_eval *ev, size_t input) {
  uint64_t *sizes;
  size_t count;
  ce_status status = ce__coref_entity_sizes(ev, input, &sizes, &count);
  if (!status) status = ce__buf_puts(out, ",\"sizes\":{\"mentions\":");
  if (!status) status = put_ranked(out, sizes, count);
  if (!status) status = ce__buf_puts(out, "}");
  free(sizes);
  return status;
}

static ce_status put_gold(ce_buf *out, const ce_eval *ev) {
  const ce_input *gold = &ev->inputs[0];
  ce_status status = put_key(out, "gold", 0);
  if (!status) status = ce__buf_puts(out, "{");
  if (!status) status = put_key(out, "name", 1);
  if (!status) status = put_string(out, gold->name);
  if (!status) status = put_key(out, "format", 0);
  if (!status) status = put_string(out, ce_format_name(gold->format));
  if (!status)
    status = ce__buf_printf(
        out,
        ",\"detected\":%s,\"tokens\":%llu,\"sentences\":%llu,\"items\":%llu,"
        "\"classes\":%zu,\"polysemous_items\":%llu,\"excluded_tokens\":%llu",
        gold->detected ? "true" : "false",
        (unsigned long long)(ce__is_sense_run(ev) || ce__is_tde_run(ev) || ce__is_coref_run(ev)
                                 ? 0
                                 : gold->tokens),
        (unsigned long long)ev->sentences, (unsigned long long)ev->gold_items,
        ce__intern_count(&gold->labels), (unsigned long long)ev->polysemous_items,
        (unsigned long long)gold->excluded_tokens);
  if (!status && ce__is_sense_run(ev)) {
    size_t lemmas = 0;
    for (size_t r = 0; r < ev->row_count && !lemmas; r++) lemmas = ev->rows[r].lemma_count;
    status = ce__buf_printf(out, ",\"lemmas\":%zu", lemmas);
  }
  if (!status && ce__is_tde_run(ev)) {
    /* The distinct words (SIL left out, a repeated line once), as a scored row's tier holds
     * them; the lines read where no row was scored. */
    size_t phones = ce__tde_phones_input(ev);
    uint64_t words = gold->tokens;
    for (size_t r = 0; r < ev->row_count; r++)
      if (ev->rows[r].tde_kept) words = ev->rows[r].tde_kept->words.len;
    status = ce__buf_printf(out, ",\"words\":%llu,\"phones\":", (unsigned long long)words);
    if (!status)
      status = phones ? put_string(out, ev->inputs[phones].name) : ce__buf_puts(out, "null");
  }
  if (!status && ce__is_coref_run(ev)) {
    uint64_t documents, mentions, entities;
    ce__coref_gold_counts(ev, &documents, &mentions, &entities);
    status = ce__buf_printf(out, ",\"documents\":%llu,\"mentions\":%llu,\"entities\":%llu",
                            (unsigned long long)documents, (unsigned long long)mentions,
                            (unsigned long long)entities);
  }
  if (!status && ev->options[CE_OPT_DETAIL] != 0.0 && ce__is_coref_run(ev))
    status = put_entity_sizes(out, ev, 0);
  else if (!status && ev->options[CE_OPT_DETAIL] != 0.0 && !ce__is_sense_run(ev) &&
           !ce__is_tde_run(ev))
    status = put_gold_sizes(out, ev);
  return status ? status : ce__buf_puts(out, "}");
}

/* One option's value as its kind reads: a number, a whole number, true or false (a flag's
 * other values as numbers), or its choice's name. */
static ce_status put_option_value(ce_buf *out, ce_option opt, double value) {
  const ce_opt_info *info = ce_opt_describe(opt);
  switch (info->kind) {
    case CE_OPT_KIND_CHOICE:
      return put_string(out, ce_opt_choice(opt, (unsigned)value));
    case CE_OPT_KIND_FLAG:
      if (value == 0.0 || value == 1.0) return ce__buf_puts(out, value != 0.0 ? "true" : "false");
      return ce__buf_printf(out, "%.0f", value);
    case CE_OPT_KIND_INTEGER:
      return ce__buf_printf(out, "%.0f", value);
    default:
      return put_number(out, value);
  }
}

/* Every option of the table by its id, so that a result says how it was made; then "log" (the
 * unit, "e" or "2", as SPEC §4 names it) and the labels the run was given. */
static ce_status put_options(ce_buf *out, const ce_eval *ev) {
  ce_status status = put_key(out, "options", 0);
  if (!status) status = ce__buf_puts(out, "{");
  for (int opt = 0; !status && opt < CE_OPT_COUNT; opt++) {
    status = put_key(out, ce_opt_name((ce_option)opt), opt == 0);
    if (!status) status = put_option_value(out, (ce_option)opt, ev->options[opt]);
  }
  if (!status)
    status = ce__buf_printf(out, ",\"log\":\"%s\"", ev->options[CE_OPT_LOG2] != 0.0 ? "2" : "e");
  if (!status) status = put_key(out, "unclustered_label", 0);
  if (!status)
    status =
        ev->unclustered_label ? put_string(out, ev->unclustered_label) : ce__buf_puts(out, "null");
  if (!status) status = put_key(out, "excluded_labels", 0);
  if (!status) status = put_labels(out, &ev->excluded_labels);
  return status ? status : ce__buf_puts(out, "}");
}

/* Measures with ids in [from, to) (and sub_p, sub_r with `sub`), null where not available. */
static ce_status put_measures(ce_buf *out, const ce_measures *measures, int from, int to, int sub) {
  ce_status status = ce__buf_puts(out, "{");
  for (int m = from; !status && m < (sub ? CE_SUB_R + 1 : to); m++) {
    if (m >= to && m != CE_SUB_P && m != CE_SUB_R) continue;
    status = put_key(out, ce_measure_id((ce_measure)m), m == from);
    if (status) break;
    if (ce__measure_has(measures, m))
      status = put_number(out, measures->value[m]);
    else
      status = ce__buf_puts(out, "null");
  }
  return status ? status : ce__buf_puts(out, "}");
}

static const ce_measure m1_ids[CE_TYPE_MEASURES] = {CE_MACRO_I_M1, CE_MICRO_I_M1, CE_MICRO_C_M1};
static const ce_measure o1_ids[CE_TYPE_MEASURES] = {CE_MACRO_I_O1, CE_MICRO_I_O1, CE_MICRO_C_O1};

static ce_status put_restarts(ce_buf *out, const ce_row *row) {
  ce_status status = put_key(out, "restarts", 0);
  if (!status) status = ce__buf_puts(out, "{");
  for (int t = 0; !status && t < CE_TYPE_MEASURES; t++) {
    const ce_type_score *score = &row->climb.m1[t];
    status = put_key(out, ce_measure_id(m1_ids[t]), t == 0);
    if (!status) status = ce__buf_puts(out, "{\"max\":");
    if (!status) status = put_number(out, score->value);
    if (!status) status = ce__buf_puts(out, ",\"min\":");
    if (!status) status = put_number(out, score->min);
    if (!status)
      status =
          ce__buf_printf(out, ",\"hits\":%u,\"sweeps\":%llu,\"optimal\":%s,\"bound\":", score->hits,
                         (unsigned long long)score->sweeps, score->optimal ? "true" : "false");
    if (!status) status = put_number(out, score->bound);
    /* Only where the work budget stopped the search (SPEC §3.2). */
    if (!status && score->budget_reached)
      status = ce__buf_printf(out, ",\"budget_reached\":true,\"starts\":%u", score->starts);
    if (!status) status = ce__buf_puts(out, "}");
  }
  return status ? status : ce__buf_puts(out, "}");
}

static ce_status put_warnings(ce_buf *out, const ce_row *row) {
  ce_status status = put_key(out, "warnings", 0);
  if (!status) status = ce__buf_puts(out, "[");
  const char *message = row->warnings.data;
  for (size_t w = 0; !status && w < row->warning_count; w++) {
    if (w) status = ce__buf_puts(out, ",");
    if (!status) status = put_string(out, message);
    message += strlen(message) + 1;
  }
  return status ? status : ce__buf_puts(out, "]");
}

/* ------------------------------------------------------------- detail */

static ce_status put_cells(ce_buf *out, const ce_table *table) {
  ce_status status = ce__buf_puts(out, "[");
  for (size_t i = 0; !status && i < table->cell_count; i++)
    status = put_cell(out, i, table->cell_class[i], table->cell_cluster[i], table->cell_n[i]);
  return status ? status : ce__buf_puts(out, "]");
}

/* A mapping of the first `known` clusters; the clusters after them are unmapped. */
static ce_status put_map(ce_buf *out, const uint32_t *cluster_to_class, size_t known,
                         size_t clusters) {
  if (!cluster_to_class) return ce__buf_puts(out, "null"); /* left out, past its budget */
  ce_status status = ce__buf_puts(out, "[");
  for (size_t k = 0; !status && k < clusters; k++)
    status = k >= known || cluster_to_class[k] == UINT32_MAX
                 ? ce__buf_puts(out, k ? ",-1" : "-1")
                 : put_listed(out, k, cluster_to_class[k]);
  return status ? status : ce__buf_puts(out, "]");
}

static ce_status put_id_list(ce_buf *out, const uint32_t *ids, size_t count) {
  ce_status status = ce__buf_puts(out, "[");
  for (size_t i = 0; !status && i < count; i++) status = put_listed(out, i, ids[i]);
  return status ? status : ce__buf_puts(out, "]");
}

static ce_status put_items(ce_buf *out, const ce_eval *ev, const ce_row *row) {
  const ce_entries *e = &row->entries;
  const uint32_t *h_m1 = row->climb.m1[CE_TYPE_MICRO_I].cluster_to_class;
  const uint32_t *h_o1 = row->climb.o1[CE_TYPE_MICRO_I].cluster_to_class;
  uint32_t *mapped = malloc((e->classes ? e->classes : 1) * sizeof *mapped);
  ce_status status = mapped ? ce__buf_puts(out, "[") : CE_ERR_NOMEM;
  for (size_t i = 0; !status && i < e->items; i++) {
    size_t len;
    const char *text = ce__intern_get(&ev->items, row->entry_items[i], &len);
    unsigned im;
    double f_m1, f_o1;
    ce__type_item_match(e, h_m1, i, &im, &f_m1);
    ce__type_item_match(e, h_o1, i, &im, &f_o1);
    status = ce__buf_puts(out, i ? ",[" : "[");
    if (!status) status = put_bytes(out, text, len);
    if (!status) status = ce__buf_puts(out, ",");
    if (!status)
      status = put_id_list(out, e->class_ids + e->class_start[i],
                           e->class_start[i + 1] - e->class_start[i]);
    if (!status) status = ce__buf_puts(out, ",");
    if (!status)
      status = put_id_list(out, e->cluster_ids + e->cluster_start[i],
                           e->cluster_start[i + 1] - e->cluster_start[i]);
    if (!status) status = ce__buf_puts(out, ",");
    if (!status) status = put_id_list(out, mapped, ce__entries_mapped(e, i, h_m1, mapped));
    if (!status) status = ce__buf_puts(out, ",");
    if (!status) status = put_number(out, f_m1);
    if (!status) status = ce__buf_puts(out, ",");
    if (!status) status = put_id_list(out, mapped, ce__entries_mapped(e, i, h_o1, mapped));
    if (!status) status = ce__buf_puts(out, ",");
    if (!status) status = put_number(out, f_o1);
    if (!status) status = ce__buf_puts(out, ",");
    if (!status)
      status = row->item_ecs && !isnan(row->item_ecs[i]) ? put_number(out, row->item_ecs[i])
                                                         : ce__buf_puts(out, "null");
    if (!status) status = ce__buf_puts(out, "]");
  }
  free(mapped);
  return status ? status : ce__buf_puts(out, "]");
}

static ce_status put_sizes(ce_buf *out, const ce_row *row) {
  ce_status status = ce__buf_puts(out, "{\"tokens\":");
  if (!status)
    status = row->has_token_table
                 ? put_ranked(out, row->token_table.cluster_sums, row->token_table.clusters)
                 : ce__buf_puts(out, "[]");
  if (!status) status = ce__buf_puts(out, ",\"items\":");
  if (!status && !row->has_entries) status = ce__buf_puts(out, "[]");
  if (!status && row->has_entries) {
    /* Items per cluster: the type table counts (class, cluster) pairs, so count anew. */
    uint64_t *sizes;
    status = ce__entries_label_sizes(&row->entries, 1, &sizes);
    if (!status) status = put_ranked(out, sizes, row->entries.clusters);
    free(sizes);
  }
  return status ? status : ce__buf_puts(out, "}");
}

static ce_status put_detail(ce_buf *out, const ce_eval *ev, const ce_row *row) {
  size_t clusters = ce__intern_count(&row->clusters);
  ce_status status = put_key(out, "detail", 0);
  if (!status) status = ce__buf_puts(out, "{\"classes\":");
  if (!status) status = put_labels(out, &ev->inputs[0].labels);
  if (!status) status = ce__buf_puts(out, ",\"clusters\":");
  if (!status) status = put_labels(out, &row->clusters);
  if (!status && row->has_token_table) {
    status = ce__buf_puts(out, ",\"cells\":");
    if (!status) status = put_cells(out, &row->token_table);
  }
  if (!status && row->has_type_table) {
    status = ce__buf_puts(out, ",\"item_cells\":");
    if (!status) status = put_cells(out, &row->type_table);
  }
  if (!status) status = ce__buf_puts(out, ",\"mapping\":{");
  int first = 1;
  if (!status && row->has_token) {
    size_t known = row->token_table.clusters;
    status = ce__buf_puts(out, "\"m1\":");
    if (!status) status = put_map(out, row->token_m1, known, clusters);
    if (!status) status = ce__buf_puts(out, ",\"o1\":");
    if (!status) status = put_map(out, row->token_o1, known, clusters);
    first = 0;
  }
  for (int t = 0; !status && row->has_climb && t < CE_TYPE_MEASURES; t++) {
    status = put_key(out, ce_measure_id(m1_ids[t]), first);
    first = 0;
    if (!status) status = put_map(out, row->climb.m1[t].cluster_to_class, clusters, clusters);
    if (!status) status = put_key(out, ce_measure_id(o1_ids[t]), 0);
    if (!status) status = put_map(out, row->climb.o1[t].cluster_to_class, clusters, clusters);
  }
  if (!status) status = ce__buf_puts(out, "},\"sizes\":");
  if (!status) status = put_sizes(out, row);
  /* CE_OPT_DETAIL 2: the per-item rows, the bulk of the details, wait to be asked for
   * (ce_eval_items_json); their number says there are some. */
  if (!status && row->has_climb && ev->options[CE_OPT_DETAIL] == 2.0)
    status = ce__buf_printf(out, ",\"item_rows\":%zu", row->entries.items);
  else if (!status && row->has_climb) {
    status = ce__buf_puts(out, ",\"items\":");
    if (!status) status = put_items(out, ev, row);
  }
  return status ? status : ce__buf_puts(out, "}");
}

/* ---------------------------------------------------------- senses */

/* The measures `ids` in that order (a sense run's of SPEC §3.7, a coreference run's of §3.6),
 * null where not defined. */
static ce_status put_level_values(ce_buf *out, const ce_measures *m, const ce_measure *ids,
                                  int count) {
  ce_status status = CE_OK;
  for (int i = 0; !status && i < count; i++) {
    status = put_key(out, ce_measure_id(ids[i]), i == 0);
    if (!status)
      status = ce__measure_has(m, ids[i]) ? put_number(out, m->value[ids[i]])
                                          : ce__buf_puts(out, "null");
  }
  return status;
}

static ce_status put_sense_values(ce_buf *out, const ce_measures *m) {
  return put_level_values(out, m, ce__sense_measures, CE_SENSE_MEASURES);
}

/* A lemma's "cells": [gold sense, induced sense, summed weight], as senses.c made them. */
static ce_status put_sense_cells(ce_buf *out, const ce_eval *ev, const ce_row *row, size_t l) {
  const ce_intern *gold = &ev->inputs[0].labels, *system = &ev->inputs[row->input].labels;
  ce_status status = ce__buf_puts(out, ",\"cells\":[");
  for (size_t c = row->lemma_cell_start[l]; !status && c < row->lemma_cell_start[l + 1]; c++) {
    const ce_sense_cell *cell = &row->lemma_cells[c];
    size_t len;
    const char *text = ce__intern_get(gold, cell->gold, &len);
    status = ce__buf_puts(out, c > row->lemma_cell_start[l] ? ",[" : "[");
    if (!status) status = put_bytes(out, text, len);
    if (!status) status = ce__buf_puts(out, ",");
    text = ce__intern_get(system, cell->system, &len);
    if (!status) status = put_bytes(out, text, len);
    if (!status) status = ce__buf_puts(out, ",");
    if (!status) status = put_number(out, cell->weight);
    if (!status) status = ce__buf_puts(out, "]");
  }
  return status ? status : ce__buf_puts(out, "]");
}

/* "senses": the averages, the gold lemmas, and with --detail each lemma's values and cells. */
static ce_status put_senses(ce_buf *out, const ce_eval *ev, const ce_row *row) {
  ce_status status = put_key(out, "senses", 0);
  if (!status) status = ce__buf_puts(out, "{");
  if (!status) status = put_sense_values(out, &row->senses);
  if (!status) status = ce__buf_printf(out, ",\"lemmas\":%zu", row->lemma_count);
  if (!status && ev->options[CE_OPT_DETAIL] != 0.0) {
    status = ce__buf_puts(out, ",\"by_lemma\":{");
    for (size_t l = 0; !status && l < row->lemma_count; l++) {
      size_t len;
      const char *name = ce__intern_get(&ev->lemmas, row->lemma_ids[l], &len);
      if (l) status = ce__buf_puts(out, ",");
      if (!status) status = put_bytes(out, name, len);
      if (!status) status = ce__buf_puts(out, ":{");
      if (!status) status = put_sense_values(out, &row->lemma_senses[l]);
      if (!status && row->lemma_cell_start) status = put_sense_cells(out, ev, row, l);
      if (!status) status = ce__buf_puts(out, "}");
    }
    if (!status) status = ce__buf_puts(out, "}");
  }
  return status ? status : ce__buf_puts(out, "}");
}

/* ---------------------------------------------------------- tde */

/* A fragment's transcription: its kept phones' labels, space-separated; "" when dropped. */
static ce_status put_transcription(ce_buf *out, const ce_eval *ev, const ce_tde_kept *kept,
                                   size_t i) {
  const ce_intern *labels = &ev->inputs[ce__tde_phones_input(ev)].labels;
  ce_buf text = {0};
  ce_status status = CE_OK;
  for (size_t j = kept->prep.phone_start[i]; !status && j < kept->prep.phone_start[i + 1]; j++) {
    size_t len;
    const char *label = ce__intern_get(labels, kept->phones.at[kept->prep.phone_of[j]].label, &len);
    if (j > kept->prep.phone_start[i]) status = ce__buf_append(&text, " ", 1);
    if (!status) status = ce__buf_append(&text, label, len);
  }
  if (!status) status = put_bytes(out, text.data ? text.data : "", text.len);
  ce__buf_free(&text);
  return status;
}

/* --detail: "by_class", each class (in its file's order) with its NED (null with fewer than
 * two fragments) and its fragments as [file, onset, offset, transcription], the class view's
 * rows; a dropped fragment's transcription is "". */
static ce_status put_tde_classes(ce_buf *out, const ce_eval *ev, const ce_row *row) {
  const ce_tde_kept *kept = row->tde_kept;
  size_t classes = kept->data.classes, count = kept->data.count;
  size_t *start = calloc(classes + 2, sizeof *start);
  uint32_t *order = malloc((count + 1) * sizeof *order);
  ce_status status = start && order ? CE_OK : CE_ERR_NOMEM;
  for (size_t i = 0; !status && i < count; i++) start[kept->data.fragments[i].label + 2]++;
  for (size_t c = 0; !status && c < classes; c++) start[c + 2] += start[c + 1];
  for (size_t i = 0; !status && i < count; i++)
    order[start[kept->data.fragments[i].label + 1]++] = (uint32_t)i;
  if (!status) status = ce__buf_puts(out, ",\"by_class\":[");
  for (size_t c = 0; !status && c < classes; c++) {
    size_t len;
    const char *name = ce__intern_get(&row->clusters, (uint32_t)c, &len);
    status = ce__buf_puts(out, c ? ",{\"class\":" : "{\"class\":");
    if (!status) status = put_bytes(out, name, len);
    if (!status) status = ce__buf_puts(out, ",\"ned\":");
    if (!status)
      status = isnan(kept->class_ned[c]) ? ce__buf_puts(out, "null")
                                         : put_number(out, kept->class_ned[c]);
    if (!status) status = ce__buf_puts(out, ",\"fragments\":[");
    for (size_t k = start[c]; !status && k < start[c + 1]; k++) {
      const ce_tde_span *f = &kept->data.fragments[order[k]];
      const char *file = ce__intern_get(&ev->items, f->file, &len);
      status = ce__buf_puts(out, k > start[c] ? ",[" : "[");
      if (!status) status = put_bytes(out, file, len);
      if (!status) status = ce__buf_puts(out, ",");
      if (!status) status = put_number(out, f->on);
      if (!status) status = ce__buf_puts(out, ",");
      if (!status) status = put_number(out, f->off);
      if (!status) status = ce__buf_puts(out, ",");
      if (!status) status = put_transcription(out, ev, kept, order[k]);
      if (!status) status = ce__buf_puts(out, "]");
    }
    if (!status) status = ce__buf_puts(out, "]}");
  }
  free(start);
  free(order);
  return status ? status : ce__buf_puts(out, "]");
}

/* --detail: "sizes" of a tde row, its classes' kept fragments ranked (SPEC §4's ranked
 * cluster sizes, in fragments; "items" as the size plot reads them). */
static ce_status put_tde_sizes(ce_buf *out, const ce_tde_kept *kept) {
  size_t classes = kept->data.classes;
  uint64_t *sizes = calloc(classes ? classes : 1, sizeof *sizes);
  if (!sizes) return CE_ERR_NOMEM;
  for (size_t k = 0; k < kept->prep.kept; k++)
    sizes[kept->data.fragments[kept->prep.kept_of[k]].label]++;
  ce_status status = ce__buf_puts(out, ",\"sizes\":{\"tokens\":[],\"items\":");
  if (!status) status = put_ranked(out, sizes, classes);
  free(sizes);
  return status ? status : ce__buf_puts(out, "}");
}

/* "tde": tdev2's scores of SPEC §3.8, null where tdev2 gives NaN or stops, and the counts;
 * with --detail each class's fragments. */
static ce_status put_tde(ce_buf *out, const ce_eval *ev, const ce_row *row) {
  ce_status status = put_key(out, "tde", 0);
  if (!status) status = ce__buf_puts(out, "{");
  for (int i = 0; !status && i < CE_TDE_MEASURES; i++) {
    ce_measure id = ce__tde_measures[i];
    status = put_key(out, ce_measure_id(id), i == 0);
    if (!status)
      status = ce__measure_has(&row->tde, id) ? put_number(out, row->tde.value[id])
                                              : ce__buf_puts(out, "null");
  }
  if (!status)
    status = ce__buf_printf(out, ",\"fragments\":%zu,\"dropped\":%zu,\"classes\":%zu",
                            row->tde_fragments, row->tde_dropped, row->tde_classes);
  if (!status && ev->options[CE_OPT_DETAIL] != 0.0 && row->tde_kept && row->tde_kept->class_ned)
    status = put_tde_classes(out, ev, row);
  return status ? status : ce__buf_puts(out, "}");
}

/* ---------------------------------------------------------- coreference */

static ce_status put_coref_values(ce_buf *out, const ce_measures *m) {
  return put_level_values(out, m, ce__coref_ids, CE_COREF_MEASURES);
}

/* "coref": the totals' measures and the key's documents. */
static ce_status put_coref(ce_buf *out, const ce_row *row) {
  ce_status status = put_key(out, "coref", 0);
  if (!status) status = ce__buf_puts(out, "{");
  if (!status) status = put_coref_values(out, &row->coref);
  if (!status) status = ce__buf_printf(out, ",\"documents\":%zu}", row->doc_count);
  return status;
}

/* A list of entity sizes, or of their marks (`marks`, `first`: the input's marks of the
 * document's entities, `entity`: which entity each size is of). */
static ce_status put_entities(ce_buf *out, const char *key, const uint32_t *sizes,
                              const uint32_t *entity, uint32_t count, const ce_input *input,
                              size_t document) {
  ce_status status = put_key(out, key, 0);
  if (!status) status = ce__buf_puts(out, "{\"sizes\":[");
  for (uint32_t e = 0; !status && e < count; e++)
    status = ce__buf_printf(out, e ? ",%u" : "%u", sizes[e]);
  if (!status) status = ce__buf_puts(out, "],\"marks\":[");
  const ce_coref_input *c = input->coref;
  for (uint32_t e = 0; !status && e < count; e++) {
    size_t at = c->entity_first.at[document] + entity[e], len = 0;
    const char *mark = at < c->entity_mark.len && c->entity_mark.at[at] != UINT32_MAX
                           ? ce__intern_get(&input->labels, c->entity_mark.at[at], &len)
                           : "";
    if (e) status = ce__buf_puts(out, ",");
    if (!status) status = put_bytes(out, mark, len);
  }
  return status ? status : ce__buf_puts(out, "]}");
}

/* One key document of a row: its measures, its entities on both sides, the overlaps of
 * key and response entities ([key, response, shared mentions, φ4, aligned by CEAF-e]). */
static ce_status put_coref_document(ce_buf *out, const ce_eval *ev, const ce_row *row, size_t d) {
  ce_measures m;
  memset(&m, 0, sizeof m);
  ce__coref_measures(&row->doc_counts[d], &m);
  ce_status status = put_coref_values(out, &m);
  ce_coref_detail detail;
  if (!status) status = ce__coref_document_detail(ev, row, d, &detail);
  if (status) return status;
  const ce_coref_input *key = ev->inputs[0].coref, *response = ev->inputs[row->input].coref;
  status = put_entities(out, "key", detail.key_sizes, detail.key_entity, detail.key_count,
                        &ev->inputs[0], d);
  uint32_t name = key->doc.at[d];
  size_t rd = response && name < response->doc_of.len ? response->doc_of.at[name] : 0;
  if (!status && rd)
    status = put_entities(out, "response", detail.response_sizes, detail.response_entity,
                          detail.response_count, &ev->inputs[row->input], rd - 1);
  else if (!status)
    status = ce__buf_puts(out, ",\"response\":{\"sizes\":[],\"marks\":[]}");
  if (!status) status = ce__buf_puts(out, ",\"cells\":[");
  for (size_t c = 0; !status && c < detail.cell_count; c++) {
    const ce_coref_cell *cell = &detail.cells[c];
    double phi4 = 2.0 * cell->overlap /
                  ((double)detail.key_sizes[cell->key] + detail.response_sizes[cell->response]);
    status =
        ce__buf_printf(out, "%s[%u,%u,%u,", c ? "," : "", cell->key, cell->response, cell->overlap);
    if (!status) status = put_number(out, phi4);
    if (!status) status = ce__buf_puts(out, cell->aligned ? ",true]" : ",false]");
  }
  if (!status) status = ce__buf_puts(out, "]");
  ce__coref_detail_free(&detail);
  return status;
}

/* "coref_by_document" (--detail): each key document by name, in the key's order. */
static ce_status put_coref_documents(ce_buf *out, const ce_eval *ev, const ce_row *row) {
  ce_status status = put_key(out, "coref_by_document", 0);
  if (!status) status = ce__buf_puts(out, "{");
  for (size_t d = 0; !status && d < row->doc_count; d++) {
    size_t len;
    const char *name = ce__intern_get(&ev->documents, row->doc_ids[d], &len);
    if (d) status = ce__buf_puts(out, ",");
    if (!status) status = put_bytes(out, name, len);
    if (!status) status = ce__buf_puts(out, ":{");
    if (!status) status = put_coref_document(out, ev, row, d);
    if (!status) status = ce__buf_puts(out, "}");
  }
  return status ? status : ce__buf_puts(out, "}");
}

/* ---------------------------------------------------------- statistics */

/* The levels a measure id is qualified by, as ce_level numbers them. */
enum { LEVELS = CE_LEVEL_LAST + 1 };

/* "token.m1", "type.macro_i_m1": measure ids qualified by their level (SPEC §3.5). */
static ce_status put_qualified_key(ce_buf *out, int level, int m, int first) {
  ce_status status = ce__buf_puts(out, first ? "\"" : ",\"");
  if (!status)
    status =
        ce__buf_printf(out, "%s.%s\":", ce_level_id((ce_level)level), ce_measure_id((ce_measure)m));
  return status;
}

static ce_status put_interval(ce_buf *out, double lo, double hi) {
  ce_status status = ce__buf_puts(out, "[");
  if (!status) status = put_number(out, lo);
  if (!status) status = ce__buf_puts(out, ",");
  if (!status) status = put_number(out, hi);
  return status ? status : ce__buf_puts(out, "]");
}

/* The parts of a row's statistics, each an object keyed by qualified measure id. */
typedef enum ci_part { CI_INTERVAL, CI_BIAS, CI_NOTE, CI_WITHHELD } ci_part;

/* Row r's value of `part` for a measure into `out`; 0 when the measure has none. */
static int put_ci_value(ce_buf *out, const ce_eval *ev, size_t r, ci_part part, ce_level level,
                        ce_measure m, ce_status *status) {
  double lo, hi, bias;
  const char *note = NULL;
  if (part == CI_WITHHELD) {
    note = ce__boot_interval_note(ev, r, level, m);
    if (note) *status = put_string(out, note);
    return note != NULL;
  }
  if (part == CI_INTERVAL) {
    if (!ce__boot_interval(ev, r, level, m, &lo, &hi)) return 0;
    *status = put_interval(out, lo, hi);
    return 1;
  }
  if (!ce__boot_interval_bias(ev, r, level, m, &bias, &note) || (part == CI_NOTE && !note))
    return 0;
  *status = part == CI_BIAS ? put_number(out, bias) : put_string(out, note);
  return 1;
}

/* "key": {"token.m1": …, …} over the measures that have `part`; left out when none does,
 * unless `always`. */
static ce_status put_ci_part(ce_buf *out, const ce_eval *ev, size_t r, ci_part part,
                             const char *key, int always) {
  ce_buf body = {0}, value = {0};
  ce_status status = CE_OK;
  size_t count = 0;
  for (int level = 0; level < LEVELS && !status; level++)
    for (int m = 0; m < CE_MEASURE_COUNT && !status; m++) {
      value.len = 0;
      if (!put_ci_value(&value, ev, r, part, (ce_level)level, (ce_measure)m, &status) || status)
        continue;
      status = put_qualified_key(&body, level, m, count++ == 0);
      if (!status) status = ce__buf_append(&body, value.data, value.len);
    }
  if (!status && (count || always)) {
    status = put_key(out, key, 0);
    if (!status) status = ce__buf_puts(out, "{");
    if (!status && body.len) status = ce__buf_append(out, body.data, body.len);
    if (!status) status = ce__buf_puts(out, "}");
  }
  ce__buf_free(&body);
  ce__buf_free(&value);
  return status;
}

/* systems[i].ci: the 95% interval of every measure that has one (bootstrap.method says how
 * it was made); ci_bias: the resamples' bias of each of them (their mean minus the value);
 * ci_notes: what a reader should know of some of them (a value biased beyond the spread, and
 * its bias-corrected estimate); ci_withheld: why a measure with resamples has none. */
static ce_status put_ci(ce_buf *out, const ce_eval *ev, size_t r) {
  if (ce__boot_unit(ev, NULL, NULL, NULL, NULL) == CE_UNIT_NONE) return CE_OK;
  ce_status status = put_ci_part(out, ev, r, CI_INTERVAL, "ci", 1);
  if (!status) status = put_ci_part(out, ev, r, CI_BIAS, "ci_bias", 1);
  if (!status) status = put_ci_part(out, ev, r, CI_NOTE, "ci_notes", 0);
  return status ? status : put_ci_part(out, ev, r, CI_WITHHELD, "ci_withheld", 0);
}

static ce_status put_bootstrap(ce_buf *out, const ce_eval *ev) {
  size_t sentences, items;
  unsigned done, total;
  ce_boot_unit unit = ce__boot_unit(ev, &sentences, &items, &done, &total);
  const char *why = ce__boot_unavailable(ev);
  if (unit == CE_UNIT_NONE && !why) return CE_OK;
  ce_status status = put_key(out, "bootstrap", 0);
  if (!status && unit == CE_UNIT_NONE) {
    status = ce__buf_printf(out, "{\"resamples\":0,\"requested\":%u,\"unit\":null,\"warning\":",
                            (unsigned)ev->options[CE_OPT_BOOTSTRAP]);
    if (!status) status = put_string(out, why);
    return status ? status : ce__buf_puts(out, "}");
  }
  /* A sense run draws gold's lemmas (SPEC §3.7), a tde run the corpus' files (§3.8), a
   * coreference run the key's documents (§3.6). */
  if (!status && ce__boot_one_level(unit))
    status = ce__buf_printf(out,
                            "{\"resamples\":%u,\"requested\":%u,\"unit\":\"%s\",\"units\":%zu,"
                            "\"%s\":%zu,\"seed\":%.0f,\"level\":0.95",
                            done, total, ce__boot_unit_word(unit, 0), items,
                            ce__boot_unit_word(unit, 1), items, ev->options[CE_OPT_SEED]);
  else if (!status)
    status = ce__buf_printf(
        out,
        "{\"resamples\":%u,\"requested\":%u,\"unit\":\"%s\",\"units\":%zu,\"type_unit\":"
        "\"item\",\"sentences\":%zu,\"items\":%zu,\"seed\":%.0f,\"level\":0.95",
        done, total, unit == CE_UNIT_ITEM ? "item" : ce__boot_sentence_name(ev),
        unit == CE_UNIT_SENTENCE ? sentences : items, sentences, items, ev->options[CE_OPT_SEED]);
  /* A sense run that drew instances too: what it drew (half of each lemma's instances). */
  const char *resample = ce__boot_resample_name(ev);
  if (!status && resample)
    status = ce__buf_printf(out, ",\"resample\":\"%s\",\"instance_share\":0.5", resample);
  /* How the intervals were made; BCa's jackknife blocks by level. */
  ce_ci_method method = (ce_ci_method)(int)ev->options[CE_OPT_CI];
  if (!status) status = ce__buf_printf(out, ",\"method\":\"%s\"", ce__ci_method_name(method));
  if (!status && method == CE_CI_BCA) {
    const ce_boot *boot = ev->boot;
    ce_level level = unit == CE_UNIT_FILE       ? CE_LEVEL_TDE
                     : unit == CE_UNIT_DOCUMENT ? CE_LEVEL_COREF
                                                : CE_LEVEL_SENSE;
    status = ce__boot_one_level(unit)
                 ? ce__buf_printf(out, ",\"jackknife_blocks\":{\"%s\":%zu}", ce_level_id(level),
                                  boot->blocks[level])
                 : ce__buf_printf(out, ",\"jackknife_blocks\":{\"token\":%zu,\"type\":%zu}",
                                  boot->sentences ? boot->blocks[CE_LEVEL_TOKEN] : 0,
                                  boot->blocks[CE_LEVEL_TYPE]);
  }
  return status ? status : ce__buf_puts(out, "}");
}

/* paired[id][a][b]: the share of resamples in which a − b loses its full-data sign. */
static ce_status put_paired(ce_buf *out, const ce_eval *ev) {
  if (ce__boot_unit(ev, NULL, NULL, NULL, NULL) == CE_UNIT_NONE) return CE_OK;
  ce_status status = put_key(out, "paired", 0);
  if (!status) status = ce__buf_puts(out, "{");
  int first_measure = 1;
  for (int level = 0; level < LEVELS && !status; level++)
    for (int m = 0; m < CE_MEASURE_COUNT && !status; m++) {
      size_t with = 0;
      for (size_t r = 0; r < ev->row_count; r++)
        with += ce__boot_has_values(ev, r, (ce_level)level, (ce_measure)m);
      if (with < 2) continue;
      status = put_qualified_key(out, level, m, first_measure);
      if (!status) status = ce__buf_puts(out, "{");
      first_measure = 0;
      int first_a = 1;
      for (size_t a = 0; a < ev->row_count && !status; a++) {
        if (!ce__boot_has_values(ev, a, (ce_level)level, (ce_measure)m)) continue;
        status = put_key(out, ev->rows[a].name, first_a);
        if (!status) status = ce__buf_puts(out, "{");
        first_a = 0;
        int first_b = 1;
        for (size_t b = 0; b < ev->row_count && !status; b++) {
          if (b == a || !ce__boot_has_values(ev, b, (ce_level)level, (ce_measure)m)) continue;
          status = put_key(out, ev->rows[b].name, first_b);
          if (!status)
            status = put_number(out, ce__boot_paired(ev, a, b, (ce_level)level, (ce_measure)m));
          first_b = 0;
        }
        if (!status) status = ce__buf_puts(out, "}");
      }
      if (!status) status = ce__buf_puts(out, "}");
    }
  return status ? status : ce__buf_puts(out, "}");
}

/* A measure has p-values when some two rows have one. */
static int has_p_values(const ce_eval *ev, int level, int m) {
  for (size_t a = 0; a < ev->row_count; a++)
    for (size_t b = a + 1; b < ev->row_count; b++)
      if (!isnan(ce__p_value(ev, a, b, (ce_level)level, (ce_measure)m))) return 1;
  return 0;
}

/* p_values[id][a][b]: the two-sided p-value of the paired test; test: which test and R. */
static ce_status put_p_values(ce_buf *out, const ce_eval *ev) {
  ce_test test;
  unsigned count, done, total;
  if (!ce__test_info(ev, &test, &count, &done, &total)) return CE_OK;
  ce_status status = put_key(out, "p_values", 0);
  if (!status) status = ce__buf_puts(out, "{");
  int first_measure = 1;
  for (int level = 0; level < LEVELS && !status; level++)
    for (int m = 0; m < CE_MEASURE_COUNT && !status; m++) {
      if (!has_p_values(ev, level, m)) continue;
      status = put_qualified_key(out, level, m, first_measure);
      if (!status) status = ce__buf_puts(out, "{");
      first_measure = 0;
      int first_a = 1;
      for (size_t a = 0; a < ev->row_count && !status; a++) {
        int first_b = 1;
        for (size_t b = 0; b < ev->row_count && !status; b++) {
          double p = ce__p_value(ev, a, b, (ce_level)level, (ce_measure)m);
          if (isnan(p)) continue;
          if (first_b) {
            status = put_key(out, ev->rows[a].name, first_a);
            if (!status) status = ce__buf_puts(out, "{");
            first_a = 0;
          }
          if (!status) status = put_key(out, ev->rows[b].name, first_b);
          if (!status) status = put_number(out, p);
          first_b = 0;
        }
        if (!status && !first_b) status = ce__buf_puts(out, "}");
      }
      if (!status) status = ce__buf_puts(out, "}");
    }
  if (!status) status = ce__buf_puts(out, "}");
  const ce_boot *boot = ev->boot;
  if (!status && test == CE_TEST_AR)
    status = ce__buf_printf(out,
                            ",\"test\":{\"method\":\"ar\",\"shuffles\":%u,\"done\":%u,"
                            "\"total\":%u,\"unit\":%s,\"type_unit\":\"item\",",
                            count, done, total,
                            boot->unit == CE_UNIT_LEMMA      ? "\"lemma\""
                            : boot->unit == CE_UNIT_FILE     ? "\"file\""
                            : boot->unit == CE_UNIT_DOCUMENT ? "\"document\""
                            : boot->sentences                ? "\"sentence\""
                                                             : "null");
  else if (!status)
    status = ce__buf_printf(out, ",\"test\":{\"method\":\"bootstrap\",\"resamples\":%u,", count);
  if (!status)
    status = ce__buf_printf(out, "\"seed\":%.0f,\"sided\":\"two\"}", ev->options[CE_OPT_SEED]);
  return status;
}

/* rank_correlation: Spearman's ρ and Kendall's τ-b between every two measures' rankings. */
static ce_status put_rank_correlation(ce_buf *out, const ce_eval *ev) {
  int ranked[LEVELS][CE_MEASURE_COUNT], any = 0;
  for (int level = 0; level < LEVELS; level++)
    for (int m = 0; m < CE_MEASURE_COUNT; m++)
      any |= ranked[level][m] = ce__ranked_measure(ev, (ce_level)level, (ce_measure)m);
  if (!any) return CE_OK;
  ce_status status = ce__buf_printf(out, ",\"rank_correlation\":{\"systems\":%zu,\"measures\":[",
                                    ce__ranked_count(ev));
  int first = 1;
  for (int level = 0; level < LEVELS && !status; level++)
    for (int m = 0; m < CE_MEASURE_COUNT && !status; m++) {
      if (!ranked[level][m]) continue;
      status = ce__buf_printf(out, "%s\"%s.%s\"", first ? "" : ",", ce_level_id((ce_level)level),
                              ce_measure_id((ce_measure)m));
      first = 0;
    }
  if (!status) status = ce__buf_puts(out, "]");
  for (int kind = 0; kind < 2 && !status; kind++) {
    status = put_key(out, kind ? "kendall" : "spearman", 0);
    if (!status) status = ce__buf_puts(out, "{");
    int first_a = 1;
    for (int la = 0; la < LEVELS && !status; la++)
      for (int a = 0; a < CE_MEASURE_COUNT && !status; a++) {
        if (!ranked[la][a]) continue;
        status = put_qualified_key(out, la, a, first_a);
        if (!status) status = ce__buf_puts(out, "{");
        first_a = 0;
        int first_b = 1;
        for (int lb = 0; lb < LEVELS && !status; lb++)
          for (int b = 0; b < CE_MEASURE_COUNT && !status; b++) {
            if (!ranked[lb][b]) continue;
            double rho, tau;
            status = ce__rank_correlation(ev, (ce_level)la, (ce_measure)a, (ce_level)lb,
                                          (ce_measure)b, &rho, &tau);
            if (!status) status = put_qualified_key(out, lb, b, first_b);
            if (!status) status = put_number(out, kind ? tau : rho);
            first_b = 0;
          }
        if (!status) status = ce__buf_puts(out, "}");
      }
    if (!status) status = ce__buf_puts(out, "}");
  }
  return status ? status : ce__buf_puts(out, "}");
}

/* ---------------------------------------------------------------- rows */

/* --depth-sweep: [{"depth": d, "clusters": n, "token": {...}, "type": {...}}, ...]. */
static ce_status put_sweep(ce_buf *out, const ce_row *row) {
  ce_status status = put_key(out, "sweep", 0);
  if (!status) status = ce__buf_puts(out, "[");
  for (size_t d = 0; d < row->sweep_count && !status; d++) {
    const ce_sweep_point *point = &row->sweep[d];
    status = ce__buf_printf(out, "%s{\"depth\":%u,\"clusters\":%zu,\"token\":", d ? "," : "",
                            point->depth, point->clusters);
    if (!status)
      status = point->has_token
                   ? put_measures(out, &point->token, 0, CE_CONTINGENCY_MEASURE_COUNT, 0)
                   : ce__buf_puts(out, "null");
    if (!status) status = put_key(out, "type", 0);
    if (!status)
      status = point->has_type ? put_measures(out, &point->type, 0, CE_COVER_F + 1, 0)
                               : ce__buf_puts(out, "null");
    if (!status) status = ce__buf_puts(out, "}");
  }
  return status ? status : ce__buf_puts(out, "]");
}

static ce_status put_row(ce_buf *out, const ce_eval *ev, const ce_row *row, int first) {
  ce_status status = ce__buf_puts(out, first ? "{" : ",{");
  if (!status) status = put_key(out, "name", 1);
  if (!status) status = put_string(out, row->name);
  if (!status) status = put_key(out, "format", 0);
  if (!status)
    status = row->input == SIZE_MAX ? put_string(out, "baseline")
                                    : put_string(out, ce_format_name(row->format));
  if (!status && row->input != SIZE_MAX) {
    /* A joint gold file is a system read as detected; a counts file's row says false. */
    const ce_input *input = &ev->inputs[row->input];
    int own = row->input || ce__format_shape(input->format) == CE_SHAPE_JOINT;
    status = ce__buf_printf(out, ",\"detected\":%s", input->detected && own ? "true" : "false");
  }
  if (status) return status;
  if (row->failed) {
    status = put_key(out, "error", 0);
    if (!status) status = put_error(out, &row->error);
    return status ? status : ce__buf_puts(out, "}");
  }
  status = ce__buf_printf(out, ",\"clusters\":%zu,\"missing\":%llu,\"extra\":%llu",
                          ce__intern_count(&row->clusters), (unsigned long long)row->missing,
                          (unsigned long long)row->extra);
  if (!status) status = put_key(out, "token", 0);
  if (!status)
    status = row->has_token ? put_measures(out, &row->token, 0, CE_CONTINGENCY_MEASURE_COUNT,
                                           ev->options[CE_OPT_SUBSTITUTABLE] != 0.0)
                            : ce__buf_puts(out, "null");
  if (!status) status = put_key(out, "type", 0);
  if (!status)
    status = row->has_type ? put_measures(out, &row->type, 0, CE_COVER_F + 1, 0)
                           : ce__buf_puts(out, "null");
  if (!status && row->has_senses) status = put_senses(out, ev, row);
  if (!status && row->has_tde) status = put_tde(out, ev, row);
  if (!status && row->has_tde && row->tde_kept && ev->options[CE_OPT_DETAIL] != 0.0)
    status = put_tde_sizes(out, row->tde_kept);
  if (!status && row->has_coref) status = put_coref(out, row);
  if (!status && row->has_climb) status = put_restarts(out, row);
  if (!status) status = put_ci(out, ev, (size_t)(row - ev->rows));
  if (!status) status = put_warnings(out, row);
  if (!status && row->sweep_count) status = put_sweep(out, row);
  if (!status && ev->options[CE_OPT_DETAIL] != 0.0 && row->has_coref)
    status = put_entity_sizes(out, ev, row->input);
  if (!status && ev->options[CE_OPT_DETAIL] != 0.0 && row->has_coref)
    status = put_coref_documents(out, ev, row);
  else if (!status && ev->options[CE_OPT_DETAIL] != 0.0 && !row->has_senses && !row->has_tde)
    status = put_detail(out, ev, row);
  return status ? status : ce__buf_puts(out, "}");
}

ce_status ce_eval_items_json(const ce_eval *ev, size_t row, char **json, size_t *len) {
  if (!ev || !json || !ev->finished || row >= ev->row_count) return CE_ERR_USAGE;
  if (!ev->rows[row].has_climb) return CE_ERR_UNAVAILABLE;
  ce_buf out = {0};
  ce_status status = put_items(&out, ev, &ev->rows[row]);
  if (!status) status = ce__buf_puts(&out, "\n");
  return ce__buf_hand_over(&out, status, json, len);
}

ce_status ce_eval_json(const ce_eval *ev, char **json, size_t *len) {
  if (!ev || !json || !ev->finished) return CE_ERR_USAGE;
  ce_buf out = {0};
  ce_status status = ce__buf_printf(&out, "{\"schema\":1,\"version\":\"%s\"", CE_VERSION_STRING);
  if (!status) status = put_gold(&out, ev);
  if (!status) status = put_options(&out, ev);
  if (!status) status = ce__buf_puts(&out, ",\"systems\":[");
  for (size_t r = 0; !status && r < ev->row_count; r++)
    status = put_row(&out, ev, &ev->rows[r], r == 0);
  if (!status) status = ce__buf_puts(&out, "]");
  if (!status) status = put_bootstrap(&out, ev);
  if (!status) status = put_paired(&out, ev);
  if (!status) status = put_p_values(&out, ev);
  if (!status) status = put_rank_correlation(&out, ev);
  if (!status && ev->check) status = ce__buf_puts(&out, ",\"check\":");
  if (!status && ev->check) status = ce__check_put_json(&out, ev->check);
  if (!status) status = ce__buf_puts(&out, "}\n");
  return ce__buf_hand_over(&out, status, json, len);
}
