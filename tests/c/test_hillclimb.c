/*
 * M-1 hill climbing (SPEC §3.2): its incremental moves against full recomputation, the
 * tie and strict-gain rules, and independence from how ids were numbered.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "entries_random.h"
#include "measures/hillclimb_internal.h"
#include "common/rng_internal.h"
#include "measures/measures_type_internal.h"

#define EPS 1e-12

/* A random polysemous instance: n classes, m clusters, l items, some in no cluster. */
static void random_entries(ce_rng *rng, ce_entries *e, size_t l, size_t n, size_t m,
                           const uint32_t *class_perm, const uint32_t *cluster_perm) {
  uint32_t *gi = malloc(4 * l * sizeof *gi), *gl = malloc(4 * l * sizeof *gl);
  uint32_t *si = malloc(4 * l * sizeof *si), *sl = malloc(4 * l * sizeof *sl);
  uint32_t *home = malloc(n * sizeof *home);
  size_t gn = 0, sn = 0;
  for (size_t c = 0; c < n; c++) home[c] = (uint32_t)ce__rng_below(rng, m);
  for (size_t i = 0; i < l; i++) {
    uint64_t roll = ce__rng_below(rng, 100);
    size_t a = roll < 65 ? 1 : roll < 90 ? 2 : 3, first = gn;
    for (size_t j = 0; j < a; j++) {
      gi[gn] = (uint32_t)i;
      gl[gn++] = (uint32_t)ce__rng_below(rng, n);
    }
    roll = ce__rng_below(rng, 100);
    size_t b = roll < 10 ? 0 : roll < 60 ? 1 : roll < 85 ? 2 : 4;
    for (size_t j = 0; j < b; j++) {
      si[sn] = (uint32_t)i;
      sl[sn++] = ce__rng_below(rng, 100) < 55 ? home[gl[first + ce__rng_below(rng, gn - first)]]
                                              : (uint32_t)ce__rng_below(rng, m);
    }
  }
  /* Renumber: the ids change, the labels (their order) do not. */
  uint32_t *class_order = malloc(n * sizeof *class_order);
  uint32_t *cluster_order = malloc(m * sizeof *cluster_order);
  for (size_t c = 0; c < n; c++) class_order[class_perm ? class_perm[c] : c] = (uint32_t)c;
  for (size_t k = 0; k < m; k++) cluster_order[cluster_perm ? cluster_perm[k] : k] = (uint32_t)k;
  for (size_t p = 0; p < gn; p++)
    if (class_perm) gl[p] = class_perm[gl[p]];
  for (size_t p = 0; p < sn; p++)
    if (cluster_perm) sl[p] = cluster_perm[sl[p]];
  CHECK(ce__entries_from_pairs(e, l, n, m, gi, gl, gn, si, sl, sn, class_order, cluster_order) ==
        CE_OK);
  free(gi);
  free(gl);
  free(si);
  free(sl);
  free(home);
  free(class_order);
  free(cluster_order);
}

/* random_entries of 2 to 1 + n_span classes, 2 to 1 + m_span clusters and l_min to
 * l_min + l_span - 1 items, and their type index. */
static void random_index(ce_rng *rng, size_t n_span, size_t m_span, size_t l_min, size_t l_span,
                         ce_entries *e, ce_type_index *ix) {
  size_t n = 2 + ce__rng_below(rng, n_span), m = 2 + ce__rng_below(rng, m_span);
  size_t l = l_min + ce__rng_below(rng, l_span);
  random_entries(rng, e, l, n, m, NULL, NULL);
  CHECK(ce__type_index_build(ix, e) == CE_OK);
}

/* No single cluster can move to another class and gain more than the tolerance. */
static int is_local_optimum(const ce_type_index *ix, int measure, uint32_t *map, double value) {
  const ce_entries *e = ix->entries;
  int ok = 1;
  for (size_t k = 0; k < e->clusters; k++) {
    uint32_t keep = map[k];
    for (uint32_t c = 0; c < e->classes; c++) {
      double v[CE_TYPE_MEASURES];
      map[k] = c;
      CHECK(ce__type_values(ix, map, v) == CE_OK);
      if (v[measure] > value + EPS) ok = 0;
    }
    map[k] = keep;
  }
  return ok;
}

/* The incremental moves agree with full recomputation: every result is a local optimum
 * by the definitions, with the value the definitions give. */
