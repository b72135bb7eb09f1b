/* Contingency measures on tables worked by hand; the arithmetic is in the comments. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "check.h"
#include "entries_random.h"
#include "common/rng_internal.h"
#include "measures/entries_internal.h"
#include "measures/measures_internal.h"

static ce_measures measure(const uint64_t *counts, size_t classes, size_t clusters, double beta,
                           int log2) {
  ce_table table;
  ce_measures out = {{0}, {0}};
  CHECK(ce__table_from_dense(&table, counts, classes, clusters) == CE_OK);
  ce_measure_options options = {beta, log2, CE_MEAN_ARITHMETIC, NULL, NULL, NULL, NULL, 1};
  CHECK(ce__measures_all(&table, &options, &out) == CE_OK);
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
  CHECK(m.available[0] == ((uint64_t)1 << CE_CONTINGENCY_MEASURE_COUNT) - 1 && !m.available[1]);

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

/*
 * The same table, for the measures scikit-learn lacks (and ARI/Rand, worked by hand too).
 * Pairs together: in cells C(3,2)+C(1,2)+C(2,2)+C(2,2) = 3+0+1+1 = 5 (tp); in clusters
 * C(3,2)+C(3,2)+C(2,2) = 7; in classes C(4,2)+C(4,2) = 12; all C(8,2) = 28.
 *   pair_p = 5/7, pair_r = 5/12, pair_f = 2(5/7)(5/12)/(5/7+5/12) = 10/19, fmi = sqrt(25/84)
 *   fp = 7−5 = 2, fn = 12−5 = 7, tn = 28−5−2−7 = 14: rand = 19/28,
 *   ari = (5 − 12·7/28) / ((12+7)/2 − 12·7/28) = 2/6.5 = 4/13
 *   inv_purity = (3 + 2)/8 = 5/8 (c1's largest cluster k1, c2's k2 or k3)
 *   bcubed_p = (3²/3 + 1²/3 + 2²/3 + 2²/2)/8 = (20/3)/8 = 5/6
 *   bcubed_r = (3²/4 + 1²/4 + 2²/4 + 2²/4)/8 = 4.5/8 = 9/16, bcubed_f = 45/67
 *   grouping: cells of 2 or more hold 3+2+2 = 7 tokens; clusters of 2 or more 8, classes 8:
 *   grouping_p = grouping_r = grouping_f = 7/8
 *   entropy_bits = H(C|K)/ln 2; entropy_scaled = H(C|K)/H(C), here also H(C|K)/ln 2
 */
static void test_worked_table_pairs(void) {
  const uint64_t counts[] = {3, 1, 0, 0, 2, 2};
  ce_measures m = measure(counts, 2, 3, 1.0, 1); /* bits: entropy_bits must not change */
  double h_c_k = -((1.0 / 8) * log(1.0 / 3) + (2.0 / 8) * log(2.0 / 3));
  CHECK_NEAR(m.value[CE_PAIR_P], 5.0 / 7, 1e-15);
  CHECK_NEAR(m.value[CE_PAIR_R], 5.0 / 12, 1e-15);
  CHECK_NEAR(m.value[CE_PAIR_F], 10.0 / 19, 1e-15);
  CHECK_NEAR(m.value[CE_FMI], sqrt(25.0 / 84), 1e-15);
  CHECK_NEAR(m.value[CE_RAND], 19.0 / 28, 1e-15);
  CHECK_NEAR(m.value[CE_ARI], 4.0 / 13, 1e-15);
  CHECK_NEAR(m.value[CE_INV_PURITY], 5.0 / 8, 0);
  CHECK_NEAR(m.value[CE_BCUBED_P], 5.0 / 6, 1e-15);
  CHECK_NEAR(m.value[CE_BCUBED_R], 9.0 / 16, 1e-15);
  CHECK_NEAR(m.value[CE_BCUBED_F], 45.0 / 67, 1e-15);
  CHECK_NEAR(m.value[CE_GROUPING_P], 7.0 / 8, 0);
  CHECK_NEAR(m.value[CE_GROUPING_R], 7.0 / 8, 0);
  CHECK_NEAR(m.value[CE_GROUPING_F], 7.0 / 8, 1e-15);
  CHECK_NEAR(m.value[CE_ENTROPY_BITS], h_c_k / log(2.0), 1e-12);
  CHECK_NEAR(m.value[CE_ENTROPY_SCALED], h_c_k / log(2.0), 1e-12);
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
  /* No two tokens share a cluster: pair_p = 0/0 = 1, pair_r = 0/2; grouping likewise. */
  CHECK_NEAR(m.value[CE_PAIR_P], 1.0, 0);
  CHECK_NEAR(m.value[CE_PAIR_R], 0.0, 0);
  CHECK_NEAR(m.value[CE_FMI], 0.0, 0);
  CHECK_NEAR(m.value[CE_GROUPING_P], 1.0, 0);
  CHECK_NEAR(m.value[CE_GROUPING_R], 0.0, 0);
  CHECK_NEAR(m.value[CE_BCUBED_P], 1.0, 0);
  CHECK_NEAR(m.value[CE_BCUBED_R], 0.5, 0); /* each token shares its class with one other */
  CHECK_NEAR(m.value[CE_AMI], 0.0, 0);      /* all singletons: MI equals its expectation */
}

