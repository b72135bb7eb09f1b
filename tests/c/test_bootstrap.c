/*
 * --bootstrap (SPEC §3.5) through the public API: intervals on synthetic data where the
 * truth is known, their width against the corpus size, reproducibility, paired shares,
 * the lexicon's item resampling, and the statistics helpers against scipy.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"
#include "common/util_internal.h"
#include "measures/measures_internal.h"
#include "stats/numeric_internal.h"

/* ------------------------------------------------------- statistics */

static void test_statistics(void) {
  /* numpy.percentile([4, 1, 3, 2], 25) = 1.75; of [0.1, 0.5, 0.2, 0.9, 0.3] at 2.5 and
   * 97.5: 0.11 and 0.86 (numpy 1.24, linear interpolation). */
  double four[] = {1, 2, 3, 4}, five[] = {0.1, 0.2, 0.3, 0.5, 0.9};
  CHECK_NEAR(ce__quantile_sorted(four, 4, 0.25), 1.75, 1e-15);
  CHECK_NEAR(ce__quantile_sorted(five, 5, 0.025), 0.11, 1e-15);
  CHECK_NEAR(ce__quantile_sorted(five, 5, 0.975), 0.86, 1e-15);
  CHECK_NEAR(ce__quantile_sorted(four, 1, 0.975), 1.0, 0);

  /* scipy 1.10.1: spearmanr and kendalltau (tau-b) with ties on one side, then both. */
  double x1[] = {1, 2, 3, 4, 5}, y1[] = {5, 6, 7, 8, 7};
  double rho;
  CHECK(ce__spearman(x1, y1, 5, &rho) == CE_OK);
  CHECK_NEAR(rho, 0.8207826816681233, 1e-14);
  CHECK_NEAR(ce__kendall_tau_b(x1, y1, 5), 0.7378647873726218, 1e-14);
  double x2[] = {1, 1, 2, 3, 3, 4}, y2[] = {2, 1, 1, 3, 4, 4};
  CHECK(ce__spearman(x2, y2, 6, &rho) == CE_OK);
  CHECK_NEAR(rho, 0.818181818181818, 1e-14);
  CHECK_NEAR(ce__kendall_tau_b(x2, y2, 6), 0.6923076923076924, 1e-14);
  /* A constant side has no ranking: scipy gives nan. */
  double flat[] = {2, 2, 2};
  CHECK(ce__spearman(x1, flat, 3, &rho) == CE_OK);
  CHECK(isnan(rho));
  CHECK(isnan(ce__kendall_tau_b(flat, x1, 3)));

  /* The normal distribution BCa works in, against scipy.special 1.10.1's ndtr and ndtri
   * (the far tail loses digits to the rounding of x²). */
  static const double cdf[][2] = {{-1.96, 0.024997895148220435},
                                  {0.5, 0.6914624612740131},
                                  {-8.0, 6.22096057427174e-16},
                                  {3.0, 0.9986501019683699},
                                  {-30.0, 4.906713927147908e-198}};
  for (size_t i = 0; i < sizeof cdf / sizeof cdf[0]; i++)
    CHECK_NEAR(ce__normal_cdf(cdf[i][0]), cdf[i][1], 1e-13 * cdf[i][1]);
  static const double quantile[][2] = {{0.025, -1.9599639845400545},
                                       {0.975, 1.959963984540054},
                                       {1e-10, -6.361340902404056},
                                       {0.6, 0.2533471031357997},
                                       {1 - 1e-12, 7.0344869100478356}};
  for (size_t i = 0; i < sizeof quantile / sizeof quantile[0]; i++)
    CHECK_NEAR(ce__normal_quantile(quantile[i][0]), quantile[i][1], 1e-13);
  CHECK(ce__normal_quantile(0) == -INFINITY && ce__normal_quantile(1) == INFINITY);
  CHECK(isnan(ce__normal_quantile(1.5)));
}

/* --------------------------------------------- pairs without copies */

