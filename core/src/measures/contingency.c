#include "measures/contingency_internal.h"

#include <stdlib.h>
#include <string.h>

#include "common/util_internal.h"
#include "measures/entries_internal.h"
#include "measures/type_index_internal.h"

void ce__cells_free(ce_cells *cells) {
  ce__free_huge(cells->slots, cells->slot_count, sizeof *cells->slots);
  free(cells->first);
  free(cells->sorted);
  memset(cells, 0, sizeof *cells);
}

void ce__cells_adopt_sorted(ce_cells *cells, uint64_t *pairs, size_t count) {
  cells->sorted = pairs;
  cells->used = count;
}

ce_status ce__cells_first_grow(ce_cells *cells, uint32_t item) {
  size_t cap = cells->first_cap ? cells->first_cap : 1024;
  while (cap <= item) cap *= 2;
  ce_cell *first = realloc(cells->first, cap * sizeof *first);
  if (!first) return CE_ERR_NOMEM;
  memset(first + cells->first_cap, 0, (cap - cells->first_cap) * sizeof *first);
  cells->first = first;
  cells->first_cap = cap;
  return CE_OK;
}

ce_status ce__cells_add_rest(ce_cells *cells, uint32_t cls, uint32_t cluster, uint64_t count) {
  if (cells->sorted) return CE_ERR_INTERNAL; /* handed over whole: nothing is added */
  if (cells->by_item) {
    if (cls >= cells->first_cap) {
      ce_status status = ce__cells_first_grow(cells, cls);
      if (status) return status;
    }
    ce_cell *first = &cells->first[cls];
    if (first->key == (uint64_t)cluster + 1) {
      first->count += count;
      return CE_OK;
    }
    if (!first->key) {
      first->key = (uint64_t)cluster + 1;
      first->count = count;
      cells->used++;
      cells->in_first++;
      return CE_OK;
    }
  }
  if (!cells->slot_count) {
    ce_status status = ce__cells_grow(cells);
    if (status) return status;
  }
  uint64_t key = ((uint64_t)cls << 32 | cluster) + 1;
  size_t mask = cells->slot_count - 1;
  size_t slot = ce__cells_home(key, cells->shift);
  while (cells->slots[slot].key != key) {
    if (!cells->slots[slot].key) return ce__cells_add_new(cells, key, slot, count);
    slot = (slot + 1) & mask;
  }
  cells->slots[slot].count += count;
  return CE_OK;
}

ce_status ce__cells_grow(ce_cells *cells) {
  size_t slot_count = cells->slot_count ? cells->slot_count * 2 : 256;
  unsigned shift = cells->slot_count ? cells->shift - 1 : 64 - 8;
  ce_cell *slots = ce__calloc_huge(slot_count, sizeof *slots);
  if (!slots) return CE_ERR_NOMEM;
  size_t mask = slot_count - 1;
  for (size_t i = 0; i < cells->slot_count; i++) {
    if (!cells->slots[i].key) continue;
    size_t slot = ce__cells_home(cells->slots[i].key, shift);
    while (slots[slot].key) slot = (slot + 1) & mask;
    slots[slot] = cells->slots[i];
  }
  ce__free_huge(cells->slots, cells->slot_count, sizeof *cells->slots);
  cells->slots = slots;
  cells->slot_count = slot_count;
  cells->shift = shift;
  return CE_OK;
}

int ce__cells_next(const ce_cells *cells, ce_cells_walk *walk, uint64_t *key, uint64_t *count) {
  if (cells->sorted) {
    if (walk->at >= cells->used) return 0;
    *key = cells->sorted[2 * walk->at];
    *count = cells->sorted[2 * walk->at++ + 1];
    return 1;
  }
  for (; walk->at < cells->first_cap; walk->at++) {
    const ce_cell *cell = &cells->first[walk->at];
    if (!cell->key) continue;
    *key = (uint64_t)walk->at << 32 | (cell->key - 1);
    *count = cell->count;
    walk->at++;
    return 1;
  }
  for (size_t slot; (slot = walk->at - cells->first_cap) < cells->slot_count; walk->at++) {
    const ce_cell *cell = &cells->slots[slot];
    if (!cell->key) continue;
    *key = cell->key - 1;
    *count = cell->count;
    walk->at++;
    return 1;
  }
  return 0;
}

ce_status ce__cells_add_new(ce_cells *cells, uint64_t key, size_t slot, uint64_t count) {
  /* linear probing stays short up to 3/4 */
  if ((cells->used - cells->in_first + 1) * 4 > cells->slot_count * 3) {
    ce_status status = ce__cells_grow(cells);
    if (status) return status;
    size_t mask = cells->slot_count - 1;
    slot = ce__cells_home(key, cells->shift);
    while (cells->slots[slot].key) slot = (slot + 1) & mask;
  }
  cells->slots[slot].key = key;
  cells->slots[slot].count = count;
  cells->used++;
  return CE_OK;
}

void ce__table_free(ce_table *table) {
  free(table->class_sums);
  free(table->cluster_sums);
  free(table->cell_class);
  free(table->cell_cluster);
  free(table->cell_n);
  memset(table, 0, sizeof *table);
}

