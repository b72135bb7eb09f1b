/*
 * The readers of SPEC §2: every format's files in tests/data/formats/ give the expected
 * records whatever the chunk sizes, and every bad input in tests/data/bad/ gives its exact
 * message.
 */
#include <stdlib.h>

#include "check.h"
#include "testdata.h"
#include "text/lines_internal.h"
#include "formats/reader_internal.h"
#include "formats/readers_internal.h"

/* ------------------------------------------------------------- harness */

/* Records as text: "T item label|", "B|", "E item label[ count]|", "C class cluster count|",
 * "J item class cluster count|". */
static ce_status record_text(void *ctx, const ce_record *r, uint64_t line_no, ce_error *err) {
  (void)line_no;
  (void)err;
  ce_buf *out = ctx;
  static const char kinds[] = "TBECJ";
  ce_status status = ce__buf_printf(out, "%c", kinds[r->kind]);
  if (r->kind == CE_REC_JOINT)
    status |= ce__buf_printf(out, " %.*s %.*s", (int)r->item_len, r->item, (int)r->cls_len, r->cls);
  else if (r->kind != CE_REC_BREAK)
    status |=
        ce__buf_printf(out, " %.*s %.*s", (int)r->item_len, r->item, (int)r->label_len, r->label);
  if (r->kind == CE_REC_JOINT) status |= ce__buf_printf(out, " %.*s", (int)r->label_len, r->label);
  if (r->kind == CE_REC_COUNT || r->kind == CE_REC_JOINT || (r->kind == CE_REC_ENTRY && r->count))
    status |= ce__buf_printf(out, " %llu", (unsigned long long)r->count);
  status |= ce__buf_puts(out, "|");
  return status ? CE_ERR_NOMEM : CE_OK;
}

typedef struct reading {
  ce_reader reader;
  const char *source;
  ce_record_fn emit;
  void *ctx;
} reading;

static ce_status on_line(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  reading *r = ctx;
  return ce__reader_line(&r->reader, r->source, line, len, line_no, r->emit, r->ctx, err);
}

typedef struct options {
  ce_format format;
  unsigned column, depth;
} options;

/*
 * Reads `bytes` as lines.c and a reader do in the evaluation, fed in pieces of `piece`
 * bytes, handing records to `emit`. Returns the status of the first failure.
 */
static ce_status read_with(options opt, const char *source, const char *bytes, size_t len,
                           size_t piece, ce_record_fn emit, void *ctx, ce_error *err) {
  reading r = {{0}, source, emit, ctx};
  ce_lines lines;
  ce_status status = ce__reader_init(&r.reader, opt.format, opt.column, opt.depth);
  ce__lines_init(&lines, source);
  for (size_t at = 0; at < len && !status; at += piece)
    status =
        ce__lines_feed(&lines, bytes + at, len - at < piece ? len - at : piece, on_line, &r, err);
  if (!status) status = ce__lines_close(&lines, on_line, &r, err);
  if (!status) status = ce__reader_end(&r.reader, source, lines.line_no, err);
  ce__lines_free(&lines);
  ce__reader_free(&r.reader);
  return status;
}

/* The records of `bytes` as text (the caller frees it). */
static char *read_text(options opt, const char *source, const char *bytes, size_t len, size_t piece,
                       ce_status *status, ce_error *err) {
  ce_buf out = {0};
  *status = read_with(opt, source, bytes, len, piece, record_text, &out, err);
  if (!out.data) ce__buf_puts(&out, "");
  return out.data;
}

static int same_text(const char *what, const char *got, const char *expected) {
  check_count++;
  if (strcmp(got, expected) == 0) return 1;
  check_failures++;
  fprintf(stderr, "%s:\n  got      %s\n  expected %s\n", what, got, expected);
  return 0;
}

/* -------------------------------------------------------- good inputs */

