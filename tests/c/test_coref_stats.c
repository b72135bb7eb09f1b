/*
 * Statistics of a coreference run (SPEC §3.5 over §3.6's units, the key's documents):
 * --bootstrap draws documents with replacement and sums their counts, --test ar swaps two
 * responses document by document, --test bootstrap compares them on the same resamples. What
 * a resample gives is worked out in closed form where the documents make it so:
 *  - documents all alike give every resample the full data's totals in proportion: the
 *    ratios, so every measure, do not move, and the interval is that one value;
 *  - two responses that agree on every document differ by 0 under every swap: p = 1;
 *  - a response right on every document against one wrong alike on every document: a
 *    shuffle's |d'| reaches the observed |d| only when all 40 coins fall alike (chance
 *    2^-39): p = 1/(1 + R);
 *  - a resample's value lies between the smallest and the largest document's value (a
 *    ratio of sums is a weighted mean of the ratios: mention recall here).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"
#include "run/row_internal.h"
#include "stats/bootstrap_internal.h"

enum { DOCUMENTS = 40, RESAMPLES = 2000, SHUFFLES = 200 };

static ce_eval *run(const ce_buf *key, const ce_buf *a, const ce_buf *b, int test) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, RESAMPLES) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_CI, CE_CI_PERCENTILE) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_TEST, test) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_SHUFFLES, SHUFFLES) == CE_OK);
  const ce_buf *texts[3] = {key, a, b};
  const char *names[3] = {"key.conll", "a.conll", "b.conll"};
  for (int i = 0; i < 3; i++) CHECK(ce_eval_add_input(ev, names[i], NULL, NULL) == CE_OK);
  for (int i = 0; i < 3; i++) {
    ce_eval_feed(ev, (size_t)i, texts[i]->data, texts[i]->len, NULL);
    ce_eval_close(ev, (size_t)i, NULL);
  }
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  CHECK(ce_eval_resample(ev, RESAMPLES + DOCUMENTS, NULL, NULL, NULL) == CE_OK);
  if (test == CE_TEST_AR) CHECK(ce_eval_shuffle(ev, 2 * SHUFFLES, NULL, NULL, NULL) == CE_OK);
  return ev;
}

/* Document d: a key of two entities over five tokens, (1) (1) - (2) (2). */
static void key_doc(ce_buf *out, int d) {
  ce__buf_printf(out, "#begin document doc%d\nw (1)\nw (1)\nw -\nw (2)\nw (2)\n#end document\n", d);
}

static void test_alike_documents(void) {
  ce_buf key = {0}, merged = {0}, exact = {0};
  for (int d = 0; d < DOCUMENTS; d++) {
    key_doc(&key, d);
    /* Both entities merged: MUC R 1, P 2/3; the same on every document. */
    ce__buf_printf(&merged,
                   "#begin document doc%d\nw (1)\nw (1)\nw -\nw (1)\nw (1)\n#end document\n", d);
    key_doc(&exact, d);
  }
  ce_eval *ev = run(&key, &merged, &exact, CE_TEST_AR);
  double lo, hi, p;
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_COREF, CE_MUC_P, &lo, &hi) == CE_OK);
  CHECK_NEAR(lo, 2.0 / 3, 1e-12);
  CHECK_NEAR(hi, 2.0 / 3, 1e-12);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_COREF, CE_CONLL_F, &lo, &hi) == CE_OK);
  CHECK(hi - lo < 1e-12);
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_COREF, CE_MUC_F, &p) == CE_OK);
  CHECK(p == 1.0 / (1.0 + SHUFFLES));
  /* MUC R is 1 on both: every shuffle ties, as observed. */
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_COREF, CE_MUC_R, &p) == CE_OK);
  CHECK(p == 1.0);
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  CHECK_STR_CONTAINS(json, "\"unit\":\"document\",\"units\":40,\"documents\":40");
  CHECK_STR_CONTAINS(json, "\"unit\":\"document\",\"type_unit\"");
  CHECK_STR_CONTAINS(json, "\"coref.muc_p\":[");
  ce_free(json);
  ce_eval_free(ev);
  ce__buf_free(&key);
  ce__buf_free(&merged);
  ce__buf_free(&exact);
}

