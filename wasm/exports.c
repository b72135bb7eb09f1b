/*
 * The flat C surface the JavaScript binding calls: numbers and pointers only. A handle
 * pairs an evaluation with the last error and the last text result (JSON or a table), so
 * that JS reads them back through plain accessors. Nothing here computes.
 */
#include <stdlib.h>
#include <string.h>

#include "clustereval.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define CE_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define CE_EXPORT
#endif

typedef struct ce_wasm_handle {
  ce_eval *ev;
  ce_error error;
  char *text;
  size_t text_len;
  unsigned resampled, resamples; /* --bootstrap progress: done, in all */
  unsigned shuffled, shuffles;   /* --test ar progress: done, in all */
  ce_check_alias *aliases;       /* for the next ce_wasm_check: rows read as systems */
  size_t alias_count;
} ce_wasm_handle;

static void drop_aliases(ce_wasm_handle *handle) {
  for (size_t a = 0; a < handle->alias_count; a++) free((char *)handle->aliases[a].row);
  free(handle->aliases);
  handle->aliases = NULL;
  handle->alias_count = 0;
}

CE_EXPORT const char *ce_wasm_version(void) {
  return ce_version();
}
CE_EXPORT int ce_wasm_option_count(void) {
  return CE_OPT_COUNT;
}
CE_EXPORT const char *ce_wasm_option_name(int opt) {
  return ce_opt_name((ce_option)opt);
}
CE_EXPORT const char *ce_wasm_status_name(int status) {
  return ce_status_name((ce_status)status);
}
CE_EXPORT const char *ce_wasm_option_choice(int opt, int value) {
  return ce_opt_choice((ce_option)opt, (unsigned)value);
}
/* The option table's row, field by field (ce_opt_info); an empty row outside the table. */
static const ce_opt_info *option_row(int opt) {
  static const ce_opt_info none = {"", (ce_opt_kind)-1, 0, 0, 0, "", CE_OPT_GROUP_COUNT, "", ""};
  const ce_opt_info *info = ce_opt_describe((ce_option)opt);
  return info ? info : &none;
}
CE_EXPORT int ce_wasm_option_kind(int opt) {
  return (int)option_row(opt)->kind;
}
CE_EXPORT double ce_wasm_option_default(int opt) {
  return option_row(opt)->default_value;
}
CE_EXPORT double ce_wasm_option_min(int opt) {
  return option_row(opt)->min;
}
CE_EXPORT double ce_wasm_option_max(int opt) {
  return option_row(opt)->max;
}
CE_EXPORT const char *ce_wasm_option_group(int opt) {
  return ce_opt_group_id(option_row(opt)->group);
}
CE_EXPORT const char *ce_wasm_option_group_title(int opt) {
  return ce_opt_group_title(option_row(opt)->group);
}
CE_EXPORT const char *ce_wasm_option_label(int opt) {
  return option_row(opt)->label;
}
CE_EXPORT const char *ce_wasm_option_help(int opt) {
  return option_row(opt)->help;
}
CE_EXPORT int ce_wasm_is_token_measure(int measure) {
  return CE_IS_TOKEN_MEASURE(measure);
}
CE_EXPORT int ce_wasm_format_from_name(const char *name) {
  return ce_format_from_name(name);
}
CE_EXPORT const char *ce_wasm_format_name(int format) {
  return ce_format_name((ce_format)format);
}
CE_EXPORT int ce_wasm_format_count(void) {
  return CE_FORMAT_COUNT;
}
CE_EXPORT int ce_wasm_measure_from_id(const char *id) {
  return ce_measure_from_id(id);
}
CE_EXPORT const char *ce_wasm_map_preset_name(int index) {
  return ce_map_preset_name((size_t)index);
}
CE_EXPORT int ce_wasm_measure_count(void) {
  return CE_MEASURE_COUNT;
}
CE_EXPORT const char *ce_wasm_measure_id(int m) {
  return ce_measure_id((ce_measure)m);
}
/* The level's id ("token", "type", "senses", "tde", "coref"), NULL past the last. */
CE_EXPORT const char *ce_wasm_level_id(int level) {
  return ce_level_id((ce_level)level);
}
CE_EXPORT const char *ce_wasm_measure_label(int m) {
  return ce_measure_label((ce_measure)m);
}
CE_EXPORT int ce_wasm_measure_higher_is_better(int m) {
  return ce_measure_higher_is_better((ce_measure)m);
}
CE_EXPORT int ce_wasm_baseline_count(void) {
  return CE_BASELINE_COUNT;
}
CE_EXPORT const char *ce_wasm_baseline_name(int b) {
  return ce_baseline_name((ce_baseline)b);
}