/* A single token: no pairs at all, so every pair ratio is 0/0 = 1 and nothing is NaN. */
static void test_single_token(void) {
  const uint64_t counts[] = {1};
  ce_measures m = measure(counts, 1, 1, 1.0, 0);
  for (int id = 0; id < CE_CONTINGENCY_MEASURE_COUNT; id++) CHECK(!isnan(m.value[id]));
  CHECK_NEAR(m.value[CE_RAND], 1.0, 0);
  CHECK_NEAR(m.value[CE_ARI], 1.0, 0);
  CHECK_NEAR(m.value[CE_FMI], 1.0, 0);
  CHECK_NEAR(m.value[CE_NMI], 1.0, 0);
  CHECK_NEAR(m.value[CE_AMI], 1.0, 0);
  CHECK_NEAR(m.value[CE_GROUPING_F], 1.0, 0);
}

/*
 * Expected MI by its definition: every n of every (a, b), summed in full with exact
 * hypergeometric probabilities from binomial coefficients (small N only).
 */
static double binomial(double n, double k) {
  double r = 1;
  for (double i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}

static void test_expected_mi_by_definition(void) {
  const uint64_t counts[] = {5, 1, 0, 2, 0, 3, 4, 1, 1, 0, 2, 6};
  ce_table table;
  CHECK(ce__table_from_dense(&table, counts, 3, 4) == CE_OK);
  double total = (double)table.total, emi = 0;
  for (size_t c = 0; c < 3; c++)
    for (size_t k = 0; k < 4; k++) {
      double a = (double)table.class_sums[c], b = (double)table.cluster_sums[k];
      for (double n = 1; n <= (a < b ? a : b); n++) {
        double p = binomial(b, n) * binomial(total - b, a - n) / binomial(total, a);
        emi += p * (n / total) * log(total * n / (a * b));
      }
    }
  double grouped = 0;
  CHECK(ce__expected_mutual_information(&table, 1, &grouped) == CE_OK);
  CHECK_NEAR(grouped, emi, 1e-13);
  ce__table_free(&table);
}

/*
 * Past 2^20 cells the sum runs over pairs of distinct sizes: 1,500 classes × 1,200 clusters
 * (1.8M cells, sizes 1 to 4), against the definition summed cell by cell with exact
 * hypergeometric probabilities (lgamma) and compensated additions.
 */
static void test_expected_mi_grouped(void) {
  enum { CLASSES = 1500, CLUSTERS = 1200 };
  ce_table table;
  uint64_t *counts = calloc((size_t)CLASSES * CLUSTERS, sizeof *counts);
  uint64_t state = 12345;
  for (size_t c = 0; c < CLASSES; c++)
    for (unsigned t = 0; t < 1 + c % 4; t++) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      counts[c * CLUSTERS + (size_t)(state >> 33) % CLUSTERS]++;
    }
  CHECK(ce__table_from_dense(&table, counts, CLASSES, CLUSTERS) == CE_OK);
  double total = (double)table.total, sum = 0, carry = 0;
  for (size_t c = 0; c < CLASSES; c++)
    for (size_t k = 0; k < CLUSTERS; k++) {
      double a = (double)table.class_sums[c], b = (double)table.cluster_sums[k];
      if (!a || !b) continue;
      for (double n = 1; n <= (a < b ? a : b); n++) {
        double p = exp(lgamma(b + 1) - lgamma(n + 1) - lgamma(b - n + 1) + lgamma(total - b + 1) -
                       lgamma(a - n + 1) - lgamma(total - b - a + n + 1) - lgamma(total + 1) +
                       lgamma(a + 1) + lgamma(total - a + 1));
        double term = p * (n / total) * log(total * n / (a * b)) - carry; /* Kahan */
        double next = sum + term;
        carry = (next - sum) - term;
        sum = next;
      }
    }
  double grouped = 0;
  CHECK(ce__expected_mutual_information(&table, 1, &grouped) == CE_OK);
  CHECK_NEAR(grouped, sum, 1e-12 * sum);
  ce__table_free(&table);
  free(counts);
}

