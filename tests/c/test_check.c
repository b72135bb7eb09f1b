/*
 * Reported numbers (ce_eval_check): hand-made tables in every shape a paper prints, on an
 * instance whose values are worked by hand, with the verdict each cell must get.
 *
 * Gold: two sentences, a b (X) and c d (Y).
 * s1.tsv = a b | c d, the gold partition: M-1 = 1-1 = 1, VI = 0.
 * s2.tsv = a | b c d: {a} maps to X (1 token), {b, c, d} to Y (2): M-1 = 3/4; one-to-one maps
 *   the same way (the two clusters go to different classes): 1-1 = 3/4.
 *   VI = H(C|K) + H(K|C) = 3/4 · (ln 3 − 2/3 ln 2) + 1/2 · ln 2 = 0.823960 (test_tables.c).
 * Each word occurs once, so the type level's M-1 is the token level's.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"
#include "output/check_internal.h"
#include "run/run_internal.h"

static const char gold[] = "a\tX\nb\tX\n\nc\tY\nd\tY\n";
static const char *const systems[][2] = {
    {"runs/s1.tsv", "a\t1\nb\t1\n\nc\t2\nd\t2\n"},
    {"runs/s2.tsv", "a\t1\nb\t2\n\nc\t2\nd\t2\n"},
};

static ce_eval *run(void) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_add_input(ev, "gold.tsv", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < 2; s++) CHECK(ce_eval_add_input(ev, systems[s][0], NULL, NULL) == CE_OK);
  ce_eval_feed(ev, 0, gold, sizeof gold - 1, NULL);
  for (size_t s = 0; s < 2; s++)
    ce_eval_feed(ev, s + 1, systems[s][1], strlen(systems[s][1]), NULL);
  for (size_t i = 0; i < 3; i++) ce_eval_close(ev, i, NULL);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  return ev;
}

/* One expected verdict: the reported row and heading, and 1 reproduces, 0 differs, -1 could
 * not be compared (with a problem containing `why`). */
typedef struct verdict {
  const char *system, *heading;
  int reproduced;
  double scale, tolerance;
  const char *why;
} verdict;

static void expect(ce_eval *ev, const char *name, const char *table, const verdict *want,
                   size_t count, const ce_check_alias *aliases, size_t alias_count) {
  size_t reported = 0, reproduced = 0, expected_good = 0;
  ce_error err = {0};
  ce_status status = ce_eval_check(ev, name, table, strlen(table), aliases, alias_count, &reported,
                                   &reproduced, &err);
  CHECK(status == CE_OK);
  if (status) {
    fprintf(stderr, "%s: %s\n", name, err.message);
    return;
  }
  CHECK(reported == count);
  if (reported != count)
    fprintf(stderr, "%s: %zu numbers read, %zu expected\n", name, reported, count);
  const ce_check *check = ev->check;
  for (size_t i = 0; i < count && i < check->count; i++) {
    const ce_check_cell *c = &check->cells[i];
    int got = c->has_computed ? c->reproduced : -1;
    expected_good += want[i].reproduced == 1;
    int ok = !strcmp(c->system, want[i].system) && !strcmp(c->heading, want[i].heading) &&
             got == want[i].reproduced && c->scale == want[i].scale &&
             fabs(c->tolerance - want[i].tolerance) < 1e-12 &&
             (!want[i].why || strstr(c->problem, want[i].why));
    CHECK(ok);
    if (!ok)
      fprintf(stderr,
              "%s, number %zu: read %s / %s = %s (scale %g, tolerance %g) -> %d, computed %g, "
              "problem '%s'; expected %s / %s -> %d (scale %g, tolerance %g)\n",
              name, i + 1, c->system, c->heading, c->printed, c->scale, c->tolerance, got,
              c->computed, c->problem, want[i].system, want[i].heading, want[i].reproduced,
              want[i].scale, want[i].tolerance);
  }
  CHECK(reproduced == expected_good);
}

