/*
 * Information-theoretic measures over the contingency table (SPEC §3.1): entropies,
 * V-measure (Rosenberg & Hirschberg 2007, §4), VI (Meilă 2007), NVI (Reichart &
 * Rappoport 2009, §3), NMI and AMI (Vinh, Epps & Bailey 2010), and wordspace's
 * clustering entropy. Natural logs unless `log2`.
 */
#define _DEFAULT_SOURCE /* lgamma_r (log_gamma) */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/parallel_internal.h"
#include "common/util_internal.h"
#include "measures/measures_internal.h"

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

/* True when the table pairs each class with exactly one cluster and vice versa. */
static int is_same_partition(const ce_table *table) {
  for (size_t i = 0; i < table->cell_count; i++) {
    uint64_t n = table->cell_n[i];
    if (n != table->class_sums[table->cell_class[i]] ||
        n != table->cluster_sums[table->cell_cluster[i]])
      return 0;
  }
  return 1;
}

static double generalized_mean(double u, double v, ce_mean mean) {
  switch (mean) {
    case CE_MEAN_GEOMETRIC:
      return sqrt(u * v);
    case CE_MEAN_MIN:
      return u < v ? u : v;
    case CE_MEAN_MAX:
      return u > v ? u : v;
    default:
      return (u + v) / 2;
  }
}

/* ln Γ(x). lgamma writes Γ's sign to a global, which the threads of the expected MI would
 * share; lgamma_r hands it back instead (same value: lgamma is lgamma_r of that global). */
static double log_gamma(double x) {
#if defined(__GLIBC__) || defined(__EMSCRIPTEN__) || defined(__APPLE__)
  int sign;
  return lgamma_r(x, &sign);
#else
  return lgamma(x);
#endif
}

/*
 * The sum over n of P(n) · (n/N) · ln(N n / (a b)), P hypergeometric with support
 * [max(1, a+b−N), min(a, b)] (n = 0 adds nothing). P is unimodal: start at the mode
 * (through lgamma, never factorials) and walk out both ways with the ratio
 * P(n+1)/P(n) = (a−n)(b−n) / ((n+1)(N−a−b+n+1)), stopping once the remaining tail,
 * bounded by a geometric series, cannot move the sum by more than 1e-18 relative.
 */
static double expected_cell_mi(double a, double b, double total) {
  double lo = a + b - total > 1 ? a + b - total : 1, hi = a < b ? a : b;
  if (hi < lo) return 0.0;
  double mode = floor((a + 1) * (b + 1) / (total + 2));
  if (mode < lo) mode = lo;
  if (mode > hi) mode = hi;
  double log_p = log_gamma(a + 1) + log_gamma(b + 1) + log_gamma(total - a + 1) +
                 log_gamma(total - b + 1) - log_gamma(total + 1) - log_gamma(mode + 1) -
                 log_gamma(a - mode + 1) - log_gamma(b - mode + 1) -
                 log_gamma(total - a - b + mode + 1);
  double p_mode = exp(log_p);
  double weight_bound = log(total) + 1.0; /* |(n/N) ln(N n/(a b))| <= ln N for n <= min(a,b) */
  double sum = 0.0;
  double p = p_mode;
  for (double n = mode; n <= hi; n++) { /* upwards from the mode */
    sum += p * (n / total) * log((n * total) / (a * b));
    double ratio = (a - n) * (b - n) / ((n + 1) * (total - a - b + n + 1));
    p *= ratio;
    if (ratio < 1 && p * weight_bound / (1 - ratio) <= 1e-18 * fabs(sum) + DBL_MIN) break;
  }
  p = p_mode;
  for (double n = mode - 1; n >= lo; n--) {                                 /* downwards */
    double ratio = (n + 1) * (total - a - b + n + 1) / ((a - n) * (b - n)); /* P(n)/P(n+1) */
    p *= ratio;
    sum += p * (n / total) * log((n * total) / (a * b));
    if (ratio < 1 && p * weight_bound / (1 - ratio) <= 1e-18 * fabs(sum) + DBL_MIN) break;
  }
  return sum;
}

