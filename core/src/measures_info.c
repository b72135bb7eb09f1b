/*
 * Information-theoretic measures over the contingency table (SPEC §3.1): entropies,
 * V-measure (Rosenberg & Hirschberg 2007, §4), VI (Meilă 2007) and NVI (Reichart &
 * Rappoport 2009, §3). Natural logs unless `log2`.
 */
#include <math.h>

#include "measures_internal.h"

/* H = -Σ (x/N) ln(x/N) over the non-zero marginals `sums`. */
static double marginal_entropy(const uint64_t *sums, size_t count, double total) {
  double h = 0.0;
  for (size_t i = 0; i < count; i++)
    if (sums[i]) {
      double p = (double)sums[i] / total;
      h -= p * log(p);
    }
  return h > 0.0 ? h : 0.0;
}

void ce__measures_info(const ce_table *table, double beta, int log2, ce_measures *out) {
  double total = (double)table->total;
  double h_c = marginal_entropy(table->class_sums, table->classes, total);
  double h_k = marginal_entropy(table->cluster_sums, table->clusters, total);
  double h_c_given_k = 0.0, h_k_given_c = 0.0, mi = 0.0;
  for (size_t i = 0; i < table->cell_count; i++) {
    double n = (double)table->cell_n[i];
    double a = (double)table->class_sums[table->cell_class[i]];
    double b = (double)table->cluster_sums[table->cell_cluster[i]];
    double p = n / total;
    h_c_given_k -= p * log(n / b);
    h_k_given_c -= p * log(n / a);
    mi += p * (log(n) + log(total) - log(a) - log(b));
  }
  /* Rounding can leave -1e-17 where the exact value is 0. */
  if (h_c_given_k < 0.0) h_c_given_k = 0.0;
  if (h_k_given_c < 0.0) h_k_given_c = 0.0;
  if (mi < 0.0) mi = 0.0;

  /* Ratios are free of the log base; take them before any change of unit. */
  double homogeneity = h_c == 0.0 ? 1.0 : 1.0 - h_c_given_k / h_c;
  double completeness = h_k == 0.0 ? 1.0 : 1.0 - h_k_given_c / h_k;
  double v_denominator = beta * homogeneity + completeness;
  double v_measure =
      v_denominator == 0.0 ? 0.0 : (1.0 + beta) * homogeneity * completeness / v_denominator;
  double vi = h_c_given_k + h_k_given_c;
  double nvi = h_c == 0.0 ? h_k : vi / h_c;

  double unit = log2 ? 1.0 / log(2.0) : 1.0;
  if (h_c == 0.0) nvi *= unit; /* nvi is then H(K), an entropy in the chosen unit */
  ce__measure_put(out, CE_H_C, h_c * unit);
  ce__measure_put(out, CE_H_K, h_k * unit);
  ce__measure_put(out, CE_H_C_GIVEN_K, h_c_given_k * unit);
  ce__measure_put(out, CE_H_K_GIVEN_C, h_k_given_c * unit);
  ce__measure_put(out, CE_MI, mi * unit);
  ce__measure_put(out, CE_HOMOGENEITY, homogeneity);
  ce__measure_put(out, CE_COMPLETENESS, completeness);
  ce__measure_put(out, CE_V_MEASURE, v_measure);
  ce__measure_put(out, CE_VI, vi * unit);
  ce__measure_put(out, CE_NVI, nvi);
}
