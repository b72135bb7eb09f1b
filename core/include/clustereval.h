/*
 * clustereval: score an induced clustering against a gold standard.
 *
 * The one public header of the scoring core. The core computes and does no I/O:
 * inputs arrive as byte chunks of any size, results leave as numbers or as the
 * JSON document of SPEC §4. Every fallible function returns a ce_status (CE_OK = 0)
 * and fills an optional ce_error that names the input's file, line and column.
 * Every object the library returns has exactly one free function.
 */
#ifndef CLUSTEREVAL_H
#define CLUSTEREVAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CE_VERSION_MAJOR 0
#define CE_VERSION_MINOR 1
#define CE_VERSION_PATCH 0
#define CE_VERSION_STRING "0.1.0"

/* The same string as CE_VERSION_STRING, from the library actually linked. */
const char *ce_version(void);

/* ------------------------------------------------------------------ status */

/* X(name, description): the one table behind ce_status, ce_status_name and ce_strerror. */
#define CE_STATUS_MAP(X)                                                    \
  X(CE_OK, "success")                                                       \
  X(CE_ERR_USAGE, "invalid argument or call out of order")                  \
  X(CE_ERR_NOMEM, "out of memory")                                          \
  X(CE_ERR_ENCODING, "input is not UTF-8 text (NUL byte or invalid UTF-8)") \
  X(CE_ERR_SYNTAX, "malformed input line")                                  \
  X(CE_ERR_EMPTY, "input holds no tokens")                                  \
  X(CE_ERR_MISMATCH, "gold and system tokens do not pair")                  \
  X(CE_ERR_UNAVAILABLE, "measure not available for this input")             \
  X(CE_ERR_INTERNAL, "internal error")

typedef enum ce_status {
#define CE_STATUS_ENUM_(name, description) name,
  CE_STATUS_MAP(CE_STATUS_ENUM_)
#undef CE_STATUS_ENUM_
      CE_STATUS_COUNT
} ce_status;

/* "CE_ERR_SYNTAX" for CE_ERR_SYNTAX; "CE_UNKNOWN" outside the enum. Never NULL. */
const char *ce_status_name(ce_status status);
/* A one-line description of the code. Never NULL. */
const char *ce_strerror(ce_status status);

/*
 * What went wrong, for a person. `message` is complete on its own and starts with
 * "file:line:" when the error is about an input (e.g. "sys.tsv:12: token 'dog' differs
 * from gold.tsv:12 'cat'"). `source` is the input's name ("" when none), `line` and
 * `column` are 1-based (0 when unknown).
 */
typedef struct ce_error {
  ce_status code;
  uint64_t line;
  uint64_t column;
  char source[256];
  char message[512];
} ce_error;

/* ----------------------------------------------------------------- options */

/*
 * The one description of every option that changes the numbers: the command line's parsing
 * and --help, the JSON "options" echo, the page's fields, their checks and the link's keys,
 * the npm types and Python's clustereval.OPTIONS are all made from this table.
 *
 * X(name, id, kind, default, min, max, choices, group, label, help):
 * - `id` is the one spelling: JSON key, binding keyword, link key; on the command line
 *   "--" and the id with '-' for '_' ("--min-share"), and "--no-<id>" too for a flag.
 * - `kind` (ce_opt_kind) says what values mean; `min` and `max` bound them (inclusive).
 * - `choices`: for CE_OPT_KIND_CHOICE, the names of the values 0, 1, ... as one string, each
 *   name ended by "\0" (ce_opt_choice reads them); "" for other kinds.
 * - `group` (ce_opt_group) places the option in --help and on the page; `label` is its
 *   short name on the page, `help` one line for --help and the page's tooltip.
 */
