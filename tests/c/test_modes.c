/*
 * The pairing modes of SPEC §2 through the public API, on instances worked by hand:
 * types from tokens, the unclustered policies, --min-share, excluded labels, lexicon and
 * mixed mode, counts files, baselines, and the tables and reports.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"
#include "common/util_internal.h"
#include "eval_values.h"

typedef struct setup {
  ce_unclustered policy;
  const char *unclustered_label;
  double min_share;
  const char *excluded;
  int baselines;
} setup;

/* Adds the inputs with their formats, then reads each a byte at a time (every line spans
 * chunks) and closes it. */
static void read_all(ce_eval *ev, const input *inputs, size_t count) {
  for (size_t i = 0; i < count; i++) {
    CHECK(ce_eval_add_input(ev, inputs[i].name, NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, i, inputs[i].format) == CE_OK);
  }
  for (size_t i = 0; i < count; i++) {
    for (const char *p = inputs[i].bytes; *p; p++) ce_eval_feed(ev, i, p, 1, NULL);
    ce_eval_close(ev, i, NULL);
  }
}

static ce_eval *run(const input *inputs, size_t count, const setup *s) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_UNCLUSTERED, s->policy) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_MIN_SHARE, s->min_share) == CE_OK);
  if (s->unclustered_label) CHECK(ce_eval_set_unclustered_label(ev, s->unclustered_label) == CE_OK);
  if (s->excluded) CHECK(ce_eval_exclude_label(ev, s->excluded) == CE_OK);
  for (int b = 0; b < CE_BASELINE_COUNT; b++)
    if (s->baselines >> b & 1) CHECK(ce_eval_add_baseline(ev, (ce_baseline)b) == CE_OK);
  read_all(ev, inputs, count);
  ce_error err;
  CHECK(ce_eval_finish(ev, &err) == CE_OK);
  return ev;
}

/* Gold a/X b/Y a/Y c/Y: entries a {X,Y}, b {Y}, c {Y}. System a/k1 b/k2 a/k2 c/UNK. */
static const char gold_tokens[] = "a\tX\nb\tY\na\tY\nc\tY\n";
static const char system_tokens[] = "a\tk1\nb\tk2\na\tk2\nc\tUNK\n";

/*
 * merge: c's entry is {UNK}, one more cluster. Clusters k1, k2, UNK.
 * 1-1: W(Y,k2) = 2 (a, b) + W(X,k1) = 1 is the best matching; UNK stays unmapped but
 *   counts in |h(B_c)| = 1. IM = a 2 + b 1 + c 0 = 3, Σ|A| = 4, Σ|h(B)| = 2+1+1 = 4:
 *   macro_i_o1 = 6/8 = 0.75; micro_i_o1 = (1 + 1 + 0)/3 = 2/3;
 *   micro_c_o1: U_X = {a}: F = 2·1/(1+1) = 1; U_Y = {a,b} against Y = {a,b,c}:
 *   F = 2·2/(2+3) = 0.8; UNK alone with F = 0: (1·1 + 2·0.8 + 1·0)/4 = 0.65.
 * M-1: UNK → Y makes A_i = h(B_i) for every item: all three are 1.
 * Tokens: (X,k1) 1, (Y,k2) 2, (Y,UNK) 1: m1 = 4/4.
 */
static void test_types_from_tokens_merge(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, gold_tokens}, {"s", CE_FORMAT_TAGGED, system_tokens}};
  setup s = {CE_UNCLUSTERED_MERGE, "UNK", 0, NULL, 0};
  ce_eval *ev = run(inputs, 2, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_O1), 0.75, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_I_O1), 2.0 / 3, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_O1), 0.65, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_I_M1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_M1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  /* Gold a is polysemous: the type-level contingency measures are not defined. */
  CHECK(unavailable(ev, 0, CE_LEVEL_TYPE, CE_M1));
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"items\":3,\"classes\":2,\"polysemous_items\":1");
  CHECK_STR_CONTAINS(json, "\"clusters\":3,\"missing\":1,\"extra\":0");
  CHECK_STR_CONTAINS(json, "type-level contingency measures: n/a (polysemous)");
  CHECK_STR_CONTAINS(json, "\"restarts\":{\"macro_i_m1\":{\"max\":1,");
  ce_free(json);
  ce_eval_free(ev);
}

