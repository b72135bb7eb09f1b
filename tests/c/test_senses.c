/*
 * Word-sense induction (SPEC §3.7) through the public API: every rule of the `senses` format
 * (separators, comments, skipped lines, weights, the errors naming file:line), detection,
 * and each quirk of the SemEval-2013 and SemEval-2010 scorers in a case worked by hand, the
 * arithmetic beside it. The real keys are tests/cli/semeval_reference.py's.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"
#include "eval_values.h"
#include "formats/detect_internal.h"

/* A run of a gold key and system keys (formats detected unless `forced`), finished. */
static ce_eval *run_keys(const char *gold, const char *const *systems, size_t count,
                         ce_format forced, int detail, ce_status *finished, ce_error *err) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_DETAIL, detail) == CE_OK);
  CHECK(ce_eval_add_input(ev, "gold.key", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++) {
    char name[32];
    snprintf(name, sizeof name, "sys%zu.key", s + 1);
    CHECK(ce_eval_add_input(ev, name, NULL, NULL) == CE_OK);
  }
  for (size_t i = 0; i <= count; i++) CHECK(ce_eval_set_format(ev, i, forced) == CE_OK);
  /* Three bytes at a time, round-robin: lines span chunks. */
  feed_round_robin(ev, gold, systems, count, 3);
  *finished = ce_eval_finish(ev, err);
  return ev;
}

static ce_eval *run_ok(const char *gold, const char *const *systems, size_t count) {
  ce_status status;
  ce_error err;
  ce_eval *ev = run_keys(gold, systems, count, CE_FORMAT_AUTO, 1, &status, &err);
  CHECK(status == CE_OK);
  if (status) fprintf(stderr, "  %s\n", err.message);
  return ev;
}

static double sense(const ce_eval *ev, size_t row, ce_measure m) {
  return value(ev, row, CE_LEVEL_SENSE, m);
}

/* The preview of a key: the records as the reader hands them on. */
static char *preview(const char *text) {
  char *json = NULL;
  CHECK(ce_preview_json("k.key", text, strlen(text), CE_FORMAT_SENSES, 0, 0, 50, &json, NULL) ==
        CE_OK);
  return json;
}

/* ------------------------------------------------------------- the format */

/* Fields are runs of blanks or TABs; CRLF line ends; a line of fewer than three fields and a
 * blank line are skipped; a token beginning "!!" ends the senses. */
static void test_fields_and_skipped_lines(void) {
  char *json = preview(
      "a.n\ta.n.1  s1 \r\n"
      "\n"
      "a.n a.n.2\n"           /* two fields: skipped (UoS's line 4588) */
      "a.n a.n.3 !! s1\n"     /* the comment leaves two fields: skipped */
      "a.n a.n.4 s2 !!x s3\n" /* s3 is in the comment */
      "!! a.n a.n.5 s1\n");
  CHECK_STR_CONTAINS(json,
                     "{\"line\":1,\"kind\":\"sense\",\"item\":\"a.n.1\",\"label\":\"s1\","
                     "\"lemma\":\"a.n\",\"weight\":1,");
  CHECK_STR_CONTAINS(json, "\"line\":5,\"kind\":\"sense\",\"item\":\"a.n.4\",\"label\":\"s2\"");
  CHECK(!strstr(json, "\"line\":3") && !strstr(json, "\"line\":4") && !strstr(json, "s3") &&
        !strstr(json, "\"line\":6"));
  ce_free(json);
}

/* Weights count only when every sense on the line has one and none repeats; they are then
 * divided by the line's largest, else every sense weighs 1; a repeated sense is kept once. */