static void test_local_optima(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 7, 0);
  for (int s = 0; s < 40; s++) {
    ce_entries e;
    ce_type_index ix;
    random_index(&rng, 9, 19, 20, 180, &e, &ix);
    size_t n = e.classes, m = e.clusters;
    /* From the library's starts, and directly from a random single start. */
    ce_climb_options options = {4, (uint64_t)s, NULL, NULL, NULL, NULL, 0, 0};
    ce_type_result r;
    CHECK(ce__type_measures(&e, &options, &r) == CE_OK);
    uint32_t *start = malloc(m * sizeof *start);
    for (size_t k = 0; k < m; k++) start[k] = (uint32_t)ce__rng_below(&rng, n);
    ce_climb_options one = {1, 0, NULL, NULL, NULL, NULL, 0, 0};
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      double v[CE_TYPE_MEASURES];
      CHECK(ce__type_values(&ix, r.m1[t].cluster_to_class, v) == CE_OK);
      CHECK(v[t] == r.m1[t].value);
      CHECK(is_local_optimum(&ix, t, r.m1[t].cluster_to_class, r.m1[t].value));
      ce_type_score score;
      CHECK(ce__climb(&ix, t, NULL, start, &one, &score) == CE_OK);
      CHECK(is_local_optimum(&ix, t, score.cluster_to_class, score.value));
      CHECK(score.hits == 1 && score.min == score.value && score.sweeps >= 1);
      CHECK(ce__type_values(&ix, start, v) == CE_OK);
      CHECK(score.value >= v[t]); /* climbing never goes down */
      free(score.cluster_to_class);
    }
    free(start);
    ce__type_result_free(&r);
    ce__type_index_free(&ix);
    ce__entries_free(&e);
  }
}

/*
 * The climb straight from the definitions: every class scored by a full recomputation.
 * From `map`, visiting clusters in label order; returns the sweeps.
 */
static uint64_t naive_climb(const ce_type_index *ix, int measure, uint32_t *map) {
  const ce_entries *e = ix->entries;
  double *value = malloc(e->classes * sizeof *value);
  uint64_t sweeps = 0;
  for (int moved = 1; moved; sweeps++) {
    moved = 0;
    for (size_t r = 0; r < e->clusters; r++) {
      uint32_t k = ix->cluster_by_rank[r], a = map[k], best = UINT32_MAX;
      if (ix->member_start[k] == ix->member_start[k + 1]) continue;
      double top = -1, v[CE_TYPE_MEASURES];
      for (uint32_t c = 0; c < e->classes; c++) {
        map[k] = c;
        CHECK(ce__type_values(ix, map, v) == CE_OK);
        value[c] = v[measure];
        if (value[c] > top) top = value[c];
      }
      /* The best class, ties within the tolerance to the first label; a strict gain. */
      for (size_t q = 0; q < e->classes; q++) {
        uint32_t c = ix->class_by_rank[q];
        if (best == UINT32_MAX && value[c] >= top - EPS) best = c;
      }
      map[k] = value[best] > value[a] + EPS ? best : a;
      moved |= map[k] != a;
    }
  }
  free(value);
  return sweeps;
}

/* ce__climb from `start` (one start) against naive_climb: the same moves, sweep by sweep. */
static void compare_climbs(const ce_entries *e, const uint32_t *start) {
  ce_type_index ix;
  CHECK(ce__type_index_build(&ix, e) == CE_OK);
  uint32_t *map = malloc(e->clusters * sizeof *map);
  ce_climb_options one = {1, 0, NULL, NULL, NULL, NULL, 0, 0};
  for (int t = 0; t < CE_TYPE_MEASURES; t++) {
    memcpy(map, start, e->clusters * sizeof *map);
    ce_type_score score;
    CHECK(ce__climb(&ix, t, NULL, start, &one, &score) == CE_OK);
    uint64_t sweeps = naive_climb(&ix, t, map);
    CHECK(score.sweeps == sweeps);
    CHECK(memcmp(score.cluster_to_class, map, e->clusters * sizeof *map) == 0);
    free(score.cluster_to_class);
  }
  free(map);
  ce__type_index_free(&ix);
}

/*
 * MicroC may put a cluster where none of its items belongs: singletons of a large class c
 * whose union is still nearly empty gain more in an almost perfect class b (10 items in
 * clusters of their own, mapped to b) than in c. Two such classes b1, b2 tie, and which
 * of them comes first depends on the labels.
 */
