/*
 * Scoring once every input is closed: one row per system input (and per baseline), each
 * with the token-level contingency measures where there are tokens, and the type-level
 * measures over the evaluated items' entries (SPEC §2 pairing, §3).
 */
#include <stdio.h> /* snprintf only */
#include <stdlib.h>
#include <string.h>

#include "measures/measures_ebcubed_internal.h"
#include "run/baselines_internal.h"
#include "run/input_internal.h"
#include "run/score_internal.h"
#include "run/typeset_internal.h"

static ce_measure_options measure_options(const ce_eval *ev) {
  ce_measure_options options = {ev->options[CE_OPT_BETA], ev->options[CE_OPT_LOG2] != 0.0,
                                (ce_mean)ev->options[CE_OPT_NMI_MEAN], NULL, NULL};
  return options;
}

/* ------------------------------------------------------------ token level */

/* --levels: the token level (1) or the type level (2) alone saves the other's cost. */
static int wants(const ce_eval *ev, ce_level level) {
  int levels = (int)ev->options[CE_OPT_LEVELS];
  return levels == 0 || levels == (level == CE_LEVEL_TOKEN ? 1 : 2);
}

static ce_status score_token_table(const ce_eval *ev, ce_row *row) {
  if (!wants(ev, CE_LEVEL_TOKEN)) return CE_OK;
  ce_measure_options options = measure_options(ev);
  /* The mappings behind m1 and o1 are kept for the heatmap and the reports. */
  size_t clusters = row->token_table.clusters ? row->token_table.clusters : 1;
  row->token_m1 = options.m1_map = malloc(clusters * sizeof *row->token_m1);
  row->token_o1 = options.o1_map = malloc(clusters * sizeof *row->token_o1);
  if (!row->token_m1 || !row->token_o1) return CE_ERR_NOMEM;
  ce_status status = ce__measures_all(&row->token_table, &options, &row->token);
  if (!status) row->has_token = 1;
  return status;
}

/*
 * Mixed mode (SPEC §2): gold tokens take their item's induced entry. Defined only where
 * every evaluated item has one cluster; otherwise the token level is left out, with a
 * warning. Items that left the evaluation (dropped) take their tokens with them.
 */
static ce_status token_table_from_entries(const ce_eval *ev, ce_row *row, const ce_cells *gold) {
  const ce_entries *e = &row->entries;
  size_t item_total = ce__intern_count(&ev->items);
  uint32_t *entry_of = malloc((item_total ? item_total : 1) * sizeof *entry_of);
  if (!entry_of) return CE_ERR_NOMEM;
  for (size_t i = 0; i < item_total; i++) entry_of[i] = UINT32_MAX;
  int polysemous = 0;
  for (size_t i = 0; i < e->items; i++) {
    entry_of[row->entry_items[i]] = (uint32_t)i;
    polysemous |= e->cluster_start[i + 1] - e->cluster_start[i] != 1;
  }
  ce_status status = CE_OK;
  if (polysemous) {
    status = ce__row_warn(row,
                          "token-level measures: n/a (the system's entries are "
                          "polysemous; each token needs one cluster)");
  } else {
    ce_cells cells = {0};
    for (size_t slot = 0; slot < gold->slot_count && !status; slot++) {
      if (!gold->slots[slot].key) continue;
      uint64_t key = gold->slots[slot].key - 1;
      uint32_t entry = entry_of[key >> 32];
      if (entry != UINT32_MAX)
        status = ce__cells_add(&cells, (uint32_t)key, e->cluster_ids[e->cluster_start[entry]],
                               gold->slots[slot].count);
    }
    if (!status) status = ce__table_build(&row->token_table, &cells, e->classes, e->clusters);
    ce__cells_free(&cells);
    if (!status) row->has_token_table = 1;
    if (!status) status = score_token_table(ev, row);
  }
  free(entry_of);
  return status;
}

/* ------------------------------------------------------------- type level */

