/*
 * The M-1 search (SPEC §3.2, §4 "optimal" and "bound"): on thousands of random small
 * polysemous lexicons, in eight families of shapes, every mapping is enumerated and the
 * search's value, its claim of optimality and its bound are held against the exhaustive
 * optimum; the paper's climb alone (the same starts, the same seed, called directly) is
 * what the search may never fall below.
 *
 * The families (l items, n classes, m clusters, n^m <= 4096 so that enumeration is quick):
 *   leaning    clusters lean on the gold classes (a home cluster per class), |A_i| 1-3,
 *              |B_i| 0-3: the shape of test_type.c's instances;
 *   wide       |A_i| and |B_i| uniform in 1-4: many labels per item;
 *   split      2-3 classes and 6-12 clusters, each class spread over 2-4 home clusters:
 *              more clusters than classes, so M-1 must merge;
 *   skewed     a few distinct entries, each repeated 1-8 times (a heavy item weight);
 *   empty      45% of the items in no cluster;
 *   unrelated  clusters drawn without regard to gold;
 *   typed      |B_i| = 1: one cluster per item, as Brown clusters give (components of
 *              one cluster);
 *   few        5-8 classes, 1-4 clusters: more classes than clusters.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "entries_random.h"
#include "mask_instance.h"
#include "common/parallel_internal.h"
#include "common/rng_internal.h"
#include "measures/contingency_internal.h"
#include "measures/m1_exact_internal.h"
#include "measures/m1_search_internal.h"
#include "measures/measures_type_internal.h"

#define EPS 1e-12
#define PER_FAMILY 500

enum { LIMIT = 4096 }; /* n^m at most */

/* The most clusters with n^m <= LIMIT (at most `cap`). */
static int clusters_for(int n, int cap) {
  int m = 1;
  long power = n;
  while (m < cap && power * n <= LIMIT) {
    power *= n;
    m++;
  }
  return n == 1 ? cap : m;
}

static int below(ce_rng *rng, int bound) {
  return (int)ce__rng_below(rng, (uint64_t)bound);
}

/* A gold entry of `size` distinct classes (at most n). */
static unsigned gold_entry(ce_rng *rng, int n, int size) {
  unsigned mask = 0;
  while (bits(mask) < (size < n ? size : n)) mask |= 1u << below(rng, n);
  return mask;
}

/* An induced entry of `size` draws: a home cluster of one of the item's classes with
 * probability `lean` percent, else any cluster. */
static unsigned system_entry(ce_rng *rng, const instance *x, unsigned gold, int size, int lean,
                             const int home[MAX_N][4], int homes) {
  unsigned mask = 0;
  for (int j = 0; j < size; j++) {
    int k = below(rng, x->m);
    if (below(rng, 100) < lean) {
      int c;
      do c = below(rng, x->n);
      while (!(gold >> c & 1));
      k = home[c][below(rng, homes)];
    }
    mask |= 1u << k;
  }
  return mask;
}

static const char *family_names[] = {"leaning", "wide",      "split", "skewed",
                                     "empty",   "unrelated", "typed", "few"};
enum { FAMILIES = 8 };

static void make_instance(ce_rng *rng, int family, instance *x) {
  int home[MAX_N][4], homes = 1, lean = 60;
  switch (family) {
    case 1: /* wide */
      x->n = 3 + below(rng, 3);
      x->m = 2 + below(rng, clusters_for(x->n, 8) - 1);
      x->l = 4 + below(rng, 11);
      lean = 50;
      break;
    case 2: /* split */
      x->n = 2 + below(rng, 2);
      x->m = x->n == 2 ? 8 + below(rng, 5) : 6 + below(rng, 2);
      x->l = 6 + below(rng, 15);
      homes = 2 + below(rng, 3);
      lean = 75;
      break;
    case 7: /* few */
      x->n = 5 + below(rng, 4);
      x->m = 1 + below(rng, clusters_for(x->n, 4));
      x->l = 4 + below(rng, 17);
      break;
    default:
      x->n = 1 + below(rng, 6);
      x->m = 1 + below(rng, clusters_for(x->n, 12));
      x->l = 4 + below(rng, 17);
      lean = family == 5 ? 0 : family == 6 ? 70 : 60;
  }
  for (int c = 0; c < x->n; c++)
    for (int h = 0; h < 4; h++) home[c][h] = below(rng, x->m);
  int distinct = family == 3 ? 3 + below(rng, 6) : x->l, filled = 0;
  for (int d = 0; d < distinct && filled < MAX_L; d++) {
    int roll = below(rng, 100), a, b;
    if (family == 1) {
      a = 1 + below(rng, 4);
      b = 1 + below(rng, 4);
    } else {
      a = roll < 60 ? 1 : roll < 85 ? 2 : 3;
      roll = below(rng, 100);
      b = roll < 12 ? 0 : roll < 62 ? 1 : roll < 87 ? 2 : 3;
      if (family == 2) b = b > 2 ? 2 : b < 1 ? 1 : b;
      if (family == 4) b = below(rng, 100) < 45 ? 0 : b ? b : 1;
      if (family == 6) b = 1;
    }
    unsigned gold = gold_entry(rng, x->n, a);
    unsigned system = system_entry(rng, x, gold, b, lean, (const int(*)[4])home, homes);
    int copies = family == 3 ? 1 + below(rng, 8) : 1;
    for (int r = 0; r < copies && filled < MAX_L; r++) {
      x->gold[filled] = gold;
      x->system[filled++] = system;
    }
  }
  x->l = filled;
}

/* ---- Every mapping, depth first: the items' h(B_i) and the classes' unions as masks ---- */

typedef struct enumeration {
  const instance *x;
  unsigned members[MAX_M]; /* cluster k's items */
  unsigned gold_of[MAX_N]; /* class c's items */
  int gold_total;
  double best[3];
} enumeration;

static void leaf(enumeration *en, const unsigned *h, const unsigned *unions) {
  const instance *x = en->x;
  int im_sum = 0, h_sum = 0;
  double f_sum = 0.0;
  for (int i = 0; i < x->l; i++) {
    int im = bits(h[i] & x->gold[i]), hs = bits(h[i]), a = bits(x->gold[i]);
    im_sum += im;
    h_sum += hs;
    f_sum += 2.0 * im / (a + hs);
  }
  double num = 0.0;
  int n_star = 0;
  for (int c = 0; c < x->n; c++) {
    int t = bits(unions[c]), cm = bits(unions[c] & en->gold_of[c]);
    if (t) num += 2.0 * cm * t / (double)(t + bits(en->gold_of[c]));
    n_star += t;
  }
  double v[3] = {2.0 * im_sum / (en->gold_total + h_sum), f_sum / x->l,
                 n_star ? num / n_star : 0.0};
  for (int t = 0; t < 3; t++)
    if (v[t] > en->best[t]) en->best[t] = v[t];
}

static void enumerate(enumeration *en, int k, const unsigned *h, const unsigned *unions) {
  const instance *x = en->x;
  if (k == x->m) {
    leaf(en, h, unions);
    return;
  }
  for (int c = 0; c < x->n; c++) {
    unsigned h2[MAX_L], u2[MAX_N];
    for (int i = 0; i < x->l; i++) h2[i] = h[i] | (en->members[k] >> i & 1 ? 1u << c : 0);
    for (int d = 0; d < x->n; d++) u2[d] = unions[d] | (d == c ? en->members[k] : 0);
    enumerate(en, k + 1, h2, u2);
  }
}

