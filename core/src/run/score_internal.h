/*
 * Scoring once every input is closed (score.c): one row per system input and baseline. A
 * row is scored from what it is made of, the full data's or a resample's reweighted sources
 * (stats/bootstrap.c).
 */
#ifndef CE_SCORE_INTERNAL_H
#define CE_SCORE_INTERNAL_H

#include "run/item_labels_internal.h"
#include "run/row_internal.h"
#include "run/run_internal.h"

/* Gold's entries and the items they make evaluable. */
typedef struct ce_gold_view {
  ce_item_labels entries; /* by item id */
  uint32_t *evaluated;    /* items with a gold entry, in byte order of their text; an item
                             drawn twice by a resample of items is there twice */
  size_t evaluated_count;
} ce_gold_view;

/* What one row is scored from. */
typedef struct ce_row_sources {
  const ce_gold_view *gold;
  const ce_item_labels *system; /* the system's labels by item; NULL: no entries (token only) */
  uint32_t unclustered_id;      /* the system's unclustered label, UINT32_MAX if none */
  int is_system; /* a system input, not a baseline: coverage, and a warning without tokens */
  const ce_cells *token_cells; /* token mode: (class, cluster) token counts, else NULL */
  const ce_cells *gold_tokens; /* a gold corpus: its (item, class) token counts, else NULL */
  /* NULL: the full data. Otherwise a resample: M-1 climbs once, from these mappings (one
   * per type measure, every cluster of row->clusters mapped). */
  const uint32_t *const *m1_start;
  int skip; /* CE_SKIP_* bits: a resample scores each level from its own draws */
  /* A resample: keyed as token_cells (or gold_tokens), Σ w² over the tokens drawn w times,
   * so that pairs leave out a token paired with its own copy (ce_copies); NULL otherwise. */
  const ce_cells *copy_squares;
  /* The token level's job where it was started ahead, from token_cells (score.c); NULL:
   * scored here. */
  struct token_job *token_started;
} ce_row_sources;

enum { CE_SKIP_TOKEN = 1, CE_SKIP_TYPE = 2 };

/* The contingency measures' options as the run sets them (no copies, no cache). */
ce_measure_options ce__measure_options(const ce_eval *ev);

/* Fills the row's measures from `sources`; row->name and row->clusters are set. */
ce_status ce__score_sources(const ce_eval *ev, ce_row *row, const ce_row_sources *sources);

/* Frees the view's arrays (not the view). */
void ce__gold_view_free(ce_gold_view *view);

/* Fills ev->rows once every input is closed; with --bootstrap keeps gold's view in
 * ev->gold_view and each row's fixed labels in the row. */
ce_status ce__score_rows(ce_eval *ev);

#endif