/*
 * Markdown emphasis goes only where it is emphasis: "__x__" is the system named __x__ (its
 * TSV row says so), while "__100.0__" is a bold number. A file loaded twice gives two
 * systems of one name: the check compares with the first and says which.
 * __x__ is s2 (M-1 = 3/4), dup.tsv twice is s1 (M-1 = 1).
 */
static void test_names_as_written(void) {
  static const char *const names[] = {"__x__", "dup.tsv", "dup.tsv"};
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_add_input(ev, "gold.tsv", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < 3; s++) CHECK(ce_eval_add_input(ev, names[s], NULL, NULL) == CE_OK);
  ce_eval_feed(ev, 0, gold, sizeof gold - 1, NULL);
  for (size_t s = 0; s < 3; s++) {
    const char *text = systems[s ? 0 : 1][1];
    ce_eval_feed(ev, s + 1, text, strlen(text), NULL);
  }
  for (size_t i = 0; i < 4; i++) ce_eval_close(ev, i, NULL);
  CHECK(ce_eval_finish(ev, NULL) == CE_OK);
  const verdict want[] = {
      {"__x__", "M-1", 1, 100, 0.05, NULL},
      {"dup", "M-1", 1, 100, 0.05, NULL},
  };
  expect(ev, "names.md",
         "| System | M-1 |\n|---|---:|\n| __x__ | 75.0 |\n| **dup** | __100.0__ |\n", want, 2, NULL,
         0);
  const ce_check *check = ev->check;
  CHECK(check->count == 2 && check->cells[0].row == 0 && check->cells[1].row == 1);
  CHECK(check->count == 2 && check->cells[0].note[0] == '\0');
  if (check->count == 2)
    CHECK_STR_CONTAINS(check->cells[1].note,
                       "2 systems are named 'dup.tsv': compared with the first of them, system 2");
  char *json = NULL;
  CHECK(ce_eval_check_json(ev, &json, NULL) == CE_OK);
  CHECK_STR_CONTAINS(json, "\"note\":\"2 systems are named 'dup.tsv'");
  ce_free(json);
  ce_eval_free(ev);
}

