#include "measures/assign_internal.h"

#include <float.h>
#include <stdlib.h>

/* A rows × cols weight matrix seen as costs, transposed when rows outnumber columns. */
typedef struct cost_view {
  const double *weights;
  size_t cols;
  int transposed;
} cost_view;

static double cost_at(const cost_view *view, size_t i, size_t j) {
  /* Maximising weight = minimising its negative; the algorithm accepts any real cost. */
  return view->transposed ? -view->weights[j * view->cols + i] : -view->weights[i * view->cols + j];
}

/*
 * Minimum-cost assignment of every one of `n` rows to a distinct one of `m >= n` columns
 * (Kuhn–Munkres with potentials u, v). Arrays are 1-based as in the classical statement;
 * row_of_col[j] is the row holding column j (0: none), row_of_col[0] is scratch.
 */
static ce_status hungarian(const cost_view *view, size_t n, size_t m, size_t *row_of_col) {
  double *u = calloc(n + 1, sizeof *u), *v = calloc(m + 1, sizeof *v);
  double *min_slack = malloc((m + 1) * sizeof *min_slack);
  size_t *way = calloc(m + 1, sizeof *way);
  unsigned char *used = malloc(m + 1);
  ce_status status = CE_OK;
  if (!u || !v || !min_slack || !way || !used) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (size_t j = 0; j <= m; j++) row_of_col[j] = 0;
  for (size_t i = 1; i <= n; i++) {
    row_of_col[0] = i;
    size_t j0 = 0;
    for (size_t j = 0; j <= m; j++) {
      min_slack[j] = DBL_MAX;
      used[j] = 0;
    }
    do {
      used[j0] = 1;
      size_t i0 = row_of_col[j0], j1 = 0;
      double delta = DBL_MAX;
      for (size_t j = 1; j <= m; j++) {
        if (used[j]) continue;
        double slack = cost_at(view, i0 - 1, j - 1) - u[i0] - v[j];
        if (slack < min_slack[j]) {
          min_slack[j] = slack;
          way[j] = j0;
        }
        if (min_slack[j] < delta) {
          delta = min_slack[j];
          j1 = j;
        }
      }
      if (!j1) {
        status = CE_ERR_INTERNAL; /* only with non-finite costs */
        goto done;
      }
      for (size_t j = 0; j <= m; j++) {
        if (used[j]) {
          u[row_of_col[j]] += delta;
          v[j] -= delta;
        } else {
          min_slack[j] -= delta;
        }
      }
      j0 = j1;
    } while (row_of_col[j0] != 0);
    do { /* flip the augmenting path */
      size_t j1 = way[j0];
      row_of_col[j0] = row_of_col[j1];
      j0 = j1;
    } while (j0);
  }
done:
  free(u);
  free(v);
  free(min_slack);
  free(way);
  free(used);
  return status;
}

ce_status ce__assign_max(const double *weights, size_t rows, size_t cols, long *row_to_col,
                         double *total) {
  for (size_t r = 0; row_to_col && r < rows; r++) row_to_col[r] = -1;
  *total = 0.0;
  if (!rows || !cols) return CE_OK;
  int transposed = rows > cols;
  size_t n = transposed ? cols : rows, m = transposed ? rows : cols;
  cost_view view = {weights, cols, transposed};
  size_t *row_of_col = malloc((m + 1) * sizeof *row_of_col);
  if (!row_of_col) return CE_ERR_NOMEM;
  ce_status status = hungarian(&view, n, m, row_of_col);
  if (!status) {
    double sum = 0.0;
    for (size_t j = 1; j <= m; j++) {
      if (!row_of_col[j]) continue;
      size_t r = transposed ? j - 1 : row_of_col[j] - 1;
      size_t c = transposed ? row_of_col[j] - 1 : j - 1;
      sum += weights[r * cols + c];
      if (row_to_col) row_to_col[r] = (long)c;
    }
    *total = sum;
  }
  free(row_of_col);
  return status;
}
