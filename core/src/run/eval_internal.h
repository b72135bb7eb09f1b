/*
 * The state of one run, shared by the files that read (eval.c), pair tokens (pairing.c),
 * build entries (typeset.c), score (score.c, baselines.c) and write results
 * (result_json.c, report.c).
 */
#ifndef CE_EVAL_INTERNAL_H
#define CE_EVAL_INTERNAL_H

#include "measures/contingency_internal.h"
#include "text/intern_internal.h"
#include "formats/labelmap_internal.h"
#include "text/lines_internal.h"
#include "measures/measures_internal.h"
#include "formats/reader_internal.h"
#include "measures/measures_sub_internal.h"
#include "measures/measures_ebcubed_internal.h"
#include "measures/measures_type_internal.h"

/* A growing array of ids. */
typedef struct ce_u32s {
  uint32_t *at;
  size_t len, cap;
} ce_u32s;

static inline ce_status ce__u32s_push(ce_u32s *list, uint32_t value) {
  if (ce__grow((void **)&list->at, &list->cap, list->len + 1, sizeof *list->at))
    return CE_ERR_NOMEM;
  list->at[list->len++] = value;
  return CE_OK;
}

/* What a format's records are: a corpus, entries of a lexicon, or a contingency table. */
typedef enum ce_shape { CE_SHAPE_TOKENS, CE_SHAPE_ENTRIES, CE_SHAPE_COUNTS } ce_shape;
static inline ce_shape ce__format_shape(ce_format format) {
  switch (format) {
    case CE_FORMAT_LEXICON:
    case CE_FORMAT_CLUSTERS:
    case CE_FORMAT_PATHS:
    case CE_FORMAT_CSV:
      return CE_SHAPE_ENTRIES;
    case CE_FORMAT_COUNTS:
      return CE_SHAPE_COUNTS;
    default:
      return CE_SHAPE_TOKENS; /* CE_FORMAT_AUTO too: an input not yet detected holds gold back */
  }
}

/* Marks a gold position whose token was excluded: the systems' tokens there are skipped. */
#define CE_EXCLUDED UINT32_MAX

/* A token read but not yet paired with the other inputs' tokens at the same position. */
typedef struct ce_pending_token {
  uint32_t item;            /* gold: the item's id in ce_eval.items (systems: unused) */
  uint32_t label;           /* id in the input's own label table, or CE_EXCLUDED (gold) */
  uint32_t starts_sentence; /* gold: the first token of a sentence (sub_p, sub_r) */
  /* When token texts are checked, gold and systems alike keep each waiting token's text in
   * the input's `token_text`: comparing two texts read moments ago stays in cache, where
   * gold's interned copy of a rare word would be a fetch from memory. */
  uint32_t text_at, text_len;
  uint64_t line;
} ce_pending_token;

/* What an input is to the run. */
typedef enum ce_role { CE_ROLE_GOLD, CE_ROLE_SYSTEM, CE_ROLE_SUB_TEST } ce_role;

typedef struct ce_input {
  char *name;
  ce_role role;
  unsigned column, depth; /* 0: the run's CE_OPT_COLUMN, CE_OPT_DEPTH */
  size_t test_for;        /* CE_ROLE_SUB_TEST: the system input it is the test corpus of */
  ce_format format;       /* CE_FORMAT_AUTO until forced or detected */
  int detected;           /* the format was guessed, not forced */
  ce_reader reader;
  int reading; /* `reader` is initialised */
  ce_buf head; /* bytes held back until the format is known */
  ce_lines lines;
  ce_error error;
  int failed, closed;
  uint64_t tokens;          /* tokens counted (gold: not excluded) */
  uint64_t excluded_tokens; /* gold: tokens removed by label or punctuation */
  uint64_t dropped_tokens;  /* system: unclustered tokens removed under `drop` */
  ce_pending_token *queue;
  size_t queue_head, queue_len, queue_cap;
  ce_buf token_text;        /* the queued tokens' texts, for the token check */
  ce_intern labels;         /* gold: classes; system: clusters */
  ce_intern count_clusters; /* a `counts` gold file: its clusters (labels holds classes) */
  ce_cells pair_cells;      /* (class, cluster) token counts: token mode, `counts` */
  ce_cells item_cells;      /* (item, label) weights: tokens, or 1 per entry */
  ce_cells unclustered;     /* system: (item, 0) for items seen with the unclustered label */
  uint32_t unclustered_id;  /* system: the unclustered label's id, UINT32_MAX if absent */
  ce_sub *sub;              /* token system: substitutable precision and recall */
  int sub_break;            /* a sentence ended since the last token given to `sub` */
  ce_intern sub_labels;     /* system: cluster labels its scores and test corpus share */
  uint32_t *sub_cluster_of; /* system: label id → id in sub_labels, UINT32_MAX until seen */
  size_t sub_cluster_cap;
  ce_u32s boot_clusters; /* --bootstrap, token system: each counted gold token's cluster */
} ce_input;

