/*
 * Extended BCubed (Amigó et al. 2009; SPEC §3.3): hand-worked instances; random polysemous
 * instances against every pair of items (brute force) and, bit for bit, against a plain
 * walk over the signatures sharing a cluster, and done in tasks, in parts, in any order;
 * plain BCubed when both sides are monosemous. Built twice: as test_ebcubed_parts, the
 * numerators' parts take one chunk of signatures a call (CE_EBCUBED_CHUNKS_A_CALL), so
 * that calling them in turn shares the chunks out among them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/rng_internal.h"
#include "entries_text.h"
#include "measures/measures_ebcubed_internal.h"

#define EPS 1e-12

static void test_hand_worked(void) {
  ce_entries e;
  double p, r, f;
  /*
   * Items x, y: A = {N}, B = {k0, k1}; z: A = {N, V}, B = {k0}.
   * P(x): e' sharing a cluster: x (|B∩| 2, |A∩| 1: min/2 = 1/2), y (1/2), z (|B∩| 1,
   * |A∩| 1: 1) → 2/3; P(y) = 2/3; P(z): x (1, 1: 1), y (1), z (1, 2: 1/1) → 1.
   * Precision = (2/3 + 2/3 + 1)/3 = 7/9.
   * R(x): e' sharing a class: x (min(2,1)/1 = 1), y (1), z (1, 1: 1) → 1; R(y) = 1;
   * R(z): x (|B∩| 1, |A∩| 1: 1), y (1), z (1, 2: 1/2) → 5/6. Recall = (2 + 5/6)/3 = 17/18.
   * F = 2·(7/9)(17/18) / (7/9 + 17/18) = 238/279.
   */
  build(&e, 3, 2, 2, "0 | 0 | 0 1", "0 1 | 0 1 | 0");
  CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
  CHECK_NEAR(p, 7.0 / 9.0, EPS);
  CHECK_NEAR(r, 17.0 / 18.0, EPS);
  CHECK_NEAR(f, 238.0 / 279.0, EPS);
  ce__entries_free(&e);
  /*
   * The instance of test_type.c: i0, i1: A {N}, B {k0}; i2: A {N, V}, B {k0, k1};
   * i3: A {V}, B {k1}; i4: A {V}, B {k2}; i5: A {N}, B {} (no cluster).
   * Precision: every pair sharing a cluster shares as many classes (P = 1 for i0..i4);
   * i5 has no P and stays out: precision 1.
   * Recall: R(i0) = R(i1) = (1 + 1 + 1 + 0)/4 over i0, i1, i2, i5 (i5 shares no cluster);
   * R(i2) over i0..i5: (1 + 1 + 1 + 1 + 0 + 0)/6 = 2/3; R(i3) over i2, i3, i4: 2/3;
   * R(i4) over i2, i3, i4: 1/3; R(i5) over i0, i1, i2, i5: 0.
   * Recall = (3/4 + 3/4 + 2/3 + 2/3 + 1/3 + 0)/6 = 19/36; F = 2·19/36 / (1 + 19/36) = 38/55.
   */
  build(&e, 6, 2, 3, "0 | 0 | 0 1 | 1 | 1 | 0", "0 | 0 | 0 1 | 1 | 2 | ");
  CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
  CHECK_NEAR(p, 1.0, EPS);
  CHECK_NEAR(r, 19.0 / 36.0, EPS);
  CHECK_NEAR(f, 38.0 / 55.0, EPS);
  ce__entries_free(&e);
}

static void test_empty(void) {
  ce_entries e;
  double p = -1, r = -1, f = -1;
  build(&e, 0, 0, 0, "", "");
  CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
  CHECK(p == 0 && r == 0 && f == 0);
  ce__entries_free(&e);
  /* Nothing clustered: no precision to average (0), recall 0. */
  build(&e, 2, 1, 1, "0 | 0", " | ");
  CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
  CHECK(p == 0 && r == 0 && f == 0);
  ce__entries_free(&e);
  /* Identical sides: 1, 1, 1. */
  build(&e, 3, 2, 2, "0 1 | 0 | 1", "0 1 | 0 | 1");
  CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
  CHECK_NEAR(p, 1.0, EPS);
  CHECK_NEAR(r, 1.0, EPS);
  CHECK_NEAR(f, 1.0, EPS);
  ce__entries_free(&e);
}

