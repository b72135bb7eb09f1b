/*
 * The index of entries both type-level mappings share (cluster -> items, class sizes, label
 * order), and the three polysemous measures of one mapping computed from their definitions
 * (Reichart, Abend & Rappoport 2010, §4.1, §4.2; SPEC §3.2).
 *
 * Empty denominators (SPEC §3 asks that none print NaN): with no item at all MacroI and
 * MicroI are 0; MicroC is 0 when no item is clustered (N* = 0). An item's F_i is 0 when
 * |A_i| + |h(B_i)| = 0, which the entries' contract (non-empty gold entries) rules out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measures/type_index_internal.h"
#include "common/parallel_internal.h"

/* Class c's |U_c|·F_c = 2·CM_c·|U_c| / (|U_c| + |c|) in MicroC's numerator (§4.2). */
static double micro_c_term(uint64_t cm, uint64_t t, uint64_t size) {
  return 2.0 * (double)cm * (double)t / (double)(t + size);
}

void ce__type_index_free(ce_type_index *ix) {
  if (!ix) return;
  free(ix->member_start);
  free(ix->members);
  free(ix->class_size);
  free(ix->class_by_rank);
  free(ix->cluster_by_rank);
  free(ix->group_weight);
  free(ix->class_cluster);
  free(ix->own_by_rank);
  free(ix->own_first_by_label);
  free(ix->own_first_by_id);
  ce__type_rows_free(ix);
  memset(ix, 0, sizeof *ix);
}

void ce__type_rows_free(ce_type_index *ix) {
  free(ix->rows.start);
  free(ix->rows.cell);
  memset(&ix->rows, 0, sizeof ix->rows);
}

/* A part of the rows: clusters [begin, end), into cells of its own; start[k + 1] counts
 * from the part's first cell until the parts are joined. */
typedef struct rows_part {
  const ce_type_index *ix;
  uint32_t *start; /* the index's, shared: each part writes its own clusters' */
  size_t begin, end, cells, cap;
  ce_type_cell *cell;
  ce_status status;
} rows_part;

static void rows_part_build(void *context, size_t task) {
  rows_part *part = (rows_part *)context + task;
  const ce_type_index *ix = part->ix;
  const ce_entries *e = ix->entries;
  size_t n = e->classes;
  ce_type_cell *tally = calloc(n, sizeof *tally); /* by class; count 0 between clusters */
  uint32_t *touched = malloc(n * sizeof *touched);
  part->status = tally && touched ? CE_OK : CE_ERR_NOMEM;
  for (size_t k = part->begin; k < part->end && !part->status; k++) {
    size_t count = 0;
    for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
      uint32_t i = ix->members[q];
      uint32_t a = e->class_start[i + 1] - e->class_start[i];
      uint32_t b = e->cluster_start[i + 1] - e->cluster_start[i];
      double w = 2.0 / (double)(a + b); /* MicroI's w_i, as its 1-1 weights take it */
      for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++) {
        ce_type_cell *t = &tally[e->class_ids[j]];
        if (!t->count++) touched[count++] = e->class_ids[j];
        t->single += b == 1;
        t->micro += w;
      }
    }
    if (part->cells + count > CE_TYPE_ROWS_CELLS)
      part->status = CE_ERR_UNAVAILABLE; /* past the cells: no rows */
    else
      part->status =
          ce__grow((void **)&part->cell, &part->cap, part->cells + count, sizeof *part->cell);
    for (size_t j = 0; j < count; j++) {
      ce_type_cell *t = &tally[touched[j]];
      t->class_id = touched[j];
      if (!part->status) part->cell[part->cells + j] = *t;
      memset(t, 0, sizeof *t);
    }
    part->cells += count;
    part->start[k + 1] = (uint32_t)part->cells;
  }
  free(tally);
  free(touched);
}

/* The parts joined into the index's rows: CE_ERR_UNAVAILABLE past the cells. */
static ce_status rows_join(ce_type_rows *rows, const rows_part *parts, size_t count) {
  size_t cells = 0;
  for (size_t p = 0; p < count; p++) {
    if (parts[p].status) return parts[p].status;
    cells += parts[p].cells;
  }
  if (cells > CE_TYPE_ROWS_CELLS) return CE_ERR_UNAVAILABLE;
  rows->cell = malloc((cells ? cells : 1) * sizeof *rows->cell);
  if (!rows->cell) return CE_ERR_NOMEM;
  size_t base = 0;
  for (size_t p = 0; p < count; p++) {
    const rows_part *part = &parts[p];
    for (size_t k = part->begin; k < part->end; k++) rows->start[k + 1] += (uint32_t)base;
    if (part->cells) memcpy(rows->cell + base, part->cell, part->cells * sizeof *rows->cell);
    base += part->cells;
  }
  return CE_OK;
}

