/* Entries from counted (item, label) weights, and the items a row evaluates (typeset.c). */
#ifndef CE_TYPESET_INTERNAL_H
#define CE_TYPESET_INTERNAL_H

#include "run/eval_internal.h"

/* Per item id, its labels (ascending ids) and their weights, in compressed rows. */
typedef struct ce_item_labels {
  size_t item_count;
  uint32_t *start; /* item_count + 1 */
  uint32_t *labels;
  uint64_t *weights;
} ce_item_labels;

/* Groups `cells` keyed (item, label) by item; applies --min-share when `min_share` > 0. */
ce_status ce__item_labels_build(ce_item_labels *out, const ce_cells *cells, size_t item_count,
                                double min_share);
void ce__item_labels_free(ce_item_labels *labels);

static inline size_t ce__item_label_count(const ce_item_labels *labels, uint32_t item) {
  return item < labels->item_count ? labels->start[item + 1] - labels->start[item] : 0;
}

/* The ids of `table` in byte order of their strings (caller frees). */
ce_status ce__sorted_ids(const ce_intern *table, uint32_t **ids);
/* ranks[id] = the position of id's string in byte order (caller frees). */
ce_status ce__label_ranks(const ce_intern *table, uint32_t **ranks);

/*
 * Fills row->entries and row->entry_items for the `evaluated` gold items: gold entries
 * from `gold`, system entries from `system` (by item id), where the label
 * `unclustered_id` and absent items follow the policy (SPEC §2): merge into one cluster,
 * split into clusters of their own, or drop. Counts row->missing. row->clusters must hold
 * the system's labels; synthesized clusters are added to it.
 */
ce_status ce__row_entries(const ce_eval *ev, ce_row *row, const ce_item_labels *gold,
                          const ce_item_labels *system, uint32_t unclustered_id,
                          const uint32_t *evaluated, size_t evaluated_count, size_t classes);

#endif
