/*
 * Extended BCubed (Amigó et al. 2009; SPEC §3.3): hand-worked instances, every pair of
 * items by brute force, and plain BCubed when both sides are monosemous.
 */
#include <stdlib.h>

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

/* The definition over all l² pairs. */
static void brute_force(const ce_entries *e, double *precision, double *recall) {
  double p_sum = 0, r_sum = 0;
  size_t p_items = 0;
  for (size_t i = 0; i < e->items; i++) {
    double p_num = 0, r_num = 0;
    size_t p_den = 0, r_den = 0;
    for (size_t j = 0; j < e->items; j++) {
      unsigned b = shared(
          e->cluster_ids + e->cluster_start[i], e->cluster_start[i + 1] - e->cluster_start[i],
          e->cluster_ids + e->cluster_start[j], e->cluster_start[j + 1] - e->cluster_start[j]);
      unsigned a =
          shared(e->class_ids + e->class_start[i], e->class_start[i + 1] - e->class_start[i],
                 e->class_ids + e->class_start[j], e->class_start[j + 1] - e->class_start[j]);
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

static void random_entries(ce_rng *rng, ce_entries *e, size_t l, size_t n, size_t m,
                           int monosemous) {
  uint32_t *gi = malloc(3 * l * sizeof *gi), *gl = malloc(3 * l * sizeof *gl);
  uint32_t *si = malloc(3 * l * sizeof *si), *sl = malloc(3 * l * sizeof *sl);
  size_t gn = 0, sn = 0;
  for (size_t i = 0; i < l; i++) {
    size_t a = monosemous ? 1 : 1 + ce__rng_below(rng, 3);
    size_t b = monosemous ? 1 : ce__rng_below(rng, 4);
    uint32_t first = (uint32_t)ce__rng_below(rng, n);
    for (size_t j = 0; j < a; j++) {
      gi[gn] = (uint32_t)i;
      gl[gn++] = j ? (uint32_t)ce__rng_below(rng, n) : first;
    }
    for (size_t j = 0; j < b; j++) {
      si[sn] = (uint32_t)i;
      /* Lean on the gold class so that pairs agree often. */
      sl[sn++] = ce__rng_below(rng, 2) ? first % (uint32_t)m : (uint32_t)ce__rng_below(rng, m);
    }
  }
  CHECK(ce__entries_from_pairs(e, l, n, m, gi, gl, gn, si, sl, sn, NULL, NULL) == CE_OK);
  free(gi);
  free(gl);
  free(si);
  free(sl);
}

static void test_against_brute_force(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 2009, 0);
  for (int s = 0; s < 200; s++) {
    size_t l = 1 + ce__rng_below(&rng, 120), n = 1 + ce__rng_below(&rng, 6);
    size_t m = 1 + ce__rng_below(&rng, 6);
    ce_entries e;
    random_entries(&rng, &e, l, n, m, 0);
    double p, r, f, bp, br;
    CHECK(ce__extended_bcubed(&e, &p, &r, &f) == CE_OK);
    brute_force(&e, &bp, &br);
    CHECK_NEAR(p, bp, 1e-12);
    CHECK_NEAR(r, br, 1e-12);
    CHECK_NEAR(f, bp + br > 0 ? 2 * bp * br / (bp + br) : 0, 1e-12);
    ce__entries_free(&e);
  }
}

/* Monosemous on both sides: BCubed over items, Σ_ck n_ck²/b_k / l and Σ_ck n_ck²/a_c / l. */
static void test_monosemous_is_bcubed(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 1998, 0);
  for (int s = 0; s < 50; s++) {
    size_t l = 1 + ce__rng_below(&rng, 500), n = 1 + ce__rng_below(&rng, 8);
    size_t m = 1 + ce__rng_below(&rng, 8);
    ce_entries e;
    random_entries(&rng, &e, l, n, m, 1);
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
    ce__entries_free(&e);
  }
}

int main(void) {
  test_hand_worked();
  test_empty();
  test_against_brute_force();
  test_monosemous_is_bcubed();
  return check_report("ebcubed");
}
