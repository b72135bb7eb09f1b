/*
 * Tokens fed by number (ce_eval_name, ce_eval_feed_ids) against the same corpora fed as bytes:
 * the byte path is the reference, and every JSON document must be equal byte for byte, under
 * options that touch each part of reading (maps, exclusions, unclustered policies,
 * --bootstrap, --substitutable), in blocks of several sizes. Then the errors.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"
#include "testdata.h"

/* A tagged corpus as numbers: strings named in first-seen order, one id per token. */
typedef struct strings {
  char *bytes;
  size_t *lens;
  size_t count, used;
} strings;

typedef struct corpus {
  uint32_t *items, *labels;
  uint8_t *ends;
  size_t count;
  strings labels_named;
} corpus;

static uint32_t number_of(strings *table, const char *text, size_t len) {
  for (size_t i = 0, at = 0; i < table->count; at += table->lens[i++])
    if (table->lens[i] == len && memcmp(table->bytes + at, text, len) == 0) return (uint32_t)i;
  table->bytes = realloc(table->bytes, table->used + len + 1);
  table->lens = realloc(table->lens, (table->count + 1) * sizeof *table->lens);
  memcpy(table->bytes + table->used, text, len);
  table->used += len;
  table->lens[table->count] = len;
  return (uint32_t)table->count++;
}

/* Parses `token<TAB>label` lines, a blank line ending a sentence; items go to `words`. */
static corpus parse(const char *text, strings *words) {
  corpus c = {0};
  size_t cap = strlen(text) / 2 + 1;
  c.items = calloc(cap, sizeof *c.items);
  c.labels = calloc(cap, sizeof *c.labels);
  c.ends = calloc(cap, 1);
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    if (!end) end = line + strlen(line);
    const char *tab = memchr(line, '\t', (size_t)(end - line));
    if (tab) {
      c.items[c.count] = number_of(words, line, (size_t)(tab - line));
      c.labels[c.count] = number_of(&c.labels_named, tab + 1, (size_t)(end - tab - 1));
      c.count++;
    } else if (c.count) {
      c.ends[c.count - 1] = 1;
    }
    line = *end ? end + 1 : end;
  }
  return c;
}

static void corpus_free(corpus *c) {
  free(c->items);
  free(c->labels);
  free(c->ends);
  free(c->labels_named.bytes);
  free(c->labels_named.lens);
}

typedef struct setting {
  const char *what;
  void (*configure)(ce_eval *ev);
} setting;

static void plain(ce_eval *ev) {
  (void)ev;
}
static void exclusions(ce_eval *ev) {
  ce_eval_set(ev, CE_OPT_EXCLUDE_PUNCT, 1);
  ce_eval_exclude_label(ev, "at");
  ce_eval_exclude_label(ev, "DET");
}
static void unclustered_split(ce_eval *ev) {
  ce_eval_set(ev, CE_OPT_UNCLUSTERED, CE_UNCLUSTERED_SPLIT);
  ce_eval_set_unclustered_label(ev, "1110");
  ce_eval_set_unclustered_label(ev, "c2");
}
static void mapped(ce_eval *ev) {
  ce_eval_set(ev, CE_OPT_MAP_KEEP, 1);
  ce_eval_map_preset(ev, CE_SIDE_GOLD, "brown-universal", NULL);
  ce_eval_add_baseline(ev, CE_BASELINE_RANDOM);
}
static void resampled(ce_eval *ev) {
  ce_eval_set(ev, CE_OPT_BOOTSTRAP, 20);
  ce_eval_set(ev, CE_OPT_SUBSTITUTABLE, 1);
  ce_eval_set(ev, CE_OPT_MIN_SHARE, 0.3);
}
static void unchecked(ce_eval *ev) {
  ce_eval_set(ev, CE_OPT_TOKEN_CHECK, 0);
  ce_eval_set(ev, CE_OPT_LEVELS, 1);
}

static char *finish_json(ce_eval *ev) {
  ce_error err;
  CHECK(ce_eval_finish(ev, &err) == CE_OK);
  unsigned done = 0, total = 0;
  do CHECK(ce_eval_resample(ev, 7, &done, &total, &err) == CE_OK);
  while (done < total);
  char *json = NULL;
  size_t len;
  CHECK(ce_eval_json(ev, &json, &len) == CE_OK);
  return json;
}