CE_EXPORT ce_wasm_handle *ce_wasm_create(void) {
  ce_wasm_handle *handle = calloc(1, sizeof *handle);
  if (handle && !(handle->ev = ce_eval_create())) {
    free(handle);
    handle = NULL;
  }
  return handle;
}

CE_EXPORT void ce_wasm_free(ce_wasm_handle *handle) {
  if (!handle) return;
  ce_eval_free(handle->ev);
  ce_free(handle->text);
  drop_aliases(handle);
  free(handle);
}

CE_EXPORT int ce_wasm_set(ce_wasm_handle *handle, int opt, double value) {
  return ce_eval_set(handle->ev, (ce_option)opt, value);
}
CE_EXPORT int ce_wasm_exclude_label(ce_wasm_handle *handle, const char *label) {
  return ce_eval_exclude_label(handle->ev, label);
}
CE_EXPORT int ce_wasm_set_unclustered_label(ce_wasm_handle *handle, const char *label) {
  return ce_eval_set_unclustered_label(handle->ev, label);
}
CE_EXPORT int ce_wasm_add_baseline(ce_wasm_handle *handle, int baseline) {
  return ce_eval_add_baseline(handle->ev, (ce_baseline)baseline);
}

CE_EXPORT int ce_wasm_map_preset(ce_wasm_handle *handle, int side, const char *preset) {
  return ce_eval_map_preset(handle->ev, (ce_side)side, preset, &handle->error);
}
CE_EXPORT int ce_wasm_map_feed(ce_wasm_handle *handle, int side, const char *name,
                               const void *bytes, size_t len) {
  return ce_eval_map_feed(handle->ev, (ce_side)side, name, bytes, len, &handle->error);
}
CE_EXPORT int ce_wasm_map_close(ce_wasm_handle *handle, int side) {
  return ce_eval_map_close(handle->ev, (ce_side)side, &handle->error);
}

CE_EXPORT int ce_wasm_add_input(ce_wasm_handle *handle, const char *name) {
  return ce_eval_add_input(handle->ev, name, NULL, &handle->error);
}
CE_EXPORT int ce_wasm_add_sub_test(ce_wasm_handle *handle, int system, const char *name) {
  return ce_eval_add_sub_test(handle->ev, (size_t)system, name, NULL, &handle->error);
}
CE_EXPORT int ce_wasm_add_phones(ce_wasm_handle *handle, const char *name) {
  return ce_eval_add_phones(handle->ev, name, NULL, &handle->error);
}
CE_EXPORT int ce_wasm_set_input_reading(ce_wasm_handle *handle, int index, int column, int depth) {
  return ce_eval_set_input_reading(handle->ev, (size_t)index, (unsigned)column, (unsigned)depth);
}
CE_EXPORT int ce_wasm_set_format(ce_wasm_handle *handle, int index, int format) {
  return ce_eval_set_format(handle->ev, (size_t)index, (ce_format)format);
}

/* Chunks for several inputs in one call (ce_eval_feed_inputs): read side by side in the
 * threaded build, in turn in the other. */
CE_EXPORT int ce_wasm_feed_inputs(ce_wasm_handle *handle, int count, const size_t *index,
                                  const void *const *bytes, const size_t *len) {
  return ce_eval_feed_inputs(handle->ev, (size_t)count, index, bytes, len, &handle->error);
}