ce_status ce__type_rows_build(ce_type_index *ix, uint64_t min_steps, unsigned threads) {
  const ce_entries *e = ix->entries;
  size_t m = e->clusters;
  uint64_t steps = 0;
  for (size_t i = 0; i < e->items; i++)
    steps += (uint64_t)(e->class_start[i + 1] - e->class_start[i]) *
             (e->cluster_start[i + 1] - e->cluster_start[i]);
  if (steps < min_steps || !e->classes || !m || ix->rows.start) return CE_OK;
  /* Parts of about equal steps, one a thread. */
  size_t count = ce__parallel_threads(threads);
  if (count > m) count = m;
  rows_part *parts = calloc(count, sizeof *parts);
  ix->rows.start = malloc((m + 1) * sizeof *ix->rows.start);
  if (!parts || !ix->rows.start) {
    free(parts);
    ce__type_rows_free(ix);
    return CE_ERR_NOMEM;
  }
  ix->rows.start[0] = 0;
  uint64_t done = 0;
  size_t k = 0;
  for (size_t p = 0; p < count; p++) {
    parts[p] = (rows_part){.ix = ix, .start = ix->rows.start, .begin = k};
    uint64_t until = steps / count * (p + 1);
    while (k < m && (p + 1 == count || done < until)) {
      for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
        uint32_t i = ix->members[q];
        done += e->class_start[i + 1] - e->class_start[i];
      }
      k++;
    }
    parts[p].end = k;
  }
  ce__parallel_for(count, threads, rows_part_build, parts);
  ce_status status = rows_join(&ix->rows, parts, count);
  for (size_t p = 0; p < count; p++) free(parts[p].cell);
  free(parts);
  if (status) ce__type_rows_free(ix);
  return status == CE_ERR_UNAVAILABLE ? CE_OK : status;
}

/* rank_to_id = the inverse of the permutation `order`; 0 when `order` is not one. */
static int invert_order(const uint32_t *order, size_t count, uint32_t *rank_to_id) {
  for (size_t r = 0; r < count; r++) rank_to_id[r] = UINT32_MAX;
  for (size_t id = 0; id < count; id++) {
    if (order[id] >= count || rank_to_id[order[id]] != UINT32_MAX) return 0;
    rank_to_id[order[id]] = (uint32_t)id;
  }
  return 1;
}

/* ix->group_weight from the signatures of the entries. */
static ce_status groups_build(ce_type_index *ix) {
  const ce_entries *e = ix->entries;
  size_t l = e->items ? e->items : 1, groups;
  ce_signature *keys = malloc(l * sizeof *keys);
  uint32_t *weight = malloc(l * sizeof *weight);
  ix->group_weight = calloc(l, sizeof *ix->group_weight);
  ce_status status = keys && weight && ix->group_weight ? CE_OK : CE_ERR_NOMEM;
  if (!status) status = ce__entries_signatures(e, keys, weight, &groups, NULL);
  for (size_t g = 0; !status && g < groups; g++) ix->group_weight[keys[g].item] = weight[g];
  free(keys);
  free(weight);
  return status;
}

