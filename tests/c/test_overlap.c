/*
 * The overlapping-clustering measures of SPEC §3.3 on instances worked by hand: onmi and
 * onmi_lfk of two small covers (and a tie of the pair rule), omega on covers whose pairs
 * share up to two clusters and on a partition (where it is ARI), ecs of a partition pair and
 * of a partition against a cover (the 3×3 inverse in exact fractions), and each item's S_i
 * on random covers against P = (1−α)(I − αW)⁻¹ inverted here as a dense n×n matrix, as SPEC
 * §3.3 writes it. tests/cli/overlap_compare.py compares larger ones with numpy.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "check.h"
#include "entries_text.h"
#include "measures/contingency_internal.h"
#include "measures/measures_overlap_internal.h"

#define EPS 1e-12

/* Every measure of entries (items, classes, clusters, gold, system) at the type level, on
 * `threads` threads. */
static ce_overlap_type overlap_on(size_t items, size_t classes, size_t clusters, const char *gold,
                                  const char *system, unsigned threads, double *item_ecs) {
  ce_entries e;
  ce_table table;
  ce_overlap_type o;
  build(&e, items, classes, clusters, gold, system);
  CHECK(ce__table_from_entries(&table, &e, 0) == CE_OK);
  CHECK(ce__overlap_type(&e, &table, 1e9, 1e9, threads, &o, item_ecs) == CE_OK);
  CHECK(o.has_nmi && o.has_omega && o.has_ecs);
  ce__table_free(&table);
  ce__entries_free(&e);
  return o;
}

static ce_overlap_type overlap(size_t items, size_t classes, size_t clusters, const char *gold,
                               const char *system, double *item_ecs) {
  return overlap_on(items, classes, clusters, gold, system, 1, item_ecs);
}

/*
 * Four items; gold X = {0, 1, 2}, Y = {2, 3}; system k1 = {0, 1}, k2 = {1, 2, 3}.
 * f(c) = c·log2(4/c): f(0) = f(4) = 0, f(1) = f(2) = 2, f(3) = 6 − 3L with L = log2 3.
 * H(X) = f(3) + f(1) = 8 − 3L, H(Y) = f(2) + f(2) = 4, H(k1) = 4, H(k2) = 8 − 3L.
 * Pairs (cells o, x−o, y−o, n−x−y+o; counted when f(c11) + f(c00) > f(c01) + f(c10)):
 *   X,k1: 2,1,0,1: 2+2 > 0+2, counts; Σf = 6: H*(X|k1) = 6 − 4 = 2, H*(k1|X) = 3L − 2.
 *   X,k2: 2,1,1,0: 2+0 > 2+2 fails.   Y,k1: o = 0, left out.
 *   Y,k2: 2,0,1,1: 2+2 > 2+0, counts; Σf = 6: H*(Y|k2) = 3L − 2, H*(k2|Y) = 6 − 4 = 2.
 * H(X|K) = min(8−3L, 2) = 2, H(Y|K) = min(4, 3L−2) = 3L−2: gold's sum 3L;
 * H(k1|C) = min(4, 3L−2) = 3L−2, H(k2|C) = min(8−3L, 2) = 2: the system's sum 3L.
 * Both sides' entropies sum to 12 − 3L, so I = ½[2(12 − 3L) − 2·3L] = 12 − 6L and
 * onmi = (12 − 6L)/(12 − 3L) = (4 − 2L)/(4 − L) ≈ 0.34371.
 * onmi_lfk = 1 − ½[mean(2/(8−3L), (3L−2)/4) + mean((3L−2)/4, 2/(8−3L))]
 *          = 1 − ½[2/(8−3L) + (3L−2)/4] ≈ 0.34748.
 * Omega: the six pairs (t1, t2): 01 (1,1), 02 (1,0), 03 (0,0), 12 (1,1), 13 (0,1), 23 (1,1);
 * Obs = 4/6; N1 = (2, 4), N2 = (2, 4): Exp = (4 + 16)/36 = 5/9; Ω = (2/3 − 5/9)/(4/9) = 1/4.
 */