static unsigned shared(const uint32_t *x, uint32_t xn, const uint32_t *y, uint32_t yn) {
  unsigned count = 0;
  for (uint32_t i = 0; i < xn; i++)
    for (uint32_t j = 0; j < yn; j++) count += x[i] == y[j];
  return count;
}

#define GOLD_OF(e, i) \
  (e)->class_ids + (e)->class_start[i], (e)->class_start[(i) + 1] - (e)->class_start[i]
#define SYSTEM_OF(e, i) \
  (e)->cluster_ids + (e)->cluster_start[i], (e)->cluster_start[(i) + 1] - (e)->cluster_start[i]

/* The definition over all l² pairs. */
static void brute_force(const ce_entries *e, double *precision, double *recall) {
  double p_sum = 0, r_sum = 0;
  size_t p_items = 0;
  for (size_t i = 0; i < e->items; i++) {
    double p_num = 0, r_num = 0;
    size_t p_den = 0, r_den = 0;
    for (size_t j = 0; j < e->items; j++) {
      unsigned b = shared(SYSTEM_OF(e, i), SYSTEM_OF(e, j));
      unsigned a = shared(GOLD_OF(e, i), GOLD_OF(e, j));
      double both = a < b ? a : b;
      if (b) {
        p_num += both / b;
        p_den++;
      }
      if (a) {
        r_num += both / a;
        r_den++;
      }
    }
    if (p_den) {
      p_sum += p_num / (double)p_den;
      p_items++;
    }
    r_sum += r_num / (double)r_den;
  }
  *precision = p_items ? p_sum / (double)p_items : 0;
  *recall = r_sum / (double)e->items;
}

/*
 * The core's sums, written plainly: items with equal entries form one signature (ordered by
 * gold entry, then induced entry, each by length, then ids), and each signature in turn
 * walks every signature sharing one of its clusters, each weighted by its items. Each
 * term min(α, β)/β goes into an integer bin by β (precision) and min(α, β)/α by α
 * (recall), and a numerator is Σ_x bin_x / x in ascending x: the core's exact form. The
 * core meets each pair once, through (class, cluster) cells or labels' lists, and counts
 * denominators by bit sets; equal doubles show that it sums the same integers.
 * O(signatures² · labels).
 */
typedef struct signature {
  const uint32_t *gold, *system;
  uint32_t gold_n, system_n, weight;
} signature;

static int compare_lists(const uint32_t *x, uint32_t xn, const uint32_t *y, uint32_t yn) {
  if (xn != yn) return xn < yn ? -1 : 1;
  for (uint32_t j = 0; j < xn; j++)
    if (x[j] != y[j]) return x[j] < y[j] ? -1 : 1;
  return 0;
}

static int compare_signatures(const void *xp, const void *yp) {
  const signature *x = xp, *y = yp;
  int order = compare_lists(x->gold, x->gold_n, y->gold, y->gold_n);
  return order ? order : compare_lists(x->system, x->system_n, y->system, y->system_n);
}