/* The distinct non-zero values of `sums`, ascending, each with how often it occurs. */
static size_t distinct_sizes(const uint64_t *sums, size_t count, uint64_t *value, uint64_t *times) {
  size_t n = 0;
  for (size_t i = 0; i < count; i++)
    if (sums[i]) value[n++] = sums[i];
  ce__sort_u64(value, n);
  size_t distinct = 0;
  for (size_t i = 0; i < n; i++) {
    if (distinct && value[distinct - 1] == value[i]) {
      times[distinct - 1]++;
      continue;
    }
    value[distinct] = value[i];
    times[distinct++] = 1;
  }
  return distinct;
}

/* Up to this many classes × clusters, the sum runs cell by cell (see below). */
#define CE_EMI_CELLS (1u << 20)

/*
 * A cell's expected MI depends only on its marginals a and b (and N), so it is computed
 * once per pair of distinct sizes: at most √(2N) distinct sizes on a side, whatever the
 * number of labels. Up to CE_EMI_CELLS cells the terms are then added cell by cell, by
 * class and cluster id, the order this sum has always had (the same last digit); beyond,
 * each term is added as often as its pair occurs, sizes ascending, never classes × clusters
 * (fewer additions: on the demo's singletons baseline, 2M cells, this sum is the correctly
 * rounded one where the cell by cell sum is off by 3e-13).
 */
/* The rows of expected MI's terms, one task a distinct class size: by_cell, each term of
 * the row into term[i · nb + j]; else the row's terms weighted by their clusters into
 * row_sum[i]. Each row is summed in the order of one thread, so any count of threads gives
 * the same bits. */
typedef struct emi_rows {
  const uint64_t *a, *b, *b_times;
  size_t nb;
  double total;
  double *term, *row_sum;
} emi_rows;

static void emi_row(void *context, size_t i) {
  const emi_rows *rows = context;
  double a = (double)rows->a[i], row = 0.0;
  for (size_t j = 0; j < rows->nb; j++) {
    double cell = expected_cell_mi(a, (double)rows->b[j], rows->total);
    if (rows->term)
      rows->term[i * rows->nb + j] = cell;
    else
      row += (double)rows->b_times[j] * cell;
  }
  if (!rows->term) rows->row_sum[i] = row;
}

/* Below this many pairs of sizes the rows are worked out on the caller's thread: starting
 * threads would cost more than the terms. */
#define CE_EMI_THREADED_PAIRS 4096

ce_status ce__expected_mutual_information(const ce_table *table, unsigned threads, double *emi) {
  size_t classes = table->classes ? table->classes : 1;
  size_t clusters = table->clusters ? table->clusters : 1;
  int by_cell = (double)table->classes * (double)table->clusters <= CE_EMI_CELLS;
  uint64_t *a = malloc(classes * sizeof *a), *a_times = malloc(classes * sizeof *a_times);
  uint64_t *b = malloc(clusters * sizeof *b), *b_times = malloc(clusters * sizeof *b_times);
  double *term = NULL, *row_sum = NULL;
  ce_status status = a && a_times && b && b_times ? CE_OK : CE_ERR_NOMEM;
  size_t na = 0, nb = 0;
  if (!status) {
    na = distinct_sizes(table->class_sums, table->classes, a, a_times);
    nb = distinct_sizes(table->cluster_sums, table->clusters, b, b_times);
    size_t terms = na * nb;
    if (by_cell && !(term = malloc((terms ? terms : 1) * sizeof *term))) status = CE_ERR_NOMEM;
    if (!by_cell && !(row_sum = malloc((na ? na : 1) * sizeof *row_sum))) status = CE_ERR_NOMEM;
  }
  double total = (double)table->total, sum = 0.0;
  if (!status) {
    emi_rows rows = {a, b, b_times, nb, total, term, row_sum};
    ce__parallel_for(na, na * nb >= CE_EMI_THREADED_PAIRS ? threads : 1, emi_row, &rows);
  }
  if (!status && by_cell) {
    /* b_times now serves as each cluster's size index. */
    for (size_t k = 0; k < table->clusters; k++)
      b_times[k] = table->cluster_sums[k] ? ce__lower_bound_u64(b, nb, table->cluster_sums[k]) : 0;
    for (size_t c = 0; c < table->classes; c++) {
      if (!table->class_sums[c]) continue;
      const double *row = term + ce__lower_bound_u64(a, na, table->class_sums[c]) * nb;
      for (size_t k = 0; k < table->clusters; k++)
        if (table->cluster_sums[k]) sum += row[b_times[k]];
    }
  } else if (!status) {
    for (size_t i = 0; i < na; i++) sum += (double)a_times[i] * row_sum[i];
  }
  if (!status) *emi = sum;
  free(a);
  free(a_times);
  free(b);
  free(b_times);
  free(term);
  free(row_sum);
  return status;
}