/* ix->own_classes, and where it holds the arrays kept beside it (see ce_type_index). */
static ce_status own_classes_build(ce_type_index *ix) {
  const ce_entries *e = ix->entries;
  size_t l = e->items, n = e->classes, m = e->clusters;
  ix->own_classes = ix->one_cluster_each;
  for (size_t i = 0; i < l && ix->own_classes; i++)
    ix->own_classes = e->class_start[i + 1] - e->class_start[i] == 1;
  for (size_t c = 0; c < n && ix->own_classes; c++) ix->own_classes = ix->class_size[c] <= 1;
  if (!ix->own_classes) return CE_OK;
  ix->class_cluster = malloc((n ? n : 1) * sizeof *ix->class_cluster);
  ix->own_by_rank = malloc((n ? n : 1) * sizeof *ix->own_by_rank);
  ix->own_first_by_label = malloc((m ? m : 1) * sizeof *ix->own_first_by_label);
  ix->own_first_by_id = malloc((m ? m : 1) * sizeof *ix->own_first_by_id);
  if (!ix->class_cluster || !ix->own_by_rank || !ix->own_first_by_label || !ix->own_first_by_id)
    return CE_ERR_NOMEM; /* the caller frees the index */
  for (size_t c = 0; c < n; c++) ix->class_cluster[c] = UINT32_MAX;
  for (size_t i = 0; i < l; i++)
    if (e->cluster_start[i + 1] > e->cluster_start[i])
      ix->class_cluster[e->class_ids[e->class_start[i]]] = e->cluster_ids[e->cluster_start[i]];
  for (size_t r = 0; r < n; r++) {
    uint32_t c = ix->class_by_rank[r], k = ix->class_cluster[c];
    uint32_t size = k == UINT32_MAX ? 0 : ix->member_start[k + 1] - ix->member_start[k];
    ix->own_by_rank[r] = (ce_own_rank){k, c, size ? micro_c_term(1, size, 1) : 0.0};
  }
  for (size_t k = 0; k < m; k++) {
    ix->own_clusters += ix->member_start[k + 1] > ix->member_start[k];
    ix->own_first_by_label[k] = ix->own_first_by_id[k] = UINT32_MAX;
  }
  /* Each cluster's first class met in label order, and in id order: one pass over the
   * classes each (the 1-1 and the M-1 start of every measure read them, measures_type.c). */
  for (size_t r = 0; r < n; r++) {
    uint32_t k = ix->own_by_rank[r].cluster;
    if (k != UINT32_MAX && ix->own_first_by_label[k] == UINT32_MAX)
      ix->own_first_by_label[k] = ix->own_by_rank[r].class_id;
  }
  for (size_t c = 0; c < n; c++) {
    uint32_t k = ix->class_cluster[c];
    if (k != UINT32_MAX && ix->own_first_by_id[k] == UINT32_MAX)
      ix->own_first_by_id[k] = (uint32_t)c;
  }
  return CE_OK;
}

ce_status ce__type_index_build(ce_type_index *ix, const ce_entries *e) {
  memset(ix, 0, sizeof *ix);
  ix->entries = e;
  size_t n = e->classes, m = e->clusters, l = e->items;
  if (l >= UINT32_MAX || n >= UINT32_MAX || m >= UINT32_MAX) return CE_ERR_USAGE;
  size_t memberships = e->cluster_start[l];
  ix->member_start = calloc(m + 1, sizeof *ix->member_start);
  ix->members = malloc((memberships ? memberships : 1) * sizeof *ix->members);
  ix->class_size = calloc(n ? n : 1, sizeof *ix->class_size);
  ix->class_by_rank = malloc((n ? n : 1) * sizeof *ix->class_by_rank);
  ix->cluster_by_rank = malloc((m ? m : 1) * sizeof *ix->cluster_by_rank);
  if (!ix->member_start || !ix->members || !ix->class_size || !ix->class_by_rank ||
      !ix->cluster_by_rank) {
    ce__type_index_free(ix);
    return CE_ERR_NOMEM;
  }
  ce_status status = CE_OK;
  ix->one_cluster_each = 1;
  for (size_t i = 0; i < l && !status; i++) {
    for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++) {
      if (e->class_ids[j] >= n)
        status = CE_ERR_USAGE;
      else
        ix->class_size[e->class_ids[j]]++;
    }
    ix->gold_total += e->class_start[i + 1] - e->class_start[i];
    if (e->cluster_start[i + 1] - e->cluster_start[i] > 1) ix->one_cluster_each = 0;
    for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++) {
      if (e->cluster_ids[j] >= m)
        status = CE_ERR_USAGE;
      else
        ix->member_start[e->cluster_ids[j] + 1]++;
    }
  }
  if (!status && (!invert_order(e->class_order, n, ix->class_by_rank) ||
                  !invert_order(e->cluster_order, m, ix->cluster_by_rank)))
    status = CE_ERR_USAGE;
  if (status) {
    ce__type_index_free(ix);
    return status;
  }
  /* The inverse index cluster → items, items ascending (a counting sort). */
  for (size_t k = 0; k < m; k++) ix->member_start[k + 1] += ix->member_start[k];
  for (size_t i = 0; i < l; i++)
    for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++)
      ix->members[ix->member_start[e->cluster_ids[j]]++] = (uint32_t)i;
  for (size_t k = m; k > 0; k--) ix->member_start[k] = ix->member_start[k - 1];
  ix->member_start[0] = 0;
  status = groups_build(ix);
  if (status) {
    ce__type_index_free(ix);
    return status;
  }
  status = own_classes_build(ix);
  if (status) ce__type_index_free(ix);
  return status;
}

