/* Format detection (SPEC §2) on every file of tests/data/formats/, on heads of real files,
 * and on the ambiguous shapes the rules in detect.c decide. */
#include <stdlib.h>

#include "check.h"
#include "testdata.h"
#include "formats/detect_internal.h"

static void expect_format(const char *what, ce_format got, ce_format expected) {
  check_count++;
  if (got == expected) return;
  check_failures++;
  fprintf(stderr, "%s: detected %s, expected %s\n", what, ce_format_name(got),
          ce_format_name(expected));
}

/* Every good file is recognised, whole and from a head cut in the middle of its last line. */
static void test_format_files(void) {
  static const struct {
    const char *name;
    ce_format format;
  } files[] = {
      {"tagged.tsv", CE_FORMAT_TAGGED},
      {"tagged-columns.tsv", CE_FORMAT_TAGGED},
      {"tagged-spaces.txt", CE_FORMAT_TAGGED},
      {"tagged-bom.tsv", CE_FORMAT_TAGGED},
      {"tagged-mixed-eol.tsv", CE_FORMAT_TAGGED},
      {"conllu.conllu", CE_FORMAT_CONLLU},
      {"inline.pos", CE_FORMAT_INLINE},
      {"lexicon.tsv", CE_FORMAT_LEXICON},
      {"clusters.tsv", CE_FORMAT_CLUSTERS},
      {"clusters-unnamed.txt", CE_FORMAT_CLUSTERS},
      {"paths.paths", CE_FORMAT_PATHS},
      {"counts.tsv", CE_FORMAT_COUNTS},
      {"counts-header.tsv", CE_FORMAT_COUNTS},
      {"csv-comma.csv", CE_FORMAT_CSV},
      {"csv-semicolon.csv", CE_FORMAT_CSV},
      {"csv-tab.tsv", CE_FORMAT_CSV},
      {"csv-quoted.csv", CE_FORMAT_CSV},
      {"tagged-one-sentence.tsv", CE_FORMAT_TAGGED},
      {"joint.tsv", CE_FORMAT_JOINT},
      {"joint-noheader.tsv", CE_FORMAT_JOINT},
  };
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    char path[256];
    size_t len;
    snprintf(path, sizeof path, "tests/data/formats/%s", files[i].name);
    char *bytes = load_file(path, 1 << 20, &len);
    if (!bytes) {
      CHECK(bytes != NULL);
      continue;
    }
    expect_format(files[i].name, ce__detect_format(bytes, len, 1), files[i].format);
    /* The same bytes as the head of a longer input: the last line may be cut. */
    expect_format(files[i].name, ce__detect_format(bytes, len, 0), files[i].format);
    free(bytes);
  }
}

/* The first 64 KB of real inputs, as the evaluation hands them over, cut mid-line. */
static void test_real_heads(void) {
  static const struct {
    const char *path;
    ce_format format;
  } files[] = {
      {"public/demo/brown-gold.tsv", CE_FORMAT_TAGGED},
      {"public/demo/brown-c50.tsv", CE_FORMAT_TAGGED},
      {"public/demo/brown-c50-d3.tsv", CE_FORMAT_TAGGED},
  };
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    size_t len;
    char *bytes = load_file(files[i].path, 65536, &len);
    CHECK(bytes != NULL && len == 65536);
    if (bytes) expect_format(files[i].path, ce__detect_format(bytes, len, 0), files[i].format);
    free(bytes);
  }
}

/*
 * Files longer than the lines detection samples, cut at 64 KB: the good files repeated
 * (those whose shape survives repetition; clusters would repeat their items).
 */
static void test_long_heads(void) {
  static const struct {
    const char *name;
    ce_format format;
  } files[] = {
      {"paths.paths", CE_FORMAT_PATHS}, {"conllu.conllu", CE_FORMAT_CONLLU},
      {"counts.tsv", CE_FORMAT_COUNTS}, {"inline.pos", CE_FORMAT_INLINE},
      {"tagged.tsv", CE_FORMAT_TAGGED}, {"lexicon.tsv", CE_FORMAT_LEXICON},
      {"csv-comma.csv", CE_FORMAT_CSV},
  };
  enum { HEAD = 65536 };
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    char path[256];
    size_t len;
    snprintf(path, sizeof path, "tests/data/formats/%s", files[i].name);
    char *bytes = load_file(path, 1 << 20, &len);
    char *head = bytes && len ? malloc(HEAD + len) : NULL;
    CHECK(head != NULL);
    if (head) {
      for (size_t at = 0; at < HEAD; at += len) memcpy(head + at, bytes, len);
      expect_format(files[i].name, ce__detect_format(head, HEAD, 0), files[i].format);
    }
    free(bytes);
    free(head);
  }
  /* Joint counts as a GROUP BY writes them, every triple once, past the lines sampled. */
  char *joint = malloc(HEAD + 64);
  CHECK(joint != NULL);
  if (!joint) return;
  size_t at = 0;
  for (unsigned row = 0; at < HEAD; row++)
    at += (size_t)snprintf(joint + at, 64, "w%u\tC%u\tk%u\t%u\n", row / 3, row % 7, row % 3,
                           row % 5 + 1);
  expect_format("joint counts, 64 KB", ce__detect_format(joint, HEAD, 0), CE_FORMAT_JOINT);
  free(joint);
}

