/*
 * Statistics of a sense run (SPEC §3.5 over §3.7's units, the gold lemmas): --bootstrap
 * draws lemmas with replacement, and --test ar swaps two systems' answers lemma by lemma.
 * A lemma's values do not depend on the other lemmas drawn, so what a resample gives can be
 * worked out from the rows' per-lemma values, in closed form:
 *  - fuzzy B-cubed P̄ is the mean over lemmas of their P: over resamples its mean is the
 *    full data's mean (a bootstrap mean is unbiased for the sample mean), its variance
 *    σ²/L (σ² the lemmas' variance with divisor L; Efron & Tibshirani 1993, §5.2);
 *  - two systems that agree on every lemma differ by 0 under every swap: p = 1;
 *  - a lemma set whose P is the same everywhere gives every resample that value.
 * The bootstrap's resamples are read from the run's statistics (stats/bootstrap_internal.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"
#include "run/row_internal.h"
#include "stats/bootstrap_internal.h"

enum { LEMMAS = 40, INSTANCES = 6, RESAMPLES = 4000 };

/* Gold: lemma l's six instances in senses s1 (three) and s2 (three). System "varied": lemma
 * l splits them in a way that depends on l % 4, so the lemmas' precision differs. */
static void keys(ce_buf *gold, ce_buf *varied, ce_buf *same) {
  for (int l = 0; l < LEMMAS; l++)
    for (int i = 0; i < INSTANCES; i++) {
      ce__buf_printf(gold, "w%d.n w%d.n.%d s%d\n", l, l, i, i < 3 ? 1 : 2);
      int cluster = l % 4 == 0 ? i < 3 : l % 4 == 1 ? i % 2 : l % 4 == 2 ? i < 5 : 0;
      ce__buf_printf(varied, "w%d.n w%d.n.%d c%d\n", l, l, i, cluster);
      ce__buf_printf(same, "w%d.n w%d.n.%d c%d\n", l, l, i, cluster);
    }
}

static ce_eval *run(const ce_buf *gold, const ce_buf *a, const ce_buf *b, int test) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, RESAMPLES) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_CI, CE_CI_PERCENTILE) == CE_OK);
  if (test) CHECK(ce_eval_set(ev, CE_OPT_TEST, CE_TEST_AR) == CE_OK);
  if (test) CHECK(ce_eval_set(ev, CE_OPT_SHUFFLES, 200) == CE_OK);
  const ce_buf *texts[3] = {gold, a, b};
  const char *names[3] = {"gold.key", "a.key", "b.key"};
  for (int i = 0; i < 3; i++) {
    CHECK(ce_eval_add_input(ev, names[i], NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, (size_t)i, CE_FORMAT_SENSES) == CE_OK);
  }
  for (int i = 0; i < 3; i++) {
    ce_eval_feed(ev, (size_t)i, texts[i]->data, texts[i]->len, NULL);
    ce_eval_close(ev, (size_t)i, NULL);
  }
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  CHECK(ce_eval_resample(ev, RESAMPLES + LEMMAS, NULL, NULL, NULL) == CE_OK);
  if (test) CHECK(ce_eval_shuffle(ev, 1000, NULL, NULL, NULL) == CE_OK);
  return ev;
}

static void test_resamples_in_closed_form(void) {
  ce_buf gold = {0}, varied = {0}, same = {0};
  keys(&gold, &varied, &same);
  ce_eval *ev = run(&gold, &varied, &same, 1);
  const ce_row *row = &ev->rows[0];
  CHECK(row->has_senses && row->lemma_count == LEMMAS);
  double mean = 0, var = 0;
  for (size_t l = 0; l < row->lemma_count; l++)
    mean += row->lemma_senses[l].value[CE_FUZZY_BCUBED_P];
  mean /= LEMMAS;
  for (size_t l = 0; l < row->lemma_count; l++) {
    double d = row->lemma_senses[l].value[CE_FUZZY_BCUBED_P] - mean;
    var += d * d;
  }
  var /= LEMMAS;
  CHECK(var > 0.0); /* the lemmas differ: the check below means something */
  CHECK(fabs(row->senses.value[CE_FUZZY_BCUBED_P] - mean) < 1e-12);

  const ce_boot_row *br = &ev->boot->rows[0];
  int slot = br->slot_of[CE_LEVEL_SENSE][CE_FUZZY_BCUBED_P];
  CHECK(slot >= 0);
  double smean = 0, svar = 0;
  for (unsigned b = 0; slot >= 0 && b < RESAMPLES; b++) smean += br->samples[slot * RESAMPLES + b];
  smean /= RESAMPLES;
  for (unsigned b = 0; slot >= 0 && b < RESAMPLES; b++) {
    double d = br->samples[slot * RESAMPLES + b] - smean;
    svar += d * d;
  }
  svar /= RESAMPLES - 1;
  double want_var = var / LEMMAS, se_of_mean = sqrt(want_var / RESAMPLES);
  printf(
      "fuzzy B-cubed P over %d resamples of %d lemmas: mean %.5f (data %.5f, 4 s.e. %.5f), "
      "variance %.3g (closed form %.3g)\n",
      RESAMPLES, LEMMAS, smean, mean, 4 * se_of_mean, svar, want_var);
  CHECK(fabs(smean - mean) < 4 * se_of_mean);
  /* The sample variance of 4,000 draws is within 10% of the truth (its s.e. is about 2.5%
   * for a distribution this close to normal). */
  CHECK(fabs(svar / want_var - 1) < 0.10);

  double lo, hi, bias;
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_SENSE, CE_FUZZY_BCUBED_P, &lo, &hi) == CE_OK);
  CHECK(lo < mean && mean < hi);
  CHECK(ce_eval_interval_bias(ev, 0, CE_LEVEL_SENSE, CE_FUZZY_BCUBED_P, &bias, NULL) == CE_OK);
  CHECK(fabs(bias) < 4 * se_of_mean);

  /* Rows a and b answer alike: every shuffle's difference is 0, as observed: p = 1. */
  double p = 0;
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_SENSE, CE_FUZZY_BCUBED_F, &p) == CE_OK);
  CHECK(p == 1.0);

  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  CHECK_STR_CONTAINS(json, "\"unit\":\"lemma\",\"units\":40,\"lemmas\":40");
  CHECK_STR_CONTAINS(json, "\"senses.fuzzy_bcubed_p\":[");
  ce_free(json);
  ce_eval_free(ev);
  ce__buf_free(&gold);
  ce__buf_free(&varied);
  ce__buf_free(&same);
}

