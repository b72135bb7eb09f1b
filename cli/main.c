/*
 * clustereval command line: reads the files (or stdin for "-"), feeds them to the core
 * round-robin in chunks, and prints a table or the JSON result; writes reports to files.
 * Exit codes (SPEC §4): 0 done, 1 usage, 2 input error, 3 out of memory or internal error,
 * 4 a reported number (--check) does not reproduce.
 */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h> /* isatty */
#ifdef __GLIBC__
#include <malloc.h> /* mallopt */
#endif

#include "clustereval.h"
#include "read_ahead.h"
#include "save_page.h"

enum { EXIT_DONE = 0, EXIT_USAGE = 1, EXIT_INPUT = 2, EXIT_INTERNAL = 3, EXIT_CHECK = 4 };
enum { CHUNK_BYTES = 1 << 18, MAX_COLUMNS = 2 * CE_MEASURE_COUNT };

typedef enum output_format { FORMAT_JSON = -1 } output_format;

/* The table's default columns: the headline measures at both levels. */
static const ce_column default_columns[] = {
    {CE_LEVEL_TOKEN, CE_M1},        {CE_LEVEL_TOKEN, CE_O1},        {CE_LEVEL_TOKEN, CE_V_MEASURE},
    {CE_LEVEL_TOKEN, CE_NVI},       {CE_LEVEL_TYPE, CE_MACRO_I_M1}, {CE_LEVEL_TYPE, CE_MACRO_I_O1},
    {CE_LEVEL_TYPE, CE_MICRO_I_M1}, {CE_LEVEL_TYPE, CE_MICRO_I_O1}, {CE_LEVEL_TYPE, CE_MICRO_C_M1},
    {CE_LEVEL_TYPE, CE_MICRO_C_O1},
};

/* Reichart, Abend & Rappoport (2010), Table 1: token columns, then type columns. */
static const ce_column reichart_columns[] = {
    {CE_LEVEL_TOKEN, CE_M1},          {CE_LEVEL_TOKEN, CE_O1},
    {CE_LEVEL_TOKEN, CE_NVI},         {CE_LEVEL_TOKEN, CE_V_MEASURE},
    {CE_LEVEL_TOKEN, CE_H_C_GIVEN_K}, {CE_LEVEL_TOKEN, CE_H_K_GIVEN_C},
    {CE_LEVEL_TYPE, CE_MACRO_I_M1},   {CE_LEVEL_TYPE, CE_MACRO_I_O1},
    {CE_LEVEL_TYPE, CE_MICRO_I_M1},   {CE_LEVEL_TYPE, CE_MICRO_I_O1},
    {CE_LEVEL_TYPE, CE_MICRO_C_M1},   {CE_LEVEL_TYPE, CE_MICRO_C_O1},
};

/* A sense run's columns (SPEC §3.7): SemEval-2013's, then SemEval-2010's. */
static const ce_column sense_columns[] = {
    {CE_LEVEL_SENSE, CE_FUZZY_BCUBED_P}, {CE_LEVEL_SENSE, CE_FUZZY_BCUBED_R},
    {CE_LEVEL_SENSE, CE_FUZZY_BCUBED_F}, {CE_LEVEL_SENSE, CE_FUZZY_NMI},
    {CE_LEVEL_SENSE, CE_FUZZY_AVG},      {CE_LEVEL_SENSE, CE_V_MEASURE},
    {CE_LEVEL_SENSE, CE_PAIR_F},
};

/* A coreference run's columns (SPEC §3.6): CoNLL F1, the R, P, F of the three metrics it
 * averages as papers print them, then the F of the others. */
static const ce_column coref_columns[] = {
    {CE_LEVEL_COREF, CE_CONLL_F},  {CE_LEVEL_COREF, CE_MUC_R},     {CE_LEVEL_COREF, CE_MUC_P},
    {CE_LEVEL_COREF, CE_MUC_F},    {CE_LEVEL_COREF, CE_BCUBED_R},  {CE_LEVEL_COREF, CE_BCUBED_P},
    {CE_LEVEL_COREF, CE_BCUBED_F}, {CE_LEVEL_COREF, CE_CEAFE_R},   {CE_LEVEL_COREF, CE_CEAFE_P},
    {CE_LEVEL_COREF, CE_CEAFE_F},  {CE_LEVEL_COREF, CE_CEAFM_F},   {CE_LEVEL_COREF, CE_BLANC_F},
    {CE_LEVEL_COREF, CE_LEA_F},    {CE_LEVEL_COREF, CE_MENTION_F},
};

/* Every measure of a coreference run (--measures all there), in the order of its JSON. */
static const ce_column coref_all[] = {
    {CE_LEVEL_COREF, CE_CONLL_F},   {CE_LEVEL_COREF, CE_MUC_R},     {CE_LEVEL_COREF, CE_MUC_P},
    {CE_LEVEL_COREF, CE_MUC_F},     {CE_LEVEL_COREF, CE_BCUBED_R},  {CE_LEVEL_COREF, CE_BCUBED_P},
    {CE_LEVEL_COREF, CE_BCUBED_F},  {CE_LEVEL_COREF, CE_CEAFM_R},   {CE_LEVEL_COREF, CE_CEAFM_P},
    {CE_LEVEL_COREF, CE_CEAFM_F},   {CE_LEVEL_COREF, CE_CEAFE_R},   {CE_LEVEL_COREF, CE_CEAFE_P},
    {CE_LEVEL_COREF, CE_CEAFE_F},   {CE_LEVEL_COREF, CE_BLANC_R},   {CE_LEVEL_COREF, CE_BLANC_P},
    {CE_LEVEL_COREF, CE_BLANC_F},   {CE_LEVEL_COREF, CE_LEA_R},     {CE_LEVEL_COREF, CE_LEA_P},
    {CE_LEVEL_COREF, CE_LEA_F},     {CE_LEVEL_COREF, CE_MENTION_R}, {CE_LEVEL_COREF, CE_MENTION_P},
    {CE_LEVEL_COREF, CE_MENTION_F},
};

typedef struct cli_args {
  int format; /* a ce_table_format, or FORMAT_JSON */
  ce_column columns[MAX_COLUMNS];
  size_t column_count;
  int columns_given;  /* --measures or --table: the defaults otherwise */
  const char **paths; /* [0] gold, then systems */
  size_t path_count;
  double options[CE_OPT_COUNT];
  int option_given[CE_OPT_COUNT];
  ce_format gold_format, induced_format;
  const char **exclude_lists; /* each comma-separated, "\\," a literal comma */
  size_t exclude_list_count;
  const char *unclustered_label;
  int baselines[CE_BASELINE_COUNT];
  const char *report_paths[4]; /* by ce_report */
  const char *maps[2];         /* by ce_side: a preset name or a file */
  const char **sub_tests;      /* the k-th is the test corpus of the k-th system */
  size_t sub_test_count;
  const char *check_path; /* --check: a paper's reported numbers */
  const char *phones;     /* --phones: the phone alignment of a tde run */
  const char *page_path;  /* --save-page: the page (or demo.js) to write */
  const char *title, *caption;
  const char *option_text[CE_OPT_COUNT]; /* numbers as typed, for the page's link */
  const char *columns_name;              /* "all" or "reichart" when the page has those */
  char **argv;
  int verbose;
} cli_args;

/* "--min-share" for "min_share": the option's id with '-' for '_'. */
static void flag_of(const char *id, const char *prefix, char *flag, size_t size) {
  snprintf(flag, size, "--%s%s", prefix, id);
  for (char *c = flag + 2; *c; c++)
    if (*c == '_') *c = '-';
}

