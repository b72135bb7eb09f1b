/*
 * From counted (item, label) weights to entries (SPEC §2 "types from tokens", lexicon
 * mode, unclustered gold items): per item, its sorted labels; then the entries of the
 * items a row evaluates, with the unclustered policy applied to the system side.
 */
#include <stdlib.h>
#include <string.h>

#include "run/typeset_internal.h"

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

ce_status ce__item_labels_build(ce_item_labels *out, const ce_cells *cells, size_t item_count,
                                double min_share) {
  memset(out, 0, sizeof *out);
  size_t n = cells->used;
  uint64_t *pairs = NULL;
  ce__cells_sorted(cells, &pairs); /* by item, then label */
  out->start = calloc(item_count + 1, sizeof *out->start);
  out->labels = malloc((n ? n : 1) * sizeof *out->labels);
  out->weights = malloc((n ? n : 1) * sizeof *out->weights);
  if (!pairs || !out->start || !out->labels || !out->weights) {
    free(pairs);
    ce__item_labels_free(out);
    return CE_ERR_NOMEM;
  }
  out->item_count = item_count;
  size_t written = 0;
  for (size_t i = 0; i < n;) {
    uint32_t item = (uint32_t)(pairs[2 * i] >> 32);
    size_t first = written;
    for (; i < n && (uint32_t)(pairs[2 * i] >> 32) == item; i++) {
      out->labels[written] = (uint32_t)pairs[2 * i];
      out->weights[written++] = pairs[2 * i + 1];
    }
    written =
        first + keep_shared(out->labels + first, out->weights + first, written - first, min_share);
    out->start[item + 1] = (uint32_t)(written - first);
  }
  for (size_t item = 0; item < item_count; item++) out->start[item + 1] += out->start[item];
  free(pairs);
  return CE_OK;
}

/* Byte order of two interned strings. */
static int compare_text(const ce_intern *table, uint32_t a, uint32_t b) {
  size_t len_a, len_b;
  const char *text_a = ce__intern_get(table, a, &len_a);
  const char *text_b = ce__intern_get(table, b, &len_b);
  int order = memcmp(text_a, text_b, len_a < len_b ? len_a : len_b);
  return order ? order : (len_a > len_b) - (len_a < len_b);
}

/* qsort has no context argument in C11: a small merge sort that takes one. */
static void sort_ids(uint32_t *ids, uint32_t *scratch, size_t count, const ce_intern *table) {
  if (count < 2) return;
  size_t half = count / 2;
  sort_ids(ids, scratch, half, table);
  sort_ids(ids + half, scratch, count - half, table);
  size_t i = 0, j = half, k = 0;
  while (i < half && j < count)
    scratch[k++] = compare_text(table, ids[j], ids[i]) < 0 ? ids[j++] : ids[i++];
  while (i < half) scratch[k++] = ids[i++];
  while (j < count) scratch[k++] = ids[j++];
  memcpy(ids, scratch, count * sizeof *ids);
}

ce_status ce__sorted_ids(const ce_intern *table, uint32_t **ids) {
  size_t count = ce__intern_count(table);
  *ids = malloc((count ? count : 1) * sizeof **ids);
  uint32_t *scratch = malloc((count ? count : 1) * sizeof *scratch);
  if (!*ids || !scratch) {
    free(*ids);
    free(scratch);
    *ids = NULL;
    return CE_ERR_NOMEM;
  }
  for (size_t i = 0; i < count; i++) (*ids)[i] = (uint32_t)i;
  sort_ids(*ids, scratch, count, table);
  free(scratch);
  return CE_OK;
}

ce_status ce__label_ranks(const ce_intern *table, uint32_t **ranks) {
  uint32_t *ids;
  ce_status status = ce__sorted_ids(table, &ids);
  if (status) return status;
  size_t count = ce__intern_count(table);
  *ranks = malloc((count ? count : 1) * sizeof **ranks);
  if (*ranks)
    for (size_t r = 0; r < count; r++) (*ranks)[ids[r]] = (uint32_t)r;
  free(ids);
  return *ranks ? CE_OK : CE_ERR_NOMEM;
}

/* Row-building scratch: the entries grow item by item. */
typedef struct entry_builder {
  uint32_t *class_ids, *cluster_ids, *items;
  size_t class_len, class_cap, cluster_len, cluster_cap, item_len, item_cap;
} entry_builder;

static ce_status push_id(uint32_t **ids, size_t *len, size_t *cap, uint32_t id) {
  if (ce__grow((void **)ids, cap, *len + 1, sizeof **ids)) return CE_ERR_NOMEM;
  (*ids)[(*len)++] = id;
  return CE_OK;
}