static void test_moves_to_untouched_classes(void) {
  enum { B = 10, C = 40, L = 2 * B + C + 1 };
  uint32_t gi[L], gl[L], items[L], start[L];
  for (uint32_t i = 0; i < L; i++) {
    gi[i] = items[i] = i;
    gl[i] = i < B ? 0 : i < 2 * B ? 1 : i < 2 * B + C ? 2 : 3; /* b1, b2, c, d */
    start[i] = i < 2 * B ? gl[i] : 3;                          /* c's singletons on d */
  }
  for (int order = 0; order < 2; order++) {
    uint32_t reversed[4] = {3, 2, 1, 0}, swapped[4] = {1, 0, 2, 3};
    ce_entries e;
    CHECK(ce__entries_from_pairs(&e, L, 4, L, gi, gl, L, items, items, L,
                                 order ? reversed : swapped, NULL) == CE_OK);
    compare_climbs(&e, start);
    ce__entries_free(&e);
  }
  /* The same with c's items in pairs, visited between b's singletons: the cluster size
   * changes at every visit, so the best untouched class comes from a scan. */
  uint32_t clusters[L], pair_start[L];
  for (uint32_t j = 0; j < C / 2; j++) {
    clusters[2 * B + 2 * j] = clusters[2 * B + 2 * j + 1] = 2 * j; /* a pair of c */
    clusters[j] = 2 * j + 1;                                       /* a singleton of b */
    pair_start[2 * j] = 3;
    pair_start[2 * j + 1] = gl[j];
  }
  clusters[L - 1] = C;
  pair_start[C] = 3;
  for (int order = 0; order < 2; order++) {
    uint32_t reversed[4] = {3, 2, 1, 0}, swapped[4] = {1, 0, 2, 3};
    ce_entries e;
    CHECK(ce__entries_from_pairs(&e, L, 4, C + 1, gi, gl, L, items, clusters, L,
                                 order ? reversed : swapped, NULL) == CE_OK);
    compare_climbs(&e, pair_start);
    ce__entries_free(&e);
  }
}

/* The incremental climb makes the very moves the definitions make. */
static void test_same_moves_as_definitions(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 5, 0);
  for (int s = 0; s < 90; s++) {
    size_t n = 2 + ce__rng_below(&rng, 8), m = 2 + ce__rng_below(&rng, 14);
    size_t l = 10 + ce__rng_below(&rng, 80);
    ce_entries e;
    if (s % 3 == 0) {
      /* Singletons, or clusters of two, over skewed classes (half the items in class 0):
       * MicroC then often prefers to put a cluster where none of its items belongs. */
      size_t width = 1 + (size_t)(s % 2);
      m = (l + width - 1) / width;
      uint32_t *gi = malloc(l * sizeof *gi), *gl = malloc(l * sizeof *gl);
      uint32_t *sl = malloc(l * sizeof *sl);
      for (uint32_t i = 0; i < l; i++) {
        gi[i] = i;
        gl[i] = ce__rng_below(&rng, 2) ? 0 : (uint32_t)ce__rng_below(&rng, n);
        sl[i] = i / (uint32_t)width;
      }
      CHECK(ce__entries_from_pairs(&e, l, n, m, gi, gl, l, gi, sl, l, NULL, NULL) == CE_OK);
      free(gi);
      free(gl);
      free(sl);
    } else {
      random_entries(&rng, &e, l, n, m, NULL, NULL);
    }
    uint32_t *start = malloc(m * sizeof *start);
    for (size_t k = 0; k < m; k++) start[k] = (uint32_t)ce__rng_below(&rng, n);
    compare_climbs(&e, start);
    free(start);
    ce__entries_free(&e);
  }
}

/*
 * Items with many labels on both sides, as random labels give frequent words: up to 90
 * gold classes and 40 clusters an item, past what the climb reads with plain scans (a
 * gold entry of more than 8 classes is searched by halving, see in_gold). The same moves
 * as the definitions.
 */
static void test_many_labels_per_item(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 11, 0);
  for (int s = 0; s < 24; s++) {
    size_t n = 40 + ce__rng_below(&rng, 60), m = 10 + ce__rng_below(&rng, 40);
    size_t l = 4 + ce__rng_below(&rng, 12);
    ce_entries e;
    uniform_entries(&rng, &e, l, n, m, n, 1, m);
    uint32_t *start = malloc(m * sizeof *start);
    for (size_t k = 0; k < m; k++) start[k] = (uint32_t)ce__rng_below(&rng, n);
    compare_climbs(&e, start);
    free(start);
    ce__entries_free(&e);
  }
}

/*
 * Items with equal gold and induced entries, each up to eight times over (the climb lets
 * one stand for all, weighted): the same moves as the definitions, which count every item.
 */