static void walk_reference(const ce_entries *e, double *precision, double *recall) {
  size_t l = e->items, groups = 0;
  signature *sig = malloc((l ? l : 1) * sizeof *sig);
  for (size_t i = 0; i < l; i++)
    sig[i] = (signature){e->class_ids + e->class_start[i], e->cluster_ids + e->cluster_start[i],
                         e->class_start[i + 1] - e->class_start[i],
                         e->cluster_start[i + 1] - e->cluster_start[i], 1};
  qsort(sig, l, sizeof *sig, compare_signatures);
  for (size_t i = 0; i < l; i++) {
    if (groups && !compare_signatures(&sig[groups - 1], &sig[i]))
      sig[groups - 1].weight++;
    else
      sig[groups++] = sig[i];
  }
  uint32_t *order = malloc((groups ? groups : 1) * sizeof *order);
  unsigned char *seen = malloc(groups ? groups : 1);
  uint32_t most = 0; /* labels of the longest entry */
  for (size_t g = 0; g < groups; g++) {
    if (sig[g].gold_n > most) most = sig[g].gold_n;
    if (sig[g].system_n > most) most = sig[g].system_n;
  }
  uint64_t *p_bin = malloc((most + 1) * sizeof *p_bin), *r_bin = malloc((most + 1) * sizeof *r_bin);
  double p_sum = 0.0, r_sum = 0.0;
  uint64_t p_items = 0;
  for (size_t g = 0; g < groups; g++) {
    size_t met = 0;
    memset(seen, 0, groups);
    for (uint32_t j = 0; j < sig[g].system_n; j++)
      for (size_t h = 0; h < groups; h++)
        if (!seen[h] && shared(&sig[g].system[j], 1, sig[h].system, sig[h].system_n)) {
          seen[h] = 1;
          order[met++] = (uint32_t)h;
        }
    uint64_t p_den = 0, r_den = 0;
    memset(p_bin, 0, (sig[g].system_n + 1) * sizeof *p_bin);
    memset(r_bin, 0, (sig[g].gold_n + 1) * sizeof *r_bin);
    for (size_t t = 0; t < met; t++) {
      const signature *h = &sig[order[t]];
      uint32_t a = shared(sig[g].gold, sig[g].gold_n, h->gold, h->gold_n);
      uint32_t b = shared(sig[g].system, sig[g].system_n, h->system, h->system_n);
      uint64_t both = a < b ? a : b;
      p_bin[b] += h->weight * both;
      p_den += h->weight;
      r_bin[a] += h->weight * both;
    }
    double p_num = 0.0, r_num = 0.0;
    for (uint32_t b = 1; b <= sig[g].system_n; b++) p_num += (double)p_bin[b] / (double)b;
    for (uint32_t a = 1; a <= sig[g].gold_n; a++) r_num += (double)r_bin[a] / (double)a;
    for (size_t h = 0; h < groups; h++)
      if (shared(sig[g].gold, sig[g].gold_n, sig[h].gold, sig[h].gold_n)) r_den += sig[h].weight;
    if (p_den) {
      p_sum += sig[g].weight * (p_num / (double)p_den);
      p_items += sig[g].weight;
    }
    if (r_den) r_sum += sig[g].weight * (r_num / (double)r_den);
  }
  *precision = p_items ? p_sum / (double)p_items : 0.0;
  *recall = l ? r_sum / (double)l : 0.0;
  free(sig);
  free(order);
  free(seen);
  free(p_bin);
  free(r_bin);
}

/*
 * l random items over n classes and m clusters: 1..max_a classes (the first drawn, the
 * others further draws) and min_b..max_b clusters (0: an empty induced entry), leaning on the
 * first class so that pairs agree often. With `repeat` > 0, an item copies an earlier
 * item's entries with that probability (in 1/8), so signatures repeat, some many times.
 */
static void random_entries(ce_rng *rng, ce_entries *e, size_t l, size_t n, size_t m, size_t max_a,
                           size_t min_b, size_t max_b, unsigned repeat) {
  size_t cap = l * (max_a + max_b) + 1;
  uint32_t *gi = malloc(cap * sizeof *gi), *gl = malloc(cap * sizeof *gl);
  uint32_t *si = malloc(cap * sizeof *si), *sl = malloc(cap * sizeof *sl);
  size_t *g_at = malloc((l + 1) * sizeof *g_at), *s_at = malloc((l + 1) * sizeof *s_at);
  size_t gn = 0, sn = 0;
  for (size_t i = 0; i < l; i++) {
    g_at[i] = gn;
    s_at[i] = sn;
    if (i && ce__rng_below(rng, 8) < repeat) {
      size_t from = ce__rng_below(rng, 1 + ce__rng_below(rng, i)); /* earlier items, skewed */
      for (size_t q = g_at[from]; q < g_at[from + 1]; q++) gi[gn] = (uint32_t)i, gl[gn++] = gl[q];
      for (size_t q = s_at[from]; q < s_at[from + 1]; q++) si[sn] = (uint32_t)i, sl[sn++] = sl[q];
      g_at[i + 1] = gn, s_at[i + 1] = sn;
      continue;
    }
    size_t a = 1 + ce__rng_below(rng, max_a), b = min_b + ce__rng_below(rng, max_b - min_b + 1);
    uint32_t first = (uint32_t)ce__rng_below(rng, n);
    for (size_t j = 0; j < a; j++) {
      gi[gn] = (uint32_t)i;
      gl[gn++] = j ? (uint32_t)ce__rng_below(rng, n) : first;
    }
    for (size_t j = 0; j < b; j++) {
      si[sn] = (uint32_t)i;
      sl[sn++] = ce__rng_below(rng, 2) ? first % (uint32_t)m : (uint32_t)ce__rng_below(rng, m);
    }
    g_at[i + 1] = gn, s_at[i + 1] = sn;
  }
  CHECK(ce__entries_from_pairs(e, l, n, m, gi, gl, gn, si, sl, sn, NULL, NULL) == CE_OK);
  free(gi);
  free(gl);
  free(si);
  free(sl);
  free(g_at);
  free(s_at);
}

