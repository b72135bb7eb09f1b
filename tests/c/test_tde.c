/*
 * Spoken term discovery (SPEC §3.8) through the public API: the `tde-words` and
 * `tde-classes` readers and every error of §3.8 naming file:line, detection, the fragment
 * transcription rule where IEEE round-off decides, and each measure on a corpus worked by
 * hand, the arithmetic beside it. Random corpora against an independent brute-force reading
 * are tests/cli/tde_reference.py's.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"
#include "eval_values.h"
#include "formats/detect_internal.h"
#include "measures/measures_tde_internal.h"

/* A run of a word alignment, class files and a phone alignment (NULL: none), formats
 * detected, with --detail or not, fed three bytes at a time round-robin; finished. */
static ce_eval *run_tde(const char *words, const char *const *systems, size_t count,
                        const char *phones, int detail, ce_status *finished, ce_error *err) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_DETAIL, detail) == CE_OK);
  CHECK(ce_eval_add_input(ev, "words.wrd", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++) {
    char name[32];
    snprintf(name, sizeof name, "sys%zu.class", s + 1);
    CHECK(ce_eval_add_input(ev, name, NULL, NULL) == CE_OK);
  }
  size_t inputs = count + 1;
  if (phones) {
    CHECK(ce_eval_add_phones(ev, "phones.phn", NULL, NULL) == CE_OK);
    inputs++;
  }
  size_t at[8] = {0};
  for (int open = 1; open;) {
    open = 0;
    for (size_t i = 0; i < inputs; i++) {
      const char *text = i == 0 ? words : i <= count ? systems[i - 1] : phones;
      size_t len = strlen(text);
      if (at[i] >= len) continue;
      size_t n = len - at[i] < 3 ? len - at[i] : 3;
      ce_eval_feed(ev, i, text + at[i], n, NULL);
      at[i] += n;
      open = 1;
    }
  }
  for (size_t i = 0; i < inputs; i++) ce_eval_close(ev, i, NULL);
  *finished = ce_eval_finish(ev, err);
  return ev;
}

/* run_tde of one class file, which must finish. */
static ce_eval *run_ok(const char *words, const char *classes, const char *phones) {
  ce_status status;
  ce_error err;
  ce_eval *ev = run_tde(words, &classes, 1, phones, 0, &status, &err);
  CHECK(status == CE_OK);
  if (status) fprintf(stderr, "  %s\n", err.message);
  return ev;
}

static double tde(const ce_eval *ev, size_t row, ce_measure m) {
  return value(ev, row, CE_LEVEL_TDE, m);
}

/* A corpus worked by hand: file a, phones of 100 ms; words cat, cat, dog, s. */
static const char *const PHONES =
    "a 0.00 0.10 SIL\n"
    "a 0.10 0.20 k\n"
    "a 0.20 0.30 ae\n"
    "a 0.30 0.40 t\n"
    "a 0.40 0.50 SIL\n"
    "a 0.50 0.60 k\n"
    "a 0.60 0.70 ae\n"
    "a 0.70 0.80 t\n"
    "a 0.80 0.90 d\n"
    "a 0.90 1.00 o\n"
    "a 1.00 1.10 g\n"
    "a 1.10 1.20 s\n";
static const char *const WORDS =
    "a 0.00 0.10 SIL\n"
    "a 0.10 0.40 cat\n"
    "a 0.50 0.80 cat\n"
    "a 0.80 1.10 dog\n"
    "a 1.10 1.20 s\n"
    "a 1.10 1.20 s\n"; /* a repeated line counts once */

/*
 * Class 1: f1 = a 0.10–0.40 (k ae t), f2 = a 0.50–0.80 (k ae t).
 * Class 2: f3 = a 0.80–1.10 (d o g), f4 = a 0.60–0.90: ae (0.60–0.70, overlap 100 ms ≥ 30),
 *          t, d (0.80–0.90, 100 ms): ae t d. Every phone is 100 ms, so the 30 ms rule keeps
 *          the first and last phones of all four.
 */
