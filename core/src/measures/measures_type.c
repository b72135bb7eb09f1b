/*
 * The polysemous type-level measures of Reichart, Abend & Rappoport (2010, §4; SPEC §3.2):
 * MacroI, MicroI (item based, §4.1) and MicroC (cluster based, §4.2), each under the 1-1
 * mapping (an exact assignment problem, here) and the M-1 mapping (hill climbing, hillclimb.c,
 * then the exact search and perturbations of m1_search.c; a resample climbs once, from the
 * full data's mapping); the values of one mapping come from type_index.c.
 */
#include <stdlib.h>
#include <string.h>

#include "common/parallel_internal.h"
#include "measures/assign_internal.h"
#include "measures/m1_search_internal.h"
#include "measures/measures_type_internal.h"

/*
 * Row k of the 1-1 weights of `measure` (SPEC §3.2) into `row` (its classes ascending, the
 * weights in row->acc):
 *   MacroI W(c,k) = #{i : c ∈ A_i, k ∈ B_i}                       (§4.1, up to F)
 *   MicroI W(c,k) = Σ_{i: c ∈ A_i, k ∈ B_i} 2 / (|A_i| + |B_i|)    (§4.1, w_i)
 *   MicroC W(c,k) = |k| · 2|k ∩ c| / (|k| + |c|)                   (§4.2, up to 1/N*)
 * Every weight is 0 outside the classes of k's items. Cost O(Σ_{i∈k} |A_i|), or O(k's row)
 * where the index has its rows: a count there is the sum of as many 1.0s, the same double,
 * and MicroI's sums were taken in the same order. The ids come in the order first met.
 * The row's accumulator is clear on entry (ce__sparse_clear).
 */
static void weight_row_fill(const ce_type_index *ix, int measure, uint32_t k, ce_sparse_row *row) {
  const ce_entries *e = ix->entries;
  const ce_type_rows *rows = &ix->rows;
  if (rows->start) {
    for (uint32_t j = rows->start[k]; j < rows->start[k + 1]; j++) {
      const ce_type_cell *cell = &rows->cell[j];
      ce__sparse_add(row, cell->class_id,
                     measure == CE_TYPE_MICRO_I ? cell->micro : (double)cell->count);
    }
  } else {
    for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
      uint32_t i = ix->members[q];
      uint32_t a = e->class_start[i + 1] - e->class_start[i];
      uint32_t b = e->cluster_start[i + 1] - e->cluster_start[i];
      double w = measure == CE_TYPE_MICRO_I ? 2.0 / (double)(a + b) : 1.0; /* b >= 1 here */
      for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++)
        ce__sparse_add(row, e->class_ids[j], w);
    }
  }
  if (measure == CE_TYPE_MICRO_C) {
    double size = ix->member_start[k + 1] - ix->member_start[k];
    for (size_t j = 0; j < row->count; j++) {
      uint32_t c = row->ids[j];
      row->acc[c] = size * 2.0 * row->acc[c] / (size + (double)ix->class_size[c]);
    }
  }
}

/*
 * The weight rows ahead of one_to_one's pass over the clusters, fetched in two steps: on
 * many labels (10^6 one-token types) a row's items, their classes and those classes'
 * accumulator entries lie anywhere, each load waiting on the one before. First the item
 * CE_ROWS_AHEAD members ahead (its entry's bounds; or the index row's cell), then, half as
 * far, the accumulator entries, sizes and ranks of its classes (two). Only where the accumulator
 * passes CE_CACHED_BYTES bytes. Nothing is written: the rows are the same.
 */
#define CE_ROWS_AHEAD 16

