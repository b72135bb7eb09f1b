/*
 * Measures over pairs of tokens and per-token overlaps (SPEC §3.1): ARI (Hubert & Arabie
 * 1985), Rand, pairwise precision/recall (Frank et al. 2009, PP/PR), Fowlkes–Mallows,
 * BCubed (Bagga & Baldwin 1998; Amigó et al. 2009), the ZeroSpeech grouping scores, and the
 * Omega index (Collins & Dent 1988) of a partition.
 * Pair counts are exact integers, 128 bits wide: N tokens make N(N-1)/2 pairs, past 64 bits
 * from N = 2^32 on, and counts or joint counts may hold up to 2^64 - 1 tokens. Only the
 * final ratios are floating point.
 */
#include <math.h>
#include <stdlib.h>

#include "measures/measures_internal.h"

__extension__ typedef unsigned __int128 ce_pairs; /* GCC and clang, natively and in wasm */

static ce_pairs pairs_of(uint64_t n) {
  return (ce_pairs)n * (n - (n > 0)) / 2;
}

/* 0/0 is 1 (SPEC §3.1): no pair proposed and none missed is perfect. */
static double ratio_or_one(double num, double den) {
  return den == 0.0 ? 1.0 : num / den;
}

/* Pair and group counts over the table. */
typedef struct pair_counts {
  ce_pairs both, gold, system, all; /* pairs together in the cell, class, cluster, all */
  uint64_t grouped, gold_grouped, system_grouped; /* ZeroSpeech: tokens not alone there */
} pair_counts;

static void count_pairs(const ce_table *table, pair_counts *pc) {
  for (size_t i = 0; i < table->cell_count; i++) {
    uint64_t n = table->cell_n[i];
    pc->both += pairs_of(n);
    if (n >= 2) pc->grouped += n;
  }
  for (size_t c = 0; c < table->classes; c++) {
    pc->gold += pairs_of(table->class_sums[c]);
    if (table->class_sums[c] >= 2) pc->gold_grouped += table->class_sums[c];
  }
  for (size_t k = 0; k < table->clusters; k++) {
    pc->system += pairs_of(table->cluster_sums[k]);
    if (table->cluster_sums[k] >= 2) pc->system_grouped += table->cluster_sums[k];
  }
  pc->all = pairs_of(table->total);
}

/*
 * The pairs on a resample, without those of a token and its own copy: n tokens of which the
 * distinct ones were drawn w times each make (n² − Σ w²)/2 pairs of distinct tokens. (The
 * grouping scores have no resample values: see stats/bootstrap.c.)
 */
static ce_status count_pairs_of_distinct(const ce_table *table, const ce_copies *copies,
                                         pair_counts *pc) {
  uint64_t *cluster_squares = calloc(table->clusters ? table->clusters : 1, sizeof(uint64_t));
  if (!cluster_squares) return CE_ERR_NOMEM;
  uint64_t all_squares = 0;
  /* Cells are sorted by class: each class is one run. */
  for (size_t i = 0; i < table->cell_count;) {
    uint32_t cls = table->cell_class[i];
    uint64_t class_squares = 0;
    for (; i < table->cell_count && table->cell_class[i] == cls; i++) {
      uint64_t n = table->cell_n[i], squares = copies->squares[i];
      pc->both += ((ce_pairs)n * n - squares) / 2;
      class_squares += squares;
      cluster_squares[table->cell_cluster[i]] += squares;
    }
    uint64_t a = table->class_sums[cls];
    pc->gold += ((ce_pairs)a * a - class_squares) / 2;
    all_squares += class_squares;
  }
  for (size_t k = 0; k < table->clusters; k++) {
    uint64_t b = table->cluster_sums[k];
    pc->system += ((ce_pairs)b * b - cluster_squares[k]) / 2;
  }
  pc->all = ((ce_pairs)table->total * table->total - all_squares) / 2;
  free(cluster_squares);
  return CE_OK;
}

ce_status ce__measures_pairs(const ce_table *table, const ce_copies *copies, ce_measures *out) {
  pair_counts pc = {0, 0, 0, 0, 0, 0, 0};
  double bcubed_p = 0, bcubed_r = 0;
  for (size_t i = 0; i < table->cell_count; i++) {
    double n = (double)table->cell_n[i];
    double a = (double)table->class_sums[table->cell_class[i]];
    double b = (double)table->cluster_sums[table->cell_cluster[i]];
    bcubed_p += n * n / b;
    bcubed_r += n * n / a;
  }
  count_pairs(table, &pc);
  if (copies) {
    pc.both = pc.gold = pc.system = pc.all = 0;
    ce_status status = count_pairs_of_distinct(table, copies, &pc);
    if (status) return status;
  }
  ce_pairs together_both = pc.both, together_gold = pc.gold, together_system = pc.system;
  uint64_t grouped = pc.grouped, gold_grouped = pc.gold_grouped, system_grouped = pc.system_grouped;
  double total_pairs = (double)pc.all;
  double tp = (double)together_both;
  double fp = (double)(together_system - together_both); /* together in K only */
  double fn = (double)(together_gold - together_both);   /* together in C only */
  double tn = total_pairs - tp - fp - fn;

  /* ARI in the pair-confusion form; 1 with no disagreeing pair (scikit-learn). */
  double ari = fn == 0 && fp == 0
                   ? 1.0
                   : 2.0 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn));
  ce__measure_put(out, CE_ARI, ari);
  ce__measure_put(out, CE_RAND, total_pairs == 0 ? 1.0 : (tp + tn) / total_pairs);

  /* The Omega index (Collins & Dent 1988; SPEC §3.3) of a partition: t1, t2 are 0 or 1, so
   * with t, p, q the shares of pairs together in both, in C and in K, Obs − Exp = 2(t − pq)
   * and 1 − Exp = p + q − 2pq, written so that nothing cancels; 1 with no pair or Exp = 1.
   * Algebraically ARI (Hubert & Arabie 1985), which a test holds it to. */
  double t = tp / total_pairs, p = (double)together_gold / total_pairs,
         q = (double)together_system / total_pairs;
  double omega_den = (p + q) / 2 - p * q;
  ce__measure_put(out, CE_OMEGA,
                  total_pairs == 0 || omega_den == 0 ? 1.0 : (t - p * q) / omega_den);

  double pair_p = ratio_or_one(tp, (double)together_system);
  double pair_r = ratio_or_one(tp, (double)together_gold);
  ce__measure_put(out, CE_PAIR_P, pair_p);
  ce__measure_put(out, CE_PAIR_R, pair_r);
  ce__measure_put(out, CE_PAIR_F, ce__f_score(pair_p, pair_r));
  ce__measure_put(out, CE_FMI, sqrt(pair_p * pair_r));

  double total = (double)table->total;
  ce__measure_put(out, CE_BCUBED_P, bcubed_p / total);
  ce__measure_put(out, CE_BCUBED_R, bcubed_r / total);
  ce__measure_put(out, CE_BCUBED_F, ce__f_score(bcubed_p / total, bcubed_r / total));

  /* ZeroSpeech grouping: tokens that share their cell with another, over those that
   * share their cluster (precision) or their class (recall) with another. */
  double grouping_p = ratio_or_one((double)grouped, (double)system_grouped);
  double grouping_r = ratio_or_one((double)grouped, (double)gold_grouped);
  ce__measure_put(out, CE_GROUPING_P, grouping_p);
  ce__measure_put(out, CE_GROUPING_R, grouping_r);
  ce__measure_put(out, CE_GROUPING_F, ce__f_score(grouping_p, grouping_r));
  return CE_OK;
}
