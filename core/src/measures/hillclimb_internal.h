/*
 * M-1 hill climbing for the polysemous type-level measures (Reichart, Abend & Rappoport
 * 2010, §4.1 "M-1 Mapping", §4.2; SPEC §3.2).
 */
#ifndef CE_HILLCLIMB_INTERNAL_H
#define CE_HILLCLIMB_INTERNAL_H

#include "measures/type_index_internal.h"

/* How M-1 hill climbing runs (SPEC §3.2). */
typedef struct ce_climb_options {
  unsigned restarts;            /* starts in all, >= 1; start 0 is the "intelligent" one */
  uint64_t seed;                /* seeds the other starts */
  void (*on_start)(void *user); /* NULL, or called as each start ends: progress */
  void *user;
  /* NULL, or called once start 0 has ended: the M-1 search climbs from the 1-1 mapping
   * there, before the random starts (SPEC §3.2's order of work), or past the budget scores
   * that mapping, so that M-1 is never below 1-1. */
  ce_status (*after_first)(void *context);
  void *context;
  uint64_t budget; /* label reads a measure's search may take (ce__climber_set_budget); 0: none */
  /* The non-zero cells the type-level 1-1 weight table may hold (SPEC §3.2); past them the
   * 1-1 is left out (ce_type_score.left_out). 0: none. */
  uint64_t cell_budget;
} ce_climb_options;

/*
 * What the climbers of one type index share, as every measure's M-1 climbs over the same
 * items: their renumbering (`climb` in hillclimb.c), their classes' and clusters' lists, the
 * clusters' state and G_k. The first climber made with it builds them under its lock, the
 * others read them (10^6 one-token types: 65 ms a climber for the layout, 46 for G_k, and the
 * memory of two). The caller frees it once no climber made with it is left. NULL from
 * ce__climb_shared_new where no lock can be had: a climber made with NULL builds its own
 * (and frees it).
 */
typedef struct ce_climb_shared ce_climb_shared;
ce_climb_shared *ce__climb_shared_new(void);
void ce__climb_shared_free(ce_climb_shared *shared);

/*
 * Hill climbing for `measure` (a CE_TYPE_* id) from options->restarts starts: start 0 is
 * `start` (every cluster mapped) visited in label order, the others uniformly random
 * mappings visited in random orders, start s drawn from stream s of options->seed. Fills
 * every field of `score`; score->cluster_to_class is allocated (clusters elements, at
 * least one) and freed by the caller. The best start wins; among starts within 1e-12 of
 * each other, the earliest. Cost per sweep about Σ_i |B_i|·(|A_i| + |B_i|) + m·n. `shared`
 * (NULL: none) holds the layout the climbers of the other measures share.
 */
ce_status ce__climb(const ce_type_index *index, int measure, ce_climb_shared *shared,
                    const uint32_t *start, const ce_climb_options *options, ce_type_score *score);

/* Whether MacroI's and MicroC's climbs keep their (cluster, class) cells on this index (see
 * hillclimb.c): their visits then read a row of cells instead of the items. */
int ce__climb_keeps_cells(const ce_type_index *index);

/*
 * A climber: the state of ce__climb for one measure, kept across calls so that a search
 * (m1_search.c) climbs from many mappings without setting it up again, and remembering
 * the local optima its climbs reached: a climb that reaches one stops there, with the
 * sweeps and the value it would have had. ce__climber_run(climber, start, options, score)
 * does what ce__climb does, with the same results.
 */
typedef struct ce_climber ce_climber;
ce_status ce__climber_new(const ce_type_index *index, int measure, ce_climb_shared *shared,
                          ce_climber **climber);
ce_status ce__climber_run(ce_climber *climber, const uint32_t *start,
                          const ce_climb_options *options, ce_type_score *score);
void ce__climber_free(ce_climber *climber);

/*
 * The work budget of SPEC §3.2: the label reads the climber's visits may take in all its
 * runs together (a visit of cluster k reads Σ_{i ∈ k} |A_i| + |B_i|), 0 for none. Once they
 * are spent, the climb in hand stops after the cluster it is visiting (its mapping, a valid
 * M-1 mapping, is its result), no later start runs (score->starts says how many did) and
 * score->budget_reached is set; a run that begins with the budget spent climbs nothing and
 * scores its start. Deterministic: reads are counted, never timed.
 */
void ce__climber_set_budget(ce_climber *climber, uint64_t budget);
/* Whether the budget is spent; the label reads counted so far, in all runs. */
int ce__climber_spent(const ce_climber *climber);
uint64_t ce__climber_reads(const ce_climber *climber);

/*
 * Whether the climber's climbs are separable (MacroI or MicroI, every item in one cluster:
 * see hillclimb.c), each then one pass over the clusters instead of their visits, with the
 * same results, sweeps and label reads. ce__climber_visit_all makes them visit all the same,
 * for the tests that compare the two.
 */
int ce__climber_separable(const ce_climber *climber);
void ce__climber_visit_all(ce_climber *climber);

#endif