/* The optimum of each measure over every M-1 mapping. */
static void exhaustive(const instance *x, double best[3]) {
  enumeration en = {x, {0}, {0}, 0, {-1, -1, -1}};
  for (int i = 0; i < x->l; i++) {
    for (int k = 0; k < x->m; k++)
      if (x->system[i] >> k & 1) en.members[k] |= 1u << i;
    for (int c = 0; c < x->n; c++)
      if (x->gold[i] >> c & 1) en.gold_of[c] |= 1u << i;
    en.gold_total += bits(x->gold[i]);
  }
  unsigned h[MAX_L] = {0}, unions[MAX_N] = {0};
  enumerate(&en, 0, h, unions);
  for (int t = 0; t < 3; t++) best[t] = en.best[t];
}

/*
 * The paper's "intelligent" start (SPEC §3.2), computed here from the 1-1 weights: each
 * cluster to the class of largest W(c, k), ties to the first label.
 */
static void intelligent_start(const instance *x, int measure, uint32_t *start) {
  for (int k = 0; k < x->m; k++) {
    double w[MAX_N] = {0};
    int size = 0, class_size[MAX_N] = {0};
    for (int i = 0; i < x->l; i++) {
      for (int c = 0; c < x->n; c++) class_size[c] += x->gold[i] >> c & 1;
      if (!(x->system[i] >> k & 1)) continue;
      size++;
      for (int c = 0; c < x->n; c++)
        if (x->gold[i] >> c & 1)
          w[c] += measure == CE_TYPE_MICRO_I ? 2.0 / (bits(x->gold[i]) + bits(x->system[i])) : 1.0;
    }
    if (measure == CE_TYPE_MICRO_C)
      for (int c = 0; c < x->n; c++) w[c] = size * 2.0 * w[c] / (size + class_size[c]);
    start[k] = 0;
    for (int c = 1; c < x->n; c++)
      if (w[c] > w[start[k]]) start[k] = (uint32_t)c;
  }
}

typedef struct tally {
  int instances, climb, kicks, found, proved, wrong_proof, below_climb, bad_bound;
  double climb_gap;        /* the climb's largest shortfall */
  int cut_proved, cut_bad; /* with a budget of CUT steps */
  double root_gap, cut_gap;
  uint64_t proof_work;
} tally;

#define CUT 300

static void test_exhaustive_families(void) {
  static const char *names[3] = {"macro_i_m1", "micro_i_m1", "micro_c_m1"};
  tally all[3] = {{0}}, per[FAMILIES][3];
  memset(per, 0, sizeof per);
  clock_t began = clock();
  for (int family = 0; family < FAMILIES; family++) {
    ce_rng rng;
    ce__rng_seed(&rng, 2010 + (uint64_t)family, 0);
    for (int s = 0; s < PER_FAMILY; s++) {
      instance x;
      make_instance(&rng, family, &x);
      ce_entries e;
      to_entries(&x, &e);
      double best[3];
      exhaustive(&x, best);
      ce_type_result r;
      ce_climb_options options = {10, 1, NULL, NULL, NULL, NULL, 0, 0};
      CHECK(ce__type_measures(&e, &options, &r) == CE_OK);
      ce_type_index ix;
      CHECK(ce__type_index_build(&ix, &e) == CE_OK);
      for (int t = 0; t < 3; t++) {
        tally *a = &per[family][t];
        uint32_t start[MAX_M];
        intelligent_start(&x, t, start);
        /* The paper's climb alone, as it ran before any search was added. */
        ce_type_score climb, kicks;
        CHECK(ce__climb(&ix, t, NULL, start, &options, &climb) == CE_OK);
        /* The perturbations alone, without the exact search. */
        ce_m1_search_options only_kicks = {0, 10, NULL, NULL};
        CHECK(ce__m1_search(&ix, t, start, NULL, &options, &only_kicks, &kicks) == CE_OK);
        const ce_type_score *m1 = &r.m1[t];
        double values[3];
        CHECK(ce__type_values(&ix, m1->cluster_to_class, values) == CE_OK);
        CHECK_NEAR(values[t], m1->value, EPS);
        CHECK(m1->min == climb.min && m1->sweeps == climb.sweeps);
        a->instances++;
        a->climb += climb.value >= best[t] - EPS;
        a->kicks += kicks.value >= best[t] - EPS;
        a->found += m1->value >= best[t] - EPS;
        a->proved += m1->optimal;
        if (m1->optimal && m1->value < best[t] - EPS) a->wrong_proof++;
        if (m1->value < climb.value) a->below_climb++;
        if (m1->bound < best[t] - EPS || m1->bound < m1->value) a->bad_bound++;
        if (best[t] - climb.value > a->climb_gap) a->climb_gap = best[t] - climb.value;
        /* Bounds where the exact search stops early: its root alone, or CUT steps. */
        for (int cut = 0; cut < 2; cut++) {
          ce_m1_search_options stop = {cut ? CUT : 0, 0, NULL, NULL};
          ce_type_score bounded;
          CHECK(ce__m1_search(&ix, t, start, NULL, &options, &stop, &bounded) == CE_OK);
          if (bounded.bound < best[t] - EPS || (bounded.optimal && bounded.value < best[t] - EPS))
            a->cut_bad++;
          double above = bounded.bound > best[t] ? bounded.bound - best[t] : 0.0; /* rounding */
          if (cut) {
            a->cut_proved += bounded.optimal;
            a->cut_gap += above;
          } else {
            a->root_gap += above;
          }
          free(bounded.cluster_to_class);
        }
        /* The steps a proof takes, from the climb's mapping; with exactly that budget the
         * search runs as without one: it is left out only where it cannot finish. */
        uint32_t climbed[MAX_M];
        memcpy(climbed, climb.cluster_to_class, (size_t)x.m * sizeof *climbed);
        double v = climb.value, v_within = climb.value;
        ce_m1_proof proof, within;
        CHECK(ce__m1_exact(&ix, t, UINT64_MAX, climb.cluster_to_class, &v, &proof) == CE_OK);
        CHECK(proof.optimal);
        CHECK(ce__m1_exact(&ix, t, proof.work, climbed, &v_within, &within) == CE_OK);
        CHECK(within.optimal && within.work == proof.work && v_within == v);
        if (proof.work > a->proof_work) a->proof_work = proof.work;
        free(climb.cluster_to_class);
        free(kicks.cluster_to_class);
      }
      ce__type_index_free(&ix);
      ce__type_result_free(&r);
      ce__entries_free(&e);
    }
  }
  printf(
      "M-1 against every mapping, %d instances per family. Share reaching the optimum: the\n"
      "paper's climb from 10 starts (and its largest shortfall), with 10 perturbations\n"
      "re-climbed, and the whole search as evaluations run it (climb, exact search within\n"
      "%u steps, perturbations); proved: its share proved optimal; the mean bound above the\n"
      "optimum of the exact search's root alone and of one stopped after %d steps (with the\n"
      "share proved by then); the most steps a proof took:\n",
      PER_FAMILY, CE_M1_EXACT_BUDGET, CUT);
  printf("%-10s %-10s %7s %9s %7s %7s %7s %8s %8s %6s %8s\n", "family", "measure", "climb",
         "shortfall", "kicks", "search", "proved", "root", "cut", "(pr.)", "steps");
  for (int family = 0; family <= FAMILIES; family++)
    for (int t = 0; t < 3; t++) {
      tally *a = family < FAMILIES ? &per[family][t] : &all[t], *b = &all[t];
      double count = a->instances;
      printf("%-10s %-10s %6.2f%% %9.4f %6.2f%% %6.2f%% %6.2f%% %8.4f %8.4f %5.1f%% %8llu\n",
             family < FAMILIES ? family_names[family] : "all", names[t], 100 * a->climb / count,
             a->climb_gap, 100 * a->kicks / count, 100 * a->found / count, 100 * a->proved / count,
             a->root_gap / count, a->cut_gap / count, 100 * a->cut_proved / count,
             (unsigned long long)a->proof_work);
      CHECK(a->cut_bad == 0);
      if (family == FAMILIES) continue;
      b->instances += a->instances;
      b->climb += a->climb;
      b->kicks += a->kicks;
      b->found += a->found;
      b->proved += a->proved;
      b->wrong_proof += a->wrong_proof;
      b->below_climb += a->below_climb;
      b->bad_bound += a->bad_bound;
      b->cut_proved += a->cut_proved;
      b->root_gap += a->root_gap;
      b->cut_gap += a->cut_gap;
      if (a->climb_gap > b->climb_gap) b->climb_gap = a->climb_gap;
      if (a->proof_work > b->proof_work) b->proof_work = a->proof_work;
    }
  for (int t = 0; t < 3; t++) {
    tally *b = &all[t];
    CHECK(b->found >= 0.999 * b->instances); /* the optimum, in 99.9% at least */
    CHECK(b->wrong_proof == 0);              /* "optimal" only on an optimum */
    CHECK(b->below_climb == 0);              /* never below the paper's climb */
    CHECK(b->bad_bound == 0);                /* no mapping above the bound */
    CHECK(b->kicks >= b->climb);
    CHECK(b->proof_work < CE_M1_EXACT_BUDGET);
  }
  printf("(%.1f s of processor time)\n", (double)(clock() - began) / CLOCKS_PER_SEC);
}

