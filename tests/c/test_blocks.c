/*
 * The block reader against the line reader: a tagged file read in large chunks goes through
 * lines.c's batches and eval.c's tagged windows (and, fed with ce_eval_feed_inputs, on
 * threads), one read a byte at a time goes line by line (no line is ever whole in a chunk,
 * so none is batched). Random files with CRLF, a BOM, blank and blank-looking lines, long
 * lines, non-ASCII words, bad lines and lines that straddle a block or a chunk must give the
 * same JSON and the same errors, to the byte, whichever way they are read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"

typedef struct text {
  char *bytes;
  size_t len, cap;
} text;

static void put(text *t, const char *bytes, size_t len) {
  if (t->len + len + 1 > t->cap) {
    t->cap = (t->len + len + 1) * 2;
    t->bytes = realloc(t->bytes, t->cap);
    CHECK(t->bytes != NULL);
  }
  memcpy(t->bytes + t->len, bytes, len);
  t->len += len;
  t->bytes[t->len] = '\0';
}

static void puts_text(text *t, const char *s) {
  put(t, s, strlen(s));
}

static uint64_t next(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* A word: mostly a few ASCII letters, now and then long (past a 64-byte block), non-ASCII,
 * or punctuation. */
static void random_word(uint64_t *rng, char *out, size_t cap) {
  static const char *const odd[] = {"na\xc3\xafve", "caf\xc3\xa9", ",", ".", "--", "'s", "#"};
  unsigned kind = (unsigned)(next(rng) % 40);
  if (kind == 0) {
    size_t len = 65 + (size_t)(next(rng) % 200);
    if (len >= cap) len = cap - 1;
    for (size_t i = 0; i < len; i++) out[i] = (char)('a' + next(rng) % 26);
    out[len] = '\0';
  } else if (kind < 4) {
    snprintf(out, cap, "%s", odd[next(rng) % (sizeof odd / sizeof *odd)]);
  } else {
    size_t len = 1 + (size_t)(next(rng) % 9);
    for (size_t i = 0; i < len; i++) out[i] = (char)('a' + next(rng) % 6);
    out[len] = '\0';
  }
}

/* A label: a short tag most of the time (the recent-label table), sometimes 8 bytes or more. */
static void random_label(uint64_t *rng, const char *prefix, char *out, size_t cap) {
  unsigned n = (unsigned)(next(rng) % 30);
  if (n == 0)
    snprintf(out, cap, "%s-long-label-%u", prefix, (unsigned)(next(rng) % 3));
  else if (n == 1)
    snprintf(out, cap, "%s%07u", prefix, (unsigned)(next(rng) % 3)); /* 8 bytes or more */
  else
    snprintf(out, cap, "%s%u", prefix, n % 12);
}

typedef struct pair_files {
  text gold, system;
} pair_files;

/* Gold and a system over the same words, each with its own line ends and odd lines; `bad`
 * puts a fault in the system (a word that differs, a line without a label, a label without a word,
 * a byte that is not UTF-8) at a random line. `many_labels`: nine tokens in ten have labels of
 * their own on both sides, so that past 49,152 tokens both tables of labels outgrow 65,536
 * slots (the tagged windows then fetch every label's slot ahead, eval.c). */