static int compare_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* The cluster an unclustered item gets under merge or split (SPEC §2). */
static ce_status unclustered_cluster(const ce_eval *ev, ce_row *row, uint32_t item,
                                     uint32_t unclustered_id, uint32_t *cluster) {
  if ((ce_unclustered)ev->options[CE_OPT_UNCLUSTERED] == CE_UNCLUSTERED_MERGE) {
    if (unclustered_id != UINT32_MAX) {
      *cluster = unclustered_id;
      return CE_OK;
    }
    return ce__intern_put(&row->clusters, CE_MERGED_LABEL, strlen(CE_MERGED_LABEL), cluster, NULL);
  }
  ce_buf label = {0};
  ce_status status = ce__split_label(&label, ev, item);
  if (!status) status = ce__intern_put(&row->clusters, label.data, label.len, cluster, NULL);
  ce__buf_free(&label);
  return status;
}

/* Appends item's induced entry; returns with nothing appended when the item leaves. */
static ce_status system_entry(const ce_eval *ev, ce_row *row, entry_builder *b,
                              const ce_item_labels *system, uint32_t item,
                              uint32_t unclustered_id) {
  int drop = (ce_unclustered)ev->options[CE_OPT_UNCLUSTERED] == CE_UNCLUSTERED_DROP;
  size_t first = b->cluster_len, count = ce__item_label_count(system, item);
  int unclustered = count == 0;
  ce_status status = CE_OK;
  for (size_t j = 0; j < count && !status; j++) {
    uint32_t cluster = system->labels[system->start[item] + j];
    if (cluster != unclustered_id || unclustered_id == UINT32_MAX) {
      status = push_id(&b->cluster_ids, &b->cluster_len, &b->cluster_cap, cluster);
      continue;
    }
    unclustered = 1;
    if (!drop && !(status = unclustered_cluster(ev, row, item, unclustered_id, &cluster)))
      status = push_id(&b->cluster_ids, &b->cluster_len, &b->cluster_cap, cluster);
  }
  if (!status && count == 0 && !drop) {
    uint32_t cluster;
    status = unclustered_cluster(ev, row, item, unclustered_id, &cluster);
    if (!status) status = push_id(&b->cluster_ids, &b->cluster_len, &b->cluster_cap, cluster);
  }
  row->missing += unclustered;
  if (b->cluster_len > first) /* nothing to sort (and no array yet) when the item left */
    qsort(b->cluster_ids + first, b->cluster_len - first, sizeof *b->cluster_ids, compare_u32);
  return status;
}

static void builder_free(entry_builder *b) {
  free(b->class_ids);
  free(b->cluster_ids);
  free(b->items);
}

ce_status ce__row_entries(const ce_eval *ev, ce_row *row, const ce_item_labels *gold,
                          const ce_item_labels *system, uint32_t unclustered_id,
                          const uint32_t *evaluated, size_t evaluated_count, size_t classes) {
  entry_builder b = {0};
  ce_entries *e = &row->entries;
  memset(e, 0, sizeof *e);
  e->class_start = calloc(evaluated_count + 1, sizeof *e->class_start);
  e->cluster_start = calloc(evaluated_count + 1, sizeof *e->cluster_start);
  ce_status status = e->class_start && e->cluster_start ? CE_OK : CE_ERR_NOMEM;
  for (size_t i = 0; i < evaluated_count && !status; i++) {
    uint32_t item = evaluated[i];
    size_t clusters_before = b.cluster_len;
    status = system_entry(ev, row, &b, system, item, unclustered_id);
    if (status || b.cluster_len == clusters_before) continue; /* dropped */
    for (uint32_t j = gold->start[item]; j < gold->start[item + 1] && !status; j++)
      status = push_id(&b.class_ids, &b.class_len, &b.class_cap, gold->labels[j]);
    if (!status) status = push_id(&b.items, &b.item_len, &b.item_cap, item);
    e->class_start[b.item_len] = (uint32_t)b.class_len;
    e->cluster_start[b.item_len] = (uint32_t)b.cluster_len;
  }
  if (!status) {
    e->items = b.item_len;
    e->classes = classes;
    e->clusters = ce__intern_count(&row->clusters);
    e->class_ids = b.class_ids;
    e->cluster_ids = b.cluster_ids;
    row->entry_items = b.items;
    b.class_ids = b.cluster_ids = b.items = NULL;
    status = ce__label_ranks(&ev->inputs[0].labels, &e->class_order);
    if (!status) status = ce__label_ranks(&row->clusters, &e->cluster_order);
  }
  builder_free(&b);
  if (!status) row->has_entries = 1;
  return status;
}