static void test_hand_worked(void) {
  const char *classes =
      "Class 1\na 0.10 0.40\na 0.50 0.80\n\nClass 2\na 0.80 1.10\na 0.60 0.90\n\n";
  ce_eval *ev = run_ok(WORDS, classes, PHONES);
  CHECK(ce_eval_input_format(ev, 0) == CE_FORMAT_TDE_WORDS);
  CHECK(ce_eval_input_format(ev, 1) == CE_FORMAT_TDE_CLASSES);
  /* NED: class 1's pair (k ae t, k ae t) = 0; class 2's (d o g, ae t d): 3 substitutions,
   * over 3 = 1. Mean over the 2 pairs: 0.5. */
  CHECK_NEAR(tde(ev, 0, CE_NED), 0.5, 1e-15);
  /* Coverage: 10 phones not SIL (k ae t k ae t d o g s); f1..f4 cover all but s: 9/10. */
  CHECK_NEAR(tde(ev, 0, CE_COVERAGE), 0.9, 1e-15);
  /* Grouping: found tokens (in a class of two or more) f1..f4: 4. Gold pairs: (f1, f2), one
   * transcription, one file, not overlapping: tokens f1, f2. Found and gold: (f1, f2), in
   * class 1: 2. P = 2/4, R = 2/2, F = 2·0.5·1/1.5 = 2/3. */
  CHECK_NEAR(tde(ev, 0, CE_GROUPING_P), 0.5, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_GROUPING_R), 1.0, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_GROUPING_F), 2.0 / 3, 1e-15);
  /* Token: f1 → cat 0.10 (phones k ae t: a hit), f2 → cat 0.50 (hit), f3 → dog (hit), f4
   * overlaps cat 0.50 (200/300 of it) and dog (100/300): cat, whose k ae t is not ae t d.
   * 3 hits; P = 3/4 fragments, R = 3/4 words (SIL skipped, the repeat once), F = 0.75. */
  CHECK_NEAR(tde(ev, 0, CE_TOKEN_P), 0.75, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_TOKEN_R), 0.75, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_TOKEN_F), 0.75, 1e-15);
  /* Type: seen transcriptions {k ae t, d o g, ae t d}; hits {k ae t, d o g}: P = 2/3; word
   * types {cat, dog, s}: R = 2/3; F = 2/3. */
  CHECK_NEAR(tde(ev, 0, CE_TYPE_P), 2.0 / 3, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_TYPE_R), 2.0 / 3, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_TYPE_F), 2.0 / 3, 1e-15);
  /* Boundary: onsets {0.1, 0.5, 0.8, 0.6}, offsets {0.4, 0.8, 1.1, 0.9}: 7 distinct times.
   * Gold onsets {0.1, 0.5, 0.8, 1.1}, offsets {0.4, 0.8, 1.1, 1.2}: 6. Right: onsets 0.1,
   * 0.5, 0.8; offsets 0.4, 0.8, 1.1: {0.1, 0.4, 0.5, 0.8, 1.1} = 5. P = 5/7, R = 5/6,
   * F = 2·(5/7)(5/6)/(5/7 + 5/6) = 10/13. */
  CHECK_NEAR(tde(ev, 0, CE_BOUNDARY_P), 5.0 / 7, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_BOUNDARY_R), 5.0 / 6, 1e-15);
  CHECK_NEAR(tde(ev, 0, CE_BOUNDARY_F), 10.0 / 13, 1e-15);
  /* The token and type levels are null; the JSON's tde object holds every id in order. */
  CHECK(unavailable(ev, 0, CE_LEVEL_TOKEN, CE_M1));
  CHECK(ce_eval_level(ev, CE_LEVEL_TOKEN, CE_GROUPING_P) == CE_LEVEL_TDE);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"tde\":{\"ned\":0.5,\"coverage\":0.9,\"grouping_p\":0.5,");
  CHECK_STR_CONTAINS(json, "\"boundary_f\":0.76923076923076");
  CHECK_STR_CONTAINS(json, "\"fragments\":4,\"dropped\":0,\"classes\":2}");
  CHECK_STR_CONTAINS(json, "\"token\":null,\"type\":null");
  ce_free(json);
  ce_eval_free(ev);
  /* --detail: each class's NED and fragments with their transcriptions, the class view's. */
  ce_status status;
  ce_error err;
  ev = run_tde(WORDS, &classes, 1, PHONES, 1, &status, &err);
  json = json_of(ev);
  CHECK_STR_CONTAINS(json,
                     "\"by_class\":[{\"class\":\"1\",\"ned\":0,\"fragments\":[[\"a\",0.1,0.4,"
                     "\"k ae t\"],[\"a\",0.5,0.8,\"k ae t\"]]},{\"class\":\"2\",\"ned\":1,"
                     "\"fragments\":[[\"a\",0.8,1.1,\"d o g\"],[\"a\",0.6,0.9,\"ae t d\"]]}]");
  ce_free(json);
  ce_eval_free(ev);
}