/*
 * The same values in tasks (ce__ebcubed_new), for 1 to 4 parts, with the cells and by the
 * lists: the numerators' parts (tasks 2 ..) first, last to first, in turn until none takes
 * a chunk (the first of them sets the work up), then the recall's denominators (task 1),
 * the precision's (task 0) last. Where the set-up is the first task, it runs so too.
 */
static void check_parts(const ce_entries *e, double p, double r, double f) {
  for (unsigned parts = 1; parts <= 4; parts++) {
    for (int by_lists = 0; by_lists < 2; by_lists++) {
      ce_ebcubed *plan;
      double walk, tp, tr, tf;
      CHECK(ce__ebcubed_new(e, by_lists ? 0.0 : HUGE_VAL, HUGE_VAL, parts, &plan) == CE_OK);
      size_t first, last;
      ce__ebcubed_tasks(plan, &first, &last);
      /* every task last, but the set-up first where every item has one cluster at most */
      int one_cluster_each = 1;
      for (size_t i = 0; i < e->items; i++)
        one_cluster_each &= e->cluster_start[i + 1] - e->cluster_start[i] <= 1;
      CHECK(first == (e->items && one_cluster_each));
      CHECK(first + last == (e->items ? 2 + parts : 0));
      for (size_t round = 0; round < 64 * (size_t)parts + 2; round++)
        for (size_t t = first + last; t-- > 2;) ce__ebcubed_task(plan, t);
      for (size_t t = 2; t-- > 0;) ce__ebcubed_task(plan, t);
      CHECK(ce__ebcubed_finish(plan, &tp, &tr, &tf, &walk) == CE_OK);
      CHECK(tp == p && tr == r && tf == f && (by_lists || walk == 0.0));
      ce__ebcubed_free(plan);
    }
  }
}

/* One instance: the core, bit for bit, against the walk, with the cells and by the labels'
 * lists alone, and in parts; to 1e-12 against every pair. */
static void check_instance(const ce_entries *e) {
  double p, r, f, wp, wr, bp, br, lp, lr, lf;
  CHECK(ce__extended_bcubed(e, &p, &r, &f) == CE_OK);
  double walk;
  CHECK(ce__extended_bcubed_within(e, 0.0, HUGE_VAL, &lp, &lr, &lf, &walk) == CE_OK);
  walk_reference(e, &wp, &wr);
  brute_force(e, &bp, &br);
  CHECK(p == wp);
  CHECK(r == wr);
  CHECK(lp == wp && lr == wr && lf == f);
  check_parts(e, p, r, f);
  CHECK_NEAR(p, bp, 1e-12);
  CHECK_NEAR(r, br, 1e-12);
  CHECK_NEAR(f, bp + br > 0 ? 2 * bp * br / (bp + br) : 0, 1e-12);
}

