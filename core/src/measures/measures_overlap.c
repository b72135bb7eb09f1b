/*
 * Measures of overlapping clusterings (SPEC §3.3), where an element may sit in several
 * clusters: at the token level each token is an element of a partition (classes on one
 * side, clusters on the other); at the type level each item is an element and its entries
 * A_i and B_i are its clusters on the two sides.
 *
 *  - onmi: the overlapping NMI of McDaid, Greene & Hurley 2011 (arXiv:1110.2515, §2), as
 *    their `onmi` prints "NMI<Max>"; onmi_lfk: Lancichinetti, Fortunato & Kertész 2009
 *    (New J. Phys. 11 033015, Appendix B), as `onmi` prints "lfkNMI". Both from the cluster
 *    sizes and the overlaps of the pairs that meet: O(clusters + overlapping pairs).
 *  - omega: the Omega index of Collins & Dent 1988, from the numbers t1, t2 of clusters each
 *    pair of elements shares on each side. On a partition it is ARI (measures_pairs.c
 *    computes it there from the pair counts); over entries, each signature counts the later
 *    ones it meets in its labels' lists (t1, t2 = the meetings in classes' and clusters'
 *    lists); those that share nothing are never visited: their pairs are the ones left
 *    over, with t1 = t2 = 0.
 *  - ecs: element-centric similarity (Gates, Wood, Hetrick & Ahn 2019, Sci. Rep. 9:8574),
 *    clusim's element_sim with α = 0.9. On a partition it is (1/n)·Σ_cells n_kl²/max(a_k,
 *    b_l). Over covers, each side's walk W = K⁻¹ B S Bᵀ (K: elements' cluster counts, S:
 *    1/|c|, B: membership) has rank m, and (Woodbury)
 *      (I − αW)⁻¹ = I + α K⁻¹ B (I_m − α S Bᵀ K⁻¹ B)⁻¹ S Bᵀ,
 *    so P = (1−α)(I − αW)⁻¹ is P_ij = (1−α)(δ_ij + α·Σ_{d ∈ B_j} r_i[d]) with
 *    r_i = (1/k_i)·Σ_{c ∈ B_i} (G S)[c, ·], G the m×m inverse: j enters only through its
 *    clusters. The δ_ij cancel in P1 − P2, so S_i = 1 − ((1−α)/2)·Σ_j |u1_ij − u2_ij| with
 *    u_ij = Σ_{d ∈ B_j} r_i[d], summed over signatures with their weights. I − αSBᵀK⁻¹B is
 *    strictly diagonally dominant (SBᵀK⁻¹B is row-stochastic), so Gauss–Jordan needs no
 *    pivoting; it is block diagonal, a block for each component of the labels. Where a side
 *    is a partition its G is I/(1−α), its u_ij is 0 outside i's part, and since u ≥ 0 and
 *    Σ_j u_ij = Σ_d r_i[d]·|d|, the other side's sum needs only the signatures in i's part.
 *    Where both sides are covers every pair of signatures counts: each side's u_ij for
 *    every distinct label list j comes from a trie of those lists (one addition a node),
 *    then a pair costs two look-ups and one |·|. |u1 − u2| with a source's own
 *    coefficients leaves no order shared from one source to the next, so that sum stays
 *    quadratic in the signatures.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/parallel_internal.h"
#include "common/util_internal.h"
#include "measures/measures_overlap_internal.h"

__extension__ typedef unsigned __int128 ce_u128;
__extension__ typedef __int128 ce_i128;

/* f(c) = c·log2(n/c), f(0) = 0: every term of onmi's entropies (SPEC §3.3). Base 2 as the
 * authors' program computes it, so that its ties are ours. */
static double f_term(uint64_t c, uint64_t n) {
  return c ? (double)c * log2((double)n / (double)c) : 0.0;
}

/*
 * f_term(c, n) of the counts c below `small` and above n - `small`, each worked out at its
 * first use and kept: the same doubles, without a log2 for each. A table's terms take few
 * values there (cells of a few tokens, classes and clusters of similar sizes, n less those),
 * and a table may have 10^6 classes or cells (10^6 one-token types), or be scored again for
 * each resample (--bootstrap).
 */
enum { F_TERMS_SMALL = 4096 };

typedef struct f_terms {
  uint64_t n;
  size_t small;
  double *low, *high; /* [c], [n - c]; -1: not yet */
} f_terms;

static ce_status f_terms_init(f_terms *t, uint64_t n) {
  t->n = n;
  t->small = n < F_TERMS_SMALL ? (size_t)n + 1 : F_TERMS_SMALL;
  t->low = malloc(2 * t->small * sizeof *t->low);
  if (!t->low) return CE_ERR_NOMEM;
  t->high = t->low + t->small;
  for (size_t j = 0; j < 2 * t->small; j++) t->low[j] = -1.0; /* f_term is never negative */
  return CE_OK;
}

/* f_term(c, n), c <= n. */
static double f_of(const f_terms *t, uint64_t c) {
  double *kept = c < t->small ? &t->low[c] : t->n - c < t->small ? &t->high[t->n - c] : NULL;
  if (!kept) return f_term(c, t->n);
  if (*kept < 0) *kept = f_term(c, t->n);
  return *kept;
}

enum { NMI_AHEAD = 16 };