static ce_status table_alloc(ce_table *table, size_t classes, size_t clusters, size_t cells) {
  memset(table, 0, sizeof *table);
  table->classes = classes;
  table->clusters = clusters;
  table->class_sums = calloc(classes ? classes : 1, sizeof *table->class_sums);
  table->cluster_sums = calloc(clusters ? clusters : 1, sizeof *table->cluster_sums);
  table->cell_class = malloc((cells ? cells : 1) * sizeof *table->cell_class);
  table->cell_cluster = malloc((cells ? cells : 1) * sizeof *table->cell_cluster);
  table->cell_n = malloc((cells ? cells : 1) * sizeof *table->cell_n);
  if (!table->class_sums || !table->cluster_sums || !table->cell_class || !table->cell_cluster ||
      !table->cell_n) {
    ce__table_free(table);
    return CE_ERR_NOMEM;
  }
  return CE_OK;
}

static void table_add_cell(ce_table *table, uint32_t cls, uint32_t cluster, uint64_t n) {
  size_t at = table->cell_count++;
  table->cell_class[at] = cls;
  table->cell_cluster[at] = cluster;
  table->cell_n[at] = n;
  table->class_sums[cls] += n;
  table->cluster_sums[cluster] += n;
  table->total += n;
}

ce_status ce__cells_sorted(const ce_cells *cells, uint64_t **pairs) {
  *pairs = malloc((cells->used ? cells->used : 1) * 2 * sizeof **pairs);
  if (!*pairs) return CE_ERR_NOMEM;
  if (cells->sorted) {
    memcpy(*pairs, cells->sorted, cells->used * 2 * sizeof **pairs);
    return CE_OK;
  }
  size_t n = 0;
  ce_cells_walk walk = {0};
  uint64_t key, count;
  while (ce__cells_next(cells, &walk, &key, &count)) {
    (*pairs)[2 * n] = key;
    (*pairs)[2 * n + 1] = count;
    n++;
  }
  /* First labels alone come in item order, one an item: sorted already. */
  int sorted = cells->used == cells->in_first;
  ce_status status = sorted ? CE_OK : ce__sort_pairs_u64(*pairs, n);
  if (status) {
    free(*pairs);
    *pairs = NULL;
  }
  return status;
}

/* How far ahead ce__table_build fetches a cell's cluster sum. */
enum { CELLS_AHEAD = 16 };

ce_status ce__table_build(ce_table *table, const ce_cells *cells, size_t classes, size_t clusters) {
  ce_status status = table_alloc(table, classes, clusters, cells->used);
  if (status) return status;
  uint64_t *pairs = cells->sorted; /* borrowed where the cells are sorted already */
  if (!pairs && ce__cells_sorted(cells, &pairs)) {
    ce__table_free(table);
    return CE_ERR_NOMEM;
  }
  /* Cells go by class: their clusters' sums lie anywhere (600,000 clusters: 4.8 MB). */
  int far = clusters * sizeof *table->cluster_sums > CE_CACHED_BYTES;
  for (size_t i = 0; i < cells->used && !status; i++) {
    if (far && i + CELLS_AHEAD < cells->used) {
      uint32_t ahead = (uint32_t)pairs[2 * (i + CELLS_AHEAD)];
      if (ahead < clusters) ce__prefetch(&table->cluster_sums[ahead]);
    }
    uint32_t cls = (uint32_t)(pairs[2 * i] >> 32), cluster = (uint32_t)pairs[2 * i];
    if (cls >= classes || cluster >= clusters)
      status = CE_ERR_INTERNAL;
    else
      table_add_cell(table, cls, cluster, pairs[2 * i + 1]);
  }
  if (pairs != cells->sorted) free(pairs);
  if (status) ce__table_free(table);
  return status;
}

ce_status ce__table_from_dense(ce_table *table, const uint64_t *counts, size_t classes,
                               size_t clusters) {
  size_t nonzero = 0;
  for (size_t i = 0; i < classes * clusters; i++) nonzero += counts[i] != 0;
  ce_status status = table_alloc(table, classes, clusters, nonzero);
  if (status) return status;
  for (size_t c = 0; c < classes; c++)
    for (size_t k = 0; k < clusters; k++)
      if (counts[c * clusters + k])
        table_add_cell(table, (uint32_t)c, (uint32_t)k, counts[c * clusters + k]);
  return CE_OK;
}

/* What ce__table_from_entries reads of the rows of the classes ahead of c, a step at a time:
 * a row's first item's clusters, the first of them, then its count and sum. Items and
 * clusters lie anywhere: one class an item (10^6 one-token types), that is three waits for
 * memory a cell. Nothing is written. */
enum { ROWS_AHEAD = 8 };