static void weight_rows_prefetch(const ce_type_index *ix, const ce_sparse_row *row, uint32_t q) {
  const ce_entries *e = ix->entries;
  const ce_type_rows *rows = &ix->rows;
  uint32_t far = q + CE_ROWS_AHEAD, near = q + CE_ROWS_AHEAD / 2;
  if (rows->start) { /* q counts cells */
    if (far < rows->start[e->clusters]) ce__prefetch(&rows->cell[far]);
    if (near < rows->start[e->clusters]) {
      uint32_t c = rows->cell[near].class_id;
      ce__prefetch(&row->acc[c]);
      ce__prefetch(&ix->class_size[c]);
      ce__prefetch(&e->class_order[c]);
    }
    return;
  }
  uint32_t members = ix->member_start[e->clusters]; /* q counts members */
  if (far < members) {
    uint32_t i = ix->members[far];
    ce__prefetch(&e->class_start[i]);
    ce__prefetch(&e->cluster_start[i]);
  }
  if (near < members) {
    uint32_t i = ix->members[near];
    for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1] && j < e->class_start[i] + 2;
         j++) {
      ce__prefetch(&row->acc[e->class_ids[j]]);
      ce__prefetch(&ix->class_size[e->class_ids[j]]);
      ce__prefetch(&e->class_order[e->class_ids[j]]); /* the start's ties */
    }
  }
}

/*
 * The rows of a measure's weights worth an assignment (clusters × classes), kept sparse.
 * Identical rows are interchangeable, and a row matched outside its non-zero weights adds
 * nothing, so a row identical to `support` kept rows (support = its non-zero weights) and
 * a row of zeros can stay out without changing the optimum: singletons of one class keep
 * one cluster. Memory grows with the kept rows' non-zero weights.
 */
typedef struct kept_rows {
  size_t count, cap, edges, edge_cap;
  size_t *start;      /* count + 1 */
  uint32_t *class_id; /* edges */
  double *weight;     /* edges */
  uint32_t *cluster;  /* kept row → cluster */
  /* Distinct rows: an open-addressing table of row ids (UINT32_MAX empty), each distinct
   * row's first kept row, hash and copies kept. */
  uint32_t *table, *first, *copies;
  uint64_t *hash;
  size_t table_mask, distinct;
} kept_rows;

static void kept_free(kept_rows *kept) {
  free(kept->start);
  free(kept->class_id);
  free(kept->weight);
  free(kept->cluster);
  free(kept->table);
  free(kept->first);
  free(kept->copies);
  free(kept->hash);
}

static ce_status kept_init(kept_rows *kept, size_t m) {
  memset(kept, 0, sizeof *kept);
  size_t slots = 2;
  while (slots < 2 * m) slots *= 2;
  kept->table_mask = slots - 1;
  kept->table = malloc(slots * sizeof *kept->table);
  kept->start = malloc((m + 1) * sizeof *kept->start);
  kept->cluster = malloc((m ? m : 1) * sizeof *kept->cluster);
  kept->first = malloc((m ? m : 1) * sizeof *kept->first);
  kept->copies = malloc((m ? m : 1) * sizeof *kept->copies);
  kept->hash = malloc((m ? m : 1) * sizeof *kept->hash);
  if (!kept->table || !kept->start || !kept->cluster || !kept->first || !kept->copies ||
      !kept->hash) {
    kept_free(kept);
    return CE_ERR_NOMEM;
  }
  for (size_t s = 0; s < slots; s++) kept->table[s] = UINT32_MAX;
  kept->start[0] = 0;
  return CE_OK;
}

/* Whether kept row `d` holds the same weights as `row`. */
static int kept_same(const kept_rows *kept, uint32_t d, const ce_sparse_row *row) {
  size_t begin = kept->start[d];
  if (kept->start[d + 1] - begin != row->count) return 0;
  for (size_t j = 0; j < row->count; j++)
    if (kept->class_id[begin + j] != row->ids[j] ||
        memcmp(&kept->weight[begin + j], &row->acc[row->ids[j]], sizeof(double)))
      return 0;
  return 1;
}