#define CE_OPTION_MAP(X)                                                                           \
  X(CE_OPT_BETA, "beta", CE_OPT_KIND_NUMBER, 1.0, 1e-9, 1e9, "", CE_OPT_GROUP_MEASURES, "β of V",  \
    "weight of completeness in V-measure; 1 weighs homogeneity and completeness equally")          \
  X(CE_OPT_LOG2, "log2", CE_OPT_KIND_FLAG, 0.0, 0.0, 1.0, "", CE_OPT_GROUP_MEASURES,               \
    "Entropies in bits", "entropies and VI in bits (base-2 logarithms) instead of nats")           \
  X(CE_OPT_TOKEN_CHECK, "token_check", CE_OPT_KIND_FLAG, 1.0, 0.0, 1.0, "", CE_OPT_GROUP_TOKENS,   \
    "Check that tokens line up",                                                                   \
    "token mode: gold and system hold the same token texts, position by position; "                \
    "off compares the token counts only")                                                          \
  X(CE_OPT_NMI_MEAN, "nmi_mean", CE_OPT_KIND_CHOICE, 0.0, 0.0, 3.0,                                \
    "arithmetic\0geometric\0min\0max\0", CE_OPT_GROUP_MEASURES, "NMI mean",                        \
    "how nmi and ami average H(C) and H(K)")                                                       \
  X(CE_OPT_RESTARTS, "restarts", CE_OPT_KIND_INTEGER, 10.0, 1.0, 100000.0, "",                     \
    CE_OPT_GROUP_SEARCH, "Restarts", "hill-climbing starts of the type-level M-1 measures")        \
  X(CE_OPT_SEED, "seed", CE_OPT_KIND_INTEGER, 1.0, 0.0, 9007199254740991.0, "",                    \
    CE_OPT_GROUP_SEARCH, "Seed", "seeds the random starts, the random baseline and the resamples") \
  X(CE_OPT_MIN_SHARE, "min_share", CE_OPT_KIND_NUMBER, 0.0, 0.0, 1.0, "", CE_OPT_GROUP_SEARCH,     \
    "Min. share",                                                                                  \
    "types from tokens: a label joins an item's entry only if at least this share of the "         \
    "item's tokens carry it")                                                                      \
  X(CE_OPT_M1_BUDGET, "m1_budget", CE_OPT_KIND_INTEGER, 1e8, 0.0, 9007199254740991.0, "",          \
    CE_OPT_GROUP_SEARCH, "M-1 budget",                                                             \
    "label reads each type-level M-1 measure's search may take (SPEC 3.2); past it the value is "  \
    "the best mapping found; 0: none, the paper's protocol however long it takes")                 \
  X(CE_OPT_CELL_BUDGET, "cell_budget", CE_OPT_KIND_INTEGER, 4e6, 0.0, 9007199254740991.0, "",      \
    CE_OPT_GROUP_SEARCH, "1-1 cell budget",                                                        \
    "non-zero cells the type-level 1-1 weight table and item table may hold (SPEC 3.2); past it "  \
    "the three 1-1 values are n/a, and onmi, onmi_lfk and omega where entries are polysemous "     \
    "(--min-share thins such tables); 0: none")                                                    \
  X(CE_OPT_UNCLUSTERED, "unclustered", CE_OPT_KIND_CHOICE, 0.0, 0.0, 2.0, "merge\0split\0drop\0",  \
    CE_OPT_GROUP_UNCLUSTERED, "Policy",                                                            \
    "gold items a system leaves unclustered: merge (one extra cluster holds them all), split "     \
    "(each a cluster of its own) or drop (they leave the evaluation)")                             \
  X(CE_OPT_EXCLUDE_PUNCT, "exclude_punct", CE_OPT_KIND_FLAG, 0.0, 0.0, 1.0, "",                    \
    CE_OPT_GROUP_TOKENS, "Exclude tokens made only of Unicode punctuation and symbols",            \
    "tokens made only of Unicode punctuation and symbols leave the evaluation")                    \
  X(CE_OPT_MAP_KEEP, "map_keep", CE_OPT_KIND_FLAG, 0.0, 0.0, 1.0, "", CE_OPT_GROUP_MAPS,           \
    "Keep labels a map lacks (otherwise they are an error)",                                       \
    "label maps: keep a label the map lacks (otherwise an error)")                                 \
  X(CE_OPT_COLUMN, "column", CE_OPT_KIND_INTEGER, 0.0, 0.0, 1000.0, "", CE_OPT_GROUP_READING,      \
    "Label column", "tagged files: the label column, 1-based; 0 reads the last")                   \
  X(CE_OPT_DEPTH, "depth", CE_OPT_KIND_INTEGER, 0.0, 0.0, 100000.0, "", CE_OPT_GROUP_READING,      \
    "Path bits", "paths files: clusters are the first N bits of a path; 0 keeps them all")         \
  X(CE_OPT_DEPTH_SWEEP, "depth_sweep", CE_OPT_KIND_FLAG, 0.0, 0.0, 1.0, "", CE_OPT_GROUP_MEASURES, \
    "Every depth of a paths system (Brown clusters)",                                              \
    "paths systems: also score every depth from 1 to the longest path")                            \
  X(CE_OPT_DETAIL, "detail", CE_OPT_KIND_FLAG, 0.0, 0.0, 2.0, "", CE_OPT_GROUP_RUN, "Details",     \
    "JSON: add each system's tables, mappings and per-item rows (2: the rows apart, "              \
    "from ce_eval_items_json)")                                                                    \
  X(CE_OPT_SUBSTITUTABLE, "substitutable", CE_OPT_KIND_FLAG, 0.0, 0.0, 1.0, "",                    \
    CE_OPT_GROUP_MEASURES, "Substitutable precision and recall (Frank et al. 2009), gold-free",    \
    "compute sub_p and sub_r (Frank, Goldwater & Keller 2009), gold-free")                         \
  X(CE_OPT_LEVELS, "levels", CE_OPT_KIND_CHOICE, 0.0, 0.0, 2.0, "both\0token\0type\0",             \
    CE_OPT_GROUP_MEASURES, "Levels", "compute both levels, or the token or the type level only")   \
  X(CE_OPT_BOOTSTRAP, "bootstrap", CE_OPT_KIND_INTEGER, 0.0, 0.0, 100000.0, "",                    \
    CE_OPT_GROUP_STATISTICS, "Bootstrap resamples",                                                \
    "resamples of sentences (a lexicon: items) for 95% intervals and the paired bootstrap; 0 is "  \
    "off")                                                                                         \
  X(CE_OPT_CI, "ci", CE_OPT_KIND_CHOICE, 0.0, 0.0, 2.0, "bca\0percentile\0basic\0",                \
    CE_OPT_GROUP_STATISTICS, "Intervals",                                                          \
    "how the intervals are made: bca (bias-corrected and accelerated), percentile or basic "       \
    "(the percentile interval reflected about the value)")                                         \
  X(CE_OPT_TEST, "test", CE_OPT_KIND_CHOICE, 0.0, 0.0, 1.0, "bootstrap\0ar\0",                     \
    CE_OPT_GROUP_STATISTICS, "Paired test",                                                        \
    "the p-values between every two systems: the paired bootstrap on the resamples, or ar "        \
    "(approximate randomization, swapping outputs sentence by sentence)")                          \
  X(CE_OPT_SHUFFLES, "shuffles", CE_OPT_KIND_INTEGER, 10000.0, 1.0, 10000000.0, "",                \
    CE_OPT_GROUP_STATISTICS, "Shuffles", "approximate randomization's shuffles a pair of systems") \
  X(CE_OPT_THREADS, "threads", CE_OPT_KIND_INTEGER, 0.0, 0.0, 256.0, "", CE_OPT_GROUP_RUN,         \
    "Threads",                                                                                     \
    "the files read and the type level's searches and extended BCubed side by side on N "          \
    "threads; 0: one a processor (the numbers are the same on any count)")                         \
  X(CE_OPT_RESAMPLE, "resample", CE_OPT_KIND_CHOICE, 0.0, 0.0, 2.0,                                \
    "lemmas\0instances\0lemmas+instances\0", CE_OPT_GROUP_STATISTICS, "Sense runs resample",       \
    "sense runs: what a resample draws: lemmas (with replacement), instances (half of each "       \
    "lemma's, the lemmas kept: these lemmas' instances) or lemmas+instances (both stages)")

/* What an option's values mean. */
typedef enum ce_opt_kind {
  CE_OPT_KIND_NUMBER,  /* any real number within the bounds */
  CE_OPT_KIND_INTEGER, /* a whole number within the bounds */
  CE_OPT_KIND_FLAG,    /* 0 off, 1 on (CE_OPT_DETAIL also 2) */
  CE_OPT_KIND_CHOICE   /* the index of one of its choices' names */
} ce_opt_kind;

/* X(name, id, title): where an option stands in --help and on the page. */
#define CE_OPT_GROUP_MAP(X)                                            \
  X(CE_OPT_GROUP_MEASURES, "measures", "Measures")                     \
  X(CE_OPT_GROUP_SEARCH, "search", "M-1 search and types")             \
  X(CE_OPT_GROUP_TOKENS, "tokens", "Tokens")                           \
  X(CE_OPT_GROUP_UNCLUSTERED, "unclustered", "Unclustered gold items") \
  X(CE_OPT_GROUP_MAPS, "maps", "Label maps")                           \
  X(CE_OPT_GROUP_STATISTICS, "statistics", "Confidence")               \
  X(CE_OPT_GROUP_READING, "reading", "Reading a file")                 \
  X(CE_OPT_GROUP_RUN, "run", "The run")

typedef enum ce_opt_group {
#define CE_OPT_GROUP_ENUM_(name, id, title) name,
  CE_OPT_GROUP_MAP(CE_OPT_GROUP_ENUM_)
#undef CE_OPT_GROUP_ENUM_
      CE_OPT_GROUP_COUNT
} ce_opt_group;

typedef enum ce_option {
#define CE_OPTION_ENUM_(name, id, kind, def, lo, hi, choices, group, label, help) name,
  CE_OPTION_MAP(CE_OPTION_ENUM_)
#undef CE_OPTION_ENUM_
      CE_OPT_COUNT
} ce_option;

/* One row of the option table. The strings are static; `choices` as in CE_OPTION_MAP. */
typedef struct ce_opt_info {
  const char *id;
  ce_opt_kind kind;
  double default_value, min, max;
  const char *choices;
  ce_opt_group group;
  const char *label, *help;
} ce_opt_info;

/*
 * CE_OPT_THREADS: the type level's three M-1 searches (MacroI, MicroI, MicroC) and extended
 * BCubed (its two denominators, and its numerators in parts, one a thread) run side by side
 * on up to this many threads, where the type level is larger than a few milliseconds of
 * work, and so do the inputs of a ce_eval_feed_inputs call; 0 takes one a processor online,
 * 1 keeps the run on the calling thread. The numbers are the same on any count. The wasm
 * build runs on one thread; its threaded build (the page's, where the page is cross-origin
 * isolated) on at most 4.
 */

