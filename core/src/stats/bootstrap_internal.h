/*
 * --bootstrap B (SPEC §3.5): percentile intervals, paired sign-change shares and the
 * resamples behind them. While token inputs are paired, each counted gold token's item,
 * class and sentence, and each token system's cluster, are logged (4 bytes per token and
 * input, 8 for gold): a resample reweights sentences without reading the input again.
 * The type level resamples gold's evaluated items.
 */
#ifndef CE_BOOTSTRAP_INTERNAL_H
#define CE_BOOTSTRAP_INTERNAL_H

#include "run/score_internal.h"

typedef struct ce_boot ce_boot;

void ce__boot_free(ce_boot *boot);

/* pairing.c: a gold token, `cls` CE_EXCLUDED when it is not counted (`starts_sentence`: a
 * sentence begins with it). */
ce_status ce__boot_log_gold(ce_eval *ev, uint32_t item, uint32_t cls, int starts_sentence);
/* pairing.c: the cluster a token system gave that token (UINT32_MAX: dropped). */
ce_status ce__boot_log_system(ce_input *system, uint32_t cluster);

/* score.c: a row's labels by item that stay fixed across resamples (lexicon systems,
 * baselines, systems under a gold lexicon). Takes the arrays; `labels` is left empty. */
ce_status ce__boot_keep_row(ce_eval *ev, size_t row, ce_item_labels *labels);
/* score.c: gold's entries and evaluated items. Takes the arrays; `gold` is left empty. */
ce_status ce__boot_keep_gold(ce_eval *ev, ce_gold_view *gold);

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

/*
 * Rankings (SPEC §3.5): with three or more rows that did not fail (baselines count), how
 * the rankings two measures give them agree. A measure takes part when every such row
 * has a value for it.
 */
size_t ce__ranked_count(const ce_eval *ev);
int ce__ranked_measure(const ce_eval *ev, ce_level level, ce_measure m);
/* Spearman's ρ and Kendall's τ-b between two measures over the ranked rows (NaN when one
 * is constant). Both measures must pass ce__ranked_measure. */
ce_status ce__rank_correlation(const ce_eval *ev, ce_level level_a, ce_measure a, ce_level level_b,
                               ce_measure b, double *rho, double *tau);

#endif
