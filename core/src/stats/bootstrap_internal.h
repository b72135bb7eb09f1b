/*
 * The statistics of SPEC §3.5 over one run (bootstrap.c): what the run kept of its tokens
 * and entries, the --bootstrap resamples with the jackknife behind BCa, the intervals, and
 * the paired bootstrap's p-values. The run logs, while token inputs are paired, each counted
 * gold token's item, class and sentence and each token system's cluster (4 bytes per token
 * and input, 8 for gold): a resample reweights sentences without reading the inputs again.
 * The type level resamples gold's evaluated items. Approximate randomization
 * (randomization.c) shuffles the same kept data.
 */
#ifndef CE_BOOTSTRAP_INTERNAL_H
#define CE_BOOTSTRAP_INTERNAL_H

#include "run/run_internal.h"
#include "run/score_internal.h"
#include "stats/bca_internal.h"

/* At most this many jackknife blocks per level: BCa's acceleration stays cheap on a corpus. */
#define CE_JACKKNIFE_BLOCKS 100

/* Sorted distinct (a << 32 | b) keys, and each logged token's index among them. */
typedef struct ce_key_index {
  uint64_t *keys;
  size_t count;
  uint32_t *of_token; /* UINT32_MAX: the token does not count here (dropped) */
} ce_key_index;

/* What the intervals of one (level, measure) of a row are, as last computed. */
typedef struct ce_slot_interval {
  ce_shown_interval shown;
  int has;        /* some resample gave a value */
  char note[400]; /* ce__interval_note's, or empty: the value is not biased beyond the spread */
} ce_slot_interval;

typedef struct ce_boot_row {
  int active;      /* scored in resamples: not failed, not a counts file */
  int token_cells; /* a token system under a gold corpus: its own (class, cluster) cells */
  const ce_item_labels *fixed; /* its labels by item as the full data gives them, or NULL */
  const ce_item_labels *gold;  /* gold's labels less its dropped tokens, or NULL: gold's */
  ce_key_index cells;          /* token_cells: (class, cluster) of each logged token */
  /* The (level, measure) pairs the full data has a value for, and their samples. */
  size_t slots;
  uint8_t *slot_level;
  uint8_t *slot_measure;
  int slot_of[CE_LEVEL_LAST + 1][CE_MEASURE_COUNT]; /* by level; -1: no slot */
  double *samples; /* slots × total; NaN where a resample gave no value */
  double *jackknife; /* slots × CE_JACKKNIFE_BLOCKS leave-one-block-out values */
  /* slots × CE_JACKKNIFE_BLOCKS: the information measures' leave-one-block-out values less the
   * whole bias ce__info_unseen_bias estimates on each; NaN for the other measures */
  double *jack_corrected;
  ce_slot_interval *intervals; /* slots, computed on demand */
  unsigned intervals_at;       /* the steps done when they were computed (0: never) */
  /* Token (0) and type (1) level: the information measures' bias the resamples cannot see
   * (ce__info_unseen_bias on the full data's table), once the intervals are first asked for. */
  ce_measures unseen[2];
  int unseen_done;
} ce_boot_row;

/* What a resample draws: sentences (token level; items for the type level), items (a gold
 * lexicon), a sense run's gold lemmas (SPEC §3.7), a tde run's files (SPEC §3.8: the
 * recordings, whose speakers and recording conditions make the dependence), or a
 * coreference run's key documents (SPEC §3.6). */
typedef enum ce_boot_unit {
  CE_UNIT_NONE,
  CE_UNIT_SENTENCE,
  CE_UNIT_ITEM,
  CE_UNIT_LEMMA,
  CE_UNIT_FILE,
  CE_UNIT_DOCUMENT
} ce_boot_unit;

/* 1 for the units of a run with one level, each unit scored on its own level (lemmas,
 * files, documents): the statistics have one level, not a token and a type level. */
static inline int ce__boot_one_level(ce_boot_unit unit) {
  return unit == CE_UNIT_LEMMA || unit == CE_UNIT_FILE || unit == CE_UNIT_DOCUMENT;
}

/* The unit's name in the outputs, singular ("lemma", "file", "document") or plural. */
static inline const char *ce__boot_unit_word(ce_boot_unit unit, int plural) {
  if (unit == CE_UNIT_DOCUMENT) return plural ? "documents" : "document";
  if (unit == CE_UNIT_FILE) return plural ? "files" : "file";
  if (unit == CE_UNIT_LEMMA) return plural ? "lemmas" : "lemma";
  return plural ? "items" : "item";
}

struct ce_ar; /* stats/randomization_internal.h */