/* No measure prints NaN on degenerate tables: every nmi mean, bits or nats. */
static void test_never_nan(void) {
  const uint64_t shapes[][4] = {
      {1, 0, 0, 0}, {4, 0, 0, 0}, {2, 2, 0, 0}, {2, 0, 2, 0}, {1, 1, 1, 1}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (int mean = 0; mean < 4; mean++) {
      ce_table table;
      ce_measures m = {{0}, {0}};
      ce_measure_options options = {1.0, mean & 1, (ce_mean)mean, NULL, NULL, NULL, NULL, 1};
      CHECK(ce__table_from_dense(&table, shapes[s], 2, 2) == CE_OK);
      CHECK(ce__measures_all(&table, &options, &m) == CE_OK);
      for (int id = 0; id < CE_CONTINGENCY_MEASURE_COUNT; id++) CHECK(isfinite(m.value[id]));
      CHECK(m.available[0] == ((uint64_t)1 << CE_CONTINGENCY_MEASURE_COUNT) - 1 && !m.available[1]);
      ce__table_free(&table);
    }
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

/*
 * The item table of random entries (ce__table_from_entries) against a dense count: a
 * classes × clusters array with one added per (item, class of A_i, cluster of B_i). The
 * shapes: few labels (rows read off the accumulator), many clusters (rows sorted), empty
 * induced entries, and labels no item holds.
 */
static void test_item_table_from_entries(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 2010, 0);
  int dense_rows = 0, sorted_rows = 0;
  for (int instance = 0; instance < 400; instance++) {
    size_t items = 1 + ce__rng_below(&rng, 60), classes = 1 + ce__rng_below(&rng, 8);
    size_t clusters = 1 + ce__rng_below(&rng, instance % 2 ? 400 : 8);
    uint64_t *dense = calloc(classes * clusters, sizeof *dense);
    ce_entries e;
    uniform_entries(&rng, &e, items, classes, clusters, 3, 0, 4);
    for (uint32_t i = 0; i < e.items; i++)
      for (uint32_t a = e.class_start[i]; a < e.class_start[i + 1]; a++)
        for (uint32_t b = e.cluster_start[i]; b < e.cluster_start[i + 1]; b++)
          dense[e.class_ids[a] * clusters + e.cluster_ids[b]]++;
    ce_table got, want;
    CHECK(ce__table_from_entries(&got, &e, 0) == CE_OK);
    CHECK(ce__table_from_dense(&want, dense, classes, clusters) == CE_OK);
    CHECK(got.classes == want.classes && got.clusters == want.clusters);
    CHECK(got.total == want.total && got.cell_count == want.cell_count);
    if (got.cell_count == want.cell_count) {
      CHECK(!memcmp(got.cell_class, want.cell_class, got.cell_count * sizeof *got.cell_class));
      CHECK(
          !memcmp(got.cell_cluster, want.cell_cluster, got.cell_count * sizeof *got.cell_cluster));
      CHECK(!memcmp(got.cell_n, want.cell_n, got.cell_count * sizeof *got.cell_n));
    }
    CHECK(!memcmp(got.class_sums, want.class_sums, classes * sizeof *got.class_sums));
    CHECK(!memcmp(got.cluster_sums, want.cluster_sums, clusters * sizeof *got.cluster_sums));
    /* A budget of exactly the cells holds them; one fewer holds nothing (none: no cell). */
    ce_table at_budget;
    CHECK(ce__table_from_entries(&at_budget, &e, want.cell_count ? want.cell_count : 1) == CE_OK);
    CHECK(at_budget.cell_count == want.cell_count && at_budget.total == want.total);
    ce__table_free(&at_budget);
    if (want.cell_count > 1) {
      CHECK(ce__table_from_entries(&at_budget, &e, want.cell_count - 1) == CE_ERR_UNAVAILABLE);
      CHECK(at_budget.cell_count == 0 && !at_budget.cell_n && !at_budget.class_sums);
    }
    /* Which way each row came out (see ce__sparse_ascending), so both are seen. */
    for (size_t c = 0; c < classes; c++) {
      size_t row = 0;
      for (size_t x = 0; x < want.cell_count; x++) row += want.cell_class[x] == c;
      if (row * 16 > clusters)
        dense_rows++;
      else if (row)
        sorted_rows++;
    }
    ce__table_free(&got);
    ce__table_free(&want);
    ce__entries_free(&e);
    free(dense);
  }
  CHECK(dense_rows > 100 && sorted_rows > 100);
}

/* qsort's order on (key, value), the independent reference for ce__sort_pairs_u64. */
static int key_then_value(const void *x, const void *y) {
  const uint64_t *a = x, *b = y;
  if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
  return (a[1] > b[1]) - (a[1] < b[1]);
}

/* The radix sort of cells' (key, count) pairs against qsort, on keys of every shape it meets:
 * two ids (an item and a label), any 64 bits, a few distinct keys. The values number the
 * pairs, so that qsort on (key, value) gives the stable order; sizes around the switch
 * from insertion. */
static void test_sort_pairs(void) {
  static const size_t sizes[] = {0, 1, 2, 3, 31, 32, 33, 257, 5000, 70000};
  ce_rng rng;
  ce__rng_seed(&rng, 1987, 0);
  int differ = 0;
  for (int shape = 0; shape < 3; shape++) {
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      size_t n = sizes[s];
      uint64_t *pairs = malloc((2 * n + 2) * sizeof *pairs);
      uint64_t *want = malloc((2 * n + 2) * sizeof *want);
      for (size_t j = 0; j < n; j++) {
        uint64_t item = ce__rng_below(&rng, 60000), label = ce__rng_below(&rng, 500);
        pairs[2 * j] = shape == 0   ? item << 32 | label
                       : shape == 1 ? ce__rng_next(&rng)
                                    : ce__rng_below(&rng, 7) << 40 | ce__rng_below(&rng, 3);
        pairs[2 * j + 1] = j;
      }
      memcpy(want, pairs, 2 * n * sizeof *pairs);
      qsort(want, n, 2 * sizeof *want, key_then_value);
      CHECK(ce__sort_pairs_u64(pairs, n) == CE_OK);
      differ += n && memcmp(pairs, want, 2 * n * sizeof *pairs) != 0;
      free(pairs);
      free(want);
    }
  }
  CHECK(differ == 0);
}

