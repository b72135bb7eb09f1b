/* How the rows rank under each measure, and how two measures' rankings agree (ranking.c). */
#ifndef CE_RANKING_INTERNAL_H
#define CE_RANKING_INTERNAL_H

#include "run/run_internal.h"

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