/*
 * Where every item holds one gold class no other item holds and sits in one cluster at most
 * (ix->own_classes), a mapping that sends every cluster with items to the class of one of its
 * own items is optimal for all three measures (§4.1, §4.2). Each clustered item has one
 * cluster, so one membership whatever the mapping: N* = Σ_c |U_c| and Σ_i |h(B_i)| are the
 * clustered items, fixed. A cluster k mapped to c matches at most one item (c's only one),
 * and matches it exactly when that item is in k. MacroI = 2·IM / (Σ|A_i| + Σ|h(B_i)|) and
 * MicroI = (1/l)·Σ_i F_i, with F_i = IM_i (|A_i| = |h(B_i)| = 1) or 0 (unclustered), both
 * grow with IM alone, which is at most one a non-empty cluster, reached there. MicroC: a class
 * c whose one item its union holds, with clusters K_c of s_k items mapped to it, has
 * g_c = |U_c|·F_c = f(Σ_{k ∈ K_c} s_k), f(s) = 2s / (s + 1); any other class has g_c = 0.
 * f is concave with f(0) = 0, so subadditive: Σ_c g_c ≤ Σ_k f(s_k), with equality where
 * every class takes one cluster at most and matches its item, as such a mapping does; and
 * MicroC = Σ_c g_c / N*. So they all score their optimum; the climbs' tie rules only choose
 * among them.
 */
int ce__own_classes_map(const ce_type_index *ix, const uint32_t *map) {
  const ce_entries *e = ix->entries;
  if (!ix->own_classes) return 0;
  for (uint32_t k = 0; k < e->clusters; k++)
    if (ix->member_start[k + 1] > ix->member_start[k] &&
        (map[k] >= e->classes || ix->class_cluster[map[k]] != k))
      return 0;
  return 1;
}

/* Per class in ce__type_values: the last item that reached it / holds it in its gold entry,
 * |U_c| and CM_c (each at most the items, below 2^32), together: the pass over the items
 * meets the classes in no order, and on 10^6 classes four arrays were four cache misses a
 * class met. */
typedef struct class_tally {
  uint32_t reached, gold, t, cm;
} class_tally;

/*
 * The items ahead of ce__type_values' pass, fetched in two steps: on many labels (10^6
 * one-token types) each item's classes' tallies and its clusters' classes are far apart, and
 * the pass runs once a start. First an item's tallies of its classes and its clusters' map
 * entries (two of each), then, half as far ahead, the tallies those map entries name. Only
 * where the tallies and the map pass CE_CACHED_BYTES bytes: where they stay in cache the
 * fetching costs more than it hides (full Brown against the HMM tagging, the pass 50%
 * slower; 10^6 one-token types, 33% faster).
 */
#define CE_VALUES_AHEAD 16

static void values_prefetch(const ce_entries *e, const uint32_t *map, const class_tally *tally,
                            uint32_t i) {
  uint32_t far = i + CE_VALUES_AHEAD, near = i + CE_VALUES_AHEAD / 2;
  if (far < e->items) {
    for (uint32_t j = e->class_start[far];
         j < e->class_start[far + 1] && j < e->class_start[far] + 2; j++)
      ce__prefetch(&tally[e->class_ids[j]]);
    for (uint32_t j = e->cluster_start[far];
         j < e->cluster_start[far + 1] && j < e->cluster_start[far] + 2; j++)
      ce__prefetch(&map[e->cluster_ids[j]]);
  }
  if (near < e->items) {
    for (uint32_t j = e->cluster_start[near];
         j < e->cluster_start[near + 1] && j < e->cluster_start[near] + 2; j++) {
      uint32_t c = map[e->cluster_ids[j]];
      if (c != UINT32_MAX) ce__prefetch(&tally[c]);
    }
  }
}

/* The item measures' sums over the items, in item order: Σ IM_i, Σ |h(B_i)|, Σ F_i. */
typedef struct item_sums {
  uint64_t im, h;
  double f;
} item_sums;

