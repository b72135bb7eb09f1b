/*
 * Statistics of a tde run (SPEC §3.5 over §3.8's units, the corpus' files): --bootstrap
 * draws files with replacement, a file drawn w times counting w times (its copies make no
 * pair with one another), and --test ar swaps two systems' fragments file by file. Checked
 * against runs on corpora made by hand from the same files:
 *  - a file of weight 0 is scored as if the corpus lacked it (every measure, grouping too):
 *    the jackknife's replicates;
 *  - a file of weight 2 is scored, for coverage, token, type and boundary, as the corpus
 *    holding a copy of it under another name; NED leaves out the pairs of a fragment with
 *    its own copy, worked by hand;
 *  - a shuffle that swaps no file gives the two systems' own values, one that swaps every
 *    file gives them exchanged; two equal systems differ by 0 under every shuffle: p = 1.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"
#include "eval_values.h"
#include "run/row_internal.h"
#include "run/run_internal.h"
#include "run/tde_internal.h"

/* File f of the corpus: two words cat (k ae t) and dog (d o g), SIL between. */
static void corpus_file(ce_buf *phones, ce_buf *words, const char *f) {
  static const char *const ph[] = {"SIL", "k", "ae", "t", "SIL", "d", "o", "g"};
  for (int i = 0; i < 8; i++) ce__buf_printf(phones, "%s 0.%d0 0.%d0 %s\n", f, i, i + 1, ph[i]);
  ce__buf_printf(words, "%s 0.10 0.40 cat\n%s 0.50 0.80 dog\n", f, f);
}

static ce_eval *run(const char *words, const char *const *systems, size_t count, const char *phones,
                    int bootstrap, int ar) {
  ce_eval *ev = ce_eval_create();
  if (bootstrap) CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, bootstrap) == CE_OK);
  /* Percentile intervals lie within the resamples' values, which lie in [0, 1]. */
  if (bootstrap) CHECK(ce_eval_set(ev, CE_OPT_CI, CE_CI_PERCENTILE) == CE_OK);
  if (ar) CHECK(ce_eval_set(ev, CE_OPT_TEST, CE_TEST_AR) == CE_OK);
  if (ar) CHECK(ce_eval_set(ev, CE_OPT_SHUFFLES, 200) == CE_OK);
  CHECK(ce_eval_add_input(ev, "w", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++) CHECK(ce_eval_add_input(ev, "s", NULL, NULL) == CE_OK);
  CHECK(ce_eval_add_phones(ev, "p", NULL, NULL) == CE_OK);
  for (size_t i = 0; i <= count + 1; i++) {
    const char *text = i == 0 ? words : i <= count ? systems[i - 1] : phones;
    CHECK(ce_eval_feed(ev, i, text, strlen(text), NULL) == CE_OK);
    CHECK(ce_eval_close(ev, i, NULL) == CE_OK);
  }
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  if (bootstrap) CHECK(ce_eval_resample(ev, 100000, NULL, NULL, NULL) == CE_OK);
  if (ar) CHECK(ce_eval_shuffle(ev, 100000, NULL, NULL, NULL) == CE_OK);
  return ev;
}

/* The measures of two runs agree to 1e-12, null where null, but those `skipped`. */
static void same_measures(const ce_measures *a, const ce_measures *b, uint64_t skipped) {
  for (int i = 0; i < CE_TDE_MEASURES; i++) {
    ce_measure m = ce__tde_measures[i];
    if (skipped >> m & 1) continue;
    int has = ce__measure_has(a, m);
    CHECK(has == ce__measure_has(b, m));
    if (has && ce__measure_has(b, m)) CHECK_NEAR(a->value[m], b->value[m], 1e-12);
    if (has != ce__measure_has(b, m)) fprintf(stderr, "  %s\n", ce_measure_id(m));
  }
}

/* Four files a..d; classes that pair fragments across files, some of the wrong length. */
static const char *const CLASSES =
    "Class 1\na 0.10 0.40\nb 0.10 0.40\nc 0.10 0.35\n\n"
    "Class 2\na 0.50 0.80\nd 0.50 0.80\nb 0.45 0.80\n\n"
    "Class 3\nc 0.50 0.80\nd 0.10 0.40\n\n"
    "Class 4\nb 0.20 0.60\nd 0.20 0.60\na 0.25 0.55\n\n";

