/*
 * Substitutable precision and recall (Frank, Goldwater & Keller 2009): corpora worked by hand
 * (the frames, S-clusters and sums are in the comments), edge cases with defined values, and a
 * direct slow implementation compared to the accumulator on random small corpora.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "common/rng_internal.h"
#include "measures/measures_sub_internal.h"

/* A token of a tagged corpus. Word and cluster < 0: a sentence break. */
typedef struct tok {
  int word;
  int cluster;
} tok;

#define BR \
  { -1, -1 }

typedef struct result {
  ce_status status;
  double p;
  double r;
  size_t frames;
  int has_test;
} result;

static ce_status feed(ce_sub *sub, int test, const tok *t) {
  if (t->word < 0) return test ? ce__sub_test_break(sub) : ce__sub_train_break(sub);
  return test ? ce__sub_test_token(sub, (uint32_t)t->word, (uint32_t)t->cluster)
              : ce__sub_train_token(sub, (uint32_t)t->word, (uint32_t)t->cluster);
}

/* Training events first, then test events; `test` may be NULL. */
static result run(const tok *train, size_t train_n, const tok *test, size_t test_n) {
  result out = {CE_OK, -1, -1, 99, -1};
  ce_sub *sub = NULL;
  out.status = ce__sub_create(&sub);
  for (size_t i = 0; i < train_n && !out.status; i++) out.status = feed(sub, 0, &train[i]);
  for (size_t i = 0; i < test_n && !out.status; i++) out.status = feed(sub, 1, &test[i]);
  if (!out.status) out.status = ce__sub_compute(sub, &out.p, &out.r, &out.frames);
  out.has_test = ce__sub_has_test(sub);
  ce__sub_free(sub);
  return out;
}

enum { THE, A, DOG, CAT, RUNS, SLEEPS, BIRD, FISH };

/* The training corpus of the worked examples (word:cluster):
 *   T1  the:0 dog:1 runs:2
 *   T2  the:0 cat:1 runs:2
 *   T3  a:1   dog:1 sleeps:2
 *   T4  the:0 cat:1 sleeps:1      (sleeps is two items: sleeps:2 and sleeps:1)
 * with no break after T4 (the accumulator ends the open sentence itself). */
static const tok worked_train[] = {
    {THE, 0}, {DOG, 1}, {RUNS, 2},   BR, {THE, 0}, {CAT, 1}, {RUNS, 2},   BR,
    {A, 1},   {DOG, 1}, {SLEEPS, 2}, BR, {THE, 0}, {CAT, 1}, {SLEEPS, 1},
};

/*
 * Training frames (left | right) and their middles:
 *   F1 (<s>   | dog:1)    the:0 (T1), a:1 (T3)        2 occurrences  s = {the:0, a:1}
 *   F2 (the:0 | runs:2)   dog:1 (T1), cat:1 (T2)      2              s = {dog:1, cat:1}
 *   F3 (dog:1 | </s>)     runs:2 (T1), sleeps:2 (T3)  2              s = {runs:2, sleeps:2}
 *   F4 (<s>   | cat:1)    the:0 (T2), the:0 (T4)      2              s = {the:0}
 *   F5 (cat:1 | </s>)     runs:2 (T2), sleeps:1 (T4)  2              s = {runs:2, sleeps:1}
 *   F6 (a:1   | sleeps:2) dog:1                       1
 *   F7 (the:0 | sleeps:1) cat:1                       1
 * Clusters of training items: c0 = {the:0}, c1 = {a:1, dog:1, cat:1, sleeps:1},
 * c2 = {runs:2, sleeps:2}: Σ_c |c|(|c|−1) = 0 + 12 + 2 = 14.
 *
 * Training as test: S = F1..F5 (frames_used 5).
 *          |s|(|s|−1)   Σ_c |s∩c|(|s∩c|−1)
 *   F1        2          0   (the:0 in c0, a:1 in c1)
 *   F2        2          2   (both in c1)
 *   F3        2          2   (both in c2)
 *   F4        0          0
 *   F5        2          0   (runs:2 in c2, sleeps:1 in c1)
 *   sums      8          4    sub_p = 4/14 = 2/7, sub_r = 4/8 = 1/2
 */
