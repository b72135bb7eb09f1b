#include <stdlib.h>
#include <string.h>

#include "run/baselines_internal.h"
#include "run/input_internal.h"
#include "common/rng_internal.h"

/* The stream of the seed that the random baseline draws from (hill climbing uses others). */
#define RANDOM_BASELINE_STREAM UINT64_C(0x6261736500)

/* The item's most frequent gold class; ties go to the class first in byte order. */
static uint32_t majority_class(const ce_item_labels *gold, const uint32_t *class_rank,
                               uint32_t item) {
  uint32_t best = UINT32_MAX;
  uint64_t best_weight = 0;
  for (uint32_t j = gold->start[item]; j < gold->start[item + 1]; j++) {
    uint32_t cls = gold->labels[j];
    uint64_t weight = gold->weights[j];
    if (best == UINT32_MAX || weight > best_weight ||
        (weight == best_weight && class_rank[cls] < class_rank[best])) {
      best = cls;
      best_weight = weight;
    }
  }
  return best;
}

static ce_status put_label(ce_row *row, const char *prefix, const char *text, size_t len,
                           uint32_t *cluster) {
  ce_buf label = {0};
  ce_status status = ce__buf_puts(&label, prefix);
  if (!status) status = ce__buf_append(&label, text, len);
  if (!status) status = ce__intern_put(&row->clusters, label.data, label.len, cluster, NULL);
  ce__buf_free(&label);
  return status;
}

/* Random: shuffle the items, then deal them out in blocks sized like the gold classes. */
static ce_status deal_random(const ce_eval *ev, const uint32_t *majority, const uint32_t *evaluated,
                             size_t count, ce_row *row, uint32_t *cluster_of) {
  const ce_intern *classes = &ev->inputs[0].labels;
  size_t class_count = ce__intern_count(classes);
  uint64_t *sizes = calloc(class_count ? class_count : 1, sizeof *sizes);
  uint32_t *order = malloc((count ? count : 1) * sizeof *order);
  ce_status status = sizes && order ? CE_OK : CE_ERR_NOMEM;
  if (!status) {
    for (size_t i = 0; i < count; i++) sizes[majority[i]]++;
    for (size_t i = 0; i < count; i++) order[i] = (uint32_t)i;
    ce_rng rng;
    ce__rng_seed(&rng, (uint64_t)ev->options[CE_OPT_SEED], RANDOM_BASELINE_STREAM);
    ce__rng_shuffle_u32(&rng, order, count);
  }
  size_t next = 0;
  for (uint32_t cls = 0; cls < class_count && !status; cls++) {
    if (!sizes[cls]) continue;
    size_t len;
    const char *text = ce__intern_get(classes, cls, &len);
    uint32_t cluster;
    status = put_label(row, "random:", text, len, &cluster);
    for (uint64_t n = 0; n < sizes[cls] && !status; n++)
      cluster_of[evaluated[order[next++]]] = cluster;
  }
  free(sizes);
  free(order);
  return status;
}

static ce_status assign_clusters(const ce_eval *ev, ce_baseline baseline,
                                 const ce_item_labels *gold, const uint32_t *evaluated,
                                 size_t count, ce_row *row, uint32_t *cluster_of) {
  const ce_intern *classes = &ev->inputs[0].labels;
  uint32_t *rank = NULL, *majority = malloc((count ? count : 1) * sizeof *majority);
  ce_status status = majority ? ce__intern_ranks(classes, &rank) : CE_ERR_NOMEM;
  for (size_t i = 0; i < count && !status; i++)
    majority[i] = majority_class(gold, rank, evaluated[i]);
  uint32_t cluster = 0;
  if (!status && baseline == CE_BASELINE_ONE) status = put_label(row, "", "one", 3, &cluster);
  for (size_t i = 0; i < count && !status; i++) {
    uint32_t item = evaluated[i];
    size_t len;
    const char *text;
    switch (baseline) {
      case CE_BASELINE_SINGLETONS:
        text = ce__intern_get(&ev->items, item, &len);
        status = put_label(row, "", text, len, &cluster);
        break;
      case CE_BASELINE_MAJORITY:
        text = ce__intern_get(classes, majority[i], &len);
        status = put_label(row, "", text, len, &cluster);
        break;
      default:
        break;
    }
    cluster_of[item] = cluster;
  }
  if (!status && baseline == CE_BASELINE_RANDOM)
    status = deal_random(ev, majority, evaluated, count, row, cluster_of);
  free(rank);
  free(majority);
  return status;
}

ce_status ce__baseline_clusters(const ce_eval *ev, ce_baseline baseline, const ce_item_labels *gold,
                                const uint32_t *evaluated, size_t evaluated_count, ce_row *row,
                                ce_item_labels *out) {
  size_t item_total = gold->item_count;
  memset(out, 0, sizeof *out);
  uint32_t *cluster_of = malloc((item_total ? item_total : 1) * sizeof *cluster_of);
  out->start = calloc(item_total + 1, sizeof *out->start);
  out->labels = malloc((evaluated_count ? evaluated_count : 1) * sizeof *out->labels);
  out->weights = calloc(evaluated_count ? evaluated_count : 1, sizeof *out->weights);
  ce_status status = cluster_of && out->start && out->labels && out->weights ? CE_OK : CE_ERR_NOMEM;
  if (!status) {
    for (size_t i = 0; i < item_total; i++) cluster_of[i] = UINT32_MAX;
    status = assign_clusters(ev, baseline, gold, evaluated, evaluated_count, row, cluster_of);
  }
  if (!status) {
    out->item_count = item_total;
    size_t written = 0;
    for (size_t item = 0; item < item_total; item++) {
      if (cluster_of[item] != UINT32_MAX) {
        out->labels[written] = cluster_of[item];
        out->weights[written++] = 1;
      }
      out->start[item + 1] = (uint32_t)written;
    }
  }
  free(cluster_of);
  if (status) ce__item_labels_free(out);
  return status;
}