/* split gives c a cluster of its own: the same values here, under another cluster name. */
static void test_types_from_tokens_split(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, gold_tokens}, {"s", CE_FORMAT_TAGGED, system_tokens}};
  setup s = {CE_UNCLUSTERED_SPLIT, "UNK", 0, NULL, 0};
  ce_eval *ev = run(inputs, 2, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_O1), 0.75, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_M1), 1.0, 1e-15);
  char *report = NULL;
  CHECK(ce_eval_report(ev, CE_REPORT_CONTINGENCY, &report, NULL) == CE_OK);
  CHECK_STR_CONTAINS(report, "s\ttoken\tY\t<unclustered:c>\t1\n");
  ce_free(report);
  ce_eval_free(ev);
}

/*
 * drop: c's token leaves both sides and c leaves the items. Tokens (X,k1) 1, (Y,k2) 2:
 * m1 = 3/3. Items a {X,Y}/{k1,k2}, b {Y}/{k2}: k1 → X, k2 → Y is exact, all measures 1.
 */
static void test_types_from_tokens_drop(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, gold_tokens}, {"s", CE_FORMAT_TAGGED, system_tokens}};
  setup s = {CE_UNCLUSTERED_DROP, "UNK", 0, NULL, 0};
  ce_eval *ev = run(inputs, 2, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_O1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_O1), 1.0, 1e-15);
  char *table = NULL;
  ce_column columns[] = {{CE_LEVEL_TOKEN, CE_M1}};
  CHECK(ce_eval_table(ev, CE_TABLE_TSV, columns, 1, NULL, 0, &table, NULL) == CE_OK);
  CHECK(strcmp(table, "system\ttoken.m1\ns\t1\n") == 0);
  ce_free(table);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"missing\":1");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * drop at the type level: each system's entries, gold's included, come from the tokens
 * that remain for it (SPEC §2). Gold dog/NOUN runs/VERB . dog/VERB runs/VERB.
 * System 1: dog/k1 runs/k2 . dog/UNK runs/k2 drops dog/VERB: dog {NOUN}/{k1}, runs
 * {VERB}/{k2}, both monosemous and matched: every type measure is 1 (from every token dog
 * would be {NOUN, VERB} and macro_i_m1 2·2/(3 + 2) = 0.8). Tokens: m1 = 3/3; missing: dog.
 * System 2: dog/k1 runs/UNK . dog/k3 runs/k2 drops the first runs/VERB: runs keeps {VERB}
 * from the second; dog {NOUN, VERB}/{k1, k3}, runs {VERB}/{k2}.
 *   M-1: k1 → NOUN, k3 → VERB, k2 → VERB: h(B_i) = A_i for both, macro_i_m1 = 1.
 *   1-1: W = 1 on (NOUN,k1), (VERB,k1), (NOUN,k3), (VERB,k3), (VERB,k2); the best
 *   matching weighs 2 (k1 → NOUN, k2 → VERB; k3 unmapped counts in |h(B_dog)|):
 *   macro_i_o1 = 2·2/(3 + 3) = 2/3.
 *   Extended BCubed: no two items share a cluster, so P(dog) = P(runs) = 1; R(dog) over dog
 *   (min(2, 2)/2 = 1) and runs (shares VERB, no cluster: 0) = 1/2, R(runs) = (0 + 1)/2:
 *   precision 1, recall 1/2, F 2/3.
 * Gold's own counts stay as they were: 2 items, dog polysemous.
 */
