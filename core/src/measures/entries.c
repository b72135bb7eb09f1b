/* Entries in compressed rows (type_internal.h): building them from pairs, freeing them. */
#include <stdlib.h>
#include <string.h>

#include "measures/entries_internal.h"

void ce__entries_free(ce_entries *entries) {
  if (!entries) return;
  free(entries->class_start);
  free(entries->class_ids);
  free(entries->cluster_start);
  free(entries->cluster_ids);
  free(entries->class_order);
  free(entries->cluster_order);
  memset(entries, 0, sizeof *entries);
}

/*
 * Rows of `labels` ids per item from `count` (item, label) pairs: a counting sort by label,
 * then by item (stable), so every row comes out ascending; repeats are then dropped.
 */
static ce_status rows_from_pairs(size_t items, size_t labels, const uint32_t *pair_items,
                                 const uint32_t *pair_labels, size_t count, uint32_t **start_out,
                                 uint32_t **ids_out) {
  uint32_t *start = calloc(items + 1, sizeof *start);
  uint32_t *by_label = malloc((count ? count : 1) * sizeof *by_label);
  size_t *label_start = calloc(labels + 1, sizeof *label_start);
  uint32_t *ids = malloc((count ? count : 1) * sizeof *ids);
  ce_status status = CE_OK;
  if (!start || !by_label || !label_start || !ids) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  if (count > UINT32_MAX) {
    status = CE_ERR_USAGE;
    goto done;
  }
  for (size_t p = 0; p < count; p++) {
    if (pair_items[p] >= items || pair_labels[p] >= labels) {
      status = CE_ERR_USAGE;
      goto done;
    }
    label_start[pair_labels[p] + 1]++;
    start[pair_items[p] + 1]++;
  }
  for (size_t l = 0; l < labels; l++) label_start[l + 1] += label_start[l];
  for (size_t p = 0; p < count; p++) by_label[label_start[pair_labels[p]]++] = (uint32_t)p;
  for (size_t i = 0; i < items; i++) start[i + 1] += start[i];
  /* Place pairs in label order; `start[i]` runs ahead as row i fills, then is restored. */
  for (size_t q = 0; q < count; q++) {
    uint32_t p = by_label[q];
    ids[start[pair_items[p]]++] = pair_labels[p];
  }
  for (size_t i = items; i > 0; i--) start[i] = start[i - 1];
  start[0] = 0;
  /* Drop repeats in place; rows only move left. */
  size_t out = 0;
  for (size_t i = 0; i < items; i++) {
    size_t begin = start[i], end = start[i + 1];
    start[i] = (uint32_t)out;
    for (size_t j = begin; j < end; j++)
      if (j == begin || ids[j] != ids[j - 1]) ids[out++] = ids[j];
  }
  start[items] = (uint32_t)out;
done:
  free(by_label);
  free(label_start);
  if (status) {
    free(start);
    free(ids);
    start = ids = NULL;
  }
  *start_out = start;
  *ids_out = ids;
  return status;
}

static ce_status copy_order(const uint32_t *order, size_t count, uint32_t **out) {
  *out = malloc((count ? count : 1) * sizeof **out);
  if (!*out) return CE_ERR_NOMEM;
  for (size_t i = 0; i < count; i++) (*out)[i] = order ? order[i] : (uint32_t)i;
  return CE_OK;
}

ce_status ce__entries_from_pairs(ce_entries *entries, size_t items, size_t classes, size_t clusters,
                                 const uint32_t *gold_items, const uint32_t *gold_classes,
                                 size_t gold_pairs, const uint32_t *system_items,
                                 const uint32_t *system_clusters, size_t system_pairs,
                                 const uint32_t *class_order, const uint32_t *cluster_order) {
  memset(entries, 0, sizeof *entries);
  if (items >= UINT32_MAX || classes >= UINT32_MAX || clusters >= UINT32_MAX) return CE_ERR_USAGE;
  entries->items = items;
  entries->classes = classes;
  entries->clusters = clusters;
  ce_status status = rows_from_pairs(items, classes, gold_items, gold_classes, gold_pairs,
                                     &entries->class_start, &entries->class_ids);
  if (!status)
    status = rows_from_pairs(items, clusters, system_items, system_clusters, system_pairs,
                             &entries->cluster_start, &entries->cluster_ids);
  if (!status) status = copy_order(class_order, classes, &entries->class_order);
  if (!status) status = copy_order(cluster_order, clusters, &entries->cluster_order);
  for (size_t i = 0; !status && i < items; i++)
    if (entries->class_start[i] == entries->class_start[i + 1]) status = CE_ERR_USAGE;
  if (status) ce__entries_free(entries);
  return status;
}

