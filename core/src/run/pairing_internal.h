/* Token mode (SPEC §2): the lockstep pairing of gold's tokens with every token system's. */
#ifndef CE_PAIRING_INTERNAL_H
#define CE_PAIRING_INTERNAL_H

#include "run/run_internal.h"

/*
 * Pairs every position that gold and each token system have read: counts (class, cluster)
 * and (item, cluster), applies the unclustered policy, checks token texts, feeds the
 * substitutable scores and, with --bootstrap, the token log. A system that does not pair
 * fails alone with its file and line; gold's failure stops the pairing.
 */
void ce__pair_ready_tokens(ce_eval *ev);

#endif