static const char drop_gold[] = "dog\tNOUN\nruns\tVERB\n\ndog\tVERB\nruns\tVERB\n";
static const char drop_system1[] = "dog\tk1\nruns\tk2\n\ndog\tUNK\nruns\tk2\n";
static const char drop_system2[] = "dog\tk1\nruns\tUNK\n\ndog\tk3\nruns\tk2\n";

static void test_drop_type_level(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, drop_gold},
                    {"s1", CE_FORMAT_TAGGED, drop_system1},
                    {"s2", CE_FORMAT_TAGGED, drop_system2}};
  setup s = {CE_UNCLUSTERED_DROP, "UNK", 0, NULL, 0};
  ce_eval *ev = run(inputs, 3, &s);
  static const ce_measure type_ids[] = {CE_M1,         CE_MACRO_I_M1, CE_MACRO_I_O1, CE_MICRO_I_M1,
                                        CE_MICRO_I_O1, CE_MICRO_C_M1, CE_MICRO_C_O1, CE_EBCUBED_P,
                                        CE_EBCUBED_R,  CE_EBCUBED_F};
  for (size_t t = 0; t < sizeof type_ids / sizeof *type_ids; t++)
    CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, type_ids[t]), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TYPE, CE_MACRO_I_M1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TYPE, CE_MACRO_I_O1), 2.0 / 3, 1e-15);
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TYPE, CE_EBCUBED_P), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TYPE, CE_EBCUBED_R), 0.5, 1e-15);
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TYPE, CE_EBCUBED_F), 2.0 / 3, 1e-15);
  CHECK(unavailable(ev, 1, CE_LEVEL_TYPE, CE_M1)); /* dog {NOUN, VERB}: polysemous */
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"items\":2,\"classes\":2,\"polysemous_items\":1");
  CHECK_STR_CONTAINS(json,
                     "\"name\":\"s1\",\"format\":\"tagged\",\"detected\":false,"
                     "\"clusters\":3,\"missing\":1");
  CHECK_STR_CONTAINS(json,
                     "\"name\":\"s2\",\"format\":\"tagged\",\"detected\":false,"
                     "\"clusters\":4,\"missing\":1");
  ce_free(json);
  char *details = NULL;
  CHECK(ce_eval_report(ev, CE_REPORT_DETAILS, &details, NULL) == CE_OK);
  CHECK_STR_CONTAINS(details, "s1\tdog\tNOUN\tk1\t");
  CHECK_STR_CONTAINS(details, "s2\tdog\tNOUN VERB\tk1 k3\t");
  ce_free(details);
  ce_eval_free(ev);
}

/*
 * --min-share on the tokens that remain: gold a/X a/Y a/Y against a/k a/UNK a/k. Dropping
 * a/UNK leaves X and Y one token each, both reaching 0.5: a {X, Y}, and macro_i_m1 =
 * 2·1/(2 + 1) = 2/3 (from every token X has 1/3 < 0.5 and a would be {Y}, scoring 1).
 */
static void test_drop_min_share(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, "a\tX\na\tY\na\tY\n"},
                    {"s", CE_FORMAT_TAGGED, "a\tk\na\tUNK\na\tk\n"}};
  setup s = {CE_UNCLUSTERED_DROP, "UNK", 0.5, NULL, 0};
  ce_eval *ev = run(inputs, 2, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1), 2.0 / 3, 1e-15);
  CHECK(unavailable(ev, 0, CE_LEVEL_TYPE, CE_M1));
  ce_eval_free(ev);
}

/*
 * The resamples of the type level draw items against the same remaining-token entries:
 * system 1 of test_drop_type_level is exact on every item, so every resample scores 1.
 */
