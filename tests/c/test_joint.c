/*
 * Joint counts (SPEC §2, `item<TAB>class<TAB>cluster<TAB>count`) through the public API: the
 * instances of test_modes.c worked by hand, read as joint counts; every measure of both
 * levels equal to reading the corpus pair itself on random pairs (with exclusions, label
 * maps, --min-share, the unclustered policies, baselines); several joint files and how their
 * gold sides must agree; totals up to 2^64 - 1; and what needs sentences saying so.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"
#include "common/rng_internal.h"
#include "common/util_internal.h"
#include "eval_values.h"

typedef struct setup {
  ce_unclustered policy;
  const char *unclustered_label;
  double min_share;
  const char *excluded;
  int baselines;
  int exclude_punct;
  int map; /* a gold label map X → Z */
  double bootstrap;
  int substitutable;
} setup;

/* Adds the inputs, then feeds them round-robin in chunks of `piece` bytes and closes each. */
static ce_eval *run_status(const input *inputs, size_t count, const setup *s, size_t piece,
                           ce_status *finished, ce_error *err) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_UNCLUSTERED, s->policy) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_MIN_SHARE, s->min_share) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_EXCLUDE_PUNCT, s->exclude_punct) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, s->bootstrap) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_SUBSTITUTABLE, s->substitutable) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_RESTARTS, 3) == CE_OK);
  if (s->unclustered_label) CHECK(ce_eval_set_unclustered_label(ev, s->unclustered_label) == 0);
  if (s->excluded) CHECK(ce_eval_exclude_label(ev, s->excluded) == CE_OK);
  if (s->map) {
    const char map[] = "X\tZ\n";
    CHECK(ce_eval_map_feed(ev, CE_SIDE_GOLD, "map", map, sizeof map - 1, NULL) == CE_OK);
    CHECK(ce_eval_map_close(ev, CE_SIDE_GOLD, NULL) == CE_OK);
    CHECK(ce_eval_set(ev, CE_OPT_MAP_KEEP, 1) == CE_OK);
  }
  for (int b = 0; b < CE_BASELINE_COUNT; b++)
    if (s->baselines >> b & 1) CHECK(ce_eval_add_baseline(ev, (ce_baseline)b) == CE_OK);
  for (size_t i = 0; i < count; i++) {
    CHECK(ce_eval_add_input(ev, inputs[i].name, NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, i, inputs[i].format) == CE_OK);
  }
  size_t at[8] = {0};
  for (int open = 1; open;) {
    open = 0;
    for (size_t i = 0; i < count; i++) {
      size_t len = strlen(inputs[i].bytes);
      if (at[i] > len) continue;
      size_t n = len - at[i] < piece ? len - at[i] : piece;
      if (n) ce_eval_feed(ev, i, inputs[i].bytes + at[i], n, NULL);
      at[i] += n;
      if (at[i] == len) {
        ce_eval_close(ev, i, NULL);
        at[i] = len + 1;
      } else {
        open = 1;
      }
    }
  }
  *finished = ce_eval_finish(ev, err);
  if (!*finished && s->bootstrap > 0) {
    unsigned done = 0, total = 0;
    CHECK(ce_eval_resample(ev, 1000, &done, &total, err) == CE_OK && done == total);
  }
  return ev;
}

static ce_eval *run(const input *inputs, size_t count, const setup *s) {
  ce_status finished;
  ce_error err;
  ce_eval *ev = run_status(inputs, count, s, 1, &finished, &err);
  CHECK(finished == CE_OK);
  if (finished) fprintf(stderr, "%s\n", err.message);
  return ev;
}

/* The number after the first `key` in the run's JSON, or UINT64_MAX. */
static uint64_t number_after(const ce_eval *ev, const char *key) {
  char *json = NULL;
  ce_status status = ce_eval_json(ev, &json, NULL);
  const char *at = status ? NULL : strstr(json, key);
  uint64_t n = at ? strtoull(at + strlen(key), NULL, 10) : UINT64_MAX;
  ce_free(json);
  return n;
}

