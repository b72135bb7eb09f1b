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
 * An interval is for the population value, not for the plug-in value (SPEC §3.5). Plug-in
 * entropies and mutual information are biased (MI upward by about (R − 1)(C − 1)/2N, Miller
 * 1955), and with hundreds of classes on a test set of thousands of tokens that bias can be
 * larger than the sampling spread: the value then lies outside the central 95% of its
 * resamples, whose mean lies about as far again from it (the bootstrap's estimate of the bias,
 * Efron & Tibshirani 1993, §10.2). ce__interval_shown gives such a measure the bias-corrected
 * interval (BCa where its correction holds, otherwise basic, which is centred on 2θ − the
 * resamples: Davison & Hinkley §5.2) and says how biased the value is, rather than no
 * interval or one beside the value that misses the population value.
 */
#include <math.h>
#include <stdio.h> /* snprintf only */
#include <string.h>

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

double ce__interval_bias(double value, const double *sorted, size_t n) {
  double sum = 0.0;
  for (size_t i = 0; i < n; i++) sum += sorted[i];
  return n ? sum / (double)n - value : NAN;
}

void ce__interval_shown(ce_ci_method method, double value, const double *sorted, size_t n,
                        const double *jackknife, size_t blocks, double confidence,
                        ce_shown_interval *out) {
  double alpha = (1.0 - confidence) / 2.0;
  out->bias = ce__interval_bias(value, sorted, n);
  out->unseen = 0.0;
  out->widen = 1.0;
  out->method = method;
  ce_interval_outcome outcome =
      ce__interval_of(method, value, sorted, n, jackknife, blocks, confidence, 1, &out->interval);
  /* The bias exceeds the spread: the value lies outside the central 95% of the resamples
   * (ties half, as z0 counts them), where the percentile interval would not hold it and
   * every bias-corrected one moves away from it. */
  double below = out->interval.below;
  int beyond = below < alpha || below > 1.0 - alpha;
  /* BCa's correction fails where no resample lies on one side of the value (z0 infinite) or
   * 1 − a(z0 + z) <= 0, and does not hold where the bias exceeds the spread: z0 beyond ±1.96
   * asks for quantiles at about Φ(2·z0 ± 1.96), far out in a tail that the resamples do not
   * reach and where the acceleration, itself estimated, is multiplied by |z0 + z| > 4 (on 30
   * Zipfian classes and 1,000 tokens VI's BCa intervals covered 82%, the basic ones 93%). The
   * percentile interval corrects nothing. All of these give way to basic. */
  int bca_failed = method == CE_CI_BCA && (outcome == CE_INTERVAL_UNSTABLE || beyond ||
                                           isnan(out->interval.lo) || isnan(out->interval.hi));
  if (bca_failed || (beyond && method == CE_CI_PERCENTILE)) {
    out->method = CE_CI_BASIC;
    ce__interval_of(CE_CI_BASIC, value, sorted, n, NULL, 0, confidence, 1, &out->interval);
    out->interval.below = below;
  }
  out->biased = beyond || !(out->interval.lo <= value && value <= out->interval.hi);
}

void ce__interval_shift(ce_shown_interval *iv, double value, double unseen, double widen) {
  if (isnan(iv->interval.lo) || isnan(iv->interval.hi)) return;
  if (unseen != 0.0) {
    iv->interval.lo -= unseen;
    iv->interval.hi -= unseen;
    iv->bias += unseen;
    iv->unseen = unseen;
  }
  if (unseen != 0.0 && widen > 1.0) {
    double centre = value - iv->bias;
    iv->interval.lo = centre - (centre - iv->interval.lo) * widen;
    iv->interval.hi = centre + (iv->interval.hi - centre) * widen;
    iv->widen = widen;
  }
  iv->biased = iv->biased || !(iv->interval.lo <= value && value <= iv->interval.hi);
}

/* "0.03", "0.0012": the bias to two significant digits, as "~0.03" reads it. */
static void format_bias(char *text, size_t size, double bias) {
  snprintf(text, size, "%.2g", fabs(bias));
  if (strchr(text, 'e')) snprintf(text, size, "%.6f", fabs(bias));
}

void ce__interval_mark(const ce_shown_interval *iv, double value, char *text, size_t size) {
  char by[32];
  format_bias(by, sizeof by, iv->bias);
  snprintf(text, size, "biased %s by ~%s; bias-corrected %.4f", iv->bias > 0 ? "high" : "low", by,
           value - iv->bias);
}

void ce__interval_note(const ce_shown_interval *iv, double value, char *text, size_t size) {
  static const char *const methods[] = {"BCa", "percentile", "basic"};
  char mark[96];
  ce__interval_mark(iv, value, mark, sizeof mark);
  if (!iv->biased) {
    snprintf(text, size,
             "the BCa correction breaks down here (bias z0 = %.2f, acceleration a = %.3f); the "
             "interval is the basic one",
             iv->interval.z0, iv->interval.accel);
    return;
  }
  if (iv->unseen != 0.0) {
    char seen[32], unseen[32];
    format_bias(seen, sizeof seen, iv->bias - iv->unseen);
    format_bias(unseen, sizeof unseen, iv->unseen);
    snprintf(text, size,
             "%s: plug-in estimates are biased on small samples; the resamples put the bias at "
             "~%s, and the cells the sample never saw, which no resample can draw, move it by "
             "~%s more (%s); the %s interval is corrected for both and is for the population "
             "value",
             mark, seen, unseen, (iv->unseen > 0) == (iv->bias > 0) ? "same way" : "the other way",
             methods[iv->method]);
    return;
  }
  int above = iv->interval.below < 0.5; /* most resamples lie above the value */
  double share = 100.0 * (above ? 1.0 - iv->interval.below : iv->interval.below);
  char how_many[32];
  if (share >= 100.0)
    snprintf(how_many, sizeof how_many, "all");
  else
    snprintf(how_many, sizeof how_many, "%.1f%%", share > 99.9 ? 99.9 : share);
  snprintf(text, size,
           "%s: the value lies %s %s of its resamples, a bias larger than their spread (plug-in "
           "estimates are biased on small samples); the %s interval is corrected for it and is "
           "for the population value",
           mark, above ? "below" : "above", how_many, methods[iv->method]);
}
