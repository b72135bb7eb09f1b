/*
 * The assignment solvers against independent computations: the dense one against brute
 * force (the optimum over every injective partial map of rows to columns, enumerated
 * exhaustively) on random small matrices; the sparse one against the dense one on
 * thousands of random tables and against brute force on the small ones. SciPy's
 * linear_sum_assignment checks a 10^4 × 10^4 case in tests/cli/assign_scipy.py.
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
    ce_measures m = {{0}, {0}};
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

/* The edges of a dense rows × cols matrix: its non-zero cells, row by row, columns in the
 * order `flip` picks (ascending or descending: the solver takes any order). */
typedef struct edges {
  size_t *start;
  uint32_t *col;
  double *weight;
} edges;

static edges edges_of(const double *w, size_t rows, size_t cols, int flip) {
  edges g = {calloc(rows + 1, sizeof(size_t)), malloc((rows * cols + 1) * sizeof(uint32_t)),
             malloc((rows * cols + 1) * sizeof(double))};
  size_t n = 0;
  for (size_t r = 0; r < rows; r++) {
    for (size_t q = 0; q < cols; q++) {
      size_t c = flip ? cols - 1 - q : q;
      if (w[r * cols + c] == 0.0) continue;
      g.col[n] = (uint32_t)c;
      g.weight[n++] = w[r * cols + c];
    }
    g.start[r + 1] = n;
  }
  return g;
}

static void edges_free(edges *g) {
  free(g->start);
  free(g->col);
  free(g->weight);
}

/* A matching along edges only, injective, whose weights add up to `total`. */
static int valid_matching(const double *w, size_t rows, size_t cols, const long *row_to_col,
                          double total, double tolerance) {
  unsigned char *taken = calloc(cols + 1, 1);
  double sum = 0.0;
  int ok = 1;
  for (size_t r = 0; r < rows && ok; r++) {
    if (row_to_col[r] < 0) continue;
    size_t c = (size_t)row_to_col[r];
    ok = c < cols && !taken[c] && w[r * cols + c] > 0.0;
    if (ok) taken[c] = 1, sum += w[r * cols + c];
  }
  free(taken);
  return ok && fabs(sum - total) <= tolerance;
}

/* The sparse solver's optimum is the dense one's, along edges only: its edges (`flip`: each
 * row's in reverse) for the caller to free, and both totals. */
static edges sparse_equals_dense(const double *w, size_t rows, size_t cols, int flip,
                                 double tolerance, long *dense_map, long *sparse_map,
                                 double *dense_total, double *sparse_total) {
  edges g = edges_of(w, rows, cols, flip);
  CHECK(ce__assign_max(w, rows, cols, dense_map, dense_total) == CE_OK);
  CHECK(ce__assign_sparse(rows, cols, g.start, g.col, g.weight, sparse_map, sparse_total) == CE_OK);
  CHECK_NEAR(*sparse_total, *dense_total, tolerance);
  CHECK(valid_matching(w, rows, cols, sparse_map, *sparse_total, tolerance));
  return g;
}

/*
 * Sparse equals dense on 6,000 random tables: sparse and dense shapes, many ties (weights
 * from 1 or 1..3) and few (1..1000, or real), empty rows and columns, rectangular both
 * ways, up to 40 × 40. The first 1,500 are small enough for brute force too.
 */
static void test_sparse_against_dense(void) {
  enum { MAX = 40 };
  double *w = malloc(sizeof(double) * MAX * MAX);
  long dense_map[MAX], sparse_map[MAX];
  for (int instance = 0; instance < 6000; instance++) {
    int small = instance < 1500;
    size_t rows = 1 + next_random() % (small ? 7 : MAX),
           cols = 1 + next_random() % (small ? 7 : MAX);
    unsigned fill = 1 + next_random() % 8; /* eighths of the cells that are non-zero */
    unsigned kind = next_random() % 4;     /* weights: all 1, 1..3, 1..1000, real */
    int empty_row = next_random() % 4 == 0;
    for (size_t r = 0; r < rows; r++)
      for (size_t c = 0; c < cols; c++) {
        double x = 0.0;
        if (next_random() % 8 < fill && !(empty_row && r == rows / 2)) {
          x = kind == 0   ? 1.0
              : kind == 1 ? (double)(1 + next_random() % 3)
              : kind == 2 ? (double)(1 + next_random() % 1000)
                          : 0.001 + (double)next_random() / 4294967296.0 * 3.0;
        }
        w[r * cols + c] = x;
      }
    double tolerance = kind == 3 ? 1e-12 : 0.0;
    double dense_total, sparse_total;
    edges g = sparse_equals_dense(w, rows, cols, instance % 2, tolerance, dense_map, sparse_map,
                                  &dense_total, &sparse_total);
    if (small) CHECK_NEAR(sparse_total, best_by_enumeration(w, rows, cols, 0, 0), tolerance);
    /* The chooser: the dense path on these sizes, and only edges matched. */
    CHECK(ce__assign_edges(rows, cols, g.start, g.col, g.weight, sparse_map, &sparse_total) ==
          CE_OK);
    CHECK_NEAR(sparse_total, dense_total, tolerance);
    CHECK(valid_matching(w, rows, cols, sparse_map, sparse_total, tolerance));
    edges_free(&g);
  }
  free(w);
}

/*
 * Sparse equals dense on large dense tables whose weights lie close together (real ones
 * in [1, 1.01), or integers 1..3): the row reduction's price war runs into its bound on
 * bids (CE_ASSIGN_BIDS_A_ROW) and the phases place the rows left free. test_assign_few_bids
 * runs this with a bound of one bid a row, where the phases place nearly every row.
 */