static char *by_bytes(const setting *how, char *const *texts, const char *const *names, size_t n) {
  ce_eval *ev = ce_eval_create();
  how->configure(ev);
  for (size_t i = 0; i < n; i++) {
    CHECK(ce_eval_add_input(ev, names[i], NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, i, CE_FORMAT_TAGGED) == CE_OK);
  }
  for (size_t i = 0; i < n; i++) {
    ce_eval_feed(ev, i, texts[i], strlen(texts[i]), NULL);
    ce_eval_close(ev, i, NULL);
  }
  char *json = finish_json(ev);
  ce_eval_free(ev);
  return json;
}

static char *by_number(const setting *how, corpus *corpora, const strings *words,
                       const char *const *names, size_t n, size_t block) {
  ce_eval *ev = ce_eval_create();
  how->configure(ev);
  ce_error err;
  for (size_t i = 0; i < n; i++) CHECK(ce_eval_add_input(ev, names[i], NULL, &err) == CE_OK);
  CHECK(ce_eval_name(ev, 0, CE_NAMES_ITEMS, words->bytes, words->lens, words->count, &err) ==
        CE_OK);
  for (size_t i = 0; i < n; i++)
    CHECK(ce_eval_name(ev, i, CE_NAMES_LABELS, corpora[i].labels_named.bytes,
                       corpora[i].labels_named.lens, corpora[i].labels_named.count, &err) == CE_OK);
  for (size_t at = 0; at < corpora[0].count; at += block)
    for (size_t i = 0; i < n; i++) {
      size_t count = corpora[i].count - at < block ? corpora[i].count - at : block;
      ce_eval_feed_ids(ev, i, corpora[i].items + at, corpora[i].labels + at, corpora[i].ends + at,
                       count, NULL);
    }
  for (size_t i = 0; i < n; i++) ce_eval_close(ev, i, NULL);
  char *json = finish_json(ev);
  ce_eval_free(ev);
  return json;
}

static void test_same_json(const char *const *paths, size_t n) {
  static const setting settings[] = {{"plain", plain},
                                     {"exclusions", exclusions},
                                     {"unclustered split", unclustered_split},
                                     {"brown-universal map, random baseline", mapped},
                                     {"bootstrap, substitutable, min share", resampled},
                                     {"no token check, token level", unchecked}};
  static const size_t blocks[] = {1, 7, 4096, SIZE_MAX};
  char *texts[3];
  corpus corpora[3];
  strings words = {0};
  size_t len;
  for (size_t i = 0; i < n; i++) {
    texts[i] = load_file(paths[i], SIZE_MAX, &len);
    corpora[i] = parse(texts[i], &words);
  }
  for (size_t s = 0; s < sizeof settings / sizeof settings[0]; s++) {
    char *expected = by_bytes(&settings[s], texts, paths, n);
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
      if (blocks[b] == 1 && corpora[0].count > 1000) continue;
      char *json = by_number(&settings[s], corpora, &words, paths, n, blocks[b]);
      int same = expected && json && strcmp(expected, json) == 0;
      CHECK(same);
      if (!same) fprintf(stderr, "%s, %s, blocks of %zu\n", paths[0], settings[s].what, blocks[b]);
      ce_free(json);
    }
    ce_free(expected);
  }
  for (size_t i = 0; i < n; i++) {
    free(texts[i]);
    corpus_free(&corpora[i]);
  }
  free(words.bytes);
  free(words.lens);
}