/* Items per (class, cluster) with c ∈ A_i and k ∈ B_i: macro_i's 1-1 weight, the heatmap. */
static ce_status build_type_table(ce_row *row) {
  const ce_entries *e = &row->entries;
  ce_cells cells = {0};
  ce_status status = CE_OK;
  for (size_t i = 0; i < e->items && !status; i++)
    for (uint32_t a = e->class_start[i]; a < e->class_start[i + 1] && !status; a++)
      for (uint32_t b = e->cluster_start[i]; b < e->cluster_start[i + 1] && !status; b++)
        status = ce__cells_add(&cells, e->class_ids[a], e->cluster_ids[b], 1);
  if (!status) status = ce__table_build(&row->type_table, &cells, e->classes, e->clusters);
  ce__cells_free(&cells);
  if (!status) row->has_type_table = 1;
  return status;
}

static int is_monosemous(const ce_entries *e) {
  for (size_t i = 0; i < e->items; i++)
    if (e->class_start[i + 1] - e->class_start[i] != 1 ||
        e->cluster_start[i + 1] - e->cluster_start[i] != 1)
      return 0;
  return 1;
}

/* ZeroSpeech type scores on items (SPEC §3.3): the system's items against gold's. */
static void coverage(ce_row *row, uint64_t system_items, uint64_t gold_items, uint64_t both) {
  double p = system_items ? (double)both / (double)system_items : 1.0;
  double r = gold_items ? (double)both / (double)gold_items : 1.0;
  ce__measure_put(&row->type, CE_COVER_P, p);
  ce__measure_put(&row->type, CE_COVER_R, r);
  ce__measure_put(&row->type, CE_COVER_F, ce__f_score(p, r));
}

/*
 * Extended BCubed compares the items that share a cluster, pair by pair: Σ_k |k|² bounds
 * the work. Past the budget (a few seconds) it is left out with a warning rather than
 * letting one measure hold the run for hours on a large, very polysemous system.
 */
#define EBCUBED_PAIR_BUDGET 2e9

static double ebcubed_pairs(const ce_entries *e) {
  uint64_t *sizes;
  if (ce__entries_label_sizes(e, 1, &sizes)) return 0.0; /* the measure reports the shortage */
  double pairs = 0.0;
  for (size_t k = 0; k < e->clusters; k++) pairs += (double)sizes[k] * (double)sizes[k];
  free(sizes);
  return pairs;
}

/* Extended BCubed, within its own budget. */
static ce_status type_extras(ce_row *row) {
  if (ebcubed_pairs(&row->entries) > EBCUBED_PAIR_BUDGET)
    return ce__row_warn(row,
                        "ebcubed_p, ebcubed_r, ebcubed_f: n/a (more than 2e9 item pairs "
                        "share a cluster; extended BCubed visits each)");
  double p, r, f;
  ce_status status = ce__extended_bcubed(&row->entries, &p, &r, &f);
  if (status) return status;
  ce__measure_put(&row->type, CE_EBCUBED_P, p);
  ce__measure_put(&row->type, CE_EBCUBED_R, r);
  ce__measure_put(&row->type, CE_EBCUBED_F, f);
  return CE_OK;
}

/*
 * The item table, the 1-1 weights and every M-1 sweep visit each item's gold labels once per
 * cluster of the item: Σ_i |B_i|·(|A_i| + |B_i|) in all (an item in 50,000 clusters with
 * 50,000 gold labels alone gives 5·10^9), and the table holds up to Σ_i |A_i|·|B_i| cells.
 * Past the budget (about a minute of climbing) those measures are left out with a warning,
 * as extended BCubed is, rather than holding the run for hours or memory by the gigabyte.
 */
#define TYPE_VISIT_BUDGET 1e9

static double type_visits(const ce_entries *e) {
  double visits = 0.0;
  for (size_t i = 0; i < e->items; i++) {
    double a = e->class_start[i + 1] - e->class_start[i];
    double b = e->cluster_start[i + 1] - e->cluster_start[i];
    visits += b * (a + b);
  }
  return visits;
}

