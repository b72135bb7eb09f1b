/*
 * The M-1 mapping search of the polysemous type-level measures (SPEC §3.2): the paper's
 * hill climbing from its starts (Reichart, Abend & Rappoport 2010, §4.1), then an exact
 * search that proves the optimum or bounds it, then perturbations of the best mapping,
 * each climbed again.
 */
#ifndef CE_M1_SEARCH_INTERNAL_H
#define CE_M1_SEARCH_INTERNAL_H

#include "measures/hillclimb_internal.h"
#include "measures/m1_exact_internal.h"

/* What runs after the climb's starts. */
typedef struct ce_m1_search_options {
  uint64_t exact_budget;         /* steps of the exact search; 0: its root bound alone */
  unsigned kicks;                /* perturbations of the best mapping, each climbed again */
  ce_m1_root *micro_c_root;      /* MicroC's root bound, shared with a task (NULL: its own) */
  ce_climb_shared *climb_shared; /* the climbers' layout, shared with the other measures' */
} ce_m1_search_options;

/* The evaluation's exact search: at most about 10 ms (steps are item visits), plenty for
 * lexicons of a few dozen items and a type-based clustering of any size. */
#define CE_M1_EXACT_BUDGET 2000000u

/*
 * M-1 for `measure` (a CE_TYPE_* id): ce__climb from `start` with `climb`'s starts, then
 * one climb from `one_to_one` (NULL: none; the 1-1 mapping, UINT32_MAX for a cluster it
 * leaves unmapped, which goes to its class in `start`), so that M-1 is never below 1-1:
 * every cluster mapped, that mapping scores at least 1-1's value. Then
 * ce__m1_exact within `search->exact_budget` steps, then, unless the optimum is proved,
 * up to `search->kicks` perturbations of the best mapping, each climbed again (together no
 * more sweeps than the starts took); a better mapping replaces the best. Fills `score` as
 * ce__climb does, with `value` at least the climb's, `optimal` and `bound` from the exact
 * search; `min`, `hits` and `sweeps` stay the starts' own (hits is 0 when the value beats
 * every start). Deterministic for a seed: perturbations draw from streams of their own.
 */
ce_status ce__m1_search(const ce_type_index *index, int measure, const uint32_t *start,
                        const uint32_t *one_to_one, const ce_climb_options *climb,
                        const ce_m1_search_options *search, ce_type_score *score);

#endif