static void test_drop_bootstrap(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, drop_gold}, {"s1", CE_FORMAT_TAGGED, drop_system1}};
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_UNCLUSTERED, CE_UNCLUSTERED_DROP) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, 50) == CE_OK);
  /* Percentile: the 50 resamples, then the jackknife (the information measures' corrected
   * estimate takes its spread from it under every method). */
  CHECK(ce_eval_set(ev, CE_OPT_CI, CE_CI_PERCENTILE) == CE_OK);
  CHECK(ce_eval_set_unclustered_label(ev, "UNK") == CE_OK);
  read_all(ev, inputs, 2);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  unsigned done = 0, total = 0;
  CHECK(ce_eval_resample(ev, 1000, &done, &total, NULL) == CE_OK);
  CHECK(done == total && total > 50);
  static const ce_measure type_ids[] = {CE_MACRO_I_M1, CE_MICRO_C_O1, CE_EBCUBED_F};
  for (size_t t = 0; t < 3; t++) {
    double lo = -1, hi = -1;
    CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TYPE, type_ids[t], &lo, &hi) == CE_OK);
    CHECK(lo == 1.0 && hi == 1.0);
  }
  ce_eval_free(ev);
}

/*
 * Excluded tokens leave the type level's entries too. --exclude-labels P on gold
 * dog/NOUN ,/P . dog/P runs/VERB against dog/k1 ,/k2 . dog/k3 runs/k4: dog {NOUN}/{k1},
 * runs {VERB}/{k4} (not {NOUN, P}/{k1, k3}): monosemous and exact, every measure 1.
 * --exclude-punct on gold dog/N ./P . runs/V ./Q against dog/k1 ./k2 . runs/k3 ./k1: the
 * item "." leaves (not {P, Q}/{k1, k2}, sharing k1 with dog): dog and runs are exact.
 */
static void test_excluded_tokens_type_level(void) {
  input labels[] = {{"g", CE_FORMAT_TAGGED, "dog\tNOUN\n,\tP\n\ndog\tP\nruns\tVERB\n"},
                    {"s", CE_FORMAT_TAGGED, "dog\tk1\n,\tk2\n\ndog\tk3\nruns\tk4\n"}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, "P", 0};
  ce_eval *ev = run(labels, 2, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_O1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_EBCUBED_F), 1.0, 1e-15);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json,
                     "\"items\":2,\"classes\":2,\"polysemous_items\":0,\"excluded_tokens\":2");
  ce_free(json);
  ce_eval_free(ev);
  ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_EXCLUDE_PUNCT, 1) == CE_OK);
  input punct[] = {{"g", CE_FORMAT_TAGGED, "dog\tN\n.\tP\n\nruns\tV\n.\tQ\n"},
                   {"s", CE_FORMAT_TAGGED, "dog\tk1\n.\tk2\n\nruns\tk3\n.\tk1\n"}};
  read_all(ev, punct, 2);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_EBCUBED_P), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_O1), 1.0, 1e-15);
  json = json_of(ev);
  CHECK_STR_CONTAINS(json,
                     "\"items\":2,\"classes\":2,\"polysemous_items\":0,\"excluded_tokens\":2");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * --min-share 0.5: gold a/X a/X a/Y gives a {X} (X has 2 of 3 tokens, Y 1 < 1.5), so the
 * gold is monosemous and the type-level contingency measures exist. System a/k a/k a/k.
 */
static void test_min_share(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, "a\tX\na\tX\na\tY\nb\tY\n"},
                    {"s", CE_FORMAT_TAGGED, "a\tk\na\tk\na\tk\nb\tj\n"}};
  setup share = {CE_UNCLUSTERED_MERGE, NULL, 0.5, NULL, 0};
  ce_eval *ev = run(inputs, 2, &share);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_M1), 1.0, 0); /* k → X, j → Y */
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1), 1.0, 1e-15);
  ce_eval_free(ev);
  setup none = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0};
  ev = run(inputs, 2, &none);
  CHECK(unavailable(ev, 0, CE_LEVEL_TYPE, CE_M1)); /* a {X, Y}: polysemous */
  /* a: A {X,Y}, h(B) {X} under k → X: IM 1; b 1: macro_i = 2·2/(3 + 2) = 0.8. */
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1), 0.8, 1e-15);
  ce_eval_free(ev);
}