static void test_weights(void) {
  char *json = preview(
      "a.n a.n.1 s1/4 s2/1\n"       /* 4/4 = 1, 1/4 = 0.25 */
      "a.n a.n.2 s1/4 s2\n"         /* s2 has none: both 1 */
      "a.n a.n.3 s1/2 s1/1\n"       /* s1 repeats: once, weight 1 */
      "a.n a.n.4 s1/0 s2/0.5e1\n"); /* 0/5 = 0, 5/5 = 1 */
  CHECK_STR_CONTAINS(json, "\"label\":\"s2\",\"lemma\":\"a.n\",\"weight\":0.25");
  CHECK_STR_CONTAINS(json,
                     "\"line\":2,\"kind\":\"sense\",\"item\":\"a.n.2\",\"label\":\"s2\","
                     "\"lemma\":\"a.n\",\"weight\":1,");
  CHECK_STR_CONTAINS(json,
                     "\"line\":3,\"kind\":\"sense\",\"item\":\"a.n.3\",\"label\":\"s1\","
                     "\"lemma\":\"a.n\",\"weight\":1,");
  CHECK(!strstr(json,
                "\"line\":3,\"kind\":\"sense\",\"item\":\"a.n.3\",\"label\":\"s1\","
                "\"lemma\":\"a.n\",\"weight\":1,\"count\":0},{\"line\":3"));
  CHECK_STR_CONTAINS(json, "\"label\":\"s1\",\"lemma\":\"a.n\",\"weight\":0,");
  ce_free(json);
}

/* Negative, non-numeric and all-zero weights, and a second line of one (lemma, instance),
 * are input errors naming file and line. */
static void test_errors(void) {
  static const struct {
    const char *gold, *message;
    uint64_t line;
  } cases[] = {
      {"a.n a.n.1 s1\na.n a.n.2 s1/-1\n", "gold.key:2:", 2},
      {"a.n a.n.1 s1/x\n", "is not a number", 1},
      {"a.n a.n.1 s1/\n", "is not a number", 1},
      {"a.n a.n.1 s1/nan\n", "is not a number", 1},
      {"a.n a.n.1 s1/1 s2/2\na.n a.n.2 s1/0 s2/0\n", "every weight on the line is 0", 2},
      {"a.n a.n.1 s1\na.n a.n.2 s2\na.n a.n.1 s3\n", "again (first on line 1)", 3},
  };
  const char *system[] = {"a.n a.n.1 x\n"};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ce_status status;
    ce_error err;
    ce_eval *ev = run_keys(cases[i].gold, system, 1, CE_FORMAT_SENSES, 0, &status, &err);
    CHECK(status == CE_ERR_SYNTAX);
    CHECK(err.line == cases[i].line);
    CHECK(strcmp(err.source, "gold.key") == 0);
    CHECK_STR_CONTAINS(err.message, cases[i].message);
    ce_eval_free(ev);
  }
  /* The same instance under two lemmas is two instances. */
  const char *ok[] = {"a.n x.1 s\nb.n x.1 t\n"};
  ce_status status;
  ce_error err;
  ce_eval *ev = run_keys("a.n x.1 s\nb.n x.1 t\n", ok, 1, CE_FORMAT_SENSES, 0, &status, &err);
  CHECK(status == CE_OK);
  ce_eval_free(ev);
}

/* Detected from its first lines (instances named after their lemma), forceable otherwise;
 * a senses gold with a system of another format fails that system. */
static void test_detection(void) {
  const char key[] =
      "add.v add.v.1 add%2:32:01::/4\nadd.v add.v.2 add%2:30:00::/4\n"
      "win.v win.v.82\n";
  CHECK(ce__detect_format(key, sizeof key - 1, 1) == CE_FORMAT_SENSES);
  const char lexicon[] = "dog NN VB\ncat NN\n";
  CHECK(ce__detect_format(lexicon, sizeof lexicon - 1, 1) != CE_FORMAT_SENSES);
  const char *tagged[] = {"a\tX\nb\tY\n\n"};
  ce_status status;
  ce_error err;
  ce_eval *ev = run_keys("a.n a.n.1 s\n", tagged, 1, CE_FORMAT_AUTO, 0, &status, &err);
  CHECK(status == CE_OK);
  CHECK(ce_eval_input_format(ev, 0) == CE_FORMAT_SENSES);
  CHECK(ce_eval_system_error(ev, 0) != NULL);
  if (ce_eval_system_error(ev, 0))
    CHECK_STR_CONTAINS(ce_eval_system_error(ev, 0)->message, "beside the senses key");
  ce_eval_free(ev);
}

