/* Line splitting, byte checks and string interning (the readers have test_readers.c). */
#include <stdlib.h>

#include "check.h"
#include "text/intern_internal.h"
#include "text/lines_internal.h"

typedef struct collected {
  ce_buf text; /* lines joined by '|' */
  uint64_t lines;
} collected;

static ce_status collect(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  (void)err;
  collected *out = ctx;
  CHECK(line_no == out->lines + 1);
  out->lines = line_no;
  ce__buf_append(&out->text, line, len);
  ce__buf_puts(&out->text, "|");
  return CE_OK;
}

/* Feeds `input` in pieces of `piece` bytes; returns the joined lines (caller frees). */
static char *split(const char *input, size_t len, size_t piece, ce_status *status, ce_error *err) {
  ce_lines lines;
  ce__lines_init(&lines, "in.tsv");
  collected out = {{0}, 0};
  *status = CE_OK;
  for (size_t at = 0; at < len && !*status; at += piece) {
    size_t n = len - at < piece ? len - at : piece;
    *status = ce__lines_feed(&lines, input + at, n, collect, &out, err);
  }
  if (!*status) *status = ce__lines_close(&lines, collect, &out, err);
  ce__lines_free(&lines);
  if (!out.text.data) ce__buf_puts(&out.text, "");
  return out.text.data;
}

static void test_lines_any_chunking(void) {
  const char input[] = "\xEF\xBB\xBFw1\tA\r\nw2\tB\n\ncaf\xC3\xA9\tC\nlast\tD";
  for (size_t piece = 1; piece <= sizeof input; piece++) {
    ce_status status;
    char *joined = split(input, sizeof input - 1, piece, &status, NULL);
    CHECK(status == CE_OK);
    CHECK(strcmp(joined, "w1\tA|w2\tB||caf\xC3\xA9\tC|last\tD|") == 0);
    free(joined);
  }
}

static void test_lines_bad_bytes(void) {
  struct {
    const char *input;
    size_t len;
    uint64_t line, column;
    const char *says;
  } cases[] = {
      {"ok\tA\nb\0d\tB\n", 11, 2, 2, "NUL byte at column 2 (byte offset 6)"},
      {"ok\tA\n\xff\tB\n", 8, 2, 1, "invalid UTF-8 at column 1 (byte offset 5)"},
      {"a\xC3\tB\n", 5, 1, 2, "invalid UTF-8"},            /* truncated sequence */
      {"\xC0\xAF\tB\n", 5, 1, 1, "invalid UTF-8"},         /* overlong '/' */
      {"\xED\xA0\x80\tB\n", 6, 1, 1, "invalid UTF-8"},     /* surrogate */
      {"\xF4\x90\x80\x80\tB\n", 7, 1, 1, "invalid UTF-8"}, /* above U+10FFFF */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    for (size_t piece = 1; piece <= cases[i].len; piece += 3) {
      ce_status status;
      ce_error err = {0};
      free(split(cases[i].input, cases[i].len, piece, &status, &err));
      CHECK(status == CE_ERR_ENCODING);
      CHECK(err.line == cases[i].line && err.column == cases[i].column);
      CHECK_STR_CONTAINS(err.message, cases[i].says);
      CHECK(strncmp(err.message, "in.tsv:", 7) == 0);
    }
  }
  /* The same past the first batch of lines, where line ends are found 64 bytes at a time and
   * plain ASCII is noted on the way: a bad byte at line 301, between good multi-byte lines. */
  static const char *bad_bytes[] = {"\xff", "b\0d", "\xC3("};
  for (size_t b = 0; b < sizeof bad_bytes / sizeof bad_bytes[0]; b++) {
    ce_buf input = {0};
    for (int line = 1; line <= 400; line++) {
      const char *text = line == 301 ? bad_bytes[b] : line % 50 == 0 ? "caf\xC3\xA9" : "ok";
      ce__buf_append(&input, text, b == 1 && line == 301 ? 3 : strlen(text));
      ce__buf_puts(&input, "\tA\n");
    }
    ce_status status;
    ce_error err = {0};
    free(split(input.data, input.len, input.len, &status, &err));
    CHECK(status == CE_ERR_ENCODING && err.line == 301);
    CHECK(err.column == (b == 1 ? 2u : 1u));
    ce__buf_free(&input);
  }
  /* Valid multi-byte text passes: 2, 3 and 4 byte sequences. */
  const char *valid = "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  CHECK(ce__utf8_invalid_at(valid, strlen(valid)) == strlen(valid));
}