/* How nmi and ami average H(C) and H(K) (CE_OPT_NMI_MEAN). */
typedef enum ce_mean { CE_MEAN_ARITHMETIC, CE_MEAN_GEOMETRIC, CE_MEAN_MIN, CE_MEAN_MAX } ce_mean;

/* What happens to gold items the system leaves unclustered (SPEC §2, CE_OPT_UNCLUSTERED). */
typedef enum ce_unclustered {
  CE_UNCLUSTERED_MERGE, /* one extra cluster holds them all */
  CE_UNCLUSTERED_SPLIT, /* each is a cluster of its own */
  CE_UNCLUSTERED_DROP   /* they leave the evaluation */
} ce_unclustered;

/* How --bootstrap makes its 95% intervals (SPEC §3.5, CE_OPT_CI), as scipy.stats.bootstrap. */
typedef enum ce_ci_method {
  CE_CI_BCA,        /* bias-corrected and accelerated (Efron 1987), jackknife over blocks */
  CE_CI_PERCENTILE, /* the 2.5% and 97.5% quantiles of the resamples */
  CE_CI_BASIC       /* the percentile interval reflected about the value */
} ce_ci_method;

/*
 * What a sense run's resamples draw (SPEC §3.5, §3.7; CE_OPT_RESAMPLE). Instances are drawn
 * without replacement, half of each lemma's (stats/bootstrap.c says why): a duplicated
 * instance would be its own partner under fuzzy B-cubed's rules.
 */
typedef enum ce_resample {
  CE_RESAMPLE_LEMMAS,    /* gold's lemmas with replacement: new lemmas and their instances */
  CE_RESAMPLE_INSTANCES, /* half of each lemma's instances, every lemma once: these lemmas */
  CE_RESAMPLE_BOTH       /* lemmas with replacement, then half of each drawn lemma's instances */
} ce_resample;

/* Which paired test gives the p-values between every two systems (SPEC §3.5, CE_OPT_TEST). */
typedef enum ce_test {
  CE_TEST_BOOTSTRAP, /* the paired bootstrap on the --bootstrap resamples (Berg-Kirkpatrick,
                        Burkett & Klein 2012); nothing without resamples */
  CE_TEST_AR         /* approximate randomization: CE_OPT_SHUFFLES shuffles that swap the two
                        systems' outputs sentence by sentence (items at the type level) */
} ce_test;

/* The reference rows of SPEC §3.4, scored as systems named "baseline:<id>". */
typedef enum ce_baseline {
  CE_BASELINE_RANDOM,
  CE_BASELINE_ONE,
  CE_BASELINE_SINGLETONS,
  CE_BASELINE_MAJORITY,
  CE_BASELINE_COUNT
} ce_baseline;

/* The option's row of the table, or NULL outside the enum. */
const ce_opt_info *ce_opt_describe(ce_option opt);
/* The option whose id is `id` ("min_share"), or CE_OPT_COUNT when none is. */
ce_option ce_opt_from_id(const char *id);
/* The option's stable id ("beta"), or NULL outside the enum. */
const char *ce_opt_name(ce_option opt);
/* Default and inclusive bounds of an option; any pointer may be NULL. */
ce_status ce_opt_bounds(ce_option opt, double *default_value, double *min, double *max);
/* CE_OK when `value` is allowed for `opt`: within bounds, and whole unless a number. */
ce_status ce_opt_check(ce_option opt, double value);
/* The name of value `value` of a CE_OPT_KIND_CHOICE option ("geometric" for CE_OPT_NMI_MEAN
 * 1), as the command line, the JSON and the bindings spell it; NULL for other options and
 * values. */
const char *ce_opt_choice(ce_option opt, unsigned value);
/* The value whose name is `name` for a CE_OPT_KIND_CHOICE option, or -1. */
int ce_opt_choice_value(ce_option opt, const char *name);
/* A group's id ("statistics") and title ("Confidence"), or NULL outside the enum. */
const char *ce_opt_group_id(ce_opt_group group);
const char *ce_opt_group_title(ce_opt_group group);

/* ----------------------------------------------------------------- formats */

/* X(name, id): the input formats of SPEC §2. CE_FORMAT_AUTO detects from the first lines. */
#define CE_FORMAT_MAP(X)                  \
  X(CE_FORMAT_AUTO, "auto")               \
  X(CE_FORMAT_TAGGED, "tagged")           \
  X(CE_FORMAT_CONLLU, "conllu")           \
  X(CE_FORMAT_INLINE, "inline")           \
  X(CE_FORMAT_LEXICON, "lexicon")         \
  X(CE_FORMAT_CLUSTERS, "clusters")       \
  X(CE_FORMAT_PATHS, "paths")             \
  X(CE_FORMAT_COUNTS, "counts")           \
  X(CE_FORMAT_JOINT, "joint")             \
  X(CE_FORMAT_CSV, "csv")                 \
  X(CE_FORMAT_SENSES, "senses")           \
  X(CE_FORMAT_TDE_WORDS, "tde-words")     \
  X(CE_FORMAT_TDE_CLASSES, "tde-classes") \
  X(CE_FORMAT_CONLL, "conll")

typedef enum ce_format {
#define CE_FORMAT_ENUM_(name, id) name,
  CE_FORMAT_MAP(CE_FORMAT_ENUM_)
#undef CE_FORMAT_ENUM_
      CE_FORMAT_COUNT
} ce_format;

/* The format's id ("tagged"), or NULL outside the enum. */
const char *ce_format_name(ce_format format);
/* CE_FORMAT_COUNT when `id` names no format. */
ce_format ce_format_from_name(const char *id);

/* ---------------------------------------------------------------- measures */

/*
 * X(name, id, higher, logs, label, latex), in SPEC §3.1 order, then §3.2, §3.3, §3.7, §3.8 and
 * §3.6. Ids are stable: JSON keys, CLI names, UI ids. `higher`: 1 when a higher value is better, 0
 * when a lower one is (conditional entropies, VI), -1 for a quantity with no direction (the entropy
 * of one side alone, H(C) or H(K)), which no table marks best. `logs`: 1 for a value in the unit of
 * the log base (nats, or bits with --log2). `label`: the short human name tables show as a column
 * title ("M-1"); `latex`: the same for LaTeX where escaping the label would not do, or NULL.
 */
