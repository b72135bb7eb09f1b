/*
 * Extended BCubed over items (Amigó, Gonzalo, Artiles & Verdejo 2009, "multiplicity
 * BCubed"; SPEC §3.3), defined for polysemous entries and needing no mapping:
 *   P(e) = mean over e' with B_e ∩ B_e' ≠ ∅ of min(|B_e ∩ B_e'|, |A_e ∩ A_e'|) / |B_e ∩ B_e'|
 *   R(e) = mean over e' with A_e ∩ A_e' ≠ ∅ of min(|B_e ∩ B_e'|, |A_e ∩ A_e'|) / |A_e ∩ A_e'|
 * (e' = e included); precision and recall are the means of P(e) and R(e) over items, F their
 * harmonic mean.
 *
 * Conventions: an item with an empty induced entry has no P(e) (there is no e' to average
 * over) and stays out of the precision mean; its R(e) is 0. An empty mean is 0, and F is 0
 * when precision and recall both are.
 *
 * Items with the same gold and induced entries have the same P(e) and R(e) and weigh alike as
 * e', so they are counted once with a multiplicity. A term is non-zero only when e and e'
 * share a cluster, so the pairs visited are the groups sharing a cluster, found through the
 * inverse index; R's denominator, #{e' : A_e ∩ A_e' ≠ ∅}, depends on the gold entry alone
 * and comes from the pairs of distinct gold entries sharing a class. Never all l² pairs.
 */
#include <stdlib.h>
#include <string.h>

#include "measures/measures_ebcubed_internal.h"

typedef struct entry_key {
  const uint32_t *gold, *system;
  uint32_t gold_n, system_n, item;
} entry_key;

static int compare_ids(const uint32_t *x, uint32_t xn, const uint32_t *y, uint32_t yn) {
  if (xn != yn) return xn < yn ? -1 : 1;
  for (uint32_t j = 0; j < xn; j++)
    if (x[j] != y[j]) return x[j] < y[j] ? -1 : 1;
  return 0;
}

static int same_entry(const entry_key *x, const entry_key *y) {
  return !compare_ids(x->gold, x->gold_n, y->gold, y->gold_n) &&
         !compare_ids(x->system, x->system_n, y->system, y->system_n);
}

/* By entries, then by item: a total order, so every qsort gives the same groups. */
static int compare_keys(const void *xp, const void *yp) {
  const entry_key *x = xp, *y = yp;
  int order = compare_ids(x->gold, x->gold_n, y->gold, y->gold_n);
  if (!order) order = compare_ids(x->system, x->system_n, y->system, y->system_n);
  if (!order) order = x->item < y->item ? -1 : x->item > y->item;
  return order;
}

/* |x ∩ y| of two ascending id lists. A short list against a long one (a frequent item's
 * thousands of labels against a rare one's few) searches the long one by bisection, each
 * search starting past the last: O(short · log long) rather than O(long). */
static uint32_t intersection(const uint32_t *x, uint32_t xn, const uint32_t *y, uint32_t yn) {
  if (xn > yn) return intersection(y, yn, x, xn);
  uint32_t i = 0, j = 0, count = 0;
  if ((uint64_t)xn * 16 < yn) {
    for (; i < xn && j < yn; i++) {
      uint32_t lo = j, hi = yn;
      while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (y[mid] < x[i])
          lo = mid + 1;
        else
          hi = mid;
      }
      j = lo;
      if (j < yn && y[j] == x[i]) count++, j++;
    }
    return count;
  }
  while (i < xn && j < yn) {
    if (x[i] < y[j])
      i++;
    else if (x[i] > y[j])
      j++;
    else
      count++, i++, j++;
  }
  return count;
}

/* CSR rows label → groups from the groups' gold (system = 0) or induced label lists. */
static ce_status invert(size_t groups, size_t labels, const entry_key *reps, int system,
                        uint32_t **start_out, uint32_t **list_out) {
  uint32_t *start = calloc(labels + 1, sizeof *start);
  size_t total = 0;
  for (size_t g = 0; g < groups; g++) total += system ? reps[g].system_n : reps[g].gold_n;
  uint32_t *list = malloc((total ? total : 1) * sizeof *list);
  if (!start || !list) {
    free(start);
    free(list);
    return CE_ERR_NOMEM;
  }
  for (size_t g = 0; g < groups; g++) {
    const uint32_t *ids = system ? reps[g].system : reps[g].gold;
    uint32_t count = system ? reps[g].system_n : reps[g].gold_n;
    for (uint32_t j = 0; j < count; j++) start[ids[j] + 1]++;
  }
  for (size_t x = 0; x < labels; x++) start[x + 1] += start[x];
  for (size_t g = 0; g < groups; g++) {
    const uint32_t *ids = system ? reps[g].system : reps[g].gold;
    uint32_t count = system ? reps[g].system_n : reps[g].gold_n;
    for (uint32_t j = 0; j < count; j++) list[start[ids[j]]++] = (uint32_t)g;
  }
  for (size_t x = labels; x > 0; x--) start[x] = start[x - 1];
  start[0] = 0;
  *start_out = start;
  *list_out = list;
  return CE_OK;
}