static void test_worked_training_as_test(void) {
  result r = run(worked_train, sizeof worked_train / sizeof *worked_train, NULL, 0);
  CHECK(r.status == CE_OK);
  CHECK(r.has_test == 0);
  CHECK(r.frames == 5);
  CHECK_NEAR(r.p, 2.0 / 7, 1e-15);
  CHECK_NEAR(r.r, 1.0 / 2, 1e-15);
}

/*
 * A separate test corpus (bird and fish are outside the training vocabulary; cat:2 is a
 * known word in a cluster it never had in training):
 *   U1  the:0 dog:1 sleeps:2
 *   U2  a:1   cat:1 runs:2
 *   U3  the:0 bird:1 runs:2
 *   U4  the:0 cat:2 runs:2
 *   U5  the:0 dog:1 runs:2
 *   U6  a:1   dog:1 sleeps:2
 *   U7  fish:0 cat:1
 * Test frames that occur in training (the others, e.g. (the:0 | sleeps:2), (a:1 | runs:2),
 * (<s> | bird:1), (cat:2 | </s>), never count):
 *   (<s> | dog:1)    the:0 U1, the:0 U5, a:1 U6    3 occ.  s = {the:0, a:1}      2   0
 *   (dog:1 | </s>)   sleeps:2 U1, runs:2 U5,       3       s = {sleeps:2, runs:2} 2   2
 *                    sleeps:2 U6
 *   (the:0 | runs:2) bird:1 U3 (out of the         3       s = {cat:2, dog:1}    2   0
 *                    vocabulary: an occurrence,             (cat:2 is in no c: it counts
 *                    not a member), cat:2 U4,               in |s| only)
 *                    dog:1 U5
 *   (<s> | cat:1)    a:1 U2, fish:0 U7 (out)       2       s = {a:1}             0   0
 *   (cat:1 | </s>)   runs:2 U2                     1       (once: not in S)
 *   (a:1 | sleeps:2) dog:1 U6                      1       (once: not in S)
 * frames_used 4; numerator 2, Σ_s |s|(|s|−1) = 6: sub_r = 2/6 = 1/3; sub_p = 2/14 = 1/7 (the
 * denominator of Eq. 2 is the training clusters', as before).
 */
static const tok worked_test[] = {
    {THE, 0},  {DOG, 1},    {SLEEPS, 2}, BR,        {A, 1},    {CAT, 1}, {RUNS, 2},
    BR,        {THE, 0},    {BIRD, 1},   {RUNS, 2}, BR,        {THE, 0}, {CAT, 2},
    {RUNS, 2}, BR,          {THE, 0},    {DOG, 1},  {RUNS, 2}, BR,       {A, 1},
    {DOG, 1},  {SLEEPS, 2}, BR,          {FISH, 0}, {CAT, 1},  BR,
};

static void test_worked_separate_test(void) {
  size_t train_n = sizeof worked_train / sizeof *worked_train;
  size_t test_n = sizeof worked_test / sizeof *worked_test;
  result r = run(worked_train, train_n, worked_test, test_n);
  CHECK(r.status == CE_OK);
  CHECK(r.has_test == 1);
  CHECK(r.frames == 4);
  CHECK_NEAR(r.p, 1.0 / 7, 1e-15);
  CHECK_NEAR(r.r, 1.0 / 3, 1e-15);

  /* The test corpus first, then the training corpus: the same numbers, exactly. T4 is no
   * longer the last sentence, so it needs its break here. */
  tok train_closed[sizeof worked_train / sizeof *worked_train + 1];
  memcpy(train_closed, worked_train, sizeof worked_train);
  train_closed[train_n] = (tok)BR;
  ce_sub *sub = NULL;
  CHECK(ce__sub_create(&sub) == CE_OK);
  for (size_t i = 0; i < test_n; i++) CHECK(feed(sub, 1, &worked_test[i]) == CE_OK);
  for (size_t i = 0; i <= train_n; i++) CHECK(feed(sub, 0, &train_closed[i]) == CE_OK);
  double p = -1, rr = -1;
  size_t frames = 0;
  CHECK(ce__sub_compute(sub, &p, &rr, &frames) == CE_OK);
  CHECK(p == r.p && rr == r.r && frames == r.frames);
  /* Computing again changes nothing. */
  CHECK(ce__sub_compute(sub, &p, &rr, &frames) == CE_OK);
  CHECK(p == r.p && rr == r.r && frames == r.frames);
  ce__sub_free(sub);
}