typedef struct ce_boot {
  unsigned total, done;             /* resamples: B and how many are done */
  /* Jackknife replicates, after the resamples: BCa's acceleration, and the spread of the
   * information measures' corrected estimate (sentences and items, under every method). */
  unsigned jack_total, jack_done;
  size_t blocks[CE_LEVEL_LAST + 1]; /* jackknife blocks by level: sentences, items, lemmas,
                                       files, documents */
  /* A run of one level (ce__boot_one_level): its units, drawn with unit_weight below: a
   * sense run's lemmas and a coreference run's key documents (each row's in one order), a tde
   * run's files (their ids in `files`). */
  size_t units;
  uint32_t *files;
  uint32_t *file_weight; /* a tde run, by file id: how often the step drew it */
  size_t file_ids;       /* file ids there are */
  ce_boot_unit unit;
  int prepared;
  int needs_gold_tokens;   /* a row's token level comes from its entries and gold's tokens */
  size_t tokens;           /* logged */
  size_t sentences;        /* logged; 0 under a gold lexicon */
  int tokens_as_sentences; /* no boundaries were marked: each token is drawn on its own */
  const char *unavailable;
  /* The log, in gold's order: counted tokens' items and classes, where each sentence starts. */
  ce_u32s token_item, token_class, sentence_start;
  ce_key_index gold_pairs;  /* (item, class) */
  const ce_gold_view *gold; /* the full data's (the run keeps it) */
  ce_boot_row *rows;
  size_t row_count;
  /* Per draw scratch. */
  uint32_t *sentence_weight, *item_weight, *unit_weight;
  uint64_t *weight, *squares;
  size_t weight_cap;
  /* A sense run that draws instances too (CE_OPT_RESAMPLE): what it is, the lemmas scored
   * again on the drawn instances, and per draw each row's value of every lemma drawn
   * (row_count × units), their gold instances and one lemma's drawn positions. */
  int resample;
  struct ce_sense_subset *subset;
  ce_measures *copy_values;
  uint64_t *copy_gold;
  uint32_t *picked;
  /* Approximate randomization's state (randomization.c), freed with the rest. */
  struct ce_ar *ar;
  void (*ar_free)(struct ce_ar *);
} ce_boot;

/* The statistics' state of the run, prepared once from what scoring kept; (*boot)->unavailable
 * says why when there is nothing to draw. */
ce_status ce__stats_prepare(ce_eval *ev, ce_boot **boot);

/* Frees the statistics; ce_eval_free calls it through ev->boot_free. */
void ce__boot_free(ce_boot *boot);

/* Runs up to `count` more steps (resamples, then jackknife replicates); ce_eval_resample. */
ce_status ce__boot_run(ce_eval *ev, unsigned count, unsigned *done, unsigned *total);

/* Row r's cluster of every logged token, UINT32_MAX where it does not count (dropped), in
 * row->clusters ids; *has 0 when the row has no token level to give (caller frees *out). */
ce_status ce__boot_token_clusters(const ce_eval *ev, size_t r, uint32_t **out, int *has);

/* What the token level's resamples drew, as the outputs name it: "sentence", or "token" where
 * the input marked no sentence boundaries and each token was drawn on its own. */
const char *ce__boot_sentence_name(const ce_eval *ev);
/* What the outputs read: how the token level resampled (sentences; items when gold is a
 * lexicon and there is no token level; a sense run's lemmas or a coreference run's documents,
 * counted in *items), the units
 * there were, and how far it went. */
ce_boot_unit ce__boot_unit(const ce_eval *ev, size_t *sentences, size_t *items, unsigned *done,
                           unsigned *total);
/* 1 when some resample gave the row's measure a value: it has an interval or a note. */
int ce__boot_has_values(const ce_eval *ev, size_t row, ce_level level, ce_measure measure);
/* 1 with the interval when the row's measure has one (by CE_OPT_CI). */
int ce__boot_interval(const ce_eval *ev, size_t row, ce_level level, ce_measure measure, double *lo,
                      double *hi);
/* 1 with the bias of the row's measure (the mean of its resamples minus its value, plus the
 * information measures' unseen cells' part) when it has an interval; *note then says how
 * biased the value is where the bias exceeds the spread (and what the interval is), or is
 * NULL. */
int ce__boot_interval_bias(const ce_eval *ev, size_t row, ce_level level, ce_measure measure,
                           double *bias, const char **note);
/* 1 with what ce__interval_shift did to the row's measure's interval (the unseen cells' part
 * of the bias, and the widening) when it has an interval. */
int ce__boot_interval_shift(const ce_eval *ev, size_t row, ce_level level, ce_measure measure,
                            double *unseen, double *widen);
/* "biased high by ~0.03; bias-corrected 0.4670" where the row's measure is biased beyond its
 * spread, into `text`; 0 (text untouched) otherwise. */
int ce__boot_interval_mark(const ce_eval *ev, size_t row, ce_level level, ce_measure measure,
                           char *text, size_t size);
/* Why the row's measure has resamples but no interval; NULL otherwise. */
const char *ce__boot_interval_note(const ce_eval *ev, size_t row, ce_level level,
                                   ce_measure measure);
/* The share of resamples in which row a − row b does not keep its full-data sign; NaN when
 * the full-data difference is 0 or no resample gave both values. */
double ce__boot_paired(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure measure);
/* The paired bootstrap's two-sided p-value (Berg-Kirkpatrick et al. 2012): the resamples
 * whose difference lies at least |d| from the full data's d, counted as (1 + k) / (1 + n);
 * NaN when no resample gave both values. */
double ce__boot_p_value(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure measure);
/* What a sense run's resamples drew where they drew instances (CE_OPT_RESAMPLE's name,
 * "instances" or "lemmas+instances"); NULL where they drew lemmas alone, or no resample. */
const char *ce__boot_resample_name(const ce_eval *ev);
/* Why there are no resamples although some were asked for; NULL otherwise. */
const char *ce__boot_unavailable(const ce_eval *ev);

/* |x| is at least |y|, up to rounding: ties count as extreme in both paired tests. */
static inline int ce__as_extreme(double x, double y) {
  x = x < 0 ? -x : x;
  y = y < 0 ? -y : y;
  return x >= y - 1e-12 * y;
}

#endif