/* Reads a file of tests/data/formats/ in chunks of every size; all give `expected`. */
static void check_file(const char *name, options opt, const char *expected) {
  char path[256];
  size_t len;
  snprintf(path, sizeof path, "tests/data/formats/%s", name);
  char *bytes = load_file(path, SIZE_MAX, &len);
  CHECK(bytes != NULL);
  if (!bytes) return;
  for (size_t piece = 1; piece <= len; piece++) {
    ce_status status;
    ce_error err = {0};
    char *got = read_text(opt, name, bytes, len, piece, &status, &err);
    CHECK(status == CE_OK);
    if (status) fprintf(stderr, "%s\n", err.message);
    int same = same_text(name, got, expected);
    free(got);
    if (!same || status) break; /* one report per file */
  }
  free(bytes);
}

static void test_tagged(void) {
  options tagged = {CE_FORMAT_TAGGED, 0, 0};
  check_file("tagged.tsv", tagged,
             "T The DET|T dog NOUN|T barks VERB|T . .|B|T New York PROPN|T sleeps VERB|");
  check_file("tagged-columns.tsv", tagged, "T The DT|T dog NN|T barks VBZ|");
  check_file("tagged-columns.tsv", (options){CE_FORMAT_TAGGED, 2, 0},
             "T The the|T dog dog|T barks bark|");
  check_file("tagged-spaces.txt", tagged, "T The DT|T dog NN|B|T runs VBZ|T fast RB|");
  check_file("tagged-bom.tsv", tagged,
             "T caf\xC3\xA9 NOUN|T na\xC3\xAFve ADJ|B|T caf\xC3\xA9 NOUN|");
  check_file("tagged-mixed-eol.tsv", tagged, "T one NUM|T two NUM|B|T three NUM|T four NUM|");
}

static void test_conllu(void) {
  const char *words =
      "T Vamos VERB|T nos PRON|T a ADP|T el DET|T mar NOUN|T . PUNCT|B|"
      "T S\xC3\xAD INTJ|T . PUNCT|";
  check_file("conllu.conllu", (options){CE_FORMAT_CONLLU, 0, 0}, words);
  check_file("conllu.conllu", (options){CE_FORMAT_CONLLU, 5, 0},
             "T Vamos VMM|T nos PP|T a SP|T el DA|T mar NC|T . FP|B|T S\xC3\xAD I|T . FP|");
}

static void test_inline(void) {
  check_file("inline.pos", (options){CE_FORMAT_INLINE, 0, 0},
             "T The at|T Fulton np-tl|T County nn-tl|T said vbd|T . .|B|"
             "T It pps|T was bedz|T 1/2 cd|T of in|T . .|B|");
}

static void test_entries(void) {
  check_file("lexicon.tsv", (options){CE_FORMAT_LEXICON, 0, 0},
             "E bank NOUN|E bank VERB|E run VERB|E run NOUN|E ice cream NOUN|E dog NOUN|"
             "E dog VERB|");
  check_file("clusters.tsv", (options){CE_FORMAT_CLUSTERS, 0, 0},
             "E dog C1|E cat C1|E mouse C1|E run C2|E walk C2|E jump C2|E red C3|E green C3|");
  check_file("clusters-unnamed.txt", (options){CE_FORMAT_CLUSTERS, 0, 0},
             "E dog 1|E cat 1|E mouse 1|E horse 1|E run 2|E walk 2|E jump 2|E red 3|E green 3|");
  const char *paths =
      "E voyages 00 1|E steelmaker 00 1|E enrage 00 1|E wearin' 10111111 1|"
      "E D'Amours 10111111 1|E winsome 10111111 1|E in 111111 19536|"
      "E by 111111 5103|E from 111111 4207|";
  check_file("paths.paths", (options){CE_FORMAT_PATHS, 0, 0}, paths);
  check_file("paths.paths", (options){CE_FORMAT_PATHS, 0, 3},
             "E voyages 00 1|E steelmaker 00 1|E enrage 00 1|E wearin' 101 1|"
             "E D'Amours 101 1|E winsome 101 1|E in 111 19536|E by 111 5103|E from 111 4207|");
}

static void test_counts(void) {
  options counts = {CE_FORMAT_COUNTS, 0, 0};
  check_file("counts.tsv", counts, "C NOUN 0110 12|C NOUN 10 3|C VERB 10 40|C ADJ 0110 0|");
  /* The counts of an input add up to at most 2^64 - 1: here exactly that. */
  check_file("counts-header.tsv", counts, "C noun c1 5|C verb c2 18446744073709551610|");
}