/* Cells handed over sorted (ce__cells_adopt_sorted, as a resample's counts are) against the
 * same cells added one by one to the hash: the same walk once sorted, the same sorted pairs,
 * the same table; and nothing is added to them. */
static void test_cells_adopted_sorted(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 2024, 0);
  for (int round = 0; round < 20; round++) {
    size_t classes = 1 + ce__rng_below(&rng, 40), clusters = 1 + ce__rng_below(&rng, 40);
    ce_cells hashed = {0}, adopted = {0};
    size_t tokens = ce__rng_below(&rng, 3000);
    for (size_t t = 0; t < tokens; t++)
      CHECK(ce__cells_add(&hashed, (uint32_t)ce__rng_below(&rng, classes),
                          (uint32_t)ce__rng_below(&rng, clusters),
                          1 + ce__rng_below(&rng, 3)) == CE_OK);
    uint64_t *want, *pairs;
    CHECK(ce__cells_sorted(&hashed, &want) == CE_OK);
    CHECK(ce__cells_sorted(&hashed, &pairs) == CE_OK);
    ce__cells_adopt_sorted(&adopted, pairs, hashed.used);
    CHECK(adopted.used == hashed.used);
    uint64_t *copy;
    CHECK(ce__cells_sorted(&adopted, &copy) == CE_OK);
    CHECK(!hashed.used || memcmp(copy, want, 2 * hashed.used * sizeof *want) == 0);
    ce_cells_walk walk = {0};
    uint64_t key, count;
    size_t walked = 0;
    int in_order = 1;
    while (ce__cells_next(&adopted, &walk, &key, &count)) {
      in_order &= key == want[2 * walked] && count == want[2 * walked + 1];
      walked++;
    }
    CHECK(in_order && walked == hashed.used);
    ce_table a, b;
    CHECK(ce__table_build(&a, &hashed, classes, clusters) == CE_OK);
    CHECK(ce__table_build(&b, &adopted, classes, clusters) == CE_OK);
    CHECK(a.cell_count == b.cell_count && a.total == b.total);
    for (size_t j = 0; j < a.cell_count; j++)
      CHECK(a.cell_class[j] == b.cell_class[j] && a.cell_cluster[j] == b.cell_cluster[j] &&
            a.cell_n[j] == b.cell_n[j]);
    CHECK(ce__cells_add(&adopted, 0, 0, 1) == CE_ERR_INTERNAL);
    ce__table_free(&a);
    ce__table_free(&b);
    free(want);
    free(copy);
    ce__cells_free(&hashed);
    ce__cells_free(&adopted);
  }
}

