/*
 * The polysemous type-level measures of Reichart, Abend & Rappoport (2010, §4; SPEC §3.2),
 * all six: MacroI, MicroI and MicroC under the 1-1 mapping (exact assignment) and the M-1
 * mapping (seeded hill climbing).
 */
#ifndef CE_MEASURES_TYPE_INTERNAL_H
#define CE_MEASURES_TYPE_INTERNAL_H

#include "measures/hillclimb_internal.h"

typedef struct ce_type_result {
  ce_type_score o1[CE_TYPE_MEASURES];
  ce_type_score m1[CE_TYPE_MEASURES];
} ce_type_result;

/*
 * Computes all six measures. `options` may be NULL (10 restarts, seed 1); restarts 0 counts
 * as 1. Cost: three assignment problems on classes × clusters weights (8·n bytes per cluster
 * at most; repeated rows, as singletons give, are kept only as often as they can matter),
 * plus restarts × sweeps × about Σ_i |B_i|·(|A_i|+|B_i|) + m·n for M-1. Deterministic for
 * a given seed on every platform, and independent of how ids were numbered (starts and ties
 * follow class_order and cluster_order). Never NaN: with no item MacroI and MicroI are 0;
 * MicroC is 0 when no item is in a cluster (N* = 0). CE_ERR_USAGE for ids out of range or
 * orders that are not permutations, CE_ERR_NOMEM; `result` is then empty. Free with
 * ce__type_result_free (accepts a zeroed or already freed result).
 */
ce_status ce__type_measures(const ce_entries *entries, const ce_climb_options *options,
                            ce_type_result *result);
void ce__type_result_free(ce_type_result *result);

/* The same, with M-1's first start taken from `m1_start` (one mapping per type measure,
 * every cluster mapped) instead of the 1-1 solution; NULL: as ce__type_measures. */
ce_status ce__type_measures_from(const ce_entries *entries, const ce_climb_options *options,
                                 const uint32_t *const *m1_start, ce_type_result *result);

#endif
