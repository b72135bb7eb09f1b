/* Mapping-based accuracies over the contingency table (SPEC §3.1). */
#include <stdlib.h>

#include "measures/assign_internal.h"
#include "measures/measures_internal.h"
#include "measures/measures_overlap_internal.h"

/* Many-to-one: each cluster takes its most frequent class (Frank et al. 2009, "MA"). */
static double many_to_one(const ce_table *table, uint64_t *best_of_cluster, uint32_t *map) {
  for (size_t k = 0; k < table->clusters; k++) best_of_cluster[k] = 0;
  for (size_t k = 0; map && k < table->clusters; k++) map[k] = UINT32_MAX;
  for (size_t i = 0; i < table->cell_count; i++) {
    uint32_t k = table->cell_cluster[i];
    if (table->cell_n[i] <= best_of_cluster[k]) continue; /* ties keep the first class id */
    best_of_cluster[k] = table->cell_n[i];
    if (map) map[k] = table->cell_class[i];
  }
  uint64_t matched = 0;
  for (size_t k = 0; k < table->clusters; k++) matched += best_of_cluster[k];
  return (double)matched / (double)table->total;
}

/* One-to-one: the best injective map of clusters to classes, solved exactly on the
 * non-zero cells (memory grows with them, never with classes × clusters). */
static ce_status one_to_one(const ce_table *table, double *value, uint32_t *map) {
  size_t rows = table->classes, cols = table->clusters, cells = table->cell_count;
  size_t *start = calloc(rows + 1, sizeof *start);
  double *weights = malloc((cells ? cells : 1) * sizeof *weights);
  long *row_to_col = malloc((rows ? rows : 1) * sizeof *row_to_col);
  double matched = 0.0;
  ce_status status = start && weights && row_to_col ? CE_OK : CE_ERR_NOMEM;
  if (!status) {
    /* Cells are sorted by class: they are the rows of the weights as they stand. */
    for (size_t i = 0; i < cells; i++) {
      start[table->cell_class[i] + 1]++;
      weights[i] = (double)table->cell_n[i];
    }
    for (size_t c = 0; c < rows; c++) start[c + 1] += start[c];
    status =
        ce__assign_edges(rows, cols, start, table->cell_cluster, weights, row_to_col, &matched);
  }
  for (size_t k = 0; map && k < cols; k++) map[k] = UINT32_MAX;
  for (size_t c = 0; map && !status && c < rows; c++)
    if (row_to_col[c] >= 0) map[row_to_col[c]] = (uint32_t)c;
  free(start);
  free(weights);
  free(row_to_col);
  if (!status) *value = matched / (double)table->total;
  return status;
}

/* Inverse purity: each class takes its largest cluster (the dual of m1). */
static double inverse_purity(const ce_table *table) {
  /* Cells are sorted by class, so each class's cells are one run. */
  uint64_t matched = 0;
  for (size_t i = 0; i < table->cell_count;) {
    uint32_t cls = table->cell_class[i];
    uint64_t best = 0;
    for (; i < table->cell_count && table->cell_class[i] == cls; i++)
      if (table->cell_n[i] > best) best = table->cell_n[i];
    matched += best;
  }
  return (double)matched / (double)table->total;
}

ce_status ce__measures_mapping(const ce_table *table, ce_measures *out, uint32_t *m1_map,
                               uint32_t *o1_map) {
  if (!table->total) return CE_ERR_EMPTY;
  ce__measure_put(out, CE_INV_PURITY, inverse_purity(table));
  uint64_t *scratch = malloc((table->clusters ? table->clusters : 1) * sizeof *scratch);
  if (!scratch) return CE_ERR_NOMEM;
  ce__measure_put(out, CE_M1, many_to_one(table, scratch, m1_map));
  free(scratch);
  double o1 = 0.0;
  ce_status status = one_to_one(table, &o1, o1_map);
  if (!status) ce__measure_put(out, CE_O1, o1);
  return status;
}

ce_status ce__measures_all(const ce_table *table, const ce_measure_options *options,
                           ce_measures *out) {
  ce_status status = ce__measures_mapping(table, out, options->m1_map, options->o1_map);
  if (status) return status;
  status = ce__measures_info(table, options, out);
  if (status) return status;
  status = ce__measures_pairs(table, options->copies, out);
  if (status) return status;
  return ce__measures_overlap_table(table, out);
}