#define CE_MEASURE_MAP(X)                                             \
  X(CE_M1, "m1", 1, 0, "M-1", NULL)                                   \
  X(CE_O1, "o1", 1, 0, "1-1", NULL)                                   \
  X(CE_INV_PURITY, "inv_purity", 1, 0, "Inv. pur.", NULL)             \
  X(CE_H_C, "h_c", -1, 1, "H(C)", "$H(C)$")                           \
  X(CE_H_K, "h_k", -1, 1, "H(K)", "$H(K)$")                           \
  X(CE_H_C_GIVEN_K, "h_c_given_k", 0, 1, "H(C|K)", "$H(C|K)$")        \
  X(CE_H_K_GIVEN_C, "h_k_given_c", 0, 1, "H(K|C)", "$H(K|C)$")        \
  X(CE_MI, "mi", 1, 1, "I(C;K)", "$I(C;K)$")                          \
  X(CE_HOMOGENEITY, "homogeneity", 1, 0, "Hom.", NULL)                \
  X(CE_COMPLETENESS, "completeness", 1, 0, "Compl.", NULL)            \
  X(CE_V_MEASURE, "v_measure", 1, 0, "V", NULL)                       \
  X(CE_VI, "vi", 0, 1, "VI", NULL)                                    \
  X(CE_NVI, "nvi", 0, 0, "NVI", NULL)                                 \
  X(CE_NMI, "nmi", 1, 0, "NMI", NULL)                                 \
  X(CE_AMI, "ami", 1, 0, "AMI", NULL)                                 \
  X(CE_ARI, "ari", 1, 0, "ARI", NULL)                                 \
  X(CE_RAND, "rand", 1, 0, "Rand", NULL)                              \
  X(CE_PAIR_P, "pair_p", 1, 0, "PP", NULL)                            \
  X(CE_PAIR_R, "pair_r", 1, 0, "PR", NULL)                            \
  X(CE_PAIR_F, "pair_f", 1, 0, "PF", NULL)                            \
  X(CE_FMI, "fmi", 1, 0, "FMI", NULL)                                 \
  X(CE_BCUBED_P, "bcubed_p", 1, 0, "B³ P", "B$^3$ P")                 \
  X(CE_BCUBED_R, "bcubed_r", 1, 0, "B³ R", "B$^3$ R")                 \
  X(CE_BCUBED_F, "bcubed_f", 1, 0, "B³ F", "B$^3$ F")                 \
  X(CE_ENTROPY_BITS, "entropy_bits", 0, 0, "Ent. (bits)", NULL)       \
  X(CE_ENTROPY_SCALED, "entropy_scaled", 0, 0, "Ent. (scaled)", NULL) \
  X(CE_GROUPING_P, "grouping_p", 1, 0, "Grp. P", NULL)                \
  X(CE_GROUPING_R, "grouping_r", 1, 0, "Grp. R", NULL)                \
  X(CE_GROUPING_F, "grouping_f", 1, 0, "Grp. F", NULL)                \
  X(CE_ONMI, "onmi", 1, 0, "ONMI", NULL)                              \
  X(CE_ONMI_LFK, "onmi_lfk", 1, 0, "LFK NMI", NULL)                   \
  X(CE_OMEGA, "omega", 1, 0, "Omega", "$\\Omega$")                    \
  X(CE_ECS, "ecs", 1, 0, "ECS", NULL)                                 \
  X(CE_MACRO_I_M1, "macro_i_m1", 1, 0, "MacroI M-1", NULL)            \
  X(CE_MACRO_I_O1, "macro_i_o1", 1, 0, "MacroI 1-1", NULL)            \
  X(CE_MICRO_I_M1, "micro_i_m1", 1, 0, "MicroI M-1", NULL)            \
  X(CE_MICRO_I_O1, "micro_i_o1", 1, 0, "MicroI 1-1", NULL)            \
  X(CE_MICRO_C_M1, "micro_c_m1", 1, 0, "MicroC M-1", NULL)            \
  X(CE_MICRO_C_O1, "micro_c_o1", 1, 0, "MicroC 1-1", NULL)            \
  X(CE_EBCUBED_P, "ebcubed_p", 1, 0, "EB³ P", "EB$^3$ P")             \
  X(CE_EBCUBED_R, "ebcubed_r", 1, 0, "EB³ R", "EB$^3$ R")             \
  X(CE_EBCUBED_F, "ebcubed_f", 1, 0, "EB³ F", "EB$^3$ F")             \
  X(CE_COVER_P, "cover_p", 1, 0, "Cov. P", NULL)                      \
  X(CE_COVER_R, "cover_r", 1, 0, "Cov. R", NULL)                      \
  X(CE_COVER_F, "cover_f", 1, 0, "Cov. F", NULL)                      \
  X(CE_SUB_P, "sub_p", 1, 0, "Sub. P", NULL)                          \
  X(CE_SUB_R, "sub_r", 1, 0, "Sub. R", NULL)                          \
  X(CE_FUZZY_BCUBED_P, "fuzzy_bcubed_p", 1, 0, "F-B³ P", "F-B$^3$ P") \
  X(CE_FUZZY_BCUBED_R, "fuzzy_bcubed_r", 1, 0, "F-B³ R", "F-B$^3$ R") \
  X(CE_FUZZY_BCUBED_F, "fuzzy_bcubed_f", 1, 0, "F-B³ F", "F-B$^3$ F") \
  X(CE_FUZZY_NMI, "fuzzy_nmi", 1, 0, "F-NMI", NULL)                   \
  X(CE_FUZZY_AVG, "fuzzy_avg", 1, 0, "F-Avg", NULL)                   \
  X(CE_NED, "ned", 0, 0, "NED", NULL)                                 \
  X(CE_COVERAGE, "coverage", 1, 0, "Cov.", NULL)                      \
  X(CE_TOKEN_P, "token_p", 1, 0, "Tok. P", NULL)                      \
  X(CE_TOKEN_R, "token_r", 1, 0, "Tok. R", NULL)                      \
  X(CE_TOKEN_F, "token_f", 1, 0, "Tok. F", NULL)                      \
  X(CE_TYPE_P, "type_p", 1, 0, "Typ. P", NULL)                        \
  X(CE_TYPE_R, "type_r", 1, 0, "Typ. R", NULL)                        \
  X(CE_TYPE_F, "type_f", 1, 0, "Typ. F", NULL)                        \
  X(CE_BOUNDARY_P, "boundary_p", 1, 0, "Bnd. P", NULL)                \
  X(CE_BOUNDARY_R, "boundary_r", 1, 0, "Bnd. R", NULL)                \
  X(CE_BOUNDARY_F, "boundary_f", 1, 0, "Bnd. F", NULL)                \
  X(CE_CONLL_F, "conll_f", 1, 0, "CoNLL F1", NULL)                    \
  X(CE_MUC_R, "muc_r", 1, 0, "MUC R", NULL)                           \
  X(CE_MUC_P, "muc_p", 1, 0, "MUC P", NULL)                           \
  X(CE_MUC_F, "muc_f", 1, 0, "MUC F", NULL)                           \
  X(CE_CEAFM_R, "ceafm_r", 1, 0, "CEAF-m R", NULL)                    \
  X(CE_CEAFM_P, "ceafm_p", 1, 0, "CEAF-m P", NULL)                    \
  X(CE_CEAFM_F, "ceafm_f", 1, 0, "CEAF-m F", NULL)                    \
  X(CE_CEAFE_R, "ceafe_r", 1, 0, "CEAF-e R", NULL)                    \
  X(CE_CEAFE_P, "ceafe_p", 1, 0, "CEAF-e P", NULL)                    \
  X(CE_CEAFE_F, "ceafe_f", 1, 0, "CEAF-e F", NULL)                    \
  X(CE_BLANC_R, "blanc_r", 1, 0, "BLANC R", NULL)                     \
  X(CE_BLANC_P, "blanc_p", 1, 0, "BLANC P", NULL)                     \
  X(CE_BLANC_F, "blanc_f", 1, 0, "BLANC F", NULL)                     \
  X(CE_LEA_R, "lea_r", 1, 0, "LEA R", NULL)                           \
  X(CE_LEA_P, "lea_p", 1, 0, "LEA P", NULL)                           \
  X(CE_LEA_F, "lea_f", 1, 0, "LEA F", NULL)                           \
  X(CE_MENTION_R, "mention_r", 1, 0, "Mention R", NULL)               \
  X(CE_MENTION_P, "mention_p", 1, 0, "Mention P", NULL)               \
  X(CE_MENTION_F, "mention_f", 1, 0, "Mention F", NULL)

