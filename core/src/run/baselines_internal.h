/* The baseline rows of SPEC §3.4, as induced entries built from gold (baselines.c). */
#ifndef CE_BASELINES_INTERNAL_H
#define CE_BASELINES_INTERNAL_H

#include "run/item_labels_internal.h"
#include "run/row_internal.h"
#include "run/run_internal.h"

/*
 * One cluster per evaluated item (the baselines are monosemous): `one` puts every item
 * in one cluster; `singletons` each in its own; `majority` gives each its most frequent
 * gold label (ties to the label first in byte order); `random` gives each gold class a
 * cluster with as many items as the class has by majority label, drawn at random
 * (seeded: CE_OPT_SEED) from the items (Frank, Goldwater & Keller 2009). Every token of
 * an item follows it. Cluster labels go to row->clusters; `out` is indexed by item id.
 */
ce_status ce__baseline_clusters(const ce_eval *ev, ce_baseline baseline, const ce_item_labels *gold,
                                const uint32_t *evaluated, size_t evaluated_count, ce_row *row,
                                ce_item_labels *out);

#endif