static void item_sums_add(item_sums *sums, uint64_t im, uint64_t h, uint64_t a) {
  sums->im += im;
  sums->h += h;
  if (a + h) sums->f += 2.0 * (double)im / (double)(a + h); /* F_i (§4.1) */
}

/* MacroI = 2·IM / (Σ|A_i| + Σ|h(B_i)|), MicroI = (1/l) Σ_i F_i (§4.1). */
static double item_measure(const ce_type_index *ix, const item_sums *sums, int measure) {
  uint64_t den = ix->gold_total + sums->h;
  size_t l = ix->entries->items;
  if (measure == CE_TYPE_MACRO_I) return den ? 2.0 * (double)sums->im / (double)den : 0.0;
  return l ? sums->f / (double)l : 0.0;
}

ce_status ce__type_values(const ce_type_index *ix, const uint32_t *map,
                          double values[CE_TYPE_MEASURES]) {
  const ce_entries *e = ix->entries;
  size_t n = e->classes, m = e->clusters, l = e->items;
  class_tally *tally = malloc((n ? n : 1) * sizeof *tally);
  if (!tally) return CE_ERR_NOMEM;
  for (size_t c = 0; c < n; c++) tally[c] = (class_tally){UINT32_MAX, UINT32_MAX, 0, 0};
  item_sums sums = {0, 0, 0.0};
  int far_apart = n * sizeof *tally + m * sizeof *map > CE_CACHED_BYTES;
  for (uint32_t i = 0; i < l; i++) {
    if (far_apart) values_prefetch(e, map, tally, i);
    for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++)
      tally[e->class_ids[j]].gold = i;
    uint64_t im = 0, h = 0;
    for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++) {
      uint32_t c = map[e->cluster_ids[j]];
      if (c == UINT32_MAX) { /* unmapped (1-1): counts in |h(B_i)|, matches nothing */
        h++;
        continue;
      }
      class_tally *x = &tally[c];
      if (x->reached == i) continue; /* h(B_i) is a set */
      x->reached = i;
      h++;
      x->t++; /* i ∈ U_c */
      if (x->gold == i) {
        im++;
        x->cm++; /* i ∈ U_c ∩ c */
      }
    }
    item_sums_add(&sums, im, h, e->class_start[i + 1] - e->class_start[i]);
  }
  values[CE_TYPE_MACRO_I] = item_measure(ix, &sums, CE_TYPE_MACRO_I);
  values[CE_TYPE_MICRO_I] = item_measure(ix, &sums, CE_TYPE_MICRO_I);
  /* MicroC = Σ_{z ∈ K_h} |z|·F_z / N*, F_z = 2·CM_z / (|z| + |h̄(z)|) (§4.2); an unmapped
   * cluster is its own z with F_z = 0. */
  double num = 0.0;
  uint64_t n_star = 0;
  for (size_t r = 0; r < n; r++) { /* in label order: the sum does not depend on the ids */
    uint32_t c = ix->class_by_rank[r];
    uint64_t t = tally[c].t;
    if (!t) continue;
    num += micro_c_term(tally[c].cm, t, ix->class_size[c]);
    n_star += t;
  }
  for (size_t k = 0; k < m; k++)
    if (map[k] == UINT32_MAX) n_star += ix->member_start[k + 1] - ix->member_start[k];
  values[CE_TYPE_MICRO_C] = n_star ? num / (double)n_star : 0.0;
  free(tally);
  return CE_OK;
}

/*
 * MicroC where ix->own_classes and `map` sends every cluster with items to the class of one
 * of its own items (ce__own_classes_map; the climbs end there): ce__type_values' double
 * without its pass over the items. There a class c has |U_c| > 0 only where the one cluster
 * holding its item is mapped to it (another cluster mapped to c would hold c's item too),
 * and then |U_c| is that cluster's items and CM_c = |c| = 1; N* is the clustered items. The
 * terms are summed in label order as there, the same doubles. Which clusters are mapped so
 * is read in that order too: where they are all the clusters with items, the mapping is such
 * a one (each hit is another cluster); else 0, and nothing is written.
 */