/* Offers cluster k's row; keeps a copy when it may matter (see kept_rows). */
static ce_status kept_offer(kept_rows *kept, uint32_t k, const ce_sparse_row *row) {
  size_t support = row->count;
  if (!support) return CE_OK;
  uint64_t hash = UINT64_C(1469598103934665603); /* FNV-1a over (class, weight bits) */
  for (size_t j = 0; j < support; j++) {
    uint64_t bits;
    memcpy(&bits, &row->acc[row->ids[j]], sizeof bits);
    hash = (hash ^ row->ids[j]) * UINT64_C(1099511628211);
    hash = (hash ^ bits) * UINT64_C(1099511628211);
  }
  size_t slot = (size_t)hash & kept->table_mask;
  uint32_t d;
  while ((d = kept->table[slot]) != UINT32_MAX) {
    if (kept->hash[d] == hash && kept_same(kept, kept->first[d], row)) break;
    slot = (slot + 1) & kept->table_mask;
  }
  if (d != UINT32_MAX && kept->copies[d] >= support) return CE_OK;
  if (kept->edges + support > kept->edge_cap) {
    size_t cap = kept->edge_cap ? 2 * kept->edge_cap : 1024;
    while (cap < kept->edges + support) cap *= 2;
    uint32_t *ids = realloc(kept->class_id, cap * sizeof *ids);
    if (ids) kept->class_id = ids;
    double *weights = realloc(kept->weight, cap * sizeof *weights);
    if (weights) kept->weight = weights;
    if (!ids || !weights) return CE_ERR_NOMEM;
    kept->edge_cap = cap;
  }
  if (d == UINT32_MAX) {
    d = (uint32_t)kept->distinct++;
    kept->table[slot] = d;
    kept->hash[d] = hash;
    kept->first[d] = (uint32_t)kept->count;
    kept->copies[d] = 0;
  }
  kept->copies[d]++;
  for (size_t j = 0; j < support; j++) {
    kept->class_id[kept->edges] = row->ids[j];
    kept->weight[kept->edges++] = row->acc[row->ids[j]];
  }
  kept->cluster[kept->count++] = k;
  kept->start[kept->count] = kept->edges;
  return CE_OK;
}

#ifndef CE_OWN_CLASSES_ONE_TO_ONE /* a test sets 0: the rows and the assignment everywhere */
#define CE_OWN_CLASSES_ONE_TO_ONE 1
#endif

/* The 1-1 and the M-1 start 0 (one_to_one's) where every item is a class of its own
 * (ix->own_classes): a cluster's row holds the classes of its items, each of weight 1 (MacroI,
 * MicroI: 2 / (1 + 1)) or 2s / (s + 1) (MicroC, s its items), the same double across the row,
 * and no class lies in two rows. So the start is the class of k's items whose label sorts
 * first, and the assignment, where it takes the sparse way (rows <= cols here: a class a
 * clustered item), each kept row's first class in id order (ce__assign_sparse's contract on
 * such rows), without the rows: 10^6 one-token types, about 0.2 s a measure. Returns 0 where
 * it does not apply, one_to_one then works. */
static int own_classes_one_to_one(const ce_type_index *ix, int measure, uint64_t cell_budget,
                                  uint32_t *start, ce_type_score *score, ce_status *status) {
  const ce_entries *e = ix->entries;
  size_t m = e->clusters;
  /* the rows kept: the clusters with items */
  if (!ix->own_classes || !e->classes || !ce__assign_goes_sparse(ix->own_clusters, e->classes))
    return 0;
  score->cluster_to_class = malloc((m ? m : 1) * sizeof *score->cluster_to_class);
  if (!score->cluster_to_class) {
    *status = CE_ERR_NOMEM;
    return 1;
  }
  /* k's items' class whose label sorts first, and the one of least id (the type index's) */
  for (size_t k = 0; k < m; k++) {
    uint32_t by_label = ix->own_first_by_label[k];
    start[k] = by_label == UINT32_MAX ? ix->class_by_rank[0] : by_label;
    score->cluster_to_class[k] = ix->own_first_by_id[k];
  }
  score->cells = ix->member_start[m];
  score->left_out = cell_budget && score->cells > cell_budget;
  if (score->left_out) {
    free(score->cluster_to_class);
    score->cluster_to_class = NULL;
    *status = CE_OK;
    return 1;
  }
  *status = ce__type_value(ix, score->cluster_to_class, measure, &score->value);
  score->min = score->value;
  score->hits = 1;
  score->sweeps = 0;
  return 1;
}

