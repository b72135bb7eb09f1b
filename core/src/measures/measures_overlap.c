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
 *    pivoting. Where a side is a partition its G is I/(1−α), its u_ij is 0 outside i's part,
 *    and since u ≥ 0 and Σ_j u_ij = Σ_d r_i[d]·|d|, the other side's sum needs only the
 *    signatures in i's part.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measures/measures_overlap_internal.h"

__extension__ typedef unsigned __int128 ce_u128;
__extension__ typedef __int128 ce_i128;

/* f(c) = c·log2(n/c), f(0) = 0: every term of onmi's entropies (SPEC §3.3). Base 2 as the
 * authors' program computes it, so that its ties are ours. */
static double f_term(uint64_t c, uint64_t n) {
  return c ? (double)c * log2((double)n / (double)c) : 0.0;
}

ce_status ce__overlap_nmi(uint64_t n, const uint64_t *x, size_t x_count, const uint64_t *y,
                          size_t y_count, size_t cells, const uint32_t *cell_x,
                          const uint32_t *cell_y, const uint64_t *cell_o, double *onmi,
                          double *lfk) {
  /* h[k]: H(X_k); best[k]: H(X_k|Y) as it stands (X's then Y's). */
  double *h = malloc((x_count + y_count + 1) * sizeof *h);
  double *best = malloc((x_count + y_count + 1) * sizeof *best);
  if (!h || !best) {
    free(h);
    free(best);
    return CE_ERR_NOMEM;
  }
  double *hx = h, *hy = h + x_count, *bx = best, *by = best + x_count;
  for (size_t k = 0; k < x_count; k++) bx[k] = hx[k] = f_term(x[k], n) + f_term(n - x[k], n);
  for (size_t l = 0; l < y_count; l++) by[l] = hy[l] = f_term(y[l], n) + f_term(n - y[l], n);
  for (size_t i = 0; i < cells; i++) {
    uint64_t o = cell_o[i], xs = x[cell_x[i]], ys = y[cell_y[i]];
    if (!o) continue;
    double f11 = f_term(o, n), f10 = f_term(xs - o, n), f01 = f_term(ys - o, n);
    double f00 = f_term(n - xs - ys + o, n);
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

/* One side of ECS: its labels that hold items, and the m×m matrix Q = G S. */
typedef struct ecs_side {
  int side;
  size_t labels, m;
  uint32_t *compact; /* label → 0 .. m-1, UINT32_MAX where it holds no item */
  double *size;      /* items per compact label */
  int partition;     /* every signature has exactly one label here */
  double *q;         /* m×m, row-major; NULL for a partition */
  double *r;         /* a source signature's row, m */
  size_t *start;     /* a partition: signatures by label */
  uint32_t *list;
} ecs_side;

static void ecs_side_free(ecs_side *x) {
  free(x->compact);
  free(x->size);
  free(x->q);
  free(x->r);
  free(x->start);
  free(x->list);
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
  return CE_OK;
}

/* Q = (I − αX)⁻¹ S with X = S Bᵀ K⁻¹ B (see the top of this file); O(m³). */
static ce_status ecs_side_solve(ecs_side *x, const ce_signature *keys, const uint32_t *weight,
                                size_t groups) {
  size_t m = x->m;
  double *a = calloc(m ? m * m : 1, sizeof *a);
  x->r = malloc((m ? m : 1) * sizeof *x->r);
  if (!a || !x->r) {
    free(a);
    return CE_ERR_NOMEM;
  }
  for (size_t s = 0; s < groups; s++) {
    uint32_t n;
    const uint32_t *ids = side_ids(&keys[s], x->side, &n);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t c = x->compact[ids[i]];
      double add = CE_ECS_ALPHA * weight[s] / ((double)n * x->size[c]);
      for (uint32_t j = 0; j < n; j++) a[(size_t)c * m + x->compact[ids[j]]] -= add;
    }
  }
  for (size_t c = 0; c < m; c++) a[c * m + c] += 1.0;
  /* Gauss–Jordan in place: strictly diagonally dominant, so every pivot is safe. */
  for (size_t p = 0; p < m; p++) {
    double *row = a + p * m, inv = 1.0 / row[p];
    row[p] = 1.0;
    for (size_t j = 0; j < m; j++) row[j] *= inv;
    for (size_t i = 0; i < m; i++) {
      double *other = a + i * m, factor = other[p];
      if (i == p || factor == 0.0) continue;
      other[p] = 0.0;
      for (size_t j = 0; j < m; j++) other[j] -= factor * row[j];
    }
  }
  for (size_t c = 0; c < m; c++)
    for (size_t d = 0; d < m; d++) a[c * m + d] /= x->size[d];
  x->q = a;
  return CE_OK;
}

/* r = (1/k_s)·Σ_{c ∈ E_s} Q[c, ·] for source signature s (a side with Q). */
static void ecs_source(ecs_side *x, const ce_signature *s) {
  uint32_t n;
  const uint32_t *ids = side_ids(s, x->side, &n);
  memset(x->r, 0, x->m * sizeof *x->r);
  for (uint32_t i = 0; i < n; i++) {
    const double *row = x->q + (size_t)x->compact[ids[i]] * x->m;
    for (size_t d = 0; d < x->m; d++) x->r[d] += row[d];
  }
  if (n)
    for (size_t d = 0; d < x->m; d++) x->r[d] /= n;
}

/* u_st = Σ_{d ∈ E_t} r[d] (a side with Q). */
static double ecs_target(const ecs_side *x, const ce_signature *t) {
  uint32_t n;
  const uint32_t *ids = side_ids(t, x->side, &n);
  double u = 0;
  for (uint32_t j = 0; j < n; j++) u += x->r[x->compact[ids[j]]];
  return u;
}

/* ECS's operations, as ce__overlap_type weighs them against its budget. */
static double ecs_work_of(const ecs_side sides[2], const ce_signature *keys, size_t groups) {
  if (sides[0].partition && sides[1].partition) return (double)groups;
  double work = 0, labels = 0;
  for (int k = 0; k < 2; k++) {
    if (sides[k].partition) continue;
    double m = (double)sides[k].m;
    work += m * m * m;
    for (size_t s = 0; s < groups; s++) {
      uint32_t n;
      side_ids(&keys[s], k, &n);
      work += (double)n * (n + m);
    }
  }
  for (size_t s = 0; s < groups; s++) labels += keys[s].gold_n + keys[s].system_n;
  if (!sides[0].partition && !sides[1].partition) return work + (double)groups * labels;
  /* One partition: each signature meets those of its part. */
  const ecs_side *p = sides[0].partition ? &sides[0] : &sides[1];
  double *part = calloc(p->m ? p->m : 1, sizeof *part);
  if (!part) return INFINITY;
  for (size_t s = 0; s < groups; s++) {
    uint32_t n;
    part[p->compact[side_ids(&keys[s], p->side, &n)[0]]] += 1;
  }
  for (size_t c = 0; c < p->m; c++) work += part[c] * part[c] * (labels / (double)groups + 1);
  free(part);
  return work;
}

/* S per signature into `score`. */
static ce_status ecs_scores(ecs_side sides[2], const ce_signature *keys, const uint32_t *weight,
                            size_t groups, double *score) {
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
    ce_status status = ecs_side_solve(&sides[k], keys, weight, groups);
    if (status) return status;
  }
  if (!sides[0].partition && !sides[1].partition) {
    for (size_t s = 0; s < groups; s++) {
      ecs_source(&sides[0], &keys[s]);
      ecs_source(&sides[1], &keys[s]);
      double sum = 0;
      for (size_t t = 0; t < groups; t++)
        sum += weight[t] * fabs(ecs_target(&sides[0], &keys[t]) - ecs_target(&sides[1], &keys[t]));
      score[s] = 1 - half * sum;
    }
    return CE_OK;
  }
  ecs_side *p = sides[0].partition ? &sides[0] : &sides[1];
  ecs_side *o = sides[0].partition ? &sides[1] : &sides[0];
  ce_status status = rows_of(keys, groups, p->side, p->labels, &p->start, &p->list);
  if (status) return status;
  for (size_t s = 0; s < groups; s++) {
    ecs_source(o, &keys[s]);
    /* Σ_t w_t·u_o over every t, then, in s's part, |u_o − u_p| in place of u_o. */
    double sum = 0;
    for (size_t d = 0; d < o->m; d++) sum += o->r[d] * o->size[d];
    uint32_t n;
    uint32_t label = side_ids(&keys[s], p->side, &n)[0];
    double u_p = 1 / ((1 - CE_ECS_ALPHA) * p->size[p->compact[label]]);
    for (size_t at = p->start[label]; at < p->start[label + 1]; at++) {
      uint32_t t = p->list[at];
      double u_o = ecs_target(o, &keys[t]);
      sum += weight[t] * (fabs(u_o - u_p) - u_o);
    }
    score[s] = 1 - half * sum;
  }
  return CE_OK;
}

