/*
 * Rankings (SPEC §3.5; Frank et al. 2009, Table 2; Reichart et al. 2010 on token against type
 * level): with three or more rows that did not fail, Spearman's rho and Kendall's tau-b
 * between the rankings two measures give them.
 */
#include <stdlib.h>

#include "run/row_internal.h"
#include "stats/numeric_internal.h"
#include "stats/ranking_internal.h"

/* The rows ranked: every row that did not fail. */
static size_t ranked_rows(const ce_eval *ev) {
  size_t n = 0;
  for (size_t r = 0; r < ev->row_count; r++) n += !ev->rows[r].failed;
  return n;
}

int ce__ranked_measure(const ce_eval *ev, ce_level level, ce_measure m) {
  if (ranked_rows(ev) < 3) return 0;
  for (size_t r = 0; r < ev->row_count; r++) {
    if (ev->rows[r].failed) continue;
    const ce_measures *values = ce__row_level(&ev->rows[r], level);
    if (!values || !ce__measure_has(values, m)) return 0;
  }
  return 1;
}

size_t ce__ranked_count(const ce_eval *ev) {
  return ranked_rows(ev);
}

ce_status ce__rank_correlation(const ce_eval *ev, ce_level level_a, ce_measure a, ce_level level_b,
                               ce_measure b, double *rho, double *tau) {
  size_t n = 0;
  double *x = malloc((ev->row_count ? ev->row_count : 1) * 2 * sizeof *x);
  if (!x) return CE_ERR_NOMEM;
  double *y = x + ev->row_count;
  for (size_t r = 0; r < ev->row_count; r++) {
    if (ev->rows[r].failed) continue;
    x[n] = ce__row_level(&ev->rows[r], level_a)->value[a];
    y[n++] = ce__row_level(&ev->rows[r], level_b)->value[b];
  }
  ce_status status = ce__spearman(x, y, n, rho);
  *tau = ce__kendall_tau_b(x, y, n);
  free(x);
  return status;
}