/* Writes `text` from column `at` on, folded into lines that end before column 80. */
static void print_folded(FILE *to, const char *text, int at) {
  enum { WIDTH = 80, HELP_COLUMN = 23 };
  for (const char *word = text; *word;) {
    size_t len = strcspn(word, " ");
    if (at > HELP_COLUMN && at + 1 + (int)len >= WIDTH) {
      fprintf(to, "\n%*s", HELP_COLUMN, "");
      at = HELP_COLUMN;
    } else if (at > HELP_COLUMN) {
      fputc(' ', to);
      at++;
    } else {
      fprintf(to, "%*s", HELP_COLUMN - at, "");
      at = HELP_COLUMN;
    }
    fwrite(word, 1, len, to);
    at += (int)len;
    word += len;
    while (*word == ' ') word++;
  }
  fputc('\n', to);
}

/* A bound as a person reads it: whole numbers in full, others in %g. */
static const char *bound_text(double value, char text[32]) {
  snprintf(text, 32, value == (double)(long long)value ? "%.0f" : "%g", value);
  return text;
}

/* The options of the core's table, group by group, each with its values and default. */
static void usage_options(FILE *to) {
  fputs(
      "\nscoring options (the core's table: the same ids in the JSON, Python, npm and the\n"
      "page's link, with '_' for '-'; a yes/no option --x is turned off by --no-x):\n",
      to);
  for (int group = 0; group < CE_OPT_GROUP_COUNT; group++) {
    fprintf(to, "%s:\n", ce_opt_group_title((ce_opt_group)group));
    for (int opt = 0; opt < CE_OPT_COUNT; opt++) {
      const ce_opt_info *info = ce_opt_describe((ce_option)opt);
      if ((int)info->group != group) continue;
      char flag[64], line[1024], values[256] = "";
      flag_of(info->id, info->kind == CE_OPT_KIND_FLAG && info->default_value ? "no-" : "", flag,
              sizeof flag);
      static const char *const placeholders[] = {"X", "N", "", "C"};
      int at = fprintf(to, "  %s%s%s", flag, info->kind == CE_OPT_KIND_FLAG ? "" : " ",
                       placeholders[info->kind]);
      if (info->kind == CE_OPT_KIND_CHOICE) {
        size_t used = 0;
        for (unsigned v = 0; ce_opt_choice((ce_option)opt, v); v++)
          used += (size_t)snprintf(values + used, sizeof values - used, "%s%s", v ? ", " : "",
                                   ce_opt_choice((ce_option)opt, v));
        snprintf(line, sizeof line, "%s (C: %s; default %s)", info->help, values,
                 ce_opt_choice((ce_option)opt, (unsigned)info->default_value));
      } else if (info->kind == CE_OPT_KIND_FLAG) {
        snprintf(line, sizeof line, "%s%s", info->help,
                 info->default_value ? " (on unless this is given)" : "");
      } else {
        char lo[32], hi[32], def[32];
        snprintf(line, sizeof line, "%s (%s %s to %s, default %s)", info->help,
                 info->kind == CE_OPT_KIND_INTEGER ? "a whole number from" : "from",
                 bound_text(info->min, lo), bound_text(info->max, hi),
                 bound_text(info->default_value, def));
      }
      print_folded(to, line, at);
    }
  }
}

static void usage(FILE *to) {
  fputs(
      "usage: clustereval [options] GOLD SYSTEM...\n"
      "       clustereval [options] --gold-format counts TABLE\n"
      "       clustereval [options] [--gold-format joint] JOINT...\n"
      "\n"
      "Scores each SYSTEM clustering against the GOLD standard, at the token level and\n"
      "at the type level (Reichart, Abend & Rappoport 2010). A path of - reads standard\n"
      "input. Formats (detected from the first lines unless forced): tagged, conllu,\n"
      "inline, lexicon, clusters, paths, counts, joint, csv, senses, conll. A counts\n"
      "table comes alone; joint counts (item, class, cluster, count) hold a gold side\n"
      "and a system each: every JOINT file is a system, the first one's gold side is\n"
      "the gold standard. A senses key (SemEval) is scored against senses keys, a conll\n"
      "key (CoNLL-2012 coreference) against conll responses, as the tasks' scorers do.\n"
      "\n"
      "output:\n"
      "  --format F           text (default), json, tsv, csv, markdown or latex\n"
      "  --measures LIST      the table's columns: ids with an optional level, e.g.\n"
      "                       token.m1,type.macro_i_m1 (a bare id is token level when\n"
      "                       it has one); 'all' for every measure\n"
      "  --table reichart2010 the columns of Reichart et al. (2010), Table 1\n"
      "  --details FILE       per-item entries, mapped entries, IM_i and F_i (TSV)\n"
      "  --mapping FILE       every mapping, cluster by cluster (TSV)\n"
      "  --contingency FILE   the contingency tables (TSV)\n"
      "  --sizes FILE         ranked cluster sizes, gold and systems (TSV)\n"
      "  --verbose            say which format each input was read as\n"
      "inputs:\n"
      "  --gold-format F      force the gold file's format\n"
      "  --induced-format F   force the systems' format\n"
      "  --exclude-labels L   gold labels whose tokens leave the evaluation: a comma list,\n"
      "                       \\, for a comma inside a label; may be repeated\n"
      "  --unclustered-label L  the system label that marks an unclustered item (UNK)\n"
      "  --sub-test FILE      a held-out corpus tagged by a system, the test corpus of\n"
      "                       sub_p and sub_r; the k-th goes with the k-th system\n"
      "  --phones FILE        the phone alignment of spoken term discovery (file onset\n"
      "                       offset phone lines): a tde-words GOLD scores tde-classes\n"
      "                       systems with it, as tdev2 does\n"
      "  --gold-map M         rewrite gold labels first: a preset (brown-universal,\n"
      "                       ptb-universal) or a file of from<TAB>to lines\n"
      "  --induced-map M      the same for the systems' labels\n"
      "  --baselines LIST     random,one,singletons,majority rows beside the systems\n",
      to);
  usage_options(to);
  /* Two strings: C99 promises string literals of 4095 characters only. */
  fputs(
      "\n"
      "--test bootstrap without --bootstrap takes 1000 resamples.\n"
      "\n"
      "reported numbers and pages:\n"
      "  --check FILE         compare the numbers a paper reports (a TSV, CSV, Markdown or\n"
      "                       LaTeX table, or system<TAB>measure<TAB>value lines) with the\n"
      "                       computed ones, each at the precision it was printed with\n"
      "  --save-page OUT      write OUT.html: the page with these inputs, options and the\n"
      "                       --check numbers, which opens from disk and evaluates them;\n"
      "                       OUT.js: demo.js, the manifest beside a static site's index.html\n"
      "  --title T, --caption C  the saved page's title and caption\n"
      "  --version, --help\n"
      "\n"
      "exit codes: 0 done, 1 usage, 2 input error, 3 out of memory or internal error,\n"
      "4 a reported number (--check) does not reproduce\n",
      to);
}

static int usage_error(const char *fmt, const char *what) {
  fputs("clustereval: ", stderr);
  fprintf(stderr, fmt, what);
  fputs("\nTry 'clustereval --help'.\n", stderr);
  return EXIT_USAGE;
}

static int parse_number(const char *text, double *value) {
  char *end;
  errno = 0;
  *value = strtod(text, &end);
  return errno == 0 && end != text && *end == '\0';
}