typedef enum ce_measure {
#define CE_MEASURE_ENUM_(name, id, higher, logs, label, latex) name,
  CE_MEASURE_MAP(CE_MEASURE_ENUM_)
#undef CE_MEASURE_ENUM_
      CE_MEASURE_COUNT
} ce_measure;

/* The ids below this are the measures a contingency table gives: those of SPEC §3.1, then the
 * overlapping-clustering measures of §3.3 (onmi .. ecs), which a partition's table gives too
 * and which the type level also computes over polysemous entries. The token level has these
 * and, for corpora, the substitutable sub_p and sub_r (SPEC §3.3). */
#define CE_CONTINGENCY_MEASURE_COUNT (CE_ECS + 1)
#define CE_IS_TOKEN_MEASURE(m) \
  ((m) < CE_CONTINGENCY_MEASURE_COUNT || (m) == CE_SUB_P || (m) == CE_SUB_R)

/* The word-sense level of a `senses` run (SPEC §3.7): SemEval-2013's fuzzy measures, and
 * SemEval-2010's V-measure and paired F-score, which keep their §3.1 ids. */
#define CE_IS_SENSE_MEASURE(m) \
  (((m) >= CE_FUZZY_BCUBED_P && (m) <= CE_FUZZY_AVG) || (m) == CE_V_MEASURE || (m) == CE_PAIR_F)

/* The spoken-term-discovery level of a `tde-classes` run (SPEC §3.8): tdev2's measures, its
 * grouping on fragments keeping the §3.1 ids grouping_p, grouping_r, grouping_f. */
#define CE_IS_TDE_MEASURE(m) \
  (((m) >= CE_NED && (m) <= CE_BOUNDARY_F) || ((m) >= CE_GROUPING_P && (m) <= CE_GROUPING_F))

/* The coreference level of a `conll` run (SPEC §3.6): the CoNLL-2012 reference scorer's
 * metrics, micro over documents; B³ keeps its §3.1 ids (bcubed_p, bcubed_r, bcubed_f). */
#define CE_IS_COREF_MEASURE(m) \
  (((m) >= CE_CONLL_F && (m) <= CE_MENTION_F) || ((m) >= CE_BCUBED_P && (m) <= CE_BCUBED_F))

/* 1 when a higher value is better, 0 when lower is (conditional entropies, VI), -1 when the
 * measure has no direction (H(C), H(K)) or is outside the enum. */
int ce_measure_higher_is_better(ce_measure measure);
/* The measure's stable id ("v_measure"), or NULL outside the enum. */
const char *ce_measure_id(ce_measure measure);
/* The measure's short human name, a table's column title ("V", "MacroI M-1"; UTF-8), or NULL
 * outside the enum. */
const char *ce_measure_label(ce_measure measure);
/* CE_MEASURE_COUNT when `id` names no measure. */
ce_measure ce_measure_from_id(const char *id);

/* Where a measure is computed: tokens, types (items), the word senses of a `senses` run
 * (SPEC §3.7: instances grouped by lemma, averaged as the SemEval tasks average), or the
 * fragments of a `tde-classes` run (SPEC §3.8: spoken term discovery, as tdev2 scores it), or
 * the entities of a `conll` run (SPEC §3.6: mentions by document, micro over documents). */
typedef enum ce_level {
  CE_LEVEL_TOKEN,
  CE_LEVEL_TYPE,
  CE_LEVEL_SENSE,
  CE_LEVEL_TDE,
  CE_LEVEL_COREF
} ce_level;
#define CE_LEVEL_LAST CE_LEVEL_COREF

/* The level's id as qualified measure ids spell it ("token", "type", "senses", "tde", "coref":
 * "token.m1"), or NULL outside the enum. */
const char *ce_level_id(ce_level level);
/* 1 when the level has the measure: token the §3.1 measures and sub_p, sub_r; type those of
 * §3.1 to §3.3 but sub_p, sub_r; senses the SemEval measures of §3.7; tde tdev2's of §3.8;
 * coref those of §3.6. */
int ce_level_has(ce_level level, ce_measure measure);
/* The level a bare measure id means: token where the token level has it, else a sense
 * measure's sense level, a §3.8 measure's tde level, a coreference measure's coref level,
 * else type. */
ce_level ce_measure_level(ce_measure measure);

/* -------------------------------------------------------------- evaluation */

/*
 * One run: a gold input and one or more system inputs, read in lockstep so that
 * memory grows with the vocabulary and the labels, never with the number of tokens.
 *
 * Use: create; set options; add the gold input, then each system input; feed every
 * input its bytes in chunks of any size (a line may span chunks; feed the inputs
 * round-robin so no input runs far ahead); close each input; finish; read results.
 */
typedef struct ce_eval ce_eval;

/* NULL when out of memory. Free with ce_eval_free. */
ce_eval *ce_eval_create(void);
/* Frees everything the evaluation holds. Accepts NULL. */
void ce_eval_free(ce_eval *ev);

/* CE_ERR_USAGE when ce_opt_check refuses the value or inputs were already added. */
ce_status ce_eval_set(ce_eval *ev, ce_option opt, double value);
/* The value in force (the default until set). */
double ce_eval_get(const ce_eval *ev, ce_option opt);

/*
 * Adds an input named `name` (shown in errors and results; copied). The first input
 * added is the gold standard, every later one a system. Inputs are numbered from 0
 * in the order added; `index` (may be NULL) receives the number. A `joint` file holds both
 * sides: as the first input it is the gold standard (its gold side) and a system; the other
 * inputs are then `joint` files whose gold side must equal the first's.
 */
ce_status ce_eval_add_input(ce_eval *ev, const char *name, size_t *index, ce_error *err);

/*
 * Gives input `index` its next `len` bytes. Returns CE_OK, or the input's error once
 * it has failed (later chunks for it are ignored). A failing system leaves the other
 * inputs untouched; a failing gold input fails the whole run (every later call
 * returns its error). `err` may be NULL.
 */
ce_status ce_eval_feed(ce_eval *ev, size_t index, const void *bytes, size_t len, ce_error *err);

/*
 * Gives each of `count` distinct inputs its next chunk: input index[j] the bytes[j] of length
 * len[j], as ce_eval_feed would one after another, with the same results. Where the inputs
 * allow it (token inputs whose format is known), they are read side by side on up to
 * CE_OPT_THREADS threads. Returns CE_OK, or the first of the inputs' errors in the order
 * given (each failed input keeps its own, as with ce_eval_feed). `err` may be NULL.
 */
ce_status ce_eval_feed_inputs(ce_eval *ev, size_t count, const size_t *index,
                              const void *const *bytes, const size_t *len, ce_error *err);

/* Marks the end of input `index`. Same return convention as ce_eval_feed. */
ce_status ce_eval_close(ce_eval *ev, size_t index, ce_error *err);