static void test_pairs_without_copies(void) {
  /*
   * A resample drew sentence s twice: its token t (class 0, cluster 0) counts twice. With
   * token u (class 0, cluster 0) drawn once and token v (class 1, cluster 0) once, cell
   * (0, 0) holds 3 tokens, Σ w² = 2² + 1 = 5: (9 − 5)/2 = 2 pairs of distinct tokens
   * (t–u twice), not C(3, 2) = 3 (t with its own copy). Cell (1, 0): 1 token, Σ w² = 1.
   * Cluster 0 holds 4 tokens, Σ w² = 6: (16 − 6)/2 = 5 pairs; class 0 the same 2 pairs.
   * pair_p = 2/5, pair_r = 2/2 = 1; counting the copy, 3/6 and 3/3.
   */
  uint64_t counts[] = {3, 1}; /* classes × clusters: 2 × 1 */
  ce_table table;
  CHECK(ce__table_from_dense(&table, counts, 2, 1) == CE_OK);
  uint64_t squares[] = {5, 1};
  ce_copies copies = {squares};
  ce_measures with = {{0}, {0}}, without = {{0}, {0}};
  CHECK(ce__measures_pairs(&table, &copies, &with) == CE_OK);
  CHECK(ce__measures_pairs(&table, NULL, &without) == CE_OK);
  CHECK_NEAR(with.value[CE_PAIR_P], 2.0 / 5, 1e-15);
  CHECK_NEAR(with.value[CE_PAIR_R], 1.0, 1e-15);
  CHECK_NEAR(without.value[CE_PAIR_P], 3.0 / 6, 1e-15);
  /* All pairs: (16 − 6)/2 = 5 of distinct tokens, 2 of them together in both: rand = 2/5 +
   * the pairs apart in both (none) = 0.4. */
  CHECK_NEAR(with.value[CE_RAND], 2.0 / 5, 1e-15);
  ce__table_free(&table);
}

/* ------------------------------------------------------ synthetic data */

/* A small deterministic generator, apart from the core's, so the data owe nothing to it. */
static uint32_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005u + 1442695040888963407u;
  return (uint32_t)(*state >> 33);
}

/*
 * Gold: `sentences` sentences of 12 tokens over 300 words, each word with one of 12 tags
 * (word w has tag w % 12). The system copies gold and relabels `noise_percent` % of the
 * tokens with a tag drawn at random: its truth is known.
 */
static void make_pair(size_t sentences, unsigned noise_percent, uint64_t seed, ce_buf *gold,
                      ce_buf *system) {
  uint64_t state = seed, noise = ~seed; /* apart: one seed gives one gold at any noise */
  gold->len = system->len = 0;
  for (size_t s = 0; s < sentences; s++) {
    for (int t = 0; t < 12; t++) {
      /* roughly Zipfian: small word ids are frequent */
      uint32_t word = next_random(&state) % 300;
      word = word * word / 300;
      uint32_t tag = word % 12, noisy = tag;
      if (next_random(&noise) % 100 < noise_percent) noisy = next_random(&noise) % 12;
      ce__buf_printf(gold, "w%u\tT%u\n", word, tag);
      ce__buf_printf(system, "w%u\tK%u\n", word, noisy);
    }
    ce__buf_puts(gold, "\n");
    ce__buf_puts(system, "\n");
  }
}

static ce_eval *evaluate(const ce_buf *gold, const ce_buf *const *systems, size_t count,
                         unsigned resamples, double seed) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, resamples) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_SEED, seed) == CE_OK);
  CHECK(ce_eval_add_input(ev, "gold", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++) {
    char name[16];
    snprintf(name, sizeof name, "system%zu", s + 1);
    CHECK(ce_eval_add_input(ev, name, NULL, NULL) == CE_OK);
  }
  CHECK(ce_eval_feed(ev, 0, gold->data, gold->len, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++)
    CHECK(ce_eval_feed(ev, s + 1, systems[s]->data, systems[s]->len, NULL) == CE_OK);
  for (size_t i = 0; i <= count; i++) CHECK(ce_eval_close(ev, i, NULL) == CE_OK);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  /* The resamples, then BCa's jackknife: one replicate per block of sentences (at most 100). */
  unsigned done = 0, total = 0;
  CHECK(ce_eval_resample(ev, resamples + 100, &done, &total, NULL) == CE_OK);
  CHECK(done == total && total == resamples + 100);
  return ev;
}

/* The token measures checked for coverage: the mapping, information, pair and BCubed
 * families. ZeroSpeech's grouping scores count pairs of word types, which a resample's
 * duplicated sentences inflate; docs/statistics.md says so. */
static const ce_measure covered[] = {
    CE_M1,  CE_O1,  CE_INV_PURITY, CE_HOMOGENEITY, CE_COMPLETENESS, CE_V_MEASURE, CE_VI,
    CE_NMI, CE_AMI, CE_ARI,        CE_PAIR_F,      CE_FMI,          CE_BCUBED_F};

static double interval_width(const ce_eval *ev, ce_measure m, int print) {
  double lo = 0, hi = 0, value = 0;
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TOKEN, m, &value) == CE_OK);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TOKEN, m, &lo, &hi) == CE_OK);
  if (print) printf("  %-12s %.4f [%.4f, %.4f]\n", ce_measure_id(m), value, lo, hi);
  if (!(lo <= value && value <= hi))
    fprintf(stderr, "token.%s: %.6f outside [%.6f, %.6f]\n", ce_measure_id(m), value, lo, hi);
  CHECK(lo <= value && value <= hi);
  return hi - lo;
}

