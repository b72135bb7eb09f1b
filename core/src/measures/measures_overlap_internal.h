/* Measures of overlapping clusterings (SPEC §3.3): ONMI, LFK NMI, Omega, ECS
 * (measures_overlap.c). */
#ifndef CE_MEASURES_OVERLAP_INTERNAL_H
#define CE_MEASURES_OVERLAP_INTERNAL_H

#include "measures/entries_internal.h"
#include "measures/measures_internal.h"

/* ECS's restart probability: clusim's element_sim default (Gates et al. 2019). */
#define CE_ECS_ALPHA 0.9

/*
 * onmi (McDaid, Greene & Hurley 2011, "NMI<Max>") and onmi_lfk (Lancichinetti, Fortunato &
 * Kertész 2009, App. B) of two covers of `n` elements: the sizes of X's clusters (`x`,
 * x_count of them; a size 0 is no cluster) and of Y's, and their non-zero overlaps as
 * cells (cell_x[i], cell_y[i], cell_o[i]). Cost O(x_count + y_count + cells). CE_ERR_NOMEM.
 */
ce_status ce__overlap_nmi(uint64_t n, const uint64_t *x, size_t x_count, const uint64_t *y,
                          size_t y_count, size_t cells, const uint32_t *cell_x,
                          const uint32_t *cell_y, const uint64_t *cell_o, double *onmi,
                          double *lfk);

/* onmi, onmi_lfk and ecs of a partition's table (a table of at least one element); omega is
 * measures_pairs.c's, from the pair counts. CE_ERR_NOMEM. */
ce_status ce__measures_overlap_table(const ce_table *table, ce_measures *out);

/* What ce__overlap_type computed, and why not where it did not. */
typedef struct ce_overlap_type {
  double onmi, onmi_lfk, omega, ecs;
  int has_nmi, has_omega, has_ecs;
  double omega_walk; /* Σ_x n_x²/2 over the labels x, n_x the signatures holding x */
  double ecs_work;   /* ECS's estimated operations (see ce__overlap_type) */
  size_t ecs_clusters[2];
} ce_overlap_type;

/*
 * The four measures over items, gold's entries A_i and the system's B_i as two covers of the
 * l items (SPEC §3.3). `table`: items per (class, cluster), as ce__table_from_entries makes
 * it, or NULL (past its cell budget, or not wanted: a partition's four measures come from
 * its contingency table): then onmi, onmi_lfk and omega, which read it, are left out
 * (has_nmi, has_omega 0, omega_walk 0), and ecs alone is computed. Items with equal
 * (A_i, B_i) are counted once with a weight:
 *  - omega walks, for each signature, the later signatures sharing a class or a cluster with
 *    it, once each (about Σ_x n_x²/2 over the labels x, n_x signatures holding x); past
 *    `omega_budget` of that it is left out (has_omega 0, omega_walk says how much);
 *  - ecs inverts, for each polysemous side, one block for each component of its labels (a
 *    monosemous side needs none) and compares each signature's rows of the two walks over
 *    the signatures that can differ: all of them, or, where a side is a partition, those in
 *    the same part.
 *    Past `ecs_budget` operations (ecs_work) it is left out. Where both sides are covers the
 *    pairs are compared on `threads` threads (ce__parallel_for's count; the numbers do not
 *    depend on it).
 * `item_ecs` (NULL: not wanted) receives each item's S_i, or NaN where ecs is left out.
 * CE_ERR_NOMEM.
 */
ce_status ce__overlap_type(const ce_entries *entries, const ce_table *table, double omega_budget,
                           double ecs_budget, unsigned threads, ce_overlap_type *out,
                           double *item_ecs);

#endif
