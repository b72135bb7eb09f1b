/*
 * Paired tests between every two rows (randomization.c; SPEC §3.5): approximate
 * randomization's shuffles, and the p-value of the run's test (CE_OPT_TEST) as the outputs
 * read it.
 */
#ifndef CE_RANDOMIZATION_INTERNAL_H
#define CE_RANDOMIZATION_INTERNAL_H

#include "stats/bootstrap_internal.h"

/* Runs up to `count` more shuffles over all pairs; ce_eval_shuffle. */
ce_status ce__ar_run(ce_eval *ev, unsigned count, unsigned *done, unsigned *total);

/* How the run's p-values were made: the test, its count (shuffles R per pair, or the
 * resamples B) and the shuffles done of all pairs. 0 when the run has no p-values. */
int ce__test_info(const ce_eval *ev, ce_test *test, unsigned *count, unsigned *done,
                  unsigned *total);

/* The two-sided p-value of the run's test for rows a and b (a != b) on a measure; NaN when
 * there is none. */
double ce__p_value(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure measure);

#endif