/*
 * Excluding gold label P removes its tokens from both sides: gold a/X ,/P b/Y against
 * k1 k2 k2 leaves (X,k1) and (Y,k2): m1 = o1 = 1; 2 tokens counted, 1 excluded.
 */
static void test_excluded_labels(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, "a\tX\n,\tP\nb\tY\n"},
                    {"s", CE_FORMAT_TAGGED, "a\tk1\n,\tk2\nb\tk2\n"}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, "P", 0};
  ce_eval *ev = run(inputs, 2, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_O1), 1.0, 0);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"tokens\":2,");
  CHECK_STR_CONTAINS(json,
                     "\"items\":2,\"classes\":2,\"polysemous_items\":0,\"excluded_tokens\":1");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * Lexicon mode: gold a {X,Y}, b {Y}, c {Y}, d {Z}; system a {k1,k2}, b {k2}, e {k3}.
 * c and d are missing (merged into one cluster), e is extra. No tokens: token level n/a.
 * Coverage: the system clusters a, b, e; gold has a, b, c, d: cover_p = 2/3, cover_r = 2/4.
 */
static void test_lexicon_mode(void) {
  input inputs[] = {{"g", CE_FORMAT_LEXICON, "a\tX Y\nb\tY\nc\tY\nd\tZ\n"},
                    {"s", CE_FORMAT_LEXICON, "a\tk1 k2\nb\tk2\ne\tk3\n"}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0};
  ce_eval *ev = run(inputs, 2, &s);
  CHECK(unavailable(ev, 0, CE_LEVEL_TOKEN, CE_M1));
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_COVER_P), 2.0 / 3, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_COVER_R), 0.5, 1e-15);
  /*
   * M-1 with <unclustered> holding c {Y} and d {Z}: best is k1 → X, k2 → Y and the merged
   * cluster → Y: IM = a 2 + b 1 + c 1 + d 0 = 4; Σ|A| = 5; Σ|h(B)| = 2+1+1+1 = 5:
   * macro_i_m1 = 8/10.
   */
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1), 0.8, 1e-15);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"missing\":2,\"extra\":1");
  CHECK_STR_CONTAINS(json, "token-level measures: n/a (the gold standard has no tokens)");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * Mixed mode: gold tokens, system lexicon; each token takes its item's cluster.
 * Gold a/X b/Y a/X c/Y with a → k1, b → k2, c → k2: tokens (X,k1) 2, (Y,k2) 2: m1 = 1.
 * A polysemous system entry leaves the token level out.
 */
static void test_mixed_mode(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, "a\tX\nb\tY\na\tX\nc\tY\n"},
                    {"s", CE_FORMAT_LEXICON, "a\tk1\nb\tk2\nc\tk2\n"},
                    {"p", CE_FORMAT_LEXICON, "a\tk1 k2\nb\tk2\nc\tk2\n"}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0};
  ce_eval *ev = run(inputs, 3, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_V_MEASURE), 1.0, 1e-15);
  CHECK(unavailable(ev, 1, CE_LEVEL_TOKEN, CE_M1));
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TYPE, CE_MACRO_I_O1), 2.0 * 3 / (3 + 4), 1e-15);
  ce_eval_free(ev);
}

/* A counts file is scored alone: cells X k1 3, Y k1 1, Y k2 4: m1 = (3+4)/8, o1 the same. */
static void test_counts_file(void) {
  input inputs[] = {{"table.tsv", CE_FORMAT_COUNTS, "X\tk1\t3\nY\tk1\t1\nY\tk2\t4\n"}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0};
  ce_eval *ev = run(inputs, 1, &s);
  CHECK(ce_eval_system_count(ev) == 1 && strcmp(ce_eval_system_name(ev, 0), "table.tsv") == 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 7.0 / 8, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_O1), 7.0 / 8, 0);
  CHECK(unavailable(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1));
  ce_eval_free(ev);
}