/* Every lemma answered as gold: P = 1 on each, so on every resample. Against a system that
 * puts each instance apart (the same worse values on every lemma), a shuffle's |d'| reaches
 * the observed |d| only when all 40 coins fall alike (chance 2^-39): p = 1/(1 + R). */
static void test_constant_lemmas(void) {
  ce_buf gold = {0}, exact = {0}, split = {0};
  for (int l = 0; l < LEMMAS; l++)
    for (int i = 0; i < INSTANCES; i++) {
      ce__buf_printf(&gold, "w%d.n w%d.n.%d s%d\n", l, l, i, i < 3 ? 1 : 2);
      ce__buf_printf(&exact, "w%d.n w%d.n.%d c%d\n", l, l, i, i < 3 ? 1 : 2);
      ce__buf_printf(&split, "w%d.n w%d.n.%d c%d\n", l, l, i, i);
    }
  ce_eval *ev = run(&gold, &exact, &split, 1);
  double lo, hi, p;
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_SENSE, CE_FUZZY_BCUBED_P, &lo, &hi) == CE_OK);
  CHECK(lo == 1.0 && hi == 1.0);
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_SENSE, CE_FUZZY_BCUBED_F, &p) == CE_OK);
  CHECK(p == 1.0 / 201.0);
  ce_eval_free(ev);
  ce__buf_free(&gold);
  ce__buf_free(&exact);
  ce__buf_free(&split);
}

/*
 * --detail: a lemma's gold senses × induced senses, each cell Σ over gold instances of
 * w_g·w_t with the memberships the measures read (weights over the line's largest):
 *   add.v.1: gold s1/5 s2/5 → 1, 1; system c1 → s1·c1 += 1, s2·c1 += 1
 *   add.v.2: gold s1; system c1 → s1·c1 += 1                      (s1·c1 = 2)
 *   add.v.3: gold s2; system c2/1 c1/3 → 1/3, 1 → s2·c2 += 1/3, s2·c1 += 1 (s2·c1 = 2)
 */
static void test_lemma_cells(void) {
  const char gold[] = "add.v add.v.1 s1/5 s2/5\nadd.v add.v.2 s1\nadd.v add.v.3 s2\n";
  const char system[] = "add.v add.v.1 c1\nadd.v add.v.2 c1\nadd.v add.v.3 c2/1 c1/3\n";
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_DETAIL, 1) == CE_OK);
  const char *texts[2] = {gold, system};
  for (size_t i = 0; i < 2; i++) {
    CHECK(ce_eval_add_input(ev, i ? "s.key" : "g.key", NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, i, CE_FORMAT_SENSES) == CE_OK);
  }
  for (size_t i = 0; i < 2; i++) {
    ce_eval_feed(ev, i, texts[i], strlen(texts[i]), NULL);
    ce_eval_close(ev, i, NULL);
  }
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  CHECK_STR_CONTAINS(json,
                     "\"cells\":[[\"s1\",\"c1\",2],[\"s2\",\"c1\",2],[\"s2\",\"c2\","
                     "0.3333333333333333]]");
  ce_free(json);
  ce_eval_free(ev);
}

int main(void) {
  test_resamples_in_closed_form();
  test_constant_lemmas();
  test_lemma_cells();
  return check_report("senses_stats");
}
