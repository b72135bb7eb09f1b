/* Contingency measures on tables worked by hand; the arithmetic is in the comments. */
#include <math.h>

#include "check.h"
#include "measures_internal.h"

static ce_measures measure(const uint64_t *counts, size_t classes, size_t clusters, double beta,
                           int log2) {
  ce_table table;
  ce_measures out = {{0}, 0};
  CHECK(ce__table_from_dense(&table, counts, classes, clusters) == CE_OK);
  CHECK(ce__measures_mapping(&table, &out) == CE_OK);
  ce__measures_info(&table, beta, log2, &out);
  ce__table_free(&table);
  return out;
}

/*
 *          k1 k2 k3 | a_c
 *    c1     3  1  0 |  4
 *    c2     0  2  2 |  4
 *    b_k    3  3  2 | N = 8
 *
 * m1 = (3 + 2 + 2) / 8 = 7/8          (each cluster's largest cell)
 * o1 = (3 + 2) / 8 = 5/8              (k1→c1, k2 or k3→c2; k2→c1 + k3→c2 gives only 3)
 * H(C)   = ln 2
 * H(K)   = -(2·(3/8)ln(3/8) + (2/8)ln(2/8))
 * H(C|K) = -((1/8)ln(1/3) + (2/8)ln(2/3))          (cells 3/3 and 2/2 give ln 1 = 0)
 * H(K|C) = -((3/8)ln(3/4) + (1/8)ln(1/4) + 2·(2/8)ln(2/4))
 * MI = H(C) − H(C|K) = H(K) − H(K|C)
 */
static void test_worked_table(void) {
  const uint64_t counts[] = {3, 1, 0, 0, 2, 2};
  ce_measures m = measure(counts, 2, 3, 1.0, 0);
  double h_c = log(2.0);
  double h_k = -(2 * (3.0 / 8) * log(3.0 / 8) + (2.0 / 8) * log(2.0 / 8));
  double h_c_k = -((1.0 / 8) * log(1.0 / 3) + (2.0 / 8) * log(2.0 / 3));
  double h_k_c = -((3.0 / 8) * log(3.0 / 4) + (1.0 / 8) * log(1.0 / 4) + 2 * (2.0 / 8) * log(0.5));
  double h = 1 - h_c_k / h_c, c = 1 - h_k_c / h_k;
  CHECK_NEAR(m.value[CE_M1], 7.0 / 8, 1e-15);
  CHECK_NEAR(m.value[CE_O1], 5.0 / 8, 1e-15);
  CHECK_NEAR(m.value[CE_H_C], h_c, 1e-12);
  CHECK_NEAR(m.value[CE_H_K], h_k, 1e-12);
  CHECK_NEAR(m.value[CE_H_C_GIVEN_K], h_c_k, 1e-12);
  CHECK_NEAR(m.value[CE_H_K_GIVEN_C], h_k_c, 1e-12);
  CHECK_NEAR(m.value[CE_MI], h_c - h_c_k, 1e-12);
  CHECK_NEAR(m.value[CE_MI], h_k - h_k_c, 1e-12);
  CHECK_NEAR(m.value[CE_HOMOGENEITY], h, 1e-12);
  CHECK_NEAR(m.value[CE_COMPLETENESS], c, 1e-12);
  CHECK_NEAR(m.value[CE_V_MEASURE], 2 * h * c / (h + c), 1e-12);
  CHECK_NEAR(m.value[CE_VI], h_c_k + h_k_c, 1e-12);
  CHECK_NEAR(m.value[CE_NVI], (h_c_k + h_k_c) / h_c, 1e-12);
  /* Rounded figures of the same, worked on paper: H(K) = 1.08220, H(K|C) = 0.62774. */
  CHECK_NEAR(m.value[CE_H_K], 1.08220, 5e-6);
  CHECK_NEAR(m.value[CE_H_K_GIVEN_C], 0.62774, 5e-6);
  CHECK(m.available == (1u << CE_MEASURE_COUNT) - 1);

  /* β = 2 weighs completeness: V = 3hc / (2h + c). */
  ce_measures b = measure(counts, 2, 3, 2.0, 0);
  CHECK_NEAR(b.value[CE_V_MEASURE], 3 * h * c / (2 * h + c), 1e-12);

  /* In bits every entropy is divided by ln 2; the ratios do not move. */
  ce_measures bits = measure(counts, 2, 3, 1.0, 1);
  CHECK_NEAR(bits.value[CE_H_C], 1.0, 1e-12);
  CHECK_NEAR(bits.value[CE_VI], (h_c_k + h_k_c) / log(2.0), 1e-12);
  CHECK_NEAR(bits.value[CE_NVI], m.value[CE_NVI], 1e-12);
  CHECK_NEAR(bits.value[CE_V_MEASURE], m.value[CE_V_MEASURE], 1e-12);
}