ce_status ce__extended_bcubed(const ce_entries *e, double *precision, double *recall, double *f) {
  *precision = *recall = *f = 0.0;
  size_t l = e->items;
  if (!l) return CE_OK;
  if (l >= UINT32_MAX) return CE_ERR_USAGE;
  for (size_t j = 0; j < e->class_start[l]; j++)
    if (e->class_ids[j] >= e->classes) return CE_ERR_USAGE;
  for (size_t j = 0; j < e->cluster_start[l]; j++)
    if (e->cluster_ids[j] >= e->clusters) return CE_ERR_USAGE;
  entry_key *keys = malloc(l * sizeof *keys);
  uint32_t *weight = malloc(l * sizeof *weight);
  uint32_t *class_start = NULL, *class_groups = NULL, *cluster_start = NULL, *cluster_groups = NULL;
  uint32_t *shared_b = calloc(l, sizeof *shared_b), *touched = malloc(l * sizeof *touched);
  /* Per gold group: its first group, items, R's denominator, a visit stamp, its entry. */
  uint32_t *gold_rep = malloc(l * sizeof *gold_rep), *gold_of = malloc(l * sizeof *gold_of);
  uint64_t *gold_weight = malloc(l * sizeof *gold_weight);
  uint64_t *recall_den = malloc(l * sizeof *recall_den);
  uint32_t *stamp = calloc(l, sizeof *stamp);
  entry_key *gold_keys = malloc(l * sizeof *gold_keys);
  ce_status status = CE_OK;
  if (!keys || !weight || !shared_b || !touched || !gold_rep || !gold_of || !gold_weight ||
      !recall_den || !stamp || !gold_keys) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (uint32_t i = 0; i < l; i++) {
    keys[i].gold = e->class_ids + e->class_start[i];
    keys[i].gold_n = e->class_start[i + 1] - e->class_start[i];
    keys[i].system = e->cluster_ids + e->cluster_start[i];
    keys[i].system_n = e->cluster_start[i + 1] - e->cluster_start[i];
    keys[i].item = i;
  }
  qsort(keys, l, sizeof *keys, compare_keys);
  /* Groups of equal entries: keys[g] becomes group g's representative. */
  size_t groups = 0;
  for (size_t i = 0; i < l; i++) {
    if (groups && same_entry(&keys[groups - 1], &keys[i])) {
      weight[groups - 1]++;
    } else {
      keys[groups] = keys[i];
      weight[groups++] = 1;
    }
  }
  /* Gold groups: runs of groups with the same gold entry, which the sort made adjacent. */
  size_t gold_groups = 0;
  for (size_t g = 0; g < groups; g++) {
    if (!gold_groups ||
        compare_ids(keys[gold_rep[gold_groups - 1]].gold, keys[gold_rep[gold_groups - 1]].gold_n,
                    keys[g].gold, keys[g].gold_n)) {
      gold_rep[gold_groups] = (uint32_t)g;
      gold_weight[gold_groups++] = 0;
    }
    gold_of[g] = (uint32_t)(gold_groups - 1);
    gold_weight[gold_groups - 1] += weight[g];
  }
  for (size_t x = 0; x < gold_groups; x++) gold_keys[x] = keys[gold_rep[x]];
  status = invert(gold_groups, e->classes, gold_keys, 0, &class_start, &class_groups);
  if (!status) status = invert(groups, e->clusters, keys, 1, &cluster_start, &cluster_groups);
  if (status) goto done;
  /* R's denominator depends on the gold entry only: the items whose gold entry meets it. */
  for (size_t x = 0; x < gold_groups; x++) {
    uint64_t count = 0;
    for (uint32_t j = 0; j < gold_keys[x].gold_n; j++) {
      uint32_t c = gold_keys[x].gold[j];
      for (uint32_t q = class_start[c]; q < class_start[c + 1]; q++) {
        uint32_t y = class_groups[q];
        if (stamp[y] == x + 1) continue;
        stamp[y] = (uint32_t)(x + 1);
        count += gold_weight[y];
      }
    }
    recall_den[x] = count;
  }
  /* Every other term needs B_e ∩ B_e' ≠ ∅ (else the min is 0): e' sharing a cluster. */
  double p_sum = 0.0, r_sum = 0.0;
  uint64_t p_items = 0;
  for (size_t g = 0; g < groups; g++) {
    size_t touched_n = 0;
    for (uint32_t j = 0; j < keys[g].system_n; j++) {
      uint32_t k = keys[g].system[j];
      for (uint32_t q = cluster_start[k]; q < cluster_start[k + 1]; q++) {
        uint32_t h = cluster_groups[q];
        if (!shared_b[h]++) touched[touched_n++] = h;
      }
    }
    double p_num = 0.0, r_num = 0.0;
    uint64_t p_den = 0;
    for (size_t t = 0; t < touched_n; t++) {
      uint32_t h = touched[t], b = shared_b[h];
      uint32_t a = intersection(keys[g].gold, keys[g].gold_n, keys[h].gold, keys[h].gold_n);
      double both = a < b ? a : b; /* min(|B ∩ B'|, |A ∩ A'|) */
      p_num += weight[h] * (both / b);
      p_den += weight[h];
      if (a) r_num += weight[h] * (both / a);
      shared_b[h] = 0;
    }
    if (p_den) { /* the group shares its own clusters: p_den >= its weight */
      p_sum += weight[g] * (p_num / (double)p_den);
      p_items += weight[g];
    }
    uint64_t r_den = recall_den[gold_of[g]]; /* >= the group's weight; 0 without gold */
    if (r_den) r_sum += weight[g] * (r_num / (double)r_den);
  }
  *precision = p_items ? p_sum / (double)p_items : 0.0;
  *recall = r_sum / (double)l;
  *f = *precision + *recall > 0 ? 2 * *precision * *recall / (*precision + *recall) : 0.0;
done:
  free(keys);
  free(weight);
  free(class_start);
  free(class_groups);
  free(cluster_start);
  free(cluster_groups);
  free(shared_b);
  free(touched);
  free(gold_rep);
  free(gold_of);
  free(gold_weight);
  free(recall_den);
  free(stamp);
  free(gold_keys);
  return status;
}