void ce__emi_cache_free(ce_emi_cache *cache) {
  free(cache->keys);
  free(cache->values);
  memset(cache, 0, sizeof *cache);
}

/* g(b) = Σ_c E[MI term](a_c, b, N): a cluster of size b's share of the expected MI. */
static double cluster_emi(const ce_table *table, uint64_t b) {
  double total = (double)table->total, sum = 0.0;
  for (size_t c = 0; c < table->classes; c++)
    if (table->class_sums[c])
      sum += expected_cell_mi((double)table->class_sums[c], (double)b, total);
  return sum;
}

static int emi_cache_grow(ce_emi_cache *cache) {
  size_t count = cache->slot_count ? 2 * cache->slot_count : 1024;
  uint64_t *keys = calloc(count, sizeof *keys);
  double *values = malloc(count * sizeof *values);
  if (!keys || !values) {
    free(keys);
    free(values);
    return 0;
  }
  for (size_t i = 0; i < cache->slot_count; i++) {
    if (!cache->keys[i]) continue;
    size_t slot = (size_t)(cache->keys[i] * 0x9e3779b97f4a7c15u) & (count - 1);
    while (keys[slot]) slot = (slot + 1) & (count - 1);
    keys[slot] = cache->keys[i];
    values[slot] = cache->values[i];
  }
  free(cache->keys);
  free(cache->values);
  cache->keys = keys;
  cache->values = values;
  cache->slot_count = count;
  return 1;
}

/* g(b) from the cache, computed once; computed without keeping it when memory runs out. */
static double cached_cluster_emi(const ce_table *table, ce_emi_cache *cache, uint64_t b) {
  if (2 * (cache->used + 1) > cache->slot_count && !emi_cache_grow(cache))
    return cluster_emi(table, b);
  size_t mask = cache->slot_count - 1;
  size_t slot = (size_t)((b + 1) * 0x9e3779b97f4a7c15u) & mask;
  while (cache->keys[slot] && cache->keys[slot] != b + 1) slot = (slot + 1) & mask;
  if (!cache->keys[slot]) {
    cache->keys[slot] = b + 1;
    cache->values[slot] = cluster_emi(table, b);
    cache->used++;
  }
  return cache->values[slot];
}

/* Expected MI summed cluster by cluster through the cache (its N must be the table's). */
static ce_status expected_mi_cached(const ce_table *table, ce_emi_cache *cache, double *out) {
  if (!cache->used && !cache->slot_count) cache->total = table->total;
  if (cache->total != table->total) return ce__expected_mutual_information(table, 1, out);
  double emi = 0.0;
  for (size_t k = 0; k < table->clusters; k++)
    if (table->cluster_sums[k]) emi += cached_cluster_emi(table, cache, table->cluster_sums[k]);
  *out = emi;
  return CE_OK;
}

/* Counts the classes and clusters that hold at least one token, and those of one token. */
typedef struct label_counts {
  size_t classes, clusters, single_classes, single_clusters;
} label_counts;

static label_counts count_used(const ce_table *table) {
  label_counts counts = {0, 0, 0, 0};
  for (size_t c = 0; c < table->classes; c++) {
    counts.classes += table->class_sums[c] != 0;
    counts.single_classes += table->class_sums[c] == 1;
  }
  for (size_t k = 0; k < table->clusters; k++) {
    counts.clusters += table->cluster_sums[k] != 0;
    counts.single_clusters += table->cluster_sums[k] == 1;
  }
  return counts;
}