/*
 * A type-based clustering (each item in one cluster, as Brown clusters give) makes every
 * component one cluster, so MacroI and MicroI are proved whatever the budget, and their
 * optimum is each cluster's best class on its own: computed here directly.
 */
static void test_type_based(void) {
  enum { L = 3000, N = 32, M = 60 };
  ce_rng rng;
  ce__rng_seed(&rng, 1992, 0);
  static uint32_t gi[3 * L], gl[3 * L], si[L], sl[L];
  static unsigned gold[L];
  static int cluster_of[L];
  size_t gn = 0, sn = 0;
  int home[N];
  for (int c = 0; c < N; c++) home[c] = below(&rng, M);
  for (int i = 0; i < L; i++) {
    int a = 1 + (below(&rng, 100) < 20) + (below(&rng, 100) < 5), first = -1;
    for (gold[i] = 0; bits(gold[i]) < a;) {
      int c = below(&rng, 1 + below(&rng, N)); /* low classes are frequent: a skewed gold */
      if (gold[i] >> c & 1) continue;
      if (first < 0) first = c;
      gold[i] |= 1u << c;
      gi[gn] = (uint32_t)i;
      gl[gn++] = (uint32_t)c;
    }
    cluster_of[i] = below(&rng, 100) < 10 ? -1 : below(&rng, 3) ? home[first] : below(&rng, M);
    if (cluster_of[i] >= 0) {
      si[sn] = (uint32_t)i;
      sl[sn++] = (uint32_t)cluster_of[i];
    }
  }
  ce_entries e;
  CHECK(ce__entries_from_pairs(&e, L, N, M, gi, gl, gn, si, sl, sn, NULL, NULL) == CE_OK);
  /* Each cluster's best class on its own. */
  double micro = 0.0;
  int matches = 0, gold_total = 0, clustered = 0;
  for (int k = 0; k < M; k++) {
    double best_f = 0.0;
    int best_count = 0;
    for (int c = 0; c < N; c++) {
      double f = 0.0;
      int count = 0;
      for (int i = 0; i < L; i++)
        if (cluster_of[i] == k && gold[i] >> c & 1) {
          f += 2.0 / (bits(gold[i]) + 1);
          count++;
        }
      if (f > best_f) best_f = f;
      if (count > best_count) best_count = count;
    }
    micro += best_f;
    matches += best_count;
  }
  for (int i = 0; i < L; i++) {
    gold_total += bits(gold[i]);
    clustered += cluster_of[i] >= 0;
  }
  double expected[2] = {2.0 * matches / (gold_total + clustered), micro / L};
  ce_climb_options options = {10, 1, NULL, NULL, NULL, NULL, 0, 0};
  ce_m1_search_options tiny = {1, 0, NULL, NULL};
  ce_type_result r;
  CHECK(ce__type_measures_searched(&e, &options, &tiny, &r) == CE_OK);
  for (int t = 0; t < 2; t++) {
    CHECK(r.m1[t].optimal);
    CHECK_NEAR(r.m1[t].value, expected[t], 1e-12);
    CHECK(r.m1[t].bound == r.m1[t].value);
  }
  printf(
      "type-based, %d items, %d clusters: MacroI %.6f, MicroI %.6f proved with a budget of "
      "1 step; MicroC %.6f, bound %.6f\n",
      L, M, r.m1[0].value, r.m1[1].value, r.m1[2].value, r.m1[2].bound);
  ce__type_result_free(&r);
  ce__entries_free(&e);
}

/*
 * One-token types (entity- or sense-like: every item its own gold class, every cluster a
 * few items): MicroC's optimum maps each cluster to a class of its own items, Σ_k 2|k|/(|k|
 * + 1) over l. Its root bound is that optimum too, but summed another way: at 300,000 items
 * the two sums parted by about 1e-12, more than SLACK, and the optimum went unproved. The
 * bound proves it within the rounding of both sums (micro_c_rounding).
 */
static void test_one_token_types(void) {
  enum { L = 300000, M = 180000 };
  ce_rng rng;
  ce__rng_seed(&rng, 2026, 0);
  uint32_t *items = malloc(L * sizeof *items), *clusters = malloc(L * sizeof *clusters);
  uint32_t *size = calloc(M, sizeof *size), *map = malloc(M * sizeof *map);
  for (uint32_t i = 0; i < L; i++) {
    items[i] = i;
    clusters[i] = (uint32_t)ce__rng_below(&rng, M);
    size[clusters[i]]++;
  }
  ce_entries e;
  CHECK(ce__entries_from_pairs(&e, L, L, M, items, items, L, items, clusters, L, NULL, NULL) ==
        CE_OK);
  ce_type_index ix;
  CHECK(ce__type_index_build(&ix, &e) == CE_OK);
  /* Each cluster to the class of its first item; an empty one anywhere. */
  for (uint32_t k = 0; k < M; k++) map[k] = 0;
  for (uint32_t i = L; i-- > 0;) map[clusters[i]] = i;
  long double optimum = 0.0L; /* in long double, cluster by cluster: another sum */
  for (uint32_t k = 0; k < M; k++) optimum += 2.0L * size[k] / (size[k] + 1.0L);
  optimum /= L;
  double values[CE_TYPE_MEASURES], value;
  CHECK(ce__type_values(&ix, map, values) == CE_OK);
  value = values[CE_TYPE_MICRO_C];
  CHECK_NEAR(value, (double)optimum, 1e-11);
  ce_m1_proof proof;
  CHECK(ce__m1_exact(&ix, CE_TYPE_MICRO_C, 0, map, &value, &proof) == CE_OK);
  CHECK(proof.optimal && proof.bound == value);
  printf("one-token types, %d items in %d clusters: MicroC %.16f %s (optimum %.16Lf)\n", L, M,
         value, proof.optimal ? "proved" : "not proved", optimum);
  ce__type_index_free(&ix);
  ce__entries_free(&e);
  free(items);
  free(clusters);
  free(size);
  free(map);
}

