/*
 * Exact M-1 mappings by branch and bound (SPEC §3.2 "M-1"; the measures are Reichart,
 * Abend & Rappoport 2010, §4.1 and §4.2). Clusters are mapped one at a time in a fixed
 * order; a partial mapping whose bound does not beat the best mapping known (by more than
 * SLACK) is not extended. Every step is counted, and a search that runs out of its budget
 * stops and reports the largest bound of what it left open; one that could not even try
 * every class for its first cluster within it is not started (see cannot_finish).
 *
 * Item measures. h(B_i) depends on item i's clusters alone, so MicroI = (1/l)·Σ_i F_i
 * separates over the connected components of the graph of clusters that share an item.
 * MacroI = 2·IM / (Σ|A_i| + Σ|h(B_i)|) is a ratio of such sums; Dinkelbach's method makes
 * it separable too: at λ = the incumbent's value, maximise Σ_i 2·IM_i − λ·(|A_i| + |h(B_i)|)
 * component by component; a mapping above 0 scores above λ (the next λ), and a maximum of
 * 0 proves λ optimal. A component's classes are those of its items' gold entries: clusters
 * mapped to any other class can all move to one of these together without losing a match
 * or adding a class to any item. A one-cluster component (every cluster of a type-based
 * clustering such as Brown's, |B_i| = 1) is one pass over its items. The bound of a partial
 * mapping, item by item: of the u_i clusters of i still open, at most
 * m_i = min(u_i, |A_i| − IM_i) add a match, and at best they add those and nothing else,
 * F_i ≤ 2(IM_i + m_i) / (|A_i| + |h(B_i)| + m_i); but the items whose one open cluster is
 * k are charged to k instead, which must take one class for all of them (item_search).
 *
 * MicroC couples every cluster through the classes and is searched whole. It is the
 * average of F_c over the memberships (i, c), i ∈ U_c (N* of them). A membership that
 * exists already (c ∈ h(B_i)) scores at most F*_c, the best F of U_c joined with any
 * subset of the open clusters; one an open cluster k will add scores at most
 * F*_c(k), the same with k forced in, for the best class c. Joining clusters to U_c adds
 * at most their new items of c to CM_c, and at least, to |U_c|, the items of c's forced
 * cluster and those of the others in no other open cluster; the best such union, a ratio
 * of sums, takes the clusters in order of their share of items of c while that share
 * exceeds the ratio so far (a prefix, found by bisection). Item i then adds between
 * [h(B_i) = ∅] and min(u_i, n − |h(B_i)|) memberships, each worth at most the best bound
 * of its open clusters, and the largest ratio of sums over those choices is the bound
 * (Dinkelbach again, on one dimension). With every cluster mapped it is the value itself.
 */
#include <stdlib.h>
#include <string.h>

#include "measures/m1_exact_internal.h"

#define NONE UINT32_MAX
#define SLACK 1e-13 /* in units of the measure: a proof allows this much (and rounding) */
#define UNIT_ROUNDOFF 1.1102230246251565e-16 /* 2^-53 */
#define FIXED 4294967296.0 /* MicroI bounds add in fixed point, 2^32 to a unit of F_i */
#define CANDIDATE_LIMIT ((size_t)1 << 20) /* clusters × classes a search may order (4 MB) */
#define ENTRY_LIMIT ((size_t)1 << 22)     /* MicroC bound entries (52 bytes each, 218 MB) */

typedef struct search {
  const ce_type_index *ix;
  const ce_entries *e;
  size_t n, m, l;
  uint32_t *map;                     /* the partial mapping; NONE: open */
  uint32_t *slot_class, *slot_count; /* item i's h(B_i) so far, from e->cluster_start[i] */
  uint32_t *used, *im, *left;        /* per item: |h(B_i)|, IM_i so far, clusters open */
  uint32_t *t, *cm;                  /* per class: |U_c|, |U_c ∩ c| so far */
  uint32_t *scratch;                 /* per class, zero between uses */
  uint64_t *keys;                    /* per class: sort keys */
  uint64_t work, budget;
  size_t untouched_by_best; /* see untouched_best; set by exact */
} search;

static uint32_t gold_count(const ce_entries *e, uint32_t i) {
  return e->class_start[i + 1] - e->class_start[i];
}

static int holds(const ce_entries *e, uint32_t i, uint32_t c) {
  return ce__ids_hold(e->class_ids + e->class_start[i], e->class_start[i + 1] - e->class_start[i],
                      c);
}

static size_t cluster_size(const ce_type_index *ix, uint32_t k) {
  return ix->member_start[k + 1] - ix->member_start[k];
}

/* Steps of sorting `count` elements: count · log2(count). */
static uint64_t sort_steps(size_t count) {
  uint64_t steps = 0;
  for (size_t x = count; x > 1; x >>= 1) steps += count;
  return steps;
}

/* Cluster k (open) joins class c. */
static void join(search *s, uint32_t k, uint32_t c) {
  const ce_type_index *ix = s->ix;
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
    uint32_t i = ix->members[q], base = s->e->cluster_start[i], u = s->used[i], j = 0;
    s->left[i]--;
    while (j < u && s->slot_class[base + j] != c) j++;
    s->work += j + 1;
    if (j < u) {
      s->slot_count[base + j]++;
      continue;
    }
    s->slot_class[base + u] = c;
    s->slot_count[base + u] = 1;
    s->used[i] = u + 1;
    int match = holds(s->e, i, c);
    s->im[i] += (uint32_t)match;
    s->t[c]++;
    s->cm[c] += (uint32_t)match;
  }
  s->map[k] = c;
}

/* Cluster k (mapped) is open again. */
static void leave(search *s, uint32_t k) {
  const ce_type_index *ix = s->ix;
  uint32_t c = s->map[k];
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
    uint32_t i = ix->members[q], base = s->e->cluster_start[i], u = s->used[i], j = 0;
    s->left[i]++;
    while (s->slot_class[base + j] != c) j++;
    s->work += j + 1;
    if (--s->slot_count[base + j]) continue;
    s->slot_class[base + j] = s->slot_class[base + u - 1];
    s->slot_count[base + j] = s->slot_count[base + u - 1];
    s->used[i] = u - 1;
    int match = holds(s->e, i, c);
    s->im[i] -= (uint32_t)match;
    s->t[c]--;
    s->cm[c] -= (uint32_t)match;
  }
  s->map[k] = NONE;
}

static void search_free(search *s) {
  free(s->map);
  free(s->slot_class);
  free(s->slot_count);
  free(s->used);
  free(s->im);
  free(s->left);
  free(s->t);
  free(s->cm);
  free(s->scratch);
  free(s->keys);
}

static ce_status search_init(search *s, const ce_type_index *ix, uint64_t budget) {
  const ce_entries *e = ix->entries;
  memset(s, 0, sizeof *s);
  s->ix = ix;
  s->e = e;
  s->n = e->classes;
  s->m = e->clusters;
  s->l = e->items;
  s->budget = budget;
  size_t n = s->n ? s->n : 1, m = s->m ? s->m : 1, l = s->l ? s->l : 1;
  size_t slots = e->cluster_start[e->items] ? e->cluster_start[e->items] : 1;
  s->map = malloc(m * sizeof *s->map);
  s->slot_class = malloc(slots * sizeof *s->slot_class);
  s->slot_count = malloc(slots * sizeof *s->slot_count);
  s->used = calloc(l, sizeof *s->used);
  s->im = calloc(l, sizeof *s->im);
  s->left = malloc(l * sizeof *s->left);
  s->t = calloc(n, sizeof *s->t);
  s->cm = calloc(n, sizeof *s->cm);
  s->scratch = calloc(n, sizeof *s->scratch);
  s->keys = malloc((n + 1) * sizeof *s->keys);
  if (!s->map || !s->slot_class || !s->slot_count || !s->used || !s->im || !s->left || !s->t ||
      !s->cm || !s->scratch || !s->keys) {
    search_free(s);
    return CE_ERR_NOMEM;
  }
  for (size_t k = 0; k < s->m; k++) s->map[k] = NONE;
  for (size_t i = 0; i < s->l; i++) s->left[i] = e->cluster_start[i + 1] - e->cluster_start[i];
  return CE_OK;
}

/*
 * The classes to try for cluster k, best first: `first` (the incumbent's), then `domain`
 * (count elements) by the number of k's items whose gold entry holds them, then by label.
 * Returns how many were written to `out` (at most count + 1).
 */
static size_t candidates(search *s, uint32_t k, uint32_t first, const uint32_t *domain,
                         size_t count, uint32_t *out) {
  const ce_type_index *ix = s->ix;
  const ce_entries *e = s->e;
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
    uint32_t i = ix->members[q];
    for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++)
      s->scratch[e->class_ids[j]]++;
    s->work += gold_count(e, i);
  }
  size_t kept = 0;
  for (size_t d = 0; d < count; d++) {
    uint32_t c = domain[d];
    if (c != first)
      s->keys[kept++] = (uint64_t)(UINT32_MAX - s->scratch[c]) << 32 | e->class_order[c];
  }
  ce__sort_u64(s->keys, kept);
  s->work += kept + sort_steps(kept);
  out[0] = first;
  for (size_t d = 0; d < kept; d++) out[d + 1] = ix->class_by_rank[(uint32_t)s->keys[d]];
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
    uint32_t i = ix->members[q];
    for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++)
      s->scratch[e->class_ids[j]] = 0;
  }
  return kept + 1;
}

/*
 * Whether a search cannot finish within its budget: before it has proved anything it
 * tries every one of `classes` classes for its first cluster k, joining k to each and
 * leaving it again, and each of those steps counts at least one step for each of k's
 * items. Such a search would stop with its first level still open, proving nothing, and
 * report at least the root's bound, itself a bound on every mapping: it is not started,
 * and the root's bound stands.
 */