/* ce__calloc_huge: zeroed memory below and past CE_HUGE_BYTES (where, on Linux, it is a
 * mapping of its own, elsewhere advised and cleared by hand, possibly over memory a free gave
 * back), freed by ce__free_huge; NULL where the size overflows. */
static void test_calloc_huge(void) {
  static const size_t sizes[] = {
      0, 1, 4096, CE_HUGE_BYTES - 8, CE_HUGE_BYTES, 3 * CE_HUGE_BYTES + 5};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    unsigned char *dirty = malloc(sizes[s] + 1);
    if (dirty) memset(dirty, 0xa5, sizes[s] + 1);
    free(dirty); /* so that the next block may be this one, written */
    unsigned char *at = ce__calloc_huge(sizes[s], 1);
    CHECK(at != NULL);
    size_t nonzero = 0;
    for (size_t i = 0; at && i < sizes[s]; i++) nonzero += at[i] != 0;
    CHECK(nonzero == 0);
    ce__free_huge(at, sizes[s], 1);
  }
  ce__free_huge(NULL, CE_HUGE_BYTES, 1);
  CHECK(ce__calloc_huge(SIZE_MAX / 2, 4) == NULL);
}

static int ascending_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

static int ascending_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return (a > b) - (a < b);
}

/* The number sorts (introsort; the 64-bit one by radix from 65,536 values) against qsort
 * on inputs that trouble a quicksort: random, few distinct values, all equal, ascending,
 * descending, organ pipe, sawtooth, and the median of three's classic adversary (ascending
 * halves interleaved); sizes around the switch from insertion and past it, and past the
 * switch to radix. test_measures_heapsort runs this with heapsort on every part
 * (CE_SORT_HALVINGS 0). */
static void test_sort_numbers(void) {
  static const size_t sizes[] = {0, 1, 2, 3, 15, 16, 17, 33, 100, 1000, 65537};
  ce_rng rng;
  ce__rng_seed(&rng, 2024, 0);
  int differ = 0;
  for (int shape = 0; shape < 8; shape++) {
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      size_t n = sizes[s];
      uint64_t *v = malloc((n + 1) * sizeof *v), *want = malloc((n + 1) * sizeof *want);
      uint32_t *w = malloc((n + 1) * sizeof *w), *want32 = malloc((n + 1) * sizeof *want32);
      for (size_t j = 0; j < n; j++) {
        uint64_t x = shape == 0   ? ce__rng_next(&rng)
                     : shape == 1 ? ce__rng_below(&rng, 4)
                     : shape == 2 ? 7
                     : shape == 3 ? j
                     : shape == 4 ? n - j
                     : shape == 5 ? (j < n / 2 ? j : n - j)
                     : shape == 6 ? j % 97
                                  : (j % 2 ? j / 2 + n / 2 : j / 2);
        v[j] = shape == 0 ? x : x << 33 | (x & 1); /* high bits in play */
        w[j] = (uint32_t)(shape == 0 ? x >> 32 : x);
      }
      memcpy(want, v, n * sizeof *v);
      memcpy(want32, w, n * sizeof *w);
      qsort(want, n, sizeof *want, ascending_u64);
      qsort(want32, n, sizeof *want32, ascending_u32);
      ce__sort_u64(v, n);
      ce__sort_u32(w, n);
      differ += n && (memcmp(v, want, n * sizeof *v) || memcmp(w, want32, n * sizeof *w));
      free(v);
      free(want);
      free(w);
      free(want32);
    }
  }
  CHECK(differ == 0);
}