static void test_coverage_and_width(void) {
  ce_buf gold = {0}, system = {0};
  const ce_buf *systems[] = {&system};
  size_t n = sizeof covered / sizeof covered[0];
  double widths[2][sizeof covered / sizeof covered[0]];
  size_t sizes[2] = {500, 2000};
  for (int run = 0; run < 2; run++) {
    make_pair(sizes[run], 20, 42 + (uint64_t)run, &gold, &system);
    ce_eval *ev = evaluate(&gold, systems, 1, 300, 5);
    printf("%zu sentences, 20%% of the tokens relabelled, B = 300:\n", sizes[run]);
    for (size_t i = 0; i < n; i++) widths[run][i] = interval_width(ev, covered[i], 1);
    /* The type level draws items: BCa corrects the hill climbing's upward pull, and every
     * interval holds its value (test_coverage.c measures how often the truth). */
    static const ce_measure type_ids[] = {CE_MACRO_I_M1, CE_MICRO_I_M1, CE_MICRO_C_M1,
                                          CE_MACRO_I_O1, CE_EBCUBED_F};
    for (size_t t = 0; t < sizeof type_ids / sizeof type_ids[0]; t++) {
      double lo, hi, value;
      CHECK(ce_eval_value(ev, 0, CE_LEVEL_TYPE, type_ids[t], &value) == CE_OK);
      CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TYPE, type_ids[t], &lo, &hi) == CE_OK);
      printf("  type.%-10s %.4f [%.4f, %.4f]\n", ce_measure_id(type_ids[t]), value, lo, hi);
      CHECK(lo <= value && value <= hi);
    }
    ce_eval_free(ev);
  }
  /* Four times the sentences: intervals about half as wide (1/sqrt(n)). */
  for (size_t i = 0; i < n; i++) {
    double ratio = widths[0][i] / widths[1][i];
    printf("  width ratio %-12s %.2f\n", ce_measure_id(covered[i]), ratio);
    CHECK(ratio > 1.5 && ratio < 2.7);
  }
  ce__buf_free(&gold);
  ce__buf_free(&system);
}

/* ---------------------------------------------------- reproducibility */

static char *json_of(ce_eval *ev) {
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  return json;
}

static void test_steps_and_seed(void) {
  ce_buf gold = {0}, system = {0};
  make_pair(200, 30, 7, &gold, &system);
  const ce_buf *systems[] = {&system};
  ce_eval *whole = evaluate(&gold, systems, 1, 40, 3);
  /* The same run resampled one at a time. */
  ce_eval *steps = ce_eval_create();
  CHECK(ce_eval_set(steps, CE_OPT_BOOTSTRAP, 40) == CE_OK);
  CHECK(ce_eval_set(steps, CE_OPT_SEED, 3) == CE_OK);
  CHECK(ce_eval_add_input(steps, "gold", NULL, NULL) == CE_OK);
  CHECK(ce_eval_add_input(steps, "system1", NULL, NULL) == CE_OK);
  ce_eval_feed(steps, 0, gold.data, gold.len, NULL);
  ce_eval_feed(steps, 1, system.data, system.len, NULL);
  ce_eval_close(steps, 0, NULL);
  ce_eval_close(steps, 1, NULL);
  CHECK(ce_eval_finish(steps, NULL) == CE_OK);
  unsigned done = 0, total = 0, calls = 0;
  do {
    CHECK(ce_eval_resample(steps, 1, &done, &total, NULL) == CE_OK);
    calls++;
  } while (done < total && calls < 1000);
  CHECK(calls == 140); /* 40 resamples, 100 jackknife replicates */
  char *a = json_of(whole), *b = json_of(steps);
  CHECK(a && b && strcmp(a, b) == 0);
  /* Another seed draws other resamples. */
  ce_eval *other = evaluate(&gold, systems, 1, 40, 4);
  char *c = json_of(other);
  CHECK(c && strcmp(a, c) != 0);
  ce_free(a);
  ce_free(b);
  ce_free(c);
  ce_eval_free(whole);
  ce_eval_free(steps);
  ce_eval_free(other);
  ce__buf_free(&gold);
  ce__buf_free(&system);
}