static int cannot_finish(const search *s, uint32_t k, size_t classes) {
  uint64_t least = (uint64_t)classes * 2 * cluster_size(s->ix, k);
  return s->work > s->budget || least > s->budget - s->work;
}

/* ---------------------------------------------------------------- item measures */

/* The components of the graph of clusters sharing an item (clusters with no item in none). */
typedef struct parts {
  size_t count;
  uint32_t *start, *cluster;   /* component p: cluster[start[p] .. start[p + 1]), search order */
  uint32_t *item_start, *item; /* its items, ascending */
} parts;

static void parts_free(parts *p) {
  free(p->start);
  free(p->cluster);
  free(p->item_start);
  free(p->item);
}

static uint32_t find_root(uint32_t *parent, uint32_t k) {
  while (parent[k] != k) k = parent[k] = parent[parent[k]];
  return k;
}

/*
 * Components smallest first (then by their first cluster's label); in each, clusters in
 * breadth-first order from the largest, neighbours by label, so that items close early.
 */
static ce_status parts_build(search *s, parts *p) {
  const ce_type_index *ix = s->ix;
  const ce_entries *e = s->e;
  size_t m = s->m, l = s->l;
  memset(p, 0, sizeof *p);
  uint32_t *parent = malloc((m ? m : 1) * sizeof *parent);
  uint32_t *id = malloc((m ? m : 1) * sizeof *id);
  uint32_t *size = calloc(m + 1, sizeof *size);
  uint64_t *key = malloc((m ? m : 1) * sizeof *key);
  uint32_t *order = malloc((m ? m : 1) * sizeof *order);
  unsigned char *expanded = calloc(l ? l : 1, 1); /* items whose clusters are all placed */
  p->start = calloc(m + 2, sizeof *p->start);
  p->cluster = malloc((m ? m : 1) * sizeof *p->cluster);
  p->item_start = calloc(m + 2, sizeof *p->item_start);
  p->item = malloc((l ? l : 1) * sizeof *p->item);
  ce_status status = CE_OK;
  if (!parent || !id || !size || !key || !order || !expanded || !p->start || !p->cluster ||
      !p->item_start || !p->item) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (uint32_t k = 0; k < m; k++) parent[k] = k;
  for (size_t i = 0; i < l; i++) {
    uint32_t begin = e->cluster_start[i], end = e->cluster_start[i + 1];
    for (uint32_t j = begin + 1; j < end; j++) {
      uint32_t a = find_root(parent, e->cluster_ids[begin]),
               b = find_root(parent, e->cluster_ids[j]);
      if (a != b) parent[a > b ? a : b] = a < b ? a : b;
    }
    s->work += end - begin;
  }
  /* Number the components by their first cluster in label order. */
  for (uint32_t k = 0; k < m; k++) id[k] = NONE;
  size_t count = 0;
  for (size_t r = 0; r < m; r++) {
    uint32_t k = ix->cluster_by_rank[r];
    if (!cluster_size(ix, k)) continue;
    uint32_t root = find_root(parent, k);
    if (id[root] == NONE) id[root] = (uint32_t)count++;
    size[id[root]]++;
  }
  /* Smallest first: key = size << 32 | number. */
  for (size_t c = 0; c < count; c++) key[c] = (uint64_t)size[c] << 32 | c;
  ce__sort_u64(key, count);
  uint32_t *rank_of = parent; /* reused: component number → position, after the roots are read */
  for (uint32_t k = 0; k < m; k++) order[k] = cluster_size(ix, k) ? id[find_root(parent, k)] : NONE;
  for (size_t c = 0; c < count; c++) rank_of[(uint32_t)key[c]] = (uint32_t)c;
  p->count = count;
  for (uint32_t k = 0; k < m; k++) {
    if (order[k] == NONE) continue;
    order[k] = rank_of[order[k]]; /* from now on: k's component */
    p->start[order[k] + 1]++;
  }
  for (size_t c = 0; c < count; c++) p->start[c + 1] += p->start[c];
  for (size_t i = 0; i < l; i++)
    if (e->cluster_start[i + 1] > e->cluster_start[i])
      p->item_start[order[e->cluster_ids[e->cluster_start[i]]] + 1]++;
  for (size_t c = 0; c < count; c++) p->item_start[c + 1] += p->item_start[c];
  memcpy(size, p->item_start, (count + 1) * sizeof *size);
  for (size_t i = 0; i < l; i++)
    if (e->cluster_start[i + 1] > e->cluster_start[i])
      p->item[size[order[e->cluster_ids[e->cluster_start[i]]]]++] = (uint32_t)i;
  /* Breadth-first within each component; `id` marks the clusters placed. */
  for (uint32_t k = 0; k < m; k++) id[k] = 0;
  for (size_t c = 0; c < count; c++) {
    uint32_t begin = p->start[c], best = NONE;
    for (uint32_t q = p->item_start[c]; q < p->item_start[c + 1]; q++) {
      uint32_t i = p->item[q];
      for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++) {
        uint32_t k = e->cluster_ids[j];
        if (best == NONE || cluster_size(ix, k) > cluster_size(ix, best) ||
            (cluster_size(ix, k) == cluster_size(ix, best) &&
             e->cluster_order[k] < e->cluster_order[best]))
          best = k;
      }
    }
    uint32_t tail = begin;
    p->cluster[tail++] = best;
    id[best] = 1;
    for (uint32_t head = begin; head < tail; head++) {
      uint32_t k = p->cluster[head], from = tail;
      for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
        uint32_t i = ix->members[q];
        /* An item met again places nothing: its walk is counted, not walked (Σ_i |B_i|²
         * steps on random labels, where a frequent item is in every cluster). */
        s->work += e->cluster_start[i + 1] - e->cluster_start[i];
        if (expanded[i]) continue;
        expanded[i] = 1;
        for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++) {
          uint32_t k2 = e->cluster_ids[j];
          if (id[k2]) continue;
          id[k2] = 1;
          key[tail - from] = (uint64_t)e->cluster_order[k2] << 32 | k2;
          tail++;
        }
      }
      ce__sort_u64(key, tail - from);
      for (uint32_t q = from; q < tail; q++) p->cluster[q] = (uint32_t)key[q - from];
    }
  }
done:
  free(parent);
  free(id);
  free(size);
  free(key);
  free(order);
  free(expanded);
  if (status) parts_free(p);
  return status;
}

/*
 * A component's search at one λ. The bound of a partial mapping splits the items: one with
 * two or more clusters open takes its own bound (the top of the file); one with a single
 * cluster k open is charged to k, and k takes the class best for all such items at once
 * (it maps all of them to one class); items with no cluster open count as they are. Both
 * parts only overestimate, and with every cluster mapped the sum is the value. The sums
 * follow the moves: a move changes its own items and the charges of the open clusters
 * that share one.
 */
typedef struct item_search {
  search *s;
  int macro; /* MacroI at `lambda`, else MicroI */
  double lambda;
  int64_t im, h;                      /* MacroI: Σ of the items' parts, 2·im − λ·h */
  int64_t fixed;                      /* MicroI: Σ of the items' parts, fixed point, rounded up */
  int64_t open_a, open_b, open_fixed; /* Σ of the open clusters' charges, the same ways */
  int64_t *charge_a, *charge_b, *charge_fixed; /* per cluster: its charge, while open */
  double *gain;                                /* per class, zero between uses */
  uint32_t *count_a, *count_h, *touched;       /* per class, zero between uses */
  uint32_t *marked, *neighbours;               /* per cluster */
  size_t neighbour_n;
  /* incumbent_value: per cluster, its position in the component's order; per class, its
   * place in the item's list and the item (+ 1) that set it; per item's clusters, scratch */
  uint32_t *position, *class_place, *class_item;
  uint64_t *membership;
  uint32_t *list_class, *list_count;
} item_search;

static void item_search_free(item_search *b) {
  free(b->charge_a);
  free(b->charge_b);
  free(b->charge_fixed);
  free(b->gain);
  free(b->count_a);
  free(b->count_h);
  free(b->touched);
  free(b->marked);
  free(b->neighbours);
  free(b->position);
  free(b->class_place);
  free(b->class_item);
  free(b->membership);
  free(b->list_class);
  free(b->list_count);
}

static ce_status item_search_init(item_search *b, search *s, int measure, double lambda) {
  size_t n = s->n ? s->n : 1, m = s->m ? s->m : 1;
  memset(b, 0, sizeof *b);
  b->s = s;
  b->macro = measure == CE_TYPE_MACRO_I;
  b->lambda = lambda;
  b->charge_a = calloc(m, sizeof *b->charge_a);
  b->charge_b = calloc(m, sizeof *b->charge_b);
  b->charge_fixed = calloc(m, sizeof *b->charge_fixed);
  b->gain = calloc(n, sizeof *b->gain);
  b->count_a = calloc(n, sizeof *b->count_a);
  b->count_h = calloc(n, sizeof *b->count_h);
  b->touched = malloc(n * sizeof *b->touched);
  b->marked = calloc(m, sizeof *b->marked);
  b->neighbours = malloc(m * sizeof *b->neighbours);
  size_t widest = 1; /* the most clusters an item has */
  for (size_t i = 0; i < s->l; i++) {
    size_t width = s->e->cluster_start[i + 1] - s->e->cluster_start[i];
    if (width > widest) widest = width;
  }
  b->position = malloc(m * sizeof *b->position);
  b->class_place = malloc(n * sizeof *b->class_place);
  b->class_item = calloc(n, sizeof *b->class_item);
  b->membership = malloc(widest * sizeof *b->membership);
  b->list_class = malloc(widest * sizeof *b->list_class);
  b->list_count = malloc(widest * sizeof *b->list_count);
  if (!b->charge_a || !b->charge_b || !b->charge_fixed || !b->gain || !b->count_a || !b->count_h ||
      !b->touched || !b->marked || !b->neighbours || !b->position || !b->class_place ||
      !b->class_item || !b->membership || !b->list_class || !b->list_count) {
    item_search_free(b);
    return CE_ERR_NOMEM;
  }
  return CE_OK;
}