/* Elements of three words: a key of few distinct values (so that stability shows), its
 * place in the input, and a filler that the comparison never reads. */
typedef struct sort_element {
  uint32_t key, place, filler;
} sort_element;

static int by_key(const void *x, const void *y) {
  const sort_element *a = x, *b = y;
  return (a->key > b->key) - (a->key < b->key);
}

static int by_key_then_place(const void *x, const void *y) {
  const sort_element *a = x, *b = y;
  int order = by_key(x, y);
  return order ? order : (a->place > b->place) - (a->place < b->place);
}

/* ce__sort, by key alone, against qsort on (key, place): the stable order, independently;
 * inputs random, ascending, descending, sizes around the switch from insertion. */
static void test_sort(void) {
  static const size_t sizes[] = {0, 1, 2, 7, 8, 9, 16, 17, 100, 4099};
  ce_rng rng;
  ce__rng_seed(&rng, 2009, 0);
  int differ = 0;
  for (int shape = 0; shape < 3; shape++) {
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      size_t n = sizes[s];
      sort_element *got = malloc((n + 1) * sizeof *got), *want = malloc((n + 1) * sizeof *want);
      for (size_t j = 0; j < n; j++) {
        uint32_t key = shape == 0   ? (uint32_t)ce__rng_below(&rng, 1 + n / 3)
                       : shape == 1 ? (uint32_t)(j / 2)
                                    : (uint32_t)(n - j / 3);
        got[j] = (sort_element){key, (uint32_t)j, (uint32_t)ce__rng_next(&rng)};
      }
      memcpy(want, got, n * sizeof *got);
      qsort(want, n, sizeof *want, by_key_then_place);
      CHECK(ce__sort(got, n, sizeof *got, by_key) == CE_OK);
      differ += n && memcmp(got, want, n * sizeof *got) != 0;
      free(got);
      free(want);
    }
  }
  CHECK(differ == 0);
}

/* Records with a list of ids, as the signatures and extended BCubed's keys hold them. */
typedef struct id_record {
  const uint32_t *ids;
  uint32_t n, place;
} id_record;

static int by_id_then_place(const void *x, const void *y) {
  const id_record *a = x, *b = y;
  if (a->ids[0] != b->ids[0]) return (a->ids[0] > b->ids[0]) - (a->ids[0] < b->ids[0]);
  return (a->place > b->place) - (a->place < b->place);
}

/* ce__sort_single_ids against qsort on (id, place), the stable order: random ids of few and
 * of many values, sizes around and past the radix sort's switch; a list of two ids anywhere
 * leaves the records as they were and says so. */
static void test_sort_single_ids(void) {
  static const size_t sizes[] = {0, 1, 2, 17, 1000, 70000};
  ce_rng rng;
  ce__rng_seed(&rng, 2026, 0);
  int differ = 0;
  for (int shape = 0; shape < 2; shape++) {
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      size_t n = sizes[s];
      uint32_t *ids = malloc((n + 1) * sizeof *ids);
      id_record *got = malloc((n + 1) * sizeof *got), *want = malloc((n + 1) * sizeof *want);
      for (size_t j = 0; j < n; j++) {
        ids[j] = shape ? (uint32_t)ce__rng_next(&rng) : (uint32_t)ce__rng_below(&rng, 1 + n / 3);
        got[j] = (id_record){&ids[j], 1, (uint32_t)j};
      }
      memcpy(want, got, n * sizeof *got);
      qsort(want, n, sizeof *want, by_id_then_place);
      int sorted = ce__sort_single_ids(got, n, sizeof *got, offsetof(id_record, ids),
                                       offsetof(id_record, n));
      differ += !sorted || (n && memcmp(got, want, n * sizeof *got) != 0);
      if (n > 1) { /* one list of two: nothing moves */
        memcpy(want, got, n * sizeof *got);
        got[n / 2].n = 2;
        want[n / 2].n = 2;
        differ += ce__sort_single_ids(got, n, sizeof *got, offsetof(id_record, ids),
                                      offsetof(id_record, n)) != 0 ||
                  memcmp(got, want, n * sizeof *got) != 0;
      }
      free(ids);
      free(got);
      free(want);
    }
  }
  CHECK(differ == 0);
}

