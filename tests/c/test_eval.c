/* The public API end to end: pairing, failures that name file and line, chunking, JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"

static const char gold[] =
    "The\tat\ndog\tnn\nbarks\tvbz\n.\t.\n\nA\tat\ncat\tnn\nsleeps\tvbz\n.\t.\n";
static const char good[] =
    "The\tc1\ndog\tc2\nbarks\tc3\n.\tc4\n\nA\tc1\ncat\tc2\nsleeps\tc2\n.\tc4\n";

typedef struct input {
  const char *name;
  const char *bytes;
} input;

/* An option and its value, set before the inputs. */
typedef struct setting {
  ce_option option;
  double value;
} setting;

/* Runs gold + systems with `settings`, feeding round-robin in pieces of `piece` bytes. */
static ce_eval *run_with(const input *inputs, size_t count, size_t piece, const setting *settings,
                         size_t setting_count, ce_status *finish, ce_error *err) {
  ce_eval *ev = ce_eval_create();
  CHECK(ev != NULL);
  for (size_t s = 0; s < setting_count; s++)
    CHECK(ce_eval_set(ev, settings[s].option, settings[s].value) == CE_OK);
  for (size_t i = 0; i < count; i++) {
    CHECK(ce_eval_add_input(ev, inputs[i].name, NULL, err) == CE_OK);
    CHECK(ce_eval_set_format(ev, i, CE_FORMAT_TAGGED) == CE_OK); /* token mode is the subject */
  }
  size_t *offset = calloc(count, sizeof *offset);
  int *open = calloc(count, sizeof *open);
  for (size_t i = 0; i < count; i++) open[i] = 1;
  for (int any = 1; any;) {
    any = 0;
    for (size_t i = 0; i < count; i++) {
      if (!open[i]) continue;
      size_t len = strlen(inputs[i].bytes) - offset[i];
      if (len > piece) len = piece;
      ce_status status = len ? ce_eval_feed(ev, i, inputs[i].bytes + offset[i], len, NULL) : CE_OK;
      offset[i] += len;
      if (status || offset[i] == strlen(inputs[i].bytes)) {
        ce_eval_close(ev, i, NULL);
        open[i] = 0;
      } else {
        any = 1;
      }
    }
  }
  free(offset);
  free(open);
  *finish = ce_eval_finish(ev, err);
  return ev;
}

/* The same with the default options. */
static ce_eval *run(const input *inputs, size_t count, size_t piece, ce_status *finish,
                    ce_error *err) {
  return run_with(inputs, count, piece, NULL, 0, finish, err);
}

static double value(const ce_eval *ev, size_t system, ce_measure m) {
  double v = -1;
  CHECK(ce_eval_value(ev, system, CE_LEVEL_TOKEN, m, &v) == CE_OK);
  return v;
}

static void test_chunking_does_not_matter(void) {
  input inputs[] = {{"gold.tsv", gold}, {"sys.tsv", good}};
  ce_status status;
  ce_error err;
  ce_eval *whole = run(inputs, 2, 1 << 20, &status, &err);
  CHECK(status == CE_OK);
  /* Gold: classes at nn vbz . → m1 = 7/8 (sleeps/vbz sits in c2 with the nouns). */
  CHECK_NEAR(value(whole, 0, CE_M1), 7.0 / 8, 0);
  for (size_t piece = 1; piece < 40; piece++) {
    ce_eval *ev = run(inputs, 2, piece, &status, &err);
    CHECK(status == CE_OK);
    for (int m = 0; m < CE_CONTINGENCY_MEASURE_COUNT; m++)
      CHECK_NEAR(value(ev, 0, (ce_measure)m), value(whole, 0, (ce_measure)m), 0);
    ce_eval_free(ev);
  }
  char *json = NULL;
  size_t len = 0;
  CHECK(ce_eval_json(whole, &json, &len) == CE_OK && len == strlen(json));
  CHECK_STR_CONTAINS(json, "\"schema\":1");
  CHECK_STR_CONTAINS(json, "\"tokens\":8,\"sentences\":2,\"items\":7,\"classes\":4");
  CHECK_STR_CONTAINS(json, "\"m1\":0.875,");
  CHECK_STR_CONTAINS(json, "\"clusters\":4");
  ce_free(json);
  ce_eval_free(whole);
}