static void test_alike_items(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 13, 0);
  for (int s = 0; s < 60; s++) {
    size_t n = 2 + ce__rng_below(&rng, 10), m = 2 + ce__rng_below(&rng, 12);
    size_t kinds = 3 + ce__rng_below(&rng, 20);
    ce_entries base;
    random_entries(&rng, &base, kinds, n, m, NULL, NULL);
    size_t cap = 8 * kinds * (n + m), gn = 0, sn = 0, l = 0;
    uint32_t *gi = malloc(cap * sizeof *gi), *gl = malloc(cap * sizeof *gl);
    uint32_t *si = malloc(cap * sizeof *si), *sl = malloc(cap * sizeof *sl);
    for (uint32_t i = 0; i < kinds; i++) {
      for (uint64_t copies = 1 + ce__rng_below(&rng, 8); copies; copies--, l++) {
        for (uint32_t j = base.class_start[i]; j < base.class_start[i + 1]; j++) {
          gi[gn] = (uint32_t)l;
          gl[gn++] = base.class_ids[j];
        }
        for (uint32_t j = base.cluster_start[i]; j < base.cluster_start[i + 1]; j++) {
          si[sn] = (uint32_t)l;
          sl[sn++] = base.cluster_ids[j];
        }
      }
    }
    ce_entries e;
    CHECK(ce__entries_from_pairs(&e, l, n, m, gi, gl, gn, si, sl, sn, NULL, NULL) == CE_OK);
    uint32_t *start = malloc(m * sizeof *start);
    for (size_t k = 0; k < m; k++) start[k] = (uint32_t)ce__rng_below(&rng, n);
    compare_climbs(&e, start);
    free(start);
    free(gi);
    free(gl);
    free(si);
    free(sl);
    ce__entries_free(&e);
    ce__entries_free(&base);
  }
}

/* Every item in a cluster of its own (the singletons baseline): runs of equal cluster
 * sizes, where MicroC finds the best untouched class through its tree. */
static void test_singletons(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 11, 0);
  for (int s = 0; s < 10; s++) {
    size_t l = 60 + ce__rng_below(&rng, 100), n = 2 + ce__rng_below(&rng, 12);
    uint32_t *gi = malloc(2 * l * sizeof *gi), *gl = malloc(2 * l * sizeof *gl);
    uint32_t *items = malloc(l * sizeof *items);
    size_t gn = 0;
    for (uint32_t i = 0; i < l; i++) {
      items[i] = i;
      gi[gn] = i;
      gl[gn++] = (uint32_t)ce__rng_below(&rng, n);
      if (ce__rng_below(&rng, 4) == 0) {
        gi[gn] = i;
        gl[gn++] = (uint32_t)ce__rng_below(&rng, n);
      }
    }
    ce_entries e;
    CHECK(ce__entries_from_pairs(&e, l, n, l, gi, gl, gn, items, items, l, NULL, NULL) == CE_OK);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    ce_climb_options options = {3, (uint64_t)s, NULL, NULL, NULL, NULL, 0, 0};
    ce_type_result r;
    CHECK(ce__type_measures(&e, &options, &r) == CE_OK);
    for (int t = 0; t < CE_TYPE_MEASURES; t++)
      CHECK(is_local_optimum(&ix, t, r.m1[t].cluster_to_class, r.m1[t].value));
    ce__type_result_free(&r);
    ce__type_index_free(&ix);
    ce__entries_free(&e);
    free(gi);
    free(gl);
    free(items);
  }
}

/* Numbering classes and clusters differently, with the same labels, changes nothing:
 * starts are drawn in label order and ties go by label. */
static void test_ids_do_not_matter(void) {
  for (int s = 0; s < 20; s++) {
    ce_rng rng, again;
    ce__rng_seed(&rng, 100 + (uint64_t)s, 0);
    size_t n = 2 + ce__rng_below(&rng, 12), m = 2 + ce__rng_below(&rng, 30);
    size_t l = 50 + ce__rng_below(&rng, 300);
    uint32_t class_perm[16], cluster_perm[32];
    for (uint32_t c = 0; c < n; c++) class_perm[c] = c;
    for (uint32_t k = 0; k < m; k++) cluster_perm[k] = k;
    ce__rng_shuffle_u32(&rng, class_perm, n);
    ce__rng_shuffle_u32(&rng, cluster_perm, m);
    again = rng;
    ce_entries plain, renumbered;
    random_entries(&rng, &plain, l, n, m, NULL, NULL);
    random_entries(&again, &renumbered, l, n, m, class_perm, cluster_perm);
    ce_climb_options options = {10, 3, NULL, NULL, NULL, NULL, 0, 0};
    ce_type_result a, b;
    CHECK(ce__type_measures(&plain, &options, &a) == CE_OK);
    CHECK(ce__type_measures(&renumbered, &options, &b) == CE_OK);
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      CHECK(a.m1[t].value == b.m1[t].value && a.m1[t].min == b.m1[t].min);
      CHECK(a.m1[t].hits == b.m1[t].hits && a.m1[t].sweeps == b.m1[t].sweeps);
      for (size_t k = 0; k < m; k++)
        CHECK(b.m1[t].cluster_to_class[cluster_perm[k]] == class_perm[a.m1[t].cluster_to_class[k]]);
      CHECK_NEAR(a.o1[t].value, b.o1[t].value, EPS);
    }
    ce__type_result_free(&a);
    ce__type_result_free(&b);
    ce__entries_free(&plain);
    ce__entries_free(&renumbered);
  }
}

