/*
 * Coverage of the bootstrap's 95% intervals, measured (SPEC §3.5): 200 corpora (and 200
 * lexicons) drawn from a synthetic population whose measures are known exactly
 * (simulate.h), each scored with --bootstrap at the default BCa; the share of intervals that
 * hold the population value must lie between 90% and 98% for the headline measures. Also
 * how many values were marked biased beyond their spread (their interval bias-corrected, see
 * test_coverage_zipf.c for the regimes where that happens), the share of the intervals that
 * hold their own value (all of those not marked), and the coverage of BCa read as scipy reads
 * it, where an end beyond the resamples stops at the last one (the core extends such a
 * tail). Every figure is printed.
 */
#include "simulate.h"
#include "stats/bootstrap_internal.h"
#include "stats/numeric_internal.h"

enum { CORPORA = 200, SENTENCES = 250, ITEMS = 1000 };
enum { TOKEN_RESAMPLES = 1000, TYPE_RESAMPLES = 500 };

/* The measures whose coverage is checked, and others shown beside them. */
typedef struct watched {
  ce_level level;
  ce_measure measure;
  int checked;
  double truth;
  unsigned covered, withheld, made, own; /* withheld: marked biased */
  unsigned plain; /* covered by BCa read as scipy reads it, without the extended tails */
} watched;

static watched token_watch[] = {
    {CE_LEVEL_TOKEN, CE_M1, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_O1, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_V_MEASURE, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_NMI, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_AMI, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_ARI, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_VI, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_INV_PURITY, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_HOMOGENEITY, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_COMPLETENESS, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_H_C_GIVEN_K, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_MI, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_PAIR_F, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_FMI, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_RAND, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TOKEN, CE_BCUBED_F, 0, 0, 0, 0, 0, 0, 0},
};

static watched type_watch[] = {
    {CE_LEVEL_TYPE, CE_MACRO_I_M1, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TYPE, CE_MICRO_C_O1, 1, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TYPE, CE_MACRO_I_O1, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TYPE, CE_MICRO_I_M1, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TYPE, CE_MICRO_I_O1, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TYPE, CE_MICRO_C_M1, 0, 0, 0, 0, 0, 0, 0},
    {CE_LEVEL_TYPE, CE_EBCUBED_F, 0, 0, 0, 0, 0, 0, 0},
};

/* Whether the BCa interval of the resamples, read as scipy reads it, holds the truth. */
static int plain_covers(const ce_eval *ev, const watched *w, double value) {
  const ce_boot *boot = ev->boot;
  const ce_boot_row *br = &boot->rows[0];
  int slot = br->slot_of[w->level][w->measure];
  double *sorted = malloc(boot->done * sizeof *sorted), jack[CE_JACKKNIFE_BLOCKS];
  for (unsigned b = 0; b < boot->done; b++) sorted[b] = br->samples[(size_t)slot * boot->total + b];
  for (size_t g = 0; g < boot->blocks[w->level]; g++)
    jack[g] = br->jackknife[(size_t)slot * CE_JACKKNIFE_BLOCKS + g];
  ce__sort_doubles(sorted, boot->done);
  ce_interval iv;
  ce__interval_of(CE_CI_BCA, value, sorted, boot->done, jack, boot->blocks[w->level], 0.95, 0, &iv);
  free(sorted);
  return iv.lo <= w->truth && w->truth <= iv.hi;
}

/* The population's values of the watched measures, from its run (freed). */
static void truths(ce_eval *population, watched *w, size_t count) {
  for (size_t i = 0; i < count; i++)
    CHECK(ce_eval_value(population, 0, w[i].level, w[i].measure, &w[i].truth) == CE_OK);
  ce_eval_free(population);
}

/* Tallies one run's intervals against the truth and against their own values; frees it. */
static void tally(ce_eval *ev, watched *w, size_t count) {
  for (size_t i = 0; i < count; i++) {
    double value, lo, hi;
    CHECK(ce_eval_value(ev, 0, w[i].level, w[i].measure, &value) == CE_OK);
    w[i].plain += plain_covers(ev, &w[i], value);
    /* Every measure watched has an interval: none is withheld. */
    CHECK(ce_eval_interval(ev, 0, w[i].level, w[i].measure, &lo, &hi) == CE_OK);
    double bias;
    const char *note;
    CHECK(ce_eval_interval_bias(ev, 0, w[i].level, w[i].measure, &bias, &note) == CE_OK);
    w[i].withheld += note != NULL; /* marked biased */
    w[i].made++;
    w[i].own += (lo <= value && value <= hi) || note;
    w[i].covered += lo <= w[i].truth && w[i].truth <= hi;
  }
  ce_eval_free(ev);
}