/* One class, one cluster: nothing to explain; h = c = V = 1, VI = 0, NVI = H(K) = 0. */
static void test_single_class_single_cluster(void) {
  const uint64_t counts[] = {5};
  ce_measures m = measure(counts, 1, 1, 1.0, 0);
  CHECK_NEAR(m.value[CE_M1], 1.0, 0);
  CHECK_NEAR(m.value[CE_O1], 1.0, 0);
  CHECK_NEAR(m.value[CE_HOMOGENEITY], 1.0, 0);
  CHECK_NEAR(m.value[CE_COMPLETENESS], 1.0, 0);
  CHECK_NEAR(m.value[CE_V_MEASURE], 1.0, 0);
  CHECK_NEAR(m.value[CE_VI], 0.0, 0);
  CHECK_NEAR(m.value[CE_NVI], 0.0, 0);
}

/*
 * One class split over two equal clusters: H(C) = 0 so h = 1 and NVI = H(K) = ln 2
 * (SPEC §3.1); H(K|C) = H(K) = ln 2 so c = 0 and V = 2·1·0 / (1 + 0) = 0.
 * m1 = 1 (both clusters map to the class); o1 = 1/2 (only one may).
 */
static void test_single_class_two_clusters(void) {
  const uint64_t counts[] = {2, 2};
  ce_measures m = measure(counts, 1, 2, 1.0, 0);
  CHECK_NEAR(m.value[CE_M1], 1.0, 0);
  CHECK_NEAR(m.value[CE_O1], 0.5, 0);
  CHECK_NEAR(m.value[CE_HOMOGENEITY], 1.0, 0);
  CHECK_NEAR(m.value[CE_COMPLETENESS], 0.0, 1e-15);
  CHECK_NEAR(m.value[CE_V_MEASURE], 0.0, 1e-15);
  CHECK_NEAR(m.value[CE_NVI], log(2.0), 1e-15);
  ce_measures bits = measure(counts, 1, 2, 1.0, 1);
  CHECK_NEAR(bits.value[CE_NVI], 1.0, 1e-15); /* H(K) in bits */
}

/*
 * Two classes of two tokens, every token its own cluster: h = 1;
 * H(K) = ln 4, H(K|C) = ln 2, so c = 1 − ln2/ln4 = 1/2 and V = 2·(1/2)/(3/2) = 2/3.
 * m1 = 1, o1 = 2/4 (one cluster per class).
 */
static void test_singletons(void) {
  const uint64_t counts[] = {1, 1, 0, 0, 0, 0, 1, 1};
  ce_measures m = measure(counts, 2, 4, 1.0, 0);
  CHECK_NEAR(m.value[CE_M1], 1.0, 0);
  CHECK_NEAR(m.value[CE_O1], 0.5, 0);
  CHECK_NEAR(m.value[CE_HOMOGENEITY], 1.0, 1e-15);
  CHECK_NEAR(m.value[CE_COMPLETENESS], 0.5, 1e-15);
  CHECK_NEAR(m.value[CE_V_MEASURE], 2.0 / 3, 1e-15);
  CHECK_NEAR(m.value[CE_VI], log(2.0), 1e-15);
}

/* A system equal to gold up to renaming: every accuracy 1, VI 0. */
static void test_perfect(void) {
  const uint64_t counts[] = {0, 4, 0, 0, 0, 7, 3, 0, 0};
  ce_measures m = measure(counts, 3, 3, 1.0, 0);
  CHECK_NEAR(m.value[CE_M1], 1.0, 0);
  CHECK_NEAR(m.value[CE_O1], 1.0, 0);
  CHECK_NEAR(m.value[CE_V_MEASURE], 1.0, 1e-15);
  CHECK_NEAR(m.value[CE_VI], 0.0, 1e-15);
  CHECK_NEAR(m.value[CE_NVI], 0.0, 1e-15);
}

int main(void) {
  test_worked_table();
  test_single_class_single_cluster();
  test_single_class_two_clusters();
  test_singletons();
  test_perfect();
  return check_report("measures");
}
