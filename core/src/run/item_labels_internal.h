/*
 * Labels by item from counted (item, label) weights (SPEC §2 "types from tokens", lexicon
 * mode): per item its labels, ascending, with their weights, after --min-share.
 */
#ifndef CE_ITEM_LABELS_INTERNAL_H
#define CE_ITEM_LABELS_INTERNAL_H

#include "measures/contingency_internal.h"

/* Per item id, its labels (ascending ids) and their weights, in compressed rows. */
typedef struct ce_item_labels {
  size_t item_count;
  uint32_t *start; /* item_count + 1 */
  uint32_t *labels;
  uint64_t *weights;
} ce_item_labels;

/*
 * Groups `cells` keyed (item, label) by item, less the weights of `less` (NULL: none; its
 * keys among those of `cells`): a label whose weight falls to 0 is left out, and so is an
 * item with none left. Applies --min-share, to the remaining weights, when `min_share` > 0.
 */
ce_status ce__item_labels_build(ce_item_labels *out, const ce_cells *cells, const ce_cells *less,
                                size_t item_count, double min_share);
void ce__item_labels_free(ce_item_labels *labels);

static inline size_t ce__item_label_count(const ce_item_labels *labels, uint32_t item) {
  return item < labels->item_count ? labels->start[item + 1] - labels->start[item] : 0;
}

#endif
