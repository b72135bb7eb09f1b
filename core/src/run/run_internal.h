/*
 * The state of one run behind the public handle ce_eval: options, inputs, the items all
 * inputs share, label maps, exclusions, the token log and the scored rows. eval.c drives a
 * run; input.c, pairing.c and score.c fill their parts; stats/ and output/ read it. What a
 * higher layer keeps here (the resamples) comes with the function that frees it.
 */
#ifndef CE_RUN_INTERNAL_H
#define CE_RUN_INTERNAL_H

#include "common/parallel_internal.h"
#include "formats/labelmap_internal.h"
#include "run/names_internal.h"
#include "text/intern_internal.h"

typedef struct ce_input ce_input; /* run/input_internal.h */
typedef struct ce_row ce_row;     /* run/row_internal.h */
struct ce_gold_view;              /* run/score_internal.h */
struct ce_boot;                   /* stats/bootstrap_internal.h */
struct ce_check;                  /* output/check_internal.h */

/*
 * What --bootstrap resamples from, in gold's order, as pairing counts tokens: each counted
 * token's item and class, and where each sentence starts. Token systems log their clusters
 * in their input (logged_clusters). The bootstrap takes the arrays; ce_eval_free frees what
 * is left.
 */
typedef struct ce_token_log {
  ce_u32s item, cls, sentence_start;
  int sentence_pending; /* a sentence began at an excluded token: the next counted one starts it */
} ce_token_log;

/* Who hears how far long work is (ce_eval_set_progress), and the M-1 starts counted. */
typedef struct ce_progress {
  ce_progress_fn fn;
  void *user;
  uint64_t starts_done, starts_total;
} ce_progress;

static inline void ce__progress(const ce_progress *progress, ce_phase phase, uint64_t done,
                                uint64_t total) {
  if (progress && progress->fn) progress->fn(progress->user, phase, done, total);
}

/* What the pairing of tokens (pairing.c) reads of the options. */
typedef struct ce_pairing {
  int check;             /* token texts are compared (SPEC §2) */
  int types_from_tokens; /* (item, cluster) is counted too: not under --levels token */
  int log;               /* --bootstrap and --test ar keep the tokens */
} ce_pairing;

struct ce_eval {
  double options[CE_OPT_COUNT];
  ce_input *inputs; /* [0] is gold */
  size_t input_count, input_cap;
  ce_intern items;           /* a sense run: "LEMMA<TAB>INSTANCE" */
  ce_intern lemmas;          /* a sense run: its lemmas, gold's and the systems' */
  ce_intern documents;       /* a coreference run: its documents' names, every input's */
  ce_names_table item_names; /* items of tokens fed by number (ce_eval_name) */
  ce_intern excluded_labels;
  ce_label_map maps[2]; /* by ce_side */
  char *map_names[2];
  int has_map[2];
  char *unclustered_label;
  int baselines[CE_BASELINE_COUNT];
  uint64_t sentences;
  int sentence_open;
  int started;        /* some bytes were fed: no more inputs or options */
  ce_pairing pairing; /* what pairing reads of the options, read once reading starts */
  /* The gold standard a system's token pairs with as it is read (ce__pair_on_read): gold
   * itself where inputs are read in turn; on threads, a copy taken as the round starts, its
   * queue pinned; NULL outside ce_eval_feed_inputs. */
  const ce_input *pair_gold;
  /* Reading on threads: how many (--threads, resolved as reading starts) and the crew that
   * reads the rounds, kept from the first round on threads to the scoring (NULL: none). */
  unsigned read_threads;
  ce_crew *crew;
  int crew_tried;
  int finished; /* rows are scored */
  ce_row *rows;
  size_t row_count;
  /* Gold's evaluated items, counted once at finish (score.c). */
  uint64_t gold_items, polysemous_items;
  ce_token_log log;                      /* statistics: the counted tokens (pairing.c) */
  struct ce_gold_view *gold_view;        /* statistics: gold's entries, kept from scoring */
  struct ce_boot *boot;                  /* statistics: resamples, shuffles (stats/) */
  void (*boot_free)(struct ce_boot *);   /* set with `boot` by the layer that makes it */
  ce_progress *progress;                 /* NULL until ce_eval_set_progress */
  struct ce_check *check;                /* reported numbers checked (output/check.c) */
  void (*check_free)(struct ce_check *); /* set with `check` */
};

/* A sense run (SPEC §3.7): a `senses` gold key, scored lemma by lemma (run/senses.c). */
int ce__is_sense_run(const ce_eval *ev);
/* A coreference run (SPEC §3.6): a `conll` key, scored document by document (run/coref.c). */
int ce__is_coref_run(const ce_eval *ev);

/* What the statistics read after scoring is kept: the token log, gold's view and the rows'
 * labels by item. They need it for --bootstrap resamples and --test ar shuffles. */
static inline int ce__keeps_for_statistics(const ce_eval *ev) {
  return ev->options[CE_OPT_BOOTSTRAP] > 0.0 || (int)ev->options[CE_OPT_TEST] == CE_TEST_AR;
}

#endif