/*
 * The rule's round-off (SPEC §3.8: about 2% of real edges). A phone of 90 ms (0.52–0.61)
 * under a fragment from 0.5805: 0.61 − 0.5805 = 0.02949999999999997 in doubles, ·1000 =
 * 29.49999999999997, rint 29: 0.029 < 0.030, dropped, though the decimals make 29.5 ms. A
 * phone 0.10–0.20 from 0.1705: 0.0295 exactly as doubles go, 29.5, rint (to even) 30:
 * kept. Half a phone: 0.07–0.11 (40 ms) to 0.09 is 0.49999999999999983 of it: dropped;
 * 0.20–0.25 to 0.225 is 0.5: kept. (Python's float arithmetic, which tdev2 runs on, gives
 * the same: tests/cli/tde_reference.py.)
 */
static void test_round_off(void) {
  ce_tde_span p90 = {0.52, 0.61, 0, 0}, p100 = {0.10, 0.20, 0, 0};
  ce_tde_span p40 = {0.07, 0.11, 0, 0}, p50 = {0.20, 0.25, 0, 0};
  CHECK(!ce__tde_keeps(&p90, 0.5805, 0.9));
  CHECK(ce__tde_keeps(&p100, 0.1705, 0.9));
  CHECK(!ce__tde_keeps(&p40, 0.0, 0.09));
  CHECK(ce__tde_keeps(&p50, 0.0, 0.225));
  /* Through a run: each fragment's one phone is kept or not; coverage counts them. */
  const char *phones = "h 0.07 0.11 h\ni 0.20 0.25 i\nj 0.52 0.61 j\nk 0.10 0.20 k\n";
  const char *words = "h 0.00 1.00 w\ni 0.00 1.00 w\nj 0.00 1.00 w\nk 0.00 1.00 w\n";
  const char *classes =
      "Class 1\nh 0.0 0.09\ni 0.0 0.225\n\nClass 2\nj 0.5805 0.61\n"
      "k 0.1705 0.3\n\n";
  ce_eval *ev = run_ok(words, classes, phones);
  /* Each phone in a file of its own. Kept: i (half) and k (29.5 → 30): 2 of 4 phones. The
   * fragments that keep nothing are dropped. */
  CHECK_NEAR(tde(ev, 0, CE_COVERAGE), 0.5, 1e-15);
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"fragments\":2,\"dropped\":2,\"classes\":2}");
  ce_free(json);
  ce_eval_free(ev);
}

