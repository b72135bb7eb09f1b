/*
 * Substitutable precision and recall (Frank, Goldwater & Keller 2009, Eqs. 2 and 3; SPEC §3.3):
 * gold-free scores of an induced clustering against S-clusters, the sets of (word, cluster)
 * items seen between the same two neighbours. An accumulator takes two token streams, the
 * training corpus (the system's own tagged corpus) and optionally a test corpus (the induced
 * tagging of held-out text), in any interleaving, and computes the scores at the end.
 *
 * Memory grows with the distinct items, frames and (frame, middle item) pairs of the two
 * corpora, never with their token counts. The conventions the paper leaves open are stated in
 * measures_sub.c, where they are implemented.
 */
#ifndef CE_MEASURES_SUB_INTERNAL_H
#define CE_MEASURES_SUB_INTERNAL_H

#include "clustereval.h"

#include <stddef.h>
#include <stdint.h>

/* Word ids at and above this are reserved: the sentence markers <s> and </s> take two of them
 * (with CE_SUB_MARKER_CLUSTER as their cluster), so that no token can be mistaken for one. */
#define CE_SUB_WORD_LIMIT (UINT32_MAX - 2u)
#define CE_SUB_BOS_WORD (UINT32_MAX - 1u) /* <s> */
#define CE_SUB_EOS_WORD (UINT32_MAX - 2u) /* </s> */
#define CE_SUB_MARKER_CLUSTER UINT32_MAX

typedef struct ce_sub ce_sub; /* opaque */

/* A new, empty accumulator in `*sub`; free it with ce__sub_free. CE_ERR_USAGE if `sub` is NULL,
 * CE_ERR_NOMEM (and `*sub` NULL) when out of memory. */
ce_status ce__sub_create(ce_sub **sub);

/* Frees `sub` and everything it holds; accepts NULL. */
void ce__sub_free(ce_sub *sub);

/*
 * The training corpus, token by token: `word` (below CE_SUB_WORD_LIMIT, ids shared with the
 * test corpus) tagged `cluster` (any id of the system). A break ends the sentence; breaks
 * with no token since the last one are harmless. CE_ERR_USAGE for a NULL `sub` or a reserved
 * word id, CE_ERR_NOMEM when out of memory or past 2^32 − 2 distinct items, frames or pairs;
 * after CE_ERR_NOMEM the accumulator may only be freed. Amortised O(1) per call.
 */
ce_status ce__sub_train_token(ce_sub *sub, uint32_t word, uint32_t cluster);
ce_status ce__sub_train_break(ce_sub *sub);

/*
 * The test corpus (--sub-test FILE), with the same contract. Calls on the two corpora may
 * interleave in any order: each corpus keeps its own sentence window. When no test token is
 * ever given, the training corpus serves as the test corpus too (see ce__sub_has_test).
 */
ce_status ce__sub_test_token(ce_sub *sub, uint32_t word, uint32_t cluster);
ce_status ce__sub_test_break(ce_sub *sub);

/* 1 when at least one test token was given (the scores use a separate test corpus), 0 when
 * the training corpus serves as both; 0 for NULL. */
int ce__sub_has_test(const ce_sub *sub);

/*
 * sub_p (Eq. 2) in `*precision`, sub_r (Eq. 3) in `*recall`, and in `*frames_used` the number
 * of frames evaluated (|S|: frames of the test corpus that occur in the training corpus and
 * more than once in the test corpus). Each output may be NULL. Neither score is ever NaN: a
 * zero denominator gives 1 (its numerator is then 0 too). sub_r lies in [0, 1]; sub_p is at
 * least 0 but may exceed 1, as Eq. 2 counts a pair once per S-cluster holding it.
 *
 * Ends an open sentence of either corpus first, as a break would; otherwise it leaves the
 * counts as they are, so calling it twice gives the same results. CE_ERR_USAGE for a NULL
 * `sub`, CE_ERR_NOMEM when out of memory. Costs O(pairs + items) time and memory.
 */
ce_status ce__sub_compute(ce_sub *sub, double *precision, double *recall, size_t *frames_used);

#endif