/*
 * NMI and AMI with scikit-learn's edge cases (1.2): one class and one cluster is a
 * perfect match (1); NMI is 0 when MI is 0; AMI's denominator keeps at least machine
 * epsilon. Identical partitions give AMI = 1 (SPEC §3.1), where scikit-learn could give 0.
 */
static ce_status normalized_mi(const ce_table *table, double h_c, double h_k, double mi,
                               const ce_measure_options *options, ce_measures *out) {
  ce_mean mean = options->mean;
  label_counts counts = count_used(table);
  if (counts.classes == 1 && counts.clusters == 1) {
    ce__measure_put(out, CE_NMI, 1.0);
    ce__measure_put(out, CE_AMI, 1.0);
    return CE_OK;
  }
  double normalizer = generalized_mean(h_c, h_k, mean);
  ce__measure_put(out, CE_NMI, mi == 0.0 || normalizer == 0.0 ? 0.0 : mi / normalizer);
  if (is_same_partition(table)) {
    ce__measure_put(out, CE_AMI, 1.0);
    return CE_OK;
  }
  if ((double)table->total > CE_AMI_MAX_TOKENS) return CE_OK;
  /* When one side is all singletons every permutation gives the same table: EMI = MI
   * exactly, and computing it would only add rounding noise to a 0 numerator. */
  int forced = counts.single_classes == counts.classes || counts.single_clusters == counts.clusters;
  double emi = mi;
  ce_status status = CE_OK;
  if (!forced)
    status = options->emi_cache ? expected_mi_cached(table, options->emi_cache, &emi)
                                : ce__expected_mutual_information(table, options->threads, &emi);
  if (status) return status;
  double denominator = normalizer - emi;
  if (denominator < 0)
    denominator = denominator < -DBL_EPSILON ? denominator : -DBL_EPSILON;
  else
    denominator = denominator > DBL_EPSILON ? denominator : DBL_EPSILON;
  ce__measure_put(out, CE_AMI, (mi - emi) / denominator);
  return CE_OK;
}

/* Every measure ce__measures_info takes from the entropies but NMI and AMI: H(C), H(K), the
 * conditional entropies, MI, homogeneity, completeness, V, VI, NVI, wordspace's entropies. */