/* 1 once input `index` has failed (its error is in the result). */
CE_EXPORT int ce_wasm_input_failed(const ce_wasm_handle *handle, int index) {
  return ce_eval_input_error(handle->ev, (size_t)index) != NULL;
}

/* Tokens by number: `count` names, lens[i] bytes each, one after another in `bytes`. */
CE_EXPORT int ce_wasm_name(ce_wasm_handle *handle, int index, int table, const char *bytes,
                           const size_t *lens, size_t count) {
  return ce_eval_name(handle->ev, (size_t)index, (ce_names)table, bytes, lens, count,
                      &handle->error);
}
CE_EXPORT int ce_wasm_feed_ids(ce_wasm_handle *handle, int index, const uint32_t *items,
                               const uint32_t *labels, const uint8_t *ends, size_t count) {
  return ce_eval_feed_ids(handle->ev, (size_t)index, items, labels, ends, count, &handle->error);
}

CE_EXPORT int ce_wasm_waits(const ce_wasm_handle *handle, int index) {
  return ce_eval_waits(handle->ev, (size_t)index);
}

CE_EXPORT int ce_wasm_close(ce_wasm_handle *handle, int index) {
  return ce_eval_close(handle->ev, (size_t)index, &handle->error);
}

static int keep_text(ce_wasm_handle *handle, ce_status status, char *text, size_t len) {
  if (status) {
    handle->error.code = status;
    return status;
  }
  ce_free(handle->text);
  handle->text = text;
  handle->text_len = len;
  return CE_OK;
}

/* Scores every row; then ce_wasm_resample (--bootstrap), ce_wasm_shuffle (--test ar) and
 * ce_wasm_json. */
CE_EXPORT int ce_wasm_finish(ce_wasm_handle *handle) {
  return ce_eval_finish(handle->ev, &handle->error);
}

/* Runs up to `count` more resamples; ce_wasm_resampled and ce_wasm_resamples tell how far. */
CE_EXPORT int ce_wasm_resample(ce_wasm_handle *handle, int count) {
  return ce_eval_resample(handle->ev, count > 0 ? (unsigned)count : 0, &handle->resampled,
                          &handle->resamples, &handle->error);
}
CE_EXPORT int ce_wasm_resampled(const ce_wasm_handle *handle) {
  return (int)handle->resampled;
}
CE_EXPORT int ce_wasm_resamples(const ce_wasm_handle *handle) {
  return (int)handle->resamples;
}

/* Runs up to `count` more AR shuffles; ce_wasm_shuffled and ce_wasm_shuffles tell how far. */
CE_EXPORT int ce_wasm_shuffle(ce_wasm_handle *handle, int count) {
  return ce_eval_shuffle(handle->ev, count > 0 ? (unsigned)count : 0, &handle->shuffled,
                         &handle->shuffles, &handle->error);
}
CE_EXPORT int ce_wasm_shuffled(const ce_wasm_handle *handle) {
  return (int)handle->shuffled;
}
CE_EXPORT int ce_wasm_shuffles(const ce_wasm_handle *handle) {
  return (int)handle->shuffles;
}

/* Keeps the JSON result as the handle's text. */
CE_EXPORT int ce_wasm_json(ce_wasm_handle *handle) {
  char *json = NULL;
  size_t len = 0;
  ce_status status = ce_eval_json(handle->ev, &json, &len);
  return keep_text(handle, status, json, len);
}

/* Row `row`'s per-item rows (ce_eval_items_json), kept as the handle's text. */
CE_EXPORT int ce_wasm_items(ce_wasm_handle *handle, int row) {
  if (row < 0) return CE_ERR_USAGE;
  char *json = NULL;
  size_t len = 0;
  ce_status status = ce_eval_items_json(handle->ev, (size_t)row, &json, &len);
  return keep_text(handle, status, json, len);
}

/*
 * A table of `count` columns given as (level, measure) pairs, of the `row_count` rows in
 * `rows` (every row when row_count is negative), kept as the handle's text.
 */