static int set_option(cli_args *args, ce_option opt, double value) {
  if (ce_opt_check(opt, value)) return 0;
  args->options[opt] = value;
  args->option_given[opt] = 1;
  return 1;
}

static int find_word(const char *word, const char *const *words, int count) {
  for (int i = 0; i < count; i++)
    if (strcmp(word, words[i]) == 0) return i;
  return -1;
}

/* A tde run's columns (SPEC §3.8), as tdev2 reports them and papers' TDE tables order them. */
static const ce_column tde_columns[] = {
    {CE_LEVEL_TDE, CE_NED},        {CE_LEVEL_TDE, CE_COVERAGE},   {CE_LEVEL_TDE, CE_GROUPING_P},
    {CE_LEVEL_TDE, CE_GROUPING_R}, {CE_LEVEL_TDE, CE_GROUPING_F}, {CE_LEVEL_TDE, CE_TOKEN_P},
    {CE_LEVEL_TDE, CE_TOKEN_R},    {CE_LEVEL_TDE, CE_TOKEN_F},    {CE_LEVEL_TDE, CE_TYPE_P},
    {CE_LEVEL_TDE, CE_TYPE_R},     {CE_LEVEL_TDE, CE_TYPE_F},     {CE_LEVEL_TDE, CE_BOUNDARY_P},
    {CE_LEVEL_TDE, CE_BOUNDARY_R}, {CE_LEVEL_TDE, CE_BOUNDARY_F},
};

/* One column: "token.m1", "type.macro_i_m1", "senses.fuzzy_nmi", or a bare id (token level
 * when it has one; a sense measure's sense level when it has no other). */
static int parse_column(const char *text, size_t len, ce_column *column) {
  char id[64];
  if (len >= sizeof id) return 0;
  memcpy(id, text, len);
  id[len] = '\0';
  const char *bare = id;
  int level = -1;
  for (int l = CE_LEVEL_TOKEN; l <= CE_LEVEL_LAST && level < 0; l++) {
    size_t n = strlen(ce_level_id((ce_level)l));
    if (strncmp(id, ce_level_id((ce_level)l), n) == 0 && id[n] == '.') level = l, bare = id + n + 1;
  }
  ce_measure m = ce_measure_from_id(bare);
  if (m == CE_MEASURE_COUNT) return 0;
  if (level < 0) level = (int)ce_measure_level(m);
  if (!ce_level_has((ce_level)level, m)) return 0;
  column->level = (ce_level)level;
  column->measure = m;
  return 1;
}

static int parse_measures(const char *list, cli_args *args) {
  args->column_count = 0;
  if (strcmp(list, "all") == 0) {
    for (int m = 0; m < CE_MEASURE_COUNT; m++)
      if (CE_IS_TOKEN_MEASURE(m))
        args->columns[args->column_count++] = (ce_column){CE_LEVEL_TOKEN, (ce_measure)m};
    for (int m = 0; m < CE_FUZZY_BCUBED_P; m++)
      if (m != CE_SUB_P && m != CE_SUB_R)
        args->columns[args->column_count++] = (ce_column){CE_LEVEL_TYPE, (ce_measure)m};
    return 1;
  }
  for (const char *p = list; *p;) {
    size_t len = strcspn(p, ",");
    if (args->column_count == MAX_COLUMNS ||
        !parse_column(p, len, &args->columns[args->column_count]))
      return 0;
    args->column_count++;
    p += len + (p[len] == ',');
  }
  return args->column_count > 0;
}

static int parse_baselines(const char *list, cli_args *args) {
  for (const char *p = list; *p;) {
    size_t len = strcspn(p, ",");
    int found = 0;
    for (int b = 0; b < CE_BASELINE_COUNT; b++) {
      const char *name = ce_baseline_name((ce_baseline)b);
      if (strlen(name) == len && strncmp(p, name, len) == 0) args->baselines[b] = found = 1;
    }
    if (!found) return 0;
    p += len + (p[len] == ',');
  }
  return 1;
}

static const char *const table_formats[] = {"text", "tsv", "csv", "markdown", "latex"};

/* An option with a value: returns its value, or NULL (and *code) when it is missing. */
static const char *value_of(int argc, char **argv, int *i, int *code) {
  if (*i + 1 == argc) {
    *code = usage_error("%s needs a value", argv[*i]);
    return NULL;
  }
  return argv[++*i];
}

/* The core option a command-line flag names ("--min-share", "--no-token-check"), or
 * CE_OPT_COUNT; *negated when the flag is the "--no-" form of a yes/no option. */
static ce_option core_option(const char *arg, int *negated) {
  char id[64];
  *negated = 0;
  if (strncmp(arg, "--", 2) != 0 || strlen(arg) >= sizeof id + 2) return CE_OPT_COUNT;
  strcpy(id, arg + 2);
  for (char *c = id; *c; c++)
    if (*c == '-') *c = '_';
  ce_option opt = ce_opt_from_id(id);
  if (opt == CE_OPT_COUNT && strncmp(id, "no_", 3) == 0) {
    opt = ce_opt_from_id(id + 3);
    *negated = 1;
    if (opt != CE_OPT_COUNT && ce_opt_describe(opt)->kind != CE_OPT_KIND_FLAG) opt = CE_OPT_COUNT;
  }
  return opt;
}

/* A core option's value as typed: a number within its bounds, or one of its choices' names. */
static int core_value(const char *arg, ce_option opt, const char *value, cli_args *args) {
  const ce_opt_info *info = ce_opt_describe(opt);
  args->option_text[opt] = value;
  double number;
  if (info->kind == CE_OPT_KIND_CHOICE) {
    int found = ce_opt_choice_value(opt, value);
    if (found >= 0 && set_option(args, opt, found)) return -1;
    fprintf(stderr, "clustereval: %s takes ", arg);
    for (unsigned v = 0; ce_opt_choice(opt, v); v++)
      fprintf(stderr, "%s%s", v ? (ce_opt_choice(opt, v + 1) ? ", " : " or ") : "",
              ce_opt_choice(opt, v));
    fprintf(stderr, ", not '%s'\n", value);
    return EXIT_USAGE;
  }
  if (parse_number(value, &number) && set_option(args, opt, number)) return -1;
  char lo[32], hi[32];
  fprintf(stderr, "clustereval: %s takes a %snumber from %s to %s, not '%s'\n", arg,
          info->kind == CE_OPT_KIND_NUMBER ? "" : "whole ", bound_text(info->min, lo),
          bound_text(info->max, hi), value);
  return EXIT_USAGE;
}

