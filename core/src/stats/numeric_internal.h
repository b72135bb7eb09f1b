/*
 * Small statistics over a handful of numbers (SPEC §3.5): quantiles of bootstrap samples, the
 * normal distribution the BCa interval works in, and rank correlations between the rankings
 * two measures give the same systems.
 */
#ifndef CE_NUMERIC_INTERNAL_H
#define CE_NUMERIC_INTERNAL_H

#include <stddef.h>

#include "common/util_internal.h"

/*
 * The p-quantile of `sorted` (ascending, n >= 1) by linear interpolation between order
 * statistics: Hyndman & Fan (1996) definition 7, numpy's and R's default.
 */
double ce__quantile_sorted(const double *sorted, size_t n, double p);

/* The standard normal distribution function Φ(x), to about 1e-15 relative in both tails,
 * from exactly rounded arithmetic only: the same bits natively and in wasm. */
double ce__normal_cdf(double x);

/*
 * Its inverse Φ⁻¹(p) for p in (0, 1): Acklam's rational approximation polished by two
 * Halley steps, to about 1e-15 (scipy.special.ndtri); -inf at 0, +inf at 1, NaN outside
 * [0, 1]. The same bits natively and in wasm.
 */
double ce__normal_quantile(double p);

/* Sorts `values` ascending in place (no NaN). */
void ce__sort_doubles(double *values, size_t n);

/*
 * Spearman's ρ: Pearson's correlation of the average ranks (ties share the mean of their
 * positions), as scipy.stats.spearmanr. NaN when either side is constant or n < 2.
 * CE_ERR_NOMEM when the ranks cannot be allocated.
 */
ce_status ce__spearman(const double *x, const double *y, size_t n, double *rho);

/*
 * Kendall's τ-b (Kendall 1945: ties adjusted on both sides), as scipy.stats.kendalltau's
 * default. NaN when either side is constant or n < 2. O(n²): n is a number of systems.
 */
double ce__kendall_tau_b(const double *x, const double *y, size_t n);

#endif