static void test_against_brute_force(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 2009, 0);
  /* Small: few labels, so equal signatures and empty induced entries abound. */
  for (int s = 0; s < 300; s++) {
    size_t l = 1 + ce__rng_below(&rng, 120), n = 1 + ce__rng_below(&rng, 6);
    size_t m = 1 + ce__rng_below(&rng, 6);
    ce_entries e;
    random_entries(&rng, &e, l, n, m, 3, 0, 3, (unsigned)ce__rng_below(&rng, 4));
    check_instance(&e);
    ce__entries_free(&e);
  }
  /*
   * Larger and more polysemous: hundreds of distinct entries, so that labels held by many
   * of them count through bit sets and the rest through lists, and signatures repeated
   * many times weigh more than 1 in those bit sets.
   */
  size_t items_checked = 0;
  for (int s = 0; s < 24; s++) {
    size_t l = 200 + ce__rng_below(&rng, 1300), n = 2 + ce__rng_below(&rng, 40);
    size_t m = 2 + ce__rng_below(&rng, 60);
    ce_entries e;
    random_entries(&rng, &e, l, n, m, 1 + ce__rng_below(&rng, 5), 0, ce__rng_below(&rng, 14),
                   (unsigned)ce__rng_below(&rng, 6));
    check_instance(&e);
    items_checked += l;
    ce__entries_free(&e);
  }
  CHECK(items_checked > 10000);
}

/* Monosemous on both sides: BCubed over items, Σ_ck n_ck²/b_k / l and Σ_ck n_ck²/a_c / l. */
static void test_monosemous_is_bcubed(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 1998, 0);
  for (int s = 0; s < 50; s++) {
    size_t l = 1 + ce__rng_below(&rng, 500), n = 1 + ce__rng_below(&rng, 8);
    size_t m = 1 + ce__rng_below(&rng, 8);
    ce_entries e;
    random_entries(&rng, &e, l, n, m, 1, 1, 1, 0);
    double counts[8][8] = {{0}}, a[8] = {0}, b[8] = {0};
    for (size_t i = 0; i < l; i++) {
      uint32_t c = e.class_ids[e.class_start[i]], k = e.cluster_ids[e.cluster_start[i]];
      counts[c][k]++;
      a[c]++;
      b[k]++;
    }
    double bp = 0, br = 0;
    for (size_t c = 0; c < n; c++)
      for (size_t k = 0; k < m; k++) {
        if (!counts[c][k]) continue;
        bp += counts[c][k] * counts[c][k] / b[k];
        br += counts[c][k] * counts[c][k] / a[c];
      }
    double p, r, f;
    CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
    CHECK_NEAR(p, bp / (double)l, 1e-12);
    CHECK_NEAR(r, br / (double)l, 1e-12);
    check_parts(&e, p, r, f); /* one cluster each: the set-up is a first task */
    ce__entries_free(&e);
  }
}

/*
 * The labels' lists' budget. Items x, y: A = {N}, B = {k0} (one signature, weight 2); z:
 * A = {N, V}, B = {k1}. N is held by 2 signatures, V, k0 and k1 by 1: the walk is
 * (2² + 1 + 1 + 1)/2 = 3.5. At that budget the values are computed, and equal the cells'
 * way; just below it nothing is computed, and the walk says why.
 */
static void test_walk_budget(void) {
  ce_entries e;
  double p, r, f, wp, wr, wf, walk;
  build(&e, 3, 2, 2, "0 | 0 | 0 1", "0 | 0 | 1");
  CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
  CHECK(ce__extended_bcubed_within(&e, 1e9, 0.0, &wp, &wr, &wf, &walk) == CE_OK);
  CHECK(walk == 0.0 && wp == p && wr == r && wf == f); /* by the cells: no walk */
  CHECK(ce__extended_bcubed_within(&e, 0.0, 3.5, &wp, &wr, &wf, &walk) == CE_OK);
  CHECK(walk == 3.5 && wp == p && wr == r && wf == f && p > 0.0);
  CHECK(ce__extended_bcubed_within(&e, 0.0, 3.4, &wp, &wr, &wf, &walk) == CE_OK);
  CHECK(walk == 3.5 && wp == 0.0 && wr == 0.0 && wf == 0.0);
  ce__entries_free(&e);
}

int main(void) {
  test_hand_worked();
  test_empty();
  test_walk_budget();
  test_against_brute_force();
  test_monosemous_is_bcubed();
  return check_report("ebcubed");
}
