/*
 * M-1 hill climbing for the polysemous type-level measures (Reichart, Abend & Rappoport
 * 2010, §4.1 "M-1 Mapping", §4.2; SPEC §3.2), and the index of entries it shares with the
 * 1-1 computation in measures_type.c.
 */
#ifndef CE_HILLCLIMB_INTERNAL_H
#define CE_HILLCLIMB_INTERNAL_H

#include "measures/type_internal.h"

/* What both mappings need besides the entries, built once per evaluation. */
typedef struct ce_type_index {
  const ce_entries *entries;        /* not owned */
  uint32_t *member_start, *members; /* cluster k's items, ascending: members[member_start[k] ..
                                       member_start[k+1]) */
  uint32_t *class_size;             /* |c|, items whose gold entry holds c */
  uint32_t *class_by_rank;          /* inverse of entries->class_order */
  uint32_t *cluster_by_rank;        /* inverse of entries->cluster_order */
  uint64_t gold_total;              /* Σ_i |A_i| */
} ce_type_index;

/*
 * Builds the index of `entries`. CE_ERR_USAGE when an id is out of range or an order is
 * not a permutation, CE_ERR_NOMEM. Cost O(items + classes + clusters + Σ|A_i| + Σ|B_i|).
 */
ce_status ce__type_index_build(ce_type_index *index, const ce_entries *entries);
void ce__type_index_free(ce_type_index *index);

/*
 * The three measures (macro_i, micro_i, micro_c) of one mapping, computed from their
 * definitions: `cluster_to_class[k]` is a class or UINT32_MAX (unmapped: it counts in
 * |h(B_i)| and is its own member of K_h with F = 0). Cost O(Σ|A_i| + Σ|B_i| + n + m).
 */
ce_status ce__type_values(const ce_type_index *index, const uint32_t *cluster_to_class,
                          double values[CE_TYPE_MEASURES]);

/*
 * Hill climbing for `measure` (a CE_TYPE_* id) from options->restarts starts: start 0 is
 * `start` (every cluster mapped) visited in label order, the others uniformly random
 * mappings visited in random orders, start s drawn from stream s of options->seed. Fills
 * every field of `score`; score->cluster_to_class is allocated (clusters elements, at
 * least one) and freed by the caller. The best start wins; among starts within 1e-12 of
 * each other, the earliest. Cost per sweep about Σ_i |B_i|·(|A_i| + |B_i|) + m·n.
 */
ce_status ce__climb(const ce_type_index *index, int measure, const uint32_t *start,
                    const ce_climb_options *options, ce_type_score *score);

#endif
