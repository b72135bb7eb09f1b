/*
 * Measures over pairs of tokens and per-token overlaps (SPEC §3.1): ARI (Hubert & Arabie
 * 1985), Rand, pairwise precision/recall (Frank et al. 2009, PP/PR), Fowlkes–Mallows,
 * BCubed (Bagga & Baldwin 1998; Amigó et al. 2009) and the ZeroSpeech grouping scores.
 * Pair counts are exact integers, 128 bits wide: N tokens make N(N-1)/2 pairs, past 64 bits
 * from N = 2^32 on, and counts or joint counts may hold up to 2^64 - 1 tokens. Only the
 * final ratios are floating point.
 */
#include <math.h>

#include "measures/measures_internal.h"

__extension__ typedef unsigned __int128 ce_pairs; /* GCC and clang, natively and in wasm */

static ce_pairs pairs_of(uint64_t n) {
  return (ce_pairs)n * (n - (n > 0)) / 2;
}

/* 0/0 is 1 (SPEC §3.1): no pair proposed and none missed is perfect. */
static double ratio_or_one(double num, double den) {
  return den == 0.0 ? 1.0 : num / den;
}

void ce__measures_pairs(const ce_table *table, ce_measures *out) {
  ce_pairs together_both = 0, together_gold = 0, together_system = 0;
  double bcubed_p = 0, bcubed_r = 0;
  uint64_t grouped = 0, gold_grouped = 0, system_grouped = 0;
  for (size_t i = 0; i < table->cell_count; i++) {
    uint64_t n = table->cell_n[i];
    double a = (double)table->class_sums[table->cell_class[i]];
    double b = (double)table->cluster_sums[table->cell_cluster[i]];
    together_both += pairs_of(n);
    bcubed_p += (double)n * (double)n / b;
    bcubed_r += (double)n * (double)n / a;
    if (n >= 2) grouped += n;
  }
  for (size_t c = 0; c < table->classes; c++) {
    together_gold += pairs_of(table->class_sums[c]);
    if (table->class_sums[c] >= 2) gold_grouped += table->class_sums[c];
  }
  for (size_t k = 0; k < table->clusters; k++) {
    together_system += pairs_of(table->cluster_sums[k]);
    if (table->cluster_sums[k] >= 2) system_grouped += table->cluster_sums[k];
  }
  double total_pairs = (double)pairs_of(table->total);
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
}