static ce_status score_type_level(const ce_eval *ev, ce_row *row, const uint32_t *const *m1_start) {
  if (!wants(ev, CE_LEVEL_TYPE)) return CE_OK;
  double visits = type_visits(&row->entries);
  ce_status status = CE_OK;
  if (visits > TYPE_VISIT_BUDGET) {
    char message[400];
    snprintf(message, sizeof message,
             "type-level 1-1, M-1 and the item table: n/a (items' clusters times their gold "
             "and system labels, Σ|B_i|·(|A_i|+|B_i|) = %.3g, exceed the budget of 1e9; "
             "--min-share keeps an item's rare labels out)",
             visits);
    row->has_type = 1;
    status = ce__row_warn(row, message);
    if (!status) status = type_extras(row);
    return status;
  }
  status = build_type_table(row);
  if (status) return status;
  row->has_type = 1;
  if (!row->entries.items) return ce__row_warn(row, "type-level measures: n/a (no item left)");
  if (is_monosemous(&row->entries)) {
    /* Monosemous: the item table is the contingency of items, weight 1 each. */
    ce_measure_options options = measure_options(ev);
    status = ce__measures_all(&row->type_table, &options, &row->type);
  } else {
    status = ce__row_warn(row, "type-level contingency measures: n/a (polysemous)");
  }
  if (status) return status;
  ce_climb_options climb = {(unsigned)ev->options[CE_OPT_RESTARTS],
                            (uint64_t)ev->options[CE_OPT_SEED]};
  if (m1_start) climb.restarts = 1; /* a resample climbs once, from the full data's mapping */
  status = ce__type_measures_from(&row->entries, &climb, m1_start, &row->climb);
  if (status) return status;
  row->has_climb = 1;
  static const ce_measure o1_ids[CE_TYPE_MEASURES] = {CE_MACRO_I_O1, CE_MICRO_I_O1, CE_MICRO_C_O1};
  static const ce_measure m1_ids[CE_TYPE_MEASURES] = {CE_MACRO_I_M1, CE_MICRO_I_M1, CE_MICRO_C_M1};
  for (int t = 0; t < CE_TYPE_MEASURES; t++) {
    ce__measure_put(&row->type, o1_ids[t], row->climb.o1[t].value);
    ce__measure_put(&row->type, m1_ids[t], row->climb.m1[t].value);
  }
  return type_extras(row);
}

/* ------------------------------------------------------------------ rows */

static ce_status gold_view_build(ce_eval *ev, ce_gold_view *view) {
  ce_input *gold = &ev->inputs[0];
  size_t item_total = ce__intern_count(&ev->items);
  double share =
      ce__format_shape(gold->format) == CE_SHAPE_TOKENS ? ev->options[CE_OPT_MIN_SHARE] : 0.0;
  memset(view, 0, sizeof *view);
  ce_status status = ce__item_labels_build(&view->entries, &gold->item_cells, item_total, share);
  uint32_t *sorted = NULL;
  if (!status) status = ce__intern_sorted(&ev->items, &sorted);
  if (status) return status;
  view->evaluated = sorted; /* filtered in place to the items gold has */
  ev->gold_items = ev->polysemous_items = 0;
  for (size_t i = 0; i < item_total; i++) {
    size_t labels = ce__item_label_count(&view->entries, sorted[i]);
    if (!labels) continue;
    view->evaluated[view->evaluated_count++] = sorted[i];
    ev->gold_items++;
    ev->polysemous_items += labels > 1;
  }
  return CE_OK;
}

void ce__gold_view_free(ce_gold_view *view) {
  ce__item_labels_free(&view->entries);
  free(view->evaluated);
}

/* Items the system clusters (with a label other than the unclustered one), and extra. */
static void count_items(const ce_row_sources *src, ce_row *row) {
  const ce_item_labels *system = src->system;
  uint64_t system_items = 0, both = 0;
  for (uint32_t item = 0; item < system->item_count; item++) {
    int clustered = 0;
    for (uint32_t j = system->start[item]; j < system->start[item + 1]; j++)
      clustered |= system->labels[j] != src->unclustered_id;
    if (!clustered) continue;
    system_items++;
    if (ce__item_label_count(&src->gold->entries, item)) both++;
  }
  row->extra = system_items - both;
  coverage(row, system_items, src->gold->evaluated_count, both);
}