/* Each bad system fails alone, naming its file and line; the good one keeps its numbers. */
static void test_bad_systems(void) {
  input inputs[] = {
      {"gold.tsv", gold},
      {"short.tsv", "The\tc1\ndog\tc2\nbarks\tc3\n.\tc4\n\nA\tc1\ncat\tc2\nsleeps\tc2\n"},
      {"long.tsv",
       "The\tc1\ndog\tc2\nbarks\tc3\n.\tc4\n\nA\tc1\ncat\tc2\nsleeps\tc2\n.\tc4\nmore\tc1\n"},
      {"differs.tsv", "The\tc1\ndog\tc2\nbarks\tc3\n.\tc4\nA\tc1\nbat\tc2\nsleeps\tc2\n.\tc4\n"},
      {"nolabel.tsv", "The\tc1\ndog\n"},
      {"sys.tsv", good},
  };
  const char *expected[] = {
      NULL,
      "short.tsv:8: ends after 7 tokens, but the gold standard goes on with '.' at gold.tsv:9 "
      "(token 8)",
      "long.tsv:10: token 'more' is beyond the end of the gold standard (gold.tsv has 8 tokens)",
      "differs.tsv:6: token 'bat' differs from the gold standard's 'cat' at gold.tsv:7 (token 6)",
      "nolabel.tsv:2: token without a label; expected token<TAB>label",
      NULL,
  };
  for (size_t piece = 1; piece < 64; piece += 7) {
    ce_status status;
    ce_error err;
    ce_eval *ev = run(inputs, 6, piece, &status, &err);
    CHECK(status == CE_OK);
    for (size_t i = 1; i < 6; i++) {
      const ce_error *e = ce_eval_input_error(ev, i);
      if (!expected[i]) {
        CHECK(e == NULL);
        continue;
      }
      CHECK(e != NULL);
      if (e) CHECK(strcmp(e->message, expected[i]) == 0);
      if (e) CHECK(strcmp(e->source, inputs[i].name) == 0);
      double v;
      CHECK(ce_eval_value(ev, i - 1, CE_LEVEL_TOKEN, CE_M1, &v) == CE_ERR_UNAVAILABLE);
    }
    CHECK_NEAR(value(ev, 4, CE_M1), 7.0 / 8, 0);
    char *json = NULL;
    CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
    CHECK_STR_CONTAINS(json, "\"code\":\"CE_ERR_MISMATCH\"");
    CHECK_STR_CONTAINS(json, "\"file\":\"differs.tsv\",\"line\":6");
    ce_free(json);
    ce_eval_free(ev);
  }
}

/* Without the token check, differing texts pair by position. */
static void test_no_token_check(void) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_TOKEN_CHECK, 0) == CE_OK);
  const char *sys = "X\tc1\nX\tc2\nX\tc3\nX\tc4\nX\tc1\nX\tc2\nX\tc2\nX\tc4\n";
  ce_eval_add_input(ev, "gold.tsv", NULL, NULL);
  ce_eval_add_input(ev, "sys.tsv", NULL, NULL);
  CHECK(ce_eval_feed(ev, 0, gold, strlen(gold), NULL) == CE_OK);
  CHECK(ce_eval_feed(ev, 1, sys, strlen(sys), NULL) == CE_OK);
  CHECK(ce_eval_close(ev, 0, NULL) == CE_OK && ce_eval_close(ev, 1, NULL) == CE_OK);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  CHECK_NEAR(value(ev, 0, CE_M1), 7.0 / 8, 0);
  ce_eval_free(ev);
}