/* Each rule of detect.c on a small input; `complete` is 1 unless the name says "cut". */
static void test_shapes(void) {
  static const struct {
    const char *what;
    const char *head;
    ce_format format;
  } cases[] = {
      {"nothing", "", CE_FORMAT_TAGGED},
      {"only blank lines", "\n \n\t\n", CE_FORMAT_TAGGED},
      {"CoNLL-U comments only (cut)", "# sent_id = 1\n# text = A b.\n1\tA", CE_FORMAT_CONLLU},
      {"CoNLL-U with a CRLF and a BOM",
       "\xEF\xBB\xBF# text = A\r\n1\tA\ta\tDET\t_\t_\t0\troot\t_\t_\r\n", CE_FORMAT_CONLLU},
      {"10 columns without IDs", "a\tb\tc\td\te\tf\tg\th\ti\tj\n", CE_FORMAT_TAGGED},
      {"a CSV header with TABs", "Word\tClass\nWord\tNN\n", CE_FORMAT_CSV},
      {"a CSV header, quoted", "\"word\";\"tag\"\n", CE_FORMAT_CSV},
      {"a counts header", "class\tcluster\tcount\n", CE_FORMAT_COUNTS},
      {"bits, word, count", "0\tthe\t5\n10\tof\t3\n110\tdog\t1\n", CE_FORMAT_PATHS},
      {"class, cluster, count", "NN\t0\t5\nVB\t1\t3\n", CE_FORMAT_COUNTS},
      {"a joint header", "Item\tclass\tcluster\tCOUNT\n", CE_FORMAT_JOINT},
      {"item, class, cluster, count", "dog\tNN\tc1\t4\ndog\tVB\tc2\t1\n", CE_FORMAT_JOINT},
      {"four columns, a triple again", "the\tthe\tDT\t1\nthe\tthe\tDT\t1\n", CE_FORMAT_TAGGED},
      {"four columns with sentences", "a\tb\tc\t1\n\nd\te\tf\t2\n", CE_FORMAT_TAGGED},
      {"three columns with sentences", "0\tthe\t5\n\n1\tof\t3\n", CE_FORMAT_TAGGED},
      {"inline", "The/at dog/nn ./.\nA/at cat/nn\n", CE_FORMAT_INLINE},
      {"inline with a few bare words", "The/at dog/nn -- ran/vbd\n", CE_FORMAT_INLINE},
      {"words without slashes", "The DT\ndog NN\nThe DT\n", CE_FORMAT_TAGGED},
      {"unnamed clusters", "the a an\ndog cat\nrun walk jump swim\n", CE_FORMAT_CLUSTERS},
      {"named clusters", "c1\tthe a an\nc2\tdog cat\n", CE_FORMAT_CLUSTERS},
      {"a lexicon: labels repeat", "bank\tNN VB\nrun\tVB NN\ndog\tNN\n", CE_FORMAT_LEXICON},
      {"two columns, first repeats", "the\tDT\ndog\tNN\nthe\tDT\n", CE_FORMAT_TAGGED},
      {"two columns, no repeats", "the\tDT\ndog\tNN\nran\tVBD\n", CE_FORMAT_LEXICON},
      {"two columns with sentences", "the\tDT\ndog\tNN\n\nran\tVBD\n", CE_FORMAT_TAGGED},
      {"one sentence, no repeats, its blank line last", "the\tDT\ndog\tNN\nran\tVBD\n\n",
       CE_FORMAT_TAGGED},
      {"one sentence with CRLF and a blank line of spaces last", "the\tDT\r\ndog\tNN\r\n \r\n",
       CE_FORMAT_TAGGED},
      {"one sentence of words and spaces, its blank line last", "the DT\ndog NN\n\n",
       CE_FORMAT_TAGGED},
      {"labels that repeat, a blank line last (SPEC: tagged)", "bank\tNN VB\nrun\tVB NN\n\n",
       CE_FORMAT_TAGGED},
      {"bits, word, count, a blank line last", "0\tthe\t5\n10\tof\t3\n\n", CE_FORMAT_PATHS},
      {"unnamed clusters, a blank line last", "the a an\ndog cat\n\n", CE_FORMAT_CLUSTERS},
      {"varying columns", "bank\tNN\tVB\nrun\tVB\nrun\tNN\n", CE_FORMAT_LEXICON},
      {"three constant columns", "the\tthe\tDT\nthe\tthe\tDT\n", CE_FORMAT_TAGGED},
      {"binary", "\x01\x02\x00\xff\tx\n", CE_FORMAT_LEXICON},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *head = cases[i].head;
    size_t len = strlen(head);
    if (strcmp(cases[i].what, "binary") == 0) len = 7;
    int complete = strstr(cases[i].what, "(cut)") == NULL;
    expect_format(cases[i].what, ce__detect_format(head, len, complete), cases[i].format);
  }
}

/* A head cut inside its last line: that line is left out, unless it is the only one. */
static void test_cut_line(void) {
  const char *head = "the\tDT\ndog\tNN\nthe\tD";
  /* Whole, "the" repeats: tagged. Cut, the last line is left out and nothing repeats. */
  expect_format("complete", ce__detect_format(head, strlen(head), 1), CE_FORMAT_TAGGED);
  expect_format("cut", ce__detect_format(head, strlen(head), 0), CE_FORMAT_LEXICON);
  expect_format("one cut line", ce__detect_format("a/DT b/NN c", 11, 0), CE_FORMAT_INLINE);
}

int main(void) {
  test_format_files();
  test_real_heads();
  test_long_heads();
  test_shapes();
  test_cut_line();
  return check_report("detect");
}
