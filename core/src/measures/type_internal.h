/*
 * Type-level evaluation over entries (SPEC §1, §3.2, §3.3): each item i has a gold entry
 * A_i (a set of classes) and an induced entry B_i (a set of clusters). The polysemous
 * measures of Reichart, Abend & Rappoport (2010, §4) under the 1-1 mapping (exact
 * assignment) and the M-1 mapping (seeded hill climbing), and extended BCubed.
 */
#ifndef CE_TYPE_INTERNAL_H
#define CE_TYPE_INTERNAL_H

#include "common/util_internal.h"

/*
 * Entries in compressed rows. Item i's classes are class_ids[class_start[i] ..
 * class_start[i+1]) and its clusters cluster_ids[cluster_start[i] .. cluster_start[i+1]),
 * each sorted ascending without repeats. An item may have an empty induced entry (it
 * then matches nothing); every item has a non-empty gold entry. Ids are dense:
 * classes 0..classes-1, clusters 0..clusters-1. `class_order[c]` and `cluster_order[k]`
 * give each label's rank in byte order of the label texts, which breaks ties (SPEC §3.2).
 * The caller owns every array; ce__entries_free frees them.
 */
typedef struct ce_entries {
  size_t items, classes, clusters;
  uint32_t *class_start, *class_ids;     /* class_start has items + 1 elements */
  uint32_t *cluster_start, *cluster_ids; /* cluster_start has items + 1 elements */
  uint32_t *class_order, *cluster_order;
} ce_entries;

/* Frees the arrays of `entries` (may be NULL) and zeroes it. */
void ce__entries_free(ce_entries *entries);

/*
 * Builds `entries` from (item, class) and (item, cluster) pairs in any order; a repeated
 * pair counts once. `class_order` (classes elements) and `cluster_order` (clusters
 * elements) are copied; NULL means ids already sort as their labels. Returns CE_ERR_USAGE
 * for an id out of range or an item with no class, CE_ERR_NOMEM when memory runs out
 * (`entries` is then empty). Cost O(items + classes + clusters + pairs). Free with
 * ce__entries_free.
 */
ce_status ce__entries_from_pairs(ce_entries *entries, size_t items, size_t classes, size_t clusters,
                                 const uint32_t *gold_items, const uint32_t *gold_classes,
                                 size_t gold_pairs, const uint32_t *system_items,
                                 const uint32_t *system_clusters, size_t system_pairs,
                                 const uint32_t *class_order, const uint32_t *cluster_order);

/* Items per class (`clusters` 0) or per cluster (1): one count per label (caller frees). */
ce_status ce__entries_label_sizes(const ce_entries *entries, int clusters, uint64_t **sizes);

/*
 * h(B_i) for item i: the classes mapping `cluster_to_class` sends its clusters to, each
 * once, in the order met; unmapped clusters (UINT32_MAX) give none. `out` holds at least
 * `entries->classes` ids. Returns how many were written.
 */
size_t ce__entries_mapped(const ce_entries *entries, size_t item, const uint32_t *cluster_to_class,
                          uint32_t *out);

/* The three polysemous measures, in the order of their ids (macro_i, micro_i, micro_c). */
enum { CE_TYPE_MACRO_I, CE_TYPE_MICRO_I, CE_TYPE_MICRO_C, CE_TYPE_MEASURES };

/* How M-1 hill climbing runs (SPEC §3.2). */
typedef struct ce_climb_options {
  unsigned restarts; /* starts in all, >= 1; start 0 is the "intelligent" one */
  uint64_t seed;     /* seeds the other starts */
} ce_climb_options;

/* One measure under one mapping: its value and the mapping reaching it. */
typedef struct ce_type_score {
  double value;
  /* clusters elements (at least one); UINT32_MAX for a cluster 1-1 leaves unmapped: more
   * clusters than classes, or its partner would share no item with it (same values) */
  uint32_t *cluster_to_class;
  /* M-1: the spread over the starts. 1-1 (exact): min = value, hits = 1, sweeps = 0. */
  double min;
  unsigned hits;   /* starts that reached `value` (within 1e-12) */
  uint64_t sweeps; /* sweeps in all starts together */
} ce_type_score;

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

/*
 * Per item under a mapping: IM_i = |A_i ∩ h(B_i)| and F_i = 2·IM_i / (|A_i| + |h(B_i)|),
 * where an unmapped cluster still counts in |h(B_i)| (SPEC §3.2); F_i = 0 when both sizes
 * are 0. For --details. Cost O(|A_i|·|B_i| + |B_i|²), no allocation.
 */
void ce__type_item_match(const ce_entries *entries, const uint32_t *cluster_to_class, size_t item,
                         unsigned *im, double *f);

/*
 * Extended BCubed (Amigó et al. 2009; SPEC §3.3) over items: precision, recall, F. An item
 * with an empty induced entry has no precision of its own and stays out of the precision
 * mean (its recall is 0); an empty mean is 0; F is 0 when both are. Items with equal
 * entries are counted once with a weight, and only pairs sharing a cluster are visited
 * (plus pairs of distinct gold entries sharing a class): never all l² pairs. CE_ERR_USAGE
 * for ids out of range, CE_ERR_NOMEM.
 */
ce_status ce__extended_bcubed(const ce_entries *entries, double *precision, double *recall,
                              double *f);

#endif
