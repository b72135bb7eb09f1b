/* The contingency measures of SPEC §3.1, each family in its own file. */
#ifndef CE_MEASURES_INTERNAL_H
#define CE_MEASURES_INTERNAL_H

#include "measures/contingency_internal.h"

typedef struct ce_measures {
  double value[CE_MEASURE_COUNT];
  uint64_t available[(CE_MEASURE_COUNT + 63) / 64]; /* bit m set: value[m] is defined */
} ce_measures;

/* 1 when value[m] of `measures` is defined. */
static inline int ce__measure_has(const ce_measures *measures, ce_measure m) {
  return (int)(measures->available[(unsigned)m / 64] >> ((unsigned)m % 64) & 1);
}

/*
 * A bootstrap resample draws a unit (a sentence) w times and counts each of its tokens w
 * times. Pairs must not be made of a token and its own copy: per cell, in the table's order,
 * Σ w² over the cell's tokens (the copies make Σ (w² − w)/2 pairs more than C(n, 2) counts).
 */
typedef struct ce_copies {
  const uint64_t *squares;
} ce_copies;

/*
 * Expected mutual information cluster by cluster, g(b) = Σ_c E[MI term](a_c, b, N),
 * remembered by cluster size b. Valid while the class sums and N stay as they are: a
 * randomization test swaps the clusters of the same gold tokens, so only cluster sizes
 * change, and sizes recur from shuffle to shuffle. Zero-initialised; ce__emi_cache_free.
 */
typedef struct ce_emi_cache {
  uint64_t total; /* N of the entries; a table of another N bypasses the cache */
  uint64_t *keys; /* b + 1; 0 = empty */
  double *values; /* g(b) */
  size_t slot_count, used;
} ce_emi_cache;
void ce__emi_cache_free(ce_emi_cache *cache);

/* The options the contingency measures read. */
typedef struct ce_measure_options {
  double beta;  /* V-measure's weight of completeness */
  int log2;     /* entropies in bits instead of nats */
  ce_mean mean; /* nmi and ami normaliser */
  /* When not NULL (clusters elements each): the m1 and o1 mappings, cluster → class,
   * UINT32_MAX for a cluster o1 leaves unmapped. */
  uint32_t *m1_map, *o1_map;
  const ce_copies *copies; /* a resample's copies; NULL: every token counted once */
  ce_emi_cache *emi_cache; /* NULL: expected MI from scratch, class by class */
  /* Threads for the expected MI from scratch (1: the caller's alone); more only where the
   * caller is not itself a task of ce__parallel_for. */
  unsigned threads;
} ce_measure_options;

static inline void ce__measure_put(ce_measures *out, ce_measure m, double value) {
  out->value[m] = value;
  out->available[(unsigned)m / 64] |= (uint64_t)1 << ((unsigned)m % 64);
}

/* Every §3.1 measure of a table holding at least one token. */
ce_status ce__measures_all(const ce_table *table, const ce_measure_options *options,
                           ce_measures *out);

/* m1, o1, inv_purity (measures_map.c). */
ce_status ce__measures_mapping(const ce_table *table, ce_measures *out, uint32_t *m1_map,
                               uint32_t *o1_map);

/* Entropies, V, VI, NVI, NMI, AMI, wordspace's entropies (measures_info.c). */
ce_status ce__measures_info(const ce_table *table, const ce_measure_options *options,
                            ce_measures *out);

/*
 * The part of the plug-in information measures' bias that resampling the sample cannot see
 * (SPEC §3.5; bootstrap.c adds it to the resamples' own estimate): a resample draws only the
 * cells the sample saw, while the population also has those it never saw. Row c's unseen
 * cells are given the mass Good–Turing's estimate f1/a_c leaves unseen in the row (f1 its
 * cells seen once, at most 0.99; Good 1953), shared in proportion to the clusters' sizes, and
 * each entropy's expected plug-in bias −Σ gap(λ)/N (Poisson sampling; Paninski 2003) is taken
 * under that model and under the table itself. `out` gets, for H(C), H(K), the conditional
 * entropies, MI, homogeneity, completeness, V, VI, NVI, NMI and wordspace's entropies, the
 * model's bias minus the table's, each through the measure's own formula; `model`, unless
 * NULL, the model's bias itself (the whole estimated bias, seen cells and unseen). Cost
 * O(cells + classes with a singleton × clusters); past 2·10^7 such terms CE_ERR_UNAVAILABLE
 * (the interval is then the resamples' alone). CE_ERR_NOMEM.
 */
ce_status ce__info_unseen_bias(const ce_table *table, const ce_measure_options *options,
                               ce_measures *out, ce_measures *model);

/* AMI's expected MI walks the hypergeometric support one count at a time, in doubles: past
 * 2^53 tokens a step of one no longer moves, so AMI is left out there (no corpus is that
 * large; counts and joint files may claim up to 2^64 - 1 tokens). */
#define CE_AMI_MAX_TOKENS 9007199254740992.0

/* Expected mutual information of the table's marginals under the hypergeometric model
 * (Vinh, Epps & Bailey 2010), in nats, into *emi (measures_info.c). Cost: the distinct
 * class sizes × the distinct cluster sizes, never classes × clusters, on up to `threads`
 * threads (ce__parallel_for; the same bits on any count). CE_ERR_NOMEM. */
ce_status ce__expected_mutual_information(const ce_table *table, unsigned threads, double *emi);

/* ARI, Rand, pairwise P/R/F, FMI, BCubed, ZeroSpeech grouping (measures_pairs.c); `copies`
 * NULL on the full data. */
ce_status ce__measures_pairs(const ce_table *table, const ce_copies *copies, ce_measures *out);

/* Harmonic mean of p and r; 0 when both are 0. */
static inline double ce__f_score(double p, double r) {
  return p + r > 0 ? 2 * p * r / (p + r) : 0;
}

#endif