ce_status ce__overlap_nmi(uint64_t n, const uint64_t *x, size_t x_count, const uint64_t *y,
                          size_t y_count, size_t cells, const uint32_t *cell_x,
                          const uint32_t *cell_y, const uint64_t *cell_o, double *onmi,
                          double *lfk) {
  /* h[k]: H(X_k); best[k]: H(X_k|Y) as it stands (X's then Y's). */
  double *h = malloc((x_count + y_count + 1) * sizeof *h);
  double *best = malloc((x_count + y_count + 1) * sizeof *best);
  f_terms terms = {0};
  if (!h || !best || f_terms_init(&terms, n)) {
    free(h);
    free(best);
    free(terms.low);
    return CE_ERR_NOMEM;
  }
  double *hx = h, *hy = h + x_count, *bx = best, *by = best + x_count;
  for (size_t k = 0; k < x_count; k++) bx[k] = hx[k] = f_of(&terms, x[k]) + f_of(&terms, n - x[k]);
  for (size_t l = 0; l < y_count; l++) by[l] = hy[l] = f_of(&terms, y[l]) + f_of(&terms, n - y[l]);
  /* Cells go by X: Y's sizes, entropies and bests lie anywhere (600,000 clusters: 14 MB). */
  int far = y_count * 3 * sizeof *y > CE_CACHED_BYTES;
  for (size_t i = 0; i < cells; i++) {
    if (far && i + NMI_AHEAD < cells) {
      uint32_t ahead = cell_y[i + NMI_AHEAD];
      ce__prefetch(&y[ahead]);
      ce__prefetch(&hy[ahead]);
      ce__prefetch(&by[ahead]);
    }
    uint64_t o = cell_o[i], xs = x[cell_x[i]], ys = y[cell_y[i]];
    if (!o) continue;
    double f11 = f_of(&terms, o), f10 = f_of(&terms, xs - o), f01 = f_of(&terms, ys - o);
    double f00 = f_of(&terms, n - xs - ys + o);
    /* The pair counts only when it looks like agreement, strictly: a tie does not count. */
    if (!(f11 + f00 > f01 + f10)) continue;
    double joint = f11 + f10 + f01 + f00;
    double x_given = joint - hy[cell_y[i]], y_given = joint - hx[cell_x[i]];
    if (x_given < bx[cell_x[i]]) bx[cell_x[i]] = x_given;
    if (y_given < by[cell_y[i]]) by[cell_y[i]] = y_given;
  }
  double h_x = 0, h_y = 0, x_given_y = 0, y_given_x = 0, mean_x = 0, mean_y = 0;
  size_t x_clusters = 0, y_clusters = 0;
  for (size_t k = 0; k < x_count; k++) {
    if (!x[k]) continue;
    h_x += hx[k];
    x_given_y += bx[k];
    mean_x += hx[k] > 0 ? bx[k] / hx[k] : 1.0; /* a cluster of every element counts 1 */
    x_clusters++;
  }
  for (size_t l = 0; l < y_count; l++) {
    if (!y[l]) continue;
    h_y += hy[l];
    y_given_x += by[l];
    mean_y += hy[l] > 0 ? by[l] / hy[l] : 1.0;
    y_clusters++;
  }
  double mutual = 0.5 * (h_x - x_given_y + h_y - y_given_x);
  double most = h_x > h_y ? h_x : h_y;
  *onmi = most > 0 ? mutual / most : 1.0;
  mean_x = x_clusters ? mean_x / (double)x_clusters : 1.0;
  mean_y = y_clusters ? mean_y / (double)y_clusters : 1.0;
  *lfk = 1.0 - 0.5 * (mean_x + mean_y);
  free(h);
  free(best);
  free(terms.low);
  return CE_OK;
}

ce_status ce__measures_overlap_table(const ce_table *table, ce_measures *out) {
  double onmi, lfk;
  ce_status status = ce__overlap_nmi(
      table->total, table->class_sums, table->classes, table->cluster_sums, table->clusters,
      table->cell_count, table->cell_class, table->cell_cluster, table->cell_n, &onmi, &lfk);
  if (status) return status;
  ce__measure_put(out, CE_ONMI, onmi);
  ce__measure_put(out, CE_ONMI_LFK, lfk);
  /* ECS of partitions: S_i = |C1(i) ∩ C2(i)| / max(|C1(i)|, |C2(i)|) (Gates et al. 2019). */
  double sum = 0;
  for (size_t i = 0; i < table->cell_count; i++) {
    uint64_t a = table->class_sums[table->cell_class[i]];
    uint64_t b = table->cluster_sums[table->cell_cluster[i]];
    double n = (double)table->cell_n[i];
    sum += n * n / (double)(a > b ? a : b);
  }
  ce__measure_put(out, CE_ECS, table->total ? sum / (double)table->total : 1.0);
  return CE_OK;
}

/* ------------------------------------------------------------- type level */

/* One side of the signatures: side 0 the gold entries, 1 the system's. */
static const uint32_t *side_ids(const ce_signature *s, int side, uint32_t *n) {
  *n = side ? s->system_n : s->gold_n;
  return side ? s->system : s->gold;
}

/* Compressed rows label → signatures holding it, ascending. `start` has labels + 1. */
static ce_status rows_of(const ce_signature *keys, size_t groups, int side, size_t labels,
                         size_t **start_out, uint32_t **list_out) {
  size_t *start = calloc(labels + 1, sizeof *start), total = 0;
  for (size_t s = 0; start && s < groups; s++) {
    uint32_t n;
    const uint32_t *ids = side_ids(&keys[s], side, &n);
    for (uint32_t j = 0; j < n; j++) start[ids[j] + 1]++;
    total += n;
  }
  uint32_t *list = malloc((total ? total : 1) * sizeof *list);
  size_t *fill = malloc((labels + 1) * sizeof *fill);
  if (!start || !list || !fill) {
    free(start);
    free(list);
    free(fill);
    return CE_ERR_NOMEM;
  }
  for (size_t x = 0; x < labels; x++) start[x + 1] += start[x];
  memcpy(fill, start, (labels + 1) * sizeof *fill);
  for (size_t s = 0; s < groups; s++) {
    uint32_t n;
    const uint32_t *ids = side_ids(&keys[s], side, &n);
    for (uint32_t j = 0; j < n; j++) list[fill[ids[j]]++] = (uint32_t)s;
  }
  free(fill);
  *start_out = start;
  *list_out = list;
  return CE_OK;
}

/* Σ_x n_x²/2 over a side's labels: the pairs of signatures its lists hold. */
static double list_walk(const size_t *start, size_t labels) {
  double walk = 0;
  for (size_t x = 0; x < labels; x++) {
    double n = (double)(start[x + 1] - start[x]);
    walk += n * n / 2;
  }
  return walk;
}

/* |x ∩ y| of two ascending id lists. */
static uint32_t shared(const uint32_t *x, uint32_t xn, const uint32_t *y, uint32_t yn) {
  uint32_t i = 0, j = 0, n = 0;
  while (i < xn && j < yn) {
    if (x[i] == y[j])
      n++, i++, j++;
    else if (x[i] < y[j])
      i++;
    else
      j++;
  }
  return n;
}

/* One side's distinct label sets, each with the items that carry it: the signatures merged
 * where that side agrees. */
typedef struct side_sets {
  size_t count;
  ce_signature *keys; /* the side's ids in `gold` (gold_n), whichever side it is */
  uint32_t *weight;
} side_sets;

static int by_gold_ids(const void *x, const void *y) {
  const ce_signature *a = x, *b = y;
  return ce__ids_compare(a->gold, a->gold_n, b->gold, b->gold_n);
}

static ce_status sets_of(const ce_signature *keys, const uint32_t *weight, size_t groups, int side,
                         side_sets *out) {
  out->keys = malloc((groups ? groups : 1) * sizeof *out->keys);
  out->weight = malloc((groups ? groups : 1) * sizeof *out->weight);
  out->count = 0;
  if (!out->keys || !out->weight) return CE_ERR_NOMEM;
  for (size_t s = 0; s < groups; s++) {
    out->keys[s] = keys[s];
    out->keys[s].gold = side_ids(&keys[s], side, &out->keys[s].gold_n);
    out->keys[s].item = weight[s]; /* carried through the sort */
  }
  /* Where each holds one id (10^6 one-token types: 0.3 s of qsort), by one radix sort. */
  if (!ce__sort_single_ids(out->keys, groups, sizeof *out->keys, offsetof(ce_signature, gold),
                           offsetof(ce_signature, gold_n)))
    qsort(out->keys, groups, sizeof *out->keys, by_gold_ids);
  for (size_t s = 0; s < groups; s++) {
    size_t last = out->count - 1;
    if (out->count && !by_gold_ids(&out->keys[last], &out->keys[s])) {
      out->weight[last] += out->keys[s].item;
      continue;
    }
    out->keys[out->count] = out->keys[s];
    out->weight[out->count++] = out->keys[s].item;
  }
  return CE_OK;
}