static void test_gold_failures(void) {
  const struct {
    const char *gold;
    ce_status code;
    const char *message;
  } cases[] = {
      {"", CE_ERR_EMPTY, "gold.tsv: empty input; expected token<TAB>label lines"},
      {"\n\n  \n", CE_ERR_EMPTY, "gold.tsv: no tokens in 3 lines"},
      {"a\tb\nc\n", CE_ERR_SYNTAX, "gold.tsv:2: token without a label"},
      {"a\tb\n\xC3(\tx\n", CE_ERR_ENCODING,
       "gold.tsv:2: invalid UTF-8 at column 1 (byte offset 4)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    input inputs[] = {{"gold.tsv", cases[i].gold}, {"sys.tsv", good}};
    ce_status status;
    ce_error err = {0};
    ce_eval *ev = run(inputs, 2, 3, &status, &err);
    CHECK(status == cases[i].code);
    CHECK_STR_CONTAINS(err.message, cases[i].message);
    CHECK(ce_eval_input_error(ev, 0) != NULL);
    char *json = NULL;
    CHECK(ce_eval_json(ev, &json, NULL) == CE_ERR_USAGE);
    ce_eval_free(ev);
  }
}

/* The public string table numbers strings in the order first put, whatever their bytes. */
static void test_strings(void) {
  ce_strings *strings = ce_strings_create();
  uint32_t id = 99;
  const char *words[] = {"dog", "a label longer than a few bytes", "dog", "",
                         "a label longer than a few bytes"};
  const uint32_t ids[] = {0, 1, 0, 2, 1};
  for (size_t w = 0; w < 5; w++) {
    CHECK(ce_strings_put(strings, words[w], strlen(words[w]), &id) == CE_OK);
    CHECK(id == ids[w]);
  }
  CHECK(ce_strings_put(strings, "a\0b", 3, &id) == CE_OK && id == 3); /* bytes, NUL or not */
  CHECK(ce_strings_put(strings, "a", 1, &id) == CE_OK && id == 4);
  CHECK(ce_strings_count(strings) == 5);
  size_t len = 0;
  CHECK(strcmp(ce_strings_get(strings, 1, &len), words[1]) == 0 && len == strlen(words[1]));
  CHECK(ce_strings_get(strings, 3, &len) && len == 3 &&
        memcmp(ce_strings_get(strings, 3, NULL), "a\0b", 3) == 0);
  CHECK(ce_strings_get(strings, 5, NULL) == NULL);
  CHECK(ce_strings_put(strings, NULL, 1, &id) == CE_ERR_USAGE);
  CHECK(ce_strings_put(NULL, "x", 1, &id) == CE_ERR_USAGE);
  CHECK(ce_strings_count(NULL) == 0 && ce_strings_get(NULL, 0, NULL) == NULL);
  ce_strings_free(strings);
  ce_strings_free(NULL);
}

static void test_api_contract(void) {
  ce_eval_free(NULL);
  ce_free(NULL);
  CHECK(strcmp(ce_status_name(CE_ERR_SYNTAX), "CE_ERR_SYNTAX") == 0);
  CHECK(strcmp(ce_status_name((ce_status)999), "CE_UNKNOWN") == 0);
  CHECK(strlen(ce_strerror(CE_ERR_MISMATCH)) > 0);
  CHECK(ce_measure_from_id("v_measure") == CE_V_MEASURE);
  CHECK(ce_measure_from_id("nope") == CE_MEASURE_COUNT);
  CHECK(strcmp(ce_measure_id(CE_NVI), "nvi") == 0);
  double def, lo, hi;
  CHECK(ce_opt_bounds(CE_OPT_BETA, &def, &lo, &hi) == CE_OK && def == 1.0 && lo > 0);
  CHECK(ce_opt_bounds(CE_OPT_COUNT, NULL, NULL, NULL) == CE_ERR_USAGE);
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_BETA, 0.0) == CE_ERR_USAGE);
  CHECK(ce_eval_set(ev, CE_OPT_BETA, 0.0 / 0.0) == CE_ERR_USAGE);
  CHECK(ce_eval_set(ev, CE_OPT_BETA, 2.0) == CE_OK && ce_eval_get(ev, CE_OPT_BETA) == 2.0);
  ce_error err;
  CHECK(ce_eval_finish(ev, &err) == CE_ERR_USAGE);
  CHECK(ce_eval_add_input(ev, "gold.tsv", NULL, &err) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_BETA, 3.0) == CE_ERR_USAGE); /* options come first */
  CHECK(ce_eval_feed(ev, 5, "x", 1, &err) == CE_ERR_USAGE);
  CHECK(ce_eval_finish(ev, &err) == CE_ERR_USAGE); /* gold not closed */
  CHECK(ce_eval_add_input(ev, "late.tsv", NULL, &err) == CE_OK);
  CHECK(ce_eval_feed(ev, 0, "a\tb\n", 4, &err) == CE_OK);
  CHECK(ce_eval_add_input(ev, "later.tsv", NULL, &err) == CE_ERR_USAGE);
  ce_eval_free(ev);
}

