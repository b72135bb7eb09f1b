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

/*
 * The normal distribution in arithmetic alone. The C library's erfc, exp and log differ in
 * the last bit between glibc and the wasm build's musl (about 4% of erfc's values), and an
 * interval must be the same natively and in the page; +, −, ×, ÷ and sqrt are exactly
 * rounded everywhere, so these are built from them (no fused multiply-add: C11 mode and the
 * targets have none), to about 1e-15 relative.
 */

/* ln 2 in two parts: k·LN2_HI is exact for |k| < 2^20 (Cody & Waite 1980). */
#define LN2_HI 6.93147180369123816490e-01
#define LN2_LO 1.90821492927058770002e-10

/* e^x: x = k ln 2 + r with |r| <= ln 2 / 2, e^r by its Taylor series to r^16/16!. */
static double exp_of(double x) {
  if (x > 709.78) return INFINITY;
  if (x < -745.2) return 0.0;
  double k = floor(x / 0.69314718055994530942 + 0.5);
  double r = (x - k * LN2_HI) - k * LN2_LO;
  double sum = 1.0;
  for (int n = 16; n >= 1; n--) sum = 1.0 + sum * r / n;
  return ldexp(sum, (int)k);
}

/* ln x for x > 0: x = m 2^e with m in [√½, √2), ln m = 2 atanh((m − 1)/(m + 1)). */
static double log_of(double x) {
  if (!(x > 0)) return x == 0 ? -INFINITY : NAN;
  if (isinf(x)) return INFINITY;
  int e;
  double m = frexp(x, &e);
  if (m < 0.70710678118654752440) {
    m *= 2;
    e--;
  }
  double s = (m - 1) / (m + 1), s2 = s * s, sum = 0.0;
  for (int n = 27; n >= 1; n -= 2) sum = 1.0 / n + s2 * sum;
  return e * LN2_HI + (e * LN2_LO + 2 * s * sum);
}

/* φ(x) = e^{−x²/2} / √(2π). */
static double normal_density(double x) {
  return exp_of(-0.5 * x * x) * 0.39894228040143267794;
}

/* Q(x) = 1 − Φ(x) for x >= 0: below 2.5 through Φ's series 1/2 + φ(x) Σ x^{2n+1}/(2n+1)!!
 * (Abramowitz & Stegun 26.2.11), above it through Laplace's continued fraction (26.2.14),
 * evaluated from 200 levels down, where it has long converged. */
static double upper_tail(double x) {
  if (x < 2.5) {
    double term = x, sum = x, x2 = x * x;
    for (int n = 1; term > 1e-17 * sum; n++) {
      term *= x2 / (2 * n + 1);
      sum += term;
    }
    return 0.5 - normal_density(x) * sum;
  }
  if (x > 38.5) return 0.0;
  double t = x;
  for (int k = 200; k >= 1; k--) t = x + k / t;
  return normal_density(x) / t;
}

double ce__normal_cdf(double x) {
  if (isnan(x)) return NAN;
  return x >= 0 ? 1.0 - upper_tail(x) : upper_tail(-x);
}

/* P. J. Acklam's coefficients (2003): relative error below 1.15e-9 before the polish. */
static const double acklam_a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                  -2.759285104469687e+02, 1.383577518672690e+02,
                                  -3.066479806614716e+01, 2.506628277459239e+00};
static const double acklam_b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                  -1.556989798598866e+02, 6.680131188771972e+01,
                                  -1.328068155288572e+01};
static const double acklam_c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                  -2.400758277161838e+00, -2.549732539343734e+00,
                                  4.374664141464968e+00,  2.938163982698783e+00};
static const double acklam_d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                  2.445134137142996e+00, 3.754408661907416e+00};

static double tail_quantile(double q) { /* the lower tail, q = sqrt(-2 ln p) */
  const double *c = acklam_c, *d = acklam_d;
  return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
         ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
}

double ce__normal_quantile(double p) {
  if (isnan(p) || p < 0 || p > 1) return NAN;
  if (p == 0) return -INFINITY;
  if (p == 1) return INFINITY;
  const double *a = acklam_a, *b = acklam_b;
  double x;
  if (p < 0.02425) {
    x = tail_quantile(sqrt(-2 * log_of(p)));
  } else if (p > 1 - 0.02425) {
    x = -tail_quantile(sqrt(-2 * log_of(1 - p)));
  } else {
    double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  /* Two Halley steps on Φ(x) − p; in the upper half on the complement, which keeps its
   * digits where p is close to 1 (1 − p is exact there). */
  for (int step = 0; step < 2; step++) {
    double e = p < 0.5 || x < 0 ? ce__normal_cdf(x) - p : (1 - p) - upper_tail(x);
    double u = e / normal_density(x);
    x = x - u / (1 + x * u / 2);
  }
  return x;
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