/*
 * Eq. 2 counts a pair once per S-cluster holding it, so sub_p may exceed 1:
 *   x:1 a:0 y:2 / x:1 b:0 y:2 / z:3 a:0 w:4 / z:3 b:0 w:4
 * (x | y) and (z | w) each hold {a:0, b:0}: numerator 2 + 2 = 4; c0 = {a:0, b:0} is the only
 * cluster with a pair: Σ_c |c|(|c|−1) = 2, sub_p = 2. The frames (<s> | a:0) {x:1, z:3},
 * (<s> | b:0), (a:0 | </s>) {y:2, w:4} and (b:0 | </s>) add 2 each to Σ_s |s|(|s|−1) and
 * nothing to the numerator: sub_r = 4 / 12 = 1/3, frames_used 6.
 */
static void test_precision_above_one(void) {
  enum { X = 10, Y, Z, W, A0, B0 };
  const tok train[] = {{X, 1}, {A0, 0}, {Y, 2}, BR, {X, 1}, {B0, 0}, {Y, 2}, BR,
                       {Z, 3}, {A0, 0}, {W, 4}, BR, {Z, 3}, {B0, 0}, {W, 4}, BR};
  result r = run(train, sizeof train / sizeof *train, NULL, 0);
  CHECK(r.status == CE_OK);
  CHECK(r.frames == 6);
  CHECK_NEAR(r.p, 2.0, 1e-15);
  CHECK_NEAR(r.r, 1.0 / 3, 1e-15);
}

static void test_empty(void) {
  /* No token at all: no pair on either side, 0/0 = 1 for both. */
  result r = run(NULL, 0, NULL, 0);
  CHECK(r.status == CE_OK && r.has_test == 0 && r.frames == 0);
  CHECK(r.p == 1.0 && r.r == 1.0);

  /* Breaks only (empty sentences), in both corpora: the same; test breaks alone do not make
   * a test corpus. */
  const tok breaks[] = {BR, BR, BR};
  r = run(breaks, 3, breaks, 3);
  CHECK(r.status == CE_OK && r.has_test == 0 && r.frames == 0);
  CHECK(r.p == 1.0 && r.r == 1.0);

  /* A training corpus and an empty test corpus: training serves as both (as in the worked
   * example), and the caller learns it from ce__sub_has_test. */
  r = run(worked_train, sizeof worked_train / sizeof *worked_train, breaks, 3);
  CHECK(r.status == CE_OK && r.has_test == 0 && r.frames == 5);
  CHECK_NEAR(r.p, 2.0 / 7, 1e-15);

  /* Training tokens with an empty-vocabulary test: no S-cluster, precision 0 over c1's pairs. */
  const tok test[] = {{BIRD, 1}, {FISH, 1}, BR, {BIRD, 1}, {FISH, 1}, BR};
  r = run(worked_train, sizeof worked_train / sizeof *worked_train, test, 6);
  CHECK(r.status == CE_OK && r.has_test == 1 && r.frames == 0);
  CHECK(r.p == 0.0 && r.r == 1.0);
}

/*
 * One-token sentences: every token sits in the frame (<s> | </s>).
 *   x:0 / y:0 / x:0        s = {x:0, y:0}, c0 = {x:0, y:0}: 2/2 and 2/2, frames_used 1
 *   x:0 / y:1 / x:0        s = {x:0, y:1} splits across c0 = {x:0}, c1 = {y:1}: the numerator
 *                          is 0, Σ_c |c|(|c|−1) = 0 (0/0: precision 1), recall 0/2 = 0
 *   x:0 (once)             (<s> | </s>) occurs once: no S-cluster, recall 0/0 = 1
 */