/* Counts in met[] the meetings of signature s with the later ones of an ascending list,
 * noting in touched[] those met for the first time; returns how many are noted now. */
static size_t meet_after(const uint32_t *row, size_t count, size_t s, uint32_t *met,
                         uint32_t *touched, size_t noted) {
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (row[mid] <= s)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (size_t q = lo; q < count; q++)
    if (!met[row[q]]++) touched[noted++] = row[q];
  return noted;
}

/* Pairs of items by the number t of labels they share on one side: by_t[t] (t from 0 to
 * `most`; the pairs sharing none are left for the caller). Each set walks its labels' lists
 * for the later sets it meets there: Σ_x n_x²/2 steps over the labels x. */
static ce_status pairs_by_shared(const side_sets *sets, size_t labels, uint64_t *by_t) {
  size_t *start = NULL;
  uint32_t *list = NULL;
  ce_status status = rows_of(sets->keys, sets->count, 0, labels, &start, &list);
  uint32_t *met = calloc(sets->count ? sets->count : 1, sizeof *met);
  uint32_t *touched = malloc((sets->count ? sets->count : 1) * sizeof *touched);
  if (!status && (!met || !touched)) status = CE_ERR_NOMEM;
  for (size_t s = 0; !status && s < sets->count; s++) {
    const ce_signature *x = &sets->keys[s];
    uint64_t w = sets->weight[s];
    by_t[x->gold_n] += w * (w - 1) / 2;
    size_t count_touched = 0;
    for (uint32_t j = 0; j < x->gold_n; j++)
      count_touched =
          meet_after(list + start[x->gold[j]], start[x->gold[j] + 1] - start[x->gold[j]], s, met,
                     touched, count_touched);
    for (size_t i = 0; i < count_touched; i++) {
      uint32_t u = touched[i];
      by_t[met[u]] += w * sets->weight[u];
      met[u] = 0;
    }
  }
  free(start);
  free(list);
  free(met);
  free(touched);
  return status;
}

/* The cells (class, cluster) of the items: A_i × B_i. A pair of items shares a class and a
 * cluster exactly when it shares a cell. Cells are `table`'s, found by binary search. */