ce_status ce__score_sources(const ce_eval *ev, ce_row *row, const ce_row_sources *src) {
  int token = !(src->skip & CE_SKIP_TOKEN), type = !(src->skip & CE_SKIP_TYPE);
  ce_status status = CE_OK;
  /* Entries serve the type level, and the token level where gold's tokens take them. */
  if (src->system && (type || !src->token_cells)) {
    status = ce__row_entries(ev, row, &src->gold->entries, src->system, src->unclustered_id,
                             src->gold->evaluated, src->gold->evaluated_count,
                             ce__intern_count(&ev->inputs[0].labels));
    if (!status && src->is_system) count_items(src, row);
  }
  if (!status && token && src->token_cells) {
    status =
        ce__table_build(&row->token_table, src->token_cells,
                        ce__intern_count(&ev->inputs[0].labels), ce__intern_count(&row->clusters));
    if (!status) row->has_token_table = 1;
    if (!status) status = score_token_table(ev, row);
  } else if (!status && token && src->gold_tokens && src->system) {
    status = token_table_from_entries(ev, row, src->gold_tokens);
  } else if (!status && token && !src->gold_tokens && src->is_system) {
    status = ce__row_warn(row, "token-level measures: n/a (the gold standard has no tokens)");
  }
  if (!status && type && src->system) status = score_type_level(ev, row, src->m1_start);
  return status;
}

/* The sub-test input of a system, or NULL. */
static const ce_input *sub_test_of(const ce_eval *ev, size_t system) {
  for (size_t i = 1; i < ev->input_count; i++)
    if (ev->inputs[i].role == CE_ROLE_SUB_TEST && ev->inputs[i].test_for == system)
      return &ev->inputs[i];
  return NULL;
}

/* Substitutable precision and recall (Frank et al. 2009; SPEC §3.3), gold-free. */
static ce_status score_sub(const ce_eval *ev, size_t index, ce_row *row) {
  const ce_input *system = &ev->inputs[index];
  const ce_input *test = sub_test_of(ev, index);
  char message[640];
  if (test && test->failed) {
    snprintf(message, sizeof message, "sub_p, sub_r: n/a (the test corpus failed: %s)",
             test->error.message);
    return ce__row_warn(row, message);
  }
  double p, r;
  size_t frames;
  ce_status status = ce__sub_compute(system->sub, &p, &r, &frames);
  if (status) return status;
  ce__measure_put(&row->token, CE_SUB_P, p);
  ce__measure_put(&row->token, CE_SUB_R, r);
  if (!ce__sub_has_test(system->sub))
    status = ce__row_warn(row, "sub_p, sub_r: the system's own corpus served as the test corpus");
  if (!status && frames == 0)
    status = ce__row_warn(row,
                          "sub_p, sub_r: no frame occurs in both corpora and twice in the "
                          "test corpus; 0/0 is taken as 1");
  return status;
}

/* Keeps the row's labels by item for the resamples (--bootstrap) when they do not follow the
 * tokens: the bootstrap reads them from the row. Takes the arrays; `labels` is left empty. */
static void keep_for_resamples(const ce_eval *ev, ce_row *row, ce_item_labels *labels) {
  if (ev->options[CE_OPT_BOOTSTRAP] <= 0.0) return;
  row->kept_labels = *labels;
  row->has_kept_labels = 1;
  memset(labels, 0, sizeof *labels);
}

static ce_status score_system(ce_eval *ev, size_t index, const ce_gold_view *gold, ce_row *row) {
  ce_input *system = &ev->inputs[index];
  ce_status status = ce__row_start(row, system->name, system->format, index);
  if (status) return status;
  if (system->failed) {
    row->failed = 1;
    row->error = system->error;
    return CE_OK;
  }
  ce_shape gold_shape = ce__format_shape(ev->inputs[0].format);
  ce_shape shape = ce__format_shape(system->format);
  status = ce__intern_copy(&row->clusters, &system->labels);
  /* Two corpora scored at the token level alone need no entries: none were counted. */
  int token_only =
      !wants(ev, CE_LEVEL_TYPE) && shape == CE_SHAPE_TOKENS && gold_shape == CE_SHAPE_TOKENS;
  ce_item_labels entries = {0};
  if (!status && !token_only) {
    double share = shape == CE_SHAPE_TOKENS ? ev->options[CE_OPT_MIN_SHARE] : 0.0;
    status =
        ce__item_labels_build(&entries, &system->item_cells, ce__intern_count(&ev->items), share);
    /* Nothing reads the counts again: their memory goes before the type level needs its own. */
    ce__cells_free(&system->item_cells);
  }
  int token_mode = shape == CE_SHAPE_TOKENS && gold_shape == CE_SHAPE_TOKENS;
  ce_row_sources sources = {gold,
                            token_only ? NULL : &entries,
                            system->unclustered_id,
                            1,
                            token_mode ? &system->pair_cells : NULL,
                            gold_shape == CE_SHAPE_TOKENS ? &ev->inputs[0].item_cells : NULL,
                            NULL,
                            0};
  if (!status) status = ce__score_sources(ev, row, &sources);
  /* Token mode: missing counts the gold items seen with the unclustered label. */
  if (!status && token_mode) row->missing = system->unclustered.used;
  if (!status && !token_only) keep_for_resamples(ev, row, &entries);
  ce__item_labels_free(&entries);
  if (!status && row->has_token && shape == CE_SHAPE_TOKENS && system->sub)
    status = score_sub(ev, index, row);
  else if (!status && sub_test_of(ev, index))
    status = ce__row_warn(row, "sub_p, sub_r: n/a (they need the system as a tagged corpus)");
  return status;
}