/* The lowest bit of a mask (not 0), and whether cluster k holds an item of class c. */
static uint32_t first_bit(unsigned mask) {
  uint32_t b = 0;
  while (!(mask >> b & 1)) b++;
  return b;
}

static int holds(const instance *x, uint32_t k, uint32_t c) {
  for (int i = 0; i < x->l; i++)
    if (x->system[i] >> k & 1 && x->gold[i] >> c & 1) return 1;
  return 0;
}

/*
 * Every item its own gold class, in one cluster or none, with empty clusters and classes of
 * no item (ix.own_classes): a mapping that sends every cluster with items to the class of
 * one of its own items scores all three measures at their optimum (type_index.c proves it),
 * held here against every mapping (exhaustive, from the definitions) on 400 small instances;
 * the search takes such an incumbent as proved, and the test tells it from a mapping that is
 * not one. One item more in a class, or a second cluster of an item, and the flag is down.
 */
static void test_own_classes_proved(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 31, 0);
  int proved = 0, others = 0;
  for (int s = 0; s < 400; s++) {
    instance x = {1 + below(&rng, 6), 0, 0, {0}, {0}};
    x.n = x.l + below(&rng, 3);
    x.m = clusters_for(x.n, 1 + below(&rng, 5));
    int twice = s % 10 == 9, spread = s % 10 == 8; /* the flag's two ways down */
    for (int i = 0; i < x.l; i++) {
      x.gold[i] = 1u << i;
      if (ce__rng_below(&rng, 10) != 0) x.system[i] = 1u << below(&rng, x.m); /* else none */
    }
    int down = (twice && x.l > 1) || (spread && x.system[0] && x.m > 1);
    if (twice && x.l > 1) x.gold[1] = x.gold[0];
    if (spread && x.system[0] && x.m > 1)
      x.system[0] |= 1u << (first_bit(x.system[0]) + 1) % (uint32_t)x.m;
    ce_entries e;
    to_entries(&x, &e);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    CHECK(ix.own_classes == !down);
    uint32_t m = (uint32_t)x.m, n = (uint32_t)x.n, map[MAX_M], own[MAX_M];
    for (uint32_t k = 0; k < m; k++) { /* the class of one of its items, drawn; else any */
      own[k] = (uint32_t)ce__rng_below(&rng, n);
      uint64_t seen = 0;
      for (int i = 0; i < x.l; i++)
        if (x.system[i] >> k & 1 && ce__rng_below(&rng, ++seen) == 0) own[k] = first_bit(x.gold[i]);
    }
    CHECK(ce__own_classes_map(&ix, own) == ix.own_classes);
    if (ix.own_classes) {
      double best[CE_TYPE_MEASURES], values[CE_TYPE_MEASURES];
      exhaustive(&x, best);
      CHECK(ce__type_values(&ix, own, values) == CE_OK);
      for (int t = 0; t < CE_TYPE_MEASURES; t++) {
        CHECK(values[t] >= best[t] - EPS);
        memcpy(map, own, m * sizeof *map);
        double value = values[t];
        ce_m1_proof proof;
        CHECK(ce__m1_exact(&ix, t, 1000, map, &value, &proof) == CE_OK);
        CHECK(proof.optimal && proof.bound == values[t] && value == values[t]);
        CHECK(memcmp(map, own, m * sizeof *map) == 0);
      }
      proved++;
      /* A cluster with items sent to a class none of its items holds: not one. */
      for (int i = 0; i < x.l && n > 1; i++) {
        if (!x.system[i]) continue;
        uint32_t k = first_bit(x.system[i]);
        memcpy(map, own, m * sizeof *map);
        map[k] = (first_bit(x.gold[i]) + 1) % n;
        int mine = holds(&x, k, map[k]);
        CHECK(ce__own_classes_map(&ix, map) == mine);
        others += !mine;
        break;
      }
    }
    ce__type_index_free(&ix);
    ce__entries_free(&e);
  }
  printf(
      "own classes: %d instances proved at own classes against every mapping, %d others told "
      "apart\n",
      proved, others);
  CHECK(proved > 250 && others > 100);
}

/*
 * The values at own classes through ce__type_value (MicroC from the type index's classes in
 * label order, own_classes_micro_c; MacroI and MicroI from the counts of clusters and
 * clustered items), against ce__type_values' pass over the items: the same double,
 * bit for bit, with the classes' label order drawn apart from their ids (the sum's order),
 * classes of no item, unclustered items, and mappings that are not at own classes (where
 * ce__type_value takes the pass too).
 */
static void test_own_classes_values(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 41, 0);
  int own_maps = 0, other_maps = 0;
  for (int draw = 0; draw < 200; draw++) {
    uint32_t l = 1 + (uint32_t)below(&rng, 3000), n = l + (uint32_t)below(&rng, 4);
    uint32_t m = 1 + (uint32_t)below(&rng, (int)l);
    uint32_t *rank = shuffled_ids(&rng, n), *map = malloc(m * sizeof *map);
    ce_entries e;
    one_token_entries(&rng, &e, l, NULL, n, m, 10, rank);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    CHECK(ix.own_classes);
    for (int way = 0; way < 4; way++) {
      /* 0-1: every cluster at one of its items' classes (the first, a drawn one); 2: then one
       * cluster with items elsewhere; 3: every cluster anywhere. */
      for (uint32_t k = 0; k < m; k++) map[k] = (uint32_t)below(&rng, (int)n);
      uint32_t first = UINT32_MAX; /* the first clustered item (item i's class is i) */
      if (way < 3) {
        uint32_t *seen = calloc(m, sizeof *seen);
        for (uint32_t i = 0; i < l; i++) {
          if (e.cluster_start[i + 1] == e.cluster_start[i]) continue;
          uint32_t k = e.cluster_ids[e.cluster_start[i]];
          if (first == UINT32_MAX) first = i;
          if (way == 0 ? !seen[k] : below(&rng, (int)++seen[k]) == 0) map[k] = i;
          if (way == 0) seen[k] = 1;
        }
        free(seen);
      }
      if (way == 2 && first != UINT32_MAX)
        map[e.cluster_ids[e.cluster_start[first]]] = (first + 1) % n;
      double values[CE_TYPE_MEASURES], value;
      CHECK(ce__type_values(&ix, map, values) == CE_OK);
      for (int t = 0; t < CE_TYPE_MEASURES; t++) {
        CHECK(ce__type_value(&ix, map, t, &value) == CE_OK);
        CHECK(value == values[t]);
      }
      int own = ce__own_classes_map(&ix, map);
      CHECK(way > 1 || own);
      own_maps += own;
      other_maps += !own;
    }
    ce__type_index_free(&ix);
    ce__entries_free(&e);
    free(rank);
    free(map);
  }
  printf("own classes' values: %d mappings at own classes, %d others, the items' pass's double\n",
         own_maps, other_maps);
  CHECK(other_maps > 300);
}

/* Appends up to `count` labels of item i to (ids, labels): each `only`, or, where that is
 * UINT32_MAX, drawn below `range`; a label drawn again for it is left out. */
static void item_labels(ce_rng *rng, uint32_t i, int count, uint32_t range, uint32_t only,
                        uint32_t *ids, uint32_t *labels, size_t *n) {
  for (int j = 0; j < count; j++) {
    uint32_t x = only != UINT32_MAX ? only : (uint32_t)below(rng, (int)range), seen = 0;
    for (size_t q = *n - (size_t)j; q < *n; q++) seen |= labels[q] == x;
    if (seen) continue;
    ids[*n] = i;
    labels[(*n)++] = x;
  }
}