/* 1-1 for one measure from its weights, and the M-1 start 0: each cluster to the class of
 * largest weight, ties to the label that sorts first (a cluster sharing no item with any
 * class: the first label). Past `cell_budget` non-zero weights (0: none) the rows are no
 * longer kept, the start is still made, and the 1-1 is left out (score->left_out). */
static ce_status one_to_one(const ce_type_index *ix, int measure, uint64_t cell_budget,
                            uint32_t *start, ce_type_score *score) {
  const ce_entries *e = ix->entries;
  size_t n = e->classes, m = e->clusters;
  ce_status own = CE_OK;
  if (CE_OWN_CLASSES_ONE_TO_ONE &&
      own_classes_one_to_one(ix, measure, cell_budget, start, score, &own))
    return own;
  kept_rows kept;
  ce_status status = kept_init(&kept, m);
  if (status) return status;
  ce_sparse_row row = {calloc(n ? n : 1, sizeof *row.acc), malloc((n ? n : 1) * sizeof *row.ids),
                       0};
  long *row_to_col = NULL;
  score->cluster_to_class = malloc((m ? m : 1) * sizeof *score->cluster_to_class);
  if (!row.acc || !row.ids || !score->cluster_to_class) status = CE_ERR_NOMEM;
  int far_apart = n * sizeof *row.acc > CE_CACHED_BYTES;
  for (uint32_t k = 0; k < m && !status && n; k++) {
    if (far_apart) {
      const uint32_t *bounds = ix->rows.start ? ix->rows.start : ix->member_start;
      for (uint32_t q = bounds[k]; q < bounds[k + 1]; q++) weight_rows_prefetch(ix, &row, q);
    }
    weight_row_fill(ix, measure, k, &row);
    uint32_t best = ix->class_by_rank[0];
    double best_weight = 0.0;
    for (size_t j = 0; j < row.count; j++) {
      uint32_t c = row.ids[j];
      double w = row.acc[c];
      if (w > best_weight ||
          (w == best_weight && w > 0.0 && e->class_order[c] < e->class_order[best])) {
        best = c;
        best_weight = w;
      }
    }
    start[k] = best;
    score->cells += row.count;
    score->left_out = cell_budget && score->cells > cell_budget;
    /* Kept rows are compared id by id, so ascending; the start reads them in any order
     * (10^5 random labels a side: the sorts were 60% of the run once past the budget). */
    if (!score->left_out) ce__sparse_ascending(&row, n);
    if (!score->left_out) status = kept_offer(&kept, k, &row);
    ce__sparse_clear(&row);
  }
  if (!status && score->left_out) {
    free(score->cluster_to_class);
    score->cluster_to_class = NULL;
  } else if (!status) {
    row_to_col = malloc((kept.count ? kept.count : 1) * sizeof *row_to_col);
    if (!row_to_col) status = CE_ERR_NOMEM;
  }
  double total;
  if (!status && !score->left_out)
    status =
        ce__assign_edges(kept.count, n, kept.start, kept.class_id, kept.weight, row_to_col, &total);
  if (!status && !score->left_out) {
    /* A cluster matched to a class it shares nothing with would be left unmapped: the
     * values are the same either way (|h(B_i)| := |B_i|; F = 0); only edges are matched. */
    for (size_t k = 0; k < m; k++) score->cluster_to_class[k] = UINT32_MAX;
    for (size_t j = 0; j < kept.count; j++)
      if (row_to_col[j] >= 0) score->cluster_to_class[kept.cluster[j]] = (uint32_t)row_to_col[j];
    status = ce__type_value(ix, score->cluster_to_class, measure, &score->value);
    score->min = score->value;
    score->hits = 1;
    score->sweeps = 0;
  }
  kept_free(&kept);
  free(row.acc);
  free(row.ids);
  free(row_to_col);
  return status;
}

void ce__type_result_free(ce_type_result *result) {
  if (!result) return;
  for (int t = 0; t < CE_TYPE_MEASURES; t++) {
    free(result->o1[t].cluster_to_class);
    free(result->m1[t].cluster_to_class);
  }
  memset(result, 0, sizeof *result);
}

