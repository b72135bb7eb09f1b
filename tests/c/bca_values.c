/*
 * Reads resample values and prints the interval the core makes of them, for
 * tests/cli/scipy_bca_compare.py. Input (whitespace-separated numbers): method (0 bca,
 * 1 percentile, 2 basic), the value, n, then n resample values, then blocks, then that many
 * jackknife values. Output, at full precision: lo hi outcome z0 acceleration, as scipy makes
 * the interval, then again with the core's extended tails.
 */
#include <stdio.h>
#include <stdlib.h>

#include "stats/bca_internal.h"
#include "stats/numeric_internal.h"

int main(void) {
  int method;
  double value;
  size_t n, blocks;
  if (scanf("%d %lf %zu", &method, &value, &n) != 3 || n == 0) return 2;
  double *samples = malloc(n * sizeof *samples);
  for (size_t i = 0; samples && i < n; i++)
    if (scanf("%lf", &samples[i]) != 1) return 2;
  if (!samples || scanf("%zu", &blocks) != 1) return 2;
  double *jackknife = malloc((blocks ? blocks : 1) * sizeof *jackknife);
  for (size_t g = 0; jackknife && g < blocks; g++)
    if (scanf("%lf", &jackknife[g]) != 1) return 2;
  if (!jackknife) return 2;
  ce__sort_doubles(samples, n);
  /* As scipy makes it, then as the core shows it (a BCa end far out in a tail extended). */
  for (int extend = 0; extend < 2; extend++) {
    ce_interval interval;
    ce_interval_outcome outcome = ce__interval_of((ce_ci_method)method, value, samples, n,
                                                  jackknife, blocks, 0.95, extend, &interval);
    printf("%.17g %.17g %d %.17g %.17g\n", interval.lo, interval.hi, (int)outcome, interval.z0,
           interval.accel);
  }
  free(samples);
  free(jackknife);
  return 0;
}