/* F_i = 2·IM_i / (|A_i| + |h(B_i)|) (§4.1). */
static double item_f(uint64_t im, uint64_t h, uint32_t a) {
  return 2.0 * (double)im / (double)(a + h);
}

/* A value in fixed point, rounded up (the double's own error is far below a unit). */
static int64_t fixed_up(double v) {
  double scaled = v * FIXED, down = (double)(int64_t)scaled;
  return (int64_t)scaled - (down > scaled) + 1;
}

/* Item i's part: with two or more clusters open, its bound (the matches left, no other
 * class); otherwise IM_i and |h(B_i)| as they stand. */
static void item_account(item_search *b, uint32_t i, int add) {
  const search *s = b->s;
  uint32_t a = gold_count(s->e, i), more = 0;
  if (s->left[i] >= 2) more = s->left[i] < a - s->im[i] ? s->left[i] : a - s->im[i];
  int64_t im = s->im[i] + more, h = s->used[i] + more, sign = add ? 1 : -1;
  if (b->macro) {
    b->im += sign * im;
    b->h += sign * h;
  } else {
    b->fixed += sign * fixed_up(item_f((uint64_t)im, (uint64_t)h, a));
  }
}

/*
 * Open cluster k's charge: the best class for the items whose only open cluster it is.
 * Each such item gains, from the class: a match and a class (c ∈ A_i \ h(B_i)), nothing
 * (c ∈ h(B_i)), or a class without a match (any other c, the baseline).
 */
static void item_charge(item_search *b, uint32_t k, int add) {
  search *s = b->s;
  const ce_type_index *ix = s->ix;
  const ce_entries *e = s->e;
  int64_t sign = add ? 1 : -1;
  if (!add) {
    b->open_a -= b->charge_a[k];
    b->open_b -= b->charge_b[k];
    b->open_fixed -= b->charge_fixed[k];
    return;
  }
  uint32_t last = 0, touched = 0;
  double base = 0.0;
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
    uint32_t i = ix->members[q], from = e->cluster_start[i], used = s->used[i];
    if (s->left[i] != 1) continue;
    last++;
    uint32_t a = gold_count(e, i);
    double now = item_f(s->im[i], used, a), miss = item_f(s->im[i], used + 1, a) - now;
    double hit = item_f(s->im[i] + 1, used + 1, a) - now;
    base += miss;
    for (uint32_t j = 0; j < used; j++) {
      uint32_t c = s->slot_class[from + j];
      if (!b->count_a[c] && !b->count_h[c]) b->touched[touched++] = c;
      b->count_h[c]++;
      b->gain[c] -= miss;
    }
    for (uint32_t g = e->class_start[i]; g < e->class_start[i + 1]; g++) {
      uint32_t c = e->class_ids[g], j = 0;
      while (j < used && s->slot_class[from + j] != c) j++;
      if (j < used) continue;
      if (!b->count_a[c] && !b->count_h[c]) b->touched[touched++] = c;
      b->count_a[c]++;
      b->gain[c] += hit - miss;
    }
    s->work += 1 + used + a * (used + 1);
  }
  /* The baseline: a class none of them holds (another match adds IM and h alike). */
  int64_t best_a = 0, best_b = last;
  double best = base;
  for (uint32_t j = 0; j < touched; j++) {
    uint32_t c = b->touched[j];
    int64_t ca = b->count_a[c], cb = (int64_t)last - b->count_h[c];
    if (b->macro) {
      if (2.0 * (double)(ca - best_a) > b->lambda * (double)(cb - best_b)) {
        best_a = ca;
        best_b = cb;
      }
    } else if (base + b->gain[c] > best) {
      best = base + b->gain[c];
    }
    b->count_a[c] = b->count_h[c] = 0;
    b->gain[c] = 0.0;
  }
  s->work += touched + 1;
  b->charge_a[k] = b->macro ? best_a : 0;
  b->charge_b[k] = b->macro ? best_b : 0;
  b->charge_fixed[k] = b->macro || !last ? 0 : fixed_up(best);
  b->open_a += sign * b->charge_a[k];
  b->open_b += sign * b->charge_b[k];
  b->open_fixed += sign * b->charge_fixed[k];
}

/* The open clusters other than k that share an item with it. */
static void neighbours_of(item_search *b, uint32_t k) {
  search *s = b->s;
  const ce_type_index *ix = s->ix;
  const ce_entries *e = s->e;
  b->neighbour_n = 0;
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
    uint32_t i = ix->members[q];
    for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++) {
      uint32_t k2 = e->cluster_ids[j];
      if (k2 == k || s->map[k2] != NONE || b->marked[k2]) continue;
      b->marked[k2] = 1;
      b->neighbours[b->neighbour_n++] = k2;
    }
    s->work += e->cluster_start[i + 1] - e->cluster_start[i];
  }
  for (size_t j = 0; j < b->neighbour_n; j++) b->marked[b->neighbours[j]] = 0;
}

/* Cluster k (open) joins class c, or (c == NONE) leaves its class; the sums follow. */
static void item_move(item_search *b, uint32_t k, uint32_t c) {
  const ce_type_index *ix = b->s->ix;
  neighbours_of(b, k);
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++)
    item_account(b, ix->members[q], 0);
  for (size_t j = 0; j < b->neighbour_n; j++) item_charge(b, b->neighbours[j], 0);
  if (c != NONE) {
    item_charge(b, k, 0);
    join(b->s, k, c);
  } else {
    leave(b->s, k);
    item_charge(b, k, 1);
  }
  for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++)
    item_account(b, ix->members[q], 1);
  for (size_t j = 0; j < b->neighbour_n; j++) item_charge(b, b->neighbours[j], 1);
}

static void item_join(item_search *b, uint32_t k, uint32_t c) {
  item_move(b, k, c);
}

static void item_leave(item_search *b, uint32_t k) {
  item_move(b, k, NONE);
}

static double item_bound(const item_search *b) {
  if (b->macro) return 2.0 * (double)(b->im + b->open_a) - b->lambda * (double)(b->h + b->open_b);
  return (double)(b->fixed + b->open_fixed) / FIXED;
}

/* The objective with every cluster of the component mapped: 2·IM − λ·Σ|h(B_i)| (MacroI,
 * its items' part) or Σ F_i (MicroI), items in order. */
static double item_value(const item_search *b, const uint32_t *items, size_t count) {
  const search *s = b->s;
  double sum = 0.0;
  int64_t im = 0, h = 0;
  for (size_t q = 0; q < count; q++) {
    uint32_t i = items[q];
    im += s->im[i];
    h += s->used[i];
    if (!b->macro) sum += item_f(s->im[i], s->used[i], gold_count(s->e, i));
  }
  return b->macro ? 2.0 * (double)im - b->lambda * (double)h : sum;
}

/*
 * Item i's IM_i and |h(B_i)| under `map`, and the work that joining the component's clusters
 * one by one in their order and leaving them in reverse (join, leave) counts for i: a pass
 * over its clusters in that order, finding a class's place in the item's list through
 * class_place instead of searching the list. join and leave search it, which on random
 * labels (an item in hundreds of clusters) cost |B_i| · |h(B_i)| an item for the incumbent
 * alone. The list changes as theirs does (appended to; a place emptied takes the last), so
 * the work is theirs to the step and the exact search stops where it did.
 */
static void incumbent_item(item_search *b, uint32_t i, const uint32_t *map, uint32_t *im,
                           uint32_t *used) {
  search *s = b->s;
  const ce_entries *e = s->e;
  uint32_t begin = e->cluster_start[i], width = e->cluster_start[i + 1] - begin, u = 0;
  uint64_t work = 0;
  for (uint32_t j = 0; j < width; j++)
    b->membership[j] =
        (uint64_t)b->position[e->cluster_ids[begin + j]] << 32 | map[e->cluster_ids[begin + j]];
  if (width > 1) ce__sort_u64(b->membership, width);
  *im = 0;
  for (uint32_t j = 0; j < width; j++) { /* joined in the component's order */
    uint32_t c = (uint32_t)b->membership[j];
    if (b->class_item[c] == i + 1) {
      work += b->class_place[c] + 1;
      b->list_count[b->class_place[c]]++;
      continue;
    }
    work += u + 1;
    b->class_item[c] = i + 1;
    b->class_place[c] = u;
    b->list_class[u] = c;
    b->list_count[u++] = 1;
    *im += (uint32_t)holds(e, i, c);
  }
  *used = u;
  for (uint32_t j = width; j > 0; j--) { /* left in reverse */
    uint32_t c = (uint32_t)b->membership[j - 1], place = b->class_place[c];
    work += place + 1;
    if (--b->list_count[place]) continue;
    b->list_class[place] = b->list_class[u - 1];
    b->list_count[place] = b->list_count[u - 1];
    b->class_place[b->list_class[place]] = place;
    u--;
  }
  for (uint32_t j = 0; j < width; j++) b->class_item[(uint32_t)b->membership[j]] = 0;
  s->work += work;
}

/* item_value of the incumbent `map` on a component (see incumbent_item). */
static double incumbent_value(item_search *b, const uint32_t *clusters, size_t count,
                              const uint32_t *items, size_t item_count, const uint32_t *map) {
  const search *s = b->s;
  for (size_t d = 0; d < count; d++) b->position[clusters[d]] = (uint32_t)d;
  double sum = 0.0;
  int64_t im = 0, h = 0;
  for (size_t q = 0; q < item_count; q++) {
    uint32_t i = items[q], item_im, used;
    incumbent_item(b, i, map, &item_im, &used);
    im += item_im;
    h += used;
    if (!b->macro) sum += item_f(item_im, used, gold_count(s->e, i));
  }
  return b->macro ? 2.0 * (double)im - b->lambda * (double)h : sum;
}