/*
 * Random entries of l items over n classes and m clusters: each item in 1-3 classes (or, one
 * token, the class i alone); in one cluster for nine items in ten (`spread` 0) or in 0-2 of
 * them (`spread` 1; one token: one).
 */
static void draw_entries(ce_rng *rng, uint32_t l, uint32_t n, uint32_t m, int one_token, int spread,
                         ce_entries *e) {
  uint32_t *pairs = malloc(10 * (size_t)l * sizeof *pairs);
  uint32_t *gi = pairs, *gl = pairs + 3 * l, *si = pairs + 6 * l, *sl = pairs + 8 * l;
  size_t gn = 0, sn = 0;
  for (uint32_t i = 0; i < l; i++) {
    int a = one_token ? 1 : 1 + below(rng, 3), b = !spread || one_token ? 1 : below(rng, 3);
    item_labels(rng, i, a, n, one_token ? i : UINT32_MAX, gi, gl, &gn);
    if (spread)
      item_labels(rng, i, b, m, UINT32_MAX, si, sl, &sn);
    else if (below(rng, 10))
      item_labels(rng, i, 1, m, UINT32_MAX, si, sl, &sn);
  }
  CHECK(ce__entries_from_pairs(e, l, n, m, gi, gl, gn, si, sl, sn, NULL, NULL) == CE_OK);
  free(pairs);
}

/* A start for the exact searches: a random class for every cluster, or (`first`) each
 * cluster with items at its first item's first class. */
static void draw_start(ce_rng *rng, const ce_entries *e, int first, uint32_t *from) {
  for (uint32_t k = 0; k < e->clusters; k++) from[k] = (uint32_t)below(rng, (int)e->classes);
  for (uint32_t i = (uint32_t)e->items; first && i-- > 0;)
    for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++)
      from[e->cluster_ids[j]] = e->class_ids[e->class_start[i]];
}

/* A way of taking the exact search, `way` 0 the reference: each must give way 0's result. */
typedef ce_status exact_way(const ce_type_index *ix, int measure, uint64_t budget, int way,
                            uint32_t *map, double *value, ce_m1_proof *proof);

/* Runs `ways` ways of the exact search from `from` (its value the incumbent's) and checks
 * each against way 0: the same value, mapping, claim, bound and work, bit for bit. Counts
 * in *improved and *proved what way 0 did. */
static void same_every_way(const ce_type_index *ix, int measure, uint64_t budget,
                           const uint32_t *from, exact_way *search, int ways, int *improved,
                           int *proved) {
  size_t m = ix->entries->clusters;
  uint32_t *maps = malloc(2 * (m ? m : 1) * sizeof *maps); /* way 0's, then the others' */
  double all[CE_TYPE_MEASURES], first_value = 0.0;
  ce_m1_proof first = {0, 0.0, 0};
  CHECK(ce__type_values(ix, from, all) == CE_OK);
  for (int way = 0; way < ways; way++) {
    uint32_t *map = maps + (way ? m : 0);
    double value = all[measure];
    ce_m1_proof proof;
    memcpy(map, from, m * sizeof *map);
    CHECK(search(ix, measure, budget, way, map, &value, &proof) == CE_OK);
    if (!way) {
      first_value = value;
      first = proof;
      continue;
    }
    CHECK(value == first_value && !memcmp(map, maps, m * sizeof *map));
    CHECK(proof.optimal == first.optimal && proof.bound == first.bound && proof.work == first.work);
  }
  *improved += first_value > all[measure];
  *proved += first.optimal;
  free(maps);
}

/* Way 0 the one-cluster pass (ce__m1_exact), way 1 the general components. */
static ce_status pass_or_components(const ce_type_index *ix, int measure, uint64_t budget, int way,
                                    uint32_t *map, double *value, ce_m1_proof *proof) {
  return way ? ce__m1_exact_by_components(ix, measure, budget, map, value, proof)
             : ce__m1_exact(ix, measure, budget, map, value, proof);
}

/*
 * Where every item is in one cluster at most, MacroI's and MicroI's exact search takes the
 * clusters in one pass (m1_exact.c's separable_round); ce__m1_exact_by_components takes the
 * same instances through the general components. On 300 random type-based instances (items
 * in 1-3 classes of up to 60, 10% in no cluster, clusters left empty; every fifth one-token:
 * each item its own class), from a random incumbent and from each cluster's first item's
 * first class, at budgets of 0, 50 steps and none: the same value, mapping, claim, bound and
 * work, bit for bit; the better mapping found in most.
 */
static void test_one_cluster_pass(void) {
  static const uint64_t budgets[] = {0, 50, UINT64_MAX};
  ce_rng rng;
  ce__rng_seed(&rng, 77, 0);
  int improved = 0, proved = 0, runs = 0;
  for (int draw = 0; draw < 300; draw++) {
    int one_token = draw % 5 == 0;
    uint32_t l = 50 + (uint32_t)below(&rng, 2000), m = 1 + (uint32_t)below(&rng, 200);
    uint32_t n = one_token ? l : 2 + (uint32_t)below(&rng, 59);
    uint32_t *from = malloc(m * sizeof *from);
    ce_entries e;
    draw_entries(&rng, l, n, m, one_token, 0, &e);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    for (int start = 0; start < 2; start++) {
      draw_start(&rng, &e, start, from);
      for (int t = CE_TYPE_MACRO_I; t <= CE_TYPE_MICRO_I; t++)
        for (int b = 0; b < 3; b++, runs++)
          same_every_way(&ix, t, budgets[b], from, pass_or_components, 2, &improved, &proved);
    }
    ce__type_index_free(&ix);
    ce__entries_free(&e);
    free(from);
  }
  printf("one cluster an item, %d searches: the pass as the components, %d improved, %d proved\n",
         runs, improved, proved);
}

/* MicroC's untouched classes read best first throughout (way 0), in id order from the start,
 * after one class, after 256 (ce__m1_exact_untouched). */
static ce_status untouched_turns(const ce_type_index *ix, int measure, uint64_t budget, int way,
                                 uint32_t *map, double *value, ce_m1_proof *proof) {
  static const size_t turns[] = {SIZE_MAX, 0, 1, 256};
  return ce__m1_exact_untouched(ix, measure, budget, turns[way], map, value, proof);
}

/*
 * MicroC's bound takes the best value of the classes an open cluster leaves untouched: best
 * first until it can stop, and past 256 classes in id order (m1_exact.c's untouched_best).
 * ce__m1_exact_untouched sets where it turns: best first throughout (SIZE_MAX), in id order
 * from the start (0) or after one class. On 200 random instances (items in 1-3 classes of up
 * to 600, in 0-2 clusters of up to 120; every fourth one-token: each item its own class, in
 * one cluster), from a random incumbent and from the climbs' start (each cluster to its first
 * item's first class), at budgets of 0, 200 and 20,000 steps: the same value, mapping,
 * claim, bound and work, bit for bit.
 */
/* MicroC's exact search, `ways` ways (same_every_way), on `draws` random instances drawn from
 * `seed` (items in 1-3 classes of up to 600, in 0-2 clusters of up to 120; every
 * `one_token_every`-th one-token: each item its own class, in one cluster), from a random
 * incumbent and from the climbs' start (each cluster to its first item's first class), at
 * budgets of 0, 200 and 20,000 steps. Counts the searches and what way 0 did. */