/* An option of the command line's own with a value. */
static int valued_option(const char *arg, const char *value, cli_args *args) {
  int found;
  if (strcmp(arg, "--format") == 0) {
    found = find_word(value, table_formats, 5);
    if (strcmp(value, "json") == 0)
      found = FORMAT_JSON;
    else if (found < 0)
      return usage_error("unknown format '%s' (text, json, tsv, csv, markdown, latex)", value);
    args->format = found;
  } else if (strcmp(arg, "--measures") == 0) {
    if (!parse_measures(value, args)) return usage_error("unknown measure in '%s'", value);
    args->columns_given = 1;
    args->columns_name = strcmp(value, "all") == 0 ? "all" : NULL;
  } else if (strcmp(arg, "--table") == 0) {
    if (strcmp(value, "reichart2010") != 0)
      return usage_error("unknown table '%s' (reichart2010)", value);
    args->column_count = sizeof reichart_columns / sizeof reichart_columns[0];
    memcpy(args->columns, reichart_columns, sizeof reichart_columns);
    args->columns_given = 1;
    args->columns_name = "reichart";
  } else if (strcmp(arg, "--gold-format") == 0 || strcmp(arg, "--induced-format") == 0) {
    ce_format format = ce_format_from_name(value);
    if (format == CE_FORMAT_COUNT) return usage_error("unknown input format '%s'", value);
    *(arg[2] == 'g' ? &args->gold_format : &args->induced_format) = format;
  } else if (strcmp(arg, "--exclude-labels") == 0) {
    args->exclude_lists[args->exclude_list_count++] = value;
  } else if (strcmp(arg, "--unclustered-label") == 0) {
    if (!*value) return usage_error("%s", "--unclustered-label needs a non-empty label");
    args->unclustered_label = value;
  } else if (strcmp(arg, "--check") == 0) {
    args->check_path = value;
  } else if (strcmp(arg, "--save-page") == 0) {
    args->page_path = value;
  } else if (strcmp(arg, "--title") == 0) {
    args->title = value;
  } else if (strcmp(arg, "--caption") == 0) {
    args->caption = value;
  } else if (strcmp(arg, "--sub-test") == 0) {
    args->sub_tests[args->sub_test_count++] = value;
  } else if (strcmp(arg, "--phones") == 0) {
    args->phones = value;
  } else if (strcmp(arg, "--gold-map") == 0 || strcmp(arg, "--induced-map") == 0) {
    args->maps[arg[2] == 'g' ? CE_SIDE_GOLD : CE_SIDE_SYSTEM] = value;
  } else if (strcmp(arg, "--baselines") == 0) {
    if (!parse_baselines(value, args))
      return usage_error("unknown baseline in '%s' (random, one, singletons, majority)", value);
  } else {
    static const char *const reports[] = {"--contingency", "--sizes", "--details", "--mapping"};
    if ((found = find_word(arg, reports, 4)) < 0) return usage_error("unknown option '%s'", arg);
    args->report_paths[found] = value;
  }
  return -1;
}

/* Whether an option of the command line's own takes a value. */
static int takes_value(const char *arg) {
  static const char *const valued[] = {
      "--format",         "--measures",          "--table",     "--gold-format", "--induced-format",
      "--exclude-labels", "--unclustered-label", "--baselines", "--contingency", "--sizes",
      "--details",        "--mapping",           "--sub-test",  "--gold-map",    "--induced-map",
      "--check",          "--save-page",         "--title",     "--caption",     "--phones"};
  return find_word(arg, valued, sizeof valued / sizeof valued[0]) >= 0;
}

/* Returns -1 when the run should go on, else the exit code. */
static int parse_args(int argc, char **argv, cli_args *args) {
  args->paths = calloc((size_t)argc, sizeof *args->paths);
  args->sub_tests = calloc((size_t)argc, sizeof *args->sub_tests);
  args->exclude_lists = calloc((size_t)argc, sizeof *args->exclude_lists);
  if (!args->paths || !args->sub_tests || !args->exclude_lists) return EXIT_INTERNAL;
  args->column_count = sizeof default_columns / sizeof default_columns[0];
  memcpy(args->columns, default_columns, sizeof default_columns);
  int only_paths = 0, code = -1;
  for (int i = 1; i < argc && code < 0; i++) {
    const char *arg = argv[i];
    int negated;
    ce_option opt = only_paths ? CE_OPT_COUNT : core_option(arg, &negated);
    if (only_paths || arg[0] != '-' || strcmp(arg, "-") == 0) {
      args->paths[args->path_count++] = arg;
    } else if (strcmp(arg, "--") == 0) {
      only_paths = 1;
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      usage(stdout);
      return EXIT_DONE;
    } else if (strcmp(arg, "--version") == 0) {
      printf("clustereval %s\n", ce_version());
      return EXIT_DONE;
    } else if (opt != CE_OPT_COUNT && ce_opt_describe(opt)->kind == CE_OPT_KIND_FLAG) {
      set_option(args, opt, negated ? 0.0 : 1.0); /* --x sets a yes/no option, --no-x clears it */
    } else if (opt != CE_OPT_COUNT) {
      const char *value = value_of(argc, argv, &i, &code);
      if (value) code = core_value(arg, opt, value, args);
    } else if (strcmp(arg, "--verbose") == 0) {
      args->verbose = 1;
    } else if (takes_value(arg)) {
      const char *value = value_of(argc, argv, &i, &code);
      if (value) code = valued_option(arg, value, args);
    } else {
      code = usage_error("unknown option '%s'", arg);
    }
  }
  if (code >= 0) return code;
  /* A counts or joint file is scored alone; a gold file of any other format, or one not yet
   * detected, needs systems (checked once the core has read its first lines). */
  ce_format gold = args->gold_format;
  if (args->path_count == 0)
    return usage_error("%s", gold == CE_FORMAT_COUNTS ? "needs the counts file"
                             : gold == CE_FORMAT_JOINT
                                 ? "needs one or more joint files"
                                 : "needs a GOLD file and at least one SYSTEM");
  if (args->path_count == 1 && gold != CE_FORMAT_AUTO && gold != CE_FORMAT_COUNTS &&
      gold != CE_FORMAT_JOINT)
    return usage_error("%s", "needs a GOLD file and at least one SYSTEM");
  if (gold == CE_FORMAT_COUNTS && args->path_count > 1)
    return usage_error("%s", "a counts file holds both sides: give it alone");
  /* The files after a joint file are joint files too. */
  if (gold == CE_FORMAT_JOINT && args->induced_format == CE_FORMAT_AUTO)
    args->induced_format = CE_FORMAT_JOINT;
  size_t stdin_count = 0;
  for (size_t p = 0; p < args->path_count; p++) stdin_count += strcmp(args->paths[p], "-") == 0;
  if (args->sub_test_count) set_option(args, CE_OPT_SUBSTITUTABLE, 1.0);
  if (args->sub_test_count > args->path_count - 1)
    return usage_error("%s", "more --sub-test files than systems");
  if (stdin_count > 1) return usage_error("%s", "standard input (-) can be read only once");
  /* The paired bootstrap compares on resamples: 1000 unless --bootstrap says how many. */
  if (args->option_given[CE_OPT_TEST] && args->options[CE_OPT_TEST] == CE_TEST_BOOTSTRAP &&
      !(args->option_given[CE_OPT_BOOTSTRAP] && args->options[CE_OPT_BOOTSTRAP] > 0))
    set_option(args, CE_OPT_BOOTSTRAP, 1000);
  if (args->page_path && stdin_count)
    return usage_error("%s", "--save-page cannot hold standard input: name the files");
  if (args->page_path && args->sub_test_count)
    return usage_error("%s", "--save-page: the page has no --sub-test corpora");
  return -1;
}

/* Opens every path; a system that cannot be opened is reported and left out. */
static int open_files(const cli_args *args, FILE **files, const char **names, size_t *count) {
  int code = EXIT_DONE;
  *count = 0;
  for (size_t i = 0; i < args->path_count; i++) {
    const char *path = args->paths[i];
    FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!file) {
      fprintf(stderr, "clustereval: %s: cannot open: %s\n", path, strerror(errno));
      code = EXIT_INPUT;
      if (i == 0) return code; /* no gold, nothing to score */
      continue;
    }
    names[*count] = file == stdin ? "<stdin>" : path;
    files[(*count)++] = file;
  }
  return code;
}

