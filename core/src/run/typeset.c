/*
 * The entries of the items a row evaluates (SPEC §2): gold's labels by item beside the
 * system's, with the policy for unclustered gold items (merge, split, drop) applied to the
 * system side.
 */
#include <stdlib.h>
#include <string.h>

#include "common/parallel_internal.h"
#include "common/util_internal.h"
#include "run/input_internal.h"
#include "run/typeset_internal.h"

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

ce_status ce__split_label(ce_buf *out, const ce_eval *ev, uint32_t item) {
  size_t len;
  const char *text = ce__intern_get(&ev->items, item, &len);
  out->len = 0;
  ce_status status = ce__buf_puts(out, "<unclustered:");
  if (!status) status = ce__buf_append(out, text, len);
  return status ? status : ce__buf_puts(out, ">");
}

ce_status ce__unclustered_token(const ce_eval *ev, ce_intern *clusters, uint32_t item,
                                uint32_t *cluster) {
  ce_unclustered policy = (ce_unclustered)ev->options[CE_OPT_UNCLUSTERED];
  if (policy == CE_UNCLUSTERED_DROP) *cluster = UINT32_MAX;
  if (policy != CE_UNCLUSTERED_SPLIT) return CE_OK;
  ce_buf label = {0};
  ce_status status = ce__split_label(&label, ev, item);
  if (!status) status = ce__intern_put(clusters, label.data, label.len, cluster, NULL);
  ce__buf_free(&label);
  return status;
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
    ce__sort_u32(b->cluster_ids + first, b->cluster_len - first);
  return status;
}

static void builder_free(entry_builder *b) {
  free(b->class_ids);
  free(b->cluster_ids);
  free(b->items);
}

/* The label orders of an entries table, gold's classes and the row's clusters: side by side
 * where both tables are large (10^6 one-token types: two sorts of 10^6 and 486,857 strings,
 * 58 ms on one thread between reading and scoring); each task writes its own. */
#define CE_RANKS_APART 65536

typedef struct ranks_job {
  const ce_intern *table[2];
  uint32_t **ranks[2];
  ce_status status[2];
} ranks_job;

static void ranks_task(void *context, size_t t) {
  ranks_job *job = context;
  job->status[t] = ce__intern_ranks(job->table[t], job->ranks[t]);
}

static ce_status label_ranks(const ce_eval *ev, ce_row *row, ce_entries *e) {
  ranks_job job = {{&ev->inputs[0].labels, &row->clusters},
                   {&e->class_order, &e->cluster_order},
                   {CE_OK, CE_OK}};
  int apart = ce__intern_count(job.table[0]) >= CE_RANKS_APART &&
              ce__intern_count(job.table[1]) >= CE_RANKS_APART;
  ce__parallel_for(2, apart ? (unsigned)ev->options[CE_OPT_THREADS] : 1, ranks_task, &job);
  return job.status[0] ? job.status[0] : job.status[1];
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
    if (!ce__item_label_count(gold, item)) continue; /* every token of it was dropped */
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
    status = label_ranks(ev, row, e);
  }
  builder_free(&b);
  if (!status) row->has_entries = 1;
  return status;
}