static void make_labelled_files(uint64_t *rng, pair_files *f, size_t tokens, int bad,
                                int many_labels) {
  memset(f, 0, sizeof *f);
  int crlf_gold = next(rng) % 3 == 0, crlf_system = next(rng) % 3 == 0;
  if (next(rng) % 2) puts_text(&f->gold, "\xEF\xBB\xBF");
  if (next(rng) % 2) puts_text(&f->system, "\xEF\xBB\xBF");
  size_t fault_at = bad ? (size_t)(next(rng) % tokens) : SIZE_MAX;
  char word[300], label[64], line[400];
  for (size_t i = 0; i < tokens; i++) {
    random_word(rng, word, sizeof word);
    if (many_labels && next(rng) % 10)
      snprintf(label, sizeof label, "t%zu", i);
    else
      random_label(rng, "t", label, sizeof label);
    const char *gold_end = crlf_gold || next(rng) % 50 == 0 ? "\r\n" : "\n";
    snprintf(line, sizeof line, "%s\t%s%s", word, label, gold_end);
    puts_text(&f->gold, line);
    if (many_labels && next(rng) % 10)
      snprintf(label, sizeof label, "c%zu", tokens - i);
    else
      random_label(rng, "c", label, sizeof label);
    const char *end = crlf_system || next(rng) % 50 == 0 ? "\r\n" : "\n";
    if (i == fault_at) {
      unsigned kind = bad % 4;
      if (kind == 0) snprintf(line, sizeof line, "%sx\t%s%s", word, label, end);
      if (kind == 1) snprintf(line, sizeof line, "%s%s", word, end);
      if (kind == 2) snprintf(line, sizeof line, "\t%s%s", label, end);
      if (kind == 3) snprintf(line, sizeof line, "%s\xff\t%s%s", word, label, end);
    } else {
      snprintf(line, sizeof line, "%s\t%s%s", word, label, end);
    }
    puts_text(&f->system, line);
    unsigned gap = (unsigned)(next(rng) % 25);
    if (gap == 0) { /* a sentence ends, in both; now and then with spaces on the blank line */
      puts_text(&f->gold, next(rng) % 4 ? "\n" : "  \t \n");
      puts_text(&f->system, next(rng) % 4 ? "\n" : "\r\n");
    }
  }
}

static void make_files(uint64_t *rng, pair_files *f, size_t tokens, int bad) {
  make_labelled_files(rng, f, tokens, bad, 0);
}

/* The JSON echoes the options: the thread count is the one that may differ. */
static void drop_threads(char *json) {
  char *at = json ? strstr(json, "\"threads\":") : NULL;
  if (!at) return;
  char *end = at + strlen("\"threads\":");
  while (*end >= '0' && *end <= '9') end++;
  memmove(at, end, strlen(end) + 1);
}

static int same(const char *a, const char *b) {
  return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

typedef struct outcome {
  char *json;
  char *errors; /* each input's error message, one a line */
} outcome;

enum { WHOLE = 0 };

/* The run's errors, input by input ("-": none), and its JSON; frees the run. */
static outcome finish_run(ce_eval *ev, size_t inputs) {
  text errors = {0};
  puts_text(&errors, "");
  for (size_t i = 0; i < inputs; i++) {
    const ce_error *error = ce_eval_input_error(ev, i);
    puts_text(&errors, error ? error->message : "-");
    puts_text(&errors, "\n");
  }
  outcome out = {NULL, errors.bytes};
  size_t len = 0;
  if (ce_eval_finish(ev, NULL) == CE_OK && ce_eval_json(ev, &out.json, &len) != CE_OK)
    out.json = NULL;
  drop_threads(out.json);
  ce_eval_free(ev);
  return out;
}

/* Reads the pair: `piece` bytes a call round-robin through ce_eval_feed, or (WHOLE) each
 * file in one call of ce_eval_feed_inputs on `threads` threads; `check`, the token check;
 * `levels`, CE_OPT_LEVELS. */
static outcome read_pair_levels(const pair_files *f, size_t piece, unsigned threads, int check,
                                double levels) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_THREADS, threads) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_LEVELS, levels) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_TOKEN_CHECK, check) == CE_OK);
  CHECK(ce_eval_add_input(ev, "gold.tsv", NULL, NULL) == CE_OK);
  CHECK(ce_eval_add_input(ev, "system.tsv", NULL, NULL) == CE_OK);
  /* A format to detect holds the first bytes back and reads them as one chunk: the format
   * is given, so that read a byte at a time no line is in a batch. */
  for (size_t i = 0; i < 2; i++) CHECK(ce_eval_set_format(ev, i, CE_FORMAT_TAGGED) == CE_OK);
  const text *files[2] = {&f->gold, &f->system};
  if (piece == WHOLE) {
    size_t index[2] = {0, 1}, len[2] = {f->gold.len, f->system.len};
    const void *bytes[2] = {f->gold.bytes, f->system.bytes};
    ce_eval_feed_inputs(ev, 2, index, bytes, len, NULL);
  } else {
    size_t offset[2] = {0, 0};
    for (int any = 1; any;) {
      any = 0;
      for (size_t i = 0; i < 2; i++) {
        size_t len = files[i]->len - offset[i] < piece ? files[i]->len - offset[i] : piece;
        if (len) ce_eval_feed(ev, i, files[i]->bytes + offset[i], len, NULL);
        offset[i] += len;
        any |= offset[i] < files[i]->len;
      }
    }
  }
  ce_eval_close(ev, 0, NULL);
  ce_eval_close(ev, 1, NULL);
  return finish_run(ev, 2);
}

