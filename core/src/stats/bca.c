/*
 * Bootstrap intervals (SPEC §3.5), following scipy.stats.bootstrap 1.10 step for step so
 * that the same resample values give the same ends:
 *  - percentile: the α/2 and 1 − α/2 quantiles of the resamples (Efron & Tibshirani 1993,
 *    ch. 13);
 *  - basic: the percentile interval reflected about the value, [2θ − q(1−α/2), 2θ − q(α/2)]
 *    (Davison & Hinkley 1997, §5.2);
 *  - BCa (Efron 1987; Efron & Tibshirani 1993, ch. 14.3, Eq. 14.10–14.15): the quantiles at
 *    Φ(z0 + (z0 + z)/(1 − a(z0 + z))) for z = Φ⁻¹(α/2) and Φ⁻¹(1 − α/2), where
 *    z0 = Φ⁻¹(share of resamples below the value, ties half) corrects the median bias and the
 *    acceleration a = Σ d³ / (6 (Σ d²)^{3/2}), d_g = mean − θ_(g) over the jackknife's
 *    leave-one-out values, corrects for a standard error that changes with the parameter.
 * One step beyond scipy (extend_tails): where BCa asks for a quantile further out than the
 * 10th smallest or largest resample, a normal tail is fitted (extended_quantile).
 * BCa moves the interval against the resamples' bias; where the bias is larger than about
 * two standard errors, every method leaves the value outside (the resamples' central 95%
 * excludes it). Such an interval is withheld, with the reason, rather than shown beside a
 * value it does not hold.
 */
#include <math.h>
#include <stdio.h> /* snprintf only */

#include "stats/bca_internal.h"
#include "stats/numeric_internal.h"

const char *ce__ci_method_name(ce_ci_method method) {
  static const char *const names[] = {"bca", "percentile", "basic"};
  return (unsigned)method <= CE_CI_BASIC ? names[method] : NULL;
}

/* scipy's _percentile_of_score: (#below + #at or below) / 2n. */
static double share_below(double value, const double *sorted, size_t n) {
  size_t less = 0, at_most = 0;
  for (size_t i = 0; i < n; i++) {
    less += sorted[i] < value;
    at_most += sorted[i] <= value;
  }
  return (double)(less + at_most) / (2.0 * (double)n);
}

static double acceleration(const double *jackknife, size_t blocks) {
  if (!jackknife || blocks < 2) return 0.0;
  double mean = 0.0;
  for (size_t g = 0; g < blocks; g++) mean += jackknife[g];
  mean /= (double)blocks;
  double squares = 0.0, cubes = 0.0;
  for (size_t g = 0; g < blocks; g++) {
    double d = mean - jackknife[g];
    squares += d * d;
    cubes += d * d * d;
  }
  return squares > 0.0 ? cubes / (6.0 * squares * sqrt(squares)) : 0.0;
}

/* Φ(z0 + (z0 + z)/(1 − a(z0 + z))); NaN when the denominator is not positive. */
static double bca_level(double z0, double a, double z) {
  double num = z0 + z, den = 1.0 - a * num;
  if (!(den > 0.0)) return NAN;
  return ce__normal_cdf(z0 + num / den);
}

/*
 * The p-quantile of the resamples read further into a tail than they reach. BCa asks for
 * about Φ(2·z0 ± 1.96): for z0 = −0.8, the 0.02% quantile, which 1000 resamples do not
 * resolve (their smallest sits near 0.1%), and the empirical quantile stops at the smallest
 * resample, cutting the interval short on that side. Beyond the 10th smallest (largest)
 * resample the end follows instead the straight line, on a normal probability plot, through
 * the empirical quantiles at 10/n and 50/n: a normal tail, as BCa's own model of a normalizing
 * transformation has it. Within them, and with fewer than 100 resamples, it is the empirical
 * quantile.
 */
static double extended_quantile(const double *sorted, size_t n, double p) {
  double near = 10.0 / (double)n, far = 50.0 / (double)n;
  if (far >= 0.5 || (p >= near && p <= 1.0 - near)) return ce__quantile_sorted(sorted, n, p);
  double p1 = p < near ? near : 1.0 - near, p2 = p < near ? far : 1.0 - far;
  double q1 = ce__quantile_sorted(sorted, n, p1), q2 = ce__quantile_sorted(sorted, n, p2);
  double z = ce__normal_quantile(p), z1 = ce__normal_quantile(p1), z2 = ce__normal_quantile(p2);
  return q1 + (z - z1) * (q2 - q1) / (z2 - z1);
}

ce_interval_outcome ce__interval_of(ce_ci_method method, double value, const double *sorted,
                                    size_t n, const double *jackknife, size_t blocks,
                                    double confidence, int extend_tails, ce_interval *out) {
  double alpha = (1.0 - confidence) / 2.0;
  out->below = share_below(value, sorted, n);
  out->z0 = out->accel = 0.0;
  out->at[0] = alpha;
  out->at[1] = 1.0 - alpha;
  if (method == CE_CI_BCA) {
    out->z0 = ce__normal_quantile(out->below);
    out->accel = acceleration(jackknife, blocks);
    double z = ce__normal_quantile(alpha);
    out->at[0] = bca_level(out->z0, out->accel, z);
    out->at[1] = bca_level(out->z0, out->accel, -z);
  }
  if (isnan(out->at[0]) || isnan(out->at[1])) {
    out->lo = out->hi = NAN;
    /* An infinite z0 (every resample on one side) makes a NaN level, as in scipy. */
    return isinf(out->z0) ? CE_INTERVAL_EXCLUDES : CE_INTERVAL_UNSTABLE;
  }
  int extend = extend_tails && method == CE_CI_BCA;
  double q_lo = extend ? extended_quantile(sorted, n, out->at[0])
                       : ce__quantile_sorted(sorted, n, out->at[0]);
  double q_hi = extend ? extended_quantile(sorted, n, out->at[1])
                       : ce__quantile_sorted(sorted, n, out->at[1]);
  if (method == CE_CI_BASIC) {
    out->lo = 2.0 * value - q_hi;
    out->hi = 2.0 * value - q_lo;
  } else {
    out->lo = q_lo;
    out->hi = q_hi;
  }
  return out->lo <= value && value <= out->hi ? CE_INTERVAL_MADE : CE_INTERVAL_EXCLUDES;
}

void ce__interval_note(ce_interval_outcome outcome, const ce_interval *iv, char *text,
                       size_t size) {
  if (outcome == CE_INTERVAL_UNSTABLE) {
    snprintf(text, size,
             "the BCa correction breaks down here (bias z0 = %.2f, acceleration a = %.3f)", iv->z0,
             iv->accel);
    return;
  }
  int above = iv->below < 0.5; /* most resamples lie above the value */
  double share = 100.0 * (above ? 1.0 - iv->below : iv->below);
  char how_many[32];
  if (share >= 100.0)
    snprintf(how_many, sizeof how_many, "all");
  else
    snprintf(how_many, sizeof how_many, "%.1f%%", share > 99.9 ? 99.9 : share);
  snprintf(text, size,
           "the value lies %s %s of its resamples: their bias is larger than their spread, so "
           "no interval would hold the value",
           above ? "below" : "above", how_many);
}
