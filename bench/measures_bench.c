/*
 * Two costs of the contingency measures (SPEC §3.1), on synthetic tables:
 *   - one-to-one accuracy's exact assignment on a dense random 2000 × 2000 matrix;
 *   - AMI's expected mutual information for N = 10^8 tokens over 200 × 200 labels,
 *     where summing every hypergeometric term would take ~10^10 steps;
 *   - every contingency measure, the overlapping ones of SPEC §3.3 among them, of 10^6
 *     random tokens over 45 × 200 labels, counted into a table from the tokens.
 * Processor time of this process; read beside the other figures of bench/run.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "measures/assign_internal.h"
#include "measures/measures_internal.h"
#include "measures/measures_overlap_internal.h"
#include "common/rng_internal.h"

static double now(void) {
  return (double)clock() / CLOCKS_PER_SEC;
}

static void assignment(void) {
  enum { SIZE = 2000 };
  double *weights = malloc(sizeof(double) * SIZE * SIZE);
  ce_rng rng;
  ce__rng_seed(&rng, 1, 0);
  for (size_t i = 0; i < (size_t)SIZE * SIZE; i++)
    weights[i] = (double)ce__rng_below(&rng, 1000000);
  double total, start = now();
  ce_status status = ce__assign_max(weights, SIZE, SIZE, NULL, &total);
  printf("assignment %d x %d dense random: %.3f s (status %d, total %.0f)\n", SIZE, SIZE,
         now() - start, status, total);
  free(weights);
}

static void expected_mi(void) {
  enum { LABELS = 200 };
  const uint64_t tokens = 100000000u;
  /* Zipf-like marginals on both sides; cells along a noisy diagonal (values do not matter
   * to EMI, which reads only the marginals). */
  uint64_t *counts = calloc((size_t)LABELS * LABELS, sizeof *counts);
  double weight_sum = 0;
  for (int c = 0; c < LABELS; c++) weight_sum += 1.0 / (c + 1);
  uint64_t placed = 0;
  for (int c = 0; c < LABELS; c++) {
    uint64_t row = (uint64_t)((double)tokens / (c + 1) / weight_sum);
    if (c == LABELS - 1) row = tokens - placed;
    placed += row;
    counts[(size_t)c * LABELS + c] += row - row / 4;
    counts[(size_t)c * LABELS + (c * 7 + 3) % LABELS] += row / 4;
  }
  ce_table table;
  ce__table_from_dense(&table, counts, LABELS, LABELS);
  double start = now();
  double emi = 0;
  ce__expected_mutual_information(&table, 0, &emi);
  printf("expected MI, N = %llu, %d x %d labels: %.3f s (EMI %.3e nats)\n",
         (unsigned long long)table.total, LABELS, LABELS, now() - start, emi);
  ce__table_free(&table);
  free(counts);
}

static void million_tokens(void) {
  enum { TOKENS = 1000000, CLASSES = 45, CLUSTERS = 200 };
  ce_rng rng;
  ce__rng_seed(&rng, 2, 0);
  double start = now();
  ce_cells cells = {0};
  for (int t = 0; t < TOKENS; t++) {
    uint32_t c = (uint32_t)ce__rng_below(&rng, CLASSES);
    uint32_t k = ce__rng_below(&rng, 2) ? c * 4 + (uint32_t)ce__rng_below(&rng, 4)
                                        : (uint32_t)ce__rng_below(&rng, CLUSTERS);
    ce__cells_add(&cells, c, k, 1);
  }
  ce_table table;
  ce__table_build(&table, &cells, CLASSES, CLUSTERS);
  double counted = now();
  uint32_t m1[CLUSTERS], o1[CLUSTERS];
  ce_measure_options options = {1.0, 0, CE_MEAN_ARITHMETIC, m1, o1, NULL, NULL, 1};
  ce_measures all = {{0}, 0};
  ce__measures_all(&table, &options, &all);
  double measured = now();
  ce_measures overlap = {{0}, 0};
  ce__measures_overlap_table(&table, &overlap);
  double overlapped = now();
  printf(
      "10^6 tokens, %d x %d labels: counted %.3f s, every contingency measure %.3f s "
      "(onmi %.4f, lfk %.4f, omega %.4f, ecs %.4f), the overlapping ones alone %.4f s\n",
      CLASSES, CLUSTERS, counted - start, measured - counted, all.value[CE_ONMI],
      all.value[CE_ONMI_LFK], all.value[CE_OMEGA], all.value[CE_ECS], overlapped - measured);
  ce__table_free(&table);
  ce__cells_free(&cells);
}

int main(void) {
  assignment();
  expected_mi();
  million_tokens();
  return 0;
}
