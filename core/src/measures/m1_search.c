/*
 * The M-1 search (SPEC §3.2): the paper's hill climbing first (its best is never lost),
 * then the exact search of m1_exact.c, which proves the optimum where the instance allows
 * and bounds it elsewhere, then, where the optimum is not proved, perturbation and
 * re-climbing (iterated local search). A single move cannot leave a mapping from which
 * several clusters would have to change class together: on small instances the climb's
 * misses are mostly MicroC mappings one merge of two classes' unions (or one split of a
 * union) away from the optimum. So a perturbation, drawn at random, merges a cluster's
 * class into another's (all their clusters), splits a class (each of its clusters leaves
 * for one other class with probability 1/2), or moves a cluster to a class one of its
 * items is gold-labelled with, that item's other clusters along with probability 1/2;
 * then it climbs again. The walk goes on from a result at least as good (across ties),
 * and a better one replaces the best. The perturbations together climb at most as many
 * sweeps as the starts did.
 */
#include <stdlib.h>
#include <string.h>

#include "measures/m1_exact_internal.h"
#include "measures/m1_search_internal.h"
#include "common/rng_internal.h"

#define CE_KICK_STREAM ((uint64_t)1 << 39) /* apart from the starts and the resamples */

/* The class of label rank `r` among item i's gold classes, in label order. */
static uint32_t gold_by_rank(const ce_entries *e, uint32_t i, uint64_t r) {
  for (uint32_t j = e->class_start[i]; j < e->class_start[i + 1]; j++) {
    uint64_t below = 0;
    for (uint32_t g = e->class_start[i]; g < e->class_start[i + 1]; g++)
      below += e->class_order[e->class_ids[g]] < e->class_order[e->class_ids[j]];
    if (below == r) return e->class_ids[j];
  }
  return e->class_ids[e->class_start[i]];
}

/* Perturbs `map` (cluster k and item i's other clusters, at random, to one class). Draws
 * in label order, so that the ids' numbering does not matter. */
static void kick(const ce_type_index *ix, ce_rng *rng, const uint32_t *clustered, size_t count,
                 uint32_t *map) {
  const ce_entries *e = ix->entries;
  uint32_t k = clustered[ce__rng_below(rng, count)];
  uint32_t size = ix->member_start[k + 1] - ix->member_start[k];
  uint64_t kind = ce__rng_below(rng, 3);
  if (kind) {
    /* merge: every cluster of k's class moves to another cluster's class; split: each
     * moves with probability 1/2 to a class drawn at random */
    uint32_t from = map[k], to = kind == 1 ? map[clustered[ce__rng_below(rng, count)]] : from;
    if (to == from) to = ix->class_by_rank[ce__rng_below(rng, e->classes)];
    for (size_t r = 0; r < count; r++)
      if (map[clustered[r]] == from && (kind == 1 || clustered[r] == k || ce__rng_below(rng, 2)))
        map[clustered[r]] = to;
    return;
  }
  uint32_t i = ix->members[ix->member_start[k] + ce__rng_below(rng, size)];
  uint32_t to;
  if (ce__rng_below(rng, 2)) {
    to = gold_by_rank(e, i, ce__rng_below(rng, e->class_start[i + 1] - e->class_start[i]));
  } else {
    to = map[clustered[ce__rng_below(rng, count)]];
  }
  if (to == map[k]) to = ix->class_by_rank[ce__rng_below(rng, e->classes)];
  map[k] = to;
  /* i's other clusters, in label order, each along with probability 1/2 */
  uint32_t begin = e->cluster_start[i], end = e->cluster_start[i + 1], last = UINT32_MAX;
  for (uint32_t step = begin; step < end; step++) {
    uint32_t next = UINT32_MAX, next_rank = UINT32_MAX;
    for (uint32_t j = begin; j < end; j++) {
      uint32_t rank = e->cluster_order[e->cluster_ids[j]];
      if ((last == UINT32_MAX || rank > last) && rank < next_rank) {
        next_rank = rank;
        next = e->cluster_ids[j];
      }
    }
    if (next == UINT32_MAX) break;
    last = next_rank;
    if (next != k && ce__rng_below(rng, 2)) map[next] = to;
  }
}

/* A climb's result better than score's by more than the climb's tolerance (SPEC §3.2)
 * replaces score's value and mapping. */
static void keep_better(ce_type_score *score, const ce_type_score *next, size_t m) {
  if (next->value > score->value + 1e-12) {
    score->value = next->value;
    memcpy(score->cluster_to_class, next->cluster_to_class, m * sizeof *next->cluster_to_class);
  }
}

/* One climb from `from`, into `next` (the caller frees its mapping). */
static ce_status climb_from(ce_climber *climber, const uint32_t *from, uint64_t seed,
                            ce_type_score *next) {
  ce_climb_options once = {1, seed, NULL, NULL, NULL, NULL, 0, 0};
  return ce__climber_run(climber, from, &once, next);
}