/*
 * Baselines on gold a/X b/Y a/Y c/Y (a: X 1, Y 1, the tie goes to X):
 *   majority a → X, b, c → Y: tokens (X,X) 1, (Y,X) 1, (Y,Y) 2: m1 = (1 + 2)/4;
 *   one: every token in one cluster: m1 = 3/4 (Y has 3), v_measure = 0;
 *   singletons a, b, c: m1 = (1 + 1 + 1)/4; random deals 1 item to X and 2 to Y.
 */
static void test_baselines(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, gold_tokens}, {"s", CE_FORMAT_TAGGED, system_tokens}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0xf};
  ce_eval *ev = run(inputs, 2, &s);
  CHECK(ce_eval_system_count(ev) == 5);
  CHECK(strcmp(ce_eval_system_name(ev, 1), "baseline:random") == 0);
  CHECK(strcmp(ce_eval_system_name(ev, 4), "baseline:majority") == 0);
  CHECK_NEAR(value(ev, 2, CE_LEVEL_TOKEN, CE_M1), 0.75, 0);
  CHECK_NEAR(value(ev, 2, CE_LEVEL_TOKEN, CE_V_MEASURE), 0.0, 0);
  CHECK_NEAR(value(ev, 3, CE_LEVEL_TOKEN, CE_M1), 0.75, 0);
  CHECK_NEAR(value(ev, 4, CE_LEVEL_TOKEN, CE_M1), 0.75, 0);
  /* majority: a {X,Y} gets {X}: IM 1; b, c 1 each: macro_i = 2·3/(4 + 3). */
  CHECK_NEAR(value(ev, 4, CE_LEVEL_TYPE, CE_MACRO_I_M1), 6.0 / 7, 1e-15);
  double random_m1 = value(ev, 1, CE_LEVEL_TOKEN, CE_M1);
  CHECK(random_m1 >= 0.5 && random_m1 <= 1.0);
  ce_eval_free(ev);
  ev = run(inputs, 2, &s); /* same seed, same numbers */
  CHECK_NEAR(value(ev, 1, CE_LEVEL_TOKEN, CE_M1), random_m1, 0);
  ce_eval_free(ev);
}

/*
 * The Brown preset rewrites the corpus' lower-case tags to universal ones before anything
 * is counted: nn and nns both become NOUN, so a system that splits them loses nothing in
 * m1 but gains a class-to-cluster split. A label the map lacks fails the gold file.
 */
static void test_label_maps(void) {
  ce_eval *ev = ce_eval_create();
  ce_error err;
  CHECK(ce_eval_map_preset(ev, CE_SIDE_GOLD, "brown-universal", &err) == CE_OK);
  CHECK(ce_eval_map_preset(ev, CE_SIDE_GOLD, "brown-universal", &err) == CE_ERR_USAGE);
  input mapped[] = {{"g", CE_FORMAT_TAGGED, "dog\tnn\ndogs\tnns\nran\tvbd\n"},
                    {"s", CE_FORMAT_TAGGED, "dog\tA\ndogs\tB\nran\tC\n"}};
  read_all(ev, mapped, 2);
  CHECK(ce_eval_finish(ev, &err) == CE_OK);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_O1), 2.0 / 3, 0); /* NOUN takes A or B, not both */
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"classes\":2,");
  ce_free(json);
  ce_eval_free(ev);

  ev = ce_eval_create();
  const char *map = "X\tNOUN\n";
  CHECK(ce_eval_map_feed(ev, CE_SIDE_GOLD, "my.map", map, strlen(map), &err) == CE_OK);
  CHECK(ce_eval_map_close(ev, CE_SIDE_GOLD, &err) == CE_OK);
  ce_eval_add_input(ev, "g", NULL, NULL);
  ce_eval_add_input(ev, "s", NULL, NULL);
  ce_eval_set_format(ev, 0, CE_FORMAT_TAGGED);
  const char *unmapped = "a\tX\nb\tY\n";
  CHECK(ce_eval_feed(ev, 0, unmapped, strlen(unmapped), &err) == CE_ERR_SYNTAX);
  CHECK_STR_CONTAINS(err.message, "g:2: label 'Y' is not in the label map my.map");
  ce_eval_free(ev);
}