/*
 * A table of distinct strings numbered 0, 1, 2... in the order first put, as the core's
 * readers number the words and labels of a file: what a binding uses to turn the labels it
 * holds into the numbers ce_eval_feed_ids takes, and to hand ce_eval_name their strings.
 * Memory grows with the distinct strings only. Free with ce_strings_free.
 */
typedef struct ce_strings ce_strings;
/* NULL when out of memory. */
ce_strings *ce_strings_create(void);
/* Accepts NULL. */
void ce_strings_free(ce_strings *strings);
/* *id = the number of the `len` bytes at `bytes` (any bytes; copied), added when new. */
ce_status ce_strings_put(ce_strings *strings, const char *bytes, size_t len, uint32_t *id);
/* How many distinct strings were put. */
size_t ce_strings_count(const ce_strings *strings);
/* The string numbered `id`, NUL-terminated, its length through `len` (may be NULL); NULL
 * past the count. It stays in place until the table is freed. */
const char *ce_strings_get(const ce_strings *strings, uint32_t id, size_t *len);

/*
 * Tokens as numbers instead of text, for callers that hold a labelled corpus in arrays (the
 * Python and JavaScript bindings): the run reads them as it reads the lines of a tagged
 * corpus, with the same options, maps, exclusions, pairing and results.
 *
 * ce_eval_name names the next `count` strings of a table, numbered on from those named
 * before (0 first): string i is lens[i] bytes of `bytes`, one after another (copied; UTF-8
 * without NUL, else CE_ERR_ENCODING). CE_NAMES_ITEMS is the run's table of items (words),
 * shared by every input; CE_NAMES_LABELS holds the labels of input `index` (unused for
 * items). A string no token uses is never seen by the run.
 */
typedef enum ce_names { CE_NAMES_ITEMS, CE_NAMES_LABELS } ce_names;
ce_status ce_eval_name(ce_eval *ev, size_t index, ce_names table, const char *bytes,
                       const size_t *lens, size_t count, ce_error *err);

/*
 * Gives input `index` (a corpus input, fed no bytes) its next `count` tokens: token t is the
 * item numbered items[t] carrying the label numbered labels[t]. `items` NULL gives every token
 * the empty item (token level only makes sense then); `ends` (may be NULL) marks with a
 * non-zero byte the last token of a sentence (gold's sentences count; a test corpus' too).
 * A number that was not named is CE_ERR_USAGE. Errors name the input and, as the line, the
 * token's position in it (1-based). Same return convention as ce_eval_feed; feed the inputs
 * in turns of some thousand tokens (see ce_eval_waits) and close each with ce_eval_close.
 */
ce_status ce_eval_feed_ids(ce_eval *ev, size_t index, const uint32_t *items, const uint32_t *labels,
                           const uint8_t *ends, size_t count, ce_error *err);

/*
 * Computes every measure once all inputs are closed. Fails only when the run as a
 * whole cannot give a result (gold failed or is empty); a failed system is reported
 * through ce_eval_input_error and the JSON, and the others keep their numbers.
 */
ce_status ce_eval_finish(ce_eval *ev, ce_error *err);

/*
 * --bootstrap B (SPEC §3.5): after ce_eval_finish, runs up to `count` more steps of the
 * resampling: the B resamples (sentences of a gold corpus, or items of a gold lexicon and at
 * the type level, drawn with replacement from the option seed), then, for BCa intervals
 * (CE_OPT_CI), the jackknife's leave-one-block-out replicates (at most 100). `done` and
 * `total` (may be NULL) count these steps. Call it until done == total; calling it in small
 * steps lets a caller show progress or stop, and gives the same numbers as one call. The
 * JSON and ce_eval_interval cover the steps done so far. With B = 0 it does nothing.
 */
ce_status ce_eval_resample(ce_eval *ev, unsigned count, unsigned *done, unsigned *total,
                           ce_error *err);

/*
 * --test ar (SPEC §3.5): after ce_eval_finish, runs up to `count` more shuffles of
 * approximate randomization, for every two rows in turn: R = CE_OPT_SHUFFLES shuffles a
 * pair, each swapping the two rows' outputs of every sentence (token level) and of every
 * item (type level) with probability 1/2, from the option seed. `done` and `total` (may be
 * NULL) count shuffles over all pairs. Same use as ce_eval_resample; nothing to do unless
 * CE_OPT_TEST is CE_TEST_AR and two rows can be compared.
 */
ce_status ce_eval_shuffle(ce_eval *ev, unsigned count, unsigned *done, unsigned *total,
                          ce_error *err);

/*
 * The 95% interval of a measure by CE_OPT_CI over the resamples done: CE_ERR_UNAVAILABLE
 * when there is none (no bootstrap ran, no resample gave the measure a value, or the interval
 * is withheld: see ce_eval_interval_note); *lo and *hi are then untouched. The interval is
 * for the population value: where the plug-in value is biased beyond the resamples' spread,
 * it is the bias-corrected one and need not hold the value (ce_eval_interval_bias).
 */
ce_status ce_eval_interval(const ce_eval *ev, size_t system, ce_level level, ce_measure measure,
                           double *lo, double *hi);

/*
 * The bias of a measure that has an interval, as the resamples estimate it (their mean minus
 * the value; Efron & Tibshirani 1993, §10.2), into *bias; and into *note NULL, or where that
 * bias exceeds the resamples' spread (the value lies outside their central 95%), a sentence
 * that starts "biased high by ~0.03; bias-corrected 0.4670" (the value minus the bias) and
 * says which bias-corrected interval is shown (SPEC §3.5), or where BCa's correction breaks
 * down, that the interval is the basic one. Either pointer may be NULL; the note is valid
 * until the run resamples again or is freed. CE_ERR_UNAVAILABLE when the measure has no
 * interval, CE_ERR_USAGE for a row, level or measure out of range.
 */
ce_status ce_eval_interval_bias(const ce_eval *ev, size_t system, ce_level level,
                                ce_measure measure, double *bias, const char **note);

/*
 * Why a measure that has resamples has no interval, e.g. "the grouping scores count tokens
 * that do not sit alone in their cell, ..."; NULL when it has one or has no resamples. Valid
 * until the run resamples again or is freed.
 */
const char *ce_eval_interval_note(const ce_eval *ev, size_t system, ce_level level,
                                  ce_measure measure);

/*
 * The two-sided p-value of the paired test (CE_OPT_TEST) that rows `a` and `b` differ on a
 * measure: (1 + the shuffles or resamples at least as extreme) / (1 + those counted).
 * CE_ERR_UNAVAILABLE when the test has not run for this pair and measure.
 */
ce_status ce_eval_p_value(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure measure,
                          double *p);

/* What a long part of a run is doing, for a progress display. */
typedef enum ce_phase {
  CE_PHASE_RESTARTS,  /* ce_eval_finish: M-1 hill-climbing starts, all rows */
  CE_PHASE_RESAMPLES, /* ce_eval_resample: resamples and jackknife replicates */
  CE_PHASE_SHUFFLES   /* ce_eval_shuffle: approximate randomization shuffles */
} ce_phase;

/* Gets how far a phase is: `done` of `total` units. Must not call back into the run. */
typedef void (*ce_progress_fn)(void *user, ce_phase phase, uint64_t done, uint64_t total);

