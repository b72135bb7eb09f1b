/* Extended BCubed over type-level entries (measures_ebcubed.c). */
#ifndef CE_MEASURES_EBCUBED_INTERNAL_H
#define CE_MEASURES_EBCUBED_INTERNAL_H

#include "measures/entries_internal.h"

/*
 * Extended BCubed (Amigó et al. 2009; SPEC §3.3) over items: precision, recall, F. An item
 * with an empty induced entry has no precision of its own and stays out of the precision
 * mean (its recall is 0); an empty mean is 0; F is 0 when both are. Items with equal
 * (gold, induced) entries are counted once with a weight. Cost: the pairs of distinct
 * signatures sharing a class and a cluster (once per shared cell), plus, per distinct
 * entry, a union of bit sets over the distinct entries (1/64 of a word per entry) for the
 * labels many of them hold; never all l² item pairs. Memory grows with the (signature,
 * class, cluster) triples. CE_ERR_USAGE for ids out of range, CE_ERR_NOMEM.
 */
ce_status ce__extended_bcubed(const ce_entries *entries, double *precision, double *recall,
                              double *f);

/*
 * ce__extended_bcubed, the same values, with the (class, cluster) cells indexed only while
 * the distinct signatures' (signature, class, cluster) triples are at most `max_cells`
 * (their memory, 8 bytes each); past it every signature meets the others through the
 * labels' lists alone, which costs about `*walk` = Σ_x n_x² / 2 over the labels x, n_x the
 * signatures holding x (0 when the cells are indexed). Past `max_walk` of that it computes
 * nothing: precision, recall and F stay 0, and *walk > max_walk tells the caller so.
 */
ce_status ce__extended_bcubed_within(const ce_entries *entries, double max_cells, double max_walk,
                                     double *precision, double *recall, double *f, double *walk);

/*
 * ce__extended_bcubed_within in tasks that may run side by side (common/parallel_internal.h),
 * each once, in any order, on any threads: ce__ebcubed_new checks the ids (CE_ERR_USAGE) and
 * ce__ebcubed_tasks says how many tasks to run, [0, first) and then [first, first + last).
 * The first task to run sets the work up (the signatures, their lists), the others waiting
 * for it; task 0 then counts P's denominators, task 1 R's, and the rest are the numerators,
 * in `parts` that share the signatures as they come free (as many as memory allows, 256 MB
 * for the parts beyond the first; the others do nothing). All of them are `last` (first is
 * 0): started after the caller's other work, they even out the threads' ends, and their
 * set-up no longer sits in memory beside the work started first (set up first: full Brown
 * against a 45-state HMM tagging 1.02 of the time, random labels of 1,000 a side 0.98 and
 * peak RSS 253 -> 272 MiB). But where every item is in one cluster at most, task 0, which
 * sets the work up, is `first` (first is 1): there MicroC's search holds one thread for most
 * of the type level (measures_type.c), and a set-up left to the end ran alone while that
 * thread had nothing left to take (10^6 one-token types: 0.97 of the time, peak RSS 690 ->
 * 760 MiB). ce__ebcubed_finish, after every
 * task, gives the values, the same whatever ran where, and *walk as above; CE_ERR_NOMEM. No
 * task at all without items (values 0).
 */
typedef struct ce_ebcubed ce_ebcubed;

ce_status ce__ebcubed_new(const ce_entries *entries, double max_cells, double max_walk,
                          unsigned parts, ce_ebcubed **out);
void ce__ebcubed_tasks(const ce_ebcubed *plan, size_t *first, size_t *last);
void ce__ebcubed_task(ce_ebcubed *plan, size_t task);
ce_status ce__ebcubed_finish(ce_ebcubed *plan, double *precision, double *recall, double *f,
                             double *walk);
void ce__ebcubed_free(ce_ebcubed *plan);

#endif