/* ------------------------------------------------------- SemEval-2013 */

/*
 * Fuzzy B-cubed, one lemma, unweighted: gold i1 A, i2 A, i3 A, i4 B; system i1 x, i2 x,
 * i3 y, i4 y. Gold agreements g: 1 within {1,2,3}, 0 with 4; system t: 1 for (1,2), (3,4).
 * P: i1's gold partners {2,3}: min(1,1)/1 = 1, min(1,0)/1 = 0, mean 0.5; i2 likewise 0.5;
 *    i3 {1,2}: 0, 0: 0; i4 has no partner: 0. P = 1/4 = 0.25.
 * R: i1's system partner {2}: min(1,1)/1 = 1; i2: 1; i3 {4}: min(0,1)/1 = 0; i4: 0. R = 2/4.
 * F = 2 · 0.25 · 0.5 / 0.75 = 1/3.
 */
static void test_fuzzy_bcubed_partners(void) {
  const char *system[] = {"a.n a.n.1 x\na.n a.n.2 x\na.n a.n.3 y\na.n a.n.4 y\n"};
  ce_eval *ev = run_ok("a.n a.n.1 A\na.n a.n.2 A\na.n a.n.3 A\na.n a.n.4 B\n", system, 1);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_P), 0.25, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_R), 0.5, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_F), 1.0 / 3.0, 1e-15);
  ce_eval_free(ev);
}

/*
 * Graded agreement, and P and R averaged before F. Lemma w (weighted): gold i1 "A/2 B/1"
 * (A 1, B 0.5), i2 "A/1" (A 1); system i1 "x/1" (x 1), i2 "x/1 y/4" (x 0.25, y 1).
 *   g(1,2) = 1 − |1 − 1| = 1 (A alone is shared); t(1,2) = 1 − |1 − 0.25| = 0.25.
 *   P = (min(1, .25)/1 + the same)/2 = 0.25; R = (min(1, .25)/.25 · 2)/2 = 1.
 * Lemma e (a system instance gold lacks): gold e1 A, e2 A; system e1 x, e2 x, e9 x.
 *   P: e1 {e2}: 1; e2: 1; P = 2/2 = 1. R: e1 {e2, e9}: (1 + min(0,1)/1)/2 = 0.5; e2: 0.5;
 *   e9 {e1, e2}: 0, 0: 0. R = 1 / 2 (gold's two instances) = 0.5.
 * P̄ = (0.25 + 1)/2 = 0.625, R̄ = (1 + 0.5)/2 = 0.75, F = 2 · .625 · .75 / 1.375 = 15/22
 * (the mean of per-lemma F would be (0.4 + 2/3)/2 = 0.5333).
 */
static void test_fuzzy_bcubed_weights_and_means(void) {
  const char *system[] = {
      "w.n w.n.1 x/1\nw.n w.n.2 x/1 y/4\n"
      "e.n e.n.1 x\ne.n e.n.2 x\ne.n e.n.9 x\n"};
  ce_eval *ev = run_ok("w.n w.n.1 A/2 B/1\nw.n w.n.2 A/1\ne.n e.n.1 A\ne.n e.n.2 A\n", system, 1);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_P), 0.625, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_R), 0.75, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_F), 15.0 / 22.0, 1e-15);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"by_lemma\":{\"w.n\":{\"fuzzy_bcubed_p\":0.25,\"fuzzy_bcubed_r\":1,");
  CHECK_STR_CONTAINS(json, "\"e.n\":{\"fuzzy_bcubed_p\":1,\"fuzzy_bcubed_r\":0.5,");
  CHECK_STR_CONTAINS(json, "\"extra\":1");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * A gold lemma with no system line scores 0 and counts: lemma a answered perfectly
 * (a1 A, a2 A; x, x: P = R = 1, NMI: H(A) = 0 over two instances both in bin 9, so 0/0: null
 * for a), lemma b unanswered (0). P̄ = R̄ = (1 + 0)/2 = 0.5, F = 0.5. SemEval-2010: b's two
 * gold instances are one extra cluster, a perfect V of 1 for both lemmas.
 */
