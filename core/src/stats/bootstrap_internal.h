/*
 * --bootstrap B (SPEC §3.5): percentile intervals, paired sign-change shares and the
 * resamples behind them (bootstrap.c). The run logs, while token inputs are paired, each
 * counted gold token's item, class and sentence and each token system's cluster (4 bytes
 * per token and input, 8 for gold): a resample reweights sentences without reading the
 * inputs again. The type level resamples gold's evaluated items.
 */
#ifndef CE_BOOTSTRAP_INTERNAL_H
#define CE_BOOTSTRAP_INTERNAL_H

#include "run/run_internal.h"

typedef struct ce_boot ce_boot;

/* Frees the resamples; ce_eval_free calls it through ev->boot_free. */
void ce__boot_free(ce_boot *boot);

/* Runs up to `count` more resamples; ce_eval_resample. */
ce_status ce__boot_run(ce_eval *ev, unsigned count, unsigned *done, unsigned *total);

/* What the outputs read: how the token level resampled (sentences; items when gold is a
 * lexicon and there is no token level), the units there were, and how far it went. */
typedef enum ce_boot_unit { CE_UNIT_NONE, CE_UNIT_SENTENCE, CE_UNIT_ITEM } ce_boot_unit;
ce_boot_unit ce__boot_unit(const ce_eval *ev, size_t *sentences, size_t *items, unsigned *done,
                           unsigned *total);
/* 1 when some resample gave the row's measure a value: it has an interval. */
int ce__boot_has_values(const ce_eval *ev, size_t row, ce_level level, ce_measure measure);
/* 1 with the interval when the row's measure has one. */
int ce__boot_interval(const ce_eval *ev, size_t row, ce_level level, ce_measure measure, double *lo,
                      double *hi);
/* The share of resamples in which row a − row b does not keep its full-data sign; NaN when
 * the full-data difference is 0 or no resample gave both values. */
double ce__boot_paired(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure measure);
/* Why there are no resamples although some were asked for; NULL otherwise. */
const char *ce__boot_unavailable(const ce_eval *ev);

#endif
