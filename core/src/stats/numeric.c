/* Percentiles and rank correlations (SPEC §3.5). */
#include <math.h>
#include <stdlib.h>

#include "stats/numeric_internal.h"

static int compare_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

void ce__sort_doubles(double *values, size_t n) {
  if (n > 1) qsort(values, n, sizeof *values, compare_double);
}

double ce__quantile_sorted(const double *sorted, size_t n, double p) {
  double h = (double)(n - 1) * p;
  size_t below = (size_t)floor(h);
  if (below + 1 >= n) return sorted[n - 1];
  return sorted[below] + (h - (double)below) * (sorted[below + 1] - sorted[below]);
}

/* Average ranks, 1-based: a run of ties at positions i..j (sorted) all get (i+j)/2 + 1. */
static ce_status average_ranks(const double *values, size_t n, double *ranks) {
  size_t *order = malloc((n ? n : 1) * sizeof *order);
  if (!order) return CE_ERR_NOMEM;
  for (size_t i = 0; i < n; i++) order[i] = i;
  /* Insertion sort by value: n is a number of systems. */
  for (size_t i = 1; i < n; i++) {
    size_t moving = order[i], j = i;
    for (; j > 0 && values[order[j - 1]] > values[moving]; j--) order[j] = order[j - 1];
    order[j] = moving;
  }
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && values[order[j + 1]] == values[order[i]]) j++;
    for (size_t k = i; k <= j; k++) ranks[order[k]] = (double)(i + j) / 2.0 + 1.0;
    i = j + 1;
  }
  free(order);
  return CE_OK;
}

static double pearson(const double *x, const double *y, size_t n) {
  double mean_x = 0, mean_y = 0;
  for (size_t i = 0; i < n; i++) {
    mean_x += x[i];
    mean_y += y[i];
  }
  mean_x /= (double)n;
  mean_y /= (double)n;
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < n; i++) {
    sxy += (x[i] - mean_x) * (y[i] - mean_y);
    sxx += (x[i] - mean_x) * (x[i] - mean_x);
    syy += (y[i] - mean_y) * (y[i] - mean_y);
  }
  if (sxx == 0 || syy == 0) return NAN;
  double r = sxy / sqrt(sxx * syy);
  return r > 1 ? 1 : r < -1 ? -1 : r;
}

ce_status ce__spearman(const double *x, const double *y, size_t n, double *rho) {
  *rho = NAN;
  if (n < 2) return CE_OK;
  double *ranks = malloc(2 * n * sizeof *ranks);
  if (!ranks) return CE_ERR_NOMEM;
  ce_status status = average_ranks(x, n, ranks);
  if (!status) status = average_ranks(y, n, ranks + n);
  if (!status) *rho = pearson(ranks, ranks + n, n);
  free(ranks);
  return status;
}

static int sign(double v) {
  return (v > 0) - (v < 0);
}

double ce__kendall_tau_b(const double *x, const double *y, size_t n) {
  /* τ_b = (P − Q) / sqrt((n0 − n1)(n0 − n2)): n0 pairs in all, n1 tied in x, n2 tied in y. */
  double concordance = 0, tied_x = 0, tied_y = 0, pairs = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++) {
      int sx = sign(x[i] - x[j]), sy = sign(y[i] - y[j]);
      pairs++;
      tied_x += sx == 0;
      tied_y += sy == 0;
      concordance += sx * sy;
    }
  double denominator = sqrt((pairs - tied_x) * (pairs - tied_y));
  if (n < 2 || denominator == 0) return NAN;
  double tau = concordance / denominator;
  return tau > 1 ? 1 : tau < -1 ? -1 : tau;
}
