/*
 * Scoring a row from what it is made of (score.c), shared by the full data and the
 * bootstrap's resamples (bootstrap.c), which hand in reweighted sources.
 */
#ifndef CE_SCORE_INTERNAL_H
#define CE_SCORE_INTERNAL_H

#include "run/typeset_internal.h"

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
} ce_row_sources;

enum { CE_SKIP_TOKEN = 1, CE_SKIP_TYPE = 2 };

/* Fills the row's measures from `sources`; row->name and row->clusters are set. */
ce_status ce__score_sources(const ce_eval *ev, ce_row *row, const ce_row_sources *sources);

/* Starts a row: its name, format and input (SIZE_MAX for a baseline). */
ce_status ce__row_start(ce_row *row, const char *name, ce_format format, size_t input);

/* Copies every label of `from` into `to`, keeping ids. */
ce_status ce__copy_labels(ce_intern *to, const ce_intern *from);

#endif
