/*
 * The polysemous type-level measures of Reichart, Abend & Rappoport (2010, §4; SPEC §3.2),
 * all six: MacroI, MicroI and MicroC under the 1-1 mapping (exact assignment) and the M-1
 * mapping (seeded hill climbing, then an exact search and perturbations, m1_search.c).
 */
#ifndef CE_MEASURES_TYPE_INTERNAL_H
#define CE_MEASURES_TYPE_INTERNAL_H

#include "common/parallel_internal.h"
#include "measures/m1_search_internal.h"

typedef struct ce_type_result {
  ce_type_score o1[CE_TYPE_MEASURES];
  ce_type_score m1[CE_TYPE_MEASURES];
} ce_type_result;

/*
 * Computes all six measures. `options` may be NULL (10 restarts, seed 1); restarts 0 counts
 * as 1. Cost: three assignment problems on classes × clusters weights (8·n bytes per cluster
 * at most; repeated rows, as singletons give, are kept only as often as they can matter),
 * plus restarts × sweeps × about Σ_i |B_i|·(|A_i|+|B_i|) + m·n for M-1's climb, and as
 * much again for its perturbations, and CE_M1_EXACT_BUDGET steps at most for its exact
 * search (about 10 ms; a type-based clustering needs one pass). Deterministic for
 * a given seed on every platform, and independent of how ids were numbered (starts and ties
 * follow class_order and cluster_order). Never NaN: with no item MacroI and MicroI are 0;
 * MicroC is 0 when no item is in a cluster (N* = 0). CE_ERR_USAGE for ids out of range or
 * orders that are not permutations, CE_ERR_NOMEM; `result` is then empty. Free with
 * ce__type_result_free (accepts a zeroed or already freed result).
 */
ce_status ce__type_measures(const ce_entries *entries, const ce_climb_options *options,
                            ce_type_result *result);
void ce__type_result_free(ce_type_result *result);

/*
 * How the three measures run: each (its 1-1, then its M-1) is a task, on at most `threads`
 * threads (0: one a processor; see common/parallel_internal.h), and tasks of the caller's
 * run alongside them: `task` 0 .. first - 1 start before the measures, first .. first +
 * last - 1 after (those that share their work out as threads come free, to even out the
 * ends). `task` NULL: none. The numbers do not depend on the threads; options->on_start
 * may then be called from several threads at once. `index`, where not NULL, is given the
 * type index (its rows among it) while the tasks run, NULL again after.
 */
typedef struct ce_type_parallel {
  unsigned threads;
  size_t first, last;
  ce_task_fn *task;
  void *context;
  const ce_type_index **index;
} ce_type_parallel;

/* The same, with M-1's first start taken from `m1_start` (one mapping per type measure,
 * every cluster mapped) instead of the 1-1 solution, and then the climb alone (a resample
 * climbs once from the full data's mapping); NULL: as ce__type_measures, whose M-1 runs the
 * search of m1_search.c after the climb (CE_M1_EXACT_BUDGET steps, as many perturbations
 * as starts). `parallel` NULL: one thread, nothing alongside. */
ce_status ce__type_measures_from(const ce_entries *entries, const ce_climb_options *options,
                                 const uint32_t *const *m1_start, const ce_type_parallel *parallel,
                                 ce_type_result *result);

/* As ce__type_measures with the search after the climb set by `search`; NULL: the climb
 * alone (optimal 0, bound 1). */
ce_status ce__type_measures_searched(const ce_entries *entries, const ce_climb_options *options,
                                     const ce_m1_search_options *search, ce_type_result *result);

#endif