/* The chunks of a round, one for each file the core does not hold back (NULL: closed),
 * handed to the core together, which reads them side by side where it can. */
typedef struct feed_round {
  size_t *index, *len; /* the files of this round and their bytes */
  const void **bytes;
  size_t count;
} feed_round;

static int take_round(const ce_eval *ev, read_ahead *ahead, FILE **files, const char **names,
                      size_t count, feed_round *round, int *ended) {
  int code = EXIT_DONE;
  round->count = 0;
  for (size_t i = 0; i < count; i++) {
    ended[i] = 0;
    if (!files[i] || ce_eval_waits(ev, i)) continue;
    read_chunk chunk = read_ahead_next(ahead, i);
    ended[i] = chunk.ended;
    if (chunk.error) {
      fprintf(stderr, "clustereval: %s: read error: %s\n", names[i], strerror(chunk.error));
      code = EXIT_INPUT;
    }
    if (!chunk.len) continue;
    round->index[round->count] = i;
    round->bytes[round->count] = chunk.bytes;
    round->len[round->count++] = chunk.len;
  }
  return code;
}

/* Reads every file round-robin, a chunk at a time, so the core can pair tokens as they come;
 * the next chunks are read meanwhile unless the run is on one thread (--threads 1). */
static int feed_files(ce_eval *ev, const cli_args *args, FILE **files, const char **names,
                      size_t count) {
  int one_thread = args->option_given[CE_OPT_THREADS] && args->options[CE_OPT_THREADS] == 1;
  feed_round round = {malloc(count * sizeof(size_t)), malloc(count * sizeof(size_t)),
                      malloc(count * sizeof(void *)), 0};
  int *ended = malloc(count * sizeof *ended);
  read_ahead *ahead = read_ahead_new(files, count, CHUNK_BYTES, !one_thread);
  int ok = round.index && round.len && round.bytes && ended && ahead;
  int code = ok ? EXIT_DONE : EXIT_INTERNAL;
  for (size_t open_count = count; ok && open_count;) {
    if (take_round(ev, ahead, files, names, count, &round, ended) != EXIT_DONE) code = EXIT_INPUT;
    ce_eval_feed_inputs(ev, round.count, round.index, round.bytes, round.len, NULL);
    open_count = 0;
    for (size_t i = 0; i < count; i++) {
      if (!files[i]) continue;
      if (ended[i] || ce_eval_input_error(ev, i) || ce_eval_input_error(ev, 0)) {
        ce_eval_close(ev, i, NULL); /* a failed input keeps its own error */
        read_ahead_stop(ahead, i);
        if (files[i] != stdin) fclose(files[i]);
        files[i] = NULL;
      } else {
        open_count++;
      }
    }
    if (ce_eval_input_error(ev, 0)) break; /* gold failed: nothing can be scored */
  }
  read_ahead_free(ahead);
  for (size_t i = 0; i < count; i++)
    if (files[i] && files[i] != stdin) fclose(files[i]);
  free(round.index);
  free(round.len);
  free((void *)round.bytes);
  free(ended);
  return code;
}

static int exit_code_for(ce_status status) {
  return status == CE_ERR_NOMEM || status == CE_ERR_INTERNAL ? EXIT_INTERNAL : EXIT_INPUT;
}

static int report_failed_systems(const ce_eval *ev, int code) {
  for (size_t s = 0; s < ce_eval_system_count(ev); s++) {
    const ce_error *error = ce_eval_system_error(ev, s);
    if (!error) continue;
    fprintf(stderr, "clustereval: %s\n", error->message);
    if (code == EXIT_DONE) code = exit_code_for(error->code);
  }
  return code;
}

/* The text table has no room for the rows' warnings (the JSON holds them): they go to
 * standard error, each after its system's name. */
static void report_warnings(const ce_eval *ev, const cli_args *args) {
  if (args->format != CE_TABLE_TEXT) return;
  for (size_t s = 0; s < ce_eval_system_count(ev); s++) {
    const char *warning;
    for (size_t k = 0; (warning = ce_eval_system_warning(ev, s, k)); k++)
      fprintf(stderr, "clustereval: %s: %s\n", ce_eval_system_name(ev, s), warning);
  }
}

static int write_text(const char *path, const char *text, size_t len) {
  FILE *file = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
  if (!file || fwrite(text, 1, len, file) != len || (file != stdout && fclose(file))) {
    fprintf(stderr, "clustereval: %s: cannot write: %s\n", path, strerror(errno));
    return EXIT_INPUT;
  }
  return EXIT_DONE;
}

/* A whole small file (reported numbers, a page template) in memory; NULL with a message. */
static char *read_whole(const char *path, size_t *len, size_t max) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "clustereval: %s: cannot open: %s\n", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, got = 0, n;
  char *data = malloc(cap + 1);
  while (data && (n = fread(data + got, 1, cap - got, file)) > 0) {
    got += n;
    if (got == cap && cap < max) {
      char *more = realloc(data, 2 * cap + 1);
      if (!more) free(data);
      data = more;
      cap *= 2;
    } else if (got == cap) {
      fprintf(stderr, "clustereval: %s: larger than %zu MB\n", path, max >> 20);
      free(data);
      data = NULL;
    }
  }
  int failed = ferror(file);
  fclose(file);
  if (data && failed) {
    fprintf(stderr, "clustereval: %s: read error: %s\n", path, strerror(errno));
    free(data);
    return NULL;
  }
  if (!data) return NULL;
  data[got] = '\0';
  *len = got;
  return data;
}

/* --check: the reported numbers against the run; EXIT_CHECK when one does not reproduce. */
static int check_reported(ce_eval *ev, const cli_args *args) {
  size_t len = 0, reported = 0, reproduced = 0;
  char *text = read_whole(args->check_path, &len, (size_t)64 << 20);
  if (!text) return EXIT_INPUT;
  ce_error err;
  ce_status status =
      ce_eval_check(ev, args->check_path, text, len, NULL, 0, &reported, &reproduced, &err);
  free(text);
  if (status) {
    fprintf(stderr, "clustereval: %s\n", err.message);
    return exit_code_for(status);
  }
  return reproduced == reported ? EXIT_DONE : EXIT_CHECK;
}

/* The check's table: after the results on a terminal's text, else on stderr. */
static int print_check(const ce_eval *ev, const cli_args *args) {
  if (!args->check_path || args->format == FORMAT_JSON) return EXIT_DONE;
  char *text = NULL;
  size_t len = 0;
  if (ce_eval_check_table(ev, &text, &len)) return EXIT_INTERNAL;
  int code = EXIT_DONE;
  if (args->format == CE_TABLE_TEXT) {
    code = write_text("-", "\n", 1);
    if (!code) code = write_text("-", text, len);
  } else {
    fwrite(text, 1, len, stderr);
  }
  ce_free(text);
  return code;
}