/* Ties go to the class whose label sorts first, at start 0 and in moves; a move needs a
 * strict gain. */
static void test_ties(void) {
  /* One item, A = {0, 1} (or {1, 2}), in the only cluster. */
  uint32_t gi[] = {0, 0}, gl[] = {0, 1}, gl12[] = {1, 2}, si[] = {0}, sl[] = {0};
  uint32_t reversed[3] = {2, 1, 0}; /* class 2 sorts first, then 1, then 0 */
  ce_entries e;
  ce_climb_options one = {1, 1, NULL, NULL, NULL, NULL, 0, 0};
  ce_type_result r;
  /* Start 0: W(0,k0) = W(1,k0) = 1: class 0 by ids in label order, class 1 when reversed. */
  CHECK(ce__entries_from_pairs(&e, 1, 2, 1, gi, gl, 2, si, sl, 1, NULL, NULL) == CE_OK);
  CHECK(ce__type_measures(&e, &one, &r) == CE_OK);
  for (int t = 0; t < CE_TYPE_MEASURES; t++) {
    CHECK(r.m1[t].cluster_to_class[0] == 0 && r.m1[t].sweeps == 1);
    CHECK_NEAR(r.m1[t].value, t == CE_TYPE_MICRO_C ? 2.0 * 1 / (1 + 1) : 2.0 / 3.0, EPS);
  }
  ce__type_result_free(&r);
  ce__entries_free(&e);
  uint32_t two_first[2] = {1, 0};
  CHECK(ce__entries_from_pairs(&e, 1, 2, 1, gi, gl, 2, si, sl, 1, two_first, NULL) == CE_OK);
  CHECK(ce__type_measures(&e, &one, &r) == CE_OK);
  for (int t = 0; t < CE_TYPE_MEASURES; t++) CHECK(r.m1[t].cluster_to_class[0] == 1);
  ce__type_result_free(&r);
  ce__entries_free(&e);
  /* Moves: from k0 → 0 (no match), classes 1 and 2 both give MacroI 2·1/(2 + 1): the move
   * goes to the label that sorts first, then a second sweep confirms. */
  for (int order = 0; order < 2; order++) {
    CHECK(ce__entries_from_pairs(&e, 1, 3, 1, gi, gl12, 2, si, sl, 1, order ? reversed : NULL,
                                 NULL) == CE_OK);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    uint32_t start[1] = {0};
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      ce_type_score score;
      CHECK(ce__climb(&ix, t, NULL, start, &one, &score) == CE_OK);
      CHECK(score.cluster_to_class[0] == (order ? 2u : 1u));
      CHECK(score.sweeps == 2);
      free(score.cluster_to_class);
    }
    /* No strict gain: from k0 → 2, class 1 is as good and sorts first, yet k0 stays. */
    start[0] = 2;
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      ce_type_score score;
      CHECK(ce__climb(&ix, t, NULL, start, &one, &score) == CE_OK);
      CHECK(score.cluster_to_class[0] == 2 && score.sweeps == 1);
      free(score.cluster_to_class);
    }
    ce__type_index_free(&ix);
    ce__entries_free(&e);
  }
}

/*
 * One climber serving many climbs (as the M-1 search uses it) gives what a fresh climb
 * gives from each start: the same mapping, value, minimum, hits and sweeps, although it
 * stops a climb as soon as the climb reaches an optimum it remembers, and starts a climb a
 * few clusters from where its last one ended by moving them (state_reach). The starts are
 * random mappings, the optima themselves (a sweep that moves nothing), optima with one
 * cluster moved (a climb that reaches a remembered optimum in its first sweep, or not),
 * and, after one start alone, its end with one to three clusters moved. Up to 40 classes,
 * so that MicroC's tree has untouched classes to search, and up to 50 clusters, so that a
 * few of them hold few of the labels a sweep reads.
 */