static void row_prefetch(const struct ce_entries *e, const size_t *row_start,
                         const uint32_t *row_items, size_t classes, size_t c, const double *acc,
                         const uint64_t *cluster_sums) {
  for (size_t step = 1; step <= 3; step++) {
    size_t ahead = c + step * ROWS_AHEAD;
    if (ahead >= classes || row_start[ahead] == row_start[ahead + 1]) continue;
    uint32_t i = row_items[row_start[ahead]];
    if (step == 3) {
      ce__prefetch(&e->cluster_start[i]);
    } else if (e->cluster_start[i] < e->cluster_start[i + 1]) {
      const uint32_t *first = &e->cluster_ids[e->cluster_start[i]];
      if (step == 2) {
        ce__prefetch(first);
      } else {
        ce__prefetch(&acc[*first]);
        ce__prefetch(&cluster_sums[*first]);
      }
    }
  }
}

ce_status ce__table_from_entries(ce_table *table, const struct ce_entries *e,
                                 uint64_t cell_budget) {
  size_t classes = e->classes, clusters = e->clusters, items = e->items;
  size_t golds = items ? e->class_start[items] : 0;
  size_t *row_start = calloc(classes + 2, sizeof *row_start);
  uint32_t *row_items = malloc((golds ? golds : 1) * sizeof *row_items);
  /* Counts in doubles: exact, items being fewer than 2^32. */
  ce_sparse_row row = {calloc(clusters ? clusters : 1, sizeof *row.acc),
                       malloc((clusters ? clusters : 1) * sizeof *row.ids), 0};
  size_t class_cap = 1, cluster_cap = 1, n_cap = 1; /* the table's cells, grown row by row */
  ce_status status = row_start && row_items && row.acc && row.ids ? CE_OK : CE_ERR_NOMEM;
  memset(table, 0, sizeof *table);
  if (!status) status = table_alloc(table, classes, clusters, 1);
  if (status) goto done;
  /* The items of each class, ascending: a counting sort of the gold entries. */
  for (size_t j = 0; j < golds; j++) row_start[e->class_ids[j] + 2]++;
  for (size_t c = 0; c < classes; c++) row_start[c + 2] += row_start[c + 1];
  for (uint32_t i = 0; i < items; i++)
    for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++)
      row_items[row_start[e->class_ids[j] + 1]++] = i;
  int far = clusters * sizeof *row.acc > CE_CACHED_BYTES;
  for (size_t c = 0; c < classes && !status; c++) {
    if (far) row_prefetch(e, row_start, row_items, classes, c, row.acc, table->cluster_sums);
    for (size_t q = row_start[c]; q < row_start[c + 1]; q++) {
      uint32_t i = row_items[q];
      for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++)
        ce__sparse_add(&row, e->cluster_ids[j], 1.0);
    }
    ce__sparse_ascending(&row, clusters);
    size_t need = table->cell_count + row.count;
    if (cell_budget && need > cell_budget) {
      status = CE_ERR_UNAVAILABLE;
      break;
    }
    if (ce__grow((void **)&table->cell_class, &class_cap, need, sizeof *table->cell_class) ||
        ce__grow((void **)&table->cell_cluster, &cluster_cap, need, sizeof *table->cell_cluster) ||
        ce__grow((void **)&table->cell_n, &n_cap, need, sizeof *table->cell_n))
      status = CE_ERR_NOMEM;
    for (size_t j = 0; j < row.count && !status; j++)
      table_add_cell(table, (uint32_t)c, row.ids[j], (uint64_t)row.acc[row.ids[j]]);
    ce__sparse_clear(&row);
  }
  if (status) ce__table_free(table);
done:
  free(row_start);
  free(row_items);
  free(row.acc);
  free(row.ids);
  return status;
}

ce_status ce__table_from_rows(ce_table *table, const ce_type_index *ix, uint64_t cell_budget) {
  size_t classes = ix->entries->classes, clusters = ix->entries->clusters;
  const uint32_t *start = ix->rows.start;
  const ce_type_cell *cell = ix->rows.cell;
  size_t cells = start[clusters];
  if (cell_budget && cells > cell_budget) {
    memset(table, 0, sizeof *table);
    return CE_ERR_UNAVAILABLE;
  }
  size_t *at = calloc(classes + 1, sizeof *at);
  uint32_t *cluster_of = malloc((cells ? cells : 1) * sizeof *cluster_of);
  uint32_t *n_of = malloc((cells ? cells : 1) * sizeof *n_of);
  ce_status status = at && cluster_of && n_of ? CE_OK : CE_ERR_NOMEM;
  if (!status) status = table_alloc(table, classes, clusters, cells);
  if (!status) {
    /* Class by class, each class's clusters ascending (a counting sort of the cells). */
    for (size_t j = 0; j < cells; j++) at[cell[j].class_id + 1]++;
    for (size_t c = 0; c < classes; c++) at[c + 1] += at[c];
    for (size_t k = 0; k < clusters; k++)
      for (uint32_t j = start[k]; j < start[k + 1]; j++) {
        size_t to = at[cell[j].class_id]++;
        cluster_of[to] = (uint32_t)k;
        n_of[to] = cell[j].count;
      }
    for (size_t c = 0, j = 0; c < classes; c++)
      for (; j < at[c]; j++) table_add_cell(table, (uint32_t)c, cluster_of[j], n_of[j]);
  }
  free(at);
  free(cluster_of);
  free(n_of);
  return status;
}