static int print_result(const ce_eval *ev, const cli_args *args) {
  /* A sense run has only its sense measures, a coreference run its coreference ones: they are
   * its table unless columns were asked. */
  ce_column asked[MAX_COLUMNS];
  const ce_column *columns = args->columns;
  size_t column_count = args->column_count;
  if (!args->columns_given && ce_eval_input_format(ev, 0) == CE_FORMAT_SENSES) {
    columns = sense_columns;
    column_count = sizeof sense_columns / sizeof sense_columns[0];
  } else if (!args->columns_given && ce_eval_input_format(ev, 0) == CE_FORMAT_TDE_WORDS) {
    columns = tde_columns;
    column_count = sizeof tde_columns / sizeof tde_columns[0];
  } else if (ce_eval_input_format(ev, 0) == CE_FORMAT_CONLL &&
             (!args->columns_given ||
              (args->columns_name && strcmp(args->columns_name, "all") == 0))) {
    int all = args->columns_given; /* --measures all: every coreference measure */
    columns = all ? coref_all : coref_columns;
    column_count = all ? sizeof coref_all / sizeof coref_all[0]
                       : sizeof coref_columns / sizeof coref_columns[0];
  } else {
    /* A sense run's token and type levels are null: "v_measure" means the sense level's (and
     * a coreference run's "bcubed_f" its coref level's). */
    for (size_t c = 0; c < column_count; c++) {
      asked[c] = columns[c];
      asked[c].level = ce_eval_level(ev, asked[c].level, asked[c].measure);
    }
    columns = asked;
  }
  char *text = NULL;
  size_t len = 0;
  /* --depth-sweep: TSV and CSV are a row per system and depth (ce_eval_sweep_table), which
   * holds every number of the plain table; text prints it after the table. */
  int swept = ce_eval_get(ev, CE_OPT_DEPTH_SWEEP) != 0.0;
  int rows_by_depth = swept && (args->format == CE_TABLE_TSV || args->format == CE_TABLE_CSV);
  ce_status status = args->format == FORMAT_JSON ? ce_eval_json(ev, &text, &len)
                     : rows_by_depth ? ce_eval_sweep_table(ev, (ce_table_format)args->format,
                                                           columns, column_count, &text, &len)
                                     : ce_eval_table(ev, (ce_table_format)args->format, columns,
                                                     column_count, NULL, 0, &text, &len);
  if (status) {
    fprintf(stderr, "clustereval: %s\n", ce_strerror(status));
    return EXIT_INTERNAL;
  }
  if (args->verbose)
    for (size_t i = 0; i < ce_eval_input_count(ev); i++)
      fprintf(stderr, "clustereval: %s read as %s\n", ce_eval_input_name(ev, i),
              ce_format_name(ce_eval_input_format(ev, i)));
  int code = write_text("-", text, len);
  ce_free(text);
  /* Text and Markdown go on with the comparison: paired shares, rank correlations. */
  if (code == EXIT_DONE && (args->format == CE_TABLE_TEXT || args->format == CE_TABLE_MARKDOWN)) {
    if (ce_eval_comparison(ev, (ce_table_format)args->format, columns, column_count, &text, &len))
      return EXIT_INTERNAL;
    code = write_text("-", text, len);
    ce_free(text);
  }
  if (code == EXIT_DONE && swept && args->format == CE_TABLE_TEXT) {
    if (ce_eval_sweep_table(ev, (ce_table_format)args->format, columns, column_count, &text, &len))
      return EXIT_INTERNAL;
    code = write_text("-", "\n", 1);
    if (code == EXIT_DONE) code = write_text("-", text, len);
    ce_free(text);
  }
  if (code == EXIT_DONE) code = print_check(ev, args);
  for (int r = 0; r < 4 && code == EXIT_DONE; r++) {
    if (!args->report_paths[r]) continue;
    if (ce_eval_report(ev, (ce_report)r, &text, &len)) return EXIT_INTERNAL;
    code = write_text(args->report_paths[r], text, len);
    ce_free(text);
  }
  return code;
}

/* "a,b,\\,": labels separated by commas, where "\\," is a comma inside a label (PTB's ","). */
static int exclude_list(ce_eval *ev, const char *list) {
  char label[256];
  size_t len = 0;
  for (const char *p = list;; p++) {
    if (*p == '\\' && p[1] == ',') {
      p++;
    } else if (*p == ',' || *p == '\0') {
      label[len] = '\0';
      if (len && ce_eval_exclude_label(ev, label)) return 1;
      len = 0;
      if (!*p) return 0;
      continue;
    }
    if (len + 1 < sizeof label) label[len++] = *p;
  }
}

static int is_preset(const char *name) {
  for (size_t i = 0; ce_map_preset_name(i); i++)
    if (strcmp(ce_map_preset_name(i), name) == 0) return 1;
  return 0;
}

/* A label map: a preset by name, or a file read in chunks like any input. */
static int load_map(ce_eval *ev, ce_side side, const char *name) {
  ce_error err;
  FILE *file = is_preset(name) ? NULL : fopen(name, "rb");
  if (!file && !is_preset(name)) {
    fprintf(stderr, "clustereval: %s: cannot open: %s (presets: brown-universal, ptb-universal)\n",
            name, strerror(errno));
    return EXIT_INPUT;
  }
  ce_status status = CE_OK;
  if (!file) {
    status = ce_eval_map_preset(ev, side, name, &err);
  } else {
    char chunk[1 << 14];
    size_t got;
    while (!status && (got = fread(chunk, 1, sizeof chunk, file)) > 0)
      status = ce_eval_map_feed(ev, side, name, chunk, got, &err);
    if (!status) status = ce_eval_map_close(ev, side, &err);
    fclose(file);
  }
  if (status) fprintf(stderr, "clustereval: %s\n", err.message);
  return status ? exit_code_for(status) : EXIT_DONE;
}

/* Options, exclusions, maps and baselines go to the core before any input. */
static int configure(ce_eval *ev, const cli_args *args) {
  for (int opt = 0; opt < CE_OPT_COUNT; opt++)
    if (args->option_given[opt]) ce_eval_set(ev, (ce_option)opt, args->options[opt]);
  for (int b = 0; b < CE_BASELINE_COUNT; b++)
    if (args->baselines[b]) ce_eval_add_baseline(ev, (ce_baseline)b);
  if (args->unclustered_label && ce_eval_set_unclustered_label(ev, args->unclustered_label))
    return EXIT_INTERNAL;
  for (size_t list = 0; list < args->exclude_list_count; list++)
    if (exclude_list(ev, args->exclude_lists[list])) return EXIT_INTERNAL;
  for (int side = 0; side < 2; side++) {
    int code = args->maps[side] ? load_map(ev, (ce_side)side, args->maps[side]) : EXIT_DONE;
    if (code) return code;
  }
  return EXIT_DONE;
}

static void close_all(FILE **files, size_t count) {
  for (size_t i = 0; i < count; i++)
    if (files[i] && files[i] != stdin) fclose(files[i]);
}

