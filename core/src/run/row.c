/* A scored row: starting, warning, freeing. */
#include <stdlib.h>
#include <string.h>

#include "run/row_internal.h"

ce_status ce__row_start(ce_row *row, const char *name, ce_format format, size_t input) {
  memset(row, 0, sizeof *row);
  size_t len = strlen(name);
  row->name = malloc(len + 1);
  if (!row->name) return CE_ERR_NOMEM;
  memcpy(row->name, name, len + 1);
  row->format = format;
  row->input = input;
  return CE_OK;
}

void ce__row_free(ce_row *row) {
  free(row->name);
  if (row->has_climb) ce__type_result_free(&row->climb);
  ce__buf_free(&row->warnings);
  ce__intern_free(&row->clusters);
  ce__table_free(&row->token_table);
  free(row->token_m1);
  free(row->token_o1);
  ce__table_free(&row->type_table);
  if (row->has_entries) ce__entries_free(&row->entries);
  free(row->entry_items);
  free(row->item_ecs);
  ce__item_labels_free(&row->kept_labels);
  ce__item_labels_free(&row->kept_gold);
  free(row->sweep);
  free(row->lemma_ids);
  free(row->lemma_senses);
  free(row->doc_ids);
  free(row->doc_counts);
  free(row->lemma_gold);
  free(row->lemma_cells);
  free(row->lemma_cell_start);
  if (row->tde_kept) {
    ce__tde_tier_free(&row->tde_kept->words);
    ce__tde_tier_free(&row->tde_kept->phones);
    ce__tde_prepared_free(&row->tde_kept->prep);
    free(row->tde_kept->class_ned);
    free(row->tde_kept);
  }
  memset(row, 0, sizeof *row);
}

ce_status ce__row_warn(ce_row *row, const char *message) {
  ce_status status = ce__buf_append(&row->warnings, message, strlen(message) + 1);
  if (!status) row->warning_count++;
  return status;
}

ce_status ce__row_warn_all(ce_row *row, const ce_row *from) {
  if (!from->warning_count) return CE_OK;
  ce_status status = ce__buf_append(&row->warnings, from->warnings.data, from->warnings.len);
  if (!status) row->warning_count += from->warning_count;
  return status;
}