static void micro_c_ways(uint64_t seed, int draws, int one_token_every, exact_way *search, int ways,
                         int *runs, int *improved, int *proved) {
  static const uint64_t budgets[] = {0, 200, 20000};
  ce_rng rng;
  ce__rng_seed(&rng, seed, 0);
  for (int draw = 0; draw < draws; draw++) {
    int one_token = draw % one_token_every == 0;
    uint32_t l = 20 + (uint32_t)below(&rng, 1500), m = 1 + (uint32_t)below(&rng, 120);
    uint32_t n = one_token ? l : 2 + (uint32_t)below(&rng, 599);
    uint32_t *from = malloc(m * sizeof *from);
    ce_entries e;
    draw_entries(&rng, l, n, m, one_token, 1, &e);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    for (int start = 0; start < 2; start++) {
      draw_start(&rng, &e, start, from);
      for (int b = 0; b < 3; b++, ++*runs)
        same_every_way(&ix, CE_TYPE_MICRO_C, budgets[b], from, search, ways, improved, proved);
    }
    ce__type_index_free(&ix);
    ce__entries_free(&e);
    free(from);
  }
}

static void test_untouched_orders(void) {
  int runs = 0, proved = 0, improved = 0;
  micro_c_ways(1988, 200, 4, untouched_turns, 4, &runs, &improved, &proved);
  printf(
      "MicroC's untouched classes, %d searches: best first as in id order, %d improved, %d "
      "proved\n",
      runs, improved, proved);
}

/* MicroC's root bound shared with a task (ce_m1_root): way 0 the search's own
 * (ce__m1_exact), 1 the root offered first as the other thread's task would, 2 claimed by
 * the search itself, 3 offered on one thread while the search runs on another (either may
 * begin it; the other takes or waits). */
typedef struct root_race {
  ce_m1_root *root;
  const ce_type_index *ix;
  int measure;
  uint64_t budget;
  uint32_t *map;
  double *value;
  ce_m1_proof *proof;
  ce_status status;
} root_race;

static void root_race_task(void *context, size_t task) {
  root_race *r = context;
  if (task == 0)
    ce__m1_root_offer(r->root, r->ix);
  else
    r->status =
        ce__m1_exact_rooted(r->ix, r->measure, r->budget, r->root, r->map, r->value, r->proof);
}

static ce_status shared_root(const ce_type_index *ix, int measure, uint64_t budget, int way,
                             uint32_t *map, double *value, ce_m1_proof *proof) {
  if (!way) return ce__m1_exact(ix, measure, budget, map, value, proof);
  ce_m1_root root;
  CHECK(ce__m1_root_init(&root));
  root_race race = {&root, ix, measure, budget, map, value, proof, CE_OK};
  if (way == 1) ce__m1_root_offer(&root, ix);
  if (way == 3)
    ce__parallel_for(2, 2, root_race_task, &race);
  else
    root_race_task(&race, 1);
  ce__m1_root_free(&root);
  return race.status;
}

/*
 * MicroC's root bound depends on the index alone, so a task may work it out while MicroC
 * climbs (measures_type.c); the search then takes it. On 120 random instances (micro_c_ways,
 * every third one-token): every way of sharing it gives the search's own value, mapping,
 * claim, bound and work, bit for bit, both where the root proves the incumbent and where the
 * search goes on.
 */
static void test_shared_root(void) {
  int runs = 0, proved = 0, improved = 0;
  micro_c_ways(2024, 120, 3, shared_root, 4, &runs, &improved, &proved);
  printf("MicroC's root shared, %d searches: as its own, %d improved, %d proved\n", runs, improved,
         proved);
  CHECK(proved > 0 && proved < runs); /* both the root's proof and the search after it */
}

/* Two scores of one search, field by field and mapping, to the bit. */
static int same_score(const ce_type_score *x, const ce_type_score *y, size_t m) {
  return x->value == y->value && x->min == y->min && x->hits == y->hits && x->sweeps == y->sweeps &&
         x->optimal == y->optimal && x->bound == y->bound && x->starts == y->starts &&
         x->budget_reached == y->budget_reached &&
         !memcmp(x->cluster_to_class, y->cluster_to_class, m * sizeof(uint32_t));
}

/* The three measures' searches made with one shared layout (ce_climb_shared), each measure
 * on a task of its own: on two threads they race for who builds it. */
typedef struct layout_race {
  const ce_type_index *ix;
  const uint32_t *start;
  const ce_climb_options *climb;
  ce_m1_search_options search;
  const int *order; /* the measure of each task */
  ce_type_score *score;
  ce_status status[CE_TYPE_MEASURES];
} layout_race;

static void layout_race_task(void *context, size_t task) {
  layout_race *r = context;
  int t = r->order[task];
  r->status[t] = ce__m1_search(r->ix, t, r->start, NULL, r->climb, &r->search, &r->score[t]);
}

/*
 * Every measure's climber reads one layout and G_k where the type level's measures share
 * them (measures_type.c), built by whichever climber comes first (MicroI builds G_k for the
 * others, reading none itself). On 90 random instances (items in 1-3 classes, in one cluster
 * or in 0-2; every third one-token), with the cells and with G_k, under no budget and one
 * that stops the climbs: for each order of the measures in turn, and all three on two
 * threads, every search ends as without the sharing, bit for bit (value, spread, sweeps,
 * claim, bound, mapping).
 */
static void test_shared_layout(void) {
  static const int orders[4][CE_TYPE_MEASURES] = {
      {CE_TYPE_MICRO_I, CE_TYPE_MACRO_I, CE_TYPE_MICRO_C},
      {CE_TYPE_MICRO_C, CE_TYPE_MICRO_I, CE_TYPE_MACRO_I},
      {CE_TYPE_MACRO_I, CE_TYPE_MICRO_C, CE_TYPE_MICRO_I},
      {CE_TYPE_MICRO_C, CE_TYPE_MACRO_I, CE_TYPE_MICRO_I}};
  static const uint64_t budgets[] = {0, 900};
  ce_rng rng;
  ce__rng_seed(&rng, 1492, 0);
  int searches = 0, kept_cells = 0;
  for (int draw = 0; draw < 90; draw++) {
    int one_token = draw % 3 == 0, small = draw % 2;
    uint32_t l = 20 + (uint32_t)below(&rng, 600), m = 1 + (uint32_t)below(&rng, small ? 8 : 120);
    uint32_t n = one_token ? l : 2 + (uint32_t)below(&rng, small ? 6 : 400);
    ce_entries e;
    draw_entries(&rng, l, n, m, one_token, draw % 5 < 2, &e);
    ce_type_index ix;
    CHECK(ce__type_index_build(&ix, &e) == CE_OK);
    kept_cells += ce__climb_keeps_cells(&ix);
    uint32_t *start = malloc(m * sizeof *start);
    draw_start(&rng, &e, 1, start);
    for (int b = 0; b < 2; b++) {
      ce_climb_options climb = {3, (uint64_t)draw, NULL, NULL, NULL, NULL, budgets[b], 0};
      ce_m1_search_options own = {20000, 3, NULL, NULL};
      ce_type_score alone[CE_TYPE_MEASURES], shared[CE_TYPE_MEASURES];
      for (int t = 0; t < CE_TYPE_MEASURES; t++)
        CHECK(ce__m1_search(&ix, t, start, NULL, &climb, &own, &alone[t]) == CE_OK);
      for (int way = 0; way < 5; way++) {
        layout_race race = {&ix, start, &climb, own, orders[way % 4], shared, {CE_OK}};
        race.search.climb_shared = ce__climb_shared_new();
        CHECK(race.search.climb_shared != NULL);
        ce__parallel_for(CE_TYPE_MEASURES, way == 4 ? 2 : 1, layout_race_task, &race);
        ce__climb_shared_free(race.search.climb_shared);
        for (int t = 0; t < CE_TYPE_MEASURES; t++, searches++) {
          CHECK(race.status[t] == CE_OK && same_score(&shared[t], &alone[t], m));
          free(shared[t].cluster_to_class);
        }
      }
      for (int t = 0; t < CE_TYPE_MEASURES; t++) free(alone[t].cluster_to_class);
    }
    free(start);
    ce__type_index_free(&ix);
    ce__entries_free(&e);
  }
  printf(
      "layout shared by the measures' climbers, %d searches (%d of 90 indexes with the cells): "
      "as their own\n",
      searches, kept_cells);
  CHECK(kept_cells > 0 && kept_cells < 90); /* both the cells and G_k */
}