/* ------------------------------------------------------------- paired */

static void test_paired(void) {
  ce_buf gold = {0}, close = {0}, far = {0}, unused = {0};
  make_pair(300, 5, 11, &gold, &close);
  make_pair(300, 60, 11, &unused, &far); /* the same gold (same seed), more noise */
  const ce_buf *systems[] = {&close, &far, &close};
  ce_eval *ev = evaluate(&gold, systems, 3, 50, 1);
  char *json = json_of(ev);
  /* 5 % against 60 % noise: no resample reverses the order. */
  CHECK_STR_CONTAINS(json,
                     "\"paired\":{\"token.m1\":{\"system1\":{\"system2\":0,\"system3\":null}");
  /* The paired bootstrap's p-values: no resample comes near, 1/(50 + 1); a system against
   * its copy differs by 0, as every resample does: 1. */
  double p;
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_TOKEN, CE_M1, &p) == CE_OK);
  CHECK_NEAR(p, 1.0 / 51, 1e-15);
  CHECK(ce_eval_p_value(ev, 0, 2, CE_LEVEL_TOKEN, CE_M1, &p) == CE_OK);
  CHECK(p == 1.0);
  CHECK(ce_eval_p_value(ev, 1, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1, &p) == CE_OK);
  CHECK_NEAR(p, 1.0 / 51, 1e-15);
  CHECK(ce_eval_p_value(ev, 0, 0, CE_LEVEL_TOKEN, CE_M1, &p) == CE_ERR_UNAVAILABLE);
  CHECK_STR_CONTAINS(json, "\"test\":{\"method\":\"bootstrap\",\"resamples\":50,");
  /* Three rows rank: a rank correlation of every measure with itself is 1. */
  CHECK_STR_CONTAINS(json, "\"rank_correlation\":{\"systems\":3,");
  CHECK_STR_CONTAINS(json, "\"spearman\":{\"token.m1\":{\"token.m1\":1,");
  CHECK_STR_CONTAINS(json, "\"unit\":\"sentence\",\"units\":300,");
  ce_free(json);
  ce_eval_free(ev);

  /* Approximate randomization on the same systems, stepped: the same p-values at once. */
  ce_eval *ar = ce_eval_create();
  CHECK(ce_eval_set(ar, CE_OPT_TEST, CE_TEST_AR) == CE_OK);
  CHECK(ce_eval_set(ar, CE_OPT_SHUFFLES, 200) == CE_OK);
  CHECK(ce_eval_add_input(ar, "gold", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < 3; s++) CHECK(ce_eval_add_input(ar, "system", NULL, NULL) == CE_OK);
  ce_eval_feed(ar, 0, gold.data, gold.len, NULL);
  for (size_t s = 0; s < 3; s++) ce_eval_feed(ar, s + 1, systems[s]->data, systems[s]->len, NULL);
  for (size_t i = 0; i < 4; i++) ce_eval_close(ar, i, NULL);
  CHECK(ce_eval_finish(ar, NULL) == CE_OK);
  unsigned done = 0, total = 0, calls = 0;
  do {
    CHECK(ce_eval_shuffle(ar, 7, &done, &total, NULL) == CE_OK);
    calls++;
  } while (done < total && calls < 1000);
  CHECK(total == 3 * 200 && calls == (3 * 200 + 6) / 7); /* three pairs of rows */
  CHECK(ce_eval_p_value(ar, 0, 1, CE_LEVEL_TOKEN, CE_M1, &p) == CE_OK);
  CHECK_NEAR(p, 1.0 / 201, 1e-15);
  CHECK(ce_eval_p_value(ar, 2, 0, CE_LEVEL_TOKEN, CE_V_MEASURE, &p) == CE_OK);
  CHECK(p == 1.0); /* a swap between two equal outputs changes nothing */
  CHECK(ce_eval_p_value(ar, 0, 1, CE_LEVEL_TYPE, CE_MICRO_I_O1, &p) == CE_OK);
  CHECK_NEAR(p, 1.0 / 201, 1e-15);
  /* No resamples: no intervals. */
  double lo, hi;
  CHECK(ce_eval_interval(ar, 0, CE_LEVEL_TOKEN, CE_M1, &lo, &hi) == CE_ERR_UNAVAILABLE);
  json = json_of(ar);
  CHECK_STR_CONTAINS(json, "\"test\":{\"method\":\"ar\",\"shuffles\":200,\"done\":600,");
  CHECK(!strstr(json, "\"bootstrap\":{"));
  ce_free(json);
  ce_eval_free(ar);
  ce__buf_free(&gold);
  ce__buf_free(&close);
  ce__buf_free(&far);
  ce__buf_free(&unused);
}