static size_t cell_of(const ce_table *table, uint32_t c, uint32_t k) {
  size_t lo = 0, hi = table->cell_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (table->cell_class[mid] < c || (table->cell_class[mid] == c && table->cell_cluster[mid] < k))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The pairs of items that share a cell (t1 ≥ 1 and t2 ≥ 1): how many, and how many of them
 * have t1 = t2. Each signature walks its cells' lists and counts how often it meets each
 * later signature there: t1·t2 times, the cells two signatures share being
 * (A ∩ A') × (B ∩ B'); t1 from the gold entries (a few ids) then gives t2. */
static ce_status pairs_sharing_cells(const ce_signature *keys, const uint32_t *weight,
                                     size_t groups, const ce_table *table, uint64_t *both,
                                     uint64_t *equal) {
  size_t cells = table->cell_count, total = 0;
  size_t *start = calloc(cells + 1, sizeof *start), *at = calloc(groups + 1, sizeof *at);
  if (!start || !at) {
    free(start);
    free(at);
    return CE_ERR_NOMEM;
  }
  for (size_t s = 0; s < groups; s++) at[s + 1] = at[s] + (size_t)keys[s].gold_n * keys[s].system_n;
  total = at[groups];
  uint32_t *cell = malloc((total ? total : 1) * sizeof *cell); /* each signature's cells */
  uint32_t *list = malloc((total ? total : 1) * sizeof *list);
  size_t *fill = malloc((cells + 1) * sizeof *fill);
  uint32_t *met = calloc(groups ? groups : 1, sizeof *met);
  uint32_t *touched = malloc((groups ? groups : 1) * sizeof *touched);
  ce_status status = cell && list && fill && met && touched ? CE_OK : CE_ERR_NOMEM;
  for (size_t s = 0; !status && s < groups; s++) {
    size_t i = at[s];
    for (uint32_t a = 0; a < keys[s].gold_n; a++)
      for (uint32_t b = 0; b < keys[s].system_n; b++, i++) {
        cell[i] = (uint32_t)cell_of(table, keys[s].gold[a], keys[s].system[b]);
        start[cell[i] + 1]++;
      }
  }
  for (size_t x = 0; !status && x < cells; x++) start[x + 1] += start[x];
  if (!status) memcpy(fill, start, (cells + 1) * sizeof *fill);
  for (size_t s = 0; !status && s < groups; s++)
    for (size_t i = at[s]; i < at[s + 1]; i++) list[fill[cell[i]]++] = (uint32_t)s;
  for (size_t s = 0; !status && s < groups; s++) {
    const ce_signature *x = &keys[s];
    uint64_t w = weight[s];
    if (x->gold_n && x->system_n) {
      *both += w * (w - 1) / 2;
      if (x->gold_n == x->system_n) *equal += w * (w - 1) / 2;
    }
    size_t count_touched = 0;
    for (size_t i = at[s]; i < at[s + 1]; i++)
      count_touched = meet_after(list + start[cell[i]], start[cell[i] + 1] - start[cell[i]], s, met,
                                 touched, count_touched);
    for (size_t i = 0; i < count_touched; i++) {
      uint32_t u = touched[i];
      uint32_t t1 = shared(x->gold, x->gold_n, keys[u].gold, keys[u].gold_n);
      uint64_t pairs = w * weight[u];
      *both += pairs;
      if (t1 && met[u] == t1 * t1) *equal += pairs; /* t2 = met / t1 equals t1 */
      met[u] = 0;
    }
  }
  free(start);
  free(at);
  free(cell);
  free(list);
  free(fill);
  free(met);
  free(touched);
  return status;
}

/*
 * The Omega index (Collins & Dent 1988) over the weighted signatures, in three counts that
 * never visit a pair sharing nothing: N1_j (pairs sharing j classes) from gold's distinct
 * entries alone, N2_j from the system's alone, and among the pairs sharing a class and a
 * cluster (a cell, since the cells are A_i × B_i) those with t1 = t2. Pairs with t1 = t2 = 0
 * are M − #(t1 ≥ 1) − #(t2 ≥ 1) + #(both ≥ 1), by inclusion and exclusion.
 */
static ce_status omega_of(const side_sets sets[2], const ce_signature *keys, const uint32_t *weight,
                          size_t groups, uint64_t items, size_t labels[2], const ce_table *table,
                          double *omega) {
  uint32_t most[2] = {0, 0};
  for (int side = 0; side < 2; side++)
    for (size_t s = 0; s < sets[side].count; s++)
      if (sets[side].keys[s].gold_n > most[side]) most[side] = sets[side].keys[s].gold_n;
  uint64_t *n[2] = {calloc(most[0] + 1, sizeof(uint64_t)), calloc(most[1] + 1, sizeof(uint64_t))};
  uint64_t both = 0, equal = 0;
  ce_status status = n[0] && n[1] ? CE_OK : CE_ERR_NOMEM;
  for (int side = 0; side < 2 && !status; side++)
    status = pairs_by_shared(&sets[side], labels[side], n[side]);
  if (!status) status = pairs_sharing_cells(keys, weight, groups, table, &both, &equal);
  if (!status) {
    uint64_t pairs = items * (items - (items > 0)) / 2, some[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
      for (uint32_t j = 1; j <= most[side]; j++) some[side] += n[side][j];
      n[side][0] = pairs - some[side];
    }
    equal += pairs - some[0] - some[1] + both;
    ce_u128 chance = 0; /* Σ_j N1_j·N2_j, below M² < 2^126 */
    for (uint32_t j = 0; j <= most[0] && j <= most[1]; j++) chance += (ce_u128)n[0][j] * n[1][j];
    ce_u128 square = (ce_u128)pairs * pairs;
    /* Ω = (Obs − Exp)/(1 − Exp) = (M·equal − Σ N1N2)/(M² − Σ N1N2); 1 with no pair or Exp = 1. */
    ce_i128 num = (ce_i128)((ce_u128)pairs * equal) - (ce_i128)chance;
    *omega = pairs == 0 || square == chance ? 1.0 : (double)num / (double)(square - chance);
  }
  free(n[0]);
  free(n[1]);
  return status;
}

/*
 * One side of ECS: its labels that hold items, their components (labels joined by the items
 * they share), and for each component its block of Q = G S. Labels of different components
 * never meet in I − αX, so G is block diagonal, Q is 0 between components, and each block
 * is inverted alone: at most Σ_C |C|³, not m³ (see ecs_side_solve).
 */
typedef struct ecs_side {
  int side;
  size_t labels, m;
  uint32_t *compact; /* label → 0 .. m-1, UINT32_MAX where it holds no item */
  double *size;      /* items per compact label */
  int partition;     /* every signature has exactly one label here */
  /* A side with Q (not a partition): */
  size_t *at; /* signature s's compact labels: ids[at[s] .. at[s + 1]) */
  uint32_t *ids;
  size_t parts;    /* components */
  uint32_t *part;  /* compact label → its component */
  uint32_t *place; /* compact label → its rank in its component */
  size_t *first;   /* component p's labels: member[first[p] .. first[p + 1]), ascending */
  uint32_t *member;
  size_t *block; /* component p's |p|×|p| block of Q, row-major, at q + block[p] */
  double *q;
  double *r; /* a source signature's row, m, 0 outside its components */
  /* Both sides covers: the distinct label lists as a trie, node 0 the empty list. */
  size_t nodes;
  uint32_t *parent, *label; /* node → its parent, its last label */
  uint32_t *node;           /* signature → the node of its list */
} ecs_side;

static void ecs_side_free(ecs_side *x) {
  free(x->compact);
  free(x->size);
  free(x->at);
  free(x->ids);
  free(x->part);
  free(x->place);
  free(x->first);
  free(x->member);
  free(x->block);
  free(x->q);
  free(x->r);
  free(x->parent);
  free(x->label);
  free(x->node);
}

static uint32_t root_of(uint32_t *up, uint32_t c) {
  while (up[c] != c) c = up[c] = up[up[c]];
  return c;
}

/* The compact labels of each signature, and the components they make. O(Σ labels). */
static ce_status ecs_side_parts(ecs_side *x, const ce_signature *keys, size_t groups) {
  size_t m = x->m;
  x->at = malloc((groups + 1) * sizeof *x->at);
  x->part = malloc((m ? m : 1) * sizeof *x->part);
  x->place = malloc((m ? m : 1) * sizeof *x->place);
  x->first = calloc(m + 1, sizeof *x->first);
  x->member = malloc((m ? m : 1) * sizeof *x->member);
  x->block = malloc((m + 1) * sizeof *x->block);
  x->r = calloc(m ? m : 1, sizeof *x->r);
  uint32_t *up = malloc((m ? m : 1) * sizeof *up);
  if (!x->at || !x->part || !x->place || !x->first || !x->member || !x->block || !x->r || !up) {
    free(up);
    return CE_ERR_NOMEM;
  }
  x->at[0] = 0;
  for (size_t s = 0; s < groups; s++) {
    uint32_t n;
    side_ids(&keys[s], x->side, &n);
    x->at[s + 1] = x->at[s] + n;
  }
  x->ids = malloc((x->at[groups] ? x->at[groups] : 1) * sizeof *x->ids);
  if (!x->ids) {
    free(up);
    return CE_ERR_NOMEM;
  }
  for (size_t c = 0; c < m; c++) up[c] = (uint32_t)c;
  for (size_t s = 0; s < groups; s++) {
    uint32_t n;
    const uint32_t *ids = side_ids(&keys[s], x->side, &n);
    for (uint32_t j = 0; j < n; j++) {
      x->ids[x->at[s] + j] = x->compact[ids[j]];
      up[root_of(up, x->compact[ids[j]])] = root_of(up, x->compact[ids[0]]);
    }
  }
  /* Components numbered in the order of their roots, members ascending. */
  x->parts = 0;
  for (size_t c = 0; c < m; c++) {
    uint32_t root = root_of(up, (uint32_t)c);
    if (root == c) x->place[c] = (uint32_t)x->parts++; /* the root's number, for now */
    x->part[c] = root;
  }
  for (size_t c = 0; c < m; c++) {
    x->part[c] = x->place[x->part[c]];
    x->first[x->part[c] + 1]++;
  }
  for (size_t p = 0; p < x->parts; p++) x->first[p + 1] += x->first[p];
  x->block[0] = 0;
  for (size_t p = 0; p < x->parts; p++) {
    size_t n = x->first[p + 1] - x->first[p];
    x->block[p + 1] = x->block[p] + n * n;
  }
  for (size_t c = 0; c < m; c++) up[c] = 0; /* now the members filled per component */
  for (size_t c = 0; c < m; c++) {
    uint32_t p = x->part[c];
    x->place[c] = up[p]++;
    x->member[x->first[p] + x->place[c]] = (uint32_t)c;
  }
  free(up);
  return CE_OK;
}

static ce_status ecs_side_init(ecs_side *x, const ce_entries *e, int side, const ce_signature *keys,
                               size_t groups) {
  memset(x, 0, sizeof *x);
  x->side = side;
  x->labels = side ? e->clusters : e->classes;
  uint64_t *sizes;
  ce_status status = ce__entries_label_sizes(e, side, &sizes);
  if (status) return status;
  x->compact = malloc((x->labels ? x->labels : 1) * sizeof *x->compact);
  x->size = malloc((x->labels ? x->labels : 1) * sizeof *x->size);
  if (!x->compact || !x->size) {
    free(sizes);
    return CE_ERR_NOMEM;
  }
  for (size_t l = 0; l < x->labels; l++) {
    x->compact[l] = sizes[l] ? (uint32_t)x->m : UINT32_MAX;
    if (sizes[l]) x->size[x->m++] = (double)sizes[l];
  }
  free(sizes);
  x->partition = 1;
  for (size_t s = 0; s < groups && x->partition; s++) {
    uint32_t n;
    side_ids(&keys[s], side, &n);
    x->partition = n == 1;
  }
  return x->partition ? CE_OK : ecs_side_parts(x, keys, groups);
}

/* Labels in component p. */
static size_t part_size(const ecs_side *x, uint32_t p) {
  return x->first[p + 1] - x->first[p];
}

/* 0 .. m-1 by ascending degree, ties in index order (a counting sort). */
static void sweep_order(const uint32_t *degree, size_t m, uint32_t *order) {
  size_t at = 0;
  for (uint32_t d = 0; at < m; d++)
    for (size_t c = 0; c < m; c++)
      if (degree[c] == d) order[at++] = (uint32_t)c;
}

/* Q = (I − αX)⁻¹ S with X = S Bᵀ K⁻¹ B (see the top of this file), block by block. */
static ce_status ecs_side_solve(ecs_side *x, const uint32_t *weight, size_t groups) {
  x->q = calloc(x->block[x->parts] ? x->block[x->parts] : 1, sizeof *x->q);
  uint32_t *nonzero = malloc((x->m ? x->m : 1) * sizeof *nonzero);
  uint32_t *degree = malloc((x->m ? x->m : 1) * sizeof *degree);
  uint32_t *order = malloc((x->m ? x->m : 1) * sizeof *order);
  if (!x->q || !nonzero || !degree || !order) {
    free(nonzero);
    free(degree);
    free(order);
    return CE_ERR_NOMEM;
  }
  for (size_t s = 0; s < groups; s++) {
    const uint32_t *ids = x->ids + x->at[s];
    uint32_t n = (uint32_t)(x->at[s + 1] - x->at[s]);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t c = ids[i], p = x->part[c];
      size_t width = part_size(x, p);
      double *row = x->q + x->block[p] + x->place[c] * width;
      double add = CE_ECS_ALPHA * weight[s] / ((double)n * x->size[c]);
      for (uint32_t j = 0; j < n; j++) row[x->place[ids[j]]] -= add;
    }
  }
  for (uint32_t p = 0; p < x->parts; p++) {
    size_t m = part_size(x, p);
    double *a = x->q + x->block[p];
    for (size_t c = 0; c < m; c++) a[c * m + c] += 1.0;
    /*
     * Gauss–Jordan in place, sweeping the labels fewest neighbours first: sweeping is the
     * same inverse in any order, and I − αX stays strictly diagonally dominant through any
     * sequence of sweeps, so every pivot is safe. A sweep touches only the rows where the
     * pivot's column is not 0 and, in them, the columns where its row is not 0: labels that
     * meet few others go first and leave the block sparse for longer (full Brown gold's
     * 280-tag component: 1.3·10^6 updates rather than 280³ = 2.2·10^7). The order moves the
     * rounding: Q agrees with the label order's to about 1e-15.
     */
    for (size_t c = 0; c < m; c++) {
      degree[c] = 0;
      for (size_t d = 0; d < m; d++) degree[c] += a[c * m + d] != 0.0;
    }
    sweep_order(degree, m, order);
    for (size_t t = 0; t < m; t++) {
      size_t k = order[t];
      double *row = a + k * m, inv = 1.0 / row[k];
      row[k] = 1.0;
      size_t filled = 0;
      for (size_t j = 0; j < m; j++) {
        row[j] *= inv;
        if (row[j] != 0.0) nonzero[filled++] = (uint32_t)j;
      }
      for (size_t i = 0; i < m; i++) {
        double *other = a + i * m, factor = other[k];
        if (i == k || factor == 0.0) continue;
        other[k] = 0.0;
        if (4 * filled < 3 * m)
          for (size_t f = 0; f < filled; f++) other[nonzero[f]] -= factor * row[nonzero[f]];
        else
          for (size_t j = 0; j < m; j++) other[j] -= factor * row[j];
      }
    }
    const uint32_t *members = x->member + x->first[p];
    for (size_t c = 0; c < m; c++)
      for (size_t d = 0; d < m; d++) a[c * m + d] /= x->size[members[d]];
  }
  free(nonzero);
  free(degree);
  free(order);
  return CE_OK;
}