static void test_joint(void) {
  options joint = {CE_FORMAT_JOINT, 0, 0};
  check_file("joint.tsv", joint,
             "J . PUNCT k0 3|J ; PUNCT k0 1|J ? PUNCT k0 1|J Can AUX k5 1|J She PRON k6 1|"
             "J The DET k3 1|J Time NOUN k1 1|J a DET k3 2|J an DET k3 1|J arrow NOUN k1 1|"
             "J banana NOUN k1 1|J boat NOUN k1 1|J can NOUN k2 1|J can VERB k2 1|"
             "J flies NOUN k2 1|J flies VERB k2 1|J fruit NOUN k1 1|J he PRON k6 1|"
             "J like ADP k4 1|J like VERB k4 1|J man NOUN k1 1|J old ADJ k5 1|J saw NOUN k2 1|"
             "J saw VERB k2 2|J that PRON k6 1|J the DET k3 2|J you PRON k6 1|");
  /* Without a header; a row of 0 tokens is read (and counts nothing). */
  check_file("joint-noheader.tsv", joint,
             "J bank NOUN c1 7|J bank VERB c2 2|J run VERB c2 5|J run NOUN c1 1|"
             "J ice cream NOUN c1 3|J dog NOUN c1 4|J dog NOUN c3 1|J walk VERB c3 0|");
}

static void test_csv(void) {
  options csv = {CE_FORMAT_CSV, 0, 0};
  check_file("csv-comma.csv", csv, "E dog animal|E cat animal|E rose plant|");
  check_file("csv-semicolon.csv", csv, "E Haus building|E Baum plant|");
  check_file("csv-tab.tsv", csv, "E dog 3|E cat 3|");
  check_file("csv-quoted.csv", csv,
             "E New York, NY place|E say \"cheese\" verb|E a,b c|"); /* RFC 4180 quoting */
}

/* Shapes the files do not show, read from strings in chunks of every size. */
static void test_other_shapes(void) {
  static const struct {
    ce_format format;
    const char *text;
    const char *expected;
  } cases[] = {
      {CE_FORMAT_CLUSTERS, "C1\tdog\tcat\n", "E dog C1|E cat C1|"}, /* items split by TABs */
      {CE_FORMAT_LEXICON, "run VB NN\n", "E run VB|E run NN|"},     /* no TAB: whitespace */
      {CE_FORMAT_TAGGED, "a b c\n", "T a c|"},              /* no TAB: first and last fields */
      {CE_FORMAT_TAGGED, "\n\ndog\tNN\n", "B|B|T dog NN|"}, /* leading blank lines break */
      {CE_FORMAT_INLINE, "\n \na/B\n", "T a B|B|"},         /* empty lines are no sentence */
      {CE_FORMAT_COUNTS, "\nCLASS\tcluster\tCOUNT\nA\tb\t0\n", "C A b 0|"},
      {CE_FORMAT_COUNTS, "A\tb\t1\nclass\tcluster\tcount\n", NULL}, /* a header comes first */
      {CE_FORMAT_CSV, "\n\"WORD\" , Tag\nx , \"y\"  \n", "E x y|"},
      {CE_FORMAT_CSV, "word,tag\n\"x\"y,z\n", NULL}, /* text after a closing quote */
      {CE_FORMAT_CSV, "word,tag\nx,y,z\n", NULL},    /* more fields than the header */
      {CE_FORMAT_CONLLU, "1\tA\ta\tX\t_\t_\t0\troot\t_\t_\textra\n", "T A X|"},
      {CE_FORMAT_PATHS, "1\tw\t\n", NULL}, /* an empty count */
      /* Joint counts joined end to end: a header anywhere, a triple again. */
      {CE_FORMAT_JOINT, "a\tX\tk\t1\nITEM\tClass\tcluster\tCOUNT\na\tX\tk\t2\n",
       "J a X k 1|J a X k 2|"},
      {CE_FORMAT_JOINT, "a\tX\tk\t1\textra\n", NULL}, /* five columns */
      {CE_FORMAT_JOINT, "\tX\tk\t1\n", NULL},         /* an empty item */
      {CE_FORMAT_JOINT, "a\tX\t\t1\n", NULL},         /* an empty cluster */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t len = strlen(cases[i].text);
    for (size_t piece = 1; piece <= len; piece++) {
      ce_status status;
      ce_error err = {0};
      char *got = read_text((options){cases[i].format, 0, 0}, "s", cases[i].text, len, piece,
                            &status, &err);
      int same = cases[i].expected
                     ? status == CE_OK && same_text(cases[i].text, got, cases[i].expected)
                     : status == CE_ERR_SYNTAX;
      CHECK(same);
      free(got);
      if (!same) break;
    }
  }
}