/* Every reading error of §3.8 names its file and line. */
static void test_errors(void) {
  static const struct {
    const char *classes;
    uint64_t line;
    const char *message;
  } cases[] = {
      {"\nClass 1\na 0.1 0.4\n\n", 1, "an empty line before any class"},
      {"Class 1\na 0.1 0.4\n\n\nClass 2\na 0.1 0.4\n", 4, "two empty lines in a row"},
      {"Class 1\na 0.4 0.4\n", 2, "offset '0.4' is not after the onset"},
      {"Class 1\na 0.5 0.4\n", 2, "not after the onset"},
      {"Class 1\na 0.1 x\n", 2, "offset 'x' is not a number"},
      {"Class 1\na 0.1 0.4 0.5\n", 2, "4 fields; expected 'Class N'"},
      {"Class 1\na 0.1 0.4\n\na 0.5 0.8\n", 4, "a fragment outside any class"},
      {"Class 1\na 0.1 0.4\n\nClass 2\na 0.5 0.8\n\nClass 1\na 0.8 1.1\n", 7,
       "class '1' again: a class of that number was kept at line 1"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    ce_eval *ev = ce_eval_create();
    CHECK(ce_eval_add_input(ev, "w.wrd", NULL, NULL) == CE_OK);
    CHECK(ce_eval_add_input(ev, "s.class", NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, 1, CE_FORMAT_TDE_CLASSES) == CE_OK);
    CHECK(ce_eval_feed(ev, 0, WORDS, strlen(WORDS), NULL) == CE_OK);
    ce_eval_feed(ev, 1, cases[c].classes, strlen(cases[c].classes), NULL);
    ce_eval_close(ev, 1, NULL);
    const ce_error *e = ce_eval_input_error(ev, 1);
    CHECK(e != NULL);
    if (e) {
      CHECK(e->code == CE_ERR_SYNTAX);
      CHECK(e->line == cases[c].line);
      CHECK(strcmp(e->source, "s.class") == 0);
      CHECK_STR_CONTAINS(e->message, cases[c].message);
      if (e->line != cases[c].line) fprintf(stderr, "  case %zu: %s\n", c, e->message);
    }
    ce_eval_free(ev);
  }
  /* A class with no fragment is dropped: its number is free again. */
  const char *empty = "Class 1\n\nClass 1\na 0.10 0.40\na 0.50 0.80\n\n";
  ce_eval *ev = run_ok(WORDS, empty, PHONES);
  CHECK_NEAR(tde(ev, 0, CE_NED), 0.0, 0);
  ce_eval_free(ev);
  /* Words: four fields, times that are numbers. */
  static const struct {
    const char *words;
    uint64_t line;
    const char *message;
  } word_cases[] = {
      {"a 0.1 0.4 cat\na 0.4 0.5\n", 2, "3 fields; expected 'file onset offset label'"},
      {"a 0.1 0.4 cat\na 0.4 nan dog\n", 2, "offset 'nan' is not a number"},
      {"a 0.1 0.4 cat\na 0.4 0.4 dog\n", 2, "not after the onset"},
  };
  for (size_t c = 0; c < sizeof word_cases / sizeof word_cases[0]; c++) {
    ev = ce_eval_create();
    CHECK(ce_eval_add_input(ev, "w.wrd", NULL, NULL) == CE_OK);
    CHECK(ce_eval_add_input(ev, "s.class", NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, 0, CE_FORMAT_TDE_WORDS) == CE_OK);
    ce_eval_feed(ev, 0, word_cases[c].words, strlen(word_cases[c].words), NULL);
    ce_eval_close(ev, 0, NULL);
    const ce_error *e = ce_eval_input_error(ev, 0);
    CHECK(e && e->line == word_cases[c].line);
    if (e) CHECK_STR_CONTAINS(e->message, word_cases[c].message);
    ce_eval_free(ev);
  }
  /* A fragment in a file the phone alignment lacks: the system's error, at its line. */
  const char *elsewhere = "Class 1\na 0.10 0.40\nz 0.50 0.80\n\n";
  ev = run_ok(WORDS, elsewhere, PHONES);
  const ce_error *e = ce_eval_system_error(ev, 0);
  CHECK(e && e->line == 3 && strcmp(e->source, "sys1.class") == 0);
  if (e) CHECK_STR_CONTAINS(e->message, "file 'z' is not in the phone alignment phones.phn");
  ce_eval_free(ev);
  /* No phone alignment: a usage error. */
  ce_status status;
  ce_error err;
  ev = run_tde(WORDS, &elsewhere, 1, NULL, 0, &status, &err);
  CHECK(status == CE_ERR_USAGE);
  CHECK_STR_CONTAINS(err.message, "--phones FILE");
  ce_eval_free(ev);
}

/* Where tdev2 gives NaN or stops, the value is null with a warning. */
static void test_nulls(void) {
  /* One fragment a class: no pair for NED or grouping P; no two of one transcription for
   * grouping R. A fragment in file b, which the phones have and the words lack: the
   * word-based scores are null. */
  const char *phones = "a 0.10 0.20 k\nb 0.10 0.20 k\n";
  const char *words = "a 0.10 0.20 k\n";
  const char *classes = "Class 1\na 0.10 0.20\n\nClass 2\nb 0.10 0.20\n\n";
  ce_eval *ev = run_ok(words, classes, phones);
  CHECK(unavailable(ev, 0, CE_LEVEL_TDE, CE_NED));
  CHECK(unavailable(ev, 0, CE_LEVEL_TDE, CE_GROUPING_P));
  /* Gold pairs: a's k and b's k, same transcription, other files: R's tokens 2, found ∩ gold
   * none (different classes): R = 0. */
  CHECK_NEAR(tde(ev, 0, CE_GROUPING_R), 0.0, 0);
  CHECK(unavailable(ev, 0, CE_LEVEL_TDE, CE_GROUPING_F));
  CHECK_NEAR(tde(ev, 0, CE_COVERAGE), 1.0, 0);
  CHECK(unavailable(ev, 0, CE_LEVEL_TDE, CE_TOKEN_P));
  CHECK(unavailable(ev, 0, CE_LEVEL_TDE, CE_BOUNDARY_F));
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"ned\":null");
  CHECK_STR_CONTAINS(json, "ned, grouping_p: n/a (no class has two fragments");
  CHECK_STR_CONTAINS(json, "token, type and boundary scores: n/a (fragments in 'b'");
  ce_free(json);
  ce_eval_free(ev);
  /* P + R = 0: F null, as tdev2 divides 0 by 0. Two classes of two fragments, each pair of
   * different transcriptions, while a's and b's k make a gold pair across classes. */
  const char *p2 = "a 0.10 0.20 k\na 0.20 0.30 t\nb 0.10 0.20 k\nb 0.20 0.30 t\n";
  const char *w2 = "a 0.10 0.20 k\na 0.20 0.30 t\nb 0.10 0.20 k\nb 0.20 0.30 t\n";
  const char *c2 = "Class 1\na 0.10 0.20\na 0.20 0.30\n\nClass 2\nb 0.10 0.20\nb 0.20 0.30\n\n";
  ev = run_ok(w2, c2, p2);
  /* NED: each class's pair (k, t): 1. Grouping: P = 0/4, R = 0/4: F null. */
  CHECK_NEAR(tde(ev, 0, CE_NED), 1.0, 0);
  CHECK_NEAR(tde(ev, 0, CE_GROUPING_P), 0.0, 0);
  CHECK_NEAR(tde(ev, 0, CE_GROUPING_R), 0.0, 0);
  CHECK(unavailable(ev, 0, CE_LEVEL_TDE, CE_GROUPING_F));
  /* Token: every fragment is its word: 4/4, 4/4. */
  CHECK_NEAR(tde(ev, 0, CE_TOKEN_F), 1.0, 0);
  json = json_of(ev);
  CHECK_STR_CONTAINS(json, "grouping_f: n/a (grouping_p and grouping_r are 0");
  ce_free(json);
  ce_eval_free(ev);
}

