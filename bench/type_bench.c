/*
 * Timing of the type-level measures on entries shaped like the full Brown corpus: about
 * 56,000 word types, 470 gold tags with Zipf-like sizes, 15% of the types with 2–4 tags;
 * systems of 50 and 1000 clusters, monosemous and polysemous (15% of the types in 2–4
 * clusters), leaning on the gold tags as a real induced clustering does. The data are
 * synthetic and seeded, so every run sees the same entries.
 *
 * Build and run (after `cmake -S . -B build && cmake --build build`):
 *   cc -O2 -std=c11 -Icore/include -Icore/src bench/type_bench.c build/libclustereval.a \
 *      -lm -o build/type_bench && build/type_bench [50|1000]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "common/rng_internal.h"
#include "measures/contingency_internal.h"
#include "measures/measures_ebcubed_internal.h"
#include "measures/measures_overlap_internal.h"
#include "measures/measures_type_internal.h"

enum { TYPES = 56000, CLASSES = 470, HOMES = 3 };

/* Processor time of this process: steadier than the wall clock on a busy machine. */
static double now(void) {
  return (double)clock() / CLOCKS_PER_SEC;
}

/* A class drawn with probability ∝ 1/(rank+1)^1.1, by binary search in `cumulative`. */
static uint32_t zipf(ce_rng *rng, const double *cumulative, size_t count) {
  double u = ce__rng_unit(rng) * cumulative[count - 1];
  size_t lo = 0, hi = count - 1;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (cumulative[mid] > u)
      hi = mid;
    else
      lo = mid + 1;
  }
  return (uint32_t)lo;
}

/* Appends a label for `item` unless the item already has it (entries dedupe anyway). */
static void add(uint32_t *items, uint32_t *labels, size_t *count, size_t first, uint32_t item,
                uint32_t label) {
  for (size_t p = first; p < *count; p++)
    if (labels[p] == label) return;
  items[*count] = item;
  labels[(*count)++] = label;
}

static void make_entries(ce_entries *e, size_t clusters, int polysemous_system) {
  ce_rng rng;
  ce__rng_seed(&rng, 1, 0); /* the same gold for every system */
  double *cumulative = malloc(CLASSES * sizeof *cumulative);
  double sum = 0;
  for (size_t c = 0; c < CLASSES; c++) cumulative[c] = sum += 1.0 / pow(c + 1.0, 1.1);
  uint32_t *gi = malloc(4 * TYPES * sizeof *gi), *gl = malloc(4 * TYPES * sizeof *gl);
  uint32_t *si = malloc(4 * TYPES * sizeof *si), *sl = malloc(4 * TYPES * sizeof *sl);
  size_t gn = 0, sn = 0;
  for (uint32_t i = 0; i < TYPES; i++) {
    size_t first = gn, tags = ce__rng_below(&rng, 100) < 15 ? 2 + ce__rng_below(&rng, 3) : 1;
    while (gn - first < tags) add(gi, gl, &gn, first, i, zipf(&rng, cumulative, CLASSES));
  }
  /* The system: each tag has a few home clusters; a type goes to a home of one of its tags
   * two times in three, else anywhere. */
  ce__rng_seed(&rng, clusters * 2 + (size_t)polysemous_system, 0);
  uint32_t home[CLASSES][HOMES];
  for (size_t c = 0; c < CLASSES; c++)
    for (size_t h = 0; h < HOMES; h++) home[c][h] = (uint32_t)ce__rng_below(&rng, clusters);
  for (uint32_t i = 0, g = 0; i < TYPES; i++) {
    size_t tags = 0;
    while (g + tags < gn && gi[g + tags] == i) tags++;
    size_t first = sn, count = 1;
    if (polysemous_system && ce__rng_below(&rng, 100) < 15) count = 2 + ce__rng_below(&rng, 3);
    while (sn - first < count) {
      uint32_t tag = gl[g + ce__rng_below(&rng, tags)];
      uint32_t k = ce__rng_below(&rng, 3) ? home[tag][ce__rng_below(&rng, HOMES)]
                                          : (uint32_t)ce__rng_below(&rng, clusters);
      add(si, sl, &sn, first, i, k);
    }
    g += (uint32_t)tags;
  }
  if (ce__entries_from_pairs(e, TYPES, CLASSES, clusters, gi, gl, gn, si, sl, sn, NULL, NULL)) {
    fprintf(stderr, "type_bench: building entries failed\n");
    exit(1);
  }
  free(cumulative);
  free(gi);
  free(gl);
  free(si);
  free(sl);
}