static void test_single_token_sentences(void) {
  const tok same[] = {{1, 0}, BR, {2, 0}, BR, {1, 0}, BR};
  result r = run(same, 6, NULL, 0);
  CHECK(r.status == CE_OK && r.frames == 1);
  CHECK(r.p == 1.0 && r.r == 1.0);

  const tok split[] = {{1, 0}, BR, {2, 1}, BR, {1, 0}, BR};
  r = run(split, 6, NULL, 0);
  CHECK(r.status == CE_OK && r.frames == 1);
  CHECK(r.p == 1.0 && r.r == 0.0);

  const tok once[] = {{1, 0}};
  r = run(once, 1, NULL, 0);
  CHECK(r.status == CE_OK && r.frames == 0);
  CHECK(r.p == 1.0 && r.r == 1.0);
}

/*
 * No frame occurs twice: "the:0 dog:0 runs:0" once. c0 holds three items (3·2 = 6 ordered
 * pairs) but S is empty: precision 0/6 = 0, recall 0/0 = 1, frames_used 0.
 */
static void test_no_frame_twice(void) {
  const tok train[] = {{THE, 0}, {DOG, 0}, {RUNS, 0}, BR};
  result r = run(train, 4, NULL, 0);
  CHECK(r.status == CE_OK && r.frames == 0);
  CHECK(r.p == 0.0 && r.r == 1.0);

  /* The same frames twice in a test corpus, but never in training: still none counts. */
  const tok test[] = {{THE, 0}, {CAT, 0}, {SLEEPS, 0}, BR, {THE, 0}, {CAT, 0}, {SLEEPS, 0}, BR};
  r = run(train, 4, test, 8);
  CHECK(r.status == CE_OK && r.has_test == 1 && r.frames == 0);
  CHECK(r.p == 0.0 && r.r == 1.0);
}

static void test_usage(void) {
  CHECK(ce__sub_create(NULL) == CE_ERR_USAGE);
  ce__sub_free(NULL);
  double p = 0;
  CHECK(ce__sub_train_token(NULL, 0, 0) == CE_ERR_USAGE);
  CHECK(ce__sub_test_token(NULL, 0, 0) == CE_ERR_USAGE);
  CHECK(ce__sub_train_break(NULL) == CE_ERR_USAGE);
  CHECK(ce__sub_test_break(NULL) == CE_ERR_USAGE);
  CHECK(ce__sub_compute(NULL, &p, &p, NULL) == CE_ERR_USAGE);
  CHECK(ce__sub_has_test(NULL) == 0);

  ce_sub *sub = NULL;
  CHECK(ce__sub_create(&sub) == CE_OK);
  /* The reserved word ids (the markers among them) are refused, any cluster id is taken. */
  CHECK(ce__sub_train_token(sub, CE_SUB_BOS_WORD, CE_SUB_MARKER_CLUSTER) == CE_ERR_USAGE);
  CHECK(ce__sub_train_token(sub, CE_SUB_EOS_WORD, 0) == CE_ERR_USAGE);
  CHECK(ce__sub_test_token(sub, UINT32_MAX, 0) == CE_ERR_USAGE);
  CHECK(ce__sub_has_test(sub) == 0);
  CHECK(ce__sub_train_token(sub, CE_SUB_WORD_LIMIT - 1, UINT32_MAX) == CE_OK);
  CHECK(ce__sub_train_token(sub, 0, UINT32_MAX) == CE_OK);
  CHECK(ce__sub_train_break(sub) == CE_OK);
  CHECK(ce__sub_train_token(sub, 1, UINT32_MAX) == CE_OK);
  CHECK(ce__sub_train_token(sub, 0, UINT32_MAX) == CE_OK);
  /* Outputs may be NULL. Frames (<s> | 0:max) hold {limit−1, 1}, both in the cluster max:
   * 2/2 and 2/2 (the other frames occur once). */
  CHECK(ce__sub_compute(sub, NULL, NULL, NULL) == CE_OK);
  double r = 0;
  size_t frames = 0;
  CHECK(ce__sub_compute(sub, &p, &r, &frames) == CE_OK);
  CHECK(frames == 1);
  /* c_max = {limit−1, 0, 1}: 6 ordered pairs, 2 of them in the S-cluster. */
  CHECK_NEAR(p, 2.0 / 6, 1e-15);
  CHECK(r == 1.0);
  ce__sub_free(sub);
}

/* ------------------------------------------------------------------------------------------ */
/* The direct implementation: every token kept, every frame compared with every other.        */