/* test_modes.c's corpus pair: gold a/X b/Y a/Y c/Y, system a/k1 b/k2 a/k2 c/UNK, counted. */
static const char joint_tokens[] =
    "item\tclass\tcluster\tcount\n"
    "a\tX\tk1\t1\nb\tY\tk2\t1\na\tY\tk2\t1\nc\tY\tUNK\t1\n";

/*
 * The values test_modes.c works by hand for that pair. merge: macro_i_o1 = 6/8,
 * micro_i_o1 = 2/3, micro_c_o1 = 0.65, every M-1 measure 1, m1 = 4/4, one item missing.
 * drop: c's token leaves both sides and c the items; every measure is 1.
 */
static void test_hand_worked(void) {
  input inputs[] = {{"j", CE_FORMAT_JOINT, joint_tokens}};
  setup merge = {CE_UNCLUSTERED_MERGE, "UNK", 0, NULL, 0, 0, 0, 0, 0};
  ce_eval *ev = run(inputs, 1, &merge);
  CHECK(ce_eval_system_count(ev) == 1 && strcmp(ce_eval_system_name(ev, 0), "j") == 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_O1), 0.75, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_I_O1), 2.0 / 3, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_O1), 0.65, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_M1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK(unavailable(ev, 0, CE_LEVEL_TYPE, CE_M1)); /* a is polysemous in gold */
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json,
                     "\"format\":\"joint\",\"detected\":false,\"tokens\":4,\"sentences\":0,"
                     "\"items\":3,\"classes\":2,\"polysemous_items\":1");
  CHECK_STR_CONTAINS(json, "\"clusters\":3,\"missing\":1,\"extra\":0");
  ce_free(json);
  ce_eval_free(ev);
  setup drop = {CE_UNCLUSTERED_DROP, "UNK", 0, NULL, 0, 0, 0, 0, 0};
  ev = run(inputs, 1, &drop);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_O1), 1.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_O1), 1.0, 1e-15);
  ce_eval_free(ev);
}

/* ------------------------------------------------- joint equals the corpus */

/*
 * A random corpus pair and its joint counts: `tokens` tokens of 30 words, gold classes
 * X, Y, Z, P (a word has one or two), clusters k0..k5 or UNK, some words punctuation.
 * The joint counts are the distinct (item, class, cluster) with their tokens, counted here
 * by brute force over the pairs, in an order unlike the corpus'.
 */
typedef struct pair {
  ce_buf gold, system, joint;
} pair;

static void make_pair(pair *p, uint64_t seed, size_t tokens) {
  static const char *const words[] = {
      "the",   "dog",   "runs", "a",   "cat",   "sleeps", ",",    ".",    "big",  "red",
      "and",   "or",    "saw",  "can", "flies", "like",   "old",  "man",  "boat", "time",
      "fruit", "arrow", "she",  "he",  "you",   "that",   "eats", "fish", "!",    "--"};
  static const char *const classes[] = {"X", "Y", "Z", "P"};
  enum { WORDS = sizeof words / sizeof words[0], CELLS = WORDS * 4 * 7 };
  ce_rng rng;
  ce__rng_seed(&rng, seed, 0);
  uint64_t counts[CELLS] = {0};
  memset(p, 0, sizeof *p);
  for (size_t t = 0; t < tokens; t++) {
    unsigned w = (unsigned)ce__rng_below(&rng, WORDS);
    unsigned c = w < 6 ? w % 3 : (w % 4 + (ce__rng_below(&rng, 5) == 0)) % 4;
    if (w == 6 || w == 7 || w == 28 || w == 29) c = 3; /* punctuation is P */
    unsigned k = ce__rng_below(&rng, 4) ? (c * 2 + w % 2) % 6 : (unsigned)ce__rng_below(&rng, 7);
    ce__buf_printf(&p->gold, "%s\t%s\n", words[w], classes[c]);
    if (k == 6)
      ce__buf_printf(&p->system, "%s\tUNK\n", words[w]);
    else
      ce__buf_printf(&p->system, "%s\tk%u\n", words[w], k);
    counts[(w * 4 + c) * 7 + k]++;
    if (ce__rng_below(&rng, 9) == 0) {
      ce__buf_puts(&p->gold, "\n");
      ce__buf_puts(&p->system, "\n");
    }
  }
  for (size_t cell = CELLS; cell-- > 0;) { /* backwards: another order of first sight */
    if (!counts[cell]) continue;
    unsigned k = cell % 7, c = cell / 7 % 4, w = (unsigned)(cell / 28);
    if (k == 6)
      ce__buf_printf(&p->joint, "%s\t%s\tUNK\t%llu\n", words[w], classes[c],
                     (unsigned long long)counts[cell]);
    else
      ce__buf_printf(&p->joint, "%s\t%s\tk%u\t%llu\n", words[w], classes[c], k,
                     (unsigned long long)counts[cell]);
  }
}