static void test_unanswered_lemma(void) {
  const char *system[] = {"a.n a.n.1 x\na.n a.n.2 x\n"};
  ce_eval *ev = run_ok("a.n a.n.1 A\na.n a.n.2 A\nb.n b.n.1 B\nb.n b.n.2 C\n", system, 1);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_P), 0.5, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_R), 0.5, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_BCUBED_F), 0.5, 1e-15);
  /* NMI: a has none (max(H_G, H_T) = 0), b scores 0: the mean over b alone. */
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_NMI), 0.0, 1e-15);
  CHECK_STR_CONTAINS(ce_eval_system_warning(ev, 0, 0), "fuzzy_nmi: null for 1 lemma ('a.n')");
  /* b: classes B, C in one extra cluster: h = 1 − H(C|K)/H(C) = 0, so V = 0; a: V = 1
   * (H(C) = H(K) = 0). Weighted by gold instances: (2 · 1 + 2 · 0)/4 = 0.5. */
  CHECK_NEAR(sense(ev, 0, CE_V_MEASURE), 0.5, 1e-15);
  CHECK(unavailable(ev, 0, CE_LEVEL_TOKEN, CE_V_MEASURE));
  CHECK(unavailable(ev, 0, CE_LEVEL_TYPE, CE_V_MEASURE));
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"token\":null,\"type\":null,\"senses\":{");
  CHECK_STR_CONTAINS(json,
                     "\"a.n\":{\"fuzzy_bcubed_p\":1,\"fuzzy_bcubed_r\":1,\"fuzzy_bcubed_f\":"
                     "1,\"fuzzy_nmi\":null,\"fuzzy_avg\":null,");
  CHECK_STR_CONTAINS(json, "\"lemmas\":2");
  CHECK_STR_CONTAINS(json, "\"missing\":2");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * Fuzzy NMI. Lemma p: gold p1 A, p2 A, p3 B, p4 B; system p1 x, p2 x, p3 y, p4 y. Each sense
 * is (1,1,0,0) or (0,0,1,1): bins 9 and 0 twice each, H = 1 bit; H_G = H_T = 2. (A, x): the
 * same bins, H(A, x) = 1, H(A|x) = 0; (A, y): p10 = p01 = 0.5 > p11 = p00 = 0, skipped.
 * H(G|T) = H(T|G) = 0, MI = ½(2 + 2) = 2, NMI = 2/2 = 1.
 * Lemma s (the skip rule): gold s1 A, s2 A, s3 B, s4 B; system s3 y, s4 y only (four
 * instances: gold's). (A, y) is skipped, so H(A|T) = H(A) = 1; (B, y): H(B|y) = H(y|B) = 0.
 * H(G|T) = 1, H(T|G) = 0, MI = ½(2 − 1 + 1 − 0) = 1, NMI = 1/max(2, 1) = 0.5 (without the
 * skip, H(A|y) = 1 − 1 = 0 would give 0.75).
 * Lemma o (one system sense): gold o1 A, o2 A, o3 B, o4 B; system all z: H(z) = 0 (bin 9
 * four times); (A, z): p11 = p10 = 0.5: h(.5) + 0 < h(.5) + 0 is false, kept; H(A, z) = 1,
 * H(A|z) = 1, H(z|A) = 0. MI = ½(2 − 2 + 0 − 0) = 0, NMI = 0.
 * Unweighted mean over the lemmas: (1 + 0.5 + 0)/3 = 0.5.
 */
static void test_fuzzy_nmi(void) {
  const char *system[] = {
      "p.n p.n.1 x\np.n p.n.2 x\np.n p.n.3 y\np.n p.n.4 y\n"
      "s.n s.n.3 y\ns.n s.n.4 y\n"
      "o.n o.n.1 z\no.n o.n.2 z\no.n o.n.3 z\no.n o.n.4 z\n"};
  ce_eval *ev = run_ok(
      "p.n p.n.1 A\np.n p.n.2 A\np.n p.n.3 B\np.n p.n.4 B\n"
      "s.n s.n.1 A\ns.n s.n.2 A\ns.n s.n.3 B\ns.n s.n.4 B\n"
      "o.n o.n.1 A\no.n o.n.2 A\no.n o.n.3 B\no.n o.n.4 B\n",
      system, 1);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json,
                     "\"p.n\":{\"fuzzy_bcubed_p\":1,\"fuzzy_bcubed_r\":1,\"fuzzy_bcubed_f\":"
                     "1,\"fuzzy_nmi\":1,\"fuzzy_avg\":1,");
  CHECK_STR_CONTAINS(json, "\"fuzzy_nmi\":0.5,");
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_NMI), 0.5, 1e-15);
  /* fuzzy_avg = √(NMI · F) of the averages. */
  double f = sense(ev, 0, CE_FUZZY_BCUBED_F);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_AVG), sqrt(0.5 * f), 1e-15);
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * The bins: the smallest k with v ≤ (k + 1)/10. Lemma b: gold b1 "A/1 B/10" (A 0.1, B 1),
 * b2 "B/1"; system both x. A is (0.1, 0): both in bin 0, H(A) = 0; B and x are (1, 1):
 * H = 0. So max(H_G, H_T) = 0: NMI null (and the mean has no lemma: null). With A at 0.15
 * (A/1 B/6.6667 → 0.149..., bin 1) H(A) = 1 and the NMI is defined: MI = ½(1 − 1 + 0 − 0) = 0.
 */