static void test_climber_remembers(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 11, 0);
  unsigned reached = 0; /* climbs that ended on a remembered optimum: the test's reach */
  for (int s = 0; s < 60; s++) {
    ce_entries e;
    ce_type_index ix;
    random_index(&rng, 40, 50, 10, 200, &e, &ix);
    size_t n = e.classes, m = e.clusters;
    uint32_t *start = malloc(m * sizeof *start);
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      ce_climber *climber;
      CHECK(ce__climber_new(&ix, t, NULL, &climber) == CE_OK);
      uint32_t *last = NULL;
      unsigned last_restarts = 0;
      for (int c = 0; c < 40; c++) {
        uint64_t kind = ce__rng_below(&rng, 4);
        for (size_t k = 0; k < m; k++)
          start[k] = kind && last ? last[k] : (uint32_t)ce__rng_below(&rng, n);
        if (kind == 2 && last) start[ce__rng_below(&rng, m)] = (uint32_t)ce__rng_below(&rng, n);
        if (kind == 3 && last && last_restarts == 1) /* the climber's state is at `last` */
          for (uint64_t j = 1 + ce__rng_below(&rng, 3); j > 0; j--)
            start[ce__rng_below(&rng, m)] = (uint32_t)ce__rng_below(&rng, n);
        ce_climb_options options = {
            1 + (unsigned)ce__rng_below(&rng, 3), (uint64_t)c, NULL, NULL, NULL, NULL, 0, 0};
        last_restarts = options.restarts;
        ce_type_score fresh, kept;
        CHECK(ce__climb(&ix, t, NULL, start, &options, &fresh) == CE_OK);
        CHECK(ce__climber_run(climber, start, &options, &kept) == CE_OK);
        CHECK(kept.value == fresh.value && kept.min == fresh.min);
        CHECK(kept.hits == fresh.hits && kept.sweeps == fresh.sweeps);
        CHECK(memcmp(kept.cluster_to_class, fresh.cluster_to_class, m * sizeof *start) == 0);
        reached += kind == 1 || (kind == 2 && fresh.sweeps <= 2);
        free(last);
        last = kept.cluster_to_class;
        free(fresh.cluster_to_class);
      }
      free(last);
      ce__climber_free(climber);
    }
    free(start);
    ce__type_index_free(&ix);
    ce__entries_free(&e);
  }
  CHECK(reached > 1000);
}

/*
 * A climber whose budget is spent takes each later start as its result (the 1-1 mapping's
 * climb once start 0 has spent the budget): the start, scored from the definitions
 * (ce__type_value), the same double, with or without the state the climber had before, and
 * with or without the cells the climbs keep.
 */
static void test_spent_scores_start(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 29, 0);
  unsigned with_cells = 0, runs = 0;
  for (int s = 0; s < 60; s++) {
    ce_entries e;
    ce_type_index ix;
    random_index(&rng, 30, 30, 10, 400, &e, &ix);
    size_t n = e.classes, m = e.clusters, l = e.items;
    with_cells += (unsigned)ce__climb_keeps_cells(&ix);
    uint32_t *start = malloc(m * sizeof *start);
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      ce_climber *climber;
      CHECK(ce__climber_new(&ix, t, NULL, &climber) == CE_OK);
      ce__climber_set_budget(climber, 1 + ce__rng_below(&rng, 2 * l));
      for (int c = 0; c < 6; c++) {
        for (size_t k = 0; k < m; k++) start[k] = (uint32_t)ce__rng_below(&rng, n);
        int spent_before = ce__climber_spent(climber);
        ce_climb_options options = {
            1 + (unsigned)ce__rng_below(&rng, 3), (uint64_t)c, NULL, NULL, NULL, NULL, 0, 0};
        ce_type_score score;
        CHECK(ce__climber_run(climber, start, &options, &score) == CE_OK);
        CHECK(score.budget_reached == 1); /* at most 2·l reads: spent within the first run */
        if (spent_before) {
          double value;
          CHECK(ce__type_value(&ix, start, t, &value) == CE_OK);
          CHECK(score.value == value && score.min == value);
          CHECK(score.starts == 1 && score.hits == 1);
          CHECK(memcmp(score.cluster_to_class, start, m * sizeof *start) == 0);
          runs++;
        }
        free(score.cluster_to_class);
      }
      ce__climber_free(climber);
    }
    free(start);
    ce__type_index_free(&ix);
    ce__entries_free(&e);
  }
  CHECK(runs == 60 * CE_TYPE_MEASURES * 5);
  CHECK(with_cells > 20 && with_cells < 60); /* climbers with cells and without */
}