/* Whether label i of a list is the first of its component there. */
static int first_of_part(const ecs_side *x, const uint32_t *ids, uint32_t i) {
  for (uint32_t j = 0; j < i; j++)
    if (x->part[ids[j]] == x->part[ids[i]]) return 0;
  return 1;
}

/* r = 0 over the components of signature s's labels. */
static void ecs_clear(const ecs_side *x, double *r, size_t s) {
  for (size_t i = x->at[s]; i < x->at[s + 1]; i++) {
    uint32_t p = x->part[x->ids[i]];
    for (size_t k = x->first[p]; k < x->first[p + 1]; k++) r[x->member[k]] = 0;
  }
}

/* r = (1/k_s)·Σ_{c ∈ E_s} Q[c, ·] for source signature s, r being 0 before: the same sums,
 * term for term, as over the whole row (Q is 0 outside c's component). */
static void ecs_source(const ecs_side *x, double *r, size_t s) {
  const uint32_t *ids = x->ids + x->at[s];
  uint32_t n = (uint32_t)(x->at[s + 1] - x->at[s]);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t p = x->part[ids[i]];
    size_t width = part_size(x, p);
    const double *row = x->q + x->block[p] + x->place[ids[i]] * width;
    const uint32_t *members = x->member + x->first[p];
    for (size_t k = 0; k < width; k++) r[members[k]] += row[k];
  }
  for (uint32_t i = 0; i < n; i++) {
    if (!first_of_part(x, ids, i)) continue;
    uint32_t p = x->part[ids[i]];
    for (size_t k = x->first[p]; k < x->first[p + 1]; k++) r[x->member[k]] /= n;
  }
}

/* u_st = Σ_{d ∈ E_t} r[d]. */
static double ecs_target(const ecs_side *x, size_t t) {
  double u = 0;
  for (size_t j = x->at[t]; j < x->at[t + 1]; j++) u += x->r[x->ids[j]];
  return u;
}

/* A signature's label list, for sorting them into the trie. */
typedef struct ecs_list {
  const uint32_t *ids;
  uint32_t n, s;
} ecs_list;

static int by_list(const void *xp, const void *yp) {
  const ecs_list *x = xp, *y = yp;
  for (uint32_t j = 0; j < x->n && j < y->n; j++)
    if (x->ids[j] != y->ids[j]) return x->ids[j] < y->ids[j] ? -1 : 1;
  return x->n != y->n ? (x->n < y->n ? -1 : 1) : (x->s > y->s) - (x->s < y->s);
}