/* What solving one component gave. */
typedef struct part_result {
  double incumbent, best, bound; /* objective of the incumbent, of the best found, bound */
  int exact;
} part_result;

/*
 * One component at b->lambda, from `map` (every cluster mapped); writes its best mapping
 * into `best_map` when it beats the incumbent by more than `tolerance`. Uses `buffer`
 * (clusters × (domain + 1) + 3 × (clusters + 1) elements).
 */
static void solve_part(item_search *b, const uint32_t *clusters, size_t count,
                       const uint32_t *items, size_t item_count, const uint32_t *domain,
                       size_t domain_n, const uint32_t *map, double tolerance, uint32_t *buffer,
                       double *bounds, uint32_t *best_map, part_result *r) {
  search *s = b->s;
  const ce_entries *e = s->e;
  r->incumbent = r->best = incumbent_value(b, clusters, count, items, item_count, map);
  /* The sums with every cluster open. */
  b->im = b->h = b->fixed = b->open_a = b->open_b = b->open_fixed = 0;
  for (size_t q = 0; q < item_count; q++) item_account(b, items[q], 1);
  for (size_t d = 0; d < count; d++) item_charge(b, clusters[d], 1);
  double root = item_bound(b);
  r->exact = root <= r->best + tolerance;
  r->bound = root > r->best ? root : r->best;
  if (r->exact) return;
  if (count == 1) {
    /* Every item has this cluster alone: class c scores Σ_{i ∋ c} 2/(|A_i| + 1) (MicroI) or
     * 2·#{i : c ∈ A_i} − λ·|k| (MacroI), a pass over the items as long as the root's, so
     * that it runs whatever the budget. */
    uint32_t k = clusters[0], best = map[k];
    double *score = bounds; /* domain_n + 1 elements */
    for (size_t d = 0; d < domain_n; d++) score[d] = 0.0;
    for (size_t d = 0; d < domain_n; d++) s->scratch[domain[d]] = (uint32_t)d + 1;
    for (size_t q = 0; q < item_count; q++) {
      uint32_t i = items[q], a = gold_count(e, i);
      for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++)
        score[s->scratch[e->class_ids[j]] - 1] += b->macro ? 2.0 : 2.0 / (double)(a + 1);
      s->work += a;
    }
    for (size_t d = 0; d < domain_n; d++) s->scratch[domain[d]] = 0;
    double shift = b->macro ? b->lambda * (double)item_count : 0.0;
    for (size_t d = 0; d < domain_n; d++) {
      double v = score[d] - shift;
      if (v > r->best + tolerance) {
        r->best = v;
        best = domain[d];
      }
    }
    best_map[k] = best;
    r->exact = 1;
    r->bound = r->best;
    return;
  }
  if (count * (domain_n + 1) > CANDIDATE_LIMIT || cannot_finish(s, clusters[0], domain_n)) return;
  uint32_t *cand = buffer, *cand_n = buffer + count * (domain_n + 1);
  uint32_t *pos = cand_n + count + 1, *choice = pos + count + 1;
  for (size_t d = 0; d < count; d++) cand_n[d] = NONE; /* ordered when first reached */
  size_t d = 0;
  pos[0] = 0;
  bounds[0] = root;
  int found = 0;
  for (;;) {
    if (s->work > s->budget) break;
    if (cand_n[d] == NONE)
      cand_n[d] = (uint32_t)candidates(s, clusters[d], map[clusters[d]], domain, domain_n,
                                       cand + d * (domain_n + 1));
    if (pos[d] == cand_n[d]) {
      if (d == 0) {
        r->exact = 1;
        break;
      }
      item_leave(b, clusters[--d]);
      continue;
    }
    uint32_t c = cand[d * (domain_n + 1) + pos[d]++];
    item_join(b, clusters[d], c);
    choice[d] = c;
    if (d + 1 == count) {
      double v = item_value(b, items, item_count);
      if (v > r->best + tolerance) {
        r->best = v;
        found = 1;
        for (size_t q = 0; q < count; q++) best_map[clusters[q]] = choice[q];
      }
      item_leave(b, clusters[d]);
      continue;
    }
    double bound = item_bound(b);
    if (bound <= r->best + tolerance) {
      item_leave(b, clusters[d]);
      continue;
    }
    d++;
    pos[d] = 0;
    bounds[d] = bound;
  }
  if (r->exact) {
    r->bound = r->best;
  } else { /* out of budget: the open nodes are bounded by their parents' bounds */
    double open = r->best;
    for (size_t j = 0; j <= d; j++)
      if ((j == d || pos[j] < cand_n[j]) && bounds[j] > open) open = bounds[j];
    r->bound = open;
    while (d > 0) leave(s, clusters[--d]); /* the state serves the next component */
  }
  if (!found)
    for (size_t q = 0; q < count; q++) best_map[clusters[q]] = map[clusters[q]];
}

/*
 * Reads ahead of a walk over clusters: on many labels (10^6 one-token types) a cluster's
 * members, their numbers and entries, and their classes' tallies lie anywhere, each load
 * waiting on the one before. The clusters ahead of the walk are fetched in five steps of
 * AHEAD_STEP clusters, each reading what the step before fetched: the cluster's member bounds
 * (and its entry of `per_cluster`); its first two members; their entry bounds (and their
 * entries of `per_item`); their first two classes (and their first slot in `slot_class`);
 * those classes' tallies. Walks use it only where the tallies pass CE_CACHED_BYTES bytes: in
 * cache the fetching costs more than it hides. Nothing is written.
 */
#define AHEAD_STEP 4

typedef struct reads_ahead {
  const uint32_t *per_cluster; /* NULL: none */
  const uint32_t *per_item[2]; /* NULL: none */
  const uint32_t *slot_class;  /* from e->cluster_start[i]; NULL: none */
  const char *tally[3];        /* per class, tally_size[t] bytes apart; NULL: none */
  size_t tally_size[3];
} reads_ahead;

static void cluster_ahead(const search *s, const reads_ahead *r, uint32_t k, int step) {
  const ce_type_index *ix = s->ix;
  const ce_entries *e = s->e;
  if (step == 5) {
    ce__prefetch(&ix->member_start[k]);
    if (r->per_cluster) ce__prefetch(&r->per_cluster[k]);
    return;
  }
  uint32_t q = ix->member_start[k], end = ix->member_start[k + 1];
  if (end > q + 2) end = q + 2;
  if (step == 4) {
    ce__prefetch(&ix->members[q]);
    return;
  }
  for (; q < end; q++) {
    uint32_t i = ix->members[q];
    if (step == 3) {
      ce__prefetch(&e->class_start[i]);
      if (r->slot_class) ce__prefetch(&e->cluster_start[i]);
      for (int t = 0; t < 2; t++)
        if (r->per_item[t]) ce__prefetch(&r->per_item[t][i]);
      continue;
    }
    uint32_t g = e->class_start[i], g_end = e->class_start[i + 1];
    if (g_end > g + 2) g_end = g + 2;
    if (step == 2 && r->slot_class) ce__prefetch(&r->slot_class[e->cluster_start[i]]);
    for (; g < g_end; g++) {
      if (step == 2) {
        ce__prefetch(&e->class_ids[g]);
        continue;
      }
      for (int t = 0; t < 3; t++)
        if (r->tally[t]) ce__prefetch(r->tally[t] + (size_t)e->class_ids[g] * r->tally_size[t]);
    }
  }
}

/* The reads ahead of position `at` of a walk over `order` (`count` clusters). */
static void clusters_ahead(const search *s, const reads_ahead *r, const uint32_t *order,
                           size_t count, size_t at) {
  at += 5 * AHEAD_STEP;
  for (int step = 5; step >= 1; step--, at -= AHEAD_STEP)
    if (at < count) cluster_ahead(s, r, order[at], step);
}

/* The classes of the gold entries of a component's items, in label order. */
static size_t part_domain(search *s, const uint32_t *items, size_t count, uint32_t *out) {
  const ce_entries *e = s->e;
  size_t n = 0;
  for (size_t q = 0; q < count; q++) {
    uint32_t i = items[q];
    for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++) {
      uint32_t c = e->class_ids[j];
      if (s->scratch[c]) continue;
      s->scratch[c] = 1;
      s->keys[n++] = (uint64_t)e->class_order[c] << 32 | c;
    }
    s->work += gold_count(e, i);
  }
  ce__sort_u64(s->keys, n);
  for (size_t d = 0; d < n; d++) {
    out[d] = (uint32_t)s->keys[d];
    s->scratch[out[d]] = 0;
  }
  return n;
}

/*
 * One round of exact_items where every component is one cluster k: what parts_build,
 * part_domain and solve_part give for it, term for term and in their order, without the
 * graph, the orders and the sorts that components take in general (0.8 s a measure on 10^6
 * one-token types in 486,857 clusters, most of it waiting on memory). The components come
 * in label order of their cluster (parts_build's numbering, all of size 1), a component's
 * items ascending (k's members). With one cluster an item's incumbent part is IM_i =
 * [h(k) ∈ A_i] and |h(B_i)| = 1; with it open, item_account adds 0 (MacroI) or one unit of
 * fixed point (fixed_up(0)), and item_charge finds, for each class c of k's items, the
 * items holding c: MacroI's best class the one most hold (2·(count − best) > λ·0), MicroI's
 * the largest Σ 2/(|A_i| + 1) summed in item order, which is also count == 1's score. The
 * work is counted as theirs counts it. Adds each component's bound to *upper and says in
 * *better whether one beat its incumbent; its best mapping goes to `trial`.
 */
