/* The entries of the items a row evaluates, with the unclustered policy (typeset.c). */
#ifndef CE_TYPESET_INTERNAL_H
#define CE_TYPESET_INTERNAL_H

#include "run/item_labels_internal.h"
#include "run/row_internal.h"
#include "run/run_internal.h"

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

/* The label of an unclustered item of its own under `split` (SPEC §2): "<unclustered:ITEM>". */
ce_status ce__split_label(ce_buf *out, const ce_eval *ev, uint32_t item);
/*
 * Where a counted token that carries the unclustered label goes (SPEC §2), in token mode and
 * in joint counts: under merge *cluster stays the label, under split it becomes the item's
 * own cluster (interned in `clusters`), under drop UINT32_MAX: the token leaves both sides.
 */
ce_status ce__unclustered_token(const ce_eval *ev, ce_intern *clusters, uint32_t item,
                                uint32_t *cluster);

/* The one cluster of unclustered items under `merge` when the system names none. */
#define CE_MERGED_LABEL "<unclustered>"

#endif