int main(int argc, char **argv) {
  size_t only = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 0; /* e.g. 50: that size only */
  static const char *names[CE_TYPE_MEASURES] = {"macro_i", "micro_i", "micro_c"};
  static const size_t cluster_counts[2] = {50, 1000};
  printf("%zu types, %d classes; 10 restarts, seed 1\n", (size_t)TYPES, CLASSES);
  for (int s = 0; s < 2; s++) {
    for (int poly = 0; poly < 2; poly++) {
      size_t m = cluster_counts[s];
      if (only && m != only) continue;
      ce_entries e;
      make_entries(&e, m, poly);
      size_t memberships = e.cluster_start[e.items], golds = e.class_start[e.items];
      printf("\n%zu clusters, %s system: Σ|A_i| = %zu, Σ|B_i| = %zu\n", m,
             poly ? "polysemous" : "monosemous", golds, memberships);
      ce_climb_options ten = {10, 1, NULL, NULL};
      ce_type_result climb, r;
      double t0 = now();
      if (ce__type_measures_searched(&e, &ten, NULL, &climb)) return 1;
      double t1 = now();
      if (ce__type_measures(&e, &ten, &r)) return 1;
      double t2 = now();
      printf(
          "  all six: %.3f s (CPU) with 10 restarts and the M-1 search; %.3f s with the climb "
          "alone\n",
          t2 - t1, t1 - t0);
      for (int t = 0; t < CE_TYPE_MEASURES; t++) {
        const ce_type_score *m1 = &r.m1[t];
        printf(
            "  %-8s o1 %.6f  m1 %.6f (climb alone %.6f; min %.6f, hits %u/10, %.1f sweeps "
            "per start)\n",
            names[t], r.o1[t].value, m1->value, climb.m1[t].value, m1->min, m1->hits,
            (double)m1->sweeps / 10.0);
        if (m1->optimal)
          printf("           m1 proved optimal\n");
        else
          printf("           m1 not proved: bound %.6f, at most %.4f above\n", m1->bound,
                 m1->bound - m1->value);
      }
      ce__type_result_free(&climb);
      ce__type_result_free(&r);
      double p, rc, f;
      t0 = now();
      if (ce__extended_bcubed(&e, &p, &rc, &f)) return 1;
      printf("  ebcubed  p %.6f r %.6f f %.6f: %.3f s\n", p, rc, f, now() - t0);
      /* onmi, onmi_lfk, omega, ecs over the items as covers (SPEC §3.3), with the item
       * table they read and the budgets score.c gives them. */
      ce_table table;
      ce_overlap_type o;
      t0 = now();
      if (ce__table_from_entries(&table, &e, 0)) return 1;
      if (ce__overlap_type(&e, &table, 2e9, 1e9, 1, &o, NULL)) return 1;
      printf("  overlap  onmi %.6f lfk %.6f omega %.6f ecs ", o.onmi, o.onmi_lfk, o.omega);
      if (o.has_ecs)
        printf("%.6f", o.ecs);
      else
        printf("n/a (%.3g operations)", o.ecs_work);
      printf(": %.3f s\n", now() - t0);
      ce__table_free(&table);
      ce__entries_free(&e);
    }
  }
  return 0;
}