static void test_covers(void) {
  ce_overlap_type o = overlap(4, 2, 2, "0 | 0 | 0 1 | 1", "0 | 0 1 | 1 | 1", NULL);
  double L = log2(3.0);
  CHECK_NEAR(o.onmi, (4 - 2 * L) / (4 - L), EPS);
  CHECK_NEAR(o.onmi, 0.34371, 5e-6);
  CHECK_NEAR(o.onmi_lfk, 1 - 0.5 * (2 / (8 - 3 * L) + (3 * L - 2) / 4), EPS);
  CHECK_NEAR(o.onmi_lfk, 0.34748, 5e-6);
  CHECK_NEAR(o.omega, 0.25, EPS);
}

/*
 * Pairs sharing two clusters: gold i0 {X, Y}, i1 {X, Y}, i2 {X}, i3 {Y}; system i0 {1, 2},
 * i1 {1, 2}, i2 {1}, i3 {3}. Pairs (t1, t2): 01 (2,2), 02 (1,1), 03 (1,0), 12 (1,1),
 * 13 (1,0), 23 (0,0): Obs = 4/6. N1 = (1, 4, 1), N2 = (3, 2, 1): Exp = (3 + 8 + 1)/36 = 1/3.
 * Ω = (2/3 − 1/3)/(2/3) = 1/2. (i0 and i1 share a signature: their pair is C(2, 2) = 1 of
 * the signature's own, with t1 = |A|, t2 = |B|.)
 */
static void test_omega_two_shared(void) {
  ce_overlap_type o = overlap(4, 2, 3, "0 1 | 0 1 | 0 | 1", "0 1 | 0 1 | 0 | 2", NULL);
  CHECK_NEAR(o.omega, 0.5, EPS);
  /* Identical covers: Obs = 1, so Ω = 1; onmi 1. */
  o = overlap(4, 2, 2, "0 1 | 0 1 | 0 | 1", "0 1 | 0 1 | 0 | 1", NULL);
  CHECK_NEAR(o.omega, 1.0, EPS);
  CHECK_NEAR(o.onmi, 1.0, EPS);
  CHECK_NEAR(o.ecs, 1.0, EPS);
}

/*
 * A tie of the pair rule: X = {0, 1}, {2, 3} against Y = {0, 2}, {1, 3}: every pair has
 * cells 1, 1, 1, 1 and f(1) + f(1) = f(1) + f(1): none counts, so H(X_k|Y) = H(X_k), I = 0:
 * onmi 0, and each mean of H(X_k|Y)/H(X_k) is 1: onmi_lfk = 1 − ½(1 + 1) = 0.
 */
static void test_tie(void) {
  const uint64_t x[] = {2, 2}, y[] = {2, 2}, o[] = {1, 1, 1, 1};
  const uint32_t cx[] = {0, 0, 1, 1}, cy[] = {0, 1, 0, 1};
  double onmi = -1, lfk = -1;
  CHECK(ce__overlap_nmi(4, x, 2, y, 2, 4, cx, cy, o, &onmi, &lfk) == CE_OK);
  CHECK_NEAR(onmi, 0.0, EPS);
  CHECK_NEAR(lfk, 0.0, EPS);
  /* One cluster on each side holding every element: H = 0 both, so onmi is 1 and each
   * cluster contributes 1 to its mean: onmi_lfk = 0. */
  const uint64_t all[] = {4}, one_cell[] = {4};
  const uint32_t zero[] = {0};
  CHECK(ce__overlap_nmi(4, all, 1, all, 1, 1, zero, zero, one_cell, &onmi, &lfk) == CE_OK);
  CHECK_NEAR(onmi, 1.0, EPS);
  CHECK_NEAR(lfk, 0.0, EPS);
}

/*
 * A partition pair: gold {a, b}, {c, d, e}; system {a}, {b, c, d}, {e}.
 *          k1 k2 k3 | a
 *    X      1  1  0 | 2
 *    Y      0  2  1 | 3
 * ECS: S_i = |C1(i) ∩ C2(i)| / max(|C1(i)|, |C2(i)|): a 1/2, b 1/3, c 2/3, d 2/3, e 1/3;
 * the mean 1/2, as (1/5)(1²/2 + 1²/3 + 2²/3 + 1²/3) = (1/5)(5/2).
 * Omega: M = 10 pairs; together in gold 1 + 3 = 4, in the system 3, in both 1 (c, d);
 * t1 = t2 for 1 + (10 − 4 − 3 + 1) = 5 pairs: Obs = 1/2; Exp = (4·3 + 6·7)/100 = 27/50;
 * Ω = (1/2 − 27/50)/(23/50) = −2/23, which is ARI: (1 − 12/10)/(7/2 − 12/10) = −2/23.
 * Onmi: with f(c) = c·log2(5/c), the pairs (X,k1): cells 1,1,0,3, f(1) + f(3) > f(0) + f(1),
 * counts; (X,k2): 1,1,2,1, f(1) + f(1) > f(2) + f(1) fails (f(2) > f(1)); (Y,k2): 2,1,1,1,
 * f(2) + f(1) > f(1) + f(1) counts; (Y,k3): 1,2,0,2, f(1) + f(2) > f(0) + f(2) counts.
 */