/* ---------------------------------------------------- lexicon, counts */

static ce_eval *read_texts(ce_format gold_format, const char *gold, const char *system,
                           unsigned resamples) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, resamples) == CE_OK);
  CHECK(ce_eval_add_input(ev, "gold", NULL, NULL) == CE_OK);
  CHECK(ce_eval_set_format(ev, 0, gold_format) == CE_OK);
  if (system) CHECK(ce_eval_add_input(ev, "system", NULL, NULL) == CE_OK);
  ce_eval_feed(ev, 0, gold, strlen(gold), NULL);
  if (system) ce_eval_feed(ev, 1, system, strlen(system), NULL);
  ce_eval_close(ev, 0, NULL);
  if (system) ce_eval_close(ev, 1, NULL);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  unsigned done = 0, total = 0;
  do CHECK(ce_eval_resample(ev, 1000, &done, &total, NULL) == CE_OK);
  while (done < total);
  CHECK(total >= resamples);
  return ev;
}

static void test_lexicon_and_counts(void) {
  /* A lexicon resamples its items: 8 items, each evaluated as often as drawn. */
  ce_eval *ev =
      read_texts(CE_FORMAT_LEXICON, "a\tN\nb\tN\nc\tV\nd\tV\ne\tJ\nf\tJ\ng\tN\nh\tV\nh\tN\n",
                 "a\t1\nb\t1\nc\t2\nd\t2\ne\t1\nf\t3\ng\t1\nh\t2\n", 30);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"unit\":\"item\",\"units\":8,");
  double lo, hi, value;
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_I_M1, &value) == CE_OK);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TYPE, CE_MICRO_I_M1, &lo, &hi) == CE_OK);
  CHECK(lo <= hi && lo >= 0 && hi <= 1);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TOKEN, CE_M1, &lo, &hi) == CE_ERR_UNAVAILABLE);
  ce_free(json);
  ce_eval_free(ev);

  /* A counts file has nothing to draw: a warning, no intervals. */
  ev = read_texts(CE_FORMAT_COUNTS, "N\t1\t5\nV\t2\t3\nN\t2\t1\n", NULL, 10);
  json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"bootstrap\":{\"resamples\":0,\"requested\":10,\"unit\":null,");
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TOKEN, CE_M1, &lo, &hi) == CE_ERR_UNAVAILABLE);
  ce_free(json);
  ce_eval_free(ev);

  /* One sentence and one item: BCa has no jackknife to run (leaving the only unit out
   * leaves nothing), so the resamples end the steps and every interval is one point. */
  ev = read_texts(CE_FORMAT_TAGGED, "a\tN\n", "a\tk\n", 5);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TOKEN, CE_M1, &lo, &hi) == CE_OK);
  CHECK(lo == 1.0 && hi == 1.0);
  ce_eval_free(ev);
}

/* The same pair as one line after another with no blank line: no sentence boundaries. */
static void drop_boundaries(ce_buf *text) {
  size_t kept = 0;
  for (size_t i = 0; i < text->len; i++)
    if (!(text->data[i] == '\n' && (i == 0 || text->data[i - 1] == '\n')))
      text->data[kept++] = text->data[i];
  text->len = kept;
}