/* A scored row: a system input, a baseline, or a `counts` file. */
typedef struct ce_row {
  char *name;
  ce_format format;
  size_t input; /* the input it comes from; SIZE_MAX for a baseline */
  int failed;
  ce_error error;
  uint64_t missing, extra;
  int has_token, has_type, has_climb;
  ce_measures token, type;
  ce_type_result climb;
  ce_buf warnings; /* NUL-terminated messages, one after another */
  size_t warning_count;
  /* What the detail JSON and the reports show. Cluster ids index `clusters`. */
  ce_intern clusters;
  ce_table token_table;
  uint32_t *token_m1, *token_o1; /* the token-level mappings, token_table.clusters each */
  int has_token_table;
  ce_table type_table; /* items per (class, cluster): c ∈ A_i and k ∈ B_i */
  int has_type_table;
  ce_entries entries;    /* the evaluated items' entries */
  uint32_t *entry_items; /* entries' item i → its id in ce_eval.items */
  int has_entries;
} ce_row;

struct ce_eval {
  double options[CE_OPT_COUNT];
  ce_input *inputs; /* [0] is gold */
  size_t input_count, input_cap;
  ce_intern items;
  ce_intern excluded_labels;
  ce_label_map maps[2]; /* by ce_side */
  char *map_names[2];
  int has_map[2];
  char *unclustered_label;
  int baselines[CE_BASELINE_COUNT];
  uint64_t sentences;
  int sentence_open;
  int started;  /* some bytes were fed: no more inputs or options */
  int finished; /* rows are scored */
  ce_row *rows;
  size_t row_count;
  /* Gold's evaluated items, built once at finish (typeset.c). */
  uint64_t gold_items, polysemous_items;
  struct ce_boot *boot; /* --bootstrap: the token log, then the resamples (bootstrap.c) */
};

/* pairing.c: the token queues and the lockstep pairing of token inputs. */
/* Queues a token, its `text` (may be NULL; a token of a line from ce__lines_feed) kept beside
 * it for the token check. Returns the token's slot, for the caller to fill in its item,
 * label, sentence start and line (field by field: a token built elsewhere and copied in
 * waits for its stores to land), or NULL when out of memory. */
ce_pending_token *ce__queue_add(ce_input *input, const char *text, size_t len);
void ce__pair_ready_tokens(ce_eval *ev);
/* Marks an input failed with `error`, releasing what it held; the others go on. */
void ce__input_fail(ce_input *input, const ce_error *error);

/* score.c: fills ev->rows once every input is closed. */
ce_status ce__score_rows(ce_eval *ev);
void ce__row_free(ce_row *row);
/* Adds a warning to the row, e.g. why a measure is null. */
ce_status ce__row_warn(ce_row *row, const char *message);

/* The label of an unclustered item of its own under `split` (SPEC §2). */
ce_status ce__split_label(ce_buf *out, const ce_eval *ev, uint32_t item);
/* The one cluster of unclustered items under `merge` when the system names none. */
#define CE_MERGED_LABEL "<unclustered>"

#endif