static double f5(double c) {
  return c > 0 ? c * log2(5 / c) : 0;
}

static void test_partitions(void) {
  const uint64_t counts[] = {1, 1, 0, 0, 2, 1};
  ce_table table;
  ce_measures m = {{0}, {0}};
  ce_measure_options options = {1.0, 0, CE_MEAN_ARITHMETIC, NULL, NULL, NULL, NULL, 1};
  CHECK(ce__table_from_dense(&table, counts, 2, 3) == CE_OK);
  CHECK(ce__measures_all(&table, &options, &m) == CE_OK);
  CHECK_NEAR(m.value[CE_ECS], 0.5, EPS);
  CHECK_NEAR(m.value[CE_OMEGA], -2.0 / 23, EPS);
  CHECK_NEAR(m.value[CE_OMEGA], m.value[CE_ARI], EPS);
  /* H(X) = f(2) + f(3), H(Y) likewise; H(k1) = H(k3) = f(1) + f(4), H(k2) = f(3) + f(2).
   * H*(X|k1) = f(1) + f(1) + f(0) + f(3) − H(k1); H*(k1|X) = the same Σf − H(X).
   * H*(Y|k2) = f(2) + f(1) + f(1) + f(1) − H(k2); H*(k2|Y) = that Σf − H(Y).
   * H*(Y|k3) = f(1) + f(2) + f(0) + f(2) − H(k3); H*(k3|Y) = that Σf − H(Y). */
  double hx = f5(2) + f5(3), hy = hx, hk1 = f5(1) + f5(4), hk2 = f5(3) + f5(2), hk3 = hk1;
  double s1 = f5(1) + f5(1) + f5(3), s2 = f5(2) + 3 * f5(1), s3 = 2 * f5(2) + f5(1);
  double x_k = fmin(hx, s1 - hk1), y_k = fmin(hy, fmin(s2 - hk2, s3 - hk3));
  double k1_c = fmin(hk1, s1 - hx), k2_c = fmin(hk2, s2 - hy), k3_c = fmin(hk3, s3 - hy);
  double gold = hx + hy, system = hk1 + hk2 + hk3;
  double mutual = 0.5 * (gold - (x_k + y_k) + system - (k1_c + k2_c + k3_c));
  CHECK_NEAR(m.value[CE_ONMI], mutual / fmax(gold, system), EPS);
  double lfk = 1 - 0.5 * ((x_k / hx + y_k / hy) / 2 + (k1_c / hk1 + k2_c / hk2 + k3_c / hk3) / 3);
  CHECK_NEAR(m.value[CE_ONMI_LFK], lfk, EPS);
  ce__table_free(&table);
  /* The same as items: monosemous entries, a partition of the items. */
  double s[5];
  ce_overlap_type o = overlap(5, 2, 3, "0 | 0 | 1 | 1 | 1", "0 | 1 | 1 | 1 | 2", s);
  CHECK_NEAR(o.ecs, 0.5, EPS);
  CHECK_NEAR(o.omega, -2.0 / 23, EPS);
  CHECK_NEAR(o.onmi, m.value[CE_ONMI], EPS);
  CHECK_NEAR(o.onmi_lfk, m.value[CE_ONMI_LFK], EPS);
  const double want[5] = {0.5, 1.0 / 3, 2.0 / 3, 2.0 / 3, 1.0 / 3};
  for (int i = 0; i < 5; i++) CHECK_NEAR(s[i], want[i], EPS);
}