static ce_status perturb(const ce_type_index *ix, ce_climber *climber, int measure,
                         const ce_climb_options *climb, unsigned kicks, ce_type_score *score) {
  const ce_entries *e = ix->entries;
  size_t m = e->clusters, count = 0;
  uint32_t *clustered = malloc((m ? m : 1) * sizeof *clustered);
  uint32_t *trial = malloc((m ? m : 1) * sizeof *trial);
  uint32_t *walk = malloc((m ? m : 1) * sizeof *walk);
  ce_status status = CE_OK;
  if (!clustered || !trial || !walk) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (size_t r = 0; r < m; r++) {
    uint32_t k = ix->cluster_by_rank[r];
    if (ix->member_start[k + 1] > ix->member_start[k]) clustered[count++] = k;
  }
  if (!count) goto done;
  ce_rng rng;
  ce__rng_seed(&rng, climb->seed, CE_KICK_STREAM + (uint64_t)measure);
  memcpy(walk, score->cluster_to_class, m * sizeof *walk);
  double at = score->value;
  uint64_t sweeps = 0; /* the perturbations climb at most as long as the starts did */
  for (unsigned j = 0; j < kicks && sweeps < score->sweeps && !ce__climber_spent(climber); j++) {
    memcpy(trial, walk, m * sizeof *trial);
    kick(ix, &rng, clustered, count, trial);
    ce_type_score next;
    status = climb_from(climber, trial, climb->seed, &next);
    if (status) break;
    keep_better(score, &next, m);
    sweeps += next.sweeps;
    if (next.value >= at - 1e-12) { /* the walk moves on across ties */
      at = next.value;
      memcpy(walk, next.cluster_to_class, m * sizeof *walk);
    }
    free(next.cluster_to_class);
  }
done:
  free(clustered);
  free(trial);
  free(walk);
  return status;
}

/* The climb from the 1-1 mapping, its unmapped clusters sent to their class in `start`:
 * run after start 0 (ce_climb_options.after_first), merged once the starts have ended. */
typedef struct one_to_one_climb {
  ce_climber *climber;
  const ce_type_index *ix;
  const uint32_t *start, *one_to_one;
  uint64_t seed;
  int ran;
  ce_type_score result;
} one_to_one_climb;

static ce_status climb_one_to_one(void *context) {
  one_to_one_climb *job = context;
  size_t m = job->ix->entries->clusters;
  uint32_t *from = malloc((m ? m : 1) * sizeof *from);
  if (!from) return CE_ERR_NOMEM;
  for (size_t k = 0; k < m; k++)
    from[k] = job->one_to_one[k] != UINT32_MAX ? job->one_to_one[k] : job->start[k];
  ce_status status = climb_from(job->climber, from, job->seed, &job->result);
  free(from);
  job->ran = !status;
  return status;
}

ce_status ce__m1_search(const ce_type_index *ix, int measure, const uint32_t *start,
                        const uint32_t *one_to_one, const ce_climb_options *climb,
                        const ce_m1_search_options *search, ce_type_score *score) {
  ce_climber *climber;
  ce_status status = ce__climber_new(ix, measure, search->climb_shared, &climber);
  if (status) return status;
  ce__climber_set_budget(climber, climb->budget);
  /* SPEC §3.2's order of work: start 0, the climb from 1-1, the random starts, the exact
   * search, the perturbations, while the budget lasts. The 1-1 climb's result is weighed
   * after the starts', as a climb apart (it counts in no start's min or hits). */
  one_to_one_climb job;
  memset(&job, 0, sizeof job);
  job.climber = climber;
  job.ix = ix;
  job.start = start;
  job.one_to_one = one_to_one;
  job.seed = climb->seed;
  ce_climb_options starts = *climb;
  if (one_to_one && ix->entries->classes) {
    starts.after_first = climb_one_to_one;
    starts.context = &job;
  }
  status = ce__climber_run(climber, start, &starts, score);
  if (status) {
    free(job.result.cluster_to_class);
    ce__climber_free(climber);
    return status;
  }
  double climbed = score->value;
  if (job.ran) keep_better(score, &job.result, ix->entries->clusters);
  free(job.result.cluster_to_class);
  /* Past the budget the exact search gives its root bound alone. */
  ce_m1_proof proof = {0, 1.0, 0};
  uint64_t exact = ce__climber_spent(climber) ? 0 : search->exact_budget;
  status = ce__m1_exact_rooted(ix, measure, exact,
                               measure == CE_TYPE_MICRO_C ? search->micro_c_root : NULL,
                               score->cluster_to_class, &score->value, &proof);
  if (!status && !proof.optimal && ix->entries->classes)
    status = perturb(ix, climber, measure, climb, search->kicks, score);
  score->budget_reached = ce__climber_spent(climber);
  ce__climber_free(climber);
  if (status) {
    free(score->cluster_to_class);
    memset(score, 0, sizeof *score);
    return status;
  }
  score->optimal = proof.optimal && !score->budget_reached;
  score->bound = proof.bound > score->value ? proof.bound : score->value;
  if (score->value > climbed) score->hits = 0; /* no start reached it */
  return CE_OK;
}