static void report(const char *what, unsigned resamples, const watched *w, size_t count,
                   unsigned runs) {
  printf("%s, BCa 95%% intervals from %u resamples\n  %-16s %10s %9s %9s %9s %11s\n", what,
         resamples, "measure", "truth", "covered", "marked", "own value", "scipy's BCa");
  for (size_t i = 0; i < count; i++) {
    double coverage = (double)w[i].covered / runs;
    printf("  %s.%-12s %10.5f %8.1f%% %9u %8.1f%% %10.1f%%%s\n", w[i].level ? "type" : "token",
           ce_measure_id(w[i].measure), w[i].truth, 100 * coverage, w[i].withheld,
           w[i].made ? 100.0 * w[i].own / w[i].made : 0.0, 100.0 * w[i].plain / runs,
           w[i].checked ? "  (checked)" : "");
    /* Every interval holds its own value but those marked biased. */
    CHECK(w[i].own == w[i].made);
    if (w[i].checked) {
      if (!(coverage >= 0.90 && coverage <= 0.98))
        fprintf(stderr, "%s: coverage %.3f outside [0.90, 0.98]\n", ce_measure_id(w[i].measure),
                coverage);
      CHECK(coverage >= 0.90 && coverage <= 0.98);
    }
  }
}

static void test_token_coverage(void) {
  /* The population's values: its table, the cell weights times 10^4 (N = 3.3·10^8, where
   * AMI's expected MI and the pair counts' −1 no longer show), read as a counts file. */
  ce_buf table = {0};
  for (int c = 0; c < SIM_CLASSES; c++)
    for (int k = 0; k < SIM_CLUSTERS; k++)
      ce__buf_printf(&table, "C%d\tK%d\t%.0f\n", c, k, sim_population_cell(c, k) * 1e4);
  const double none[] = {CE_OPT_COUNT};
  size_t count = sizeof token_watch / sizeof token_watch[0];
  truths(sim_evaluate(CE_FORMAT_COUNTS, &table, NULL, 0, none), token_watch, count);

  const sim_system systems[] = {sim_population_system};
  ce_buf gold = {0}, system = {0};
  uint64_t state = 20261124;
  for (unsigned run = 0; run < CORPORA; run++) {
    sim_corpus(&state, SENTENCES, systems, 1, &gold, &system);
    double seeded[] = {CE_OPT_BOOTSTRAP, TOKEN_RESAMPLES, CE_OPT_LEVELS, 1,
                       CE_OPT_SEED,      run + 1,         CE_OPT_COUNT};
    tally(sim_evaluate(CE_FORMAT_AUTO, &gold, &system, 1, seeded), token_watch, count);
  }
  report("token level: 200 corpora of 250 sentences", TOKEN_RESAMPLES, token_watch, count, CORPORA);
  ce__buf_free(&gold);
  ce__buf_free(&system);
  ce__buf_free(&table);
}

static void test_type_coverage(void) {
  /* The population's values: every kind of item as often as its weight (14,080 items), M-1
   * climbing from 40 starts. */
  ce_buf gold = {0}, system = {0};
  sim_type_population(&gold, &system);
  const double climb[] = {CE_OPT_RESTARTS, 40, CE_OPT_COUNT};
  size_t count = sizeof type_watch / sizeof type_watch[0];
  truths(sim_evaluate(CE_FORMAT_LEXICON, &gold, &system, 1, climb), type_watch, count);

  uint64_t state = 19870101;
  for (unsigned run = 0; run < CORPORA; run++) {
    sim_type_sample(&state, ITEMS, &gold, &system);
    double seeded[] = {CE_OPT_BOOTSTRAP, TYPE_RESAMPLES, CE_OPT_SEED, run + 1, CE_OPT_COUNT};
    tally(sim_evaluate(CE_FORMAT_LEXICON, &gold, &system, 1, seeded), type_watch, count);
  }
  report("type level: 200 lexicons of 1000 items", TYPE_RESAMPLES, type_watch, count, CORPORA);
  ce__buf_free(&gold);
  ce__buf_free(&system);
}

int main(void) {
  test_token_coverage();
  test_type_coverage();
  return check_report("test_coverage");
}