/* A deterministic byte stream of many lines: lengths 0 to 150, TABs, some CRLF ends, and
 * lines longer than a 64-byte block, so that batches, blocks and chunk ends all fall
 * inside lines somewhere. */
static size_t many_lines(char *out, size_t cap, size_t *line_count) {
  uint64_t state = 12345;
  size_t len = 0, lines = 0;
  while (len + 160 < cap) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    size_t n = (size_t)(state >> 33) % 151;
    if (n > 24 && (state >> 20) % 4) n %= 13; /* mostly short lines, as in a corpus */
    for (size_t i = 0; i < n; i++) out[len++] = i == n / 2 ? '\t' : (char)('a' + (i + lines) % 26);
    if ((state >> 40) % 7 == 0) out[len++] = '\r';
    out[len++] = '\n';
    lines++;
  }
  *line_count = lines;
  return len;
}

typedef struct checked_lines {
  const char *input; /* the stream; lines must come out in order, equal to it */
  size_t at;
  uint64_t lines;
  unsigned pad_bytes; /* a sum of the padding read, so that the reads stay */
} checked_lines;

/* Checks each line against the stream by hand, reads its CE_LINE_PAD bytes (sanitizers see
 * a read past the chunk) and compares ce__line_find with a byte-by-byte search. */
static ce_status check_line(void *ctx, const char *line, size_t len, uint64_t line_no,
                            ce_error *err) {
  (void)err;
  checked_lines *seen = ctx;
  const char *expected = seen->input + seen->at;
  size_t expected_len = (size_t)(strchr(expected, '\n') - expected);
  seen->at += expected_len + 1;
  if (expected_len && expected[expected_len - 1] == '\r') expected_len--;
  CHECK(line_no == ++seen->lines);
  CHECK(len == expected_len && memcmp(line, expected, len) == 0);
  for (size_t i = 0; i < CE_LINE_PAD; i++) seen->pad_bytes += (unsigned char)line[len + i];
  for (size_t from = 0; from <= len; from += 5) {
    size_t naive = from;
    while (naive < len && line[naive] != '\t') naive++;
    CHECK(ce__line_find(line, len, from, '\t') == naive);
  }
  return CE_OK;
}

static void test_lines_batches(void) {
  enum { CAP = 200000 };
  char *input = malloc(CAP + 1);
  size_t line_count;
  size_t len = many_lines(input, CAP, &line_count);
  input[len] = '\0';
  const size_t pieces[] = {1, 7, 64, 100, 4093, 65536, CAP};
  for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
    ce_lines lines;
    ce__lines_init(&lines, "many.tsv");
    checked_lines seen = {input, 0, 0, 0};
    ce_error err;
    ce_status status = CE_OK;
    for (size_t at = 0; at < len && !status; at += pieces[p]) {
      /* each piece in a buffer of its own size, as a reader's chunk would be */
      size_t n = len - at < pieces[p] ? len - at : pieces[p];
      char *piece = malloc(n);
      memcpy(piece, input + at, n);
      status = ce__lines_feed(&lines, piece, n, check_line, &seen, &err);
      free(piece);
    }
    if (!status) status = ce__lines_close(&lines, check_line, &seen, &err);
    CHECK(status == CE_OK);
    CHECK(seen.lines == line_count && seen.at == len);
    CHECK(lines.offset == len);
    ce__lines_free(&lines);
  }
  free(input);
}