/* A `counts` file: its own table, scored alone at the token level (SPEC §2). */
static ce_status score_counts(ce_eval *ev, ce_row *row) {
  ce_input *gold = &ev->inputs[0];
  ce_status status = ce__row_start(row, gold->name, gold->format, 0);
  if (!status) status = ce__intern_copy(&row->clusters, &gold->count_clusters);
  if (!status)
    status = ce__table_build(&row->token_table, &gold->pair_cells, ce__intern_count(&gold->labels),
                             ce__intern_count(&gold->count_clusters));
  if (!status) row->has_token_table = 1;
  if (!status) status = score_token_table(ev, row);
  if (!status)
    status = ce__row_warn(row, "type-level measures: n/a (a counts file holds no items)");
  return status;
}

static ce_status add_row(ce_eval *ev, ce_row **row) {
  ce_row *rows = realloc(ev->rows, (ev->row_count + 1) * sizeof *rows);
  if (!rows) return CE_ERR_NOMEM;
  ev->rows = rows;
  *row = &rows[ev->row_count++];
  memset(*row, 0, sizeof **row);
  return CE_OK;
}

static ce_status score_baseline(ce_eval *ev, ce_baseline baseline, const ce_gold_view *gold,
                                ce_row *row) {
  char name[64];
  snprintf(name, sizeof name, "baseline:%s", ce_baseline_name(baseline));
  ce_item_labels clusters = {0};
  ce_status status = ce__row_start(row, name, CE_FORMAT_AUTO, SIZE_MAX);
  if (!status)
    status = ce__baseline_clusters(ev, baseline, &gold->entries, gold->evaluated,
                                   gold->evaluated_count, row, &clusters);
  int gold_tokens = ce__format_shape(ev->inputs[0].format) == CE_SHAPE_TOKENS;
  ce_row_sources sources = {gold, &clusters, UINT32_MAX,
                            0,    NULL,      gold_tokens ? &ev->inputs[0].item_cells : NULL,
                            NULL, 0};
  if (!status) status = ce__score_sources(ev, row, &sources);
  if (!status) keep_for_resamples(ev, row, &clusters);
  ce__item_labels_free(&clusters);
  return status;
}

ce_status ce__score_rows(ce_eval *ev) {
  ce_row *row;
  if (ce__format_shape(ev->inputs[0].format) == CE_SHAPE_COUNTS) {
    ce_status status = add_row(ev, &row);
    return status ? status : score_counts(ev, row);
  }
  ce_gold_view gold;
  ce_status status = gold_view_build(ev, &gold);
  for (size_t s = 1; s < ev->input_count && !status; s++) {
    if (ev->inputs[s].role != CE_ROLE_SYSTEM) continue;
    status = add_row(ev, &row);
    if (!status) status = score_system(ev, s, &gold, row);
  }
  for (int b = 0; b < CE_BASELINE_COUNT && !status; b++) {
    if (!ev->baselines[b]) continue;
    status = add_row(ev, &row);
    if (!status) status = score_baseline(ev, (ce_baseline)b, &gold, row);
  }
  /* The resamples draw gold's evaluated items (--bootstrap): the view is kept for them. */
  if (!status && ev->options[CE_OPT_BOOTSTRAP] > 0.0) {
    if (!(ev->gold_view = malloc(sizeof *ev->gold_view))) return CE_ERR_NOMEM;
    *ev->gold_view = gold;
    return CE_OK;
  }
  ce__gold_view_free(&gold);
  return status;
}