static void test_dense_close_weights(void) {
  for (int instance = 0; instance < 8; instance++) {
    size_t rows = 120 + next_random() % 130, cols = rows + next_random() % 60;
    int transposed = instance % 4 == 3, real = instance % 2 == 0;
    if (transposed) { /* more rows than columns: the solver turns the table */
      size_t swap = rows;
      rows = cols;
      cols = swap;
    }
    double *w = malloc(sizeof(double) * rows * cols);
    long *dense_map = malloc(sizeof(long) * rows), *sparse_map = malloc(sizeof(long) * rows);
    /* The smaller side ranks the other nearly alike (each of the larger side's worth, and
     * a little of its own): it contends for the same few. */
    double *worth = malloc(sizeof(double) * (rows > cols ? rows : cols));
    for (size_t x = 0; x < rows || x < cols; x++) worth[x] = (double)next_random() / 4294967296.0;
    for (size_t r = 0; r < rows; r++)
      for (size_t c = 0; c < cols; c++)
        w[r * cols + c] =
            real ? 1.0 + worth[transposed ? r : c] + (double)next_random() / 4294967296.0 / 1000.0
                 : (double)(1 + next_random() % 3);
    free(worth);
    double dense_total, sparse_total;
    edges g = sparse_equals_dense(w, rows, cols, instance % 2, real ? 1e-9 : 0.0, dense_map,
                                  sparse_map, &dense_total, &sparse_total);
    edges_free(&g);
    free(w);
    free(dense_map);
    free(sparse_map);
  }
}

/* The same input gives the same mapping; no edge at all matches nothing. */
static void test_sparse_edges_cases(void) {
  size_t start[4] = {0, 0, 0, 0};
  long map[3] = {7, 7, 7};
  double total = 1;
  CHECK(ce__assign_sparse(3, 5, start, NULL, NULL, map, &total) == CE_OK);
  CHECK(total == 0 && map[0] == -1 && map[1] == -1 && map[2] == -1);
  CHECK(ce__assign_sparse(0, 5, start, NULL, NULL, NULL, &total) == CE_OK && total == 0);
  /* Four rows tied on one column and each on a column of its own, weight 1 everywhere: the
   * optimum is 4 whatever the order of the edges. */
  size_t s2[5] = {0, 2, 4, 6, 8};
  uint32_t c2[8] = {0, 1, 0, 2, 3, 0, 0, 4};
  double w2[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  long first[4], again[4];
  CHECK(ce__assign_sparse(4, 5, s2, c2, w2, first, &total) == CE_OK && total == 4);
  CHECK(ce__assign_sparse(4, 5, s2, c2, w2, again, &total) == CE_OK && total == 4);
  CHECK(!memcmp(first, again, sizeof first));
}

/*
 * Rows whose columns no other row has (rows <= cols; edges in any order, weights drawn from
 * a few values so that rows tie): the sparse assignment gives each row the first of its
 * edges of largest weight, its contract for such rows (assign_internal.h), which the
 * type-level 1-1 of one-token types takes without solving (measures_type.c). Also with one
 * bid a row (the test_assign_few_bids build).
 */
static void test_columns_of_their_own(void) {
  int ties = 0;
  for (int draw = 0; draw < 300; draw++) {
    size_t rows = 1 + next_random() % 60, cols = rows + next_random() % 80, edge_n = 0;
    uint32_t *perm = malloc(cols * sizeof *perm);
    for (size_t j = 0; j < cols; j++) perm[j] = (uint32_t)j;
    for (size_t j = cols; j > 1; j--) { /* columns dealt out at random */
      size_t at = next_random() % j;
      uint32_t swap = perm[j - 1];
      perm[j - 1] = perm[at];
      perm[at] = swap;
    }
    size_t *start = malloc((rows + 1) * sizeof *start);
    uint32_t *col = malloc(cols * sizeof *col);
    double *weight = malloc(cols * sizeof *weight);
    long *map = malloc(rows * sizeof *map);
    start[0] = 0;
    for (size_t r = 0, dealt = 0; r < rows; r++) {
      size_t take = 1 + next_random() % 4;
      if (take > cols - dealt - (rows - r - 1)) take = cols - dealt - (rows - r - 1);
      for (size_t q = 0; q < take; q++, edge_n++) {
        col[edge_n] = perm[dealt++];
        weight[edge_n] = 1.0 + next_random() % 3;
      }
      start[r + 1] = edge_n;
    }
    double total;
    CHECK(ce__assign_sparse(rows, cols, start, col, weight, map, &total) == CE_OK);
    for (size_t r = 0; r < rows; r++) {
      size_t first = start[r], best = 0;
      for (size_t e = start[r] + 1; e < start[r + 1]; e++)
        if (weight[e] > weight[first]) first = e;
      for (size_t e = start[r]; e < start[r + 1]; e++) best += weight[e] == weight[first];
      ties += best > 1;
      CHECK(map[r] == (long)col[first]);
    }
    free(perm);
    free(start);
    free(col);
    free(weight);
    free(map);
  }
  CHECK(ties > 1000); /* rows whose largest weight several edges share */
}

int main(void) {
  test_random_integer_matrices();
  test_random_real_matrices();
  test_one_to_one_accuracy();
  test_shapes();
  test_sparse_against_dense();
  test_dense_close_weights();
  test_sparse_edges_cases();
  test_columns_of_their_own();
  return check_report("assign");
}