/* The digits printf writes: "%.15g" to "%.17g", the first that reads back as the same
 * double (the general path of ce__buf_put_double, which whole numbers skip). */
static void shortest_by_printf(char *text, size_t size, double value) {
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(text, size, "%.*g", digits, value);
    if (strtod(text, NULL) == value) return;
  }
}

/* JSON numbers and ids, written without printf, against printf's text: whole numbers of
 * every size around the 10^15 boundary, -0, fractions, and random 64-bit ids. */
static void test_numbers_as_json(void) {
  static const double values[] = {0.0,         -0.0,        1.0,        -1.0,
                                  7.0,         10.0,        0.5,        -2.25,
                                  1e14,        -1e14,       1e15 - 1.0, -(1e15 - 1.0),
                                  1e15,        -1e15,       1e15 + 2,   9007199254740992.0,
                                  1e300,       1e-300,      0.1,        2.0 / 3.0,
                                  123456789.0, 4294967296.0};
  ce_rng rng;
  ce__rng_seed(&rng, 2010, 0);
  int differ = 0;
  char want[64];
  for (size_t j = 0; j < sizeof values / sizeof values[0] + 2000; j++) {
    double value = j < sizeof values / sizeof values[0]
                       ? values[j]
                       : (double)(int64_t)(ce__rng_next(&rng) >> ce__rng_below(&rng, 64)) *
                             (j % 2 ? 1.0 : -1.0) / (double)(1 + ce__rng_below(&rng, 3));
    ce_buf got = {0};
    CHECK(ce__buf_put_double(&got, value) == CE_OK);
    shortest_by_printf(want, sizeof want, value);
    differ += strcmp(got.data, want) != 0;
    ce__buf_free(&got);
  }
  for (size_t j = 0; j < 2000; j++) {
    uint64_t id = j < 64 ? UINT64_MAX >> j : ce__rng_next(&rng) >> ce__rng_below(&rng, 64);
    ce_buf got = {0};
    CHECK(ce__buf_put_u64(&got, id) == CE_OK);
    snprintf(want, sizeof want, "%llu", (unsigned long long)id);
    differ += strcmp(got.data, want) != 0;
    ce__buf_free(&got);
  }
  CHECK(differ == 0);
}

/* JSON strings against an escaping written out byte by byte here: quotes, backslashes and
 * control bytes escaped at the start, the middle and the end, runs of them, UTF-8 as is. */
static void test_strings_as_json(void) {
  static const char *const texts[] = {"",          "plain",        "\"",
                                      "a\"b",      "end\\",        "\\\\\"\"",
                                      "tab\there", "\x01\x1f\x7f", "caf\xc3\xa9 \"q\"",
                                      "\n"};
  int differ = 0;
  for (size_t j = 0; j < sizeof texts / sizeof texts[0]; j++) {
    const char *text = texts[j];
    char want[128];
    size_t at = 0;
    want[at++] = '"';
    for (const char *c = text; *c; c++) {
      unsigned char byte = (unsigned char)*c;
      if (byte == '"' || byte == '\\') {
        want[at++] = '\\';
        want[at++] = (char)byte;
      } else if (byte < 0x20) {
        at += (size_t)snprintf(want + at, sizeof want - at, "\\u%04x", byte);
      } else {
        want[at++] = (char)byte;
      }
    }
    want[at++] = '"';
    want[at] = '\0';
    ce_buf got = {0};
    CHECK(ce__buf_put_json_string(&got, text, strlen(text)) == CE_OK);
    differ += strcmp(got.data, want) != 0;
    ce__buf_free(&got);
  }
  CHECK(differ == 0);
}

int main(void) {
  test_sort_numbers();
  test_sort_pairs();
  test_cells_adopted_sorted();
  test_calloc_huge();
  test_sort();
  test_sort_single_ids();
  test_numbers_as_json();
  test_strings_as_json();
  test_item_table_from_entries();
  test_worked_table();
  test_worked_table_pairs();
  test_single_token();
  test_expected_mi_by_definition();
  test_expected_mi_grouped();
  test_never_nan();
  test_single_class_single_cluster();
  test_single_class_two_clusters();
  test_singletons();
  test_perfect();
  return check_report("measures");
}