/*
 * ECS of a partition against a cover, α = 9/10, three items: gold {0, 1}, {2}; system
 * c1 = {0, 1}, c2 = {1, 2} (item 1 in both: k_1 = 2).
 * Gold is a partition: P1 = (1−α)I + αW1 = [[11/20, 9/20, 0], [9/20, 11/20, 0], [0, 0, 1]].
 * System: W2 = [[1/2, 1/2, 0], [1/4, 1/2, 1/4], [0, 1/2, 1/2]] (W_ij = Σ_c 1/(k_i·|c|)),
 * I − αW2 = N/40 with N = [[22, −18, 0], [−9, 22, −9], [0, −18, 22]], det N = 3520, and
 * P2 = (1/10)·40·N⁻¹ = 4·adj(N)/3520, adj(N) rows (322, 396, 162), (198, 484, 198),
 * (162, 396, 322): P2 = [[161/440, 9/20, 81/440], [9/40, 11/20, 9/40],
 * [81/440, 9/20, 161/440]].
 * S_i = 1 − (1/(2α))·Σ_j |P1_ij − P2_ij| = 1 − (5/9)·Σ_j:
 *   S_0 = 1 − (5/9)(81/440 + 0 + 81/440) = 1 − 9/44 = 35/44;
 *   S_1 = 1 − (5/9)(9/40 + 0 + 9/40) = 3/4;
 *   S_2 = 1 − (5/9)(81/440 + 198/440 + 279/440) = 1 − 31/44 = 13/44;
 * ecs = (35/44 + 33/44 + 13/44)/3 = 27/44. |P1 − P2| is symmetric in the two sides: the
 * cover as gold gives the same.
 */
static void test_ecs_cover(void) {
  double s[3];
  ce_overlap_type o = overlap(3, 2, 2, "0 | 0 | 1", "0 | 0 1 | 1", s);
  CHECK_NEAR(o.ecs, 27.0 / 44, EPS);
  CHECK_NEAR(s[0], 35.0 / 44, EPS);
  CHECK_NEAR(s[1], 3.0 / 4, EPS);
  CHECK_NEAR(s[2], 13.0 / 44, EPS);
  o = overlap(3, 2, 2, "0 | 0 1 | 1", "0 | 0 | 1", s);
  CHECK_NEAR(o.ecs, 27.0 / 44, EPS);
  CHECK_NEAR(s[2], 13.0 / 44, EPS);
  /* Both sides covers (the general path): an extra class on item 2 of gold makes gold
   * polysemous; against itself it is 1. */
  o = overlap(3, 3, 3, "0 | 0 1 | 1 2", "0 | 0 1 | 1 2", s);
  CHECK_NEAR(o.ecs, 1.0, EPS);
}

/* A small generator for the random covers (xorshift64*): the same instances every run. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t draw(uint32_t bound) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (uint32_t)((rng_state * 0x2545f4914f6cdd1du) >> 33) % bound;
}

#define DENSE_MOST 40

/*
 * P = (1−α)(I − αW)⁻¹ of one side, W_ij = Σ_{c ∋ i, j} 1/(k_i·|c|) (SPEC §3.3), from the
 * n×labels membership matrix `in`, inverted by Gauss–Jordan with partial pivoting on the
 * whole n×n matrix: none of the low-rank form, the components or the signatures.
 */
static void dense_walk(size_t n, size_t labels, int in[][DENSE_MOST], double p[][DENSE_MOST]) {
  double a[DENSE_MOST][2 * DENSE_MOST];
  double size[DENSE_MOST] = {0}, k[DENSE_MOST] = {0};
  for (size_t i = 0; i < n; i++)
    for (size_t c = 0; c < labels; c++) size[c] += in[i][c], k[i] += in[i][c];
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < 2 * n; j++) {
      double w = 0;
      for (size_t c = 0; j < n && c < labels; c++)
        if (in[i][c] && in[j][c]) w += 1 / (k[i] * size[c]);
      a[i][j] = j < n ? (i == j) - CE_ECS_ALPHA * w : (j - n == i);
    }
  for (size_t col = 0; col < n; col++) {
    size_t best = col;
    for (size_t i = col + 1; i < n; i++)
      if (fabs(a[i][col]) > fabs(a[best][col])) best = i;
    for (size_t j = 0; j < 2 * n; j++) {
      double swap = a[col][j];
      a[col][j] = a[best][j];
      a[best][j] = swap;
    }
    double pivot = a[col][col];
    for (size_t j = 0; j < 2 * n; j++) a[col][j] /= pivot;
    for (size_t i = 0; i < n; i++) {
      double factor = a[i][col];
      if (i == col) continue;
      for (size_t j = 0; j < 2 * n; j++) a[i][j] -= factor * a[col][j];
    }
  }
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) p[i][j] = (1 - CE_ECS_ALPHA) * a[i][n + j];
}