/*
 * The trie's nodes renumbered by depth (stably): a node's parent then lies a level up,
 * written long before, and ecs_values' additions do not wait on one another.
 */
static ce_status ecs_trie_by_depth(ecs_side *x, size_t groups, size_t most) {
  size_t nodes = x->nodes;
  uint32_t *depth = malloc(nodes * sizeof *depth), *renamed = malloc(nodes * sizeof *renamed);
  uint32_t *parent = malloc(nodes * sizeof *parent), *label = malloc(nodes * sizeof *label);
  size_t *count = calloc(most + 2, sizeof *count);
  if (!depth || !renamed || !parent || !label || !count) {
    free(depth);
    free(renamed);
    free(parent);
    free(label);
    free(count);
    return CE_ERR_NOMEM;
  }
  depth[0] = 0;
  for (size_t v = 1; v < nodes; v++) depth[v] = depth[x->parent[v]] + 1;
  for (size_t v = 0; v < nodes; v++) count[depth[v] + 1]++;
  for (size_t d = 0; d <= most; d++) count[d + 1] += count[d];
  for (size_t v = 0; v < nodes; v++) renamed[v] = (uint32_t)count[depth[v]]++;
  for (size_t v = 0; v < nodes; v++) {
    parent[renamed[v]] = renamed[x->parent[v]];
    label[renamed[v]] = x->label[v];
  }
  for (size_t s = 0; s < groups; s++) x->node[s] = renamed[x->node[s]];
  free(x->parent);
  free(x->label);
  x->parent = parent;
  x->label = label;
  free(depth);
  free(renamed);
  free(count);
  return CE_OK;
}

/*
 * The distinct label lists of a side as a trie: a node a prefix, its value its parent's plus
 * r at its label, so every list's u_st is summed in the list's order as ecs_target sums it,
 * at one addition a node for all of them at once.
 */
static ce_status ecs_trie(ecs_side *x, size_t groups) {
  size_t most = 0;
  for (size_t s = 0; s < groups; s++)
    if (x->at[s + 1] - x->at[s] > most) most = x->at[s + 1] - x->at[s];
  ecs_list *lists = malloc((groups ? groups : 1) * sizeof *lists);
  uint32_t *path = malloc((most + 1) * sizeof *path);
  x->parent = malloc((x->at[groups] + 1) * sizeof *x->parent);
  x->label = malloc((x->at[groups] + 1) * sizeof *x->label);
  x->node = malloc((groups ? groups : 1) * sizeof *x->node);
  if (!lists || !path || !x->parent || !x->label || !x->node) {
    free(lists);
    free(path);
    return CE_ERR_NOMEM;
  }
  for (size_t s = 0; s < groups; s++)
    lists[s] = (ecs_list){x->ids + x->at[s], (uint32_t)(x->at[s + 1] - x->at[s]), (uint32_t)s};
  qsort(lists, groups, sizeof *lists, by_list);
  x->nodes = 1;
  x->parent[0] = x->label[0] = 0;
  path[0] = 0;
  const ecs_list *previous = NULL;
  for (size_t g = 0; g < groups; g++) {
    const ecs_list *list = &lists[g];
    uint32_t common = 0;
    while (previous && common < previous->n && common < list->n &&
           previous->ids[common] == list->ids[common])
      common++;
    for (uint32_t d = common; d < list->n; d++) {
      x->parent[x->nodes] = path[d];
      x->label[x->nodes] = list->ids[d];
      path[d + 1] = (uint32_t)x->nodes++;
    }
    x->node[list->s] = path[list->n];
    previous = list;
  }
  free(lists);
  free(path);
  return ecs_trie_by_depth(x, groups, most);
}

/* Every node's value from r into `value`; parents come before their children. */
static void ecs_values(const ecs_side *x, const double *restrict r, double *restrict value) {
  const uint32_t *restrict parent = x->parent, *restrict label = x->label;
  size_t nodes = x->nodes;
  value[0] = 0;
  for (size_t v = 1; v < nodes; v++) value[v] = value[parent[v]] + r[label[v]];
}

/* Σ_s Σ_{c ∈ E_s} |comp(c)|: the sources' rows, each signature a source once. */
static double ecs_rows_work(const ecs_side *x, size_t groups) {
  double work = 0;
  for (size_t i = 0; i < x->at[groups]; i++) work += (double)part_size(x, x->part[x->ids[i]]);
  return work;
}

/* Σ_C |C|³ of the blocks' Gauss–Jordan. */
static double ecs_solve_work(const ecs_side *x) {
  double work = 0;
  for (uint32_t p = 0; p < x->parts; p++) {
    double n = (double)part_size(x, p);
    work += n * n * n;
  }
  return work;
}

/* Distinct label lists of a side (its trie's leaves and inner lists alike). */
static size_t ecs_distinct(const ecs_side *x, size_t groups, uint8_t *seen) {
  size_t count = 0;
  memset(seen, 0, x->nodes);
  for (size_t s = 0; s < groups; s++)
    if (!seen[x->node[s]]) seen[x->node[s]] = 1, count++;
  return count;
}

/*
 * Both sides covers: the side whose values cost more to refresh (distinct lists × trie
 * nodes) leads the order of the sources, so that its values are refreshed once a list; the
 * other side's whenever its list changes, at most once a source. Returns that cost.
 */
static ce_status ecs_lead(const ecs_side sides[2], size_t groups, int *lead, double *work) {
  uint8_t *seen = malloc(sides[0].nodes > sides[1].nodes ? sides[0].nodes : sides[1].nodes);
  if (!seen) return CE_ERR_NOMEM;
  double d0 = (double)ecs_distinct(&sides[0], groups, seen);
  double d1 = (double)ecs_distinct(&sides[1], groups, seen);
  free(seen);
  double n0 = (double)sides[0].nodes, n1 = (double)sides[1].nodes, g = (double)groups;
  double lead0 = d0 * n0 + g * n1, lead1 = d1 * n1 + g * n0;
  *lead = lead1 < lead0;
  *work = *lead ? lead1 : lead0;
  return CE_OK;
}

/* ECS's operations, as ce__overlap_type weighs them against its budget. Both sides covers:
 * the blocks, the sources' rows, the trie values and one step a pair of signatures. */