/* Without items every token is the empty item: the token level does not look at words. */
static void test_without_items(void) {
  static const char names[] = "abc";
  static const size_t lens[] = {1, 1, 1};
  static const uint32_t gold[] = {0, 0, 1, 1, 2, 2}, sys[] = {0, 0, 0, 1, 1, 1};
  ce_eval *ev = ce_eval_create();
  ce_error err;
  ce_eval_set(ev, CE_OPT_LEVELS, 1);
  ce_eval_add_input(ev, "labels_true", NULL, &err);
  ce_eval_add_input(ev, "labels_pred", NULL, &err);
  CHECK(ce_eval_name(ev, 0, CE_NAMES_LABELS, names, lens, 3, &err) == CE_OK);
  CHECK(ce_eval_name(ev, 1, CE_NAMES_LABELS, names, lens, 2, &err) == CE_OK);
  CHECK(ce_eval_feed_ids(ev, 0, NULL, gold, NULL, 6, &err) == CE_OK);
  CHECK(ce_eval_feed_ids(ev, 1, NULL, sys, NULL, 6, &err) == CE_OK);
  ce_eval_close(ev, 0, &err);
  ce_eval_close(ev, 1, &err);
  CHECK(ce_eval_finish(ev, &err) == CE_OK);
  double m1 = 0, ari = 0;
  /* m1: cluster a holds 2 a + 1 b, cluster b 1 b + 2 c: (2 + 2) / 6. ARI by hand: pairs
   * together in both: C(2,2)*2 = 2; sum over classes C(2,2)*3 = 3, over clusters
   * C(3,2)*2 = 6; expected 3*6/15 = 1.2; max (3+6)/2 = 4.5; (2-1.2)/(4.5-1.2) = 0.2424... */
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TOKEN, CE_M1, &m1) == CE_OK);
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TOKEN, CE_ARI, &ari) == CE_OK);
  CHECK_NEAR(m1, 4.0 / 6.0, 1e-15);
  CHECK_NEAR(ari, 0.8 / 3.3, 1e-15);
  ce_eval_free(ev);
}

static void test_errors(void) {
  static const size_t lens[] = {1, 2};
  static const uint32_t labels[] = {0, 1, 0, 0}, unnamed[] = {0, 2};
  ce_error err;
  ce_eval *ev = ce_eval_create();
  ce_eval_add_input(ev, "gold", NULL, &err);
  ce_eval_add_input(ev, "short", NULL, &err);
  ce_eval_add_input(ev, "unnamed", NULL, &err);
  ce_eval_add_input(ev, "bytes", NULL, &err);
  CHECK(ce_eval_name(ev, 0, CE_NAMES_LABELS, "a\xff", lens, 2, &err) == CE_ERR_ENCODING);
  CHECK_STR_CONTAINS(err.message, "gold: name 1 is not UTF-8 text: invalid UTF-8 at byte 0");
  CHECK(ce_eval_name(ev, 0, CE_NAMES_LABELS, "a\0b", lens, 2, &err) == CE_ERR_ENCODING);
  CHECK_STR_CONTAINS(err.message, "a NUL byte");
  for (size_t i = 0; i < 4; i++)
    CHECK(ce_eval_name(ev, i, CE_NAMES_LABELS, "abc", lens, 2, &err) == CE_OK);
  CHECK(ce_eval_name(ev, 9, CE_NAMES_LABELS, "abc", lens, 2, &err) == CE_ERR_USAGE);
  CHECK(ce_eval_feed_ids(ev, 0, NULL, labels, NULL, 4, &err) == CE_OK);
  CHECK(ce_eval_feed_ids(ev, 1, NULL, labels, NULL, 3, &err) == CE_OK);
  CHECK(ce_eval_feed_ids(ev, 2, NULL, unnamed, NULL, 2, &err) == CE_ERR_USAGE);
  CHECK(err.line == 2);
  CHECK_STR_CONTAINS(err.message, "unnamed:2: label number 2 was not named (2 named)");
  CHECK(ce_eval_feed(ev, 3, "a\tb\n", 4, &err) == CE_OK);
  CHECK(ce_eval_feed_ids(ev, 3, NULL, labels, NULL, 4, &err) == CE_ERR_USAGE);
  CHECK_STR_CONTAINS(err.message, "fed bytes, not tokens by number");
  CHECK(ce_eval_feed(ev, 0, "a\tb\n", 4, &err) == CE_ERR_USAGE);
  CHECK_STR_CONTAINS(err.message, "fed tokens by number, not bytes");
  for (size_t i = 0; i < 4; i++) ce_eval_close(ev, i, NULL);
  CHECK(ce_eval_finish(ev, &err) == CE_OK);
  const ce_error *failed = ce_eval_system_error(ev, 0);
  CHECK(failed && failed->code == CE_ERR_MISMATCH);
  if (failed) CHECK_STR_CONTAINS(failed->message, "short:3: ends after 3 tokens");
  ce_eval_free(ev);
}