static void separable_round(item_search *b, const uint32_t *map, double scale, size_t clustered,
                            uint32_t *trial, double *upper, int *better) {
  search *s = b->s;
  const ce_type_index *ix = s->ix;
  const ce_entries *e = s->e;
  reads_ahead ahead = {map,
                       {NULL, NULL},
                       NULL,
                       {(const char *)b->count_a, (const char *)b->gain, NULL},
                       {sizeof *b->count_a, sizeof *b->gain, 0}};
  int far_apart = s->n * (sizeof *b->count_a + sizeof *b->gain) > CE_CACHED_BYTES;
  for (size_t rank = 0; rank < s->m; rank++) {
    if (far_apart) clusters_ahead(s, &ahead, ix->cluster_by_rank, s->m, rank);
    uint32_t k = ix->cluster_by_rank[rank], incumbent_class = map[k];
    const uint32_t *items = ix->members + ix->member_start[k];
    size_t its_n = ix->member_start[k + 1] - ix->member_start[k], touched = 0;
    if (!its_n) continue;
    double tolerance = SLACK * scale * (double)its_n / (double)clustered;
    double incumbent_sum = 0.0;
    uint64_t matches = 0;
    for (size_t q = 0; q < its_n; q++) {
      uint32_t i = items[q], a = gold_count(e, i);
      uint32_t match = (uint32_t)holds(e, i, incumbent_class);
      matches += match;
      if (!b->macro) incumbent_sum += item_f(match, 1, a);
      double hit = item_f(1, 1, a); /* item_charge's hit − miss, miss 0 */
      for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++) {
        uint32_t c = e->class_ids[j];
        if (!b->count_a[c]) b->touched[touched++] = c;
        b->count_a[c]++;
        b->gain[c] += hit;
      }
      s->work += 2 + a + 1 + a; /* incumbent_item, part_domain, item_charge */
    }
    s->work += touched + 1;
    uint32_t best_count = 0;
    double best_gain = 0.0;
    for (size_t j = 0; j < touched; j++) {
      uint32_t c = b->touched[j];
      if (b->count_a[c] > best_count) best_count = b->count_a[c];
      if (b->gain[c] > best_gain) best_gain = b->gain[c];
    }
    double shift = b->lambda * (double)its_n;
    double incumbent = b->macro ? 2.0 * (double)matches - shift : incumbent_sum;
    double root = b->macro ? 2.0 * (double)best_count - shift
                           : (double)((int64_t)its_n + fixed_up(best_gain)) / FIXED;
    double best = incumbent, bound = root > incumbent ? root : incumbent;
    if (!(root <= incumbent + tolerance)) { /* solve_part's one-cluster pass, in label order */
      for (size_t j = 0; j < touched; j++)
        s->keys[j] = (uint64_t)e->class_order[b->touched[j]] << 32 | b->touched[j];
      ce__sort_u64(s->keys, touched);
      uint32_t to = incumbent_class;
      for (size_t j = 0; j < touched; j++) {
        uint32_t c = (uint32_t)s->keys[j];
        double v = b->macro ? 2.0 * (double)b->count_a[c] - shift : b->gain[c];
        if (v > best + tolerance) {
          best = v;
          to = c;
        }
      }
      for (size_t q = 0; q < its_n; q++) s->work += gold_count(e, items[q]);
      trial[k] = to;
      bound = best;
    }
    for (size_t j = 0; j < touched; j++) {
      b->count_a[b->touched[j]] = 0;
      b->gain[b->touched[j]] = 0.0;
    }
    *better |= best > incumbent;
    *upper += bound;
  }
}

static ce_status exact_items(search *s, int measure, int by_components, uint32_t *map,
                             double *value, ce_m1_proof *proof) {
  const ce_type_index *ix = s->ix;
  int separable = !by_components && ix->one_cluster_each; /* every component one cluster */
  parts p;
  memset(&p, 0, sizeof p);
  ce_status status = separable ? CE_OK : parts_build(s, &p);
  if (status) return status;
  /* The items in a cluster: with one cluster an item, its memberships. */
  size_t m = s->m, n = s->n, largest = 0;
  size_t clustered = separable ? ix->member_start[m] : p.item_start[p.count];
  if (separable) s->work += 2 * clustered; /* parts_build's: clusters joined, then walked */
  for (size_t c = 0; c < p.count; c++)
    if (p.start[c + 1] - p.start[c] > largest) largest = p.start[c + 1] - p.start[c];
  /* A component's candidates fit: it is searched only with count × (domain + 1) within the
   * limit, and count and domain are at most the largest's and n. */
  size_t candidates_n = largest * (n + 1);
  if (candidates_n > CANDIDATE_LIMIT) candidates_n = CANDIDATE_LIMIT;
  size_t buffer_n = candidates_n + 3 * (largest + 1);
  uint32_t *buffer = malloc((buffer_n ? buffer_n : 1) * sizeof *buffer);
  uint32_t *domain = malloc((n ? n : 1) * sizeof *domain);
  uint32_t *trial = malloc((m ? m : 1) * sizeof *trial);
  double *bounds = malloc((largest > n ? largest + 1 : n + 1) * sizeof *bounds);
  item_search b;
  status = item_search_init(&b, s, measure, *value);
  if (!status && (!buffer || !domain || !trial || !bounds)) {
    item_search_free(&b);
    status = CE_ERR_NOMEM;
  }
  if (status) goto done;
  double gold = (double)ix->gold_total, items = (double)s->l;
  /* A proof allows SLACK in units of the measure: shared by the components by their items. */
  double scale = b.macro ? gold + (double)clustered : items;
  for (int round = 0; round < 64; round++) {
    double upper = 0.0;
    int exact = 1, better = 0;
    memcpy(trial, map, m * sizeof *trial);
    if (separable) separable_round(&b, map, scale, clustered, trial, &upper, &better);
    for (size_t c = 0; c < p.count; c++) {
      const uint32_t *clusters = p.cluster + p.start[c], *its = p.item + p.item_start[c];
      size_t count = p.start[c + 1] - p.start[c], its_n = p.item_start[c + 1] - p.item_start[c];
      double tolerance = SLACK * scale * (double)its_n / (double)clustered;
      size_t domain_n = part_domain(s, its, its_n, domain);
      part_result r;
      solve_part(&b, clusters, count, its, its_n, domain, domain_n, map, tolerance, buffer, bounds,
                 trial, &r);
      exact &= r.exact;
      better |= r.best > r.incumbent;
      upper += r.bound;
    }
    double candidate = *value;
    if (better) {
      status = ce__type_value(ix, trial, measure, &candidate);
      if (status) goto done;
    }
    int taken = candidate > *value;
    if (taken) {
      memcpy(map, trial, m * sizeof *trial);
      *value = candidate;
      if (b.macro) { /* Dinkelbach: the next λ is the new value */
        b.lambda = candidate;
        continue;
      }
    }
    /* Proved when every component is: MicroI then holds each one's optimum; MacroI's λ is
     * optimal when no component can beat it (a better one found but lost to rounding in
     * the whole proves nothing). */
    proof->optimal = exact && (b.macro ? !better : taken || !better);
    if (b.macro) {
      /* Each component's bound at λ falls by at least (λ' − λ)·(its items) at λ' > λ, since
       * every clustered item keeps at least one class: the largest λ' at which Σ of the
       * bounds − λ'·Σ|A_i| can still reach 0 bounds MacroI. */
      double lambda = b.lambda;
      proof->bound = (upper + lambda * (double)clustered) / ((double)clustered + gold);
    } else {
      proof->bound = items > 0 ? upper / items : 0.0;
    }
    break;
  }
  item_search_free(&b);
done:
  parts_free(&p);
  free(buffer);
  free(domain);
  free(trial);
  free(bounds);
  return status;
}

/* ---------------------------------------------------------------- MicroC */

/* Whether helper p goes before q: a higher share x/y, ties by rank (a total order). */
static int share_before(const ce_union_helper *p, const ce_union_helper *q) {
  uint64_t left = (uint64_t)p->x * q->y, right = (uint64_t)q->x * p->y;
  return left != right ? left > right : p->rank < q->rank;
}

static int by_share(const void *a, const void *b) {
  const ce_union_helper *p = a, *q = b;
  return share_before(p, q) ? -1 : share_before(q, p);
}

/* Helpers [from, to) by insertion. */
static void helpers_insert(ce_union_helper *h, size_t from, size_t to) {
  for (size_t j = from + 1; j < to; j++) {
    ce_union_helper next = h[j];
    size_t at = j;
    for (; at > from && share_before(&next, &h[at - 1]); at--) h[at] = h[at - 1];
    h[at] = next;
  }
}

/* Runs of HELPERS_RUN by insertion, then merged pairwise through `scratch`, the comparison
 * inlined (qsort's call per comparison took twice as long on random labels of 1,000 a side,
 * where MicroC's bound orders hundreds of helpers at a time). The order is total, so any sort
 * gives the same; qsort where the scratch cannot be had. */
enum { HELPERS_RUN = 16 };

void ce__union_helpers_order(ce_union_helper *h, size_t count, uint64_t *px, uint64_t *py) {
  ce_union_helper *scratch = count > HELPERS_RUN ? malloc(count * sizeof *scratch) : NULL;
  if (count > HELPERS_RUN && !scratch) {
    qsort(h, count, sizeof *h, by_share);
  } else {
    for (size_t from = 0; from < count; from += HELPERS_RUN)
      helpers_insert(h, from, count - from < HELPERS_RUN ? count : from + HELPERS_RUN);
    ce_union_helper *in = h, *out = scratch;
    for (size_t width = HELPERS_RUN; width < count; width *= 2) {
      for (size_t from = 0; from < count; from += 2 * width) {
        size_t mid = count - from < width ? count : from + width;
        size_t end = count - from < 2 * width ? count : from + 2 * width, a = from, b = mid;
        for (size_t at = from; at < end; at++)
          out[at] = b == end || (a < mid && !share_before(&in[b], &in[a])) ? in[a++] : in[b++];
      }
      ce_union_helper *swap = in;
      in = out;
      out = swap;
    }
    if (in != h) memcpy(h, in, count * sizeof *h);
  }
  free(scratch);
  px[0] = py[0] = 0;
  for (size_t j = 0; j < count; j++) {
    px[j + 1] = px[j] + h[j].x;
    py[j + 1] = py[j] + h[j].y;
  }
}