static ce_status ecs_work_of(ecs_side sides[2], const ce_signature *keys, size_t groups,
                             double *out) {
  if (sides[0].partition && sides[1].partition) {
    *out = (double)groups;
    return CE_OK;
  }
  double work = 0;
  for (int k = 0; k < 2; k++)
    if (!sides[k].partition) work += ecs_solve_work(&sides[k]) + ecs_rows_work(&sides[k], groups);
  if (!sides[0].partition && !sides[1].partition) {
    int lead;
    double values = 0;
    ce_status status = CE_OK;
    for (int k = 0; k < 2 && !status; k++) status = ecs_trie(&sides[k], groups);
    if (!status) status = ecs_lead(sides, groups, &lead, &values);
    *out = work + values + (double)groups * (double)groups;
    return status;
  }
  /* One partition: each signature meets those of its part, a step a label. */
  double labels = 0;
  for (size_t s = 0; s < groups; s++) labels += keys[s].gold_n + keys[s].system_n;
  const ecs_side *p = sides[0].partition ? &sides[0] : &sides[1];
  double *part = calloc(p->m ? p->m : 1, sizeof *part);
  if (!part) return CE_ERR_NOMEM;
  for (size_t s = 0; s < groups; s++) {
    uint32_t n;
    part[p->compact[side_ids(&keys[s], p->side, &n)[0]]] += 1;
  }
  for (size_t c = 0; c < p->m; c++) work += part[c] * part[c] * (labels / (double)groups + 1);
  free(part);
  *out = work;
  return CE_OK;
}

/* Sources scored side by side: the pair loop has as many sums as this, each summed in the
 * signatures' order, so that one's additions need not wait for the last. */
#define ECS_SOURCES 4

/* One thread's share of the sources (ecs_scores_covers): its rows r and the trie values
 * of each side, ECS_SOURCES + 1 buffers a side. */
typedef struct ecs_cursor {
  double *r[2], *buffer[2];
  size_t from, to; /* its sources: order[from .. to) */
} ecs_cursor;

typedef struct ecs_covers {
  const ecs_side *sides;
  const size_t *order; /* the sources in the lead side's order */
  const double *w;     /* the signatures' weights */
  size_t groups;
  ecs_cursor *cursors;
  double *score;
} ecs_covers;

/*
 * The sources of one cursor, ECS_SOURCES at a time, each against every signature at two
 * look-ups and one |·|. Each side keeps its values in ECS_SOURCES + 1 buffers: one for each
 * source of the block and the last one's, which the next block's first may share. What a
 * cursor holds only spares work: every S is the same whichever cursor scores it.
 */
static void ecs_covers_run(void *context, size_t task) {
  const ecs_covers *job = context;
  ecs_cursor *cursor = &job->cursors[task];
  const ecs_side *sides = job->sides;
  const size_t *order = job->order;
  const double *w = job->w, half = (1 - CE_ECS_ALPHA) / 2;
  size_t last[2] = {SIZE_MAX, SIZE_MAX}; /* the source whose r each side holds */
  int held[2] = {0, 0};                  /* the buffer holding that source's values */
  const uint32_t *xn = sides[0].node, *yn = sides[1].node;
  for (size_t g = cursor->from; g < cursor->to; g += ECS_SOURCES) {
    size_t block = cursor->to - g < ECS_SOURCES ? cursor->to - g : ECS_SOURCES;
    const double *v[2][ECS_SOURCES];
    for (int k = 0; k < 2; k++) {
      const ecs_side *side = &sides[k];
      int used = 0; /* buffers taken by this block */
      for (size_t j = 0; j < ECS_SOURCES; j++) {
        size_t s = order[g + (j < block ? j : 0)]; /* past the end: the first again, unused */
        if (last[k] == SIZE_MAX || side->node[last[k]] != side->node[s]) {
          if (last[k] != SIZE_MAX) ecs_clear(side, cursor->r[k], last[k]);
          ecs_source(side, cursor->r[k], s);
          held[k] = 0;
          while (used >> held[k] & 1) held[k]++;
          ecs_values(side, cursor->r[k], cursor->buffer[k] + held[k] * side->nodes);
          last[k] = s;
        }
        used |= 1 << held[k];
        v[k][j] = cursor->buffer[k] + held[k] * side->nodes;
      }
    }
    double sum[ECS_SOURCES] = {0};
    for (size_t t = 0; t < job->groups; t++) {
      double wt = w[t];
      uint32_t a = xn[t], b = yn[t];
      for (size_t j = 0; j < ECS_SOURCES; j++) sum[j] += wt * fabs(v[0][j][a] - v[1][j][b]);
    }
    for (size_t j = 0; j < block; j++) job->score[order[g + j]] = 1 - half * sum[j];
  }
}

static void ecs_cursors_free(ecs_cursor *cursors, size_t count) {
  for (size_t c = 0; cursors && c < count; c++)
    for (int k = 0; k < 2; k++) {
      free(cursors[c].r[k]);
      free(cursors[c].buffer[k]);
    }
  free(cursors);
}

/*
 * Both sides covers: S per signature, the sources in the lead side's order (see ecs_lead)
 * cut into `threads` equal runs of whole blocks, one cursor each, side by side (see
 * ecs_covers_run and ecs_trie).
 */
static ce_status ecs_scores_covers(const ecs_side sides[2], const uint32_t *weight, size_t groups,
                                   unsigned threads, double *score) {
  enum { BUFFERS = ECS_SOURCES + 1 };
  int lead;
  double unused;
  ce_status status = ecs_lead(sides, groups, &lead, &unused);
  if (status) return status;
  size_t blocks = (groups + ECS_SOURCES - 1) / ECS_SOURCES;
  size_t runs = ce__parallel_threads(threads);
  if (runs > blocks) runs = blocks ? blocks : 1;
  size_t *order = malloc((groups ? groups : 1) * sizeof *order);
  size_t *count = calloc(sides[lead].nodes + 1, sizeof *count);
  double *w = malloc((groups ? groups : 1) * sizeof *w);
  ecs_cursor *cursors = calloc(runs, sizeof *cursors);
  status = order && count && w && cursors ? CE_OK : CE_ERR_NOMEM;
  for (size_t c = 0; !status && c < runs; c++) {
    for (int k = 0; k < 2; k++) {
      cursors[c].r[k] = calloc(sides[k].m ? sides[k].m : 1, sizeof(double));
      cursors[c].buffer[k] = malloc(BUFFERS * sides[k].nodes * sizeof(double));
      if (!cursors[c].r[k] || !cursors[c].buffer[k]) status = CE_ERR_NOMEM;
    }
    cursors[c].from = blocks * c / runs * ECS_SOURCES;
    cursors[c].to = c + 1 == runs ? groups : blocks * (c + 1) / runs * ECS_SOURCES;
  }
  if (!status) {
    /* The sources by the lead side's node, stably. */
    for (size_t s = 0; s < groups; s++) count[sides[lead].node[s] + 1]++;
    for (size_t v = 0; v < sides[lead].nodes; v++) count[v + 1] += count[v];
    for (size_t s = 0; s < groups; s++) order[count[sides[lead].node[s]]++] = s;
    for (size_t t = 0; t < groups; t++) w[t] = weight[t];
    ecs_covers job = {sides, order, w, groups, cursors, score};
    ce__parallel_for(runs, (unsigned)runs, ecs_covers_run, &job);
  }
  ecs_cursors_free(cursors, runs);
  free(order);
  free(count);
  free(w);
  return status;
}