/*
 * The work budget (SPEC §3.2): a budget that runs out in the middle of start 0's first sweep
 * leaves a mapping whose value, recomputed from the definitions, is the one reported; the
 * value is never below 1-1 (the 1-1 mapping is scored even past the budget) nor above the
 * bound; later starts do not run; and budgets of 0 or past what the search needs give the
 * search's result without a budget.
 */
static void test_budget(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 5, 0);
  ce_entries e;
  uniform_entries(&rng, &e, 600, 40, 60, 3, 1, 3);
  ce_type_index ix;
  CHECK(ce__type_index_build(&ix, &e) == CE_OK);
  ce_m1_search_options search = {CE_M1_EXACT_BUDGET, 10, NULL, NULL};
  static const uint64_t budgets[] = {0, 1, 700, 5000, UINT64_C(1) << 40};
  ce_type_result r[5];
  for (size_t b = 0; b < 5; b++) {
    ce_climb_options climb = {10, 1, NULL, NULL, NULL, NULL, budgets[b], 0};
    CHECK(ce__type_measures_searched(&e, &climb, &search, &r[b]) == CE_OK);
  }
  size_t m = e.clusters;
  for (int t = 0; t < CE_TYPE_MEASURES; t++) {
    const ce_type_score *none = &r[0].m1[t], *ample = &r[4].m1[t];
    CHECK(!none->budget_reached && none->starts == 10);
    CHECK(!ample->budget_reached && ample->starts == 10);
    CHECK(ample->value == none->value && ample->min == none->min && ample->hits == none->hits);
    CHECK(ample->sweeps == none->sweeps && ample->bound == none->bound);
    CHECK(memcmp(ample->cluster_to_class, none->cluster_to_class, m * sizeof(uint32_t)) == 0);
    for (size_t b = 1; b < 4; b++) {
      const ce_type_score *cut = &r[b].m1[t];
      double all[CE_TYPE_MEASURES];
      CHECK(ce__type_values(&ix, cut->cluster_to_class, all) == CE_OK);
      CHECK(all[t] == cut->value); /* the value is the reported mapping's */
      CHECK(cut->budget_reached && !cut->optimal);
      CHECK(cut->value >= r[b].o1[t].value - EPS && cut->value <= cut->bound + EPS);
      CHECK(cut->value <= none->value + EPS);
    }
    /* One read stops start 0 after its first visit; no other start runs. */
    CHECK(r[1].m1[t].starts == 1 && r[1].m1[t].sweeps == 1);
    CHECK(r[2].m1[t].starts <= r[3].m1[t].starts);
  }
  printf(
      "budget: 600 items, 40 classes, 60 clusters; MicroC M-1 %.6f unbounded, %.6f after "
      "%u starts at 700 reads, %.6f after %u at 5000\n",
      r[0].m1[2].value, r[2].m1[2].value, r[2].m1[2].starts, r[3].m1[2].value, r[3].m1[2].starts);
  for (size_t b = 0; b < 5; b++) ce__type_result_free(&r[b]);
  ce__type_index_free(&ix);
  ce__entries_free(&e);
}

/*
 * The index's rows (ce_type_rows), where the passes that would walk every cluster's items'
 * gold entries read them instead: each row holds, in the order those walks meet them, the
 * counts a plain count over the items gives and MicroI's weights summed in the same order
 * (checked here cell by cell, to the bit), built alike on one thread and on three, and the
 * item table made from them is the one walked from the entries; and every search (the
 * climbs with their cells, the exact search from MicroC's root bound, the perturbations),
 * under budgets that stop it early or not, ends exactly as without them, on instances with
 * several classes and clusters an item.
 */