static outcome read_pair(const pair_files *f, size_t piece, unsigned threads, int check) {
  return read_pair_levels(f, piece, threads, check, 0);
}

static void outcome_free(outcome *out) {
  ce_free(out->json);
  free(out->errors);
}

static void test_block_and_line_readers_agree(void) {
  uint64_t rng = 0x9e3779b97f4a7c15u;
  size_t faults_seen = 0;
  for (int trial = 0; trial < 26; trial++) {
    pair_files f;
    int bad = trial % 4 == 3 ? 1 + trial / 4 : trial == 25 ? 2 : 0;
    if (trial < 24)
      make_files(&rng, &f, 1500 + (size_t)(next(&rng) % 3000), bad);
    else /* labels past the cache, the second time with a fault */
      make_labelled_files(&rng, &f, 60000 + (size_t)(next(&rng) % 3000), bad, 1);
    int check = trial % 8 != 5;         /* the token check off now and then: texts are not queued */
    double levels = trial < 24 ? 0 : 1; /* many labels: the token level (gold's (item, class)
                                         * cells are still counted, for its class sizes) */
    outcome lines = read_pair_levels(&f, 1, 1, check, levels);
    outcome blocks = read_pair_levels(&f, WHOLE, 2, check, levels);
    outcome one_thread = read_pair_levels(&f, WHOLE, 1, check, levels);
    size_t piece = 1 + (size_t)(next(&rng) % 5000);
    outcome pieces = read_pair_levels(&f, piece, 1, check, levels);
    CHECK(lines.json || bad);
    CHECK(same(lines.json, blocks.json) && same(lines.errors, blocks.errors));
    CHECK(same(lines.json, one_thread.json) && same(lines.errors, one_thread.errors));
    CHECK(same(lines.json, pieces.json) && same(lines.errors, pieces.errors));
    if (!same(lines.errors, blocks.errors))
      fprintf(stderr, "trial %d: errors by lines:\n%sby blocks:\n%s", trial, lines.errors,
              blocks.errors);
    if (bad && strstr(lines.errors, "system.tsv:")) faults_seen++;
    outcome_free(&lines);
    outcome_free(&blocks);
    outcome_free(&one_thread);
    outcome_free(&pieces);
    free(f.gold.bytes);
    free(f.system.bytes);
  }
  CHECK(faults_seen == 7); /* every faulty system was caught, at a line of its own file */
}

/* The token files of tests/data, each many times over (past the first batch of lines) and
 * scored against itself: whole and a byte at a time alike. */
