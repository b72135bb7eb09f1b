/*
 * Type-level evaluation over entries (SPEC §1, §3.2, §3.3): each item i has a gold entry
 * A_i (a set of classes) and an induced entry B_i (a set of clusters). The polysemous
 * measures of Reichart, Abend & Rappoport (2010, §4) under the 1-1 mapping (exact
 * assignment) and the M-1 mapping (seeded hill climbing), and extended BCubed.
 */
#ifndef CE_TYPE_INTERNAL_H
#define CE_TYPE_INTERNAL_H

#include "util_internal.h"

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

void ce__entries_free(ce_entries *entries);

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
  uint32_t *cluster_to_class; /* clusters elements; UINT32_MAX for an unmapped cluster (1-1) */
  /* M-1 only: the spread over the starts. */
  double min;
  unsigned hits;   /* starts that reached `value` (within 1e-12) */
  uint64_t sweeps; /* sweeps in all starts together */
} ce_type_score;

typedef struct ce_type_result {
  ce_type_score o1[CE_TYPE_MEASURES];
  ce_type_score m1[CE_TYPE_MEASURES];
} ce_type_result;

/*
 * Computes all six measures. Cost: three assignment problems on classes × clusters
 * weights, plus restarts × sweeps × about Σ_i |B_i|·(|A_i|+|B_i|) + m·n for M-1.
 * Deterministic for a given seed on every platform. Free with ce__type_result_free.
 */
ce_status ce__type_measures(const ce_entries *entries, const ce_climb_options *options,
                            ce_type_result *result);
void ce__type_result_free(ce_type_result *result);

/*
 * Per item under a mapping: IM_i = |A_i ∩ h(B_i)| and F_i = 2·IM_i / (|A_i| + |h(B_i)|),
 * where an unmapped cluster still counts in |h(B_i)| (SPEC §3.2). For --details.
 */
void ce__type_item_match(const ce_entries *entries, const uint32_t *cluster_to_class, size_t item,
                         unsigned *im, double *f);

/* Extended BCubed (Amigó et al. 2009) over items: precision, recall, F. */
ce_status ce__extended_bcubed(const ce_entries *entries, double *precision, double *recall,
                              double *f);

#endif