static void test_rows_change_nothing(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 1066, 0);
  int searches = 0, cells = 0;
  for (int s = 0; s < 60; s++) {
    size_t n = 2 + ce__rng_below(&rng, 14), m = 2 + ce__rng_below(&rng, 20);
    size_t l = 10 + ce__rng_below(&rng, 200);
    ce_entries e;
    uniform_entries(&rng, &e, l, n, m, 1 + ce__rng_below(&rng, 6), 0, 1 + ce__rng_below(&rng, 5));
    ce_type_index plain, rows, rows3;
    CHECK(ce__type_index_build(&plain, &e) == CE_OK);
    CHECK(ce__type_index_build(&rows, &e) == CE_OK);
    CHECK(ce__type_index_build(&rows3, &e) == CE_OK);
    CHECK(ce__type_rows_build(&rows, 0, 1) == CE_OK && rows.rows.start);
    CHECK(ce__type_rows_build(&rows3, 0, 3) == CE_OK && rows3.rows.start);
    size_t total = rows.rows.start[m];
    CHECK(!memcmp(rows.rows.start, rows3.rows.start, (m + 1) * sizeof(uint32_t)));
    for (size_t j = 0; j < total; j++) {
      const ce_type_cell *one = &rows.rows.cell[j], *three = &rows3.rows.cell[j];
      CHECK(one->class_id == three->class_id && one->count == three->count &&
            one->single == three->single && one->micro == three->micro);
    }
    ce_table walked, from_rows; /* the item table, both ways */
    CHECK(ce__table_from_entries(&walked, &e, 0) == CE_OK);
    CHECK(ce__table_from_rows(&from_rows, &rows, 0) == CE_OK);
    size_t c_n = walked.cell_count;
    ce_table none; /* a budget of one cell fewer: neither way holds a table */
    CHECK(ce__table_from_rows(&none, &rows, c_n - 1) == (c_n > 1 ? CE_ERR_UNAVAILABLE : CE_OK));
    CHECK(none.cell_count == (c_n > 1 ? 0 : c_n) && (c_n > 1 ? !none.cell_n : 1));
    ce__table_free(&none);
    CHECK(ce__table_from_rows(&none, &rows, c_n) == CE_OK && none.cell_count == c_n);
    ce__table_free(&none);
    CHECK(from_rows.cell_count == c_n && from_rows.total == walked.total);
    CHECK(!memcmp(from_rows.cell_class, walked.cell_class, c_n * sizeof(uint32_t)));
    CHECK(!memcmp(from_rows.cell_cluster, walked.cell_cluster, c_n * sizeof(uint32_t)));
    CHECK(!memcmp(from_rows.cell_n, walked.cell_n, c_n * sizeof(uint64_t)));
    CHECK(!memcmp(from_rows.class_sums, walked.class_sums, n * sizeof(uint64_t)));
    CHECK(!memcmp(from_rows.cluster_sums, walked.cluster_sums, m * sizeof(uint64_t)));
    ce__table_free(&walked);
    ce__table_free(&from_rows);
    for (size_t k = 0; k < m; k++) /* each class of k's items once, with its counts */
      for (uint32_t c = 0; c < n; c++) {
        uint32_t count = 0, single = 0, listed = 0, at = 0;
        double micro = 0.0; /* MicroI's 1-1 weight, summed in item order as its walk does */
        for (size_t i = 0; i < l; i++) {
          int in_k = 0, holds_c = 0;
          for (uint32_t j = e.cluster_start[i]; j < e.cluster_start[i + 1]; j++)
            in_k |= e.cluster_ids[j] == k;
          for (uint32_t j = e.class_start[i]; j < e.class_start[i + 1]; j++)
            holds_c |= e.class_ids[j] == c;
          count += in_k && holds_c;
          if (in_k && holds_c)
            micro += 2.0 / (double)(e.class_start[i + 1] - e.class_start[i] +
                                    e.cluster_start[i + 1] - e.cluster_start[i]);
          single += in_k && holds_c && e.cluster_start[i + 1] - e.cluster_start[i] == 1;
        }
        for (uint32_t j = rows.rows.start[k]; j < rows.rows.start[k + 1]; j++)
          if (rows.rows.cell[j].class_id == c) listed++, at = j;
        CHECK(listed == (count > 0));
        if (listed)
          CHECK(rows.rows.cell[at].count == count && rows.rows.cell[at].single == single &&
                rows.rows.cell[at].micro == micro);
        cells += listed;
      }
    for (int t = 0; t < CE_TYPE_MEASURES; t++) {
      uint32_t *start = malloc(m * sizeof *start);
      for (size_t k = 0; k < m; k++) start[k] = (uint32_t)ce__rng_below(&rng, n);
      static const uint64_t budgets[] = {0, 40, 400};
      for (size_t b = 0; b < 3; b++) {
        ce_climb_options climb = {10, 7, NULL, NULL, NULL, NULL, budgets[b], 0};
        ce_m1_search_options search = {b == 1 ? 0 : 20000, 10, NULL, NULL};
        ce_type_score x, y;
        CHECK(ce__m1_search(&plain, t, start, NULL, &climb, &search, &x) == CE_OK);
        CHECK(ce__m1_search(&rows, t, start, NULL, &climb, &search, &y) == CE_OK);
        CHECK(same_score(&x, &y, m));
        double vx = x.value, vy = y.value;
        ce_m1_proof px, py;
        CHECK(ce__m1_exact(&plain, t, 20000, x.cluster_to_class, &vx, &px) == CE_OK);
        CHECK(ce__m1_exact(&rows, t, 20000, y.cluster_to_class, &vy, &py) == CE_OK);
        CHECK(vx == vy && px.optimal == py.optimal && px.bound == py.bound && px.work == py.work);
        free(x.cluster_to_class);
        free(y.cluster_to_class);
        searches++;
      }
      free(start);
    }
    ce__type_index_free(&plain);
    ce__type_index_free(&rows);
    ce__type_index_free(&rows3);
    ce__entries_free(&e);
  }
  printf("rows: %d cells checked, %d searches the same with and without them\n", cells, searches);
}

/*
 * MicroC's union bound takes, for a class, the best set of its helpers as a prefix in order
 * of share (m1_exact.c): held against every set of up to 12 helpers, with one left out or
 * none, shares tied or not. Exact: both sides divide the same integers once.
 */
/* `count` helpers of random shares, many tied where `small`; ranks from `ranks`, or drawn
 * below 1,000 (ties possible) where it is NULL. */
static void random_helpers(ce_rng *rng, ce_union_helper *h, size_t count, int small,
                           const uint32_t *ranks) {
  for (size_t j = 0; j < count; j++) {
    h[j].x = 1 + (uint32_t)below(rng, small ? 3 : 40);
    h[j].y = h[j].x + (uint32_t)below(rng, small ? 3 : 60);
    h[j].rank = ranks ? ranks[j] : (uint32_t)below(rng, 1000);
    h[j].entry = (uint32_t)j;
  }
}

static void test_union_best_is_best_set(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 1157, 0);
  enum { MOST = 12 };
  ce_union_helper h[MOST];
  uint64_t px[MOST + 1], py[MOST + 1];
  for (int trial = 0; trial < 20000; trial++) {
    size_t count = (size_t)below(&rng, MOST + 1);
    int small = below(&rng, 2); /* small counts: many tied shares */
    random_helpers(&rng, h, count, small, NULL);
    uint64_t b = 1 + (uint64_t)below(&rng, below(&rng, 2) ? 4 : 200); /* |U_c| + |c| >= 1 */
    uint64_t a = (uint64_t)below(&rng, (int)b + 1);
    size_t skip = count && below(&rng, 2) ? (size_t)below(&rng, (int)count) : UINT32_MAX;
    ce__union_helpers_order(h, count, px, py);
    double best = 0.0;
    for (uint32_t set = 0; set < 1u << count; set++) {
      if (skip != UINT32_MAX && set >> skip & 1) continue;
      uint64_t x = 0, y = 0;
      for (size_t j = 0; j < count; j++)
        if (set >> j & 1) {
          x += h[j].x;
          y += h[j].y;
        }
      double f = b + y ? 2.0 * (double)(a + x) / (double)(b + y) : 0.0;
      if (f > 1.0) f = 1.0;
      if (f > best) best = f;
    }
    double got = ce__union_best(h, px, py, count, a, b, skip);
    CHECK(got == best);
  }
}

/* The helpers in order of share, highest first, ties by rank (their ranks distinct, as
 * clusters' are): every adjacent pair in that order by cross-multiplication, and every helper
 * kept, for counts past the runs the order sorts by insertion and merges. */
static void test_helpers_order(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 1158, 0);
  enum { MOST = 300 };
  ce_union_helper h[MOST];
  uint64_t px[MOST + 1], py[MOST + 1];
  uint32_t rank[MOST];
  for (int trial = 0; trial < 3000; trial++) {
    size_t count = (size_t)below(&rng, MOST + 1);
    int small = below(&rng, 2); /* many tied shares */
    for (size_t j = 0; j < count; j++) rank[j] = (uint32_t)j;
    ce__rng_shuffle_u32(&rng, rank, count); /* distinct ranks in random places */
    random_helpers(&rng, h, count, small, rank);
    uint64_t x_total = 0, y_total = 0, entries = 0;
    for (size_t j = 0; j < count; j++) {
      x_total += h[j].x;
      y_total += h[j].y;
      entries += j;
    }
    ce__union_helpers_order(h, count, px, py);
    int ordered = 1;
    for (size_t j = 0; j + 1 < count; j++) {
      uint64_t left = (uint64_t)h[j].x * h[j + 1].y, right = (uint64_t)h[j + 1].x * h[j].y;
      ordered &= left > right || (left == right && h[j].rank < h[j + 1].rank);
      entries -= h[j].entry;
    }
    if (count) entries -= h[count - 1].entry;
    CHECK(ordered && entries == 0 && px[count] == x_total && py[count] == y_total);
  }
}

int main(void) {
  test_union_best_is_best_set();
  test_helpers_order();
  test_rows_change_nothing();
  test_budget();
  test_exhaustive_families();
  test_type_based();
  test_one_cluster_pass();
  test_untouched_orders();
  test_shared_root();
  test_shared_layout();
  test_one_token_types();
  test_own_classes_proved();
  test_own_classes_values();
  printf("m1_search: %d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