static void test_choices(void) {
  CHECK(strcmp(ce_opt_choice(CE_OPT_NMI_MEAN, CE_MEAN_GEOMETRIC), "geometric") == 0);
  CHECK(strcmp(ce_opt_choice(CE_OPT_UNCLUSTERED, CE_UNCLUSTERED_DROP), "drop") == 0);
  CHECK(strcmp(ce_opt_choice(CE_OPT_LEVELS, 2), "type") == 0);
  CHECK(ce_opt_choice(CE_OPT_LEVELS, 3) == NULL);
  CHECK(ce_opt_choice(CE_OPT_BETA, 0) == NULL);
  /* The names stand for the enums' values, in their order. */
  CHECK(ce_opt_choice_value(CE_OPT_NMI_MEAN, "max") == CE_MEAN_MAX);
  CHECK(ce_opt_choice_value(CE_OPT_UNCLUSTERED, "split") == CE_UNCLUSTERED_SPLIT);
  CHECK(ce_opt_choice_value(CE_OPT_CI, "basic") == CE_CI_BASIC);
  CHECK(ce_opt_choice_value(CE_OPT_TEST, "ar") == CE_TEST_AR);
  CHECK(ce_opt_choice_value(CE_OPT_TEST, "t") == -1);
  CHECK(ce_opt_choice_value(CE_OPT_BETA, "1") == -1);
  CHECK(ce_opt_choice_value(CE_OPT_LEVELS, NULL) == -1);
}

/* Each row of the option table holds together: what its kind says of its values, a group,
 * a label and a help line; its id finds it again. */
static void test_option_table(void) {
  CHECK(ce_opt_describe(CE_OPT_COUNT) == NULL);
  CHECK(ce_opt_from_id("nope") == CE_OPT_COUNT && ce_opt_from_id(NULL) == CE_OPT_COUNT);
  CHECK(ce_opt_group_id(CE_OPT_GROUP_COUNT) == NULL &&
        ce_opt_group_title(CE_OPT_GROUP_COUNT) == NULL);
  for (int opt = 0; opt < CE_OPT_COUNT; opt++) {
    const ce_opt_info *info = ce_opt_describe((ce_option)opt);
    CHECK(info != NULL);
    if (!info) continue;
    CHECK(ce_opt_from_id(info->id) == (ce_option)opt);
    CHECK(strcmp(ce_opt_name((ce_option)opt), info->id) == 0);
    CHECK(info->min <= info->default_value && info->default_value <= info->max);
    CHECK(ce_opt_check((ce_option)opt, info->default_value) == CE_OK);
    CHECK(ce_opt_check((ce_option)opt, info->max + 1) == CE_ERR_USAGE);
    CHECK(ce_opt_group_id(info->group) && ce_opt_group_title(info->group));
    CHECK(info->label[0] != '\0' && info->help[0] != '\0');
    CHECK(info->help[strlen(info->help) - 1] != '.'); /* a line that others end */
    unsigned names = 0;
    while (ce_opt_choice((ce_option)opt, names)) names++;
    if (info->kind == CE_OPT_KIND_CHOICE) {
      CHECK(names >= 2 && info->min == 0 && info->max == names - 1);
      for (unsigned v = 0; v < names; v++)
        CHECK(ce_opt_choice_value((ce_option)opt, ce_opt_choice((ce_option)opt, v)) == (int)v);
    } else {
      CHECK(names == 0 && info->choices[0] == '\0');
    }
    if (info->kind == CE_OPT_KIND_FLAG) CHECK(info->min == 0 && info->max >= 1);
    if (info->kind != CE_OPT_KIND_NUMBER)
      CHECK(ce_opt_check((ce_option)opt, info->min + 0.5) == CE_ERR_USAGE);
  }
}

int main(void) {
  const char *small[] = {"tests/data/small-gold.tsv", "tests/data/small-sys.tsv",
                         "tests/data/small-sys2.tsv"};
  const char *demo[] = {"public/demo/brown-gold.tsv", "public/demo/brown-c50.tsv",
                        "public/demo/brown-c50-d3.tsv"};
  test_same_json(small, 3);
  test_same_json(demo, 3);
  test_without_items();
  test_errors();
  test_choices();
  test_option_table();
  return check_report("test_ids");
}
