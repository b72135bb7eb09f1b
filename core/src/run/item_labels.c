/*
 * From counted (item, label) weights to labels by item (SPEC §2 "types from tokens",
 * lexicon mode, --min-share): per item, its sorted labels and their weights, less what a
 * system dropped (--unclustered drop).
 */
#include <stdlib.h>
#include <string.h>

#include "run/item_labels_internal.h"

void ce__item_labels_free(ce_item_labels *labels) {
  free(labels->start);
  free(labels->labels);
  free(labels->weights);
  memset(labels, 0, sizeof *labels);
}

/*
 * Keeps the labels that reach `min_share` of the item's weight; when none does, the most
 * frequent ones (SPEC §2, --min-share). `share` 0 keeps every label.
 */
static size_t keep_shared(uint32_t *labels, uint64_t *weights, size_t count, double min_share) {
  if (min_share <= 0.0 || count < 2) return count;
  uint64_t total = 0, best = 0;
  for (size_t i = 0; i < count; i++) {
    total += weights[i];
    if (weights[i] > best) best = weights[i];
  }
  size_t kept = 0;
  for (size_t i = 0; i < count; i++)
    if ((double)weights[i] >= min_share * (double)total) {
      labels[kept] = labels[i];
      weights[kept++] = weights[i];
    }
  if (kept) return kept;
  for (size_t i = 0; i < count; i++)
    if (weights[i] == best) {
      labels[kept] = labels[i];
      weights[kept++] = weights[i];
    }
  return kept;
}

ce_status ce__item_labels_build(ce_item_labels *out, const ce_cells *cells, const ce_cells *less,
                                size_t item_count, double min_share) {
  memset(out, 0, sizeof *out);
  size_t n = cells->used, less_n = less ? less->used : 0, q = 0;
  uint64_t *pairs = NULL, *less_pairs = NULL;
  ce__cells_sorted(cells, &pairs); /* by item, then label */
  if (less) ce__cells_sorted(less, &less_pairs);
  out->start = calloc(item_count + 1, sizeof *out->start);
  out->labels = malloc((n ? n : 1) * sizeof *out->labels);
  out->weights = malloc((n ? n : 1) * sizeof *out->weights);
  if (!pairs || (less && !less_pairs) || !out->start || !out->labels || !out->weights) {
    free(pairs);
    free(less_pairs);
    ce__item_labels_free(out);
    return CE_ERR_NOMEM;
  }
  out->item_count = item_count;
  size_t written = 0;
  for (size_t i = 0; i < n;) {
    uint32_t item = (uint32_t)(pairs[2 * i] >> 32);
    size_t first = written;
    for (; i < n && (uint32_t)(pairs[2 * i] >> 32) == item; i++) {
      uint64_t weight = pairs[2 * i + 1];
      /* Both sorted by key: the weight taken away from this pair, if any. */
      while (q < less_n && less_pairs[2 * q] < pairs[2 * i]) q++;
      if (q < less_n && less_pairs[2 * q] == pairs[2 * i])
        weight -= weight < less_pairs[2 * q + 1] ? weight : less_pairs[2 * q + 1];
      if (!weight) continue;
      out->labels[written] = (uint32_t)pairs[2 * i];
      out->weights[written++] = weight;
    }
    written =
        first + keep_shared(out->labels + first, out->weights + first, written - first, min_share);
    out->start[item + 1] = (uint32_t)(written - first);
  }
  for (size_t item = 0; item < item_count; item++) out->start[item + 1] += out->start[item];
  free(pairs);
  free(less_pairs);
  return CE_OK;
}
