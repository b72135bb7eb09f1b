/*
 * A scored row of the result (row.c): a system input, a baseline, or a `counts` file, with
 * its measures at both levels, its warnings, and what the detail JSON and reports show.
 */
#ifndef CE_ROW_INTERNAL_H
#define CE_ROW_INTERNAL_H

#include "measures/measures_coref_internal.h"
#include "measures/measures_internal.h"
#include "measures/measures_tde_internal.h"
#include "measures/measures_type_internal.h"
#include "run/item_labels_internal.h"
#include "text/intern_internal.h"

/* A `paths` system scored with its clusters cut at one depth (--depth-sweep, SPEC §3.3). */
typedef struct ce_sweep_point {
  unsigned depth;
  size_t clusters;
  int has_token, has_type;
  ce_measures token, type;
} ce_sweep_point;

/* A sense run's lemma: the weight its gold instances give gold sense `gold` and induced
 * sense `system` together (label ids of gold's and the system's inputs). */
typedef struct ce_sense_cell {
  uint32_t gold, system;
  double weight;
} ce_sense_cell;

/* What a row of a tde run keeps for its resamples and its class view: the alignments as
 * tiers, the fragments' transcriptions, and the data they are scored from (its fragments
 * are the system input's). */
typedef struct ce_tde_kept {
  ce_tde_tier words, phones;
  ce_tde_prepared prep;
  ce_tde_data data;
  double *class_ned; /* per class, NaN where it has fewer than two fragments */
} ce_tde_kept;

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
  double *item_ecs;      /* entries' item i → its ECS S_i (NaN: none), or NULL */
  int has_entries;
  /* --bootstrap: the row's labels by item where they stay fixed across resamples (lexicon
   * systems, baselines, systems under a gold lexicon); the bootstrap reads them. */
  ce_item_labels kept_labels;
  int has_kept_labels;
  /* --bootstrap, --unclustered drop: gold's labels by item less this system's dropped
   * tokens, which its type level is scored against instead of gold's own. */
  ce_item_labels kept_gold;
  int has_kept_gold;
  /* --depth-sweep, a `paths` system: its measures at depths 1, 2, ..., the longest path. */
  ce_sweep_point *sweep;
  size_t sweep_count;
  /* A sense run (SPEC §3.7): the averages, and each gold lemma's values (lemma_ids[l] in
   * ce_eval.lemmas, gold's order), for the detail's by_lemma. */
  int has_senses;
  ce_measures senses;
  size_t lemma_count;
  uint32_t *lemma_ids;
  ce_measures *lemma_senses;
  uint64_t *lemma_gold; /* each lemma's gold instances: SemEval-2010's weights */
  /* --detail: lemma l's cells, lemma_cells[lemma_cell_start[l] .. lemma_cell_start[l + 1]) */
  ce_sense_cell *lemma_cells;
  size_t *lemma_cell_start, lemma_cell_cap;
  /* A tde run (SPEC §3.8): tdev2's scores, the fragments kept and dropped (an empty
   * transcription), and the classes with a kept fragment. */
  int has_tde;
  ce_measures tde;
  size_t tde_fragments, tde_dropped, tde_classes;
  ce_tde_kept *tde_kept; /* --bootstrap, --test, --detail: what it was scored from, or NULL */
  /* A `conll` run (SPEC §3.6): the measures from the totals over the key's documents, and
   * each key document's counts (doc_counts[d], key order; doc_ids[d] in ce_eval.documents),
   * which the resamples and shuffles sum again. */
  int has_coref;
  ce_measures coref;
  size_t doc_count;
  uint32_t *doc_ids;
  ce_coref_counts *doc_counts;
} ce_row;

/* The row's measures at a level (token, type or senses), or NULL where it has none there. */
static inline const ce_measures *ce__row_level(const ce_row *row, ce_level level) {
  switch (level) {
    case CE_LEVEL_TOKEN:
      return row->has_token ? &row->token : NULL;
    case CE_LEVEL_TYPE:
      return row->has_type ? &row->type : NULL;
    case CE_LEVEL_SENSE:
      return row->has_senses ? &row->senses : NULL;
    case CE_LEVEL_TDE:
      return row->has_tde ? &row->tde : NULL;
    case CE_LEVEL_COREF:
      return row->has_coref ? &row->coref : NULL;
  }
  return NULL;
}

/* Starts a row: its name (copied), format and input (SIZE_MAX for a baseline). */
ce_status ce__row_start(ce_row *row, const char *name, ce_format format, size_t input);
/* Frees what the row holds and zeroes it. */
void ce__row_free(ce_row *row);
/* Adds a warning to the row, e.g. why a measure is null. */
ce_status ce__row_warn(ce_row *row, const char *message);
/* Adds the warnings of `from` after the row's, in their order. */
ce_status ce__row_warn_all(ce_row *row, const ce_row *from);

#endif