/* The sums of x and y over the first j helpers, `skip` (an index) left out. */
static void helper_sums(const ce_union_helper *h, const uint64_t *px, const uint64_t *py,
                        size_t skip, size_t j, uint64_t *x, uint64_t *y) {
  int past = skip != NONE && j > skip;
  *x = px[j + past];
  *y = py[j + past];
  if (past) {
    *x -= h[skip].x;
    *y -= h[skip].y;
  }
}

/* A set is best when it holds the helpers whose share x/y beats its ratio: a prefix in order
 * of share, whose end is where the next share stops raising the ratio (found by bisection:
 * past it, none does). */
double ce__union_best(const ce_union_helper *h, const uint64_t *px, const uint64_t *py,
                      size_t count, uint64_t a, uint64_t b, size_t skip) {
  size_t lo = 0, hi = count - (skip != NONE);
  uint64_t x, y;
  while (lo < hi) {
    size_t j = lo + (hi - lo) / 2, at = skip != NONE && j >= skip ? j + 1 : j;
    helper_sums(h, px, py, skip, j, &x, &y);
    if ((uint64_t)h[at].x * (b + y) > (uint64_t)h[at].y * (a + x))
      lo = j + 1;
    else
      hi = j;
  }
  helper_sums(h, px, py, skip, lo, &x, &y);
  if (!(b + y)) return 0.0;
  double f = 2.0 * (double)(a + x) / (double)(b + y);
  return f < 1.0 ? f : 1.0;
}

/* The MicroC bound's scratch, allocated once per search. */
typedef struct union_bound {
  /* Entries: an open cluster (by position r) and a class its items touch. */
  uint32_t *ent_start, *ent_class, *ent_x, *ent_full, *ent_priv, *ent_pos;
  uint32_t *in, *x, *priv_in, *touched; /* per class, zero between clusters */
  uint32_t *h_start;                    /* class c's helpers: h[h_start[c] .. h_start[c + 1]) */
  ce_union_helper *h;
  uint64_t *px, *py;      /* their prefix sums, from h_start[c] + c */
  double *best0;          /* per class: F*_c */
  uint32_t *by_best;      /* classes, about best F*_c first */
  double *phi, *item_phi; /* per open cluster: its best F*_c(k); per item, 0 between uses */
  uint32_t *item_list;
} union_bound;

static void union_bound_free(union_bound *u) {
  free(u->ent_start);
  free(u->ent_class);
  free(u->ent_x);
  free(u->ent_full);
  free(u->ent_priv);
  free(u->ent_pos);
  free(u->in);
  free(u->x);
  free(u->priv_in);
  free(u->touched);
  free(u->h_start);
  free(u->h);
  free(u->px);
  free(u->py);
  free(u->best0);
  free(u->by_best);
  free(u->phi);
  free(u->item_phi);
  free(u->item_list);
}

/* The bound's entries: at most one per cluster and class, and one per item's cluster and
 * class, whichever is fewer. */
static size_t union_bound_entries(const search *s) {
  const ce_entries *e = s->e;
  size_t n = s->n ? s->n : 1, m = s->m ? s->m : 1, cap = 0;
  for (size_t i = 0; i < s->l && cap < n * m; i++) {
    size_t b = e->cluster_start[i + 1] - e->cluster_start[i];
    cap += b * (gold_count(e, (uint32_t)i) + b);
  }
  return (cap < n * m ? cap : n * m) + 1;
}

static ce_status union_bound_init(union_bound *u, const search *s) {
  memset(u, 0, sizeof *u);
  size_t n = s->n ? s->n : 1, m = s->m ? s->m : 1, l = s->l ? s->l : 1;
  size_t cap = union_bound_entries(s);
  u->ent_start = malloc((m + 1) * sizeof *u->ent_start);
  u->ent_class = malloc(cap * sizeof *u->ent_class);
  u->ent_x = malloc(cap * sizeof *u->ent_x);
  u->ent_full = malloc(cap * sizeof *u->ent_full);
  u->ent_priv = malloc(cap * sizeof *u->ent_priv);
  u->ent_pos = malloc(cap * sizeof *u->ent_pos);
  u->in = calloc(n, sizeof *u->in);
  u->x = calloc(n, sizeof *u->x);
  u->priv_in = calloc(n, sizeof *u->priv_in);
  u->touched = malloc(n * sizeof *u->touched);
  u->h_start = malloc((n + 1) * sizeof *u->h_start);
  u->h = malloc(cap * sizeof *u->h);
  u->px = malloc((cap + n) * sizeof *u->px);
  u->py = malloc((cap + n) * sizeof *u->py);
  u->best0 = malloc(n * sizeof *u->best0);
  u->by_best = malloc(n * sizeof *u->by_best);
  u->phi = malloc(m * sizeof *u->phi);
  u->item_phi = calloc(l, sizeof *u->item_phi);
  u->item_list = malloc(l * sizeof *u->item_list);
  if (!u->ent_start || !u->ent_class || !u->ent_x || !u->ent_full || !u->ent_priv || !u->ent_pos ||
      !u->in || !u->x || !u->priv_in || !u->touched || !u->h_start || !u->h || !u->px || !u->py ||
      !u->best0 || !u->by_best || !u->phi || !u->item_phi || !u->item_list) {
    union_bound_free(u);
    return CE_ERR_NOMEM;
  }
  return CE_OK;
}

/* The best F = 2·(a + X) / (b + Y) over sets of class c's helpers (`skip`, an index among
 * them or NONE, left out). */
static double best_union(const union_bound *u, uint32_t c, uint64_t a, uint64_t b, uint32_t skip) {
  size_t first = u->h_start[c], sums = first + c;
  return ce__union_best(u->h + first, u->px + sums, u->py + sums, u->h_start[c + 1] - first, a, b,
                        skip);
}

/* Entry `at`: class c, its x, full and priv (see touch_entries). */
static void entry_put(union_bound *u, size_t at, uint32_t c, uint32_t x, uint32_t full,
                      uint32_t priv) {
  u->ent_class[at] = c;
  u->ent_x[at] = x;
  u->ent_full[at] = full;
  u->ent_priv[at] = priv;
}

/*
 * Step 1 of the bound: for each open cluster, the classes its items touch (in a gold entry
 * or already reached): its new items of c (x), its items new to U_c that are not of c
 * (full), and of those the ones in no other open cluster (priv). At the root (`root`: no
 * cluster mapped, every item's clusters open) a cluster's classes and counts are its row in
 * the index, where it has rows: the same entries in the same order, the walk counted in the
 * work as if taken.
 */
static void touch_entries(search *s, union_bound *u, const uint32_t *open, size_t open_n,
                          int root) {
  const ce_type_index *ix = s->ix;
  const ce_entries *e = s->e;
  const ce_type_rows *rows = root && ix->rows.start ? &ix->rows : NULL;
  reads_ahead ahead = {NULL,
                       {s->used, s->left},
                       s->slot_class,
                       {(const char *)u->in, (const char *)u->x, (const char *)u->priv_in},
                       {sizeof *u->in, sizeof *u->x, sizeof *u->priv_in}};
  int far_apart = !rows && s->n * 3 * sizeof *u->in > CE_CACHED_BYTES;
  size_t entries = 0;
  for (size_t r = 0; r < open_n; r++) {
    if (far_apart) clusters_ahead(s, &ahead, open, open_n, r);
    uint32_t k = open[r], privates = 0, touched = 0;
    u->ent_start[r] = (uint32_t)entries;
    for (uint32_t q = ix->member_start[k]; q < ix->member_start[k + 1]; q++) {
      uint32_t i = ix->members[q], base = e->cluster_start[i], used = s->used[i];
      uint32_t only = s->left[i] == 1;
      privates += only;
      s->work += 1 + used + gold_count(e, i) * (used + 1);
      if (rows) continue;
      for (uint32_t j = 0; j < used; j++) {
        uint32_t c = s->slot_class[base + j];
        if (!u->in[c]) u->touched[touched++] = c;
        u->in[c]++;
        u->priv_in[c] += only;
      }
      for (uint32_t g = e->class_start[i]; g < e->class_start[i + 1]; g++) {
        uint32_t c = e->class_ids[g], j = 0;
        while (j < used && s->slot_class[base + j] != c) j++;
        if (j < used) continue; /* already in U_c */
        if (!u->in[c]) u->touched[touched++] = c;
        u->in[c]++;
        u->priv_in[c] += only;
        u->x[c]++;
      }
    }
    uint32_t size = (uint32_t)cluster_size(ix, k);
    for (uint32_t j = rows ? rows->start[k] : 0; rows && j < rows->start[k + 1]; j++) {
      const ce_type_cell *cell = &rows->cell[j]; /* at the root x = in: nothing is reached */
      entry_put(u, entries++, cell->class_id, cell->count, size - cell->count,
                privates - cell->single);
    }
    for (uint32_t j = 0; j < touched; j++) {
      uint32_t c = u->touched[j];
      entry_put(u, entries++, c, u->x[c], size - u->in[c], privates - u->priv_in[c]);
      u->in[c] = u->priv_in[c] = u->x[c] = 0;
    }
  }
  u->ent_start[open_n] = (uint32_t)entries;
}