/*
 * CE_OPT_DETAIL 2 leaves the per-item rows out of the JSON and says how many there are;
 * ce_eval_items_json gives them, the very text CE_OPT_DETAIL 1 puts in "items".
 */
static void test_items_apart(void) {
  input inputs[] = {{"gold.tsv", gold}, {"sys.tsv", good}};
  ce_status status;
  ce_error err;
  char *whole = NULL, *apart = NULL, *rows = NULL;
  size_t rows_len = 0;
  setting all = {CE_OPT_DETAIL, 1}, later = {CE_OPT_DETAIL, 2};
  ce_eval *with_items = run_with(inputs, 2, 1 << 20, &all, 1, &status, &err);
  CHECK(status == CE_OK && ce_eval_json(with_items, &whole, NULL) == CE_OK);
  ce_eval *without = run_with(inputs, 2, 1 << 20, &later, 1, &status, &err);
  CHECK(status == CE_OK && ce_eval_json(without, &apart, NULL) == CE_OK);
  CHECK(strstr(apart, "\"items\":[[") == NULL);
  CHECK_STR_CONTAINS(apart, ",\"item_rows\":7}"); /* the gold's 7 items, at the end of detail */
  CHECK(ce_eval_items_json(without, 0, &rows, &rows_len) == CE_OK && rows_len == strlen(rows));
  CHECK(rows_len > 2 && rows[0] == '[' && rows[rows_len - 1] == '\n');
  rows[rows_len - 1] = '\0';
  /* "items":ROWS} closes the detail object in the whole document. */
  size_t need = strlen(rows) + 16;
  char *expected = malloc(need);
  snprintf(expected, need, "\"items\":%s}", rows);
  CHECK_STR_CONTAINS(whole, expected);
  CHECK_STR_CONTAINS(rows, "[\"dog\",[");
  free(expected);
  ce_free(rows);
  rows = NULL;
  /* The rows come at detail 1 too; past the rows, a usage error. */
  CHECK(ce_eval_items_json(with_items, 0, &rows, NULL) == CE_OK);
  ce_free(rows);
  CHECK(ce_eval_items_json(without, 1, &rows, NULL) == CE_ERR_USAGE);
  /* A run without the type level has no rows to give. */
  setting token[] = {{CE_OPT_DETAIL, 2}, {CE_OPT_LEVELS, 1}};
  ce_eval *token_only = run_with(inputs, 2, 1 << 20, token, 2, &status, &err);
  CHECK(status == CE_OK);
  CHECK(ce_eval_items_json(token_only, 0, &rows, NULL) == CE_ERR_UNAVAILABLE);
  char *token_json = NULL;
  CHECK(ce_eval_json(token_only, &token_json, NULL) == CE_OK);
  CHECK(strstr(token_json, "item_rows") == NULL);
  ce_free(token_json);
  ce_free(whole);
  ce_free(apart);
  ce_eval_free(with_items);
  ce_eval_free(without);
  ce_eval_free(token_only);
}