static void pair_free(pair *p) {
  ce__buf_free(&p->gold);
  ce__buf_free(&p->system);
  ce__buf_free(&p->joint);
}

/* Every measure of every row at both levels: defined in both or in neither, within 1e-12. */
static void check_same(const ce_eval *corpus, const ce_eval *joint, const char *what) {
  CHECK(ce_eval_system_count(corpus) == ce_eval_system_count(joint));
  int compared = 0, differing = 0;
  for (size_t r = 0; r < ce_eval_system_count(corpus); r++) {
    const char *name = ce_eval_system_name(corpus, r);
    /* The random baseline deals classes in their order of first sight, which counts lose. */
    if (strcmp(name, "baseline:random") == 0) continue;
    for (int level = 0; level < 2; level++)
      for (int m = 0; m < CE_MEASURE_COUNT; m++) {
        double a = 0, b = 0;
        ce_status sa = ce_eval_value(corpus, r, (ce_level)level, (ce_measure)m, &a);
        ce_status sb = ce_eval_value(joint, r, (ce_level)level, (ce_measure)m, &b);
        if (m == CE_SUB_P || m == CE_SUB_R) continue; /* they need the corpus' order */
        compared += sa == CE_OK;
        if (sa == sb && (sa || fabs(a - b) <= 1e-12)) continue;
        if (differing++ < 5)
          fprintf(stderr, "%s: %s %s.%s: corpus %.17g (%d), joint %.17g (%d)\n", what, name,
                  level ? "type" : "token", ce_measure_id((ce_measure)m), a, sa, b, sb);
      }
  }
  CHECK(differing == 0 && compared > 40);
}

static void test_equals_corpus(void) {
  static const setup setups[] = {
      {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0, 0, 0, 0, 0},
      {CE_UNCLUSTERED_MERGE, "UNK", 0, NULL, 0xe, 0, 0, 0, 0},
      {CE_UNCLUSTERED_SPLIT, "UNK", 0.3, "Y", 0, 0, 0, 0, 0},
      {CE_UNCLUSTERED_DROP, "UNK", 0, NULL, 0, 1, 1, 0, 0},
      {CE_UNCLUSTERED_DROP, "UNK", 0.5, "P", 0xf, 0, 0, 0, 0},
  };
  for (uint64_t seed = 1; seed <= 4; seed++) {
    pair p;
    make_pair(&p, seed, 200 + 150 * seed);
    for (size_t s = 0; s < sizeof setups / sizeof setups[0]; s++) {
      input corpus[] = {{"sys", CE_FORMAT_TAGGED, p.gold.data},
                        {"sys", CE_FORMAT_TAGGED, p.system.data}};
      input joint[] = {{"sys", CE_FORMAT_AUTO, p.joint.data}};
      ce_status finished;
      ce_error err;
      ce_eval *a = run_status(corpus, 2, &setups[s], 4096, &finished, &err);
      CHECK(finished == CE_OK);
      ce_eval *b = run_status(joint, 1, &setups[s], 7, &finished, &err);
      CHECK(finished == CE_OK && ce_eval_input_format(b, 0) == CE_FORMAT_JOINT);
      char what[64];
      snprintf(what, sizeof what, "seed %llu, setup %zu", (unsigned long long)seed, s);
      check_same(a, b, what);
      /* Gold's statistics but its sentences, which counts do not keep. */
      const char *keys[] = {"\"tokens\":",          "\"items\":",   "\"polysemous_items\":",
                            "\"excluded_tokens\":", "\"missing\":", "\"extra\":"};
      for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        CHECK(number_after(a, keys[k]) == number_after(b, keys[k]));
      ce_eval_free(a);
      ce_eval_free(b);
    }
    pair_free(&p);
  }
}