/* Step 2: each class's helpers (entries with new items of it), by share, and their sums. */
static void sort_helpers(search *s, union_bound *u, const uint32_t *open, size_t open_n) {
  const ce_entries *e = s->e;
  size_t n = s->n;
  memset(u->h_start, 0, (n + 1) * sizeof *u->h_start);
  for (uint32_t j = 0; j < u->ent_start[open_n]; j++)
    if (u->ent_x[j]) u->h_start[u->ent_class[j] + 1]++;
  for (size_t c = 0; c < n; c++) u->h_start[c + 1] += u->h_start[c];
  for (size_t r = 0; r < open_n; r++)
    for (uint32_t j = u->ent_start[r]; j < u->ent_start[r + 1]; j++) {
      if (!u->ent_x[j]) continue;
      uint32_t c = u->ent_class[j];
      ce_union_helper *h = &u->h[u->h_start[c] + u->in[c]++];
      h->x = u->ent_x[j];
      h->y = u->ent_x[j] + u->ent_priv[j];
      h->rank = e->cluster_order[open[r]];
      h->entry = j;
    }
  for (size_t c = 0; c < n; c++) {
    uint32_t first = u->h_start[c], count = u->h_start[c + 1] - first;
    size_t sums = first + c;
    u->in[c] = 0;
    ce__union_helpers_order(u->h + first, count, u->px + sums, u->py + sums);
    s->work += sort_steps(count);
    for (uint32_t j = 0; j < count; j++) u->ent_pos[u->h[first + j].entry] = j;
    s->work += 2 * count + 1;
  }
}

/* Step 3: F*_c for every class, and the classes about best first (ties by label). */
static void class_bests(search *s, union_bound *u) {
  const ce_type_index *ix = s->ix;
  size_t n = s->n;
  for (size_t r = 0; r < n; r++) {
    uint32_t c = ix->class_by_rank[r];
    uint64_t size = ix->class_size[c];
    u->best0[c] = size ? best_union(u, c, s->cm[c], s->t[c] + size, NONE) : 0.0;
    s->keys[r] = (uint64_t)((1.0 - u->best0[c]) * 2147483648.0) << 32 | (uint64_t)r;
  }
  ce__sort_u64(s->keys, n);
  for (size_t r = 0; r < n; r++) u->by_best[r] = ix->class_by_rank[(uint32_t)s->keys[r]];
  s->work += 4 * n + sort_steps(n);
}

/* `best` raised to class c's F with every item of an open cluster of `size` items joining
 * U_c and none matching, where its F*_c (at least that F) is above `best`. */
static void untouched_raise(const search *s, const union_bound *u, uint32_t c, uint32_t size,
                            double *best) {
  if (u->best0[c] <= *best) return;
  double f = best_union(u, c, s->cm[c], (uint64_t)s->t[c] + s->ix->class_size[c] + size, NONE);
  if (f > *best) *best = f;
}

/*
 * The best F*_c over the classes no item of an open cluster of `size` items touches: all
 * of its items join U_c and none matches, which cannot raise F*_c: a class whose F*_c is
 * not above the best so far cannot count, and the result is the largest value of them all
 * (or 0), whatever the order they are read in. by_best orders the classes by F*_c,
 * descending, to within class_bests' quantum of 2^-31 (and a rounding of 1 − F*_c): past a
 * class 2^-30 below the best, none can count, and the search stops (on 10^6 one-token types
 * it had walked every class, a scattered read each, 0.23 s at the root). Where it has not
 * stopped after s->untouched_by_best classes, the classes are read in id order instead, every
 * array in one pass (the one-token types: F*_c = 1 for every class, 9·10^6 values a root,
 * 0.3 s scattered).
 */
static double untouched_best(search *s, const union_bound *u, uint32_t size) {
  double best = 0.0;
  size_t q = 0;
  for (; q < s->n && q < s->untouched_by_best; q++) {
    if (u->best0[u->by_best[q]] + 0x1p-30 <= best) break;
    untouched_raise(s, u, u->by_best[q], size, &best);
    if (best >= 1.0) break; /* F is at most 1 (the work counts every class) */
  }
  if (q == s->untouched_by_best && q < s->n)
    for (uint32_t c = 0; c < s->n && best < 1.0; c++) untouched_raise(s, u, c, size, &best);
  s->work += s->n;
  return best;
}

/* Step 5: the largest average over memberships: item i adds between [h(B_i) = ∅] and
 * min(u_i, n − |h(B_i)|) of them at φ_i, to `have` (Σ of the present ones' bounds) over
 * `count` of them; Dinkelbach on the one ratio. */
static double membership_bound(search *s, union_bound *u, size_t listed, double have,
                               double count) {
  double lambda = -1.0;
  for (int round = 0; round < 64; round++) {
    double num = have, den = count;
    for (size_t q = 0; q < listed; q++) {
      uint32_t i = u->item_list[q], fewest = s->used[i] ? 0 : 1, most = s->left[i];
      if (most > s->n - s->used[i]) most = (uint32_t)(s->n - s->used[i]);
      uint32_t take = u->item_phi[i] > lambda ? most : fewest;
      num += take * u->item_phi[i];
      den += take;
    }
    s->work += listed + 1;
    double next = den > 0 ? num / den : 0.0;
    if (!(next > lambda)) break;
    lambda = next;
  }
  return lambda < 0.0 ? 0.0 : lambda < 1.0 ? lambda : 1.0;
}

/* The MicroC bound with open[0 .. open_n) open, every other cluster with items mapped. */
static double micro_c_bound(search *s, union_bound *u, const uint32_t *open, size_t open_n,
                            int root) {
  const ce_type_index *ix = s->ix;
  touch_entries(s, u, open, open_n, root);
  sort_helpers(s, u, open, open_n);
  class_bests(s, u);
  /* Step 4: each open cluster's best F*_c(k). */
  double untouched = 0.0;
  uint32_t untouched_size = NONE;
  for (size_t r = 0; r < open_n; r++) {
    uint32_t size = (uint32_t)cluster_size(ix, open[r]);
    if (size != untouched_size) untouched = untouched_best(s, u, untouched_size = size);
    double phi = untouched;
    /* F is at most 1: once phi is 1, no entry raises it (the work counts them all). */
    for (uint32_t j = u->ent_start[r]; j < u->ent_start[r + 1] && phi < 1.0; j++) {
      uint32_t c = u->ent_class[j];
      if (!ix->class_size[c]) continue;
      uint64_t a = (uint64_t)s->cm[c] + u->ent_x[j];
      uint64_t b = (uint64_t)s->t[c] + ix->class_size[c] + u->ent_x[j] + u->ent_full[j];
      double f = best_union(u, c, a, b, u->ent_x[j] ? u->ent_pos[j] : NONE);
      if (f > phi) phi = f;
    }
    s->work += u->ent_start[r + 1] - u->ent_start[r] + 1;
    u->phi[r] = phi;
  }
  double have = 0.0, count = 0.0;
  for (size_t r = 0; r < s->n; r++) {
    uint32_t c = ix->class_by_rank[r];
    have += (double)s->t[c] * u->best0[c];
    count += (double)s->t[c];
  }
  size_t listed = 0;
  for (size_t r = 0; r < open_n; r++)
    for (uint32_t q = ix->member_start[open[r]]; q < ix->member_start[open[r] + 1]; q++) {
      uint32_t i = ix->members[q];
      if (u->item_phi[i] == 0.0) {
        u->item_list[listed++] = i;
        u->item_phi[i] = -1.0; /* listed; raised next */
      }
    }
  for (size_t r = 0; r < open_n; r++)
    for (uint32_t q = ix->member_start[open[r]]; q < ix->member_start[open[r] + 1]; q++) {
      uint32_t i = ix->members[q];
      if (u->phi[r] > u->item_phi[i]) u->item_phi[i] = u->phi[r];
    }
  double bound = membership_bound(s, u, listed, have, count);
  for (size_t q = 0; q < listed; q++) u->item_phi[u->item_list[q]] = 0.0;
  return bound;
}

/*
 * How far MicroC's root bound and a climb's value may lie apart from rounding alone. The
 * value is a sum over the n classes over N*; the bound a sum over the classes and another
 * over the listed items over the memberships, each term a few operations: each relative
 * error is at most about (terms + a few) · 2^-53 (Higham, Accuracy and Stability of
 * Numerical Algorithms, 2002, §4.2; the terms are not negative). On 10^6 one-token types
 * in 486,857 clusters the optimum, each cluster to a class of its own items, is
 * 0.6161461295815295 (a correctly rounded sum); the climbs' sum gave 0.6161461295808417,
 * the bound 0.616146129585492: 4.6e-12 apart, 4.1e-10 allowed.
 */
static double micro_c_rounding(const search *s, double value, double bound) {
  return (double)(2 * s->n + s->l + 16) * UNIT_ROUNDOFF * (value + bound);
}

/* MicroC with every cluster mapped, from the state (§4.2, classes in label order). */
static double micro_c_value(const search *s) {
  const ce_type_index *ix = s->ix;
  double num = 0.0;
  uint64_t n_star = 0;
  for (size_t r = 0; r < s->n; r++) {
    uint32_t c = ix->class_by_rank[r];
    if (!s->t[c]) continue;
    num += 2.0 * (double)s->cm[c] * (double)s->t[c] / (double)(s->t[c] + ix->class_size[c]);
    n_star += s->t[c];
  }
  return n_star ? num / (double)n_star : 0.0;
}

/* MicroC's bound reads the untouched classes by best first for this many, then in id order
 * (see untouched_best). */
#define UNTOUCHED_BY_BEST 256

/* Whether the root bound over `count` clusters proves the climbs' best: it exceeds it by no
 * more than rounding, so no mapping can beat it by more (the search compares bounds computed
 * alike). */
static int root_proves(const search *s, size_t count, double root, double best) {
  return !count || root <= best + SLACK + micro_c_rounding(s, best, root);
}

/* The clusters with items, largest first (then by label), into `order` (`key`: scratch of
 * as many); how many. */