static void test_data_files(void) {
  static const char *const paths[] = {
      "tests/data/small-gold.tsv",
      "tests/data/small-gold-bom.tsv",
      "tests/data/small-sys.tsv",
      "tests/data/small-sys-mixed-eol.tsv",
      "tests/data/formats/tagged.tsv",
      "tests/data/formats/tagged-bom.tsv",
      "tests/data/formats/tagged-columns.tsv",
      "tests/data/formats/tagged-mixed-eol.tsv",
      "tests/data/formats/tagged-one-sentence.tsv",
      "tests/data/formats/tagged-spaces.txt",
  };
  for (size_t p = 0; p < sizeof paths / sizeof *paths; p++) {
    FILE *file = fopen(paths[p], "rb");
    CHECK(file != NULL);
    if (!file) continue;
    char once[1 << 14];
    size_t len = fread(once, 1, sizeof once, file);
    fclose(file);
    pair_files f;
    memset(&f, 0, sizeof f);
    for (int copy = 0; copy < 400; copy++) {
      put(&f.gold, once, len);
      put(&f.gold, "\n", 1); /* a file without a last line end stays apart from the next */
    }
    put(&f.system, f.gold.bytes, f.gold.len);
    outcome lines = read_pair(&f, 1, 1, 1), blocks = read_pair(&f, WHOLE, 2, 1);
    CHECK(lines.json != NULL);
    CHECK(same(lines.json, blocks.json) && same(lines.errors, blocks.errors));
    outcome_free(&lines);
    outcome_free(&blocks);
    free(f.gold.bytes);
    free(f.system.bytes);
  }
}

/*
 * A token system's token pairs as it is read where gold has read its position and nothing of
 * the system waits: read in turn, against gold; on threads, against gold as the round began,
 * while gold's thread queues more (its queue pinned, grown into a copy). Else it waits in
 * its queue. Gold and two systems, one leaving items unclustered under every policy, the
 * other now and then faulty, read five ways: the JSON and the errors must be the same.
 * IN_ROUNDS feeds rounds of `piece` bytes as the command line does, leaving out the inputs
 * ce_eval_waits holds back, which must never be all the open ones.
 */
enum { SYSTEMS_FIRST = 1, IN_ROUNDS = 2 };

/* Rounds of `piece` bytes of each input that ce_eval_waits lets read, in one call each. */
static void feed_rounds(ce_eval *ev, const text *files, size_t count, size_t piece) {
  size_t offset[3] = {0, 0, 0}, index[3], len[3];
  const void *bytes[3];
  int open[3] = {1, 1, 1};
  for (size_t open_count = count; open_count;) {
    size_t round = 0;
    for (size_t i = 0; i < count; i++) {
      if (!open[i] || ce_eval_waits(ev, i)) continue;
      size_t left = files[i].len - offset[i];
      index[round] = i;
      bytes[round] = files[i].bytes + offset[i];
      len[round++] = left < piece ? left : piece;
    }
    CHECK(round > 0);
    if (!round || ce_eval_input_error(ev, 0)) break; /* gold failed: nothing is scored */
    ce_eval_feed_inputs(ev, round, index, bytes, len, NULL);
    for (size_t j = 0; j < round; j++) {
      size_t i = index[j];
      offset[i] += len[j];
      if (offset[i] == files[i].len || ce_eval_input_error(ev, i) || ce_eval_input_error(ev, 0)) {
        ce_eval_close(ev, i, NULL);
        open[i] = 0;
        open_count--;
      }
    }
  }
}