/*
 * Calls `fn` (NULL: none) with `user` as each unit of work ends: every M-1 start during
 * ce_eval_finish, every resample and shuffle. The core stays silent; the caller decides
 * what to show and how often. With CE_OPT_THREADS other than 1, the M-1 starts may end on
 * threads of the core's: `fn` is then called from them, one call at a time.
 */
ce_status ce_eval_set_progress(ce_eval *ev, ce_progress_fn fn, void *user);

/*
 * Adds a test corpus for the substitutable precision and recall of system input `system`
 * (SPEC §3.3, --sub-test): the system's induced tagging of held-out text, read like any
 * input (a corpus format). Without one, the system's own corpus serves as both. After the
 * systems are added; `index` (may be NULL) receives the new input's number.
 */
ce_status ce_eval_add_sub_test(ce_eval *ev, size_t system, const char *name, size_t *index,
                               ce_error *err);

/*
 * Adds the phone alignment of a spoken-term-discovery run (SPEC §3.8, --phones): `file onset
 * offset phone` lines, read as `tde-words` (SIL and SPN kept), which `tde-classes` systems
 * are transcribed by. After the systems are added, once; fed and closed like any input;
 * `index` (may be NULL) receives the new input's number.
 */
ce_status ce_eval_add_phones(ce_eval *ev, const char *name, size_t *index, ce_error *err);

/* How input `index` is read where it differs from the run's CE_OPT_COLUMN and CE_OPT_DEPTH:
 * the label column of a tagged file and the bits of a paths file (0 keeps the run's). */
ce_status ce_eval_set_input_reading(ce_eval *ev, size_t index, unsigned column, unsigned depth);

/* Forces the format of input `index` (CE_FORMAT_AUTO, the default, detects it from the
 * first lines). Before any input is fed. */
ce_status ce_eval_set_format(ce_eval *ev, size_t index, ce_format format);
/* The input's format: forced or detected; CE_FORMAT_AUTO while still undecided. */
ce_format ce_eval_input_format(const ce_eval *ev, size_t index);

/* A gold label whose tokens (or entries) leave the evaluation, e.g. a punctuation tag.
 * Copied. Before any input is fed. */
ce_status ce_eval_exclude_label(ce_eval *ev, const char *label);
/* The label that marks an unclustered token or item in a system ("UNK"); copied. */
ce_status ce_eval_set_unclustered_label(ce_eval *ev, const char *label);
/* Adds a baseline row (SPEC §3.4). Before any input is fed. */
ce_status ce_eval_add_baseline(ce_eval *ev, ce_baseline baseline);
/* "random", "one", "singletons", "majority"; NULL outside the enum. */
const char *ce_baseline_name(ce_baseline baseline);

/* Which labels a label map rewrites: gold classes or system clusters. */
typedef enum ce_side { CE_SIDE_GOLD, CE_SIDE_SYSTEM } ce_side;

/*
 * Label maps (SPEC §2): labels are rewritten before anything else (exclusion included).
 * A label the map lacks is an input error unless CE_OPT_MAP_KEEP is set. Either a preset
 * compiled in ("brown-universal", "ptb-universal"; see ce_map_preset_name), or a file of
 * `from<TAB>to` lines fed in chunks and closed. Before any input is fed.
 */
ce_status ce_eval_map_preset(ce_eval *ev, ce_side side, const char *preset, ce_error *err);
ce_status ce_eval_map_feed(ce_eval *ev, ce_side side, const char *name, const void *bytes,
                           size_t len, ce_error *err);
ce_status ce_eval_map_close(ce_eval *ev, ce_side side, ce_error *err);
/* The presets' names, from 0 until NULL. */
const char *ce_map_preset_name(size_t index);

/*
 * Tokens of input `index` read but still waiting for the other inputs to reach them. Lines
 * of different lengths drift apart, so a driver feeding chunk by chunk asks ce_eval_waits
 * which inputs to leave out of a round.
 */
size_t ce_eval_backlog(const ce_eval *ev, size_t index);

/*
 * Whether a driver feeding the inputs in rounds, a chunk of each, should leave input `index`
 * out of the next round: it is far ahead of another open input (its tokens would only wait),
 * or, where the run reads on threads, it is a token system less than a chunk behind gold
 * (gold a chunk ahead lets a system's tokens pair on its own thread as they are read). Some
 * open input never waits. Memory stays flat and rounds read side by side.
 */
int ce_eval_waits(const ce_eval *ev, size_t index);

/* Number of inputs added (gold included). */
size_t ce_eval_input_count(const ce_eval *ev);
/* The input's name, or NULL when `index` is out of range. */
const char *ce_eval_input_name(const ce_eval *ev, size_t index);
/* The input's error, or NULL when it has none. Valid until ce_eval_free. */
const ce_error *ce_eval_input_error(const ce_eval *ev, size_t index);

/*
 * The scored rows after ce_eval_finish: every system input in order, then the baselines.
 * (A `counts` gold file is scored alone, as one system named after the file. A `joint` gold
 * file is a system too, the first row, and every later input is then a `joint` file.)
 */
size_t ce_eval_system_count(const ce_eval *ev);
/* The row's name ("sys.tsv", "baseline:random"), or NULL out of range. */
const char *ce_eval_system_name(const ce_eval *ev, size_t system);
/* The row's error (a system input that failed), or NULL. */
const ce_error *ce_eval_system_error(const ce_eval *ev, size_t system);
/* The row's k-th warning (0 for the first: why a measure is null, what the run noticed), or
 * NULL past the last; the JSON's `warnings` holds the same. */
const char *ce_eval_system_warning(const ce_eval *ev, size_t system, size_t k);

/*
 * A measure of row `system` (0 for the first) at a level. CE_ERR_UNAVAILABLE when it is
 * not defined there (the row failed; no tokens; polysemous entries for a type-level
 * contingency measure); *value is then untouched.
 */
ce_status ce_eval_value(const ce_eval *ev, size_t system, ce_level level, ce_measure measure,
                        double *value);
/* The level this run reads a measure asked at `level` at: a `senses` run has its sense level
 * alone, so a sense measure there (v_measure and pair_f too) is the sense level's; a `conll`
 * run has its coref level alone (bcubed_* there are B³ over mentions); otherwise `level`. */
ce_level ce_eval_level(const ce_eval *ev, ce_level level, ce_measure measure);

/* ------------------------------------------------------------------ tables */

/* A column of a results table: a measure at a level. */
typedef struct ce_column {
  ce_level level;
  ce_measure measure;
} ce_column;

typedef enum ce_table_format {
  CE_TABLE_TEXT,     /* aligned columns for a terminal */
  CE_TABLE_TSV,      /* full precision */
  CE_TABLE_CSV,      /* full precision, RFC 4180 quoting */
  CE_TABLE_MARKDOWN, /* 4 decimals, column titles, the best in bold */
  CE_TABLE_LATEX     /* 4 decimals, a booktabs tabular with one row per system */
} ce_table_format;