#define MAX_TOKENS 128
#define MARK_BOS 1000
#define MARK_EOS 1001
#define MARK_CLUSTER 1000

typedef struct occurrence {
  int lw, lk, mw, mk, rw, rk;
} occurrence;

/* Every frame occurrence of a corpus given as events (breaks end sentences, the end too). */
static size_t occurrences(const tok *events, size_t n, occurrence *out) {
  size_t count = 0, start = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && events[i].word >= 0) continue;
    for (size_t t = start; t < i; t++) {
      occurrence o;
      o.lw = t == start ? MARK_BOS : events[t - 1].word;
      o.lk = t == start ? MARK_CLUSTER : events[t - 1].cluster;
      o.mw = events[t].word;
      o.mk = events[t].cluster;
      o.rw = t + 1 == i ? MARK_EOS : events[t + 1].word;
      o.rk = t + 1 == i ? MARK_CLUSTER : events[t + 1].cluster;
      out[count++] = o;
    }
    start = i + 1;
  }
  return count;
}

static int same_frame(const occurrence *a, const occurrence *b) {
  return a->lw == b->lw && a->lk == b->lk && a->rw == b->rw && a->rk == b->rk;
}

static void brute_force(const tok *train, size_t train_n, const tok *test, size_t test_n, double *p,
                        double *r, size_t *frames) {
  static occurrence tr[MAX_TOKENS], te[MAX_TOKENS];
  size_t trn = occurrences(train, train_n, tr);
  size_t ten = occurrences(test, test_n, te);
  const occurrence *eval = te;
  if (ten == 0) { /* no test token: the training corpus serves as both */
    eval = tr;
    ten = trn;
  }
  /* Training items, distinct. */
  int item_w[MAX_TOKENS], item_k[MAX_TOKENS];
  size_t items = 0;
  for (size_t i = 0; i < trn; i++) {
    int seen = 0;
    for (size_t j = 0; j < items; j++) seen |= item_w[j] == tr[i].mw && item_k[j] == tr[i].mk;
    if (!seen) {
      item_w[items] = tr[i].mw;
      item_k[items++] = tr[i].mk;
    }
  }
  /* Σ_c |c|(|c|−1): ordered pairs of distinct training items of one cluster. */
  uint64_t cluster_pairs = 0;
  for (size_t i = 0; i < items; i++)
    for (size_t j = 0; j < items; j++) cluster_pairs += i != j && item_k[i] == item_k[j];

  uint64_t both = 0, s_pairs = 0;
  *frames = 0;
  for (size_t f = 0; f < ten; f++) {
    int first = 1, in_train = 0, count = 0;
    for (size_t g = 0; g < f; g++) first &= !same_frame(&eval[g], &eval[f]);
    if (!first) continue;
    for (size_t g = 0; g < ten; g++) count += same_frame(&eval[g], &eval[f]);
    for (size_t g = 0; g < trn; g++) in_train |= same_frame(&tr[g], &eval[f]);
    if (!in_train || count < 2) continue;
    ++*frames;
    /* The S-cluster: distinct middle items whose word some training token has. */
    int sw[MAX_TOKENS], sk[MAX_TOKENS], s_in_c[MAX_TOKENS];
    size_t s = 0;
    for (size_t g = 0; g < ten; g++) {
      if (!same_frame(&eval[g], &eval[f])) continue;
      int known = 0, seen = 0, in_c = 0;
      for (size_t j = 0; j < items; j++) {
        known |= item_w[j] == eval[g].mw;
        in_c |= item_w[j] == eval[g].mw && item_k[j] == eval[g].mk;
      }
      for (size_t j = 0; j < s; j++) seen |= sw[j] == eval[g].mw && sk[j] == eval[g].mk;
      if (!known || seen) continue;
      sw[s] = eval[g].mw;
      sk[s] = eval[g].mk;
      s_in_c[s++] = in_c;
    }
    for (size_t i = 0; i < s; i++)
      for (size_t j = 0; j < s; j++) {
        if (i == j) continue;
        s_pairs++;
        both += s_in_c[i] && s_in_c[j] && sk[i] == sk[j];
      }
  }
  *p = cluster_pairs ? (double)both / (double)cluster_pairs : 1.0;
  *r = s_pairs ? (double)both / (double)s_pairs : 1.0;
}