static void entropy_measures(double h_c, double h_k, double h_c_given_k, double h_k_given_c,
                             double mi, const ce_measure_options *options, ce_measures *out) {
  double beta = options->beta;
  /* Ratios are free of the log base; take them before any change of unit. */
  double homogeneity = h_c == 0.0 ? 1.0 : 1.0 - h_c_given_k / h_c;
  double completeness = h_k == 0.0 ? 1.0 : 1.0 - h_k_given_c / h_k;
  double v_denominator = beta * homogeneity + completeness;
  double v_measure =
      v_denominator == 0.0 ? 0.0 : (1.0 + beta) * homogeneity * completeness / v_denominator;
  double vi = h_c_given_k + h_k_given_c;
  double nvi = h_c == 0.0 ? h_k : vi / h_c;

  /* wordspace's clustering entropy: H(C|K) always in bits, and scaled by H(C). */
  ce__measure_put(out, CE_ENTROPY_BITS, h_c_given_k / log(2.0));
  ce__measure_put(out, CE_ENTROPY_SCALED, h_c == 0.0 ? 0.0 : h_c_given_k / h_c);

  double unit = options->log2 ? 1.0 / log(2.0) : 1.0;
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

enum { CELLS_AHEAD = 16 };

ce_status ce__measures_info(const ce_table *table, const ce_measure_options *options,
                            ce_measures *out) {
  double total = (double)table->total;
  double h_c = marginal_entropy(table->class_sums, table->classes, total);
  double h_k = marginal_entropy(table->cluster_sums, table->clusters, total);
  double h_c_given_k = 0.0, h_k_given_c = 0.0, mi = 0.0;
  /* Cells go by class: their clusters' sums lie anywhere (600,000 clusters: 4.8 MB). */
  int far = table->clusters * sizeof *table->cluster_sums > CE_CACHED_BYTES;
  for (size_t i = 0; i < table->cell_count; i++) {
    if (far && i + CELLS_AHEAD < table->cell_count)
      ce__prefetch(&table->cluster_sums[table->cell_cluster[i + CELLS_AHEAD]]);
    double n = (double)table->cell_n[i];
    double a = (double)table->class_sums[table->cell_class[i]];
    double b = (double)table->cluster_sums[table->cell_cluster[i]];
    double p = n / total;
    h_c_given_k -= p * log(n / b);
    h_k_given_c -= p * log(n / a);
    /* One quotient of two products: where n·N = a·b (a cell that fills its class, or a
     * cluster as large as the corpus) the term is exactly 0, as it is mathematically. */
    mi += p * log((n * total) / (a * b));
  }
  /* Rounding can leave -1e-17 where the exact value is 0. */
  if (h_c_given_k < 0.0) h_c_given_k = 0.0;
  if (h_k_given_c < 0.0) h_k_given_c = 0.0;
  if (mi < 0.0) mi = 0.0;
  if (mi > h_c) mi = h_c; /* I(C;K) <= min(H(C), H(K)) */
  if (mi > h_k) mi = h_k;

  ce_status status = normalized_mi(table, h_c, h_k, mi, options, out);
  if (status) return status;
  entropy_measures(h_c, h_k, h_c_given_k, h_k_given_c, mi, options, out);
  return CE_OK;
}

/* ------------------------------------------------- the bias resampling cannot see */

/*
 * E[X ln X] − λ ln λ for X ~ Poisson(λ): how much one cell of expected count λ lowers the
 * plug-in entropy's expectation, times N (the plug-in entropy of counts with expectations λ_i
 * has expectation H − Σ gap(λ_i)/N under Poisson sampling; Paninski 2003, §3; Miller 1955
 * for the large-count limit 1/2 per cell). From λ = 20 on the asymptotic series
 * 1/2 + 1/(12λ) + 1/(12λ²) + 19/(120λ³), good to 4e-6 (1e-7 past 60); below it the sum over
 * k, each term from the last (P(k) = P(k−1)·λ/k), until the terms past the mode stop
 * counting (below 1e-13 of the sum).
 */
/* k ln k for k below CE_GAP_TABLE, filled once a call of ce__info_unseen_bias: the sum below
 * reaches k = λ + 40 + 10√λ < 106 for λ < 20. */
#define CE_GAP_TABLE 128

static double poisson_gap(double lambda, double log_lambda, const double *k_log_k) {
  if (!(lambda > 0.0)) return 0.0;
  if (lambda >= 20.0) {
    double u = 1.0 / lambda;
    return 0.5 + u / 12.0 + u * u / 12.0 + 19.0 * u * u * u / 120.0;
  }
  if (lambda < 0.05) {
    /* Most unseen cells: e^−λ Σ_{k=2..6} λ^k ln k/(k − 1)!, the rest below 1e-11 of λ, with
     * e^−λ to its λ⁴ term (off by 3e-9 of it): no libm call beyond the caller's ln λ. */
    static const double ln_k_over[] = {0.6931471805599453, 0.5493061443340549, 0.2310490601866484,
                                       0.0670599130180875, 0.0149313289102338};
    double term = lambda, sum = 0.0;
    for (int k = 0; k < 5; k++) {
      term *= lambda;
      sum += term * ln_k_over[k];
    }
    double e = 1.0 - lambda * (1.0 - lambda / 2.0 * (1.0 - lambda / 3.0 * (1.0 - lambda / 4.0)));
    return e * sum - lambda * log_lambda;
  }
  double p = exp(-lambda), sum = 0.0;
  for (double k = 1.0;; k += 1.0) {
    p *= lambda / k;
    double term = p * (k < CE_GAP_TABLE ? k_log_k[(int)k] : k * log(k));
    sum += term;
    if (k > lambda + 1.0 && term <= 1e-13 * sum) break; /* k = 1 adds nothing: not a stop */
    if (k > lambda + 40.0 + 10.0 * sqrt(lambda)) break;
  }
  return sum - lambda * log_lambda;
}

/* −Σ (λ/N) ln(λ/N) and the expected plug-in bias −Σ gap(λ)/N of counts with expectations λ. */
typedef struct entropy_sums {
  double h, bias;
  const double *k_log_k; /* CE_GAP_TABLE values of k ln k */
} entropy_sums;

/* What a cell of expected count λ = e^log_lambda (λ > 0; N = e^log_total) takes from the two
 * sums. */
static void entropy_terms(const entropy_sums *s, double lambda, double log_lambda, double total,
                          double log_total, double *h, double *bias) {
  *h = lambda / total * (log_lambda - log_total);
  *bias = poisson_gap(lambda, log_lambda, s->k_log_k) / total;
}

/* Adds a cell of expected count λ = e^log_lambda (N = e^log_total). */
static void entropy_add_log(entropy_sums *s, double lambda, double log_lambda, double total,
                            double log_total) {
  if (!(lambda > 0.0)) return;
  double h, bias;
  entropy_terms(s, lambda, log_lambda, total, log_total, &h, &bias);
  s->h -= h;
  s->bias -= bias;
}

static void entropy_add(entropy_sums *s, double lambda, double total, double log_total) {
  if (lambda > 0.0) entropy_add_log(s, lambda, log(lambda), total, log_total);
}

/* The measures of three entropies H(C), H(K), H(C, K) in nats, NMI among them. */
static void measures_of_entropies(double h_c, double h_k, double h_ck,
                                  const ce_measure_options *options, ce_measures *out) {
  double h_c_given_k = h_ck - h_k > 0.0 ? h_ck - h_k : 0.0;
  double h_k_given_c = h_ck - h_c > 0.0 ? h_ck - h_c : 0.0;
  double mi = h_c + h_k - h_ck > 0.0 ? h_c + h_k - h_ck : 0.0;
  if (mi > h_c) mi = h_c;
  if (mi > h_k) mi = h_k;
  double normalizer = generalized_mean(h_c, h_k, options->mean);
  ce__measure_put(out, CE_NMI, normalizer > 0.0 ? mi / normalizer : 0.0);
  entropy_measures(h_c, h_k, h_c_given_k, h_k_given_c, mi, options, out);
}

/* Each measure's change when the entropies move from `h` by `bias` (first the measures at h,
 * then the difference into `out`). */
static void shift_of(const double h[3], const double bias[3], const ce_measure_options *options,
                     ce_measures *out) {
  ce_measures at = {0};
  measures_of_entropies(h[0], h[1], h[2], options, &at);
  measures_of_entropies(h[0] + bias[0], h[1] + bias[1], h[2] + bias[2], options, out);
  for (int m = 0; m < CE_MEASURE_COUNT; m++)
    if (ce__measure_has(&at, (ce_measure)m)) out->value[m] -= at.value[m];
}

/* The unseen cells' terms a table may take (rows with a singleton × clusters): the estimate
 * runs on every jackknife replicate, and past this it would cost more than the replicate. */
#define CE_UNSEEN_TERMS 2e7

/*
 * Terms worked out once a row and reused (the same bits: the sums still take them cell by
 * cell, in the same order). A row's cells of one count n have one λ, n or n·(1 − m0_c), and
 * counts are small (random labels of 1,000 a side: a million cells, nearly all of 1 to 5
 * tokens); its unseen cell of cluster k has λ = a_c·m0_c/W_c · b_k, one for each distinct
 * cluster size (some 130 among the 300 clusters a row missed). The estimate runs on every
 * jackknife replicate, where the terms had been most of a --bootstrap's time.
 */
typedef struct known_terms {
  uint32_t *row;    /* by key: the row whose terms it holds (UINT32_MAX: none yet) */
  double *h, *bias; /* by key: the terms (entropy_terms) */
} known_terms;

/* Counts below this are keys of their own; larger ones are worked out cell by cell. */
#define CE_SMALL_COUNTS 64

static int known_has(const known_terms *known, size_t key, uint32_t row) {
  return known->row[key] == row;
}

static void known_put(known_terms *known, size_t key, uint32_t row, const entropy_sums *s,
                      double lambda, double log_lambda, double total, double log_total) {
  entropy_terms(s, lambda, log_lambda, total, log_total, &known->h[key], &known->bias[key]);
  known->row[key] = row;
}

static void known_take(const known_terms *known, size_t key, entropy_sums *s) {
  s->h -= known->h[key];
  s->bias -= known->bias[key];
}

/* Adds a cell of `count` tokens in row `row`, λ = count·scale (`scale` the same over the
 * row). */
static void entropy_add_count(entropy_sums *s, known_terms *known, uint32_t row, uint64_t count,
                              double scale, double total, double log_total) {
  double lambda = (double)count * scale;
  if (!(lambda > 0.0)) return;
  if (count >= CE_SMALL_COUNTS) {
    entropy_add_log(s, lambda, log(lambda), total, log_total);
    return;
  }
  if (!known_has(known, count, row))
    known_put(known, count, row, s, lambda, log(lambda), total, log_total);
  known_take(known, count, s);
}

/* Each cluster's rank among the distinct cluster sizes (distinct_sizes'), into `rank`; the
 * terms by size, `by_size`, none known. */
static ce_status size_keys(const ce_table *table, uint32_t *rank, known_terms *by_size) {
  size_t room = table->clusters ? table->clusters : 1;
  uint64_t *value = malloc(room * sizeof *value), *times = malloc(room * sizeof *times);
  if (!value || !times) {
    free(value);
    free(times);
    return CE_ERR_NOMEM;
  }
  size_t sizes = distinct_sizes(table->cluster_sums, table->clusters, value, times);
  for (size_t k = 0; k < table->clusters; k++) /* an empty cluster's rank is never read */
    rank[k] = (uint32_t)ce__lower_bound_u64(value, sizes, table->cluster_sums[k]);
  for (size_t size = 0; size < sizes; size++) by_size->row[size] = UINT32_MAX;
  free(value);
  free(times);
  return CE_OK;
}

ce_status ce__info_unseen_bias(const ce_table *table, const ce_measure_options *options,
                               ce_measures *out, ce_measures *model) {
  double total = (double)table->total;
  size_t classes = table->classes, clusters = table->clusters;
  double rows_with_single = 0.0; /* the cells are sorted by class: a row is a run of them */
  for (size_t i = 0, end; i < table->cell_count; i = end) {
    int single = 0;
    for (end = i; end < table->cell_count && table->cell_class[end] == table->cell_class[i]; end++)
      single |= table->cell_n[end] == 1;
    rows_with_single += single;
  }
  if (rows_with_single * (double)clusters > CE_UNSEEN_TERMS) return CE_ERR_UNAVAILABLE;
  /* Per cluster: the model's expected count, and ln of its size (an unseen cell's λ is a
   * row's factor times the size: one log a row, not one a cell). */
  size_t room = clusters ? clusters : 1;
  double *expect = calloc(room, sizeof *expect);
  double *log_size = malloc(room * sizeof *log_size);
  /* Terms by cluster size (the unseen cells'), scratch of `room` keys: known_terms arrays */
  uint32_t *size_rank = malloc(room * sizeof *size_rank);
  known_terms by_size = {malloc(room * sizeof *by_size.row), malloc(room * sizeof *by_size.h),
                         malloc(room * sizeof *by_size.bias)};
  ce_status status = expect && log_size && size_rank && by_size.row && by_size.h && by_size.bias
                         ? size_keys(table, size_rank, &by_size)
                         : CE_ERR_NOMEM;
  if (status) {
    free(expect);
    free(log_size);
    free(size_rank);
    free(by_size.row);
    free(by_size.h);
    free(by_size.bias);
    return status;
  }
  double log_total = log(total);
  double k_log_k[CE_GAP_TABLE];
  for (int k = 0; k < CE_GAP_TABLE; k++) k_log_k[k] = k > 1 ? k * log((double)k) : 0.0;
  entropy_sums c_side = {0, 0, k_log_k}, k_plug = {0, 0, k_log_k}, k_model = {0, 0, k_log_k},
               joint_plug = {0, 0, k_log_k}, joint_model = {0, 0, k_log_k};
  for (size_t c = 0; c < classes; c++)
    entropy_add(&c_side, (double)table->class_sums[c], total, log_total);
  for (size_t k = 0; k < clusters; k++) {
    entropy_add(&k_plug, (double)table->cluster_sums[k], total, log_total);
    expect[k] = (double)table->cluster_sums[k];
    log_size[k] = expect[k] > 0.0 ? log(expect[k]) : 0.0;
  }
  /* Terms by count: the plug-in's, all of one "row"; the model's, row by row. */
  uint32_t rows[2][CE_SMALL_COUNTS];
  double terms[4][CE_SMALL_COUNTS];
  known_terms plug_counts = {rows[0], terms[0], terms[1]};
  known_terms model_counts = {rows[1], terms[2], terms[3]};
  for (size_t n = 0; n < CE_SMALL_COUNTS; n++) rows[0][n] = rows[1][n] = UINT32_MAX;
  /* Row by row (the cells are sorted by class): its singletons, and the clusters it missed. */
  double spread = 0.0; /* Σ over rows of a_c·m0_c / W_c: every cluster's unseen share, per b_k */
  for (size_t i = 0, end; i < table->cell_count; i = end) {
    uint32_t c = table->cell_class[i];
    double a = (double)table->class_sums[c], seen_sizes = 0.0, singles = 0.0;
    for (end = i; end < table->cell_count && table->cell_class[end] == c; end++) {
      seen_sizes += (double)table->cluster_sums[table->cell_cluster[end]];
      singles += table->cell_n[end] == 1;
    }
    double missed = total - seen_sizes; /* W_c: the tokens of the clusters row c never met */
    double m0 = missed > 0.0 ? singles / a : 0.0;
    if (m0 > 0.99) m0 = 0.99;
    double per_size = m0 > 0.0 ? a * m0 / missed : 0.0;
    for (size_t j = i; j < end; j++) {
      double n = (double)table->cell_n[j];
      uint32_t k = table->cell_cluster[j];
      entropy_add_count(&joint_plug, &plug_counts, 0, table->cell_n[j], 1.0, total, log_total);
      entropy_add_count(&joint_model, &model_counts, c, table->cell_n[j], 1.0 - m0, total,
                        log_total);
      /* The cell keeps 1 − m0 of its count and takes no share of the row's unseen mass. */
      expect[k] -= n * m0 + per_size * (double)table->cluster_sums[k];
    }
    if (m0 > 0.0) {
      spread += per_size;
      /* The unseen cells of the row, a_c·m0·b_k/W_c each: one term per cluster it missed. */
      double log_per_size = log(per_size);
      for (size_t k = 0, j = i; k < clusters; k++) {
        if (j < end && table->cell_cluster[j] == k) {
          j++;
          continue;
        }
        double b = (double)table->cluster_sums[k], lambda = per_size * b;
        if (!(b > 0.0) || !(lambda > 0.0)) continue;
        if (!known_has(&by_size, size_rank[k], c))
          known_put(&by_size, size_rank[k], c, &joint_model, lambda, log_per_size + log_size[k],
                    total, log_total);
        known_take(&by_size, size_rank[k], &joint_model);
      }
    }
  }
  for (size_t k = 0; k < clusters; k++)
    entropy_add(&k_model, expect[k] + spread * (double)table->cluster_sums[k], total, log_total);
  free(expect);
  free(log_size);
  free(size_rank);
  free(by_size.row);
  free(by_size.h);
  free(by_size.bias);
  double plug_h[3] = {c_side.h, k_plug.h, joint_plug.h};
  double plug_bias[3] = {c_side.bias, k_plug.bias, joint_plug.bias};
  double model_h[3] = {c_side.h, k_model.h, joint_model.h};
  double model_bias[3] = {c_side.bias, k_model.bias, joint_model.bias};
  ce_measures plug = {0};
  shift_of(plug_h, plug_bias, options, &plug);
  shift_of(model_h, model_bias, options, out);
  if (model) *model = *out;
  for (int m = 0; m < CE_MEASURE_COUNT; m++)
    if (ce__measure_has(out, (ce_measure)m)) out->value[m] -= plug.value[m];
  return CE_OK;
}
