/*
 * The seeded generator: fixed streams that any platform must reproduce, unbiased bounded
 * integers and the shuffle.
 *
 * The expected numbers come from this Python transcription of the reference C code of
 * splitmix64 and xoshiro256** (prng.di.unimi.it), run once:
 *
 *   M = 2**64 - 1
 *   def mix(z):
 *       z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
 *       z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
 *       return z ^ (z >> 31)
 *   def seed(s, stream=0):
 *       st, out = s ^ mix(stream), []
 *       for _ in range(4):
 *           st = (st + 0x9e3779b97f4a7c15) & M
 *           out.append(mix(st))
 *       return out
 *   def rotl(x, k): return ((x << k) | (x >> (64 - k))) & M
 *   def next(s):
 *       r = (rotl((s[1] * 5) & M, 7) * 9) & M
 *       t = (s[1] << 17) & M
 *       s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t
 *       s[3] = rotl(s[3], 45)
 *       return r
 *   def below(s, b):
 *       th = (2**64 - b) % b
 *       while True:
 *           r = next(s)
 *           if r >= th: return r % b
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/rng_internal.h"

static void test_seed_one_stream(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 1, 0);
  /* splitmix64 started at 1: its first output is the well-known 0x910a2dec89025cc1. */
  CHECK(rng.s[0] == UINT64_C(0x910a2dec89025cc1));
  CHECK(rng.s[1] == UINT64_C(0xbeeb8da1658eec67));
  CHECK(rng.s[2] == UINT64_C(0xf893a2eefb32555e));
  CHECK(rng.s[3] == UINT64_C(0x71c18690ee42c90b));
  static const uint64_t expected[6] = {UINT64_C(0xb3f2af6d0fc710c5), UINT64_C(0x853b559647364cea),
                                       UINT64_C(0x92f89756082a4514), UINT64_C(0x642e1c7bc266a3a7),
                                       UINT64_C(0xb27a48e29a233673), UINT64_C(0x24c123126ffda722)};
  for (int i = 0; i < 6; i++) CHECK(ce__rng_next(&rng) == expected[i]);
  /* Stream 3 of seed 1 is another stream. */
  ce__rng_seed(&rng, 1, 3);
  CHECK(ce__rng_next(&rng) == UINT64_C(0x285e002a875a6151));
  CHECK(ce__rng_next(&rng) == UINT64_C(0x9bf8ac495d608b15));
}

static void test_bounded_and_shuffle(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 1, 0);
  static const uint64_t digits[10] = {7, 2, 0, 3, 1, 2, 6, 9, 1, 8};
  for (int i = 0; i < 10; i++) CHECK(ce__rng_below(&rng, 10) == digits[i]);
  /* Fisher–Yates from the back: for i = 8 down to 2, swap v[i-1] and v[below(i)]. */
  ce__rng_seed(&rng, 1, 0);
  uint32_t v[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  static const uint32_t shuffled[8] = {7, 0, 1, 4, 3, 2, 6, 5};
  ce__rng_shuffle_u32(&rng, v, 8);
  for (int i = 0; i < 8; i++) CHECK(v[i] == shuffled[i]);
  /* Bounds 0 and 1 draw nothing. */
  ce_rng before = rng;
  CHECK(ce__rng_below(&rng, 0) == 0 && ce__rng_below(&rng, 1) == 0);
  CHECK(rng.s[0] == before.s[0] && rng.s[3] == before.s[3]);
  ce__rng_shuffle_u32(&rng, NULL, 0);
}

/* The shuffle, which draws ahead of its swaps, against Fisher–Yates as written above, draw
 * by draw: the same permutation and the generator left in the same state, at every count
 * around the distance it draws ahead and at large ones. */
static void test_shuffle_as_written(void) {
  static const size_t counts[] = {0, 1, 2, 3, 15, 16, 17, 18, 31, 32, 33, 1000, 100003};
  int same = 1;
  for (size_t t = 0; t < sizeof counts / sizeof *counts; t++) {
    size_t n = counts[t];
    uint32_t *a = malloc((n ? n : 1) * sizeof *a), *b = malloc((n ? n : 1) * sizeof *b);
    for (size_t i = 0; i < n; i++) a[i] = b[i] = (uint32_t)(i * 7919u);
    ce_rng x, y;
    ce__rng_seed(&x, 5, t);
    ce__rng_seed(&y, 5, t);
    ce__rng_shuffle_u32(&x, a, n);
    for (size_t i = n; i > 1; i--) {
      size_t j = (size_t)ce__rng_below(&y, i);
      uint32_t swap = b[i - 1];
      b[i - 1] = b[j];
      b[j] = swap;
    }
    same &= (n == 0 || memcmp(a, b, n * sizeof *a) == 0) && ce__rng_next(&x) == ce__rng_next(&y);
    free(a);
    free(b);
  }
  CHECK(same);
}

/* A bound just above 2^63 rejects almost half of the raw draws: still in range, and the
 * two halves [0, 2^62) and [2^62, 2^63) come out about equally often. */
static void test_rejection(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 42, 0);
  uint64_t bound = (UINT64_C(1) << 63) + 1;
  int low = 0;
  for (int i = 0; i < 20000; i++) {
    uint64_t x = ce__rng_below(&rng, bound);
    CHECK(x < bound);
    low += x < (UINT64_C(1) << 62);
  }
  CHECK(low > 9600 && low < 10400); /* about 5.6 standard deviations */
  /* Small bounds: each of 6 values about 1/6 of 60000 draws. */
  int counts[6] = {0};
  for (int i = 0; i < 60000; i++) counts[ce__rng_below(&rng, 6)]++;
  for (int j = 0; j < 6; j++) CHECK(counts[j] > 9500 && counts[j] < 10500);
  for (int i = 0; i < 1000; i++) {
    double u = ce__rng_unit(&rng);
    CHECK(u >= 0.0 && u < 1.0);
  }
}

/* Every permutation of 4 values comes out of the shuffle, about equally often. */
static void test_shuffle_uniform(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 7, 0);
  int counts[256] = {0};
  for (int t = 0; t < 24000; t++) {
    uint32_t v[4] = {0, 1, 2, 3};
    ce__rng_shuffle_u32(&rng, v, 4);
    unsigned seen = 0;
    for (int i = 0; i < 4; i++) seen |= 1u << v[i];
    CHECK(seen == 15);
    counts[v[0] << 6 | v[1] << 4 | v[2] << 2 | v[3]]++;
  }
  int permutations = 0;
  for (int i = 0; i < 256; i++) {
    if (!counts[i]) continue;
    permutations++;
    CHECK(counts[i] > 800 && counts[i] < 1200);
  }
  CHECK(permutations == 24);
}

int main(void) {
  test_seed_one_stream();
  test_bounded_and_shuffle();
  test_shuffle_as_written();
  test_rejection();
  test_shuffle_uniform();
  return check_report("rng");
}