static double seconds_between(const struct timespec *a, const struct timespec *b) {
  return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* --verbose: how long reading and counting took, at what rate, and scoring. */
static void report_timing(const cli_args *args, const struct timespec *started,
                          const struct timespec *read, const struct timespec *scored) {
  double bytes = 0;
  for (size_t i = 0; i < args->path_count; i++) {
    FILE *file = strcmp(args->paths[i], "-") ? fopen(args->paths[i], "rb") : NULL;
    if (file && fseek(file, 0, SEEK_END) == 0) bytes += (double)ftell(file);
    if (file) fclose(file);
  }
  double reading = seconds_between(started, read);
  fprintf(stderr, "clustereval: read and counted %.1f MB in %.3f s (%.1f MB/s); scored in %.3f s\n",
          bytes / 1e6, reading, reading > 0 ? bytes / 1e6 / reading : 0.0,
          seconds_between(read, scored));
}

/*
 * How far long work is, on standard error when it is a terminal: a line rewritten in place,
 * at most ten times a second, once the phase has run for half a second (quick runs stay
 * quiet), with the time left at the rate so far. Scripts reading a pipe or a file get none.
 */
typedef struct progress {
  int shown; /* a line is on the terminal */
  ce_phase phase;
  struct timespec started, last;
} progress;

static void progress_clear(progress *p) {
  if (p->shown) fputs("\r\033[K", stderr);
  p->shown = 0;
}

static void on_progress(void *user, ce_phase phase, uint64_t done, uint64_t total) {
  static const char *const what[] = {"M-1 starts", "resamples", "shuffles"};
  progress *p = user;
  struct timespec now;
  timespec_get(&now, TIME_UTC);
  if (phase != p->phase || (done <= 1 && !p->shown)) {
    progress_clear(p);
    p->phase = phase;
    p->started = now;
    p->last.tv_sec = 0;
  }
  if (done >= total) {
    progress_clear(p);
    return;
  }
  double elapsed = seconds_between(&p->started, &now);
  if (elapsed < 0.5 || (p->last.tv_sec && seconds_between(&p->last, &now) < 0.1)) return;
  p->last = now;
  double left = done ? elapsed * (double)(total - done) / (double)done : 0.0;
  fprintf(stderr, "\r\033[Kclustereval: %s %llu of %llu (%.0f%%), about %.0f s left", what[phase],
          (unsigned long long)done, (unsigned long long)total, 100.0 * (double)done / (double)total,
          left + 0.5);
  p->shown = 1;
}

/* --bootstrap, then --test ar: resamples and shuffles, in steps; --verbose says how long. */
static ce_status statistics(ce_eval *ev, const cli_args *args, ce_error *err) {
  static const char *const verbs[] = {"resampled", "shuffled"};
  for (int kind = 0; kind < 2; kind++) {
    unsigned done = 0, total = 0;
    struct timespec started, now;
    timespec_get(&started, TIME_UTC);
    do {
      ce_status status = kind ? ce_eval_shuffle(ev, 64, &done, &total, err)
                              : ce_eval_resample(ev, 8, &done, &total, err);
      if (status) return status;
    } while (done < total);
    if (args->verbose && total) {
      timespec_get(&now, TIME_UTC);
      fprintf(stderr, "clustereval: %s %u in %.1f s\n", verbs[kind], total,
              seconds_between(&started, &now));
    }
  }
  return CE_OK;
}

/* Opens --phones and adds it after the systems, read round-robin with them. */
static int add_phones(ce_eval *ev, const cli_args *args, FILE **files, const char **names,
                      size_t *count) {
  if (!args->phones) return EXIT_DONE;
  FILE *file = fopen(args->phones, "rb");
  ce_error err;
  if (!file) {
    fprintf(stderr, "clustereval: %s: cannot open: %s\n", args->phones, strerror(errno));
    return EXIT_INPUT;
  }
  if (ce_eval_add_phones(ev, args->phones, NULL, &err)) {
    fprintf(stderr, "clustereval: %s\n", err.message);
    fclose(file);
    return EXIT_USAGE;
  }
  names[*count] = args->phones;
  files[(*count)++] = file;
  return EXIT_DONE;
}

/* Opens the --sub-test corpora and adds each for its system (inputs 1, 2, ...). */
static int add_sub_tests(ce_eval *ev, const cli_args *args, FILE **files, const char **names,
                         size_t *count) {
  size_t systems = *count - 1;
  for (size_t k = 0; k < args->sub_test_count && k < systems; k++) {
    const char *path = args->sub_tests[k];
    FILE *file = fopen(path, "rb");
    ce_error err;
    if (!file) {
      fprintf(stderr, "clustereval: %s: cannot open: %s\n", path, strerror(errno));
      return EXIT_INPUT;
    }
    if (ce_eval_add_sub_test(ev, k + 1, path, NULL, &err) ||
        ce_eval_set_format(ev, *count, args->induced_format)) {
      fclose(file);
      return EXIT_INTERNAL;
    }
    names[*count] = path;
    files[(*count)++] = file;
  }
  return EXIT_DONE;
}

/* ------------------------------------------------------------ --save-page */

/* A growing string for the page's link fragment. */
typedef struct text_buf {
  char *at;
  size_t len, cap;
} text_buf;

static int text_add(text_buf *t, const char *text, size_t len) {
  if (t->len + len + 1 > t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 256;
    while (cap < t->len + len + 1) cap *= 2;
    char *more = realloc(t->at, cap);
    if (!more) return 0;
    t->at = more;
    t->cap = cap;
  }
  memcpy(t->at + t->len, text, len);
  t->len += len;
  t->at[t->len] = '\0';
  return 1;
}

/* key=value as URLSearchParams writes it: letters, digits and *-._ as they are, space as +. */
static int add_param(text_buf *t, const char *key, const char *value) {
  int ok = (!t->len || text_add(t, "&", 1)) && text_add(t, key, strlen(key)) && text_add(t, "=", 1);
  for (const unsigned char *p = (const unsigned char *)value; ok && *p; p++) {
    char escaped[4];
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
        strchr("*-._", *p)) {
      escaped[0] = (char)*p, escaped[1] = '\0';
    } else if (*p == ' ') {
      strcpy(escaped, "+");
    } else {
      snprintf(escaped, sizeof escaped, "%%%02X", *p);
    }
    ok = text_add(t, escaped, strlen(escaped));
  }
  return ok;
}

/* The exclusion lists ("a,b,\\,") as the page's field holds them: labels apart by spaces. */
static int exclusions(const cli_args *args, text_buf *labels) {
  int ok = 1;
  for (size_t list = 0; ok && list < args->exclude_list_count; list++) {
    for (const char *p = args->exclude_lists[list]; ok && *p; p++) {
      if (*p == '\\' && p[1] == ',')
        p++;
      else if (*p == ',') {
        ok = text_add(labels, " ", 1);
        continue;
      }
      ok = text_add(labels, p, 1);
    }
    ok = ok && text_add(labels, " ", 1);
  }
  return ok;
}

/* A core option's value as the page's link holds it: as typed, "1" or "0", or a choice's name. */
static const char *link_value(const cli_args *args, ce_option opt, char number[32]) {
  switch (ce_opt_describe(opt)->kind) {
    case CE_OPT_KIND_FLAG:
      return args->options[opt] != 0.0 ? "1" : "0";
    case CE_OPT_KIND_CHOICE:
      return ce_opt_choice(opt, (unsigned)args->options[opt]);
    default: /* as typed; an option another implied (--test bootstrap: 1000) has no text */
      if (args->option_text[opt]) return args->option_text[opt];
      snprintf(number, 32, "%.17g", args->options[opt]);
      return number;
  }
}

/*
 * The run's options as the page's link fragment names them (web/src/options.js): every core
 * option given, by its id, then the page's own keys; what the page opens with when it reads
 * the saved page.
 */
static char *page_options(const cli_args *args) {
  text_buf t = {0};
  int ok = text_add(&t, "", 0);
  if (args->columns_name) ok = ok && add_param(&t, "cols", args->columns_name);
  for (int opt = 0; ok && opt < CE_OPT_COUNT; opt++)
    if (args->option_given[opt]) {
      char number[32];
      ok = add_param(&t, ce_opt_name((ce_option)opt), link_value(args, (ce_option)opt, number));
    }
  if (ok && args->unclustered_label)
    ok = add_param(&t, "unclustered_label", args->unclustered_label);
  if (ok && args->exclude_list_count) {
    text_buf labels = {0};
    ok = exclusions(args, &labels) && add_param(&t, "exclude_labels", labels.at);
    free(labels.at);
  }
  for (int side = 0; ok && side < 2; side++)
    if (args->maps[side] && is_preset(args->maps[side]))
      ok = add_param(&t, side == CE_SIDE_GOLD ? "gold_map" : "induced_map", args->maps[side]);
  text_buf list = {0};
  for (int b = 0; ok && b < CE_BASELINE_COUNT; b++)
    if (args->baselines[b])
      ok = (!list.len || text_add(&list, ",", 1)) &&
           text_add(&list, ce_baseline_name((ce_baseline)b),
                    strlen(ce_baseline_name((ce_baseline)b)));
  if (ok && list.len) ok = add_param(&t, "baselines", list.at);
  free(list.at);
  if (!ok) free(t.at);
  return ok ? t.at : NULL;
}