ce_status ce__entries_label_sizes(const ce_entries *entries, int clusters, uint64_t **sizes) {
  size_t labels = clusters ? entries->clusters : entries->classes;
  const uint32_t *start = clusters ? entries->cluster_start : entries->class_start;
  const uint32_t *ids = clusters ? entries->cluster_ids : entries->class_ids;
  *sizes = calloc(labels ? labels : 1, sizeof **sizes);
  if (!*sizes) return CE_ERR_NOMEM;
  for (size_t j = 0; entries->items && j < start[entries->items]; j++) (*sizes)[ids[j]]++;
  return CE_OK;
}

size_t ce__entries_mapped(const ce_entries *entries, size_t item, const uint32_t *cluster_to_class,
                          uint32_t *out) {
  size_t count = 0;
  if (!cluster_to_class) return 0;
  for (uint32_t j = entries->cluster_start[item]; j < entries->cluster_start[item + 1]; j++) {
    uint32_t c = cluster_to_class[entries->cluster_ids[j]];
    int seen = c == UINT32_MAX;
    for (size_t s = 0; s < count && !seen; s++) seen = out[s] == c;
    if (!seen) out[count++] = c;
  }
  return count;
}

int ce__ids_compare(const uint32_t *x, uint32_t xn, const uint32_t *y, uint32_t yn) {
  if (xn != yn) return xn < yn ? -1 : 1;
  for (uint32_t j = 0; j < xn; j++)
    if (x[j] != y[j]) return x[j] < y[j] ? -1 : 1;
  return 0;
}

static int same_signature(const ce_signature *x, const ce_signature *y) {
  return !ce__ids_compare(x->gold, x->gold_n, y->gold, y->gold_n) &&
         !ce__ids_compare(x->system, x->system_n, y->system, y->system_n);
}

/* By entries, then by item: a total order, so every sort gives the same groups. */
static int compare_signatures(const void *xp, const void *yp) {
  const ce_signature *x = xp, *y = yp;
  int order = ce__ids_compare(x->gold, x->gold_n, y->gold, y->gold_n);
  if (!order) order = ce__ids_compare(x->system, x->system_n, y->system, y->system_n);
  if (!order) order = x->item < y->item ? -1 : x->item > y->item;
  return order;
}

static ce_signature signature_of(const ce_entries *e, uint32_t i) {
  ce_signature x = {e->class_ids + e->class_start[i], e->cluster_ids + e->cluster_start[i],
                    e->class_start[i + 1] - e->class_start[i],
                    e->cluster_start[i + 1] - e->cluster_start[i], i};
  return x;
}

/* Bits that hold every value up to `most`. */
static unsigned width_of(size_t most) {
  unsigned width = 0;
  while (width < 32 && most >> width) width++;
  return width;
}

/* A 64-bit key, filled from its top bit: fields of fixed widths, while they fit. */
typedef struct key_bits {
  uint64_t key;
  unsigned left; /* bits not yet written */
  int whole;     /* every field so far written in full */
} key_bits;

static void key_put(key_bits *k, uint32_t value, unsigned width) {
  if (!k->whole || !width) return;
  if (width <= k->left) {
    k->left -= width;
    k->key |= (uint64_t)value << k->left;
    return;
  }
  if (k->left) k->key |= (uint64_t)value >> (width - k->left); /* its top bits */
  k->left = 0;
  k->whole = 0;
}

static void key_put_ids(key_bits *k, const uint32_t *ids, uint32_t n, unsigned width) {
  key_put(k, n, width);
  for (uint32_t j = 0; j < n && k->whole; j++) key_put(k, ids[j], width);
}

/*
 * The signature's order (compare_signatures without the item) in 64 bits: |A_i|, A_i,
 * |B_i|, B_i, each in as many bits as its largest value needs, as far as they fit (the last
 * one cut to its top bits). Keys that differ order their signatures as the full comparison
 * does; equal keys that hold every field (`*whole`) are equal signatures. Where a key is
 * cut, every signature with the same key has its counts, hence its fields, at the same
 * places, and is cut too.
 */
