/*
 * The core's own seeded generator: xoshiro256** (Blackman & Vigna 2018) seeded through
 * splitmix64 (Steele, Lea & Flood 2014). Integer arithmetic only, so a seed gives the same
 * stream natively and in wasm, on every platform (SPEC §3.2 "same seed, same numbers").
 * A generator is a plain value: no global state; copy it to fork a stream.
 */
#ifndef CE_RNG_INTERNAL_H
#define CE_RNG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

typedef struct ce_rng {
  uint64_t s[4];
} ce_rng;

/*
 * Seeds stream `stream` of `seed`. Stream 0 is the reference seeding of xoshiro256**: its
 * four state words are the first four outputs of splitmix64 started at `seed`. Stream j
 * starts splitmix64 at seed XOR mix(j) instead, so that the streams of one seed (e.g. one
 * per hill-climbing start) are unrelated. Any seed is valid, 0 included.
 */
void ce__rng_seed(ce_rng *rng, uint64_t seed, uint64_t stream);

/* The next 64 uniformly distributed bits. */
uint64_t ce__rng_next(ce_rng *rng);

/*
 * A uniform integer in [0, bound), without bias (rejection of the short last interval).
 * `bound` 0 or 1 returns 0 without drawing.
 */
uint64_t ce__rng_below(ce_rng *rng, uint64_t bound);

/* A uniform double in [0, 1) with 53 random bits (exact, no rounding involved). */
double ce__rng_unit(ce_rng *rng);

/* Fisher–Yates: permutes `values[0..count)` uniformly at random. `values` may be NULL when
 * `count` is 0. */
void ce__rng_shuffle_u32(ce_rng *rng, uint32_t *values, size_t count);

#endif