/* --exclude-punct drops tokens made of punctuation and symbols only: ",", "--", "$". */
static void test_exclude_punct(void) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_EXCLUDE_PUNCT, 1) == CE_OK);
  input inputs[] = {{"g", CE_FORMAT_TAGGED, "a\tX\n,\tP\n--\tP\n$\tS\nb\tY\nU.S.\tN\n"},
                    {"s", CE_FORMAT_TAGGED, "a\tk\n,\tk\n--\tk\n$\tk\nb\tj\nU.S.\ti\n"}};
  read_all(ev, inputs, 2);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_O1), 1.0, 0); /* a/k b/j U.S./i remain */
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"tokens\":3,");
  CHECK_STR_CONTAINS(json, "\"excluded_tokens\":3");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * Substitutable scores through the evaluation, sentences from gold (Frank et al. 2009).
 * Training the/1 dog/2 runs/3 . the/1 cat/2 runs/3 . a/1 dog/2 sleeps/3: frames seen twice
 * are (the:1, runs:3) with {dog:2, cat:2}, (dog:2, </s>) with {runs:3, sleeps:3} and
 * (<s>, dog:2) with {the:1, a:1}; clusters {the, a}, {dog, cat}, {runs, sleeps} as items.
 * As its own test corpus: every S-cluster is a cluster: Σ|s∩c|(|s∩c|−1) = 6 = Σ|c|(|c|−1) =
 * Σ|s|(|s|−1): sub_p = sub_r = 1. A comma excluded from gold leaves its sentence whole.
 * With the test corpus the/1 cat/2 runs/3 . the/1 dog/2 runs/3: only (the:1, runs:3) is
 * seen twice, S = {cat:2, dog:2}: sub_p = 2/6, sub_r = 2/2.
 */
static void test_substitutable(void) {
  const char *gold =
      "the\tA\n,\tP\ndog\tN\nruns\tV\n\nthe\tA\ncat\tN\nruns\tV\n\na\tA\ndog\tN\nsleeps\tV\n";
  const char *sys =
      "the\t1\n,\t9\ndog\t2\nruns\t3\n\nthe\t1\ncat\t2\nruns\t3\n\na\t1\ndog\t2\nsleeps\t3\n";
  const char *test = "the\t1\ncat\t2\nruns\t3\n\nthe\t1\ndog\t2\nruns\t3\n";
  for (int with_test = 0; with_test < 2; with_test++) {
    ce_eval *ev = ce_eval_create();
    CHECK(ce_eval_set(ev, CE_OPT_SUBSTITUTABLE, 1) == CE_OK);
    CHECK(ce_eval_exclude_label(ev, "P") == CE_OK);
    ce_eval_add_input(ev, "g", NULL, NULL);
    ce_eval_add_input(ev, "s", NULL, NULL);
    if (with_test) CHECK(ce_eval_add_sub_test(ev, 1, "t", NULL, NULL) == CE_OK);
    CHECK(ce_eval_add_sub_test(ev, 0, "x", NULL, NULL) == CE_ERR_USAGE);
    for (size_t i = 0; i < 2u + (size_t)with_test; i++) ce_eval_set_format(ev, i, CE_FORMAT_TAGGED);
    if (with_test) ce_eval_feed(ev, 2, test, strlen(test), NULL); /* before training: any order */
    ce_eval_feed(ev, 0, gold, strlen(gold), NULL);
    ce_eval_feed(ev, 1, sys, strlen(sys), NULL);
    for (size_t i = 0; i < 2u + (size_t)with_test; i++) ce_eval_close(ev, i, NULL);
    CHECK(ce_eval_finish(ev, NULL) == CE_OK);
    CHECK(ce_eval_system_count(ev) == 1);
    CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_SUB_P), with_test ? 1.0 / 3 : 1.0, 1e-15);
    CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_SUB_R), 1.0, 1e-15);
    char *json = json_of(ev);
    if (with_test)
      CHECK(!strstr(json, "served as the test corpus"));
    else
      CHECK_STR_CONTAINS(json, "sub_p, sub_r: the system's own corpus served as the test corpus");
    ce_free(json);
    ce_eval_free(ev);
  }
}