/* The walks over the items' labels past which the index keeps its rows (ce_type_rows): one
 * pass instead of six (the three 1-1 weights, MacroI's and MicroC's cells, MicroC's root
 * bound).
 * Below it the walks take a few milliseconds in all. A test sets 0: rows everywhere. */
#ifndef CE_TYPE_ROWS_STEPS
#define CE_TYPE_ROWS_STEPS ((uint64_t)1 << 22)
#endif

/* What the measures' tasks share, and what each writes: its own o1[t], m1[t], status[t]. */
typedef struct type_tasks {
  const ce_type_index *ix;
  const ce_climb_options *options;
  const uint32_t *const *m1_start;
  const ce_m1_search_options *search;
  ce_type_result *result;
  ce_status status[CE_TYPE_MEASURES];
  const ce_type_parallel *alongside; /* the caller's tasks around the measures; NULL: none */
  int micro_c_leads;                 /* MicroC before the caller's first tasks (see type_task) */
  ce_m1_root *root; /* MicroC's root bound, a task of its own (see type_task); NULL: none */
  ce_climb_shared *climb_shared; /* the measures' climbers' layout; NULL: each its own */
} type_tasks;

/* Measure t's 1-1, then its M-1 from `m1_start` (NULL: the 1-1 weights' start), then
 * `search` (NULL: the climb alone), which climbs from the 1-1 mapping too. */
static ce_status one_measure(const type_tasks *job, int t) {
  ce_type_result *result = job->result;
  size_t m = job->ix->entries->clusters;
  uint32_t *start = malloc((m ? m : 1) * sizeof *start);
  if (!start) return CE_ERR_NOMEM;
  ce_status status = one_to_one(job->ix, t, job->options->cell_budget, start, &result->o1[t]);
  result->o1[t].optimal = !result->o1[t].left_out;
  result->o1[t].bound = result->o1[t].value;
  const uint32_t *from = job->m1_start ? job->m1_start[t] : start;
  if (!status && job->search) {
    ce_m1_search_options search = *job->search;
    if (t == CE_TYPE_MICRO_C) search.micro_c_root = job->root;
    search.climb_shared = job->climb_shared;
    /* Without a 1-1 mapping, no climb from it. */
    status = ce__m1_search(job->ix, t, from, result->o1[t].cluster_to_class, job->options, &search,
                           &result->m1[t]);
  } else if (!status) {
    status = ce__climb(job->ix, t, job->climb_shared, from, job->options, &result->m1[t]);
    result->m1[t].bound = 1.0; /* not searched: every measure's largest value */
  }
  free(start);
  return status;
}

/* The caller's first tasks, then the measures, the longest first, so that the last task to
 * end starts early; then the caller's last tasks. Where the climbs keep cells, MicroI,
 * whose visits read the items (the others' visits read a row of cells); where they do not,
 * MicroC, whose visits also keep its trees (on a real-shaped tagging of 12,000 x 19,600
 * labels it took 40% more than either other). Where every item is in one cluster, MacroI's
 * and MicroI's climbs are one pass each (hillclimb.c) and MicroC's search is by far the
 * longest task: it comes first of all (10^6 one-token types in 600,000 clusters: the
 * token level and the overlap measures took 0.5 s on its thread before it), and its exact
 * search's root bound, which does not depend on the climbs, is a task of its own between
 * MicroI and MacroI, taken by the other thread while MicroC climbs (it took 0.45 s of
 * MicroC's 2.2 s on those one-token types, where the climbs' best is now proved without it:
 * ce__own_classes_map). On one thread MicroC computes it first. */
enum { ROOT_TASK = CE_TYPE_MEASURES };