static size_t root_order(const search *s, uint32_t *order, uint64_t *key) {
  const ce_type_index *ix = s->ix;
  size_t count = 0;
  for (uint32_t k = 0; k < s->m; k++) {
    size_t size = cluster_size(ix, k);
    if (size) key[count++] = (uint64_t)(UINT32_MAX - size) << 32 | ix->entries->cluster_order[k];
  }
  ce__sort_u64(key, count);
  for (size_t d = 0; d < count; d++) order[d] = ix->cluster_by_rank[(uint32_t)key[d]];
  return count;
}

int ce__m1_root_init(ce_m1_root *root) {
  memset(root, 0, sizeof *root);
  if (!ce__lock_init(&root->state)) return 0;
  if (ce__lock_init(&root->busy)) return 1;
  ce__lock_free(&root->state);
  return 0;
}

void ce__m1_root_free(ce_m1_root *root) {
  ce__lock_free(&root->state);
  ce__lock_free(&root->busy);
}

/* The root bound as exact_micro_c's own search computes it, into `root`. */
static void root_compute(ce_m1_root *root, const ce_type_index *ix) {
  search s;
  union_bound u;
  root->status = search_init(&s, ix, 0);
  if (root->status) return;
  s.untouched_by_best = UNTOUCHED_BY_BEST;
  size_t m = s.m ? s.m : 1;
  uint32_t *order = malloc(m * sizeof *order);
  uint64_t *key = malloc(m * sizeof *key);
  root->status = order && key ? union_bound_init(&u, &s) : CE_ERR_NOMEM;
  if (!root->status) {
    root->count = root_order(&s, order, key);
    root->bound = micro_c_bound(&s, &u, order, root->count, 1);
    root->work = s.work;
    union_bound_free(&u);
  }
  free(order);
  free(key);
  search_free(&s);
}

/* Whether this caller begins the computation (no one has): it then holds `busy` until the
 * bound is in (root_run), taken inside `state` so that no one else can take it first. The
 * locks nest in that order only. */
static int root_claim(ce_m1_root *root) {
  ce__lock_acquire(&root->state);
  int mine = !root->begun;
  if (mine) {
    root->begun = 1;
    ce__lock_acquire(&root->busy);
  }
  ce__lock_release(&root->state);
  return mine;
}

static void root_run(ce_m1_root *root, const ce_type_index *ix) {
  root_compute(root, ix);
  ce__lock_release(&root->busy);
}

void ce__m1_root_offer(ce_m1_root *root, const ce_type_index *ix) {
  if (root_claim(root)) root_run(root, ix);
}

/* The root bound: computed here, or by another task (`busy` is free once it is in). */
static const ce_m1_root *root_take(ce_m1_root *root, const ce_type_index *ix) {
  if (root_claim(root)) {
    root_run(root, ix);
  } else {
    ce__lock_acquire(&root->busy);
    ce__lock_release(&root->busy);
  }
  return root;
}

static ce_status exact_micro_c(search *s, ce_m1_root *shared, uint32_t *map, double *value,
                               ce_m1_proof *proof) {
  const ce_type_index *ix = s->ix;
  size_t m = s->m, n = s->n, count = 0;
  /* Past ENTRY_LIMIT the bound's entries would take memory by the gigabyte (a cluster of
   * frequent items touches most classes): the climb's value stands, bounded by 1. */
  if (union_bound_entries(s) > ENTRY_LIMIT) return CE_OK;
  /* The root bound from the task that works it out beside the climbs, or below; where it
   * proves the climbs' best, nothing more is allocated. */
  const ce_m1_root *given = shared ? root_take(shared, ix) : NULL;
  if (given && given->status) return given->status;
  if (given) s->work = given->work; /* as if computed here */
  if (given && root_proves(s, given->count, given->bound, *value)) {
    proof->optimal = 1;
    proof->bound = *value;
    return CE_OK;
  }
  union_bound u;
  ce_status status = union_bound_init(&u, s);
  if (status) return status;
  uint32_t *order = malloc((m ? m : 1) * sizeof *order);
  uint64_t *key = malloc((m ? m : 1) * sizeof *key);
  double *bounds = malloc((m + 1) * sizeof *bounds);
  uint32_t *pos = malloc((m + 1) * sizeof *pos), *cand_n = malloc((m + 1) * sizeof *cand_n);
  uint32_t *choice = malloc((m ? m : 1) * sizeof *choice), *all = malloc(n * sizeof *all);
  uint32_t *best_choice = malloc((m ? m : 1) * sizeof *best_choice), *cand = NULL;
  if (!order || !key || !bounds || !pos || !cand_n || !choice || !all || !best_choice) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  count = root_order(s, order, key);
  double best = *value;
  /* Each node's bound sets the scratch afresh: the search below needs the root's value only. */
  double root = given ? given->bound : micro_c_bound(s, &u, order, count, 1);
  proof->optimal = 0;
  proof->bound = root > best ? root : best;
  if (root_proves(s, count, root, best)) {
    proof->optimal = 1;
    proof->bound = best;
    goto done;
  }
  if (count * n > CANDIDATE_LIMIT || cannot_finish(s, order[0], n)) goto done;
  cand = malloc(count * n * sizeof *cand);
  if (!cand) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (size_t r = 0; r < n; r++) all[r] = ix->class_by_rank[r];
  for (size_t d = 0; d < count; d++) cand_n[d] = NONE; /* ordered when first reached */
  size_t d = 0;
  int found = 0, exact = 0;
  pos[0] = 0;
  bounds[0] = root;
  for (;;) {
    if (s->work > s->budget) break;
    if (cand_n[d] == NONE) /* every class: the incumbent's, then the others */
      cand_n[d] = (uint32_t)candidates(s, order[d], map[order[d]], all, n, cand + d * n);
    if (pos[d] == cand_n[d]) {
      if (d == 0) {
        exact = 1;
        break;
      }
      leave(s, order[--d]);
      continue;
    }
    uint32_t c = cand[d * n + pos[d]++];
    join(s, order[d], c);
    choice[d] = c;
    if (d + 1 == count) {
      double v = micro_c_value(s);
      if (v > best + SLACK) {
        best = v;
        found = 1;
        memcpy(best_choice, choice, count * sizeof *choice);
      }
      leave(s, order[d]);
      continue;
    }
    double bound = micro_c_bound(s, &u, order + d + 1, count - d - 1, 0);
    if (bound <= best + SLACK) {
      leave(s, order[d]);
      continue;
    }
    d++;
    pos[d] = 0;
    bounds[d] = bound;
  }
  if (exact) {
    proof->optimal = 1;
    proof->bound = best;
  } else {
    double open = best;
    for (size_t j = 0; j <= d; j++)
      if ((j == d || pos[j] < cand_n[j]) && bounds[j] > open) open = bounds[j];
    proof->bound = open;
  }
  if (found) {
    uint32_t *trial = malloc((m ? m : 1) * sizeof *trial);
    if (!trial) {
      status = CE_ERR_NOMEM;
      goto done;
    }
    memcpy(trial, map, m * sizeof *trial);
    for (size_t q = 0; q < count; q++) trial[order[q]] = best_choice[q];
    double values[CE_TYPE_MEASURES];
    status = ce__type_values(ix, trial, values);
    if (!status && values[CE_TYPE_MICRO_C] > *value) {
      memcpy(map, trial, m * sizeof *trial);
      *value = values[CE_TYPE_MICRO_C];
    }
    free(trial);
  }
done:
  union_bound_free(&u);
  free(order);
  free(key);
  free(bounds);
  free(pos);
  free(cand_n);
  free(choice);
  free(all);
  free(best_choice);
  free(cand);
  return status;
}

static ce_status exact(const ce_type_index *ix, int measure, uint64_t budget, int by_components,
                       size_t untouched_by_best, ce_m1_root *root, uint32_t *map, double *value,
                       ce_m1_proof *proof) {
  memset(proof, 0, sizeof *proof);
  proof->bound = 1.0; /* every measure's largest value, until a search says better */
  const ce_entries *e = ix->entries;
  /* one mapping only, nothing to score, or an incumbent at own classes (ce__own_classes_map) */
  if (!e->classes || !e->items || ce__own_classes_map(ix, map)) {
    proof->optimal = 1;
    proof->bound = *value;
    return CE_OK;
  }
  search s;
  ce_status status = search_init(&s, ix, budget);
  if (status) return status;
  s.untouched_by_best = untouched_by_best;
  if (measure == CE_TYPE_MICRO_C)
    status = exact_micro_c(&s, root, map, value, proof);
  else
    status = exact_items(&s, measure, by_components, map, value, proof);
  proof->work = s.work;
  if (proof->bound > 1.0) proof->bound = 1.0; /* no measure exceeds 1 (§4) */
  if (proof->bound < *value) proof->bound = *value;
  if (proof->optimal) proof->bound = *value;
  search_free(&s);
  return status;
}

ce_status ce__m1_exact(const ce_type_index *ix, int measure, uint64_t budget, uint32_t *map,
                       double *value, ce_m1_proof *proof) {
  return exact(ix, measure, budget, 0, UNTOUCHED_BY_BEST, NULL, map, value, proof);
}

ce_status ce__m1_exact_rooted(const ce_type_index *ix, int measure, uint64_t budget,
                              ce_m1_root *root, uint32_t *map, double *value, ce_m1_proof *proof) {
  return exact(ix, measure, budget, 0, UNTOUCHED_BY_BEST, root, map, value, proof);
}

ce_status ce__m1_exact_by_components(const ce_type_index *ix, int measure, uint64_t budget,
                                     uint32_t *map, double *value, ce_m1_proof *proof) {
  return exact(ix, measure, budget, 1, UNTOUCHED_BY_BEST, NULL, map, value, proof);
}

ce_status ce__m1_exact_untouched(const ce_type_index *ix, int measure, uint64_t budget,
                                 size_t by_best, uint32_t *map, double *value, ce_m1_proof *proof) {
  return exact(ix, measure, budget, 0, by_best, NULL, map, value, proof);
}