/*
 * An input without sentence boundaries is one sentence: drawing it gave back the data, an
 * interval of width 0. Tokens are drawn one by one instead, and every row says so. The
 * generator's tokens are independent, so the intervals are about as wide as with sentences.
 */
static void test_no_boundaries(void) {
  ce_buf gold = {0}, system = {0}, flat_gold = {0}, flat_system = {0};
  make_pair(200, 30, 7, &gold, &system);
  ce__buf_append(&flat_gold, gold.data, gold.len);
  ce__buf_append(&flat_system, system.data, system.len);
  drop_boundaries(&flat_gold);
  drop_boundaries(&flat_system);
  const ce_buf *marked[] = {&system}, *flat[] = {&flat_system};
  ce_eval *with = evaluate(&gold, marked, 1, 400, 3),
          *without = evaluate(&flat_gold, flat, 1, 400, 3);
  for (size_t m = 0; m < sizeof covered / sizeof covered[0]; m++) {
    double by_sentence = interval_width(with, covered[m], 0);
    double by_token = interval_width(without, covered[m], 0);
    CHECK(by_token > 0.5 * by_sentence && by_token < 2.0 * by_sentence);
  }
  char *marked_json = json_of(with), *flat_json = json_of(without);
  CHECK_STR_CONTAINS(flat_json, "\"unit\":\"token\",\"units\":2400");
  CHECK_STR_CONTAINS(flat_json, "the input marks no sentence boundaries, so tokens are resampled");
  CHECK_STR_CONTAINS(marked_json, "\"unit\":\"sentence\",\"units\":200");
  CHECK(strstr(marked_json, "no sentence boundaries") == NULL);
  ce_free(marked_json);
  ce_free(flat_json);
  ce_eval_free(with);
  ce_eval_free(without);
  ce__buf_free(&gold);
  ce__buf_free(&system);
  ce__buf_free(&flat_gold);
  ce__buf_free(&flat_system);
}

/* ------------------------------------------------------------ bias */

/*
 * A hand-made table whose resamples' bias is known in closed form. Two sentences: "a b"
 * (classes A B, clusters X Y) and "c d" (A B, clusters Y X). Together every (class, cluster)
 * cell holds one token: MI = 0, V = 0, VI = 2 ln 2. A resample draws the same sentence twice
 * with probability 1/2 (then MI = ln 2, V = 1, VI = 0), and each once otherwise (the full
 * data again), so the resamples' mean lies above the value by ln 2 / 2 for MI, 1/2 for V and
 * below it by ln 2 for VI, up to the draw's noise: a share p of pure resamples gives MI bias
 * p ln 2, V bias p and VI bias −2p ln 2 exactly, p within 4 standard errors of 1/2.
 */
static void test_bias_closed_form(void) {
  static const char gold[] = "a\tA\nb\tB\n\nc\tA\nd\tB\n";
  static const char system[] = "a\tX\nb\tY\n\nc\tY\nd\tX\n";
  enum { B = 4000 };
  ce_eval *ev = read_texts(CE_FORMAT_AUTO, gold, system, B);
  double mi, v, vi, value;
  const char *note;
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TOKEN, CE_MI, &value) == CE_OK);
  CHECK_NEAR(value, 0.0, 1e-12);
  CHECK(ce_eval_interval_bias(ev, 0, CE_LEVEL_TOKEN, CE_MI, &mi, &note) == CE_OK);
  CHECK(ce_eval_interval_bias(ev, 0, CE_LEVEL_TOKEN, CE_V_MEASURE, &v, NULL) == CE_OK);
  CHECK(ce_eval_interval_bias(ev, 0, CE_LEVEL_TOKEN, CE_VI, &vi, NULL) == CE_OK);
  double p = v; /* the share of pure resamples */
  printf(
      "closed-form bias: share of pure resamples %.4f (1/2), MI bias %.5f (ln 2 / 2 = %.5f), "
      "VI bias %.5f (-ln 2 = %.5f)\n",
      p, mi, log(2.0) / 2, vi, -log(2.0));
  CHECK(fabs(p - 0.5) < 4 * 0.5 / sqrt((double)B));
  CHECK_NEAR(mi, p * log(2.0), 1e-12);
  CHECK_NEAR(vi, -2 * p * log(2.0), 1e-12);
  /* Half the resamples sit on the value: no bias beyond the spread, no note. */
  CHECK(note == NULL);
  CHECK(ce_eval_interval_note(ev, 0, CE_LEVEL_TOKEN, CE_MI) == NULL);
  ce_eval_free(ev);
}