/* A random corpus of events: up to 10 sentences (some empty) of up to 6 tokens, words below
 * `words`, clusters below `clusters`, each word in one fixed cluster when `typed`. Sometimes
 * without a final break. */
static size_t random_corpus(ce_rng *rng, tok *out, int words, int clusters, int typed,
                            const int *type_cluster) {
  size_t n = 0;
  uint64_t sentences = ce__rng_below(rng, 11);
  for (uint64_t s = 0; s < sentences; s++) {
    uint64_t len = ce__rng_below(rng, 7);
    for (uint64_t t = 0; t < len; t++) {
      int w = (int)ce__rng_below(rng, (uint64_t)words);
      int k = typed ? type_cluster[w] : (int)ce__rng_below(rng, (uint64_t)clusters);
      out[n++] = (tok){w, k};
    }
    if (s + 1 < sentences || ce__rng_below(rng, 4)) out[n++] = (tok)BR;
  }
  return n;
}

static void test_brute_force(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 2009, 0);
  size_t with_test = 0, with_frames = 0, above_one = 0;
  for (int round = 0; round < 400; round++) {
    tok train[MAX_TOKENS], test[MAX_TOKENS];
    int words = 2 + (int)ce__rng_below(&rng, 5);
    int clusters = 1 + (int)ce__rng_below(&rng, 4);
    int typed = ce__rng_below(&rng, 3) == 0;
    int type_cluster[16];
    for (int w = 0; w < 16; w++) type_cluster[w] = (int)ce__rng_below(&rng, (uint64_t)clusters);
    size_t train_n = random_corpus(&rng, train, words, clusters, typed, type_cluster);
    size_t test_n = 0;
    uint64_t kind = ce__rng_below(&rng, 3); /* 0: none, 1: breaks only, 2: a test corpus */
    if (kind == 1) {
      size_t breaks = 1 + (size_t)ce__rng_below(&rng, 3);
      for (; test_n < breaks; test_n++) test[test_n] = (tok)BR;
    } else if (kind == 2) {
      /* Two more words than training may know: some test words are out of vocabulary. */
      test_n = random_corpus(&rng, test, words + 2, clusters, typed, type_cluster);
    }

    double bp, br;
    size_t bframes;
    brute_force(train, train_n, test, test_n, &bp, &br, &bframes);

    /* Feed the two corpora interleaved at random. */
    ce_sub *sub = NULL;
    CHECK(ce__sub_create(&sub) == CE_OK);
    size_t i = 0, j = 0;
    while (i < train_n || j < test_n) {
      int take_test = i == train_n || (j < test_n && ce__rng_below(&rng, 2));
      CHECK(take_test ? feed(sub, 1, &test[j++]) == CE_OK : feed(sub, 0, &train[i++]) == CE_OK);
    }
    double p = -1, r = -1;
    size_t frames = 0;
    CHECK(ce__sub_compute(sub, &p, &r, &frames) == CE_OK);
    int has_test = 0;
    for (size_t t = 0; t < test_n; t++) has_test |= test[t].word >= 0;
    CHECK(ce__sub_has_test(sub) == has_test);
    ce__sub_free(sub);

    CHECK_NEAR(p, bp, 1e-12);
    CHECK_NEAR(r, br, 1e-12);
    CHECK(frames == bframes);
    CHECK(!isnan(p) && !isnan(r) && p >= 0 && r >= 0 && r <= 1);

    /* All training first, then all test: exactly the same numbers. */
    result seq = run(train, train_n, test, test_n);
    CHECK(seq.status == CE_OK && seq.p == p && seq.r == r && seq.frames == frames);

    with_test += has_test;
    with_frames += bframes > 0;
    above_one += bp > 1;
  }
  /* The random cases reach what they are meant to reach. */
  CHECK(with_test > 50);
  CHECK(with_frames > 100);
  CHECK(above_one > 0);
}

int main(void) {
  test_worked_training_as_test();
  test_worked_separate_test();
  test_precision_above_one();
  test_empty();
  test_single_token_sentences();
  test_no_frame_twice();
  test_usage();
  test_brute_force();
  return check_report("sub");
}