/* ---------------------------------------------------------- bad inputs */

/* Reads a file of tests/data/bad/ in chunks of several sizes; all fail with `message`. */
static void check_bad(const char *name, options opt, ce_status code, const char *message) {
  char path[256];
  size_t len;
  snprintf(path, sizeof path, "tests/data/bad/%s", name);
  char *bytes = load_file(path, SIZE_MAX, &len);
  CHECK(bytes != NULL);
  if (!bytes) return;
  for (size_t piece = 1; piece <= len + 1; piece++) {
    ce_status status;
    ce_error err = {0};
    free(read_text(opt, name, bytes, len, piece, &status, &err));
    CHECK(status == code && err.code == code);
    if (!same_text(name, err.message, message)) break;
  }
  free(bytes);
}

static void test_bad_inputs(void) {
  options tagged = {CE_FORMAT_TAGGED, 0, 0};
  check_bad("empty.tsv", tagged, CE_ERR_EMPTY,
            "empty.tsv: empty input; expected token<TAB>label lines");
  check_bad("blank-lines.tsv", tagged, CE_ERR_EMPTY,
            "blank-lines.tsv: no tokens in 3 lines; expected token<TAB>label lines");
  check_bad("no-label.tsv", tagged, CE_ERR_SYNTAX,
            "no-label.tsv:2: token without a label; expected token<TAB>label");
  check_bad("nul-byte.tsv", tagged, CE_ERR_ENCODING,
            "nul-byte.tsv:2: NUL byte at column 2 (byte offset 9); inputs must be UTF-8 text");
  check_bad("invalid-utf8.tsv", tagged, CE_ERR_ENCODING,
            "invalid-utf8.tsv:2: invalid UTF-8 at column 4 (byte offset 11); inputs must be "
            "UTF-8 text");
  check_bad("tagged-short-column.tsv", (options){CE_FORMAT_TAGGED, 3, 0}, CE_ERR_SYNTAX,
            "tagged-short-column.tsv:2: column 3 requested but the line has 2 columns");
  check_bad("conllu-bad-id.conllu", (options){CE_FORMAT_CONLLU, 0, 0}, CE_ERR_SYNTAX,
            "conllu-bad-id.conllu:3: malformed ID 'x2' at column 1; expected an integer (3), a "
            "range (3-4) or a decimal (3.1)");
  check_bad("conllu-short-line.conllu", (options){CE_FORMAT_CONLLU, 0, 0}, CE_ERR_SYNTAX,
            "conllu-short-line.conllu:2: 4 TAB-separated columns; expected the 10 columns of "
            "CoNLL-U (ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC)");
  check_bad("inline-no-slash.pos", (options){CE_FORMAT_INLINE, 0, 0}, CE_ERR_SYNTAX,
            "inline-no-slash.pos:2: field 'rains' at column 8 has no '/'; expected word/TAG");
  check_bad("inline-empty-tag.pos", (options){CE_FORMAT_INLINE, 0, 0}, CE_ERR_SYNTAX,
            "inline-empty-tag.pos:1: field 'dog/' at column 8 has an empty tag; expected "
            "word/TAG");
  check_bad("lexicon-no-label.tsv", (options){CE_FORMAT_LEXICON, 0, 0}, CE_ERR_SYNTAX,
            "lexicon-no-label.tsv:2: item 'run' without a label; expected item<TAB>label "
            "[label ...]");
  check_bad("clusters-no-items.tsv", (options){CE_FORMAT_CLUSTERS, 0, 0}, CE_ERR_SYNTAX,
            "clusters-no-items.tsv:2: cluster 'C2' without items; expected name<TAB>item item "
            "...");
  check_bad("paths-bits.paths", (options){CE_FORMAT_PATHS, 0, 0}, CE_ERR_SYNTAX,
            "paths-bits.paths:2: bit string '0120' has '2' at column 3; expected only 0 and 1");
  options counts = {CE_FORMAT_COUNTS, 0, 0};
  const char *not_count = "in column 3 is not a non-negative integer; expected digits only";
  char message[256];
  snprintf(message, sizeof message, "counts-negative.tsv:2: count '-3' %s", not_count);
  check_bad("counts-negative.tsv", counts, CE_ERR_SYNTAX, message);
  snprintf(message, sizeof message, "counts-decimal.tsv:1: count '2.5' %s", not_count);
  check_bad("counts-decimal.tsv", counts, CE_ERR_SYNTAX, message);
  snprintf(message, sizeof message, "counts-text.tsv:1: count 'x' %s", not_count);
  check_bad("counts-text.tsv", counts, CE_ERR_SYNTAX, message);
  check_bad("counts-two-columns.tsv", counts, CE_ERR_SYNTAX,
            "counts-two-columns.tsv:1: 2 TAB-separated columns; expected "
            "class<TAB>cluster<TAB>count");
  check_bad("counts-overflow.tsv", counts, CE_ERR_SYNTAX,
            "counts-overflow.tsv:1: count '18446744073709551616' in column 3 is too large; "
            "expected at most 18446744073709551615");
  check_bad("counts-total-overflow.tsv", counts, CE_ERR_SYNTAX,
            "counts-total-overflow.tsv:3: count '9223372036854775807' in column 3 takes the "
            "total past 18446744073709551615 tokens; the counts of an input are exact up to "
            "that in all");
  options joint = {CE_FORMAT_JOINT, 0, 0};
  check_bad("joint-three-columns.tsv", joint, CE_ERR_SYNTAX,
            "joint-three-columns.tsv:2: 3 TAB-separated columns; expected "
            "item<TAB>class<TAB>cluster<TAB>count");
  check_bad("joint-empty-class.tsv", joint, CE_ERR_SYNTAX,
            "joint-empty-class.tsv:2: empty class in column 2; expected "
            "item<TAB>class<TAB>cluster<TAB>count");
  check_bad("joint-count-text.tsv", joint, CE_ERR_SYNTAX,
            "joint-count-text.tsv:1: count 'many' in column 4 is not a non-negative integer; "
            "expected digits only");
  check_bad("joint-total-overflow.tsv", joint, CE_ERR_SYNTAX,
            "joint-total-overflow.tsv:3: count '9223372036854775807' in column 4 takes the "
            "total past 18446744073709551615 tokens; the counts of an input are exact up to "
            "that in all");
  check_bad("joint-header-only.tsv", joint, CE_ERR_EMPTY,
            "joint-header-only.tsv: a header line but no counts; expected "
            "item<TAB>class<TAB>cluster<TAB>count lines");
  options csv = {CE_FORMAT_CSV, 0, 0};
  check_bad("csv-no-header.csv", csv, CE_ERR_SYNTAX,
            "csv-no-header.csv:1: header 'dog,animal' does not name an item column (word, item "
            "or token) and a label column (class, label, tag or cluster); expected such a header "
            "row, separated by ',', ';' or TAB");
  check_bad("csv-header-only.csv", csv, CE_ERR_EMPTY,
            "csv-header-only.csv: a header row but no data rows; expected a header naming an "
            "item column (word, item, token) and a label column (class, label, tag, cluster), "
            "then one row per item");
  check_bad("csv-too-few.csv", csv, CE_ERR_SYNTAX,
            "csv-too-few.csv:2: 2 fields; expected 3 as in the header");
  check_bad("csv-open-quote.csv", csv, CE_ERR_SYNTAX,
            "csv-open-quote.csv:2: quoted field opened at column 1 is not closed on this line; "
            "expected a closing '\"' (a quote inside is written \"\")");
}

