/*
 * The contingency table n_ck of SPEC §3.1: counts of (gold class c, induced cluster k)
 * pairs. Counting goes into a hash of cells (memory grows with distinct cells); the
 * finished table is sorted by (class, cluster) so every sum runs in one fixed order.
 */
#ifndef CE_CONTINGENCY_INTERNAL_H
#define CE_CONTINGENCY_INTERNAL_H

#include "common/util_internal.h"

/* A key and its count side by side: one cache line serves a probe and its update. */
typedef struct ce_cell {
  uint64_t key; /* (class << 32 | cluster) + 1, 0 = empty slot */
  uint64_t count;
} ce_cell;

/*
 * Zero-initialised: an empty table. Free with ce__cells_free. The order of the cells means
 * nothing: every reader sums them or sorts them first, and reads them through
 * ce__cells_next or ce__cells_sorted.
 *
 * Keyed by item (`by_item`), the first label counted for an item goes to `first[item]`,
 * and only later labels to the hash: most words have one label, item ids follow first
 * sight so frequent words sit together at the front, and a token's count then lands in
 * a small, mostly cached array instead of a random slot of a large hash. The first labels
 * stay there: readers walk both (moving 10^6 one-token types' first labels into the hash
 * took 80 ms on one thread, before the sort that reads them).
 */
typedef struct ce_cells {
  ce_cell *slots;
  size_t slot_count; /* 0 or a power of two */
  size_t used;       /* distinct cells, `first` included */
  unsigned shift;    /* 64 - log2(slot_count) */
  int by_item;
  ce_cell *first; /* by_item: per item, key = label + 1 (0: none yet) and its count */
  size_t first_cap, in_first;
  /* Cells handed over whole and sorted (ce__cells_adopt_sorted): `used` (key, count) pairs
   * side by side, keys as (class << 32 | cluster), instead of the hash; no cell is added. */
  uint64_t *sorted;
} ce_cells;

void ce__cells_free(ce_cells *cells);

/* Makes an empty `cells` hold `count` distinct cells given as (key, count) pairs sorted by
 * key, as ce__cells_sorted gives them: `pairs` (2 · count numbers, malloc'd) becomes the
 * cells', freed with them. What knows its cells sorted (a resample's counts, by an index of
 * sorted keys) hands them over so, without a hash to fill, walk and sort again. */
void ce__cells_adopt_sorted(ce_cells *cells, uint64_t *pairs, size_t count);

/* A walk over the cells, `first`'s in item order and then the hash's: zero-initialised
 * (`at` 0) at the start. */
typedef struct ce_cells_walk {
  size_t at;
} ce_cells_walk;

/* The walk's next cell, its key as (class << 32 | cluster) and its count: 0 past the last. */
int ce__cells_next(const ce_cells *cells, ce_cells_walk *walk, uint64_t *key, uint64_t *count);

/* The cells as (key, count) pairs side by side, keys as (class << 32 | cluster), sorted
 * by key: 2 · cells->used numbers (at least one allocated; the caller frees). *pairs is
 * NULL when it fails (CE_ERR_NOMEM). */
ce_status ce__cells_sorted(const ce_cells *cells, uint64_t **pairs);

/* The slot a key's probe starts at: Fibonacci hashing, the product's top bits. */
static inline size_t ce__cells_home(uint64_t key, unsigned shift) {
  return (size_t)((key * 0x9e3779b97f4a7c15u) >> shift);
}

/* The rare paths of ce__cells_add: doubling the table; a new cell in the empty `slot`. */
ce_status ce__cells_grow(ce_cells *cells);
ce_status ce__cells_add_new(ce_cells *cells, uint64_t key, size_t slot, uint64_t count);
/* by_item: makes room in `first` for `item`. */
ce_status ce__cells_first_grow(ce_cells *cells, uint32_t item);

/* ce__cells_add in full: where the inline part below does not finish. */
ce_status ce__cells_add_rest(ce_cells *cells, uint32_t cls, uint32_t cluster, uint64_t count);

