/*
 * Format detection (SPEC §2) from the first bytes of an input. The rules run in this
 * order and the first that fits wins; every rule looks at the sampled non-blank lines:
 *
 *  0. conll:    a line is `#begin document NAME` (CoNLL-2011/2012 coreference, SPEC §3.6),
 *               with only comment lines (beginning with `#`) before it.
 *  1. conllu:   every line not starting with '#' has >= 10 TAB columns and a CoNLL-U ID
 *               (3, 3-4 or 3.1) in column 1; or there are only comments, among them
 *               `# sent_id` or `# text`.
 *  1a. joint:   the first line is the header item<TAB>class<TAB>cluster<TAB>count (any case;
 *               rule 2 would take it for a CSV header).
 *  2. csv:      the first line is a header naming an item column (word, item, token) and a
 *               label column (class, label, tag, cluster), separated by ',', ';' or TAB.
 *  3. counts:   the first line is the header class<TAB>cluster<TAB>count (any case).
 *  3b. senses:  SemEval keys (SPEC §3.7): every line of three or more fields (before a "!!"
 *               comment) names an instance after its lemma, `add.v add.v.1 ...` (field 2 is
 *               field 1, a '.', more), and such lines are at least as many as the shorter
 *               lines, which a key skips. Keys whose instances are named otherwise are read
 *               when forced.
 *  3c. tde-classes: the first line is `Class N` and every line is one, or a fragment `file
 *               onset offset` (two numbers, onset < offset), with no TAB (SPEC §3.8).
 *      tde-words: every line is `file onset offset label`, the same way.
 *  3a. joint:   every line has 4 TAB columns, the last an integer, no blank line separates
 *               lines, and no two lines share their first three columns (a GROUP BY gives
 *               each triple once; a corpus repeats its tokens with their labels).
 *  4. paths:    every line has 3 TAB columns, the first only 0/1, the third an integer,
 *               and no blank line separates lines (a corpus has sentences; these do not).
 *     counts:   the same, with a first column that is not only bits.
 *  Lines with a TAB:
 *  5. clusters: every line has exactly 2 TAB columns, some second column holds several
 *               space-separated items, and the items hardly repeat (at least 2/3 distinct:
 *               a lexicon's labels come from a small tag set and repeat at once). Blank
 *               lines do not matter: a corpus has one word in its second column.
 *  6. tagged:   a blank line follows a line: between sentences, or at the end (a corpus of
 *               one sentence, whose tokens need not repeat).
 *     lexicon/tagged: SPEC's rule for two columns: `lexicon` when some line has several
 *               labels (more words in column 2, or the number of columns varies) or no first
 *               column repeats; otherwise `tagged` (a corpus repeats its tokens). Lines of a
 *               constant 3 or more columns are `tagged` with extra columns.
 *  Lines without a TAB:
 *  7. inline:   more than half of the whitespace-separated fields hold a '/' with text on
 *               both sides.
 *  8. clusters: no blank line between lines, some line has 3 or more words, and the words
 *               are at least 2/3 distinct.
 *  9. lexicon/tagged: as 6, with whitespace separating the columns.
 * Anything else is `tagged`, which also reports the clearest errors for a wrong guess.
 */
#include <string.h>

#include "formats/detect_internal.h"
#include "formats/readers_internal.h"

/* Lines and words sampled: enough to see the shape, few enough for pairwise comparisons. */
enum { MAX_LINES = 256, MAX_WORDS = 512 };

typedef struct sample {
  const char *text;
  ce_field lines[MAX_LINES]; /* the non-blank lines, without BOM and line ends */
  size_t count;
  int blank_between; /* a blank line between two non-blank ones: sentences */
  int blank_after;   /* a blank line after the last non-blank one: a sentence ends there */
  int tabs;          /* some line has a TAB */
} sample;

/* Cuts `head` into lines; without `complete`, a last line without its LF may be cut short. */
static void take_lines(sample *s, const char *head, size_t len, int complete) {
  size_t pos = 0;
  int blank_pending = 0;
  if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0) pos = 3;
  s->text = head;
  s->count = 0;
  s->blank_between = s->blank_after = s->tabs = 0;
  while (pos < len && s->count < MAX_LINES) {
    const char *newline = memchr(head + pos, '\n', len - pos);
    if (!newline && !complete && s->count) break; /* keep a cut line only when it is all */
    size_t end = newline ? (size_t)(newline - head) : len;
    ce_field line = {pos, end - pos};
    if (line.len && head[end - 1] == '\r') line.len--;
    pos = end + 1;
    if (ce__field_is_blank(head, line)) {
      blank_pending = s->count > 0;
      continue;
    }
    if (blank_pending) s->blank_between = 1;
    blank_pending = 0;
    if (memchr(head + line.start, '\t', line.len)) s->tabs = 1;
    s->lines[s->count++] = line;
  }
  s->blank_after = blank_pending;
}