/*
 * A small biased case: 20 classes and 20 clusters drawn independently for 400 tokens in
 * sentences of 8. The population's MI and V are 0, and the plug-in MI lies near
 * (R − 1)(C − 1)/2N = 0.45 nats: every resample lies above the value. MI and V get an
 * interval below the value, a positive ci_bias and a note "biased high by ~…"; VI (whose
 * conditional entropies are biased low) one above it, "biased low".
 */
static void test_bias_note(void) {
  ce_buf gold = {0}, system = {0};
  uint64_t state = 77;
  for (int t = 0; t < 400; t++) {
    ce__buf_printf(&gold, "w%d\tC%u\n", t, next_random(&state) % 20);
    ce__buf_printf(&system, "w%d\tK%u\n", t, next_random(&state) % 20);
    if (t % 8 == 7) {
      ce__buf_puts(&gold, "\n");
      ce__buf_puts(&system, "\n");
    }
  }
  const ce_buf *systems[] = {&system};
  ce_eval *ev = evaluate(&gold, systems, 1, 500, 3);
  const ce_measure high[] = {CE_MI, CE_V_MEASURE, CE_NMI, CE_HOMOGENEITY};
  for (size_t i = 0; i < sizeof high / sizeof high[0]; i++) {
    double value, lo, hi, bias;
    const char *note = NULL;
    CHECK(ce_eval_value(ev, 0, CE_LEVEL_TOKEN, high[i], &value) == CE_OK);
    CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TOKEN, high[i], &lo, &hi) == CE_OK);
    CHECK(ce_eval_interval_bias(ev, 0, CE_LEVEL_TOKEN, high[i], &bias, &note) == CE_OK);
    printf("biased high: %s %.4f [%.4f, %.4f], ci_bias %+.4f\n", ce_measure_id(high[i]), value, lo,
           hi, bias);
    CHECK(bias > 0 && hi < value);
    CHECK(note && strncmp(note, "biased high by ~", 16) == 0);
    CHECK(ce_eval_interval_note(ev, 0, CE_LEVEL_TOKEN, high[i]) == NULL);
  }
  double value, lo, hi, bias;
  const char *note = NULL;
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TOKEN, CE_VI, &value) == CE_OK);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TOKEN, CE_VI, &lo, &hi) == CE_OK);
  CHECK(ce_eval_interval_bias(ev, 0, CE_LEVEL_TOKEN, CE_VI, &bias, &note) == CE_OK);
  printf("biased low: vi %.4f [%.4f, %.4f], ci_bias %+.4f\n", value, lo, hi, bias);
  CHECK(bias < 0 && lo > value);
  CHECK(note && strncmp(note, "biased low by ~", 15) == 0);
  /* The note's bias-corrected estimate is the value minus the bias, at four decimals. */
  char corrected[32];
  snprintf(corrected, sizeof corrected, "bias-corrected %.4f", value - bias);
  CHECK_STR_CONTAINS(note, corrected);
  /* The JSON carries the bias and the note; the text table marks the value and says why. */
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"ci_bias\":{");
  CHECK_STR_CONTAINS(json, "\"ci_notes\":{\"token.");
  CHECK_STR_CONTAINS(json, "\"token.vi\":\"biased low by ~");
  ce_free(json);
  ce_column columns[] = {{CE_LEVEL_TOKEN, CE_VI}};
  char *text;
  CHECK(ce_eval_table(ev, CE_TABLE_TEXT, columns, 1, NULL, 0, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "]\xe2\x80\xa0");
  CHECK_STR_CONTAINS(text, "\xe2\x80\xa0 system1, token.vi: biased low by ~");
  ce_free(text);
  CHECK(ce_eval_table(ev, CE_TABLE_LATEX, columns, 1, NULL, 0, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "$^{\\dagger}$ system1, token.vi: biased low by");
  ce_free(text);
  ce_eval_free(ev);
  ce__buf_free(&gold);
  ce__buf_free(&system);
}

int main(void) {
  test_statistics();
  test_no_boundaries();
  test_pairs_without_copies();
  test_coverage_and_width();
  test_steps_and_seed();
  test_paired();
  test_lexicon_and_counts();
  test_bias_closed_form();
  test_bias_note();
  printf("%d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