/* A 10 MB line is read whole; when it is wrong, the message quotes only a little of it. */
static void test_long_line(void) {
  size_t big = 10u << 20;
  char *bytes = malloc(big + 16);
  CHECK(bytes != NULL);
  if (!bytes) return;
  memset(bytes, 'x', big);
  memcpy(bytes + big, "\tNN\n", 4);
  ce_status status;
  ce_error err = {0};
  size_t piece = 65536;
  char *text = read_text((options){CE_FORMAT_TAGGED, 0, 0}, "long.tsv", bytes, big + 4, piece,
                         &status, &err);
  CHECK(status == CE_OK && strlen(text) == big + 6 && strcmp(text + big + 2, " NN|") == 0);
  free(text);
  /* No label: the message names the line and the column after the token. */
  free(read_text((options){CE_FORMAT_TAGGED, 0, 0}, "long.tsv", bytes, big, piece, &status, &err));
  CHECK(status == CE_ERR_SYNTAX && err.column == big + 1 && strlen(err.message) < 120);
  /* An inline field without '/': the message quotes 40 bytes of it. */
  free(read_text((options){CE_FORMAT_INLINE, 0, 0}, "long.pos", bytes, big, piece, &status, &err));
  CHECK(status == CE_ERR_SYNTAX && strlen(err.message) < 120);
  CHECK_STR_CONTAINS(err.message,
                     "long.pos:1: field 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
  free(bytes);
}

/* The commonest tagged line by its definition (readers_internal.h), byte by byte: a token
 * and a label, each starting with a non-blank, and one TAB between them. */
static int simple_by_definition(const char *text, size_t len, size_t *tab) {
  size_t tabs = 0, at = len;
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\t' && !tabs++) at = i;
  if (!len || ce__is_space(text[0]) || tabs != 1 || at + 1 >= len || ce__is_space(text[at + 1]))
    return 0;
  *tab = at;
  return 1;
}

/* ce__tagged_simple against the definition: every line of up to 7 bytes over tokens, TABs and
 * blanks, and random ones of up to 40, each followed by CE_LINE_PAD bytes of TABs (which it
 * may read and must not count). */
static void test_tagged_simple(void) {
  static const char bytes[] = {'a', '\t', ' ', '\v', 'b', '\f'};
  char line[40 + CE_LINE_PAD];
  uint64_t state = 1;
  size_t agreed = 0, simple = 0;
  for (size_t len = 0; len <= 40; len++) {
    size_t total = 20000; /* random lines past 7 bytes; below, all 4^len */
    if (len <= 7)
      for (total = 1; total < ((size_t)1 << (2 * len));) total *= 4;
    for (size_t c = 0; c < total; c++) {
      size_t code = c;
      for (size_t i = 0; i < len; i++) {
        if (len <= 7) {
          line[i] = bytes[code % 4];
          code /= 4;
        } else {
          state = state * 6364136223846793005u + 1442695040888963407u;
          uint64_t roll = (state >> 33) % 16; /* mostly token bytes, a few TABs and blanks */
          line[i] = roll < 11 ? 'a' : bytes[1 + roll % 5];
        }
      }
      memset(line + len, '\t', CE_LINE_PAD);
      size_t got_tab = SIZE_MAX, want_tab = SIZE_MAX;
      int got = ce__tagged_simple(line, len, &got_tab);
      int want = simple_by_definition(line, len, &want_tab);
      simple += (size_t)want;
      if (got == want && got_tab == want_tab) {
        agreed++;
        continue;
      }
      CHECK(got == want && got_tab == want_tab);
      fprintf(stderr, "  a line of %zu bytes: %d at %zu, expected %d at %zu\n", len, got, got_tab,
              want, want_tab);
      return;
    }
  }
  CHECK(agreed > 600000 && simple > 50000);
}

int main(void) {
  test_tagged();
  test_conllu();
  test_inline();
  test_entries();
  test_counts();
  test_joint();
  test_csv();
  test_other_shapes();
  test_bad_inputs();
  test_long_line();
  test_tagged_simple();
  return check_report("readers");
}