static void test_weights_as_corpora(void) {
  ce_buf phones = {0}, words = {0};
  const char *files[] = {"a", "b", "c", "d"};
  for (int f = 0; f < 4; f++) corpus_file(&phones, &words, files[f]);
  const char *classes = CLASSES;
  ce_eval *ev = run(words.data, &classes, 1, phones.data, 0, 0);
  size_t n_files = 0;
  uint32_t *ids = NULL;
  CHECK(ce__tde_files(ev, &ids, &n_files) == CE_OK);
  CHECK(n_files == 4);
  uint32_t weight[8] = {0};
  /* Weight 0 for file c: the corpus without c (alignments and fragments). */
  for (size_t u = 0; u < n_files; u++) weight[ids[u]] = 1;
  weight[ids[2]] = 0;
  ce_measures rescored;
  CHECK(ce__tde_rescore(ev, 0, weight, &rescored) == CE_OK);
  ce_buf p3 = {0}, w3 = {0};
  const char *three[] = {"a", "b", "d"};
  for (int f = 0; f < 3; f++) corpus_file(&p3, &w3, three[f]);
  const char *without_c =
      "Class 1\na 0.10 0.40\nb 0.10 0.40\n\n"
      "Class 2\na 0.50 0.80\nd 0.50 0.80\nb 0.45 0.80\n\n"
      "Class 3\nd 0.10 0.40\n\n"
      "Class 4\nb 0.20 0.60\nd 0.20 0.60\na 0.25 0.55\n\n";
  ce_eval *ev3 = run(w3.data, &without_c, 1, p3.data, 0, 0);
  same_measures(&rescored, &ev3->rows[0].tde, 0);
  ce_eval_free(ev3);
  /* Weight 2 for file d: the corpus with a copy e of d, but for NED and grouping. */
  weight[ids[2]] = 1;
  weight[ids[3]] = 2;
  CHECK(ce__tde_rescore(ev, 0, weight, &rescored) == CE_OK);
  ce_buf p5 = {0}, w5 = {0};
  const char *five[] = {"a", "b", "c", "d", "e"};
  for (int f = 0; f < 5; f++) corpus_file(&p5, &w5, five[f]);
  const char *with_e =
      "Class 1\na 0.10 0.40\nb 0.10 0.40\nc 0.10 0.35\n\n"
      "Class 2\na 0.50 0.80\nd 0.50 0.80\nb 0.45 0.80\ne 0.50 0.80\n\n"
      "Class 3\nc 0.50 0.80\nd 0.10 0.40\ne 0.10 0.40\n\n"
      "Class 4\nb 0.20 0.60\nd 0.20 0.60\na 0.25 0.55\ne 0.20 0.60\n\n";
  ce_eval *ev5 = run(w5.data, &with_e, 1, p5.data, 0, 0);
  uint64_t skip = (uint64_t)1 << CE_NED | (uint64_t)1 << CE_GROUPING_P |
                  (uint64_t)1 << CE_GROUPING_R | (uint64_t)1 << CE_GROUPING_F;
  same_measures(&rescored, &ev5->rows[0].tde, skip);
  ce_eval_free(ev5);
  free(ids);
  ce__buf_free(&phones), ce__buf_free(&words), ce__buf_free(&p3), ce__buf_free(&w3);
  ce__buf_free(&p5), ce__buf_free(&w5);
  ce_eval_free(ev);
}

/* NED with a file drawn twice: class {f in a (k ae t), g in b (k ae)}; a drawn twice, b once.
 * Pairs: (f', g), (f'', g), each 1/3 (one deletion over 3); (f', f'') is a pair of copies,
 * left out. NED = 2/3 ÷ 2 = 1/3, where the corpus with a copy of a would count (f', f'') as
 * a third pair of NED 0: 2/9. */