static const char *line_text(const sample *s, size_t i) {
  return s->text + s->lines[i].start;
}

/* Number of distinct fields among `fields` (all of `text`), by pairwise comparison. */
static size_t distinct(const char *text, const ce_field *fields, size_t count) {
  size_t unique = 0;
  for (size_t i = 0; i < count; i++) {
    size_t j = 0;
    while (j < i && !(fields[j].len == fields[i].len &&
                      memcmp(text + fields[j].start, text + fields[i].start, fields[i].len) == 0))
      j++;
    unique += j == i;
  }
  return unique;
}

/* ------------------------------------------------------------------ rules */

static int starts_with(const char *text, size_t len, const char *prefix) {
  size_t n = strlen(prefix);
  return len >= n && memcmp(text, prefix, n) == 0;
}

static int is_conllu(const sample *s) {
  size_t words = 0;
  int sentence_comment = 0;
  for (size_t i = 0; i < s->count; i++) {
    const char *text = line_text(s, i);
    size_t len = s->lines[i].len, columns;
    if (text[0] == '#') {
      sentence_comment |= starts_with(text, len, "# sent_id") || starts_with(text, len, "# text");
      continue;
    }
    ce_field id = ce__nth_column(text, len, 1, 1, &columns);
    if (columns < 10 || ce__conllu_id(text + id.start, id.len) == CE_CONLLU_ID_BAD) return 0;
    words++;
  }
  return words > 0 || sentence_comment;
}

/* Line i split at TABs into exactly `n` columns, the last a count (3a, 4). */
static int count_row(const sample *s, size_t i, ce_field *column, size_t n) {
  const char *text = line_text(s, i);
  uint64_t count;
  return ce__split_tabs(text, s->lines[i].len, column, n) == n &&
         ce__parse_count(text + column[n - 1].start, column[n - 1].len, &count) !=
             CE_COUNT_NOT_DIGITS;
}

/* 0: `#begin document` after nothing but comments: lines before a document are never read. */
static int is_conll(const sample *s) {
  for (size_t i = 0; i < s->count; i++) {
    const char *text = line_text(s, i);
    if (ce__conll_begin(text, s->lines[i].len, NULL)) return 1;
    if (text[0] != '#') return 0;
  }
  return 0;
}

/* 3b: SemEval key lines, `LEMMA LEMMA.N SENSE ...`. */
static int is_senses(const sample *s) {
  size_t keys = 0, skipped = 0;
  for (size_t i = 0; i < s->count; i++) {
    const char *text = line_text(s, i);
    ce_field f[3];
    if (ce__senses_fields(text, s->lines[i].len, f, 3) < 3) {
      skipped++;
      continue;
    }
    if (!(f[1].len > f[0].len + 1 && memcmp(text + f[1].start, text + f[0].start, f[0].len) == 0 &&
          text[f[1].start + f[0].len] == '.'))
      return 0;
    keys++;
  }
  return keys > 0 && skipped <= keys;
}

/* 3c: a class file of spoken term discovery, or its word or phone alignment. */
static ce_format tde_format(const sample *s) {
  if (s->tabs) return CE_FORMAT_AUTO;
  int classes = ce__is_tde_class_header(line_text(s, 0), s->lines[0].len);
  for (size_t i = 0; i < s->count; i++) {
    const char *text = line_text(s, i);
    size_t len = s->lines[i].len;
    if (classes ? !ce__is_tde_class_header(text, len) && !ce__is_tde_span(text, len, 3)
                : !ce__is_tde_span(text, len, 4))
      return CE_FORMAT_AUTO;
  }
  return classes ? CE_FORMAT_TDE_CLASSES : CE_FORMAT_TDE_WORDS;
}

/* 3a: four TAB columns with a count last, each (item, class, cluster) once. */
static int is_joint(const sample *s) {
  if (!s->tabs || s->blank_between || !s->count) return 0;
  ce_field triples[MAX_LINES], column[4];
  for (size_t i = 0; i < s->count; i++) {
    if (!count_row(s, i, column, 4)) return 0;
    triples[i] = (ce_field){s->lines[i].start, column[2].start + column[2].len};
  }
  return distinct(s->text, triples, s->count) == s->count;
}

/* 4: three TAB columns with a count last; `bits` tells whether column 1 is always a path. */
static int is_table(const sample *s, int *bits) {
  if (!s->tabs || s->blank_between || !s->count) return 0;
  *bits = 1;
  for (size_t i = 0; i < s->count; i++) {
    ce_field column[3];
    if (!count_row(s, i, column, 3)) return 0;
    *bits &= ce__is_bits(line_text(s, i) + column[0].start, column[0].len);
  }
  return 1;
}

