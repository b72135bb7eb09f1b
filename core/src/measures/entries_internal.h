/*
 * Type-level entries (SPEC §1): each item i has a gold entry A_i (a set of classes) and an
 * induced entry B_i (a set of clusters), in compressed rows (entries.c).
 */
#ifndef CE_ENTRIES_INTERNAL_H
#define CE_ENTRIES_INTERNAL_H

#include "common/util_internal.h"

/*
 * Entries in compressed rows. Item i's classes are class_ids[class_start[i] ..
 * class_start[i+1]) and its clusters cluster_ids[cluster_start[i] .. cluster_start[i+1]),
 * each sorted ascending without repeats. An item may have an empty induced entry (it
 * then matches nothing); every item has a non-empty gold entry. Ids are dense:
 * classes 0..classes-1, clusters 0..clusters-1. `class_order[c]` and `cluster_order[k]`
 * give each label's rank in byte order of the label texts, which breaks ties (SPEC §3.2).
 * The caller owns every array; ce__entries_free frees them.
 */
typedef struct ce_entries {
  size_t items, classes, clusters;
  uint32_t *class_start, *class_ids;     /* class_start has items + 1 elements */
  uint32_t *cluster_start, *cluster_ids; /* cluster_start has items + 1 elements */
  uint32_t *class_order, *cluster_order;
} ce_entries;

/*
 * Whether c is among the `n` ascending `ids` (an entry's): halved down to a few by a
 * conditional move, then compared without an early exit, for fewer mispredicted branches.
 * Random labels make entries of hundreds of ids, and searches that branch on every
 * compare (ce__lower_bound_u32) made the climb 2-6% slower at 1,000 random labels a side;
 * made branchless that one slows extended BCubed's searches, whose branches predict well
 * (full Brown against the HMM 0.86 s -> 0.90 s), so this stands apart.
 */
static inline int ce__ids_hold(const uint32_t *ids, uint32_t n, uint32_t c) {
  while (n > 8) {
    uint32_t half = n / 2;
    if (ids[half] <= c) ids += half;
    n -= half;
  }
  int found = 0;
  for (uint32_t j = 0; j < n; j++) found |= ids[j] == c;
  return found;
}

/* Frees the arrays of `entries` (may be NULL) and zeroes it. */
void ce__entries_free(ce_entries *entries);

/*
 * Builds `entries` from (item, class) and (item, cluster) pairs in any order; a repeated
 * pair counts once. `class_order` (classes elements) and `cluster_order` (clusters
 * elements) are copied; NULL means ids already sort as their labels. Returns CE_ERR_USAGE
 * for an id out of range or an item with no class, CE_ERR_NOMEM when memory runs out
 * (`entries` is then empty). Cost O(items + classes + clusters + pairs). Free with
 * ce__entries_free.
 */
ce_status ce__entries_from_pairs(ce_entries *entries, size_t items, size_t classes, size_t clusters,
                                 const uint32_t *gold_items, const uint32_t *gold_classes,
                                 size_t gold_pairs, const uint32_t *system_items,
                                 const uint32_t *system_clusters, size_t system_pairs,
                                 const uint32_t *class_order, const uint32_t *cluster_order);

/* Two sorted id lists: shorter first, then by the first id that differs; 0 if equal. */
int ce__ids_compare(const uint32_t *x, uint32_t xn, const uint32_t *y, uint32_t yn);

/* An item's two entries, for grouping items by them. */
typedef struct ce_signature {
  const uint32_t *gold, *system;
  uint32_t gold_n, system_n, item;
} ce_signature;

/*
 * Items with equal gold and equal induced entries grouped: `keys` (items elements) ends up
 * with one key a group, the groups sorted by entries, each key the group's first item in
 * item order, weight[g] its items; *groups of them. Both extended BCubed and the M-1 climb
 * take such a group as one item, weighted. `group_of` (NULL: not wanted; else items
 * elements) gets each item's group. CE_ERR_NOMEM. Cost O(Σ_i |A_i| + |B_i|) and a radix sort
 * of l keys, plus a comparison sort of the keys that tie without holding their whole
 * signatures (see entries.c).
 */
ce_status ce__entries_signatures(const ce_entries *entries, ce_signature *keys, uint32_t *weight,
                                 size_t *groups, uint32_t *group_of);

/* Items per class (`clusters` 0) or per cluster (1): one count per label (caller frees). */
ce_status ce__entries_label_sizes(const ce_entries *entries, int clusters, uint64_t **sizes);

/*
 * h(B_i) for item i: the classes mapping `cluster_to_class` sends its clusters to, each
 * once, in the order met; unmapped clusters (UINT32_MAX) give none, and so does a mapping
 * left out (NULL). `out` holds at least
 * `entries->classes` ids. Returns how many were written.
 */
size_t ce__entries_mapped(const ce_entries *entries, size_t item, const uint32_t *cluster_to_class,
                          uint32_t *out);

#endif
