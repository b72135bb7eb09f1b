/*
 * MicroC's best untouched class (measures/union_groups.c): the search over groups of classes
 * alike in (T, CM, |c|) finds, to the last bit, the largest gain a scan of every class not
 * hidden finds, as classes change group, are hidden and shown again, on random instances
 * with many classes and many ties. And the climb it serves gives the same M-1 values as
 * before, on one-item classes in one-item unions, where the groups matter most.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"
#include "common/rng_internal.h"
#include "measures/union_groups_internal.h"

/* The largest gain over the classes not hidden, class by class. */
static double scan_max(size_t n, const uint32_t *t, const uint32_t *cm, const uint32_t *z,
                       const unsigned char *hidden, uint32_t size) {
  double best = -DBL_MAX;
  for (size_t c = 0; c < n; c++) {
    if (hidden[c]) continue;
    double gain = ce__gain_joined(t[c], cm[c], z[c], size);
    if (gain > best) best = gain;
  }
  return best;
}

/* Numbers drawn from a few values (ties, as one-item classes make) or from many. */
static void draw(ce_rng *rng, int narrow, uint32_t *t, uint32_t *cm, uint32_t *z) {
  uint32_t range = narrow ? 3 : 400;
  *z = 1 + (uint32_t)ce__rng_below(rng, range);
  *cm = (uint32_t)ce__rng_below(rng, *z + 1);
  *t = *cm + (uint32_t)ce__rng_below(rng, range);
}

static void test_against_scan(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 7, 0);
  for (int round = 0; round < 40; round++) {
    size_t n = 1 + (size_t)ce__rng_below(&rng, round < 20 ? 50 : 5000);
    int narrow = round % 2;
    uint32_t *t = malloc(n * sizeof *t), *cm = malloc(n * sizeof *cm), *z = malloc(n * sizeof *z);
    unsigned char *hidden = calloc(n, 1);
    uint32_t *hid = malloc(n * sizeof *hid);
    ce_union_groups groups;
    CHECK(ce__union_groups_init(&groups, n) == CE_OK);
    for (size_t c = 0; c < n; c++) draw(&rng, narrow, &t[c], &cm[c], &z[c]);
    ce__union_groups_reset(&groups);
    for (size_t c = 0; c < n; c++) ce__union_groups_place(&groups, (uint32_t)c, t[c], cm[c], z[c]);
    for (int step = 0; step < 200; step++) {
      /* A visit: some classes change their numbers, then some are hidden for the search. */
      for (int change = (int)ce__rng_below(&rng, 3); change > 0; change--) {
        uint32_t c = (uint32_t)ce__rng_below(&rng, n);
        draw(&rng, narrow, &t[c], &cm[c], &z[c]);
        ce__union_groups_set(&groups, c, t[c], cm[c], z[c]);
      }
      size_t hid_n = (size_t)ce__rng_below(&rng, n < 8 ? n + 1 : 8);
      if (step % 50 == 49) hid_n = n; /* every class touched */
      size_t distinct = 0;
      for (size_t j = 0; j < hid_n; j++) {
        uint32_t c = hid_n == n ? (uint32_t)j : (uint32_t)ce__rng_below(&rng, n);
        if (hidden[c]) continue;
        hidden[c] = 1;
        hid[distinct++] = c;
        ce__union_groups_hide(&groups, c);
      }
      uint32_t size = 1 + (uint32_t)ce__rng_below(&rng, 30);
      double want = scan_max(n, t, cm, z, hidden, size);
      double got = ce__union_groups_max(&groups, size);
      CHECK(got == want);
      if (got != want)
        fprintf(stderr, "n %zu step %d: %.17g, the scan %.17g\n", n, step, got, want);
      for (size_t j = 0; j < distinct; j++) {
        ce__union_groups_show(&groups, hid[j]);
        hidden[hid[j]] = 0;
      }
    }
    ce__union_groups_free(&groups);
    free(t);
    free(cm);
    free(z);
    free(hidden);
    free(hid);
  }
}

/* Tagged text of `n` one-token types, each its own gold class, in clusters of 1 to 3 items:
 * entities or senses, the shape where every class's gain ties every other's. *sum receives
 * Σ_k 2·s_k/(s_k + 1) over the clusters' sizes s_k. */
static void one_token_types(size_t n, ce_rng *rng, char **gold, char **system, double *sum) {
  size_t cap = n * 32 + 1;
  *gold = malloc(cap);
  *system = malloc(cap);
  *sum = 0.0;
  size_t g = 0, s = 0, cluster = 0, left = 0;
  for (size_t i = 0; i < n; i++) {
    if (!left) {
      left = 1 + (size_t)ce__rng_below(rng, 3);
      if (left > n - i) left = n - i;
      *sum += 2.0 * (double)left / (double)(left + 1);
      cluster = i;
    }
    left--;
    g += (size_t)snprintf(*gold + g, cap - g, "w%zu\tc%zu\n", i, i);
    s += (size_t)snprintf(*system + s, cap - s, "w%zu\tk%zu\n", i, cluster);
  }
}

/*
 * MicroC on 20,000 one-token types, worked by hand: a class is one item, and a cluster's s
 * items are s classes. Mapped to one of them, the cluster is a union of s items with one
 * match: |z|·F_z = s·2/(s + 1). Another class adds no match, and two clusters in one class
 * make 2(s1 + s2)/(s1 + s2 + 1), less than apart. So M-1 and 1-1 are Σ_k 2·s_k/(s_k + 1) / N,
 * which the climb must reach (each visit's best untouched class ties every other's).
 */
static void test_one_token_types(void) {
  ce_rng rng;
  ce__rng_seed(&rng, 11, 0);
  char *gold, *system;
  double sum;
  size_t n = 20000;
  one_token_types(n, &rng, &gold, &system, &sum);
  ce_eval *ev = ce_eval_create();
  ce_error err;
  CHECK(ce_eval_set(ev, CE_OPT_THREADS, 1) == CE_OK);
  CHECK(ce_eval_add_input(ev, "gold", NULL, &err) == CE_OK);
  CHECK(ce_eval_add_input(ev, "system", NULL, &err) == CE_OK);
  CHECK(ce_eval_feed(ev, 0, gold, strlen(gold), &err) == CE_OK);
  CHECK(ce_eval_feed(ev, 1, system, strlen(system), &err) == CE_OK);
  CHECK(ce_eval_close(ev, 0, &err) == CE_OK && ce_eval_close(ev, 1, &err) == CE_OK);
  CHECK(ce_eval_finish(ev, &err) == CE_OK);
  double m1 = 0, o1 = 0;
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_M1, &m1) == CE_OK);
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_O1, &o1) == CE_OK);
  CHECK_NEAR(m1, sum / (double)n, 1e-12);
  CHECK_NEAR(o1, sum / (double)n, 1e-12);
  ce_eval_free(ev);
  free(gold);
  free(system);
}

int main(void) {
  test_against_scan();
  test_one_token_types();
  return check_report("union_groups");
}