/* The words of a line after its first column (TAB mode) or all of them (word mode). */
static size_t collect_words(const sample *s, size_t i, int after_tab, ce_field *words,
                            size_t *used) {
  const char *text = s->text;
  ce_field line = s->lines[i];
  size_t pos = 0, n = 0;
  if (after_tab) {
    const char *tab = memchr(text + line.start, '\t', line.len);
    pos = tab ? (size_t)(tab - text) - line.start + 1 : line.len;
  }
  ce_field word;
  while (ce__next_word(text + line.start, line.len, &pos, &word)) {
    if (*used < MAX_WORDS) words[(*used)++] = (ce_field){line.start + word.start, word.len};
    n++;
  }
  return n;
}

/* 5 and 8: one cluster a line, its items hardly repeating. */
static int is_clusters(const sample *s) {
  ce_field words[MAX_WORDS];
  size_t used = 0, most = 0;
  if (!s->tabs && s->blank_between) return 0;
  for (size_t i = 0; i < s->count; i++) {
    size_t count;
    if (s->tabs) {
      ce__nth_column(line_text(s, i), s->lines[i].len, 1, 0, &count);
      if (count != 2) return 0;
    }
    size_t n = collect_words(s, i, s->tabs, words, &used);
    if (n > most) most = n;
  }
  if (most < (s->tabs ? 2u : 3u)) return 0;
  return distinct(s->text, words, used) * 3 >= used * 2;
}

/* 7: `w1/T1 w2/T2`: most fields split into word/TAG. */
static int is_inline(const sample *s) {
  size_t fields = 0, tagged = 0;
  for (size_t i = 0; i < s->count; i++) {
    const char *text = line_text(s, i);
    size_t pos = 0;
    ce_field field;
    while (ce__next_word(text, s->lines[i].len, &pos, &field)) {
      const char *slash = NULL;
      for (size_t k = 1; k + 1 < field.len; k++)
        if (text[field.start + k] == '/') slash = text + field.start + k;
      fields++;
      tagged += slash != NULL;
    }
  }
  return tagged * 2 > fields;
}

/* 6 and 9: SPEC §2's rule for two columns; any blank line, a trailing one too, makes it
 * `tagged`. */
static ce_format lexicon_or_tagged(const sample *s) {
  if (s->blank_between || s->blank_after) return CE_FORMAT_TAGGED;
  ce_field first[MAX_LINES], words[MAX_WORDS];
  size_t least = SIZE_MAX, most = 0, several = 0;
  for (size_t i = 0; i < s->count; i++) {
    const char *text = line_text(s, i);
    size_t count, used = 0;
    ce_field column = ce__nth_column(text, s->lines[i].len, s->tabs, 1, &count);
    first[i] = (ce_field){s->lines[i].start + column.start, column.len};
    if (count < least) least = count;
    if (count > most) most = count;
    if (s->tabs && count == 2 && collect_words(s, i, 1, words, &used) > 1) several = 1;
  }
  if (several || least != most) return CE_FORMAT_LEXICON;
  if (most > 2) return CE_FORMAT_TAGGED;
  return distinct(s->text, first, s->count) == s->count ? CE_FORMAT_LEXICON : CE_FORMAT_TAGGED;
}

ce_format ce__detect_format(const char *head, size_t len, int complete) {
  sample s;
  take_lines(&s, head, len, complete);
  if (!s.count) return CE_FORMAT_TAGGED;
  const char *first = line_text(&s, 0);
  ce_csv_columns csv;
  int bits;
  if (is_conll(&s)) return CE_FORMAT_CONLL;
  if (is_conllu(&s)) return CE_FORMAT_CONLLU;
  if (ce__is_joint_header(first, s.lines[0].len)) return CE_FORMAT_JOINT;
  if (ce__csv_header(first, s.lines[0].len, &csv)) return CE_FORMAT_CSV;
  if (ce__is_counts_header(first, s.lines[0].len)) return CE_FORMAT_COUNTS;
  if (is_senses(&s)) return CE_FORMAT_SENSES;
  ce_format tde = tde_format(&s);
  if (tde != CE_FORMAT_AUTO) return tde;
  if (is_joint(&s)) return CE_FORMAT_JOINT;
  if (is_table(&s, &bits)) return bits ? CE_FORMAT_PATHS : CE_FORMAT_COUNTS;
  if (!s.tabs && is_inline(&s)) return CE_FORMAT_INLINE;
  if (is_clusters(&s)) return CE_FORMAT_CLUSTERS;
  return lexicon_or_tagged(&s);
}
