/*
 * What both type-level mappings need besides the entries, and the three polysemous measures
 * of one mapping from their definitions (Reichart, Abend & Rappoport 2010, §4; SPEC §3.2):
 * the 1-1 solution (measures_type.c) and M-1 hill climbing (hillclimb.c) share them.
 */
#ifndef CE_TYPE_INDEX_INTERNAL_H
#define CE_TYPE_INDEX_INTERNAL_H

#include "measures/entries_internal.h"

/* The three polysemous measures, in the order of their ids (macro_i, micro_i, micro_c). */
enum { CE_TYPE_MACRO_I, CE_TYPE_MICRO_I, CE_TYPE_MICRO_C, CE_TYPE_MEASURES };

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
  /* 1-1: optimal = 1, bound = value. M-1: optimal = 1 when no mapping scores more than
   * 1e-12 above `value` (proved, m1_exact.c); no mapping scores above `bound`. */
  int optimal;
  double bound;
  /* M-1: the starts that ran, and whether the work budget stopped the search (SPEC §3.2). */
  unsigned starts;
  int budget_reached;
  /* 1-1: the weight table's non-zero cells, Σ_k |classes of k's items|; left_out when they
   * pass the cell budget (SPEC §3.2): then value is 0 and cluster_to_class NULL. */
  uint64_t cells;
  int left_out;
} ce_type_score;

/*
 * The type-level contingency row by row, for the passes that would otherwise walk every
 * cluster's items' gold entries (Σ_i |A_i|·|B_i| steps each: 10^8 on random labels of 10^3
 * a side, where a frequent word is in every class and cluster): the three 1-1 weights, the
 * climbs' cells, MicroC's root bound, the overlap measures' item table. Cluster k's row
 * holds the classes of its items' gold entries in the order first met (k's items
 * ascending, each gold entry in order): what those walks count, in the order they meet it,
 * so that their results are the same to the bit.
 */
typedef struct ce_type_cell {
  double micro; /* MicroI's 1-1 weight Σ_{i ∈ k : c ∈ A_i} 2/(|A_i|+|B_i|), in k's order */
  uint32_t class_id; /* c */
  uint32_t count;    /* #{i ∈ k : c ∈ A_i} */
  uint32_t single;   /* #{i ∈ k : c ∈ A_i, |B_i| = 1} */
} ce_type_cell;

typedef struct ce_type_rows {
  uint32_t *start;    /* clusters + 1; NULL: not built, the passes walk the items */
  ce_type_cell *cell; /* cluster k's: cell[start[k] .. start[k + 1]) */
} ce_type_rows;

/* The class of rank r, the cluster of its one item (UINT32_MAX: none) and what the class
 * adds to MicroC's numerator where that cluster is mapped to it (own_classes_micro_c). */
typedef struct ce_own_rank {
  uint32_t cluster, class_id;
  double term;
} ce_own_rank;

/* What both mappings need besides the entries, built once per evaluation. */
typedef struct ce_type_index {
  const ce_entries *entries;        /* not owned */
  uint32_t *member_start, *members; /* cluster k's items, ascending: members[member_start[k] ..
                                       member_start[k+1]) */
  uint32_t *class_size;             /* |c|, items whose gold entry holds c */
  uint32_t *class_by_rank;          /* inverse of entries->class_order */
  uint32_t *cluster_by_rank;        /* inverse of entries->cluster_order */
  uint64_t gold_total;              /* Σ_i |A_i| */
  int one_cluster_each;             /* every item in one cluster at most (type-based) */
  /* Every item one gold class that no other item holds, in one cluster at most (one-token
   * types, each its own class: entity- or sense-like singletons); see ce__own_classes_map.
   * There, per class, the cluster of its one item (UINT32_MAX: none), the same per class in
   * label order (MicroC at such a mapping), the clusters with items, and per cluster its
   * items' class whose label sorts first and the one of least id (UINT32_MAX: no items);
   * NULL elsewhere. */
  int own_classes;
  uint32_t *class_cluster;
  ce_own_rank *own_by_rank;
  size_t own_clusters;
  uint32_t *own_first_by_label, *own_first_by_id;
  /* Per item: the items with its gold and induced entries where it is the first of them in
   * item order, else 0 (ce__entries_signatures): the M-1 climb takes each group as one. */
  uint32_t *group_weight;
  ce_type_rows rows; /* built by ce__type_rows_build, else start NULL */
} ce_type_index;

/*
 * Builds the index of `entries`. CE_ERR_USAGE when an id is out of range or an order is
 * not a permutation, CE_ERR_NOMEM. Cost O(items + classes + clusters + Σ|A_i| + Σ|B_i|).
 */
ce_status ce__type_index_build(ce_type_index *index, const ce_entries *entries);
void ce__type_index_free(ce_type_index *index);

/*
 * Where index->own_classes: whether `map` sends every cluster with items to the class of one
 * of its own items (k's class c is one of its items' exactly when c's one item is in k). Such
 * a mapping scores each of MacroI, MicroI and MicroC at its optimum (type_index.c proves it).
 * 0 elsewhere, and where the flag is not set. O(clusters).
 */
int ce__own_classes_map(const ce_type_index *index, const uint32_t *map);

/*
 * index->rows, where the walks they spare take at least `min_steps` steps (Σ_i |A_i|·|B_i|)
 * and the rows hold at most CE_TYPE_ROWS_CELLS classes in all; else none (CE_OK). One pass
 * over those steps, in parts on up to `threads` threads (see ce__parallel_for); the rows
 * do not depend on them. CE_ERR_NOMEM.
 */
#define CE_TYPE_ROWS_CELLS ((size_t)4 << 20)
ce_status ce__type_rows_build(ce_type_index *index, uint64_t min_steps, unsigned threads);
void ce__type_rows_free(ce_type_index *index);

/*
 * The three measures (macro_i, micro_i, micro_c) of one mapping, computed from their
 * definitions: `cluster_to_class[k]` is a class or UINT32_MAX (unmapped: it counts in
 * |h(B_i)| and is its own member of K_h with F = 0). Cost O(Σ|A_i| + Σ|B_i| + n + m).
 */
ce_status ce__type_values(const ce_type_index *index, const uint32_t *cluster_to_class,
                          double values[CE_TYPE_MEASURES]);

/*
 * values[measure] of ce__type_values, the same double. Where every item is in one cluster
 * at most, MacroI and MicroI come from one pass over the items without the per-class tally
 * (which h(B_i) as a set and MicroC need), and with no allocation.
 */
ce_status ce__type_value(const ce_type_index *index, const uint32_t *cluster_to_class, int measure,
                         double *value);

/*
 * Per item under a mapping: IM_i = |A_i ∩ h(B_i)| and F_i = 2·IM_i / (|A_i| + |h(B_i)|),
 * where an unmapped cluster still counts in |h(B_i)| (SPEC §3.2); F_i = 0 when both sizes
 * are 0; `cluster_to_class` NULL (a mapping left out): IM_i 0, F_i NaN. For --details.
 * Cost O(|A_i|·|B_i| + |B_i|²), no allocation.
 */
void ce__type_item_match(const ce_entries *entries, const uint32_t *cluster_to_class, size_t item,
                         unsigned *im, double *f);

#endif