static void type_task(void *context, size_t task) {
  static const int by_cells[2][CE_TYPE_MEASURES] = {
      {CE_TYPE_MICRO_C, CE_TYPE_MICRO_I, CE_TYPE_MACRO_I},
      {CE_TYPE_MICRO_I, CE_TYPE_MACRO_I, CE_TYPE_MICRO_C}};
  static const int after_micro_c[2][CE_TYPE_MEASURES] = {
      {CE_TYPE_MICRO_I, CE_TYPE_MACRO_I}, {CE_TYPE_MICRO_I, ROOT_TASK, CE_TYPE_MACRO_I}};
  type_tasks *job = context;
  const ce_type_parallel *alongside = job->alongside;
  size_t first = alongside ? alongside->first : 0, measures = CE_TYPE_MEASURES;
  const int *measure_of = by_cells[ce__climb_keeps_cells(job->ix)];
  if (job->micro_c_leads && task-- == 0) {
    job->status[CE_TYPE_MICRO_C] = one_measure(job, CE_TYPE_MICRO_C);
    return;
  }
  if (job->micro_c_leads) {
    measure_of = after_micro_c[job->root != NULL];
    measures -= job->root == NULL;
  }
  if (task < first || task >= first + measures) {
    alongside->task(alongside->context, task < first ? task : task - measures);
    return;
  }
  int t = measure_of[task - first];
  if (t == ROOT_TASK) {
    ce__m1_root_offer(job->root, job->ix);
    return;
  }
  job->status[t] = one_measure(job, t);
}

static ce_status type_measures(const ce_entries *entries, const ce_climb_options *options,
                               const uint32_t *const *m1_start, const ce_m1_search_options *search,
                               const ce_type_parallel *parallel, ce_type_result *result) {
  memset(result, 0, sizeof *result);
  ce_climb_options defaults = {10, 1, NULL, NULL, NULL, NULL, 0, 0};
  if (!options) options = &defaults;
  ce_type_index ix;
  ce_status status = ce__type_index_build(&ix, entries);
  if (!status)
    status = ce__type_rows_build(&ix, CE_TYPE_ROWS_STEPS, parallel ? parallel->threads : 1);
  if (status) {
    ce__type_index_free(&ix);
    return status;
  }
  type_tasks job;
  memset(&job, 0, sizeof job);
  job.ix = &ix;
  job.options = options;
  job.m1_start = m1_start;
  job.search = search;
  job.result = result;
  job.alongside = parallel && parallel->task ? parallel : NULL;
  job.micro_c_leads = job.alongside && job.alongside->first && ix.one_cluster_each;
  /* Where every item is a class of its own, MicroC's climbs end at own classes, which
   * ce__own_classes_map proves optimal: no root bound to work out beside them. */
  ce_m1_root root;
  if (job.micro_c_leads && search && !ix.own_classes && ce__m1_root_init(&root)) job.root = &root;
  size_t tasks = CE_TYPE_MEASURES + (job.root != NULL);
  if (job.alongside) tasks += job.alongside->first + job.alongside->last;
  if (job.alongside && parallel->index) *parallel->index = &ix;
  job.climb_shared = ce__climb_shared_new();
  ce__parallel_for(tasks, parallel ? parallel->threads : 1, type_task, &job);
  if (job.alongside && parallel->index) *parallel->index = NULL;
  ce__climb_shared_free(job.climb_shared);
  if (job.root) ce__m1_root_free(job.root);
  for (int t = 0; t < CE_TYPE_MEASURES && !status; t++) status = job.status[t];
  ce__type_index_free(&ix);
  if (status) ce__type_result_free(result);
  return status;
}

ce_status ce__type_measures(const ce_entries *entries, const ce_climb_options *options,
                            ce_type_result *result) {
  return ce__type_measures_from(entries, options, NULL, NULL, result);
}

ce_status ce__type_measures_from(const ce_entries *entries, const ce_climb_options *options,
                                 const uint32_t *const *m1_start, const ce_type_parallel *parallel,
                                 ce_type_result *result) {
  ce_m1_search_options search = {CE_M1_EXACT_BUDGET, 10, NULL, NULL};
  if (options) search.kicks = options->restarts ? options->restarts : 1;
  return type_measures(entries, options, m1_start, m1_start ? NULL : &search, parallel, result);
}

ce_status ce__type_measures_searched(const ce_entries *entries, const ce_climb_options *options,
                                     const ce_m1_search_options *search, ce_type_result *result) {
  return type_measures(entries, options, NULL, search, NULL, result);
}