int main(void) {
  ce_eval *ev = run();

  /* Headings by every name docs/page.md lists, and what they are not. */
  static const struct {
    const char *heading;
    int level, measure; /* -1: no measure */
  } names[] = {
      {"M-1", CE_LEVEL_TOKEN, CE_M1},
      {"many-to-one", CE_LEVEL_TOKEN, CE_M1},
      {"MTO", CE_LEVEL_TOKEN, CE_M1},
      {"1-1", CE_LEVEL_TOKEN, CE_O1},
      {"one-to-one", CE_LEVEL_TOKEN, CE_O1},
      {"V", CE_LEVEL_TOKEN, CE_V_MEASURE},
      {"VM", CE_LEVEL_TOKEN, CE_V_MEASURE},
      {"V-measure", CE_LEVEL_TOKEN, CE_V_MEASURE},
      {"NMI", CE_LEVEL_TOKEN, CE_NMI},
      {"AMI", CE_LEVEL_TOKEN, CE_AMI},
      {"ARI", CE_LEVEL_TOKEN, CE_ARI},
      {"VI", CE_LEVEL_TOKEN, CE_VI},
      {"NVI", CE_LEVEL_TOKEN, CE_NVI},
      {"H", CE_LEVEL_TOKEN, CE_HOMOGENEITY},
      {"C", CE_LEVEL_TOKEN, CE_COMPLETENESS},
      {"MacroI M-1", CE_LEVEL_TYPE, CE_MACRO_I_M1},
      {"MicroC 1-1", CE_LEVEL_TYPE, CE_MICRO_C_O1},
      {"macro_i_o1", CE_LEVEL_TYPE, CE_MACRO_I_O1},
      {"Token H(C|K) (nats)", CE_LEVEL_TOKEN, CE_H_C_GIVEN_K},
      {"type.m1", CE_LEVEL_TYPE, CE_M1},
      {"Type M-1", CE_LEVEL_TYPE, CE_M1},
      {"token.v_measure", CE_LEVEL_TOKEN, CE_V_MEASURE},
      {"B³ F", CE_LEVEL_TOKEN, CE_BCUBED_F},
      {"ONMI", CE_LEVEL_TOKEN, CE_ONMI},
      {"NMI<Max>", CE_LEVEL_TOKEN, CE_ONMI},
      {"NMI_max", CE_LEVEL_TOKEN, CE_ONMI},
      {"LFK NMI", CE_LEVEL_TOKEN, CE_ONMI_LFK},
      {"lfkNMI", CE_LEVEL_TOKEN, CE_ONMI_LFK},
      {"type.onmi_lfk", CE_LEVEL_TYPE, CE_ONMI_LFK},
      {"Omega", CE_LEVEL_TOKEN, CE_OMEGA},
      {"Omega index", CE_LEVEL_TOKEN, CE_OMEGA},
      {"Type Omega", CE_LEVEL_TYPE, CE_OMEGA},
      {"ECS", CE_LEVEL_TOKEN, CE_ECS},
      {"element-centric similarity", CE_LEVEL_TOKEN, CE_ECS},
      /* Word-sense induction's names (SPEC §3.7); in a sense run V and PF move to its level. */
      {"F-BC", CE_LEVEL_SENSE, CE_FUZZY_BCUBED_F},
      {"FBC", CE_LEVEL_SENSE, CE_FUZZY_BCUBED_F},
      {"Fuzzy B-Cubed", CE_LEVEL_SENSE, CE_FUZZY_BCUBED_F},
      {"F-NMI", CE_LEVEL_SENSE, CE_FUZZY_NMI},
      {"FNMI", CE_LEVEL_SENSE, CE_FUZZY_NMI},
      {"AVG", CE_LEVEL_SENSE, CE_FUZZY_AVG},
      {"senses.fuzzy_nmi", CE_LEVEL_SENSE, CE_FUZZY_NMI},
      {"Paired FScore", CE_LEVEL_TOKEN, CE_PAIR_F},
      {"FS", CE_LEVEL_TOKEN, CE_PAIR_F},
      /* Spoken term discovery's names (SPEC §3.8): "Token P" is tdev2's token precision, not
       * a level and a measure; grouping moves to the tde level in a tde run. */
      {"NED", CE_LEVEL_TDE, CE_NED},
      {"Cov.", CE_LEVEL_TDE, CE_COVERAGE},
      {"Coverage", CE_LEVEL_TDE, CE_COVERAGE},
      {"Token P", CE_LEVEL_TDE, CE_TOKEN_P},
      {"Type F", CE_LEVEL_TDE, CE_TYPE_F},
      {"Boundary R", CE_LEVEL_TDE, CE_BOUNDARY_R},
      {"boundary precision", CE_LEVEL_TDE, CE_BOUNDARY_P},
      {"tde.grouping_f", CE_LEVEL_TDE, CE_GROUPING_F},
      {"Grouping P", CE_LEVEL_TOKEN, CE_GROUPING_P},
      /* Coreference tables' names (SPEC §3.6); in a conll run B³ moves to its level. */
      {"MUC", CE_LEVEL_COREF, CE_MUC_F},
      {"MUC F1", CE_LEVEL_COREF, CE_MUC_F},
      {"B3", CE_LEVEL_TOKEN, CE_BCUBED_F},
      {"B-cubed", CE_LEVEL_TOKEN, CE_BCUBED_F},
      {"CEAFe", CE_LEVEL_COREF, CE_CEAFE_F},
      {"CEAFφ4", CE_LEVEL_COREF, CE_CEAFE_F},
      {"CEAF-m", CE_LEVEL_COREF, CE_CEAFM_F},
      {"BLANC", CE_LEVEL_COREF, CE_BLANC_F},
      {"LEA", CE_LEVEL_COREF, CE_LEA_F},
      {"CoNLL F1", CE_LEVEL_COREF, CE_CONLL_F},
      {"Avg. F1", CE_LEVEL_COREF, CE_CONLL_F},
      {"coref.lea_r", CE_LEVEL_COREF, CE_LEA_R},
      {"coref.m1", -1, -1}, /* no coref level */
      {"sense.m1", -1, -1}, /* no sense level */
      {"Foo-score", -1, -1},
      {"token.macro_i_m1", -1, -1}, /* no token level */
      {"", -1, -1},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    int level = -1, measure = -1;
    int found = ce__check_measure(names[i].heading, -1, &level, &measure);
    CHECK(found == (names[i].measure >= 0));
    if (found && (level != names[i].level || measure != names[i].measure))
      fprintf(stderr, "'%s' read as %d.%s\n", names[i].heading, level,
              ce_measure_id((ce_measure)measure));
    CHECK(!found || (level == names[i].level && measure == names[i].measure));
  }

  /* TSV, percentages with one decimal: tolerance 0.05 on the 0–100 scale. */
  {
    const verdict want[] = {
        {"s2", "M-1", 1, 100, 0.05, NULL},
        {"s2", "1-1", 1, 100, 0.05, NULL},
        {"s1.tsv", "M-1", 1, 100, 0.05, NULL},
        {"s1.tsv", "1-1", 1, 100, 0.5, NULL},
    };
    expect(ev, "percent.tsv", "system\tM-1\t1-1\ns2\t75.0\t75.0\ns1.tsv\t100.0\t100\n", want, 4,
           NULL, 0);
  }

  /* CSV, fractions with four decimals; s1's VI is 0, so 0.0001 is off by two half-units. */
  {
    const verdict want[] = {
        {"s2", "many-to-one", 1, 1, 0.00005, NULL},
        {"s2", "VI", 1, 1, 0.00005, NULL},
        {"s1", "many-to-one", 1, 1, 0.00005, NULL},
        {"s1", "VI", 0, 1, 0.00005, NULL},
    };
    expect(ev, "fraction.csv", "system,many-to-one,VI\ns2,0.7500,0.8240\ns1,1.0000,0.0001\n", want,
           4, NULL, 0);
  }

  /* Markdown: bold cells, a rule with alignment, two decimals of a percentage, a typo. */
  {
    const verdict want[] = {
        {"s2.tsv", "Token M-1", 1, 100, 0.005, NULL},
        {"s2.tsv", "Token 1-1", 0, 100, 0.005, NULL},
        {"s1.tsv", "Token M-1", 1, 100, 0.005, NULL},
        {"s1.tsv", "Token 1-1", 1, 100, 0.005, NULL},
    };
    expect(ev, "table.md",
           "| System | Token M-1 | Token 1-1 |\n|:--|--:|--:|\n| s2.tsv | 75.00 | 57.00 |\n"
           "| **s1.tsv** | **100.00** | **100.00** |\n",
           want, 4, NULL, 0);
  }

  /* LaTeX rows with rules, \textbf and $…$; hmm45 is no file of the run. */
  const char latex[] =
      "% Table 2 of the paper\n\\begin{tabular}{lrr}\n\\toprule\nSystem & M-1 & 1-1 \\\\\n"
      "\\midrule\ns2 & $75.0$ & \\textbf{75.0} \\\\\nhmm45 & 53.3 & 41.2 \\\\\n"
      "\\bottomrule\n\\end{tabular}\n";
  {
    const verdict want[] = {
        {"s2", "M-1", 1, 100, 0.05, NULL},
        {"s2", "1-1", 1, 100, 0.05, NULL},
        {"hmm45", "M-1", -1, 100, 0.05, "no system named 'hmm45'"},
        {"hmm45", "1-1", -1, 100, 0.05, "no system named 'hmm45'"},
    };
    expect(ev, "table.tex", latex, want, 4, NULL, 0);
    char *text = NULL;
    CHECK(ce_eval_check_table(ev, &text, NULL) == CE_OK);
    CHECK_STR_CONTAINS(text, "2 of 4 reproduce");
    CHECK_STR_CONTAINS(text, "no system named 'hmm45'");
    ce_free(text);
    /* Read as s1 on the page's word: 53.3 and 41.2 are far from 100. */
    const ce_check_alias alias = {"hmm45", 0};
    const verdict assigned[] = {
        {"s2", "M-1", 1, 100, 0.05, NULL},
        {"s2", "1-1", 1, 100, 0.05, NULL},
        {"hmm45", "M-1", 0, 100, 0.05, NULL},
        {"hmm45", "1-1", 0, 100, 0.05, NULL},
    };
    expect(ev, "table.tex", latex, assigned, 4, &alias, 1);
  }

  /* A LaTeX header grouped by level with \multicolumn; the type-level M-1 is 3/4 too. */
  {
    const verdict want[] = {
        {"s2", "M-1", 1, 100, 0.05, NULL},
        {"s2", "1-1", 1, 100, 0.05, NULL},
        {"s2", "M-1", 1, 100, 0.05, NULL},
    };
    expect(ev, "grouped.tex",
           " & \\multicolumn{2}{c}{Token level} & \\multicolumn{1}{c}{Type level} \\\\\n"
           "\\cmidrule(lr){2-3}\nSystem & M-1 & 1-1 & M-1 \\\\\ns2 & 75.0 & 75.0 & 75.0 \\\\\n",
           want, 3, NULL, 0);
    char *json = NULL;
    CHECK(ce_eval_check_json(ev, &json, NULL) == CE_OK);
    CHECK_STR_CONTAINS(json, "\"measure\":\"type.m1\"");
    ce_free(json);
  }

  /* Long form; 0.8 against 0.75 is exactly half a unit off: it reproduces. 0.81 does not. */
  {
    const verdict want[] = {
        {"s1", "mto", 1, 1, 0.05, NULL},
        {"s2", "Foo-score", -1, 1, 0.05, "unknown measure 'Foo-score'"},
        {"s2", "MTO", 1, 1, 0.05, NULL},
        {"s2", "V-measure", 0, 1, 0.005, NULL},
        {"s2", "VI", 1, 1, 0.0005, NULL},
    };
    expect(ev, "long.tsv",
           "system\tmeasure\tvalue\ns1\tmto\t1.0\ns2\tFoo-score\t3.2\ns2\tMTO\t0.8\n"
           "s2\tV-measure\t0.81\ns2\tVI\t0.824\n",
           want, 5, NULL, 0);
    char *json = NULL;
    CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
    CHECK_STR_CONTAINS(json, "\"check\":[{\"system\":\"s1\",\"row\":0,\"heading\":\"mto\"");
    CHECK_STR_CONTAINS(json, "\"problem\":\"unknown measure 'Foo-score'\"");
    CHECK_STR_CONTAINS(json, "\"tolerance\":0.0005");
    ce_free(json);
  }

  /* The command line's own text table (columns two spaces apart, intervals in brackets). */
  {
    const verdict want[] = {
        {"runs/s2.tsv", "token.m1", 1, 1, 0.00005, NULL},
        {"runs/s2.tsv", "token.vi", 1, 1, 0.00005, NULL},
    };
    expect(ev, "cli.txt",
           "system                        token.m1                  token.vi\n"
           "runs/s2.tsv   0.7500 [0.5000, 1.0000]   0.8240 [0.0000, 1.0000]\n",
           want, 2, NULL, 0);
  }

  /* No number at all: an error naming the text, not an empty check. */
  ce_error err = {0};
  CHECK(ce_eval_check(ev, "notes.txt", "nothing here\n", 13, NULL, 0, NULL, NULL, &err) ==
        CE_ERR_SYNTAX);
  CHECK_STR_CONTAINS(err.message, "notes.txt: no reported number found");
  CHECK(ce_eval_check(ev, "bin.txt", "M-1\t\xff\n", 6, NULL, 0, NULL, NULL, &err) ==
        CE_ERR_ENCODING);

  ce_eval_free(ev);
  test_names_as_written();
  return check_report("test_check");
}
