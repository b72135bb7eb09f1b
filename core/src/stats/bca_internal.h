/*
 * Bootstrap confidence intervals from resample values (bca.c; SPEC §3.5): the three methods
 * of scipy.stats.bootstrap 1.10 (percentile, basic, BCa), and the rule that gives a measure
 * whose plug-in value is biased beyond its spread the bias-corrected interval, with a note.
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

/* The interval a measure is shown with (SPEC §3.5), from the resamples as ce__interval_of. */
typedef struct ce_shown_interval {
  ce_interval interval; /* its ends; `below` always the share of resamples below the value */
  ce_ci_method method;  /* the method asked for, or CE_CI_BASIC where that one gave way */
  double bias;   /* the mean of the resamples minus the value (Efron & Tibshirani §10.2), plus
                    `unseen` */
  double unseen; /* the part of the bias the resamples cannot see (ce__interval_shift), or 0 */
  double widen;  /* how much ce__interval_shift widened the interval (1: not at all) */
  int biased;    /* the bias exceeds the spread: the value lies outside the resamples' central
                    `confidence` share, or outside the interval itself */
} ce_shown_interval;

/*
 * The interval shown for `value`: the `method`'s (extended tails for BCa), except that where
 * the value is biased beyond the spread (under BCa, whose correction no longer holds there,
 * and under percentile, which corrects nothing), or BCa's correction breaks down (no resample
 * on one side, or 1 − a(z0 + z) <= 0), it is the basic interval. Arguments as
 * ce__interval_of; n >= 1.
 */
void ce__interval_shown(ce_ci_method method, double value, const double *sorted, size_t n,
                        const double *jackknife, size_t blocks, double confidence,
                        ce_shown_interval *out);

/*
 * Moves an interval shown for `value` by a bias `unseen` the resamples cannot see (the
 * information measures' unseen cells: ce__info_unseen_bias): both ends down by it, the bias
 * up by it; then, where `widen` > 1 (and `unseen` is not 0), both ends away from the
 * bias-corrected estimate (value − bias) by that factor, for the corrected estimate's spread
 * beyond the resamples' (the jackknife's, bootstrap.c). The value is marked biased where it
 * then lies outside the interval.
 */
void ce__interval_shift(ce_shown_interval *interval, double value, double unseen, double widen);

/* The mean of the n values minus `value` (NaN for n = 0). */
double ce__interval_bias(double value, const double *sorted, size_t n);

/* "biased high by ~0.03; bias-corrected 0.4670" for a biased interval of `value`. */
void ce__interval_mark(const ce_shown_interval *interval, double value, char *text, size_t size);

/* What a reader should know of an interval that is biased (its mark, and why) or made by
 * another method than the one asked for, as one sentence into `text`. */
void ce__interval_note(const ce_shown_interval *interval, double value, char *text, size_t size);

/* "bca", "percentile", "basic"; NULL outside the enum. */
const char *ce__ci_method_name(ce_ci_method method);

#endif