/* Grouping's quirks: a repeated fragment is one token; same-file overlapping fragments of
 * one transcription make no gold pair; tokens are phones with times, not files. */
static void test_grouping_quirks(void) {
  const char *phones = "a 0.10 0.20 k\na 0.20 0.30 k\na 0.30 0.40 k\n";
  const char *words = "a 0.10 0.40 kkk\n";
  /* f1 = 0.10–0.25 (k k: the second phone 0.20–0.30 overlaps 50 ms ≥ 30: kept),
   * f2 = 0.15–0.30 (k 0.10–0.20 overlaps 50 ms: kept; k k), f1 again, f3 = 0.30–0.40 (k).
   * Class 1 {f1, f1, f2}: found tokens {f1's, f2's}: f1 = (k@0.1, k@0.2), f2 the same
   * phones: one token. Gold pairs of "k k": f1, f2 overlap in file a: none. So P = 0/1,
   * R: no gold pair, null. NED: pairs (f1, f1), (f1, f2), (f1, f2): all 0. */
  const char *classes =
      "Class 1\na 0.10 0.25\na 0.10 0.25\na 0.15 0.30\n\nClass 2\n"
      "a 0.30 0.40\n\n";
  ce_eval *ev = run_ok(words, classes, phones);
  CHECK_NEAR(tde(ev, 0, CE_NED), 0.0, 0);
  CHECK_NEAR(tde(ev, 0, CE_GROUPING_P), 0.0, 0);
  CHECK(unavailable(ev, 0, CE_LEVEL_TDE, CE_GROUPING_R));
  ce_eval_free(ev);
}