static void test_ned_of_copies(void) {
  ce_buf phones = {0}, words = {0};
  corpus_file(&phones, &words, "a");
  corpus_file(&phones, &words, "b");
  const char *classes = "Class 1\na 0.10 0.40\nb 0.10 0.30\n\n";
  ce_eval *ev = run(words.data, &classes, 1, phones.data, 0, 0);
  uint32_t *ids = NULL, weight[4] = {0};
  size_t n = 0;
  CHECK(ce__tde_files(ev, &ids, &n) == CE_OK && n == 2);
  weight[ids[0]] = 2;
  weight[ids[1]] = 1;
  ce_measures m;
  CHECK(ce__tde_rescore(ev, 0, weight, &m) == CE_OK);
  CHECK_NEAR(m.value[CE_NED], 1.0 / 3, 1e-15);
  free(ids);
  ce__buf_free(&phones), ce__buf_free(&words);
  ce_eval_free(ev);
}

static void test_shuffles(void) {
  ce_buf phones = {0}, words = {0};
  const char *files[] = {"a", "b", "c", "d"};
  for (int f = 0; f < 4; f++) corpus_file(&phones, &words, files[f]);
  const char *systems[] = {CLASSES,
                           "Class 1\na 0.10 0.40\nb 0.50 0.80\n\nClass 7\n"
                           "c 0.10 0.40\nd 0.10 0.40\nb 0.10 0.40\n\n"};
  ce_eval *ev = run(words.data, systems, 2, phones.data, 0, 0);
  ce_tde_pair pair;
  CHECK(ce__tde_pair_build(ev, 0, 1, &pair) == CE_OK);
  uint8_t swapped[8] = {0};
  ce_measures pa, pb;
  CHECK(ce__tde_pair_shuffle(&pair, swapped, &pa, &pb) == CE_OK);
  same_measures(&pa, &ev->rows[0].tde, 0);
  same_measures(&pb, &ev->rows[1].tde, 0);
  memset(swapped, 1, sizeof swapped);
  CHECK(ce__tde_pair_shuffle(&pair, swapped, &pa, &pb) == CE_OK);
  same_measures(&pa, &ev->rows[1].tde, 0);
  same_measures(&pb, &ev->rows[0].tde, 0);
  ce__tde_pair_free(&pair);
  ce_eval_free(ev);
  /* Two equal systems: every shuffle's difference is 0, as extreme as the observed 0: p = 1
   * by approximate randomization; the paired bootstrap likewise. */
  const char *twins[] = {CLASSES, CLASSES};
  ev = run(words.data, twins, 2, phones.data, 0, 1);
  double p = 0;
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_TDE, CE_TOKEN_F, &p) == CE_OK);
  CHECK_NEAR(p, 1.0, 0);
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_TDE, CE_GROUPING_F, &p) == CE_OK);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"method\":\"ar\",\"shuffles\":200");
  CHECK_STR_CONTAINS(json, "\"unit\":\"file\"");
  ce_free(json);
  ce_eval_free(ev);
  ce__buf_free(&phones), ce__buf_free(&words);
}

/* The bootstrap over files: intervals where the resamples estimate a measure, the grouping
 * scores withheld with their reason, the files named as the unit. */
static void test_bootstrap(void) {
  ce_buf phones = {0}, words = {0};
  const char *files[] = {"a", "b", "c", "d"};
  for (int f = 0; f < 4; f++) corpus_file(&phones, &words, files[f]);
  const char *classes = CLASSES;
  ce_eval *ev = run(words.data, &classes, 1, phones.data, 200, 0);
  double lo = -1, hi = -1, v = value(ev, 0, CE_LEVEL_TDE, CE_NED);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TDE, CE_NED, &lo, &hi) == CE_OK);
  CHECK(lo <= hi && lo >= 0 && hi <= 1);
  CHECK(lo <= v + 0.5 && hi >= v - 0.5);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TDE, CE_GROUPING_P, &lo, &hi) == CE_ERR_UNAVAILABLE);
  const char *note = ce_eval_interval_note(ev, 0, CE_LEVEL_TDE, CE_GROUPING_P);
  CHECK_STR_CONTAINS(note, "a file drawn twice pairs each fragment with its own copy");
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"unit\":\"file\",\"units\":4,\"files\":4");
  CHECK_STR_CONTAINS(json, "\"ci\":{\"tde.ned\":[");
  ce_free(json);
  ce_eval_free(ev);
  ce__buf_free(&phones), ce__buf_free(&words);
}

int main(void) {
  test_weights_as_corpora();
  test_ned_of_copies();
  test_shuffles();
  test_bootstrap();
  printf("test_tde_stats: %d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