static void test_fuzzy_nmi_bins(void) {
  const char *system[] = {"b.n b.n.1 x\nb.n b.n.2 x\n"};
  ce_eval *ev = run_ok("b.n b.n.1 A/1 B/10\nb.n b.n.2 B/1\n", system, 1);
  CHECK(unavailable(ev, 0, CE_LEVEL_SENSE, CE_FUZZY_NMI));
  CHECK(unavailable(ev, 0, CE_LEVEL_SENSE, CE_FUZZY_AVG));
  CHECK_STR_CONTAINS(ce_eval_system_warning(ev, 0, 0), "so it is null too");
  ce_eval_free(ev);
  ev = run_ok("b.n b.n.1 A/1 B/6.6667\nb.n b.n.2 B/1\n", system, 1);
  CHECK_NEAR(sense(ev, 0, CE_FUZZY_NMI), 0.0, 1e-15);
  ce_eval_free(ev);
}

/* ------------------------------------------------------- SemEval-2010 */

/*
 * First sense only, weights dropped; system instances gold lacks ignored; a lemma's
 * unanswered gold instances one extra cluster. Gold g1 A, g2 B, g3 B; system g1 "x/1 y/9"
 * (x, though y weighs more), g9 z (not gold's); g2 and g3 unanswered: one cluster {g2, g3}.
 * Clusters {g1}, {g2, g3} equal the classes: V = 1; pairs S = G = {(g1,g1), (g2,g3)}: F = 1.
 */