/* The rows of `in` as build() reads entries: "0 2| 1|...". */
static void entries_text(char *text, size_t n, size_t labels, int in[][DENSE_MOST]) {
  char *at = text;
  for (size_t i = 0; i < n; i++) {
    if (i) at += sprintf(at, "|");
    for (size_t c = 0; c < labels; c++)
      if (in[i][c]) at += sprintf(at, " %zu", c);
  }
}

/*
 * One random instance: n items, each side's labels in `groups` groups that an item keeps
 * to (so that the labels fall into several components), `share` of the items with two or
 * three labels, some entries repeated (signatures weighing more than one item). Side 1 may
 * leave an item without a cluster. Every item's S_i against the dense form.
 */
static void random_ecs(size_t n, size_t labels, size_t groups, uint32_t share[2]) {
  int in[2][DENSE_MOST][DENSE_MOST];
  static double p[2][DENSE_MOST][DENSE_MOST];
  memset(in, 0, sizeof in);
  for (size_t i = 0; i < n; i++)
    for (int side = 0; side < 2; side++) {
      if (i && draw(4) == 0) { /* the previous item's entry again */
        memcpy(in[side][i], in[side][i - 1], sizeof in[side][i]);
        continue;
      }
      if (side == 1 && draw(25) == 0) continue; /* no cluster */
      size_t width = labels / groups, base = draw((uint32_t)groups) * width;
      size_t count = draw(100) < share[side] ? 2 + draw(2) : 1;
      for (size_t j = 0; j < count; j++) in[side][i][base + draw((uint32_t)width)] = 1;
    }
  char gold[1024], system[1024];
  entries_text(gold, n, labels, in[0]);
  entries_text(system, n, labels, in[1]);
  double s[DENSE_MOST], threaded[DENSE_MOST];
  ce_overlap_type o = overlap(n, labels, labels, gold, system, s);
  /* On three threads: the same numbers, to the last bit. */
  ce_overlap_type o3 = overlap_on(n, labels, labels, gold, system, 3, threaded);
  CHECK(o3.ecs == o.ecs && !memcmp(s, threaded, n * sizeof *s));
  double mean = 0;
  dense_walk(n, labels, in[0], p[0]);
  dense_walk(n, labels, in[1], p[1]);
  for (size_t i = 0; i < n; i++) {
    double gap = 0;
    for (size_t j = 0; j < n; j++) gap += fabs(p[0][i][j] - p[1][i][j]);
    double want = 1 - gap / (2 * CE_ECS_ALPHA);
    CHECK_NEAR(s[i], want, EPS);
    mean += want / (double)n;
  }
  CHECK_NEAR(o.ecs, mean, EPS);
}

/* Random covers on both sides (the trie and pair path), against a partition on one side
 * (the part path), in one component or several. */
static void test_ecs_random(void) {
  for (int round = 0; round < 60; round++) {
    size_t n = 2 + draw(DENSE_MOST - 1), groups = 1 + draw(3), labels = groups * (2 + draw(4));
    uint32_t share[2] = {draw(80), draw(80)};
    if (round % 4 == 1) share[0] = 0; /* gold a partition */
    if (round % 4 == 2) share[1] = 0; /* the system a partition but for items with none */
    random_ecs(n, labels, groups, share);
  }
}

/* Past its budget a measure is left out, and says how much it would have cost. */
static void test_budgets(void) {
  ce_entries e;
  ce_table table;
  ce_overlap_type o;
  double s[3];
  build(&e, 3, 2, 2, "0 | 0 | 1", "0 | 0 1 | 1");
  CHECK(ce__table_from_entries(&table, &e, 0) == CE_OK);
  CHECK(ce__overlap_type(&e, &table, 0.5, 0.5, 1, &o, s) == CE_OK);
  CHECK(o.has_nmi && !o.has_omega && !o.has_ecs);
  CHECK(o.omega_walk > 0.5 && o.ecs_work > 0.5);
  CHECK(isnan(s[0]) && isnan(s[2]));
  ce__table_free(&table);
  ce__entries_free(&e);
}

int main(void) {
  test_covers();
  test_omega_two_shared();
  test_tie();
  test_partitions();
  test_ecs_cover();
  test_ecs_random();
  test_budgets();
  return check_report("overlap");
}