/*
 * A system's own sentence breaks against gold's: gold's are used either way, and a file that
 * marks sentences but parts from gold's is warned of, with the first place (its line, gold's
 * line). One with no break inside (one sentence, as `flat`) leaves sentences to gold and is
 * not warned of.
 * Gold: three sentences, starting at lines 1, 4 and 7. `joined` drops the second break: its
 * "e" at line 6 is gold's line 7. `extra` breaks after "a": its "b" at line 3 is gold's 2.
 */
static const char *warning_of(const char *json, const char *name) {
  char key[64];
  snprintf(key, sizeof key, "\"name\":\"%s\"", name);
  const char *row = strstr(json, key);
  const char *warned = row ? strstr(row, "sentence breaks: ") : NULL;
  const char *next = row ? strstr(row + 1, "\"name\":") : NULL;
  return warned && (!next || warned < next) ? warned : NULL;
}

static void test_sentence_breaks(void) {
  static const char gold3[] = "a\tX\nb\tY\n\nc\tX\nd\tY\n\ne\tX\nf\tY\n";
  static const char same[] = "a\t1\nb\t2\n\nc\t1\nd\t2\n\ne\t1\nf\t2\n";
  static const char joined[] = "a\t1\nb\t2\n\nc\t1\nd\t2\ne\t1\nf\t2\n";
  static const char extra[] = "a\t1\n\nb\t2\n\nc\t1\nd\t2\n\ne\t1\nf\t2\n";
  static const char flat[] = "a\t1\nb\t2\nc\t1\nd\t2\ne\t1\nf\t2\n\n";
  const input inputs[] = {{"gold.tsv", gold3},
                          {"same.tsv", same},
                          {"joined.tsv", joined},
                          {"extra.tsv", extra},
                          {"flat.tsv", flat}};
  ce_status finish;
  ce_error err;
  ce_eval *ev = run(inputs, 5, 7, &finish, &err);
  CHECK(finish == CE_OK);
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  CHECK(json && !warning_of(json, "same.tsv") && !warning_of(json, "flat.tsv"));
  const char *want_joined =
      "sentence breaks: 1 position where this file and gold.tsv part (the first at line 6 "
      "here, line 7 there); the gold standard's sentences are used";
  const char *got = json ? warning_of(json, "joined.tsv") : NULL;
  CHECK(got && !strncmp(got, want_joined, strlen(want_joined)));
  const char *want_extra =
      "sentence breaks: 1 position where this file and gold.tsv part (the first at line 3 "
      "here, line 2 there)";
  got = json ? warning_of(json, "extra.tsv") : NULL;
  CHECK(got && !strncmp(got, want_extra, strlen(want_extra)));
  /* The breaks decide no number: every system is the gold partition. */
  for (size_t s = 0; s < 4; s++) CHECK(value(ev, s, CE_M1) == 1.0);
  ce_free(json);
  ce_eval_free(ev);

  /* A gold of one sentence marks none: a system's breaks are not held against it. */
  const input flat_gold[] = {{"gold.tsv", "a\tX\nb\tY\nc\tX\nd\tY\ne\tX\nf\tY\n"},
                             {"same.tsv", same}};
  ev = run(flat_gold, 2, 7, &finish, &err);
  CHECK(finish == CE_OK);
  json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  CHECK(json && !warning_of(json, "same.tsv"));
  ce_free(json);
  ce_eval_free(ev);
}

int main(void) {
  test_chunking_does_not_matter();
  test_bad_systems();
  test_no_token_check();
  test_gold_failures();
  test_api_contract();
  test_strings();
  test_items_apart();
  test_sentence_breaks();
  return check_report("eval");
}