/* Adds `count` to cell (cls, cluster). Inline, it runs once or twice per token: an item's
 * first label, or a cell the hash holds, is counted here, the rest (growing, a new cell, an
 * item's later labels) in ce__cells_add_rest. Always inlined: clang left a copy apart in
 * the wasm build's pairing (called for each token's cells), where a call a token cost a
 * tenth of the reading once, and 3–8% still. */
static CE_ALWAYS_INLINE ce_status ce__cells_add(ce_cells *cells, uint32_t cls, uint32_t cluster,
                                                uint64_t count) {
  if (cells->by_item) {
    if (cls < cells->first_cap && cells->first[cls].key == (uint64_t)cluster + 1) {
      cells->first[cls].count += count;
      return CE_OK;
    }
    return ce__cells_add_rest(cells, cls, cluster, count);
  }
  if (cells->slot_count) {
    uint64_t key = ((uint64_t)cls << 32 | cluster) + 1;
    size_t mask = cells->slot_count - 1;
    for (size_t slot = ce__cells_home(key, cells->shift);; slot = (slot + 1) & mask) {
      if (cells->slots[slot].key == key) {
        cells->slots[slot].count += count;
        return CE_OK;
      }
      if (!cells->slots[slot].key) return ce__cells_add_new(cells, key, slot, count);
    }
  }
  return ce__cells_add_rest(cells, cls, cluster, count);
}

/* Starts fetching what adding to cell (cls, cluster) will touch: a hint, ahead of the add. */
static inline void ce__cells_prefetch(const ce_cells *cells, uint32_t cls, uint32_t cluster) {
  if (cells->by_item && cls < cells->first_cap) ce__prefetch_valid(&cells->first[cls]);
  if (cells->slot_count)
    ce__prefetch_valid(
        &cells->slots[ce__cells_home(((uint64_t)cls << 32 | cluster) + 1, cells->shift)]);
}

typedef struct ce_table {
  size_t classes;         /* rows: class ids are 0 .. classes-1 */
  size_t clusters;        /* columns */
  uint64_t total;         /* N */
  uint64_t *class_sums;   /* a_c */
  uint64_t *cluster_sums; /* b_k */
  size_t cell_count;      /* non-zero cells, sorted by (class, cluster) */
  uint32_t *cell_class;
  uint32_t *cell_cluster;
  uint64_t *cell_n;
} ce_table;

/* Builds the table from the counted cells; ids must be below `classes` and `clusters`. */
ce_status ce__table_build(ce_table *table, const ce_cells *cells, size_t classes, size_t clusters);
/* Builds the table from a dense row-major classes × clusters matrix (tests, small inputs). */
ce_status ce__table_from_dense(ce_table *table, const uint64_t *counts, size_t classes,
                               size_t clusters);
void ce__table_free(ce_table *table);

/*
 * The item table of type-level entries (SPEC §3.1, type level): items per (class, cluster)
 * with c ∈ A_i and k ∈ B_i. Built row by row as the sparse product of the gold and induced
 * entries (Gustavson): each class's items add their clusters into an accumulator over the
 * clusters. Cost O(Σ_i |A_i|·|B_i|) and each row's sort, with no hash: a hash of cells
 * misses the cache once the cells outgrow it (10^6 of them from 10^3 labels on each side).
 * Past `cell_budget` non-zero cells (0: none) it stops, holds nothing and returns
 * CE_ERR_UNAVAILABLE: a word carrying thousands of labels on each side makes the table
 * dense (10^4 random labels a side over 10^5 tokens: 6.7·10^7 cells, a gigabyte).
 */
struct ce_entries;
ce_status ce__table_from_entries(ce_table *table, const struct ce_entries *entries,
                                 uint64_t cell_budget);

/*
 * The same table from the type index's rows (ce_type_rows, built): cell for cell what
 * ce__table_from_entries makes of its entries (classes ascending, each one's clusters
 * ascending), in O(cells + classes) with no walk of the items; CE_ERR_UNAVAILABLE as above.
 */
struct ce_type_index;
ce_status ce__table_from_rows(ce_table *table, const struct ce_type_index *index,
                              uint64_t cell_budget);

#endif