/*
 * 50,000 items in one cluster, half in class X and half in Y: 2.5e9 item pairs share the
 * cluster, but only two signatures exist. By hand, every item meets all 50,000 through the
 * cluster and shares its class with 25,000: P(e) = 25,000/50,000 = 1/2, R(e) = 1, F = 2/3.
 */
static void test_ebcubed_one_big_cluster(void) {
  ce_buf gold = {0}, sys = {0};
  for (int i = 0; i < 50000; i++) {
    ce__buf_printf(&gold, "w%d\t%s\n", i, i % 2 ? "X" : "Y");
    ce__buf_printf(&sys, "w%d\tk\n", i);
  }
  input inputs[] = {{"g", CE_FORMAT_LEXICON, gold.data}, {"s", CE_FORMAT_LEXICON, sys.data}};
  ce_eval *ev = ce_eval_create();
  read_all(ev, inputs, 2);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_EBCUBED_P), 0.5, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_EBCUBED_R), 1.0, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_EBCUBED_F), 2.0 / 3.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_M1), 0.5, 0);
  char *json = json_of(ev);
  CHECK(!strstr(json, "ebcubed_p, ebcubed_r")); /* no warning leaves it out */
  ce_free(json);
  ce_eval_free(ev);
  ce__buf_free(&gold);
  ce__buf_free(&sys);
}

static void test_tables(void) {
  input inputs[] = {{"g", CE_FORMAT_TAGGED, gold_tokens},
                    {"sys,1", CE_FORMAT_TAGGED, system_tokens}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0};
  ce_eval *ev = run(inputs, 2, &s);
  ce_column columns[] = {{CE_LEVEL_TOKEN, CE_M1}, {CE_LEVEL_TYPE, CE_MACRO_I_O1}};
  char *text = NULL;
  CHECK(ce_eval_table(ev, CE_TABLE_CSV, columns, 2, NULL, 0, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "system,token.m1,type.macro_i_o1\n\"sys,1\",1,");
  ce_free(text);
  CHECK(ce_eval_table(ev, CE_TABLE_MARKDOWN, columns, 2, NULL, 0, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text,
                     "| System | Token M-1 | Type MacroI 1-1 |\n| --- | ---: | ---: |\n| `sys,1` | "
                     "1.0000 |");
  ce_free(text);
  CHECK(ce_eval_table(ev, CE_TABLE_LATEX, columns, 2, NULL, 0, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "\\begin{tabular}{lrr}");
  CHECK_STR_CONTAINS(text, "System & M-1 & MacroI 1-1 \\\\");
  ce_free(text);
  CHECK(ce_eval_report(ev, CE_REPORT_DETAILS, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "sys,1\ta\tX Y\tk1 k2\tX Y\t2\t1\t");
  ce_free(text);
  CHECK(ce_eval_report(ev, CE_REPORT_SIZES, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "gold\ttokens\t1\tY\t3\n");
  ce_free(text);
  ce_eval_free(ev);
}

int main(void) {
  test_types_from_tokens_merge();
  test_types_from_tokens_split();
  test_types_from_tokens_drop();
  test_drop_type_level();
  test_drop_min_share();
  test_drop_bootstrap();
  test_excluded_tokens_type_level();
  test_min_share();
  test_excluded_labels();
  test_lexicon_mode();
  test_mixed_mode();
  test_counts_file();
  test_baselines();
  test_label_maps();
  test_exclude_punct();
  test_substitutable();
  test_ebcubed_one_big_cluster();
  test_tables();
  return check_report("modes");
}