/* ---------------------------------------------------- several joint files */

/*
 * Joint files of one gold corpus: each is a row, the first file's gold side is gold. A file
 * whose gold side differs (b has 2 tokens of class Y here) fails alone, naming the cell;
 * the files after it are still scored. Rows keep the order of the files.
 */
static void test_several_files(void) {
  const char *first = "a\tX\tk1\t1\nb\tY\tk2\t1\na\tY\tk2\t1\nc\tY\tk3\t1\n";
  const char *second = "c\tY\tj\t1\na\tY\tj\t1\nb\tY\tj\t1\na\tX\ti\t1\n";
  const char *differs = "a\tX\tk1\t1\nb\tY\tk2\t2\na\tY\tk2\t1\nc\tY\tk3\t1\n";
  const char *new_class = "a\tX\tk1\t1\nb\tW\tk2\t1\na\tY\tk2\t1\nc\tY\tk3\t1\n";
  input inputs[] = {{"first", CE_FORMAT_JOINT, first},
                    {"differs", CE_FORMAT_JOINT, differs},
                    {"new-class", CE_FORMAT_AUTO, new_class},
                    {"second", CE_FORMAT_AUTO, second}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0, 0, 0, 0, 0};
  ce_eval *ev = run(inputs, 4, &s);
  CHECK(ce_eval_system_count(ev) == 4);
  CHECK(strcmp(ce_eval_system_name(ev, 3), "second") == 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  /* second: i {a:X}, j {a:Y, b:Y, c:Y}: m1 = (1 + 3)/4; one cluster j holds 3 of 4 tokens. */
  CHECK_NEAR(value(ev, 3, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK_NEAR(value(ev, 3, CE_LEVEL_TOKEN, CE_INV_PURITY), 1.0, 0);
  const ce_error *e = ce_eval_system_error(ev, 1);
  CHECK(e && e->code == CE_ERR_MISMATCH);
  if (e)
    CHECK_STR_CONTAINS(e->message,
                       "differs: its gold side differs from that of first: item 'b' "
                       "has 2 tokens of class 'Y' here and 1 there");
  e = ce_eval_system_error(ev, 2);
  CHECK(e && e->code == CE_ERR_MISMATCH);
  if (e) CHECK_STR_CONTAINS(e->message, "item 'b' has 0 tokens of class 'Y' here and 1 there");
  ce_eval_free(ev);
}

/* A joint file carries its own gold side: beside a gold corpus, or as gold beside a corpus,
 * the other fails alone; a corpus alone has nothing to score. */
static void test_mixed_inputs(void) {
  const char *corpus = "a\tX\nb\tY\n";
  const char *joint = "a\tX\tk\t1\nb\tY\tj\t1\n";
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0, 0, 0, 0, 0};
  input after_corpus[] = {{"g", CE_FORMAT_TAGGED, corpus},
                          {"s", CE_FORMAT_TAGGED, corpus},
                          {"j", CE_FORMAT_JOINT, joint}};
  ce_eval *ev = run(after_corpus, 3, &s);
  CHECK(ce_eval_system_error(ev, 0) == NULL);
  const ce_error *e = ce_eval_system_error(ev, 1);
  CHECK(e && e->code == CE_ERR_USAGE);
  if (e) CHECK_STR_CONTAINS(e->message, "j: a joint file holds a gold side of its own");
  ce_eval_free(ev);
  input before_corpus[] = {{"j", CE_FORMAT_AUTO, joint}, {"s", CE_FORMAT_TAGGED, corpus}};
  ev = run(before_corpus, 2, &s);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  e = ce_eval_system_error(ev, 1);
  CHECK(e && e->code == CE_ERR_USAGE);
  if (e) CHECK_STR_CONTAINS(e->message, "s: read as tagged beside the joint file j");
  ce_eval_free(ev);
  input alone[] = {{"g", CE_FORMAT_TAGGED, corpus}};
  ce_status finished;
  ce_error err;
  ev = run_status(alone, 1, &s, 1, &finished, &err);
  CHECK(finished == CE_ERR_USAGE);
  CHECK_STR_CONTAINS(err.message, "g: read as tagged, a gold standard with no system to score");
  ce_eval_free(ev);
}

/* ------------------------------------------------------------- large totals */

/*
 * Counts exact up to 2^64 - 1 tokens in all. n = 2^63 - 1 tokens of a in k and as many in
 * j, all class X: pairs within X = C(2n, 2), within clusters 2·C(n, 2), past 64 bits.
 * pair_p = 1; pair_r = 2·C(n,2)/C(2n,2) = (n - 1)/(2n - 1); rand the same (no pair apart in
 * gold); ARI 0 (tn = fp = 0). AMI's expected MI cannot count that far: n/a, with a warning.
 * One token more is past 2^64 - 1: the row that takes the total there fails.
 */
static void test_large_totals(void) {
  const char *big = "a\tX\tk\t9223372036854775807\na\tX\tj\t9223372036854775807\n";
  input inputs[] = {{"big", CE_FORMAT_JOINT, big}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0, 0, 0, 0, 0};
  ce_eval *ev = run(inputs, 1, &s);
  double n = 9223372036854775807.0;
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_PAIR_P), 1.0, 0);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_PAIR_R), (n - 1) / (2 * n - 1), 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_RAND), (n - 1) / (2 * n - 1), 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_ARI), 0.0, 1e-15);
  CHECK_NEAR(value(ev, 0, CE_LEVEL_TOKEN, CE_M1), 1.0, 0);
  CHECK(unavailable(ev, 0, CE_LEVEL_TOKEN, CE_AMI));
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"tokens\":18446744073709551614,");
  CHECK_STR_CONTAINS(json, "ami: n/a (more than 2^53 tokens");
  ce_free(json);
  ce_eval_free(ev);
  const char *over = "a\tX\tk\t9223372036854775807\na\tX\tj\t9223372036854775807\nb\tY\tk\t2\n";
  input past[] = {{"over", CE_FORMAT_JOINT, over}};
  ce_status finished;
  ce_error err;
  ev = run_status(past, 1, &s, 5, &finished, &err);
  CHECK(finished == CE_ERR_SYNTAX && err.line == 3 && err.column == 7);
  ce_eval_free(ev);
}