static void test_detection(void) {
  const char *classes = "Class 1\na 0.1 0.4\nb 1.25 1.5\n\nClass 22\nc 3 4\n\n";
  const char *words = "a 0.1 0.4 cat\na 0.4 0.5 SIL\n";
  CHECK(ce__detect_format(classes, strlen(classes), 1) == CE_FORMAT_TDE_CLASSES);
  CHECK(ce__detect_format(words, strlen(words), 1) == CE_FORMAT_TDE_WORDS);
  CHECK(ce_format_from_name("tde-words") == CE_FORMAT_TDE_WORDS);
  CHECK(ce_format_from_name("tde-classes") == CE_FORMAT_TDE_CLASSES);
  /* Not time spans: an onset after its offset, or a TAB. */
  const char *other = "a 0.5 0.4 cat\n";
  CHECK(ce__detect_format(other, strlen(other), 1) != CE_FORMAT_TDE_WORDS);
  const char *tabbed = "a\t0.1\t0.4\tcat\n";
  CHECK(ce__detect_format(tabbed, strlen(tabbed), 1) != CE_FORMAT_TDE_WORDS);
}

static void test_table(void) {
  const char *classes = "Class 1\na 0.10 0.40\na 0.50 0.80\n\n";
  ce_eval *ev = run_ok(WORDS, classes, PHONES);
  ce_column columns[] = {{CE_LEVEL_TDE, CE_NED}, {CE_LEVEL_TDE, CE_COVERAGE}};
  char *text = NULL;
  CHECK(ce_eval_table(ev, CE_TABLE_TSV, columns, 2, NULL, 0, &text, NULL) == CE_OK);
  /* NED 0 (one pair, equal); coverage 6/10. */
  CHECK_STR_CONTAINS(text, "system\ttde.ned\ttde.coverage\nsys1.class\t0\t0.6\n");
  ce_free(text);
  CHECK(ce_eval_table(ev, CE_TABLE_MARKDOWN, columns, 2, NULL, 0, &text, NULL) == CE_OK);
  CHECK_STR_CONTAINS(text, "| System | TDE NED | TDE Cov. |");
  ce_free(text);
  ce_eval_free(ev);
}

int main(void) {
  test_hand_worked();
  test_round_off();
  test_errors();
  test_nulls();
  test_grouping_quirks();
  test_detection();
  test_table();
  printf("test_tde: %d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