static void test_semeval2010_first_sense_and_extra_cluster(void) {
  const char *system[] = {"g.n g.n.1 x/1 y/9\ng.n g.n.9 z\n"};
  ce_eval *ev = run_ok("g.n g.n.1 A\ng.n g.n.2 B\ng.n g.n.3 B\n", system, 1);
  CHECK_NEAR(sense(ev, 0, CE_V_MEASURE), 1.0, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_PAIR_F), 1.0, 1e-15);
  ce_eval_free(ev);
}

/*
 * Paired F with the pair (i, i) of a one-instance cluster, and averages weighted by gold
 * instances. Lemma c: gold c1 A, c2 A, c3 B; system one cluster each (1cl1inst).
 *   S = {(1,1), (2,2), (3,3)}, G = {(1,2), (3,3)}, G∩S = {(3,3)}: P = 1/3, R = 1/2,
 *   F = 2 · (1/6) / (5/6) = 0.4.
 *   V: H(C|K) = 0, h = 1; H(K) = log2 3, H(K|C) = (2/3) · 1 + (1/3) · 0, c = 1 − (2/3)/log2 3;
 *   V = 2c/(1 + c).
 * Lemma d: one instance, d1 A / x: h = c = 1 (H = 0), V = 1; S = G = {(1,1)}, F = 1.
 * Weighted: V̄ = (3 V_c + 1)/4, F̄ = (3 · 0.4 + 1)/4 = 0.55.
 */
static void test_semeval2010_pairs_and_weights(void) {
  const char *system[] = {"c.n c.n.1 k1\nc.n c.n.2 k2\nc.n c.n.3 k3\nd.n d.n.1 x\n"};
  ce_eval *ev = run_ok("c.n c.n.1 A\nc.n c.n.2 A\nc.n c.n.3 B\nd.n d.n.1 A\n", system, 1);
  double c = 1.0 - (2.0 / 3.0) / log2(3.0), v = 2 * c / (1 + c);
  CHECK_NEAR(sense(ev, 0, CE_V_MEASURE), (3 * v + 1) / 4, 1e-15);
  CHECK_NEAR(sense(ev, 0, CE_PAIR_F), 0.55, 1e-15);
  ce_eval_free(ev);
}

/* ------------------------------------------------------------- results */

/* The table of a sense run by its sense columns, "senses.<id>" in TSV. */
static void test_table(void) {
  const char *system[] = {"a.n a.n.1 x\na.n a.n.2 y\n"};
  ce_eval *ev = run_ok("a.n a.n.1 A\na.n a.n.2 A\n", system, 1);
  ce_column columns[] = {{CE_LEVEL_SENSE, CE_FUZZY_BCUBED_F}, {CE_LEVEL_SENSE, CE_PAIR_F}};
  char *text = NULL;
  CHECK(ce_eval_table(ev, CE_TABLE_TSV, columns, 2, NULL, 0, &text, NULL) == CE_OK);
  /* P: a1's partner a2: g = 1, t = 0: 0; P = 0, F = 0. Pairs: S = {(1,1), (2,2)},
   * G = {(1,2)}: none shared, F = 0. */
  CHECK_STR_CONTAINS(text, "system\tsenses.fuzzy_bcubed_f\tsenses.pair_f\nsys1.key\t0\t0\n");
  ce_free(text);
  CHECK(ce_eval_table(ev, CE_TABLE_MARKDOWN, columns, 2, NULL, 0, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "| System | Sense F-B³ F | Sense PF |");
  ce_free(text);
  ce_eval_free(ev);
}

int main(void) {
  test_fields_and_skipped_lines();
  test_weights();
  test_errors();
  test_detection();
  test_fuzzy_bcubed_partners();
  test_fuzzy_bcubed_weights_and_means();
  test_unanswered_lemma();
  test_fuzzy_nmi();
  test_fuzzy_nmi_bins();
  test_semeval2010_first_sense_and_extra_cluster();
  test_semeval2010_pairs_and_weights();
  test_table();
  printf("test_senses: %d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
