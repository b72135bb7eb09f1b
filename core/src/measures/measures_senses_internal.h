/*
 * The word-sense-induction measures of SPEC §3.7 for one lemma (measures_senses.c): the
 * SemEval-2013 Task 13 fuzzy B-cubed and fuzzy NMI over graded sense memberships, and the
 * SemEval-2010 Task 14 V-measure and paired F-score over one sense an instance. The run
 * (run/senses.c) groups instances by lemma and averages as each task does.
 */
#ifndef CE_MEASURES_SENSES_INTERNAL_H
#define CE_MEASURES_SENSES_INTERNAL_H

#include "common/util_internal.h"

/*
 * One side's answers over a lemma's instances 0..instances-1: instance i carries the senses
 * sense[start[i] .. start[i + 1]) (ids below `senses`, ascending, each once) with the
 * memberships weight[...] in [0, 1]. An instance the side has no line for carries none.
 */
typedef struct ce_sense_answers {
  size_t instances;
  const size_t *start; /* instances + 1 offsets */
  const uint32_t *sense;
  const double *weight;
  uint32_t senses;
} ce_sense_answers;

/*
 * Fuzzy B-cubed of one lemma (Jurgens & Klapaftis 2013, §4.1; the scorer as shipped), gold
 * and system over the same instances: the sums of the instances' precision and recall terms,
 * each to be divided by the lemma's gold instances. Cost: the distinct (gold, system)
 * answer pairs, squared, times the senses they carry; never more than the instance pairs.
 */
ce_status ce__fuzzy_bcubed(const ce_sense_answers *gold, const ce_sense_answers *system,
                           double *p_sum, double *r_sum);

/*
 * Fuzzy NMI of one lemma (Lancichinetti, Fortunato & Kertész 2009, Appendix B, with McDaid et
 * al.'s max normaliser, over memberships binned as the SemEval-2013 scorer bins them). *nmi is
 * NaN when max(H_G, H_T) is 0. Cost: senses of one side × the entries of the other.
 */
ce_status ce__fuzzy_nmi(const ce_sense_answers *gold, const ce_sense_answers *system, double *nmi);

/*
 * SemEval-2010's V-measure (Rosenberg & Hirschberg 2007, β = 1) and paired F-score of one
 * lemma (Manandhar et al. 2010, §4.1), from each instance's class and cluster (n of each).
 */
ce_status ce__senses_hard(const uint32_t *cls, const uint32_t *cluster, size_t n, double *v,
                          double *pair_f);

#endif