static outcome read_three(const text *files, size_t piece, unsigned threads, int order,
                          ce_unclustered policy, int bootstrap) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_THREADS, threads) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_UNCLUSTERED, policy) == CE_OK);
  CHECK(ce_eval_set(ev, CE_OPT_BOOTSTRAP, bootstrap) == CE_OK);
  CHECK(ce_eval_set_unclustered_label(ev, "UNK") == CE_OK);
  static const char *const names[3] = {"gold.tsv", "system.tsv", "other.tsv"};
  for (size_t i = 0; i < 3; i++) {
    CHECK(ce_eval_add_input(ev, names[i], NULL, NULL) == CE_OK);
    CHECK(ce_eval_set_format(ev, i, CE_FORMAT_TAGGED) == CE_OK);
  }
  if (order == IN_ROUNDS) {
    feed_rounds(ev, files, 3, piece);
  } else if (piece == WHOLE) {
    size_t index[3] = {0, 1, 2}, len[3] = {files[0].len, files[1].len, files[2].len};
    const void *bytes[3] = {files[0].bytes, files[1].bytes, files[2].bytes};
    ce_eval_feed_inputs(ev, 3, index, bytes, len, NULL);
  } else {
    size_t offset[3] = {0, 0, 0};
    for (int any = 1; any;) {
      any = 0;
      for (size_t k = 0; k < 3; k++) {
        size_t i = order == SYSTEMS_FIRST ? 2 - k : k;
        size_t len = files[i].len - offset[i] < piece ? files[i].len - offset[i] : piece;
        if (len) ce_eval_feed(ev, i, files[i].bytes + offset[i], len, NULL);
        offset[i] += len;
        any |= offset[i] < files[i].len;
      }
    }
  }
  for (size_t i = 0; order != IN_ROUNDS && i < 3; i++)
    ce_eval_close(ev, order == SYSTEMS_FIRST ? 2 - i : i, NULL);
  return finish_run(ev, 3);
}

/* A copy of a system's lines: labels made UNK (the unclustered label) one line in `unk`
 * (0: none), the word of line `differs` (0: none) changed. */
static void system_copy(uint64_t *rng, const text *system, unsigned unk, size_t differs,
                        text *out) {
  memset(out, 0, sizeof *out);
  puts_text(out, "");
  const char *at = system->bytes, *end = system->bytes + system->len;
  for (size_t line = 1; at < end; line++) {
    const char *eol = memchr(at, '\n', (size_t)(end - at));
    size_t len = eol ? (size_t)(eol - at + 1) : (size_t)(end - at);
    const char *tab = memchr(at, '\t', len);
    if (tab && line >= differs && differs) {
      puts_text(out, "x");
      differs = 0;
    }
    if (tab && unk && next(rng) % unk == 0) {
      put(out, at, (size_t)(tab - at) + 1);
      puts_text(out, len > 1 && at[len - 2] == '\r' ? "UNK\r\n" : "UNK\n");
    } else {
      put(out, at, len);
    }
    at += len;
  }
}

/* A copy of gold's lines with bytes that are not UTF-8 at the start of line `line`. */
static void gold_broken(const text *gold, size_t line, text *out) {
  memset(out, 0, sizeof *out);
  const char *at = gold->bytes, *end = gold->bytes + gold->len;
  for (size_t n = 1; at < end; n++) {
    const char *eol = memchr(at, '\n', (size_t)(end - at));
    size_t len = eol ? (size_t)(eol - at + 1) : (size_t)(end - at);
    if (n == line) puts_text(out, "\xff");
    put(out, at, len);
    at += len;
  }
}