static int own_classes_micro_c(const ce_type_index *ix, const uint32_t *map, double *value) {
  const ce_entries *e = ix->entries;
  size_t n = e->classes, m = e->clusters, hits = 0;
  int far_apart = m * sizeof *map > CE_CACHED_BYTES;
  double num = 0.0;
  for (size_t r = 0; r < n; r++) {
    if (far_apart && r + CE_VALUES_AHEAD < n &&
        ix->own_by_rank[r + CE_VALUES_AHEAD].cluster != UINT32_MAX)
      ce__prefetch(&map[ix->own_by_rank[r + CE_VALUES_AHEAD].cluster]);
    ce_own_rank own = ix->own_by_rank[r];
    if (own.cluster == UINT32_MAX) continue;
    int hit = map[own.cluster] == own.class_id;
    num += hit ? own.term : 0.0; /* + 0.0 leaves num as it is */
    hits += (size_t)hit;
  }
  if (hits != ix->own_clusters) return 0;
  uint64_t n_star = ix->member_start[m];
  *value = n_star ? num / (double)n_star : 0.0;
  return 1;
}

ce_status ce__type_value(const ce_type_index *ix, const uint32_t *map, int measure, double *value) {
  if (measure == CE_TYPE_MICRO_C && ix->own_classes && own_classes_micro_c(ix, map, value))
    return CE_OK;
  if (measure != CE_TYPE_MICRO_C && ce__own_classes_map(ix, map)) {
    /* ce__type_values' sums there: each cluster with items matches its class's one item
     * (IM_i = 1, F_i = 2·1/(1 + 1) = 1, the others' F_i 0), |h(B_i)| = 1 a clustered item. */
    item_sums sums = {ix->own_clusters, ix->member_start[ix->entries->clusters],
                      (double)ix->own_clusters};
    *value = item_measure(ix, &sums, measure);
    return CE_OK;
  }
  if (measure == CE_TYPE_MICRO_C || !ix->one_cluster_each) {
    double values[CE_TYPE_MEASURES];
    ce_status status = ce__type_values(ix, map, values);
    *value = status ? 0.0 : values[measure];
    return status;
  }
  /* ce__type_values' sums, item by item in the same order: with one cluster k, h(B_i) is
   * {h(k)} (an unmapped k counts in it and matches nothing) and IM_i is [h(k) ∈ A_i]. */
  const ce_entries *e = ix->entries;
  size_t l = e->items;
  item_sums sums = {0, 0, 0.0};
  int far_apart = e->clusters * sizeof *map > CE_CACHED_BYTES;
  for (uint32_t i = 0; i < l; i++) {
    uint32_t begin = e->cluster_start[i], a = e->class_start[i + 1] - e->class_start[i];
    if (far_apart && i + CE_VALUES_AHEAD < l &&
        e->cluster_start[i + CE_VALUES_AHEAD + 1] > e->cluster_start[i + CE_VALUES_AHEAD])
      ce__prefetch(&map[e->cluster_ids[e->cluster_start[i + CE_VALUES_AHEAD]]]);
    uint64_t im = 0, h = e->cluster_start[i + 1] > begin;
    uint32_t c = h ? map[e->cluster_ids[begin]] : UINT32_MAX;
    if (c != UINT32_MAX) im = ce__ids_hold(e->class_ids + e->class_start[i], a, c) != 0;
    item_sums_add(&sums, im, h, a);
  }
  *value = item_measure(ix, &sums, measure);
  return CE_OK;
}

void ce__type_item_match(const ce_entries *e, const uint32_t *map, size_t item, unsigned *im,
                         double *f) {
  if (!map) { /* a mapping left out (past its budget): no numbers */
    *im = 0;
    *f = NAN;
    return;
  }
  uint32_t begin = e->cluster_start[item], end = e->cluster_start[item + 1];
  unsigned matches = 0, h = 0;
  for (uint32_t j = begin; j < end; j++) {
    uint32_t c = map[e->cluster_ids[j]];
    if (c == UINT32_MAX) { /* unmapped: |h(B_i)| := |B_i| (SPEC §3.2) */
      h++;
      continue;
    }
    uint32_t prior = begin;
    while (prior < j && map[e->cluster_ids[prior]] != c) prior++;
    if (prior < j) continue; /* h(B_i) is a set */
    h++;
    matches += (unsigned)ce__ids_hold(e->class_ids + e->class_start[item],
                                      e->class_start[item + 1] - e->class_start[item], c);
  }
  unsigned a = e->class_start[item + 1] - e->class_start[item];
  *im = matches;
  *f = a + h ? 2.0 * matches / (double)(a + h) : 0.0; /* F_i (§4.1) */
}