/* The signature group of item i (keys sorted by gold entry, then system entry). */
static size_t group_of(const ce_entries *e, const ce_signature *keys, size_t groups, size_t i) {
  const uint32_t *gold = e->class_ids + e->class_start[i];
  const uint32_t *system = e->cluster_ids + e->cluster_start[i];
  uint32_t gold_n = e->class_start[i + 1] - e->class_start[i];
  uint32_t system_n = e->cluster_start[i + 1] - e->cluster_start[i];
  size_t lo = 0, hi = groups;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int order = ce__ids_compare(keys[mid].gold, keys[mid].gold_n, gold, gold_n);
    if (!order) order = ce__ids_compare(keys[mid].system, keys[mid].system_n, system, system_n);
    if (order < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

ce_status ce__overlap_type(const ce_entries *e, const ce_table *table, double omega_budget,
                           double ecs_budget, ce_overlap_type *out, double *item_ecs) {
  memset(out, 0, sizeof *out);
  size_t l = e->items;
  uint64_t *class_sizes = NULL, *cluster_sizes = NULL;
  ce_signature *keys = malloc((l ? l : 1) * sizeof *keys);
  uint32_t *weight = malloc((l ? l : 1) * sizeof *weight);
  size_t *start[2] = {NULL, NULL};
  uint32_t *list[2] = {NULL, NULL};
  double *score = NULL;
  ecs_side sides[2];
  memset(sides, 0, sizeof sides);
  size_t groups = 0;
  ce_status status = keys && weight ? CE_OK : CE_ERR_NOMEM;
  if (!status) status = ce__entries_label_sizes(e, 0, &class_sizes);
  if (!status) status = ce__entries_label_sizes(e, 1, &cluster_sizes);
  if (!status)
    status = ce__overlap_nmi(l, class_sizes, e->classes, cluster_sizes, e->clusters,
                             table->cell_count, table->cell_class, table->cell_cluster,
                             table->cell_n, &out->onmi, &out->onmi_lfk);
  out->has_nmi = !status;
  if (!status) status = ce__entries_signatures(e, keys, weight, &groups);
  side_sets sets[2] = {{0}, {0}};
  size_t labels[2] = {e->classes, e->clusters};
  for (int side = 0; side < 2 && !status; side++) {
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
  if (!status && out->omega_walk <= omega_budget) {
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
    out->ecs_work = ecs_work_of(sides, keys, groups);
    if (out->ecs_work <= ecs_budget) {
      score = malloc((groups ? groups : 1) * sizeof *score);
      status = score ? ecs_scores(sides, keys, weight, groups, score) : CE_ERR_NOMEM;
      if (!status) {
        double sum = 0;
        for (size_t s = 0; s < groups; s++) sum += weight[s] * score[s];
        out->ecs = l ? sum / (double)l : 1.0;
        out->has_ecs = 1;
      }
    }
  }
  if (!status && item_ecs)
    for (size_t i = 0; i < l; i++)
      item_ecs[i] = out->has_ecs ? score[group_of(e, keys, groups, i)] : NAN;
  ecs_side_free(&sides[0]);
  ecs_side_free(&sides[1]);
  free(score);
  free(class_sizes);
  free(cluster_sizes);
  free(keys);
  free(weight);
  return status;
}