static void test_pairing_as_read_or_after(void) {
  uint64_t rng = 0x2545f4914f6cdd1du;
  for (int trial = 0; trial < 12; trial++) {
    pair_files f;
    size_t tokens = 800 + (size_t)(next(&rng) % 1500);
    make_files(&rng, &f, tokens, 0);
    text files[3];
    files[0] = f.gold;
    if (trial % 6 == 1) gold_broken(&f.gold, 1 + (size_t)(next(&rng) % tokens), &files[0]);
    system_copy(&rng, &f.system, 7, 0, &files[1]);
    size_t differs = trial % 3 == 2 ? 1 + (size_t)(next(&rng) % tokens) : 0;
    system_copy(&rng, &f.system, trial % 2 ? 0 : 50, differs, &files[2]);
    if (trial % 4 == 3) files[2].len = files[2].len / 2; /* a system that ends early */
    ce_unclustered policy = (ce_unclustered)(trial % 3);
    int bootstrap = trial % 5 == 4 ? 3 : 0;
    size_t piece = 1 + (size_t)(next(&rng) % 3000);
    outcome after = read_three(files, WHOLE, 2, 0, policy, bootstrap);
    outcome as_read = read_three(files, WHOLE, 1, 0, policy, bootstrap);
    outcome gold_first = read_three(files, piece, 1, 0, policy, bootstrap);
    outcome systems_first = read_three(files, piece, 1, SYSTEMS_FIRST, policy, bootstrap);
    outcome rounds = read_three(files, piece, 2, IN_ROUNDS, policy, bootstrap);
    if (files[0].bytes != f.gold.bytes) {
      /* Gold fails and stops every input where it was: what the systems had read of their
       * own faults by then depends on the way, gold's error does not. */
      outcome *ways[4] = {&as_read, &gold_first, &systems_first, &rounds};
      size_t line = strcspn(after.errors, "\n");
      CHECK(!after.json && strstr(after.errors, "gold.tsv:") == after.errors);
      for (int w = 0; w < 4; w++)
        CHECK(!ways[w]->json && strncmp(after.errors, ways[w]->errors, line + 1) == 0);
    } else {
      CHECK(after.json != NULL);
      CHECK(same(after.json, as_read.json) && same(after.errors, as_read.errors));
      /* Under split an unclustered item's cluster is named as it pairs, after the labels
       * read with it: read in other pieces the ids differ, and ECS's sums their order (last
       * digit). */
      int same_ids = policy != CE_UNCLUSTERED_SPLIT;
      CHECK(same(after.errors, gold_first.errors) && same(after.errors, systems_first.errors) &&
            same(after.errors, rounds.errors));
      CHECK(!same_ids || (same(after.json, gold_first.json) &&
                          same(after.json, systems_first.json) && same(after.json, rounds.json)));
    }
    outcome_free(&after);
    outcome_free(&as_read);
    outcome_free(&gold_first);
    outcome_free(&systems_first);
    outcome_free(&rounds);
    for (size_t i = files[0].bytes == f.gold.bytes; i < 3; i++) free(files[i].bytes);
    free(f.gold.bytes);
    free(f.system.bytes);
  }
}

/* `count` tokens of one word and one label, a line each. */
static void feed_tokens(ce_eval *ev, size_t index, size_t count) {
  text lines = {0};
  for (size_t k = 0; k < count; k++) puts_text(&lines, "w\tA\n");
  CHECK(ce_eval_feed(ev, index, lines.bytes, lines.len, NULL) == CE_OK);
  free(lines.bytes);
}

/* ce_eval_waits: on threads a system waits until gold is a chunk ahead of it, read in turn
 * it does not; an input far ahead of an open one waits, the last open input never. */
static void test_waits(void) {
  for (unsigned threads = 1; threads <= 2; threads++) {
    ce_eval *ev = ce_eval_create();
    CHECK(ce_eval_set(ev, CE_OPT_THREADS, threads) == CE_OK);
    for (size_t i = 0; i < 2; i++) {
      CHECK(ce_eval_add_input(ev, i ? "system.tsv" : "gold.tsv", NULL, NULL) == CE_OK);
      CHECK(ce_eval_set_format(ev, i, CE_FORMAT_TAGGED) == CE_OK);
    }
    feed_tokens(ev, 0, 100);
    feed_tokens(ev, 1, 100);
    CHECK(!ce_eval_waits(ev, 0));
    CHECK(ce_eval_waits(ev, 1) == (threads > 1)); /* gold 0 tokens ahead, a chunk is 100 */
    feed_tokens(ev, 0, 99);
    CHECK(ce_eval_waits(ev, 1) == (threads > 1));
    feed_tokens(ev, 0, 1);
    CHECK(!ce_eval_waits(ev, 1)); /* 100 ahead */
    /* the slack: 65,536 read in turn; on threads 32,768 and twice the widest chunk */
    size_t slack = threads > 1 ? 32768 + 2 * 100 : 65536;
    while (ce_eval_backlog(ev, 0) + 100 <= slack) feed_tokens(ev, 0, 100);
    CHECK(!ce_eval_waits(ev, 0)); /* as many waiting as the slack allows */
    feed_tokens(ev, 0, 100);
    CHECK(ce_eval_waits(ev, 0) && !ce_eval_waits(ev, 1)); /* past it */
    ce_eval_close(ev, 1, NULL); /* ends early: fails, and gold reads on alone */
    CHECK(ce_eval_input_error(ev, 1) != NULL && !ce_eval_waits(ev, 0));
    CHECK(!ce_eval_waits(ev, 2) && !ce_eval_waits(NULL, 0));
    ce_eval_free(ev);
  }
}

