/*
 * Bootstrap confidence intervals from resample values (bca.c; SPEC §3.5): the three methods
 * of scipy.stats.bootstrap 1.10 (percentile, basic, BCa), and the rule that withholds an
 * interval that would not hold its own value.
 */
#ifndef CE_BCA_INTERNAL_H
#define CE_BCA_INTERNAL_H

#include <stddef.h>

#include "clustereval.h"

typedef enum ce_interval_outcome {
  CE_INTERVAL_MADE,     /* lo <= value <= hi */
  CE_INTERVAL_EXCLUDES, /* the interval does not hold the value: resampling bias beyond the
                           spread; lo and hi are what the method gives (NaN where none) */
  CE_INTERVAL_UNSTABLE  /* BCa: 1 - a·(z0 + z) <= 0, the transformation breaks down */
} ce_interval_outcome;

typedef struct ce_interval {
  double lo, hi;
  double below; /* share of the resamples below the value, ties counted half (scipy) */
  double z0;    /* BCa's bias correction Φ⁻¹(below); 0 for the other methods */
  double accel; /* BCa's acceleration from the jackknife; 0 for the other methods */
  double at[2]; /* the quantile levels the two ends were read at */
} ce_interval;

/*
 * The two-sided `confidence` interval of `value` from the `n` (>= 1) finite resample values
 * `sorted` ascending. BCa reads its acceleration from `blocks` leave-one-block-out values
 * `jackknife` (Efron & Tibshirani 1993, Eq. 14.15; a grouped jackknife when a block holds
 * several units); fewer than 2 blocks, or blocks all equal, give acceleration 0 (scipy would
 * give NaN). Quantiles interpolate linearly (numpy's default), so with the same resample
 * values the ends are scipy.stats.bootstrap's; with `extend_tails`, a BCa end beyond the 10th
 * smallest or largest of 100 or more resamples follows a fitted normal tail instead.
 */
ce_interval_outcome ce__interval_of(ce_ci_method method, double value, const double *sorted,
                                    size_t n, const double *jackknife, size_t blocks,
                                    double confidence, int extend_tails, ce_interval *out);

/* Why an interval of that outcome is withheld, as one sentence into `text`. */
void ce__interval_note(ce_interval_outcome outcome, const ce_interval *interval, char *text,
                       size_t size);

/* "bca", "percentile", "basic"; NULL outside the enum. */
const char *ce__ci_method_name(ce_ci_method method);

#endif