static uint64_t signature_key(const ce_signature *x, unsigned class_width, unsigned cluster_width,
                              int *whole) {
  key_bits k = {0, 64, 1};
  key_put_ids(&k, x->gold, x->gold_n, class_width);
  key_put_ids(&k, x->system, x->system_n, cluster_width);
  *whole = k.whole;
  return k.key;
}

/*
 * Where every item holds one gold class that no other item holds (one-token types, each its
 * own class), the signatures differ in that class, which their order compares first after
 * |A_i| = 1: the items in class id order, without the sort. 1 when so (`keys` filled), 0 when
 * not (nothing written), -1 out of memory.
 */
static int signatures_by_class(const ce_entries *e, ce_signature *keys) {
  size_t l = e->items, n = e->classes, at = 0;
  for (size_t i = 0; i < l; i++)
    if (e->class_start[i + 1] - e->class_start[i] != 1) return 0;
  uint32_t *item_of = malloc((n ? n : 1) * sizeof *item_of);
  if (!item_of) return -1;
  for (size_t c = 0; c < n; c++) item_of[c] = UINT32_MAX;
  int distinct = 1;
  for (uint32_t i = 0; i < l && distinct; i++) {
    uint32_t c = e->class_ids[e->class_start[i]];
    distinct = item_of[c] == UINT32_MAX;
    item_of[c] = i;
  }
  for (size_t c = 0; c < n && distinct; c++)
    if (item_of[c] != UINT32_MAX) keys[at++] = signature_of(e, item_of[c]);
  free(item_of);
  return distinct;
}

/*
 * Every item's signature into `keys`, sorted as compare_signatures sorts: by their keys
 * (a radix sort of (key, item) pairs, stable, so equal signatures stay in item order),
 * then the runs of equal keys that are cut short by the comparison itself. Ties of whole
 * keys are equal signatures; on entries like the full Brown corpus's nearly every key is
 * whole, so the comparison sort, which called its comparison about l·log2(l) times, now
 * runs on few and short runs.
 */
static ce_status signatures_sort(const ce_entries *e, ce_signature *keys) {
  size_t l = e->items;
  int by_class = signatures_by_class(e, keys);
  if (by_class) return by_class < 0 ? CE_ERR_NOMEM : CE_OK;
  unsigned class_width = width_of(e->classes), cluster_width = width_of(e->clusters);
  uint64_t *pairs = malloc((l ? l : 1) * 2 * sizeof *pairs);
  if (!pairs) return CE_ERR_NOMEM;
  int whole;
  for (uint32_t i = 0; i < l; i++) {
    ce_signature x = signature_of(e, i);
    pairs[2 * i] = signature_key(&x, class_width, cluster_width, &whole);
    pairs[2 * i + 1] = i;
  }
  ce_status status = ce__sort_pairs_u64(pairs, l);
  if (status) {
    free(pairs);
    return status;
  }
  for (size_t j = 0; j < l; j++) keys[j] = signature_of(e, (uint32_t)pairs[2 * j + 1]);
  for (size_t begin = 0, end; !status && begin < l; begin = end) {
    for (end = begin + 1; end < l && pairs[2 * end] == pairs[2 * begin]; end++) continue;
    if (end - begin < 2) continue;
    signature_key(&keys[begin], class_width, cluster_width, &whole);
    if (!whole) status = ce__sort(keys + begin, end - begin, sizeof *keys, compare_signatures);
  }
  free(pairs);
  return status;
}

ce_status ce__entries_signatures(const ce_entries *e, ce_signature *keys, uint32_t *weight,
                                 size_t *groups_out, uint32_t *group_of) {
  size_t l = e->items, groups = 0;
  ce_status status = signatures_sort(e, keys);
  if (status) return status;
  for (size_t i = 0; i < l; i++) {
    uint32_t item = keys[i].item;
    if (groups && same_signature(&keys[groups - 1], &keys[i])) {
      weight[groups - 1]++;
    } else {
      keys[groups] = keys[i];
      weight[groups++] = 1;
    }
    if (group_of) group_of[item] = (uint32_t)(groups - 1);
  }
  *groups_out = groups;
  return CE_OK;
}