/* ------------------------------------------------- what needs sentences */

/*
 * --bootstrap: joint counts have no sentences, so the token level gets no interval, and
 * says why; the type level resamples items as for a corpus. --substitutable: n/a, with why.
 */
static void test_needs_sentences(void) {
  pair p;
  make_pair(&p, 7, 400);
  input inputs[] = {{"j", CE_FORMAT_JOINT, p.joint.data}};
  setup s = {CE_UNCLUSTERED_MERGE, NULL, 0, NULL, 0, 0, 0, 20, 1};
  ce_eval *ev = run(inputs, 1, &s);
  double lo, hi;
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TOKEN, CE_M1, &lo, &hi) == CE_ERR_UNAVAILABLE);
  CHECK(ce_eval_interval(ev, 0, CE_LEVEL_TYPE, CE_MACRO_I_M1, &lo, &hi) == CE_OK && lo <= hi);
  CHECK(unavailable(ev, 0, CE_LEVEL_TOKEN, CE_SUB_P));
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json,
                     "bootstrap: no interval for the token level (joint counts hold no "
                     "sentences to resample)");
  CHECK_STR_CONTAINS(json, "\"sub_p\":null");
  CHECK_STR_CONTAINS(json, "sub_p, sub_r: n/a");
  CHECK_STR_CONTAINS(json, "\"unit\":\"item\"");
  ce_free(json);
  ce_eval_free(ev);
  pair_free(&p);
}

int main(void) {
  test_hand_worked();
  test_equals_corpus();
  test_several_files();
  test_mixed_inputs();
  test_large_totals();
  test_needs_sentences();
  return check_report("joint");
}
