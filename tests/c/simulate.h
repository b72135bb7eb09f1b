/*
 * Synthetic populations with a known truth, for the statistical tests (test_coverage.c,
 * test_significance.c): corpora of sentences whose tokens carry a gold class and a system
 * cluster, and lexicons whose items carry gold and system entries, each drawn from
 * distributions with integer weights. The population value of a measure is its value on the
 * population itself: the weights are counts in proportion to the probabilities, so every
 * ratio the measures take is exact (the pair counts and AMI's expected MI only depend on the
 * scale, which is taken large enough for it to vanish).
 *
 * The generator is the tests' own, apart from the core's.
 */
#ifndef CE_TEST_SIMULATE_H
#define CE_TEST_SIMULATE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "check.h"
#include "clustereval.h"
#include "common/util_internal.h"

/* splitmix64: small, and independent of the core's xoshiro256**. */
static inline uint64_t sim_next(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* A uniform double in [0, 1). */
static inline double sim_unit(uint64_t *state) {
  return (double)(sim_next(state) >> 11) * 0x1.0p-53;
}

/* An index drawn with probability weight[i] / Σ weight. */
static inline size_t sim_pick(uint64_t *state, const double *weight, size_t count) {
  double total = 0;
  for (size_t i = 0; i < count; i++) total += weight[i];
  double at = sim_unit(state) * total;
  for (size_t i = 0; i + 1 < count; i++) {
    if (at < weight[i]) return i;
    at -= weight[i];
  }
  return count - 1;
}

/* ------------------------------------------------------------ token level */

/*
 * Tokens: 10 classes, 12 clusters. A sentence has a topic (2 in 3 sentences topic 0) and
 * 5 to 15 tokens; topic 0 favours the first classes, topic 1 the last, so sentences differ
 * in make-up as real ones do and resampling whole sentences matters. A token of class c
 * falls in cluster c with weight `main`, in c + 1 with `second`, and in each of the 10 other
 * clusters with `other`: a system that is mostly right, as induced tags are.
 */
enum { SIM_CLASSES = 10, SIM_CLUSTERS = 12 };

typedef struct sim_system {
  double main, second, other;
} sim_system;

static const sim_system sim_population_system = {70, 10, 2};

static inline double sim_topic_class(int topic, int c) {
  return topic ? 2.0 * c + 2 : 20.0 - 2.0 * c;
}

static inline double sim_cluster_weight(const sim_system *s, int c, int k) {
  return k == c ? s->main : k == (c + 1) % SIM_CLUSTERS ? s->second : s->other;
}

/* The population table: topic weights 2 and 1 times class weights times cluster weights. */
static inline double sim_population_cell(int c, int k) {
  return (2 * sim_topic_class(0, c) + sim_topic_class(1, c)) *
         sim_cluster_weight(&sim_population_system, c, k);
}

/* A corpus of `sentences` sentences: gold, and one file per system in `systems` (the same
 * gold tokens, each system drawing its own clusters). */
static inline void sim_corpus(uint64_t *state, size_t sentences, const sim_system *systems,
                              size_t system_count, ce_buf *gold, ce_buf *out) {
  gold->len = 0;
  for (size_t s = 0; s < system_count; s++) out[s].len = 0;
  for (size_t n = 0; n < sentences; n++) {
    int topic = sim_next(state) % 3 == 2;
    int length = 5 + (int)(sim_next(state) % 11);
    for (int t = 0; t < length; t++) {
      double class_weight[SIM_CLASSES];
      for (int c = 0; c < SIM_CLASSES; c++) class_weight[c] = sim_topic_class(topic, c);
      int c = (int)sim_pick(state, class_weight, SIM_CLASSES);
      ce__buf_printf(gold, "w%d\tC%d\n", c, c);
      for (size_t s = 0; s < system_count; s++) {
        double cluster_weight[SIM_CLUSTERS];
        for (int k = 0; k < SIM_CLUSTERS; k++)
          cluster_weight[k] = sim_cluster_weight(&systems[s], c, k);
        ce__buf_printf(&out[s], "w%d\tK%zu\n", c, sim_pick(state, cluster_weight, SIM_CLUSTERS));
      }
    }
    ce__buf_puts(gold, "\n");
    for (size_t s = 0; s < system_count; s++) ce__buf_puts(&out[s], "\n");
  }
}

/* ------------------------------------------------------------- type level */

/*
 * Items: 8 classes, 10 clusters. An item's gold entry is its class c (weight 9 − c) alone
 * (4 in 5) or with c + 1; its system entry is a cluster (c with weight 6, c + 2 with 2, each
 * other 1) alone (3 in 4) or with the next cluster: polysemous on both sides.
 */
enum { SIM_TYPE_CLASSES = 8, SIM_TYPE_CLUSTERS = 10 };

static inline int sim_type_weight(int c, int two_classes, int k, int two_clusters) {
  int cluster = k == c ? 6 : k == (c + 2) % SIM_TYPE_CLUSTERS ? 2 : 1;
  return (SIM_TYPE_CLASSES + 1 - c) * (two_classes ? 1 : 4) * cluster * (two_clusters ? 1 : 3);
}

static inline void sim_entry(ce_buf *gold, ce_buf *system, const char *item, int c, int two_classes,
                             int k, int two_clusters) {
  ce__buf_printf(gold, "%s\tC%d", item, c);
  if (two_classes) ce__buf_printf(gold, " C%d", (c + 1) % SIM_TYPE_CLASSES);
  ce__buf_printf(system, "%s\tK%d", item, k);
  if (two_clusters) ce__buf_printf(system, " K%d", (k + 1) % SIM_TYPE_CLUSTERS);
  ce__buf_puts(gold, "\n");
  ce__buf_puts(system, "\n");
}

/* The whole population: every kind of item as many times as its weight. */
static inline void sim_type_population(ce_buf *gold, ce_buf *system) {
  size_t n = 0;
  gold->len = system->len = 0;
  for (int c = 0; c < SIM_TYPE_CLASSES; c++)
    for (int a = 0; a < 2; a++)
      for (int k = 0; k < SIM_TYPE_CLUSTERS; k++)
        for (int b = 0; b < 2; b++)
          for (int copy = 0; copy < sim_type_weight(c, a, k, b); copy++) {
            char item[32];
            snprintf(item, sizeof item, "p%zu", n++);
            sim_entry(gold, system, item, c, a, k, b);
          }
}

/* A lexicon of `items` items drawn from the population. */
static inline void sim_type_sample(uint64_t *state, size_t items, ce_buf *gold, ce_buf *system) {
  static double weights[SIM_TYPE_CLASSES * 2 * SIM_TYPE_CLUSTERS * 2];
  size_t kinds = 0;
  for (int c = 0; c < SIM_TYPE_CLASSES; c++)
    for (int a = 0; a < 2; a++)
      for (int k = 0; k < SIM_TYPE_CLUSTERS; k++)
        for (int b = 0; b < 2; b++) weights[kinds++] = sim_type_weight(c, a, k, b);
  gold->len = system->len = 0;
  for (size_t i = 0; i < items; i++) {
    size_t kind = sim_pick(state, weights, kinds);
    int b = (int)(kind % 2), k = (int)(kind / 2 % SIM_TYPE_CLUSTERS);
    int a = (int)(kind / (2 * SIM_TYPE_CLUSTERS) % 2), c = (int)(kind / (4 * SIM_TYPE_CLUSTERS));
    char item[32];
    snprintf(item, sizeof item, "i%zu", i);
    sim_entry(gold, system, item, c, a, k, b);
  }
}

/* ----------------------------------------------------- Zipfian population */

/*
 * Tens or hundreds of classes, as a tag set has them: class c has Zipfian weight 1/(r + 1)
 * at rank r. A sentence has a topic (2 in 3 sentences topic 0): topic 0 ranks the classes
 * 0, 1, …, topic 1 from the middle on (rank (c + R/2) mod R), so sentences differ in make-up.
 * The system keeps `own` of a class in its own cluster (c mod K) and spreads the rest evenly
 * over the other clusters: every cell of the table has some weight, as an induced tagger's.
 */
typedef struct sim_zipf {
  int classes, clusters;
  double own;
} sim_zipf;

static inline double sim_zipf_class(const sim_zipf *z, int topic, int c) {
  int rank = topic ? (c + z->classes / 2) % z->classes : c;
  return 1.0 / (rank + 1);
}

static inline double sim_zipf_cluster(const sim_zipf *z, int c, int k) {
  return k == c % z->clusters ? z->own : (1.0 - z->own) / (z->clusters - 1);
}

/* The population table (both topics' weights sum to the same harmonic number). */
static inline double sim_zipf_cell(const sim_zipf *z, int c, int k) {
  return (2 * sim_zipf_class(z, 0, c) + sim_zipf_class(z, 1, c)) * sim_zipf_cluster(z, c, k);
}

/* An index drawn from the cumulative weights `cum` (ascending, cum[count - 1] the total). */
static inline int sim_pick_cumulative(uint64_t *state, const double *cum, int count) {
  double at = sim_unit(state) * cum[count - 1];
  int lo = 0, hi = count - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (at < cum[mid])
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/* The cluster of a token of class c: its own with probability `own`, else another. */
static inline int sim_zipf_draw_cluster(uint64_t *state, const sim_zipf *z, int c) {
  int own = c % z->clusters;
  if (sim_unit(state) < z->own) return own;
  int k = (int)(sim_next(state) % (uint64_t)(z->clusters - 1));
  return k >= own ? k + 1 : k;
}

/* A corpus of `sentences` sentences of 10 to 22 tokens, gold and system; its token count. */
static inline size_t sim_zipf_corpus(uint64_t *state, const sim_zipf *z, size_t sentences,
                                     ce_buf *gold, ce_buf *system) {
  double *cum = malloc(2 * (size_t)z->classes * sizeof *cum);
  for (int topic = 0; topic < 2; topic++)
    for (int c = 0; c < z->classes; c++)
      cum[topic * z->classes + c] =
          (c ? cum[topic * z->classes + c - 1] : 0) + sim_zipf_class(z, topic, c);
  gold->len = system->len = 0;
  size_t tokens = 0;
  for (size_t n = 0; n < sentences; n++) {
    int topic = sim_next(state) % 3 == 2;
    int length = 10 + (int)(sim_next(state) % 13);
    for (int t = 0; t < length; t++, tokens++) {
      int c = sim_pick_cumulative(state, cum + topic * z->classes, z->classes);
      ce__buf_printf(gold, "w%d\tC%d\n", c, c);
      ce__buf_printf(system, "w%d\tK%d\n", c, sim_zipf_draw_cluster(state, z, c));
    }
    ce__buf_puts(gold, "\n");
    ce__buf_puts(system, "\n");
  }
  free(cum);
  return tokens;
}

/* A lexicon of `items` items drawn from the population (monosemous on both sides). */
static inline size_t sim_zipf_lexicon(uint64_t *state, const sim_zipf *z, size_t items,
                                      ce_buf *gold, ce_buf *system) {
  double *cum = malloc((size_t)z->classes * sizeof *cum);
  for (int c = 0; c < z->classes; c++)
    cum[c] = (c ? cum[c - 1] : 0) + 2 * sim_zipf_class(z, 0, c) + sim_zipf_class(z, 1, c);
  gold->len = system->len = 0;
  for (size_t i = 0; i < items; i++) {
    int c = sim_pick_cumulative(state, cum, z->classes);
    ce__buf_printf(gold, "i%zu\tC%d\n", i, c);
    ce__buf_printf(system, "i%zu\tK%d\n", i, sim_zipf_draw_cluster(state, z, c));
  }
  free(cum);
  return items;
}

/* --------------------------------------------------------------- running */

/* Scores `gold` against the systems with `options` (pairs of option and value, ended by
 * CE_OPT_COUNT), then runs every resample and shuffle asked for. */
static inline ce_eval *sim_evaluate(ce_format format, const ce_buf *gold, const ce_buf *systems,
                                    size_t count, const double *options) {
  ce_eval *ev = ce_eval_create();
  for (size_t o = 0; options[o] != CE_OPT_COUNT; o += 2)
    CHECK(ce_eval_set(ev, (ce_option)options[o], options[o + 1]) == CE_OK);
  CHECK(ce_eval_add_input(ev, "gold", NULL, NULL) == CE_OK);
  CHECK(ce_eval_set_format(ev, 0, format) == CE_OK);
  for (size_t s = 0; s < count; s++) {
    char name[16];
    snprintf(name, sizeof name, "system%zu", s + 1);
    CHECK(ce_eval_add_input(ev, name, NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, s + 1, format == CE_FORMAT_COUNTS ? CE_FORMAT_AUTO : format) ==
          CE_OK);
  }
  CHECK(ce_eval_feed(ev, 0, gold->data, gold->len, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++)
    CHECK(ce_eval_feed(ev, s + 1, systems[s].data, systems[s].len, NULL) == CE_OK);
  for (size_t i = 0; i <= count; i++) CHECK(ce_eval_close(ev, i, NULL) == CE_OK);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  unsigned done = 0, total = 0;
  do CHECK(ce_eval_resample(ev, 1000000, &done, &total, NULL) == CE_OK);
  while (done < total);
  do CHECK(ce_eval_shuffle(ev, 1000000, &done, &total, NULL) == CE_OK);
  while (done < total);
  return ev;
}

#endif