static void test_varied_documents(void) {
  ce_buf key = {0}, varied = {0}, same = {0};
  for (int d = 0; d < DOCUMENTS; d++) {
    key_doc(&key, d);
    /* Document d finds d % 5 of the four key mentions: recall 0, 1/4 .. 1. */
    ce__buf_printf(&varied, "#begin document doc%d\n", d);
    for (int t = 0; t < 5; t++) {
      int mention = t != 2 && (t < 2 ? t : t - 1) < d % 5;
      ce__buf_printf(&varied, "w %s\n", mention ? (t < 2 ? "(1)" : "(2)") : "-");
    }
    ce__buf_puts(&varied, "#end document\n");
  }
  ce__buf_append(&same, varied.data, varied.len);
  ce_eval *ev = run(&key, &varied, &same, CE_TEST_BOOTSTRAP);
  const ce_row *row = &ev->rows[0];
  CHECK(row->has_coref && row->doc_count == DOCUMENTS);
  const ce_boot_row *br = &ev->boot->rows[0];
  int slot = br->slot_of[CE_LEVEL_COREF][CE_MENTION_R];
  CHECK(slot >= 0);
  double low = 1, high = 0, mean = 0;
  for (unsigned b = 0; slot >= 0 && b < RESAMPLES; b++) {
    double v = br->samples[slot * RESAMPLES + b];
    low = v < low ? v : low;
    high = v > high ? v : high;
    mean += v / RESAMPLES;
  }
  /* Full data: found (0 + 1 + 2 + 3 + 4)·8 = 80 of 160 mentions. */
  CHECK_NEAR(row->coref.value[CE_MENTION_R], 0.5, 1e-12);
  CHECK(low >= 0.0 && high <= 1.0 && low < 0.5 && high > 0.5);
  /* The resamples' mean of a ratio of sums is close to it (within 0.01 at 2,000 draws). */
  CHECK(fabs(mean - 0.5) < 0.01);
  double p;
  CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_COREF, CE_MENTION_R, &p) == CE_OK);
  CHECK(p == 1.0);
  ce_eval_free(ev);
  ce__buf_free(&key);
  ce__buf_free(&varied);
  ce__buf_free(&same);
}

/* Three responses: the rank correlations between measures cover the coref level, as they do
 * the other levels (their values are ranking.c's, tested with the other levels). */
static void test_rank_correlation(void) {
  ce_buf key = {0}, responses[3] = {{0}};
  const char *marks[3][5] = {{"(1)", "(1)", "-", "(2)", "(2)"},  /* right */
                             {"(1)", "(1)", "-", "(1)", "(1)"},  /* merged */
                             {"(1)", "(2)", "-", "(3)", "(4)"}}; /* all apart */
  for (int d = 0; d < 4; d++) {
    key_doc(&key, d);
    for (int r = 0; r < 3; r++) {
      ce__buf_printf(&responses[r], "#begin document doc%d\n", d);
      for (int t = 0; t < 5; t++) ce__buf_printf(&responses[r], "w %s\n", marks[r][t]);
      ce__buf_puts(&responses[r], "#end document\n");
    }
  }
  ce_eval *ev = ce_eval_create();
  const ce_buf *texts[4] = {&key, &responses[0], &responses[1], &responses[2]};
  for (size_t i = 0; i < 4; i++) {
    char name[16];
    snprintf(name, sizeof name, "in%zu.conll", i);
    CHECK(ce_eval_add_input(ev, name, NULL, NULL) == CE_OK);
  }
  for (size_t i = 0; i < 4; i++) {
    ce_eval_feed(ev, i, texts[i]->data, texts[i]->len, NULL);
    ce_eval_close(ev, i, NULL);
  }
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  CHECK_STR_CONTAINS(json, "\"rank_correlation\":{\"systems\":3");
  CHECK_STR_CONTAINS(json, "\"coref.conll_f\"");
  ce_free(json);
  ce_eval_free(ev);
  ce__buf_free(&key);
  for (int r = 0; r < 3; r++) ce__buf_free(&responses[r]);
}

int main(void) {
  test_alike_documents();
  test_varied_documents();
  test_rank_correlation();
  printf("test_coref_stats: %d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