static void test_intern(void) {
  ce_intern table = {0};
  char word[32];
  for (uint32_t i = 0; i < 20000; i++) {
    snprintf(word, sizeof word, "w%u", i);
    uint32_t id;
    int added;
    CHECK(ce__intern_put(&table, word, strlen(word), &id, &added) == CE_OK);
    CHECK(id == i && added);
  }
  uint32_t id;
  int added;
  CHECK(ce__intern_put(&table, "w123", 4, &id, &added) == CE_OK && id == 123 && !added);
  CHECK(ce__intern_find(&table, "w19999", 6) == 19999);
  CHECK(ce__intern_find(&table, "w20000", 6) == UINT32_MAX);
  CHECK(ce__intern_put(&table, "", 0, &id, &added) == CE_OK && added);
  size_t len;
  CHECK(strcmp(ce__intern_get(&table, 77, &len), "w77") == 0 && len == 3);
  /* A string larger than an arena block, then small ones again. */
  char *big = malloc(200000);
  memset(big, 'x', 200000);
  CHECK(ce__intern_put(&table, big, 200000, &id, &added) == CE_OK);
  CHECK(ce__intern_find(&table, big, 200000) == id);
  CHECK(ce__intern_put(&table, "after", 5, &id, &added) == CE_OK && added);
  CHECK(strcmp(ce__intern_get(&table, 5, NULL), "w5") == 0);
  /* Slots dropped (as at the end of reading): the strings keep their ids, a find scans them
   * and a put rebuilds the slots, however many strings there are. */
  size_t count = ce__intern_count(&table);
  ce__intern_drop_slots(&table);
  CHECK(strcmp(ce__intern_get(&table, 19999, NULL), "w19999") == 0);
  CHECK(ce__intern_find(&table, "w4321", 5) == 4321 &&
        ce__intern_find(&table, big, 200000) == 20001);
  CHECK(ce__intern_find(&table, "w20000", 6) == UINT32_MAX);
  CHECK(ce__intern_put(&table, "w7", 2, &id, &added) == CE_OK && id == 7 && !added);
  CHECK(ce__intern_put(&table, "new", 3, &id, &added) == CE_OK && id == count && added);
  CHECK(ce__intern_find(&table, "w12345", 6) == 12345);
  free(big);
  ce__intern_free(&table);
}

/* A copy into an empty table (a row's copy of a system's labels) keeps every id and string,
 * short, long (in the arena) and past the entries' first block, though it has no slots:
 * a find reads the strings, the first put builds the slots, the next id follows on. A copy
 * into a table that has strings puts them as new ones. */
static void test_intern_copy(void) {
  ce_intern from = {0}, to = {0}, into = {0};
  char word[64];
  uint32_t id;
  int added;
  for (uint32_t i = 0; i < 9000; i++) {
    snprintf(word, sizeof word, i % 3 ? "s%u" : "a-longer-label-%u-past-inline", i);
    CHECK(ce__intern_put(&from, word, strlen(word), &id, NULL) == CE_OK && id == i);
  }
  CHECK(ce__intern_copy(&to, &from) == CE_OK && ce__intern_count(&to) == 9000);
  int same = 1;
  for (uint32_t i = 0; i < 9000; i++) {
    size_t a, b;
    const char *x = ce__intern_get(&from, i, &a), *y = ce__intern_get(&to, i, &b);
    same &= a == b && memcmp(x, y, a) == 0 && (a <= CE_INTERN_INLINE || x != y);
  }
  CHECK(same);
  CHECK(ce__intern_find(&to, "a-longer-label-8997-past-inline", 31) == 8997);
  CHECK(ce__intern_find(&to, "s8998", 5) == 8998 && ce__intern_find(&to, "s9000", 5) == UINT32_MAX);
  CHECK(ce__intern_put(&to, "s4", 2, &id, &added) == CE_OK && id == 4 && !added);
  CHECK(ce__intern_put(&to, "fresh", 5, &id, &added) == CE_OK && id == 9000 && added);
  CHECK(ce__intern_put(&to, "a-longer-label-3-past-inline", 28, &id, &added) == CE_OK && id == 3 &&
        !added);
  ce__intern_free(&from);
  CHECK(strcmp(ce__intern_get(&to, 6, NULL), "a-longer-label-6-past-inline") == 0);
  CHECK(ce__intern_put(&into, "s1", 2, &id, NULL) == CE_OK);
  CHECK(ce__intern_copy(&into, &to) == CE_OK && ce__intern_count(&into) == 9001);
  CHECK(ce__intern_find(&into, "s1", 2) == 0 && ce__intern_find(&into, "s2", 2) == 2 &&
        ce__intern_find(&into, "fresh", 5) == 9000);
  ce__intern_free(&to);
  ce__intern_free(&into);
}

int main(void) {
  test_lines_any_chunking();
  test_lines_bad_bytes();
  test_lines_batches();
  test_intern();
  test_intern_copy();
  return check_report("read");
}
