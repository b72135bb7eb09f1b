/*
 * The assignment solver against brute force: on random small matrices, the optimum over
 * every injective partial map of rows to columns, enumerated exhaustively.
 */
#include <stdlib.h>

#include "measures/assign_internal.h"
#include "check.h"
#include "measures/measures_internal.h"

/* A fixed generator so the instances are the same on every platform. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t next_random(void) {
  rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
  return (uint32_t)(rng_state >> 33);
}

static double best_by_enumeration(const double *w, size_t rows, size_t cols, size_t row,
                                  unsigned used_cols) {
  if (row == rows) return 0.0;
  double best = best_by_enumeration(w, rows, cols, row + 1, used_cols); /* row unmatched */
  for (size_t c = 0; c < cols; c++) {
    if (used_cols >> c & 1) continue;
    double with =
        w[row * cols + c] + best_by_enumeration(w, rows, cols, row + 1, used_cols | 1u << c);
    if (with > best) best = with;
  }
  return best;
}

static void test_random_integer_matrices(void) {
  for (int instance = 0; instance < 400; instance++) {
    size_t rows = 1 + next_random() % 7, cols = 1 + next_random() % 7;
    double w[49];
    for (size_t i = 0; i < rows * cols; i++)
      w[i] = (next_random() % 4 == 0) ? 0.0 : (double)(next_random() % 20);
    long row_to_col[7];
    double total = -1;
    CHECK(ce__assign_max(w, rows, cols, row_to_col, &total) == CE_OK);
    CHECK_NEAR(total, best_by_enumeration(w, rows, cols, 0, 0), 0);
    /* The reported map is injective and its weights add up to the total. */
    double sum = 0;
    unsigned seen = 0;
    for (size_t r = 0; r < rows; r++) {
      if (row_to_col[r] < 0) continue;
      CHECK(row_to_col[r] < (long)cols && !(seen >> row_to_col[r] & 1));
      seen |= 1u << row_to_col[r];
      sum += w[r * cols + (size_t)row_to_col[r]];
    }
    CHECK_NEAR(sum, total, 0);
  }
}

static void test_random_real_matrices(void) {
  for (int instance = 0; instance < 200; instance++) {
    size_t rows = 1 + next_random() % 6, cols = 1 + next_random() % 6;
    double w[36];
    for (size_t i = 0; i < rows * cols; i++) w[i] = (double)next_random() / 4294967296.0 * 3.0;
    double total;
    CHECK(ce__assign_max(w, rows, cols, NULL, &total) == CE_OK);
    CHECK_NEAR(total, best_by_enumeration(w, rows, cols, 0, 0), 1e-12);
  }
}

/* o1 over a contingency table is the same optimum divided by N. */
static void test_one_to_one_accuracy(void) {
  for (int instance = 0; instance < 200; instance++) {
    size_t classes = 1 + next_random() % 6, clusters = 1 + next_random() % 6;
    uint64_t counts[36];
    double w[36];
    uint64_t total = 0;
    for (size_t i = 0; i < classes * clusters; i++) {
      counts[i] = next_random() % 3 == 0 ? 0 : next_random() % 50;
      total += counts[i];
    }
    if (!total) counts[0] = total = 1;
    /* Brute force maps clusters (rows) to classes (columns). */
    for (size_t k = 0; k < clusters; k++)
      for (size_t c = 0; c < classes; c++) w[k * classes + c] = (double)counts[c * clusters + k];
    ce_table table;
    ce_measures m = {{0}, 0};
    CHECK(ce__table_from_dense(&table, counts, classes, clusters) == CE_OK);
    CHECK(ce__measures_mapping(&table, &m, NULL, NULL) == CE_OK);
    ce__table_free(&table);
    CHECK_NEAR(m.value[CE_O1], best_by_enumeration(w, clusters, classes, 0, 0) / (double)total,
               1e-15);
  }
}

/* Empty sides and a larger instance where rows outnumber columns. */
static void test_shapes(void) {
  double total = 1;
  CHECK(ce__assign_max(NULL, 0, 5, NULL, &total) == CE_OK && total == 0);
  enum { R = 300, C = 40 };
  double *w = malloc(sizeof(double) * R * C);
  long *map = malloc(sizeof(long) * R);
  for (size_t i = 0; i < R * C; i++) w[i] = (double)(next_random() % 1000);
  CHECK(ce__assign_max(w, R, C, map, &total) == CE_OK);
  size_t matched = 0;
  for (size_t r = 0; r < R; r++) matched += map[r] >= 0;
  CHECK(matched == C);
  free(w);
  free(map);
}

int main(void) {
  test_random_integer_matrices();
  test_random_real_matrices();
  test_one_to_one_accuracy();
  test_shapes();
  return check_report("assign");
}