CE_EXPORT int ce_wasm_table(ce_wasm_handle *handle, int format, const int *pairs, int count,
                            const int *rows, int row_count) {
  size_t columns_count = count > 0 ? (size_t)count : 0;
  size_t shown = row_count > 0 ? (size_t)row_count : 0;
  ce_column *columns = malloc(sizeof *columns * (columns_count ? columns_count : 1));
  size_t *order = malloc(sizeof *order * (shown ? shown : 1));
  ce_status status = columns && order ? CE_OK : CE_ERR_NOMEM;
  for (size_t c = 0; !status && c < columns_count; c++)
    columns[c] = (ce_column){(ce_level)pairs[2 * c], (ce_measure)pairs[2 * c + 1]};
  for (size_t i = 0; !status && i < shown; i++) {
    if (rows[i] < 0) status = CE_ERR_USAGE;
    order[i] = (size_t)rows[i];
  }
  char *text = NULL;
  size_t len = 0;
  if (!status)
    status = ce_eval_table(handle->ev, (ce_table_format)format, columns, columns_count,
                           row_count < 0 ? NULL : order, shown, &text, &len);
  free(columns);
  free(order);
  return keep_text(handle, status, text, len);
}

/* A reported row `row` is to be read as row `system` by the next ce_wasm_check. */
CE_EXPORT int ce_wasm_check_alias(ce_wasm_handle *handle, const char *row, int system) {
  ce_check_alias *more = realloc(handle->aliases, sizeof *more * (handle->alias_count + 1));
  char *copy = malloc(strlen(row) + 1);
  if (!more || !copy) {
    free(copy);
    if (more) handle->aliases = more;
    return CE_ERR_NOMEM;
  }
  handle->aliases = more;
  strcpy(copy, row);
  handle->aliases[handle->alias_count++] = (ce_check_alias){copy, system < 0 ? 0 : (size_t)system};
  return CE_OK;
}

/* Checks reported numbers against the evaluation; keeps the check's JSON array as the text. */
CE_EXPORT int ce_wasm_check(ce_wasm_handle *handle, const char *name, const void *bytes,
                            size_t len) {
  ce_status status = ce_eval_check(handle->ev, name, bytes, len, handle->aliases,
                                   handle->alias_count, NULL, NULL, &handle->error);
  drop_aliases(handle);
  if (status) return status;
  char *json = NULL;
  size_t json_len = 0;
  status = ce_eval_check_json(handle->ev, &json, &json_len);
  return keep_text(handle, status, json, json_len);
}

CE_EXPORT int ce_wasm_report(ce_wasm_handle *handle, int report) {
  char *text = NULL;
  size_t len = 0;
  ce_status status = ce_eval_report(handle->ev, (ce_report)report, &text, &len);
  return keep_text(handle, status, text, len);
}

CE_EXPORT int ce_wasm_preview(ce_wasm_handle *handle, const char *name, const void *bytes,
                              size_t len, int format, int column, int depth) {
  char *json = NULL;
  size_t json_len = 0;
  ce_status status = ce_preview_json(name, bytes, len, (ce_format)format, (unsigned)column,
                                     (unsigned)depth, 20, &json, &json_len);
  return keep_text(handle, status, json, json_len);
}

CE_EXPORT const char *ce_wasm_text(const ce_wasm_handle *handle) {
  return handle->text;
}
CE_EXPORT size_t ce_wasm_text_length(const ce_wasm_handle *handle) {
  return handle->text_len;
}

/* The last error, field by field. */
CE_EXPORT int ce_wasm_error_code(const ce_wasm_handle *handle) {
  return handle->error.code;
}
CE_EXPORT const char *ce_wasm_error_message(const ce_wasm_handle *handle) {
  return handle->error.message;
}
CE_EXPORT const char *ce_wasm_error_source(const ce_wasm_handle *handle) {
  return handle->error.source;
}
CE_EXPORT double ce_wasm_error_line(const ce_wasm_handle *handle) {
  return (double)handle->error.line;
}
CE_EXPORT double ce_wasm_error_column(const ce_wasm_handle *handle) {
  return (double)handle->error.column;
}
