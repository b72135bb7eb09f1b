/* Seeded xoshiro256** with splitmix64 seeding; see rng_internal.h. */
#include "common/rng_internal.h"
#include "common/util_internal.h"

/* splitmix64 (Steele, Lea & Flood 2014): Weyl step, then the mixing function. */
static uint64_t splitmix64_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static uint64_t splitmix64_next(uint64_t *state) {
  *state += UINT64_C(0x9e3779b97f4a7c15);
  return splitmix64_mix(*state);
}

static uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

void ce__rng_seed(ce_rng *rng, uint64_t seed, uint64_t stream) {
  /* mix(0) = 0, so stream 0 is the reference seeding. */
  uint64_t state = seed ^ splitmix64_mix(stream);
  for (int i = 0; i < 4; i++) rng->s[i] = splitmix64_next(&state);
  /* splitmix64 is a bijection of its counter, so four outputs are never all zero. */
}

uint64_t ce__rng_next(ce_rng *rng) {
  uint64_t *s = rng->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint64_t ce__rng_below(ce_rng *rng, uint64_t bound) {
  if (bound <= 1) return 0;
  /* 2^64 mod bound values at the bottom are rejected; the rest is a whole number of
   * copies of [0, bound). That many is below bound, so a draw of at least bound is kept
   * without it: the division that finds it is made only for the rare smaller draws (the
   * same draws kept; one division a draw instead of two, and shuffles draw per element). */
  uint64_t r = ce__rng_next(rng);
  if (r >= bound) return r % bound;
  uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    if (r >= threshold) return r % bound;
    r = ce__rng_next(rng);
  }
}

double ce__rng_unit(ce_rng *rng) {
  return (double)(ce__rng_next(rng) >> 11) * 0x1.0p-53;
}

/* Draws this far ahead of their swap, the values they reach fetched meanwhile (a shuffle of
 * the 600,000 clusters of one-token types reaches all over 2.4 MB). The same draws in the
 * same order, so the same permutation. */
enum { SHUFFLE_AHEAD = 16 };

void ce__rng_shuffle_u32(ce_rng *rng, uint32_t *values, size_t count) {
  size_t drawn[SHUFFLE_AHEAD];
  size_t next = count; /* the next i to draw for */
  for (; next > 1 && count - next < SHUFFLE_AHEAD; next--) {
    drawn[next % SHUFFLE_AHEAD] = (size_t)ce__rng_below(rng, next);
    ce__prefetch(&values[drawn[next % SHUFFLE_AHEAD]]);
  }
  for (size_t i = count; i > 1; i--) {
    size_t j = drawn[i % SHUFFLE_AHEAD];
    if (next > 1) {
      drawn[next % SHUFFLE_AHEAD] = (size_t)ce__rng_below(rng, next);
      ce__prefetch(&values[drawn[next % SHUFFLE_AHEAD]]);
      next--;
    }
    uint32_t swap = values[i - 1];
    values[i - 1] = values[j];
    values[j] = swap;
  }
}