/* --save-page: the files of the run (its phone alignment and map files too) with its
 * options. */
static int write_page(const cli_args *args) {
  size_t count = 0;
  page_file *files = calloc(args->path_count + 3, sizeof *files);
  char *options = page_options(args);
  if (!files || !options) {
    free(files);
    free(options);
    return EXIT_INTERNAL;
  }
  unsigned column = args->option_given[CE_OPT_COLUMN] ? (unsigned)args->options[CE_OPT_COLUMN] : 0;
  unsigned depth = args->option_given[CE_OPT_DEPTH] ? (unsigned)args->options[CE_OPT_DEPTH] : 0;
  for (size_t p = 0; p < args->path_count; p++) {
    ce_format format = p == 0 ? args->gold_format : args->induced_format;
    files[count++] = (page_file){p == 0 ? "gold" : "system", args->paths[p], ce_format_name(format),
                                 column, depth};
  }
  if (args->phones) files[count++] = (page_file){"phones", args->phones, "tde-words", 0, 0};
  for (int side = 0; side < 2; side++)
    if (args->maps[side] && !is_preset(args->maps[side]))
      files[count++] = (page_file){side == CE_SIDE_GOLD ? "gold-map" : "induced-map",
                                   args->maps[side], "auto", 0, 0};
  page_spec spec = {args->page_path,
                    args->title ? args->title : "",
                    args->caption ? args->caption : "",
                    options,
                    args->check_path,
                    files,
                    count,
                    args->argv[0]};
  int code = save_page(&spec) ? EXIT_INPUT : EXIT_DONE;
  free(files);
  free(options);
  return code;
}

/* A run allocates and frees tables of megabytes in turn (the readers' queues a chunk at a
 * time, the type level's indexes, rows and climbers). glibc maps a block past 128 KB apart
 * and unmaps it when freed, and hands a heap's freed top back to the kernel, so the next
 * table is faulted in again page by page: the process keeps what it frees instead (it exits
 * once scored), and once reading is done takes every block from its heap. While reading,
 * blocks from 2 MB on are still mapped apart: tables that grow by doubling (words, cells,
 * queues) would leave each old block as a hole in the heap, and 100M tokens read at a peak
 * of 52.5 MB instead of 41.1 MB. Page faults: full Brown's token level 6,660 -> 4,450,
 * random labels of 1,000 a side 66,000 -> 46,000, 10^6 one-token types 240,000 -> 155,000
 * (`perf stat -e page-faults`, every block from the heap throughout). */
static void memory_for_reading(void) {
#ifdef __GLIBC__
  (void)mallopt(M_TRIM_THRESHOLD, 1 << 30);
  (void)mallopt(M_MMAP_THRESHOLD, 2 << 20);
#endif
}

static void memory_for_scoring(void) {
#ifdef __GLIBC__
  (void)mallopt(M_MMAP_THRESHOLD, 1 << 30);
#endif
}

static int run(ce_eval *ev, const cli_args *args) {
  size_t slots = args->path_count + args->sub_test_count + 1;
  FILE **files = calloc(slots, sizeof *files);
  const char **names = calloc(slots, sizeof *names);
  size_t count = 0;
  int code = EXIT_INTERNAL;
  if (!files || !names) goto done;
  if ((code = configure(ev, args)) != EXIT_DONE) goto done;
  code = open_files(args, files, names, &count);
  if (count < (args->path_count > 1 ? 2u : 1u)) {
    if (code == EXIT_DONE) code = EXIT_INPUT;
    close_all(files, count);
    goto done;
  }
  ce_error err;
  for (size_t i = 0; i < count; i++) {
    if (ce_eval_add_input(ev, names[i], NULL, &err) ||
        ce_eval_set_format(ev, i, i == 0 ? args->gold_format : args->induced_format)) {
      fprintf(stderr, "clustereval: %s\n", err.message);
      close_all(files, count);
      code = EXIT_INTERNAL;
      goto done;
    }
  }
  int sub_code = add_sub_tests(ev, args, files, names, &count);
  if (!sub_code) sub_code = add_phones(ev, args, files, names, &count);
  if (sub_code) {
    close_all(files, count);
    code = sub_code;
    goto done;
  }
  progress shown = {0, CE_PHASE_RESTARTS, {0, 0}, {0, 0}};
  if (isatty(fileno(stderr))) ce_eval_set_progress(ev, on_progress, &shown);
  struct timespec started, read, scored;
  timespec_get(&started, TIME_UTC);
  int read_code = feed_files(ev, args, files, names, count);
  memory_for_scoring();
  timespec_get(&read, TIME_UTC);
  ce_status finished = read_code == EXIT_INTERNAL ? CE_OK : ce_eval_finish(ev, &err);
  timespec_get(&scored, TIME_UTC);
  progress_clear(&shown);
  if (args->verbose) report_timing(args, &started, &read, &scored);
  if (read_code != EXIT_INTERNAL && !finished) finished = statistics(ev, args, &err);
  progress_clear(&shown);
  if (read_code == EXIT_INTERNAL) {
    code = read_code;
  } else if (finished) {
    fprintf(stderr, "clustereval: %s\n", err.message);
    code = exit_code_for(err.code);
    /* One file, read as a gold standard that needs systems: how the command was called. */
    if (count == 1 && err.code == CE_ERR_USAGE)
      code = usage_error("%s",
                         "needs a GOLD file and at least one SYSTEM, or one counts file, "
                         "or joint files");
    /* A word alignment without --phones: how the command was called, too. */
    else if (err.code == CE_ERR_USAGE && !args->phones &&
             ce_eval_input_format(ev, 0) == CE_FORMAT_TDE_WORDS)
      code = EXIT_USAGE;
  } else {
    code = report_failed_systems(ev, code == EXIT_DONE ? read_code : code);
    report_warnings(ev, args);
    int check_code = args->check_path ? check_reported(ev, args) : EXIT_DONE;
    if (check_code == EXIT_DONE || check_code == EXIT_CHECK) {
      int print_code = print_result(ev, args);
      if (print_code) code = print_code;
    }
    if (args->page_path && check_code != EXIT_INPUT && check_code != EXIT_INTERNAL) {
      int page_code = write_page(args);
      if (page_code) code = page_code;
    }
    if (code == EXIT_DONE) code = check_code;
  }
done:
  free(files);
  free(names);
  return code;
}

int main(int argc, char **argv) {
  memory_for_reading();
  cli_args args = {0};
  args.argv = argv;
  int code = parse_args(argc, argv, &args);
  if (code < 0) {
    ce_eval *ev = ce_eval_create();
    if (ev) {
      code = run(ev, &args);
      ce_eval_free(ev);
    } else {
      fputs("clustereval: out of memory\n", stderr);
      code = EXIT_INTERNAL;
    }
  }
  free(args.paths);
  free(args.sub_tests);
  free(args.exclude_lists);
  return code;
}
