/*
 * The paired tests' p-values (SPEC §3.5), measured on simulated corpora (simulate.h):
 *  - type I error: two systems drawn from the same process (the same cluster distribution
 *    given each gold class, drawn independently token by token) are found to differ at
 *    p < 0.05 in 3% to 7% of 500 corpora of 200 sentences, by approximate randomization and
 *    by the paired bootstrap;
 *  - power: a system drawn with its class's own cluster 75% of the time instead of 70% is
 *    found better (p < 0.05, in its favour) in most of 100 corpora.
 * Every rate is printed, per measure and method. `test_significance CORPORA SENTENCES` runs
 * the type I error alone on other sizes.
 */
#include "simulate.h"

/* make test's sizes; `test_significance CORPORA SENTENCES` runs the type I error on others. */
static unsigned null_corpora = 500, sentences = 200;
enum { POWER_CORPORA = 100 };
enum { SHUFFLES = 1000, RESAMPLES = 500 };

typedef struct watched {
  ce_measure measure;
  int checked;
  unsigned found[2]; /* by test: p < 0.05 (in the better system's favour, for power) */
} watched;

static watched watch[] = {
    {CE_M1, 1, {0, 0}},  {CE_O1, 0, {0, 0}},     {CE_V_MEASURE, 1, {0, 0}},
    {CE_NMI, 0, {0, 0}}, {CE_AMI, 0, {0, 0}},    {CE_ARI, 1, {0, 0}},
    {CE_VI, 1, {0, 0}},  {CE_PAIR_F, 0, {0, 0}}, {CE_BCUBED_F, 0, {0, 0}},
};
enum { WATCHED = sizeof watch / sizeof watch[0] };

static const char *const test_names[2] = {"paired bootstrap", "approximate randomization"};

/* Runs both tests on `corpora` corpora whose systems are drawn by `a` and `b`; counts, per
 * measure and test, p < 0.05 (and, with `favour_a`, system 1 ahead as well). */
static void simulate(uint64_t seed, unsigned corpora, sim_system a, sim_system b, int favour_a) {
  const sim_system systems[2] = {a, b};
  ce_buf gold = {0}, out[2] = {{0}, {0}};
  uint64_t state = seed;
  for (size_t w = 0; w < WATCHED; w++) watch[w].found[0] = watch[w].found[1] = 0;
  for (unsigned run = 0; run < corpora; run++) {
    sim_corpus(&state, sentences, systems, 2, &gold, out);
    for (int test = 0; test < 2; test++) {
      const double bootstrap[] = {CE_OPT_LEVELS,    1,         CE_OPT_SEED, run + 1,
                                  CE_OPT_BOOTSTRAP, RESAMPLES, CE_OPT_CI,   CE_CI_PERCENTILE,
                                  CE_OPT_COUNT};
      const double ar[] = {CE_OPT_LEVELS,   1,        CE_OPT_SEED, run + 1, CE_OPT_TEST, CE_TEST_AR,
                           CE_OPT_SHUFFLES, SHUFFLES, CE_OPT_COUNT};
      ce_eval *ev = sim_evaluate(CE_FORMAT_AUTO, &gold, out, 2, test ? ar : bootstrap);
      for (size_t w = 0; w < WATCHED; w++) {
        double p, va, vb;
        CHECK(ce_eval_p_value(ev, 0, 1, CE_LEVEL_TOKEN, watch[w].measure, &p) == CE_OK);
        CHECK(ce_eval_value(ev, 0, CE_LEVEL_TOKEN, watch[w].measure, &va) == CE_OK);
        CHECK(ce_eval_value(ev, 1, CE_LEVEL_TOKEN, watch[w].measure, &vb) == CE_OK);
        int ahead = ce_measure_higher_is_better(watch[w].measure) ? va > vb : va < vb;
        watch[w].found[test] += p < 0.05 && (!favour_a || ahead);
      }
      ce_eval_free(ev);
    }
  }
  ce__buf_free(&gold);
  ce__buf_free(&out[0]);
  ce__buf_free(&out[1]);
}

/* The rates per measure and test; the checked ones must lie in [lo, hi]. */
static void report(const char *title, unsigned corpora, double lo, double hi) {
  printf("%s\n  %-12s %18s %27s\n", title, "measure", test_names[0], test_names[1]);
  for (size_t w = 0; w < WATCHED; w++) {
    double rate[2] = {(double)watch[w].found[0] / corpora, (double)watch[w].found[1] / corpora};
    printf("  %-12s %17.1f%% %26.1f%%%s\n", ce_measure_id(watch[w].measure), 100 * rate[0],
           100 * rate[1], watch[w].checked ? "  (checked)" : "");
    for (int test = 0; test < 2 && watch[w].checked; test++) {
      if (!(rate[test] >= lo && rate[test] <= hi))
        fprintf(stderr, "%s, %s: %.3f outside [%.2f, %.2f]\n", ce_measure_id(watch[w].measure),
                test_names[test], rate[test], lo, hi);
      CHECK(rate[test] >= lo && rate[test] <= hi);
    }
  }
}

static void test_type_one_error(void) {
  simulate(4242, null_corpora, sim_population_system, sim_population_system, 0);
  char title[200];
  snprintf(title, sizeof title,
           "type I error: two systems from the same process, %u corpora of %u sentences;\n"
           "share with p < 0.05 (paired bootstrap: %d resamples; AR: %d shuffles)",
           null_corpora, sentences, RESAMPLES, SHUFFLES);
  report(title, null_corpora, 0.03, 0.07);
}

static void test_power(void) {
  /* The better system: its class's own cluster 75 times in 100 instead of 70, the rest as
   * the population's in proportion. */
  sim_system better = {75, 10 * 25.0 / 30, 2 * 25.0 / 30};
  simulate(777, POWER_CORPORA, better, sim_population_system, 1);
  char title[200];
  snprintf(title, sizeof title,
           "power: a system right 75%% of the time against one right 70%%, %d corpora of %u "
           "sentences;\nshare found better at p < 0.05",
           POWER_CORPORA, sentences);
  report(title, POWER_CORPORA, 0.5, 1.0);
}

int main(int argc, char **argv) {
  if (argc == 3) {
    null_corpora = (unsigned)strtoul(argv[1], NULL, 10);
    sentences = (unsigned)strtoul(argv[2], NULL, 10);
    test_type_one_error();
    return check_report("test_significance");
  }
  test_type_one_error();
  test_power();
  return check_report("test_significance");
}