/*
 * The systems × columns table after ce_eval_finish, of the rows `rows[0..row_count)` in that
 * order (row indices as in ce_eval_value), or of every row in the run's order (systems, then
 * baselines) when `rows` is NULL. A failed row shows its error; a value not defined shows
 * "n/a". Text, TSV and CSV name the columns by id ("token.m1") and show every digit in TSV
 * and CSV. Markdown and LaTeX show four decimals under titles from the measure table
 * ("Token M-1", "Token H(C|K) (nats)"; in LaTeX, "Token level" and "Type level" spans over
 * "M-1"), put the best value of each column in bold (among the rows shown that are not
 * baselines, when two or more have one; never for a measure with no direction), and set the
 * baselines in italics, in LaTeX after a rule. After --bootstrap, a line below the Markdown
 * table and a comment above the LaTeX one say what the intervals rest on.
 * The caller frees *text with ce_free.
 */
ce_status ce_eval_table(const ce_eval *ev, ce_table_format format, const ce_column *columns,
                        size_t column_count, const size_t *rows, size_t row_count, char **text,
                        size_t *len);

/*
 * --depth-sweep (CE_OPT_DEPTH_SWEEP): a row per `paths` system and depth, "system depth
 * clusters" and the columns' values, in text, TSV or CSV (CE_ERR_USAGE for other formats).
 * A row without a sweep (another format, a baseline) is one line at depth "-" (empty in TSV
 * and CSV): the table holds every number of ce_eval_table's. The caller frees *text.
 */
ce_status ce_eval_sweep_table(const ce_eval *ev, ce_table_format format, const ce_column *columns,
                              size_t column_count, char **text, size_t *len);

/*
 * How the systems compare (SPEC §3.5), for the table's columns: with p-values (CE_OPT_TEST),
 * one matrix per column of the two-sided p-value of row against column, marked * below 0.05
 * and ** below 0.01; with three or more rows that did not fail, Spearman's ρ (Kendall's
 * τ-b) between the rankings the columns give. After --bootstrap it starts with what the
 * intervals rest on and the intervals withheld. Empty when nothing applies. With intervals,
 * ce_eval_table shows "0.6750 [0.6680, 0.6810]" ("[no interval]" where one is withheld; TSV
 * and CSV: columns <id>.lo and <id>.hi), and marks a value biased beyond its resamples'
 * spread "0.4970 [0.4551, 0.4790]†" (LaTeX $^{\dagger}$), with a footnote below the table
 * (text, Markdown, LaTeX) giving its bias and bias-corrected estimate. The caller frees *text with
 * ce_free.
 */
ce_status ce_eval_comparison(const ce_eval *ev, ce_table_format format, const ce_column *columns,
                             size_t column_count, char **text, size_t *len);

/* ------------------------------------------------------- reported numbers */

/* A reported row whose name matches no file, read as row `system` (as in ce_eval_value). */
typedef struct ce_check_alias {
  const char *row;
  size_t system;
} ce_check_alias;

/*
 * Checks the numbers a paper or a README reports against this run (SPEC §4, --check), after
 * ce_eval_finish. `text` (`len` bytes of UTF-8, named `name` in messages) is a table as it
 * was printed: TSV or CSV with a system column and one column per measure, the same with
 * columns two spaces apart, a Markdown table, LaTeX tabular rows (`hmm45 & 53.3 & 41.2 \\`;
 * \textbf{}, $…$ and rules are stripped, \multicolumn headings over "Token"/"Type" set the
 * level), or long-form `system<TAB>measure<TAB>value` lines. Measures are matched by id or
 * by the names papers use (M-1, many-to-one, 1-1, V-measure, VM, H, C, MacroI M-1, …; a
 * "Token"/"Type" prefix sets the level); rows by file name, with or without directory and
 * extension, or by `aliases` (may be NULL). A measure bounded by 1 that a column prints above
 * 1 (or with %) is read as a percentage. A value reproduces when the computed one, on the
 * reported scale, is within half a unit of its last printed digit.
 * The check replaces any earlier one of `ev`: ce_eval_json then holds its "check" array.
 * *reported (may be NULL) receives how many numbers were read, *reproduced how many
 * reproduce (a number whose row or measure matched nothing does not).
 * CE_ERR_SYNTAX when the text holds no reported number; CE_ERR_ENCODING when not UTF-8.
 */
ce_status ce_eval_check(ce_eval *ev, const char *name, const void *text, size_t len,
                        const ce_check_alias *aliases, size_t alias_count, size_t *reported,
                        size_t *reproduced, ce_error *err);

/*
 * The last check as the JSON array of SPEC §4: [{"system", "row", "heading", "measure",
 * "printed", "reported", "scale", "computed", "difference", "tolerance", "reproduced",
 * "line", "problem"}], one object per reported number, in the order read. CE_ERR_USAGE when
 * no check ran. The caller frees *json with ce_free.
 */
ce_status ce_eval_check_json(const ce_eval *ev, char **json, size_t *len);

/* The last check as a text table with a summary line ("12 of 14 reproduce"); every number
 * that could not be compared is listed with the reason. The caller frees *text with ce_free. */
ce_status ce_eval_check_table(const ce_eval *ev, char **text, size_t *len);

/* TSV reports for files next to the result (SPEC §4). */
typedef enum ce_report {
  CE_REPORT_CONTINGENCY, /* system, class, cluster, tokens, items */
  CE_REPORT_SIZES,       /* who (gold or a system), rank, tokens, items of each cluster/class */
  CE_REPORT_DETAILS, /* per item: gold, system and mapped entries, IM_i, F_i, correct, ECS S_i */
  CE_REPORT_MAPPING  /* per system, mapping and cluster: the class it maps to and weight */
} ce_report;

/* The report as TSV text with a header line. The caller frees *text with ce_free. */
ce_status ce_eval_report(const ce_eval *ev, ce_report report, char **text, size_t *len);

/*
 * The whole result as the JSON document of SPEC §4 ("schema": 1), NUL-terminated.
 * The caller frees *json with ce_free. Callable after ce_eval_finish.
 */
ce_status ce_eval_json(const ce_eval *ev, char **json, size_t *len);

/*
 * The per-item rows of result row `row` (an index into the JSON's "systems") as the JSON
 * array that "detail"."items" holds, NUL-terminated; the caller frees *json with ce_free.
 * With CE_OPT_DETAIL 2, ce_eval_json leaves those rows out (most of the details' bytes on a
 * large vocabulary) and says how many there are ("item_rows"), so that a page can show the
 * scores first and ask for the rows when it shows them. CE_ERR_UNAVAILABLE where the row has
 * no type level; CE_ERR_USAGE before ce_eval_finish or past the rows.
 */
ce_status ce_eval_items_json(const ce_eval *ev, size_t row, char **json, size_t *len);

/*
 * A preview of how the head of a file reads: its format (forced, or detected when
 * CE_FORMAT_AUTO) and its first `max_records` records, as JSON (an error names the file as
 * `name`, "preview" when NULL):
 * {"format": "tagged", "detected": true, "records": [{"line": 1, "kind": "token",
 * "item": "The", "label": "at", "count": 0}, ...], "error": {...} (when a line fails)}.
 * A record of joint counts (kind "joint") has its "class" too; "label" is its cluster.
 * A cut last line is left out. The caller frees *json with ce_free.
 */
ce_status ce_preview_json(const char *name, const void *bytes, size_t len, ce_format format,
                          unsigned column, unsigned depth, size_t max_records, char **json,
                          size_t *json_len);

/* Frees memory the library handed to the caller. Accepts NULL. */
void ce_free(void *ptr);

#ifdef __cplusplus
}
#endif

#endif /* CLUSTEREVAL_H */