/*
 * Measure t's climber with its shortcuts against the same climber visiting every cluster
 * (ce__climber_visit_all): the same results, sweeps, starts and budget, over 12 runs from
 * random mappings (classes drawn from class_perm), from the last result and from it a few
 * clusters moved, under a budget (one time in three) that may stop them anywhere. Returns
 * whether the budget ran out within a run, not before it.
 */
static int same_climbs(const ce_type_index *ix, int t, ce_rng *rng, const uint32_t *class_perm,
                       uint32_t *start) {
  size_t n = ix->entries->classes, m = ix->entries->clusters, l = ix->entries->items;
  int stopped = 0;
  ce_climber *fast_climber, *visits;
  CHECK(ce__climber_new(ix, t, NULL, &fast_climber) == CE_OK);
  CHECK(ce__climber_new(ix, t, NULL, &visits) == CE_OK);
  ce__climber_visit_all(visits);
  CHECK(!ce__climber_separable(visits));
  uint64_t budget = ce__rng_below(rng, 3) ? 0 : 1 + ce__rng_below(rng, 40 * l);
  ce__climber_set_budget(fast_climber, budget);
  ce__climber_set_budget(visits, budget);
  uint32_t *last = NULL;
  for (int c = 0; c < 12; c++) {
    uint64_t kind = last ? ce__rng_below(rng, 3) : 0;
    for (size_t k = 0; k < m; k++) start[k] = kind ? last[k] : class_perm[ce__rng_below(rng, n)];
    for (uint64_t j = kind == 2 ? 1 + ce__rng_below(rng, 3) : 0; j > 0; j--)
      start[ce__rng_below(rng, m)] = (uint32_t)ce__rng_below(rng, n);
    ce_climb_options options = {
        1 + (unsigned)ce__rng_below(rng, 4), (uint64_t)c, NULL, NULL, NULL, NULL, 0, 0};
    ce_type_score fast, slow;
    int spent_before = ce__climber_spent(fast_climber);
    CHECK(ce__climber_run(fast_climber, start, &options, &fast) == CE_OK);
    CHECK(ce__climber_run(visits, start, &options, &slow) == CE_OK);
    CHECK(fast.value == slow.value && fast.min == slow.min && fast.hits == slow.hits);
    CHECK(fast.sweeps == slow.sweeps && fast.starts == slow.starts);
    CHECK(fast.budget_reached == slow.budget_reached);
    CHECK(ce__climber_reads(fast_climber) == ce__climber_reads(visits));
    CHECK(memcmp(fast.cluster_to_class, slow.cluster_to_class, m * sizeof *start) == 0);
    stopped |= fast.budget_reached && !spent_before;
    free(last);
    last = fast.cluster_to_class;
    free(slow.cluster_to_class);
  }
  free(last);
  ce__climber_free(fast_climber);
  ce__climber_free(visits);
  return stopped;
}

/*
 * A type-based clustering (every item in one cluster, some in none), with runs of alike
 * items and classes in a shuffled label order: MacroI's and MicroI's climbs are separable
 * there (hillclimb.c) and run as one pass. Against the same climber visiting every cluster
 * (same_climbs).
 */
static void test_separable_climbs(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 17, 0);
  unsigned separable = 0, stopped = 0;
  for (int s = 0; s < 80; s++) {
    size_t n = 2 + ce__rng_below(&rng, 30), m = 2 + ce__rng_below(&rng, 30);
    size_t kinds = 5 + ce__rng_below(&rng, 120), cap = 24 * kinds, gn = 0, sn = 0, l = 0;
    uint32_t *gi = malloc(cap * sizeof *gi), *gl = malloc(cap * sizeof *gl);
    uint32_t *si = malloc(cap * sizeof *si), *sl = malloc(cap * sizeof *sl);
    uint32_t *class_perm = malloc(n * sizeof *class_perm), *start = malloc(m * sizeof *start);
    for (size_t c = 0; c < n; c++) class_perm[c] = (uint32_t)c;
    ce__rng_shuffle_u32(&rng, class_perm, n);
    size_t few = 1 + ce__rng_below(&rng, n); /* few classes: many ties */
    for (uint32_t i = 0; i < kinds; i++) {
      uint32_t classes[3], a = 0, k = (uint32_t)ce__rng_below(&rng, m);
      for (uint64_t j = 1 + ce__rng_below(&rng, 3); j > 0; j--) { /* every item has a class */
        uint32_t c = class_perm[ce__rng_below(&rng, few)];
        int seen = 0;
        for (uint32_t q = 0; q < a; q++) seen |= classes[q] == c;
        if (!seen) classes[a++] = c;
      }
      int clustered = ce__rng_below(&rng, 10) != 0;
      uint64_t copies = ce__rng_below(&rng, 3) ? 1 : 2 + ce__rng_below(&rng, 5);
      for (; copies; copies--, l++) { /* alike items: one stands in for the others */
        for (uint32_t q = 0; q < a; q++) {
          gi[gn] = (uint32_t)l;
          gl[gn++] = classes[q];
        }
        if (!clustered) continue;
        si[sn] = (uint32_t)l;
        sl[sn++] = k;
      }
    }
    ce_entries e;
    CHECK(ce__entries_from_pairs(&e, l, n, m, gi, gl, gn, si, sl, sn, class_perm, NULL) == CE_OK);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      ce_climber *one_pass;
      CHECK(ce__climber_new(&ix, t, NULL, &one_pass) == CE_OK);
      CHECK(ce__climber_separable(one_pass) == (t != CE_TYPE_MICRO_C));
      separable += (unsigned)ce__climber_separable(one_pass);
      ce__climber_free(one_pass);
      stopped += (unsigned)(same_climbs(&ix, t, &rng, class_perm, start) && t != CE_TYPE_MICRO_C);
    }
    ce__type_index_free(&ix);
    ce__entries_free(&e);
    free(gi);
    free(gl);
    free(si);
    free(sl);
    free(class_perm);
    free(start);
  }
  CHECK(separable == 160);
  CHECK(stopped > 20); /* budgets that ran out within a run, not before it */
}