/* Feeding without a run or its inputs is a usage error, not a crash. */
static void test_feed_without_inputs(void) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_feed_inputs(NULL, 0, NULL, NULL, NULL, NULL) == CE_ERR_USAGE);
  CHECK(ce_eval_feed_inputs(ev, 0, NULL, NULL, NULL, NULL) == CE_ERR_USAGE);
  CHECK(ce_eval_feed(ev, 0, "a\tb\n", 4, NULL) == CE_ERR_USAGE);
  ce_eval_free(ev);
}

/* The type level's tasks on two threads (the token level's among them, beside the M-1
 * searches, the overlap measures and extended BCubed) against one: the same JSON. 300 words
 * over 40 classes and 40 clusters at random pass the visits past which those tasks share the
 * threads (score.c), so that test_blocks_races runs them side by side under ThreadSanitizer.
 * Then a type-based clustering (every word in one cluster) of 60,000 words, past those visits
 * too: MicroC's search runs first there, ahead of the token level (measures_type.c); and
 * 60,000 one-token words, each its own class in 30,000 clusters: monosemous, so the overlap
 * task builds the item table and its contingency measures beside the searches (score.c). */
enum { RANDOM_CLUSTERS, WORD_CLUSTERS, ONE_TOKEN_WORDS };

static void type_level_on_threads(unsigned words, unsigned tokens, int shape) {
  uint64_t rng = 0x2545f4914f6cdd1du;
  pair_files f;
  memset(&f, 0, sizeof f);
  char line[64];
  for (size_t i = 0; i < tokens; i++) {
    int one_token = shape == ONE_TOKEN_WORDS;
    unsigned word = one_token ? (unsigned)i : (unsigned)(next(&rng) % words);
    snprintf(line, sizeof line, "w%u\tt%u\n", word, one_token ? word : (unsigned)(next(&rng) % 40));
    puts_text(&f.gold, line);
    unsigned cluster = shape == WORD_CLUSTERS ? word * 2654435761u % 40
                       : one_token            ? (unsigned)(next(&rng) % (words / 2))
                                              : (unsigned)(next(&rng) % 40);
    snprintf(line, sizeof line, "w%u\tc%u\n", word, cluster);
    puts_text(&f.system, line);
    if (next(&rng) % 20 == 0) {
      puts_text(&f.gold, "\n");
      puts_text(&f.system, "\n");
    }
  }
  outcome two = read_pair(&f, WHOLE, 2, 1), one = read_pair(&f, WHOLE, 1, 1);
  CHECK(two.json != NULL);
  CHECK(same(two.json, one.json));
  CHECK(two.json && strstr(two.json, "\"micro_c_m1\":0.") && strstr(two.json, "\"ebcubed_f\":0.") &&
        strstr(two.json, "\"ami\":"));
  outcome_free(&two);
  outcome_free(&one);
  free(f.gold.bytes);
  free(f.system.bytes);
}

static void test_type_level_on_threads(void) {
  type_level_on_threads(300, 12000, RANDOM_CLUSTERS);
  type_level_on_threads(60000, 120000, WORD_CLUSTERS);
  type_level_on_threads(60000, 60000, ONE_TOKEN_WORDS);
}

int main(void) {
  test_type_level_on_threads();
  test_feed_without_inputs();
  test_waits();
  test_block_and_line_readers_agree();
  test_data_files();
  test_pairing_as_read_or_after();
  printf("%d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