/* S per signature into `score`. */
static ce_status ecs_scores(ecs_side sides[2], const ce_signature *keys, const uint32_t *weight,
                            size_t groups, unsigned threads, double *score) {
  const double half = (1 - CE_ECS_ALPHA) / 2;
  if (sides[0].partition && sides[1].partition) {
    /* Partitions: S = |C1 ∩ C2| / max(|C1|, |C2|), the signature's weight its overlap. */
    for (size_t s = 0; s < groups; s++) {
      double a = sides[0].size[sides[0].compact[keys[s].gold[0]]];
      double b = sides[1].size[sides[1].compact[keys[s].system[0]]];
      score[s] = weight[s] / (a > b ? a : b);
    }
    return CE_OK;
  }
  for (int k = 0; k < 2; k++) {
    if (sides[k].partition) continue;
    ce_status status = ecs_side_solve(&sides[k], weight, groups);
    if (status) return status;
  }
  if (!sides[0].partition && !sides[1].partition)
    return ecs_scores_covers(sides, weight, groups, threads, score);
  ecs_side *p = sides[0].partition ? &sides[0] : &sides[1];
  ecs_side *o = sides[0].partition ? &sides[1] : &sides[0];
  size_t *start = NULL;
  uint32_t *list = NULL;
  ce_status status = rows_of(keys, groups, p->side, p->labels, &start, &list);
  if (status) return status;
  size_t last = SIZE_MAX;
  double total = 0;
  for (size_t s = 0; s < groups; s++) {
    /* Σ_t w_t·u_o over every t, then, in s's part, |u_o − u_p| in place of u_o. Sources with
     * the same labels on o (neighbours in the signatures' order) share r and that sum. */
    const uint32_t *ids = o->ids + o->at[s];
    uint32_t n = (uint32_t)(o->at[s + 1] - o->at[s]);
    if (last == SIZE_MAX ||
        ce__ids_compare(o->ids + o->at[last], (uint32_t)(o->at[last + 1] - o->at[last]), ids, n)) {
      if (last != SIZE_MAX) ecs_clear(o, o->r, last);
      ecs_source(o, o->r, s);
      last = s;
      total = 0;
      /* r is 0 outside its components: the labels of one component, ascending, are the
       * terms of the whole sum that are not 0, in its order. */
      int one = 1;
      for (uint32_t i = 1; i < n; i++) one &= o->part[ids[i]] == o->part[ids[0]];
      if (n && one) {
        uint32_t q = o->part[ids[0]];
        for (size_t k = o->first[q]; k < o->first[q + 1]; k++)
          total += o->r[o->member[k]] * o->size[o->member[k]];
      } else {
        for (size_t d = 0; d < o->m; d++) total += o->r[d] * o->size[d];
      }
    }
    double sum = total;
    uint32_t one_n;
    uint32_t label = side_ids(&keys[s], p->side, &one_n)[0];
    double u_p = 1 / ((1 - CE_ECS_ALPHA) * p->size[p->compact[label]]);
    for (size_t at = start[label]; at < start[label + 1]; at++) {
      uint32_t t = list[at];
      double u_o = ecs_target(o, t);
      sum += weight[t] * (fabs(u_o - u_p) - u_o);
    }
    score[s] = 1 - half * sum;
  }
  free(start);
  free(list);
  return CE_OK;
}

ce_status ce__overlap_type(const ce_entries *e, const ce_table *table, double omega_budget,
                           double ecs_budget, unsigned threads, ce_overlap_type *out,
                           double *item_ecs) {
  memset(out, 0, sizeof *out);
  size_t l = e->items;
  uint64_t *class_sizes = NULL, *cluster_sizes = NULL;
  ce_signature *keys = malloc((l ? l : 1) * sizeof *keys);
  uint32_t *weight = malloc((l ? l : 1) * sizeof *weight);
  uint32_t *group_of = item_ecs ? malloc((l ? l : 1) * sizeof *group_of) : NULL;
  size_t *start[2] = {NULL, NULL};
  uint32_t *list[2] = {NULL, NULL};
  double *score = NULL;
  ecs_side sides[2];
  memset(sides, 0, sizeof sides);
  size_t groups = 0;
  ce_status status = keys && weight && (group_of || !item_ecs) ? CE_OK : CE_ERR_NOMEM;
  if (!status && table) status = ce__entries_label_sizes(e, 0, &class_sizes);
  if (!status && table) status = ce__entries_label_sizes(e, 1, &cluster_sizes);
  if (!status && table)
    status = ce__overlap_nmi(l, class_sizes, e->classes, cluster_sizes, e->clusters,
                             table->cell_count, table->cell_class, table->cell_cluster,
                             table->cell_n, &out->onmi, &out->onmi_lfk);
  out->has_nmi = !status && table;
  if (!status) status = ce__entries_signatures(e, keys, weight, &groups, group_of);
  side_sets sets[2] = {{0}, {0}};
  size_t labels[2] = {e->classes, e->clusters};
  for (int side = 0; side < 2 && !status && table; side++) { /* omega's walk, which needs it */
    status = sets_of(keys, weight, groups, side, &sets[side]);
    if (!status)
      status =
          rows_of(sets[side].keys, sets[side].count, 0, labels[side], &start[side], &list[side]);
    if (!status) out->omega_walk += list_walk(start[side], labels[side]);
  }
  free(start[0]);
  free(start[1]);
  free(list[0]);
  free(list[1]);
  /* The budget reads the two sides' walks; the cells' lists are parts of the classes' lists
   * of joint signatures and walk about as far as the finer side. */
  if (!status && table && out->omega_walk <= omega_budget) {
    status = omega_of(sets, keys, weight, groups, l, labels, table, &out->omega);
    out->has_omega = !status;
  }
  for (int side = 0; side < 2; side++) {
    free(sets[side].keys);
    free(sets[side].weight);
  }
  if (!status) status = ecs_side_init(&sides[0], e, 0, keys, groups);
  if (!status) status = ecs_side_init(&sides[1], e, 1, keys, groups);
  if (!status) {
    out->ecs_clusters[0] = sides[0].m;
    out->ecs_clusters[1] = sides[1].m;
    status = ecs_work_of(sides, keys, groups, &out->ecs_work);
    if (!status && out->ecs_work <= ecs_budget) {
      score = malloc((groups ? groups : 1) * sizeof *score);
      status = score ? ecs_scores(sides, keys, weight, groups, threads, score) : CE_ERR_NOMEM;
      if (!status) {
        double sum = 0;
        for (size_t s = 0; s < groups; s++) sum += weight[s] * score[s];
        out->ecs = l ? sum / (double)l : 1.0;
        out->has_ecs = 1;
      }
    }
  }
  if (!status && item_ecs)
    for (size_t i = 0; i < l; i++) item_ecs[i] = out->has_ecs ? score[group_of[i]] : NAN;
  ecs_side_free(&sides[0]);
  ecs_side_free(&sides[1]);
  free(score);
  free(class_sizes);
  free(cluster_sizes);
  free(keys);
  free(weight);
  free(group_of);
  return status;
}