/*
 * One-token types (every item a gold class of its own, in one cluster or none; clusters of
 * 1 to 6 items, some empty; a third of them with classes of no item) and classes in a
 * shuffled label order: MicroC's climbs from a mapping elsewhere run on the classes' T_c
 * alone (own_sweep_backwards; the visits where a budget could run out within the climb), and
 * count the quiet visits after a sweep that ends at own
 * classes (ce__own_classes_map) instead of making them; MacroI's and MicroI's are separable
 * (separable_best_own). Against the same climber visiting every cluster (same_climbs: values,
 * sweeps, label reads, the budget and mappings).
 */
static void test_own_classes_climbs(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 29, 0);
  unsigned stopped = 0;
  for (int s = 0; s < 120; s++) {
    size_t l = 5 + ce__rng_below(&rng, 300), m = 1 + l / (1 + ce__rng_below(&rng, 4));
    size_t n = l + (s % 3 ? 0 : ce__rng_below(&rng, 6)); /* some classes of no item */
    uint32_t *class_perm = shuffled_ids(&rng, n), *start = malloc(m * sizeof *start);
    ce_entries e;
    one_token_entries(&rng, &e, l, NULL, n, m, 12, class_perm);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    CHECK(ix.own_classes);
    for (int t = 0; t < CE_TYPE_MEASURES; t++) /* MacroI and MicroI: separable_best_own */
      stopped += (unsigned)(same_climbs(&ix, t, &rng, class_perm, start) && t == CE_TYPE_MICRO_C);
    ce__type_index_free(&ix);
    ce__entries_free(&e);
    free(class_perm);
    free(start);
  }
  CHECK(stopped > 10);
}

/* Clusters without items and classes no item holds are harmless. */
static void test_unused_labels(void) {
  uint32_t gi[] = {0, 1}, gl[] = {0, 0}, si[] = {0, 1}, sl[] = {2, 2};
  ce_entries e;
  CHECK(ce__entries_from_pairs(&e, 2, 3, 4, gi, gl, 2, si, sl, 2, NULL, NULL) == CE_OK);
  ce_type_result r;
  CHECK(ce__type_measures(&e, NULL, &r) == CE_OK);
  for (int t = 0; t < CE_TYPE_MEASURES; t++) {
    CHECK_NEAR(r.o1[t].value, 1.0, EPS);
    CHECK_NEAR(r.m1[t].value, 1.0, EPS);
    CHECK(r.m1[t].cluster_to_class[2] == 0);
    CHECK(r.o1[t].cluster_to_class[0] == UINT32_MAX && r.o1[t].cluster_to_class[2] == 0);
  }
  ce__type_result_free(&r);
  ce__entries_free(&e);
}

int main(void) {
  test_local_optima();
  test_singletons();
  test_same_moves_as_definitions();
  test_many_labels_per_item();
  test_alike_items();
  test_moves_to_untouched_classes();
  test_ids_do_not_matter();
  test_ties();
  test_climber_remembers();
  test_spent_scores_start();
  test_separable_climbs();
  test_own_classes_climbs();
  test_unused_labels();
  return check_report("hillclimb");
}
