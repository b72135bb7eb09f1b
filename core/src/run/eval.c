/*
 * One run through the public API: options, inputs, label maps and exclusions are set; each
 * input's format is forced or detected from its first bytes; its lines become records
 * (formats/) and the records are counted here: corpus tokens go to the lockstep pairing
 * (pairing.c), lexicon entries and counts to per-input tables. Once every input is closed,
 * ce_eval_finish scores the rows (score.c). Resampling is stats/bootstrap.c's, the JSON and
 * the tables output/'s.
 */
#include <stdlib.h>
#include <string.h>

#include "clustereval.h"
#include "common/parallel_internal.h"
#include "formats/detect_internal.h"
#include "formats/readers_internal.h"
#include "formats/labelmap_presets_internal.h"
#include "run/input_internal.h"
#include "run/pairing_internal.h"
#include "run/coref_internal.h"
#include "run/row_internal.h"
#include "run/run_internal.h"
#include "run/score_internal.h"
#include "run/senses_internal.h"
#include "run/tde_internal.h"
#include "run/typeset_internal.h"
#include "text/unicode_punct_internal.h"

/* Bytes of an input held back to detect its format when it is not forced. */
enum { DETECT_BYTES = 64 * 1024 };

ce_eval *ce_eval_create(void) {
  ce_eval *ev = calloc(1, sizeof *ev);
  if (!ev) return NULL;
  for (int opt = 0; opt < CE_OPT_COUNT; opt++)
    ce_opt_bounds((ce_option)opt, &ev->options[opt], NULL, NULL);
  return ev;
}

void ce_eval_free(ce_eval *ev) {
  if (!ev) return;
  ce__crew_free(ev->crew);
  for (size_t i = 0; i < ev->input_count; i++) ce__input_free(&ev->inputs[i]);
  free(ev->inputs);
  for (size_t r = 0; r < ev->row_count; r++) ce__row_free(&ev->rows[r]);
  free(ev->rows);
  ce__intern_free(&ev->items);
  ce__intern_free(&ev->lemmas);
  ce__intern_free(&ev->documents);
  ce__names_free(&ev->item_names);
  ce__intern_free(&ev->excluded_labels);
  for (int side = 0; side < 2; side++) {
    if (ev->has_map[side]) ce__label_map_free(&ev->maps[side]);
    free(ev->map_names[side]);
  }
  free(ev->unclustered_label);
  if (ev->boot_free) ev->boot_free(ev->boot);
  if (ev->check_free) ev->check_free(ev->check);
  free(ev->log.item.at);
  free(ev->log.cls.at);
  free(ev->log.sentence_start.at);
  if (ev->gold_view) ce__gold_view_free(ev->gold_view);
  free(ev->gold_view);
  free(ev->progress);
  free(ev);
}

ce_status ce_eval_set_progress(ce_eval *ev, ce_progress_fn fn, void *user) {
  if (!ev) return CE_ERR_USAGE;
  if (!ev->progress && !(ev->progress = calloc(1, sizeof *ev->progress))) return CE_ERR_NOMEM;
  ev->progress->fn = fn;
  ev->progress->user = user;
  return CE_OK;
}

/* Options, exclusions and baselines are settled before the first byte is read. */
static int configurable(const ce_eval *ev) {
  return ev && !ev->started;
}

ce_status ce_eval_set(ce_eval *ev, ce_option opt, double value) {
  if (!configurable(ev) || ev->input_count || ce_opt_check(opt, value)) return CE_ERR_USAGE;
  ev->options[opt] = value;
  return CE_OK;
}

double ce_eval_get(const ce_eval *ev, ce_option opt) {
  return (unsigned)opt < CE_OPT_COUNT ? ev->options[opt] : 0.0;
}

ce_status ce_eval_exclude_label(ce_eval *ev, const char *label) {
  if (!configurable(ev) || !label) return CE_ERR_USAGE;
  uint32_t id;
  return ce__intern_put(&ev->excluded_labels, label, strlen(label), &id, NULL);
}

ce_status ce_eval_set_unclustered_label(ce_eval *ev, const char *label) {
  if (!configurable(ev) || !label || !*label) return CE_ERR_USAGE;
  size_t len = strlen(label);
  char *copy = malloc(len + 1);
  if (!copy) return CE_ERR_NOMEM;
  memcpy(copy, label, len + 1);
  free(ev->unclustered_label);
  ev->unclustered_label = copy;
  return CE_OK;
}

ce_status ce_eval_add_baseline(ce_eval *ev, ce_baseline baseline) {
  if (!configurable(ev) || (unsigned)baseline >= CE_BASELINE_COUNT) return CE_ERR_USAGE;
  ev->baselines[baseline] = 1;
  return CE_OK;
}

/* Starts the map of `side` named `name` (copied, so that errors can name it). */
static ce_status map_start(ce_eval *ev, ce_side side, const char *name, ce_error *err) {
  if (!configurable(ev) || (unsigned)side > CE_SIDE_SYSTEM || !name)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "label maps are set before reading");
  if (ev->has_map[side]) return CE_OK;
  size_t len = strlen(name);
  free(ev->map_names[side]);
  if (!(ev->map_names[side] = malloc(len + 1)))
    return ce__fail(err, CE_ERR_NOMEM, name, 0, 0, "out of memory");
  memcpy(ev->map_names[side], name, len + 1);
  ce__label_map_init(&ev->maps[side], ev->map_names[side]);
  ev->has_map[side] = 1;
  return CE_OK;
}

ce_status ce_eval_map_preset(ce_eval *ev, ce_side side, const char *preset, ce_error *err) {
  if (ev && (unsigned)side <= CE_SIDE_SYSTEM && ev->has_map[side])
    return ce__fail(err, CE_ERR_USAGE, preset, 0, 0, "a label map is already set for this side");
  ce_status status = map_start(ev, side, preset ? preset : "", err);
  return status ? status : ce__label_map_preset(&ev->maps[side], preset, err);
}

ce_status ce_eval_map_feed(ce_eval *ev, ce_side side, const char *name, const void *bytes,
                           size_t len, ce_error *err) {
  ce_status status = map_start(ev, side, name, err);
  return status ? status : ce__label_map_feed(&ev->maps[side], bytes, len, err);
}

ce_status ce_eval_map_close(ce_eval *ev, ce_side side, ce_error *err) {
  if (!configurable(ev) || (unsigned)side > CE_SIDE_SYSTEM || !ev->has_map[side])
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no label map to close");
  return ce__label_map_close(&ev->maps[side], err);
}

const char *ce_map_preset_name(size_t index) {
  size_t count;
  const ce_label_map_preset *presets = ce__label_map_presets(&count);
  return index < count ? presets[index].name : NULL;
}

ce_status ce_eval_add_input(ce_eval *ev, const char *name, size_t *index, ce_error *err) {
  if (!ev || !name) return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no evaluation or no name");
  if (ev->started)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "inputs must all be added before any is fed");
  if (ce__grow((void **)&ev->inputs, &ev->input_cap, ev->input_count + 1, sizeof *ev->inputs))
    return ce__fail(err, CE_ERR_NOMEM, name, 0, 0, "out of memory");
  ce_input *input = &ev->inputs[ev->input_count];
  memset(input, 0, sizeof *input);
  size_t len = strlen(name);
  input->name = malloc(len + 1);
  if (!input->name) return ce__fail(err, CE_ERR_NOMEM, name, 0, 0, "out of memory");
  memcpy(input->name, name, len + 1);
  input->format = CE_FORMAT_AUTO;
  input->role = ev->input_count ? CE_ROLE_SYSTEM : CE_ROLE_GOLD;
  input->unclustered_id = UINT32_MAX;
  input->item_cells.by_item = 1;
  /* lines.source points into `inputs`, which may still move: set when feeding starts. */
  ce__lines_init(&input->lines, NULL);
  if (index) *index = ev->input_count;
  ev->input_count++;
  return CE_OK;
}

ce_status ce_eval_add_sub_test(ce_eval *ev, size_t system, const char *name, size_t *index,
                               ce_error *err) {
  if (!ev || system == 0 || system >= ev->input_count || ev->inputs[system].role != CE_ROLE_SYSTEM)
    return ce__fail(err, CE_ERR_USAGE, name, 0, 0, "no system input number %zu", system);
  size_t added;
  ce_status status = ce_eval_add_input(ev, name, &added, err);
  if (status) return status;
  if (ev->options[CE_OPT_SUBSTITUTABLE] == 0.0) ev->options[CE_OPT_SUBSTITUTABLE] = 1.0;
  ev->inputs[added].role = CE_ROLE_SUB_TEST;
  ev->inputs[added].test_for = system;
  /* Its tokens may come before the system's first line: the scores start now. */
  if (!ev->inputs[system].sub && ce__sub_create(&ev->inputs[system].sub))
    return ce__fail(err, CE_ERR_NOMEM, name, 0, 0, "out of memory");
  if (index) *index = added;
  return CE_OK;
}

ce_status ce_eval_add_phones(ce_eval *ev, const char *name, size_t *index, ce_error *err) {
  if (ev && ce__tde_phones_input(ev))
    return ce__fail(err, CE_ERR_USAGE, name, 0, 0, "a phone alignment was already added");
  if (!ev || ev->input_count < 2)
    return ce__fail(err, CE_ERR_USAGE, name, 0, 0,
                    "the phone alignment is added after the gold standard and the systems");
  size_t added;
  ce_status status = ce_eval_add_input(ev, name, &added, err);
  if (status) return status;
  ev->inputs[added].role = CE_ROLE_PHONES;
  ev->inputs[added].format = CE_FORMAT_TDE_WORDS;
  if (index) *index = added;
  return CE_OK;
}

ce_status ce_eval_set_input_reading(ce_eval *ev, size_t index, unsigned column, unsigned depth) {
  if (!configurable(ev) || index >= ev->input_count || ce_opt_check(CE_OPT_COLUMN, column) ||
      ce_opt_check(CE_OPT_DEPTH, depth))
    return CE_ERR_USAGE;
  ev->inputs[index].column = column;
  ev->inputs[index].depth = depth;
  return CE_OK;
}

ce_status ce_eval_set_format(ce_eval *ev, size_t index, ce_format format) {
  if (!configurable(ev) || index >= ev->input_count || (unsigned)format >= CE_FORMAT_COUNT)
    return CE_ERR_USAGE;
  ev->inputs[index].format = format;
  return CE_OK;
}

ce_format ce_eval_input_format(const ce_eval *ev, size_t index) {
  return ev && index < ev->input_count ? ev->inputs[index].format : CE_FORMAT_AUTO;
}

/* ------------------------------------------------------------- records */

typedef struct record_context {
  ce_eval *ev;
  ce_input *input;
  int is_gold;
} record_context;

/*
 * A token of a --sub-test corpus goes to its system's substitutable scores only. Words share
 * ids with every corpus; clusters take ids in the system's `sub_labels`, which its own
 * tokens use too, whichever of the two corpora is read first.
 */
static ce_status sub_test_token(ce_eval *ev, ce_input *test, const ce_record *record) {
  ce_input *system = &ev->inputs[test->test_for];
  uint32_t word, cluster;
  ce_status status = ce__intern_put(&ev->items, record->item, record->item_len, &word, NULL);
  if (!status)
    status = ce__intern_put(&system->sub_labels, record->label, record->label_len, &cluster, NULL);
  if (!status && system->sub) status = ce__sub_test_token(system->sub, word, cluster);
  if (!status) test->tokens++;
  return status;
}

static ce_status sub_test_record(ce_eval *ev, ce_input *test, const ce_record *record,
                                 uint64_t line, ce_error *err) {
  ce_input *system = &ev->inputs[test->test_for];
  ce_status status = CE_OK;
  if (record->kind == CE_REC_TOKEN)
    status = sub_test_token(ev, test, record);
  else if (record->kind == CE_REC_BREAK && system->sub)
    status = ce__sub_test_break(system->sub);
  else if (record->kind != CE_REC_BREAK)
    return ce__fail(err, CE_ERR_USAGE, test->name, line, 0,
                    "a test corpus for sub_p and sub_r must be a tagged corpus");
  return status ? ce__fail(err, status, test->name, line, 0, "out of memory") : CE_OK;
}

/* A gold label whose tokens leave the evaluation (--exclude-labels). */
static int is_excluded_label(const ce_eval *ev, const char *label, size_t len) {
  return ce__intern_count(&ev->excluded_labels) &&
         ce__intern_find(&ev->excluded_labels, label, len) != UINT32_MAX;
}

/* --exclude-punct: an item made only of Unicode punctuation and symbols leaves (SPEC §2). */
static int is_punct_text(const ce_eval *ev, const char *item, size_t len) {
  return ev->options[CE_OPT_EXCLUDE_PUNCT] != 0.0 && ce__token_is_punct(item, len);
}

static int is_punct_item(const ce_eval *ev, const ce_record *record) {
  return is_punct_text(ev, record->item, record->item_len);
}

/* A label's id in `table`: by its intern key where `key` is not NULL (worked out ahead, see
 * tagged_window), else through `recent` where not NULL (the label then lies in a line, see
 * ce__intern_put_recent), else by its bytes. */
static CE_ALWAYS_INLINE ce_status put_label(ce_intern *table, ce_intern_recent *recent,
                                            const ce_intern_key *key, const char *label, size_t len,
                                            uint32_t *id, int *added) {
  return key      ? ce__intern_put_key(table, label, len, *key, id, added)
         : recent ? ce__intern_put_recent(table, recent, label, len, id, added)
                  : ce__intern_put(table, label, len, id, added);
}

/* Interns a system's cluster label (the record's) into `clusters`, the input's labels or
 * the clusters of a joint gold file (`recent` and `key` as put_label takes them), and notes
 * the id of the unclustered label. */
static CE_ALWAYS_INLINE ce_status put_cluster_label(ce_eval *ev, ce_input *input,
                                                    ce_intern *clusters, ce_intern_recent *recent,
                                                    const ce_intern_key *key, const char *label,
                                                    size_t len, uint32_t *cluster) {
  int added = 0;
  ce_status status = put_label(clusters, recent, key, label, len, cluster, &added);
  if (!status && added && ev->unclustered_label && strlen(ev->unclustered_label) == len &&
      memcmp(ev->unclustered_label, label, len) == 0)
    input->unclustered_id = *cluster;
  return status;
}

static ce_status put_cluster(ce_eval *ev, ce_input *input, ce_intern *clusters,
                             const ce_record *record, uint32_t *cluster) {
  return put_cluster_label(ev, input, clusters, NULL, NULL, record->label, record->label_len,
                           cluster);
}

/* A token as a line gives it: its text and its label; `recent`, the input's recent labels
 * where the label lies in a line with its padding (lines.c), else NULL; `label_key`, the
 * label's intern key where worked out ahead (tagged_window), else NULL. */
typedef struct token_text {
  const char *item, *label;
  size_t item_len, label_len;
  ce_intern_recent *recent;
  const ce_intern_key *label_key;
} token_text;

/* Queues a token of `input`, with its text when texts are checked (SPEC §2). The slot is
 * filled field by field (see ce__queue_add). */
static CE_ALWAYS_INLINE ce_status queue_token(const ce_eval *ev, ce_input *input,
                                              const token_text *text, uint32_t item, uint32_t label,
                                              int starts_sentence, uint64_t line) {
  ce_pending_token *token =
      ce__queue_add(input, ev->pairing.check ? text->item : NULL, text->item_len);
  if (!token) return CE_ERR_NOMEM;
  token->item = item;
  token->label = label;
  token->starts_sentence = (uint32_t)starts_sentence;
  token->line = line;
  return CE_OK;
}

/* A gold token whose item's intern key is `key`. */
static CE_ALWAYS_INLINE ce_status gold_token_key(ce_eval *ev, ce_input *gold,
                                                 const token_text *text, uint64_t line,
                                                 ce_intern_key key) {
  uint32_t item, label = CE_EXCLUDED;
  ce_status status = ce__intern_put_key(&ev->items, text->item, text->item_len, key, &item, NULL);
  if (status) return status;
  int excluded = is_excluded_label(ev, text->label, text->label_len) ||
                 is_punct_text(ev, text->item, text->item_len);
  /* (item, class) is counted as the token leaves the queue (pairing.c), where the tokens
   * ahead are known and their cells are fetched before they are needed. */
  if (!excluded)
    status = put_label(&gold->labels, text->recent, text->label_key, text->label, text->label_len,
                       &label, NULL);
  if (!status) status = queue_token(ev, gold, text, item, label, !ev->sentence_open, line);
  if (status) return status;
  ev->sentence_open = 1;
  if (excluded)
    gold->excluded_tokens++;
  else
    gold->tokens++;
  return CE_OK;
}

static ce_status gold_token(ce_eval *ev, ce_input *gold, const ce_record *record, uint64_t line) {
  token_text text = {record->item, record->label, record->item_len, record->label_len, NULL, NULL};
  return gold_token_key(ev, gold, &text, line, ce__intern_key(record->item, record->item_len));
}

/* A system token whose label is cluster `cluster`: it pairs as it is read, or waits with its
 * text, which pairing compares with gold's token. */
static CE_ALWAYS_INLINE ce_status system_token_cluster(ce_eval *ev, ce_input *system,
                                                       const token_text *text, uint64_t line,
                                                       uint32_t cluster) {
  ce_status status = CE_OK;
  int starts = !system->sentence_open;
  if (!ce__pair_on_read(ev, system, text->item, text->item_len, cluster, starts, line))
    status = queue_token(ev, system, text, UINT32_MAX, cluster, starts, line);
  if (status) return status;
  system->sentence_open = 1;
  system->sentence_starts += (uint64_t)starts;
  system->tokens++;
  return CE_OK;
}

static CE_ALWAYS_INLINE ce_status system_token_text(ce_eval *ev, ce_input *system,
                                                    const token_text *text, uint64_t line) {
  uint32_t cluster;
  ce_status status = put_cluster_label(ev, system, &system->labels, text->recent, text->label_key,
                                       text->label, text->label_len, &cluster);
  return status ? status : system_token_cluster(ev, system, text, line, cluster);
}

static ce_status system_token(ce_eval *ev, ce_input *system, const ce_record *record,
                              uint64_t line) {
  token_text text = {record->item, record->label, record->item_len, record->label_len, NULL, NULL};
  return system_token_text(ev, system, &text, line);
}

/* A lexicon entry: weight 1 per (item, label); an item may come back with more labels. */
static ce_status entry(ce_eval *ev, ce_input *input, int is_gold, const ce_record *record) {
  if ((is_gold && is_excluded_label(ev, record->label, record->label_len)) ||
      is_punct_item(ev, record))
    return CE_OK;
  uint32_t item, label;
  ce_status status = ce__intern_put(&ev->items, record->item, record->item_len, &item, NULL);
  if (status) return status;
  status = is_gold ? ce__intern_put(&input->labels, record->label, record->label_len, &label, NULL)
                   : put_cluster(ev, input, &input->labels, record, &label);
  return status ? status : ce__cells_add(&input->item_cells, item, label, 1);
}

/*
 * A row of joint counts (SPEC §2): `count` tokens of one item, each counted as token mode
 * counts a paired token: gold's (item, class) always, and (class, cluster) and
 * (item, cluster) unless the unclustered policy drops them. A gold input keeps its gold
 * side where every gold does and its system side in other_*; a system the other way round.
 * A row of no token counts nothing: its labels do not even exist, as in the corpus.
 */
static ce_status joint_row(ce_eval *ev, ce_input *input, int is_gold, const ce_record *record) {
  if (!record->count) return CE_OK;
  ce_intern *classes = is_gold ? &input->labels : &input->other_labels;
  ce_intern *clusters = is_gold ? &input->other_labels : &input->labels;
  ce_cells *gold_side = is_gold ? &input->item_cells : &input->other_cells;
  ce_cells *system_side = is_gold ? &input->other_cells : &input->item_cells;
  uint32_t item, cls, cluster;
  /* A system's clusters are all the labels of its file, those of excluded tokens too. */
  ce_status status = put_cluster(ev, input, clusters, record, &cluster);
  if (status) return status;
  if (is_excluded_label(ev, record->cls, record->cls_len) || is_punct_item(ev, record)) {
    input->excluded_tokens += record->count;
    return CE_OK;
  }
  status = ce__intern_put(&ev->items, record->item, record->item_len, &item, NULL);
  if (!status) status = ce__intern_put(classes, record->cls, record->cls_len, &cls, NULL);
  if (!status) status = ce__cells_add(gold_side, item, cls, record->count);
  if (!status && cluster == input->unclustered_id && cluster != UINT32_MAX) {
    status = ce__cells_add(&input->unclustered, item, 0, record->count);
    if (!status) status = ce__unclustered_token(ev, clusters, item, &cluster);
    if (!status && cluster == UINT32_MAX) input->dropped_tokens += record->count;
  }
  if (!status && cluster != UINT32_MAX) {
    status = ce__cells_add(&input->pair_cells, cls, cluster, record->count);
    if (!status) status = ce__cells_add(system_side, item, cluster, record->count);
  }
  if (!status) input->tokens += record->count;
  return status;
}

static ce_status count_cell(ce_input *input, const ce_record *record) {
  uint32_t cls, cluster;
  ce_status status = ce__intern_put(&input->labels, record->item, record->item_len, &cls, NULL);
  if (!status)
    status = ce__intern_put(&input->other_labels, record->label, record->label_len, &cluster, NULL);
  if (!status) status = ce__cells_add(&input->pair_cells, cls, cluster, record->count);
  if (!status) input->tokens += record->count;
  return status;
}

/* Rewrites `label` through the side's map; a label the map lacks fails unless kept. */
static ce_status map_label(const ce_eval *ev, ce_side side, const ce_input *input,
                           const char **label, size_t *len, uint64_t line, ce_error *err) {
  if (!ev->has_map[side] || ce__label_map_lookup(&ev->maps[side], *label, *len, label, len))
    return CE_OK;
  if (ev->options[CE_OPT_MAP_KEEP] != 0.0) return CE_OK;
  ce_buf text = {0};
  ce__buf_append_excerpt(&text, *label, *len, 60);
  ce__fail(err, CE_ERR_SYNTAX, input->name, line, 0,
           "label '%s' is not in the label map %s (--map-keep keeps such labels)",
           text.data ? text.data : "", ev->map_names[side]);
  ce__buf_free(&text);
  return CE_ERR_SYNTAX;
}

/* Applies the label maps: gold labels on gold, clusters on systems; both sides of a count
 * (its item is the class) and of a joint row. */
static ce_status map_record(const ce_eval *ev, const record_context *context, ce_record *record,
                            uint64_t line, ce_error *err) {
  if (record->kind == CE_REC_BREAK) return CE_OK;
  if (record->kind == CE_REC_COUNT || record->kind == CE_REC_JOINT) {
    int joint = record->kind == CE_REC_JOINT;
    ce_status status =
        map_label(ev, CE_SIDE_GOLD, context->input, joint ? &record->cls : &record->item,
                  joint ? &record->cls_len : &record->item_len, line, err);
    return status ? status
                  : map_label(ev, CE_SIDE_SYSTEM, context->input, &record->label,
                              &record->label_len, line, err);
  }
  return map_label(ev, context->is_gold ? CE_SIDE_GOLD : CE_SIDE_SYSTEM, context->input,
                   &record->label, &record->label_len, line, err);
}

/* A sentence ends (a blank line): gold counts it, a system's next token starts one. */
static void sentence_break(ce_eval *ev, ce_input *input, int is_gold) {
  if (is_gold && ev->sentence_open) {
    ev->sentences++;
    ev->sentence_open = 0;
  }
  if (!is_gold) input->sentence_open = 0;
}

static ce_status on_record(void *ctx, const ce_record *original, uint64_t line, ce_error *err) {
  record_context *context = ctx;
  ce_eval *ev = context->ev;
  ce_input *input = context->input;
  /* A copy only where a label map rewrites the record: copying every record stalls on the
   * bytes the reader has just written. */
  const ce_record *record = original;
  ce_record mapped;
  ce_status status = CE_OK;
  if (ev->has_map[CE_SIDE_GOLD] || ev->has_map[CE_SIDE_SYSTEM]) {
    mapped = *original;
    status = map_record(ev, context, &mapped, line, err);
    record = &mapped;
  }
  if (status) return status;
  if (input->role == CE_ROLE_SUB_TEST) return sub_test_record(ev, input, record, line, err);
  switch (record->kind) {
    case CE_REC_BREAK:
      sentence_break(ev, input, context->is_gold);
      return CE_OK;
    case CE_REC_TOKEN:
      status = context->is_gold ? gold_token(ev, input, record, line)
                                : system_token(ev, input, record, line);
      break;
    case CE_REC_ENTRY:
      status = entry(ev, input, context->is_gold, record);
      break;
    case CE_REC_COUNT:
      if (!context->is_gold || ev->input_count > 1)
        return ce__fail(err, CE_ERR_USAGE, input->name, line, 0,
                        "a counts file holds both sides of the table: give it alone, as the "
                        "gold file");
      status = count_cell(input, record);
      break;
    case CE_REC_JOINT:
      status = joint_row(ev, input, context->is_gold, record);
      break;
    case CE_REC_SENSE:
      return ce__sense_record(ev, input, record, line, err);
    case CE_REC_SPAN:
    case CE_REC_FRAGMENT:
      return ce__tde_record(ev, input, record, line, err);
    case CE_REC_DOCUMENT:
    case CE_REC_MENTION:
      return ce__coref_record(ev, input, record, line, err);
  }
  return status ? ce__fail(err, status, input->name, line, 0, "out of memory") : CE_OK;
}

static ce_status on_line(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  record_context *context = ctx;
  ce_input *input = context->input;
  return ce__reader_line(&input->reader, input->name, line, len, line_no, on_record, ctx, err);
}

/* ---------------------------------------------------------------- feeding */

/* The error a call about `input` reports: gold's failure stops every input. */
static ce_status report(ce_eval *ev, ce_input *input, ce_error *err) {
  if (ev->inputs[0].failed) return ce__copy_error(err, &ev->inputs[0].error);
  if (input->failed) return ce__copy_error(err, &input->error);
  return CE_OK;
}

static ce_status check_index(ce_eval *ev, size_t index, ce_error *err) {
  if (!ev || index >= ev->input_count)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no input number %zu", index);
  if (ev->inputs[index].closed)
    return ce__fail(err, CE_ERR_USAGE, ev->inputs[index].name, 0, 0, "input already closed");
  if (!ev->started) {
    ev->started = 1;
    ce_pairing pairing = {ev->options[CE_OPT_TOKEN_CHECK] != 0.0,
                          (int)ev->options[CE_OPT_LEVELS] != 1, ce__keeps_for_statistics(ev)};
    ev->pairing = pairing;
    ev->read_threads = ce__parallel_threads((unsigned)ev->options[CE_OPT_THREADS]);
    for (size_t i = 0; i < ev->input_count; i++) ev->inputs[i].lines.source = ev->inputs[i].name;
  }
  return CE_OK;
}

static ce_status start_reader(ce_eval *ev, ce_input *input, ce_error *err) {
  unsigned column = input->column ? input->column : (unsigned)ev->options[CE_OPT_COLUMN];
  unsigned depth = input->depth ? input->depth : (unsigned)ev->options[CE_OPT_DEPTH];
  ce_status status = ce__reader_init(&input->reader, input->format, column, depth);
  if (status) return ce__fail(err, status, input->name, 0, 0, "cannot start the reader");
  input->reading = 1;
  /* Substitutable scores (gold-free, SPEC §3.3) are asked for: their frames are many. */
  if (ev->options[CE_OPT_SUBSTITUTABLE] != 0.0 && input->role == CE_ROLE_SYSTEM &&
      ce__format_shape(input->format) == CE_SHAPE_TOKENS && !input->sub &&
      ce__sub_create(&input->sub))
    return ce__fail(err, CE_ERR_NOMEM, input->name, 0, 0, "out of memory");
  return CE_OK;
}

/* Gold's tagged lines: the item's slot in the shared table is fetched ahead of its put. */
static void peek_gold_tagged(void *ctx, const char *line, size_t len) {
  const record_context *context = ctx;
  size_t tab = ce__line_find(line, len, 0, '\t');
  if (tab < len) ce__intern_prefetch(&context->ev->items, line, tab);
}

/*
 * Tagged lines a batch at a time (lines.c): a line of the commonest shape goes straight to
 * its token's count, any other through the reader, in order. The lines are looked at twice,
 * a window at a time. Gold's first pass finds each token and starts fetching its slot in the
 * table of items, the second counts, so that a rare word's slot arrives from memory while
 * the words before it are counted. A system's first pass finds the clusters of the window's
 * lines up to the first of another shape but an empty one (in line order, so the ids are the
 * same) and starts fetching the cells they will pair into, which on a large table (random
 * labels of 1,000 a side) sit in memory; the second pairs. Where the input's labels outgrow
 * the cache (each type its own class, or 600,000 clusters), a pass before the first finds
 * the lines' TABs (which the first then reads) and starts fetching each label's slot.
 */
enum { TAGGED_WINDOW = 32 };

/* Labels past this many slots (16 bytes each: 1 MB) are taken as out of the cache. */
enum { CE_LABELS_CACHED_SLOTS = 1 << 16 };

static ce_status tagged_window(const record_context *context, const ce_line_batch *batch,
                               size_t from, size_t to, ce_error *err) {
  ce_eval *ev = context->ev;
  ce_input *input = context->input;
  size_t tab[TAGGED_WINDOW];
  ce_intern_key key[TAGGED_WINDOW], label_key[TAGGED_WINDOW];
  uint32_t cluster[TAGGED_WINDOW]; /* a system's, UINT32_MAX where the second pass finds it */
  int label_ahead = input->labels.slot_count > CE_LABELS_CACHED_SLOTS;
  /* A system: no line before has a label the first pass skipped. A table small enough to
   * stay in cache gains nothing from the first pass: the lines go once (3-5% in wasm). */
  int in_order = !context->is_gold && input->pair_cells.slot_count > CE_PAIR_CACHED_CELLS;
  uint64_t position = ce__queue_passed(input);
  for (size_t k = from; label_ahead && k < to; k++) {
    const char *text = batch->bytes + batch->start[k];
    if (!ce__tagged_simple(text, batch->len[k], &tab[k - from])) {
      tab[k - from] = SIZE_MAX;
      continue;
    }
    label_key[k - from] =
        ce__intern_key(text + tab[k - from] + 1, batch->len[k] - tab[k - from] - 1);
    ce__intern_prefetch_key(&input->labels, label_key[k - from]);
  }
  for (size_t k = from; k < to; k++) {
    const char *text = batch->bytes + batch->start[k];
    cluster[k - from] = UINT32_MAX;
    if (label_ahead ? tab[k - from] == SIZE_MAX
                    : !ce__tagged_simple(text, batch->len[k], &tab[k - from])) {
      tab[k - from] = SIZE_MAX;
      in_order &= !batch->len[k]; /* an empty line ends a sentence, and has no label */
    } else if (context->is_gold) {
      key[k - from] = ce__intern_key(text, tab[k - from]);
      ce__intern_prefetch_key(&ev->items, key[k - from]);
    } else if (in_order) {
      const char *label = text + tab[k - from] + 1;
      in_order = !put_cluster_label(ev, input, &input->labels, &input->recent,
                                    label_ahead ? &label_key[k - from] : NULL, label,
                                    batch->len[k] - tab[k - from] - 1, &cluster[k - from]);
      if (in_order) ce__pair_prefetch(ev, input, position++, cluster[k - from]);
    }
  }
  for (size_t k = from; k < to; k++) {
    const char *text = batch->bytes + batch->start[k];
    size_t len = batch->len[k], at = tab[k - from];
    uint64_t line = batch->first_line + k;
    if (at == SIZE_MAX && !len) { /* an empty line: what the reader's break would do */
      sentence_break(ev, input, context->is_gold);
      continue;
    }
    if (at == SIZE_MAX) {
      ce_status status = on_line((void *)context, text, len, line, err);
      if (status) return status;
      continue;
    }
    token_text token = {text,         text + at + 1,  at,
                        len - at - 1, &input->recent, label_ahead ? &label_key[k - from] : NULL};
    input->reader.header_seen = CE_SEEN_RECORD;
    ce_status status = context->is_gold ? gold_token_key(ev, input, &token, line, key[k - from])
                       : cluster[k - from] != UINT32_MAX
                           ? system_token_cluster(ev, input, &token, line, cluster[k - from])
                           : system_token_text(ev, input, &token, line);
    if (status) return ce__fail(err, status, input->name, line, 0, "out of memory");
  }
  return CE_OK;
}

static ce_status tagged_batch(void *ctx, const ce_line_batch *batch, ce_error *err) {
  for (size_t from = 0; from < batch->count; from += TAGGED_WINDOW) {
    size_t to = batch->count - from > TAGGED_WINDOW ? from + TAGGED_WINDOW : batch->count;
    ce_status status = tagged_window(ctx, batch, from, to, err);
    if (status) return status;
  }
  return CE_OK;
}

/* The batch path reads what on_record would: no label map rewrites a record, the input is a
 * gold or a system, and the label is the second column. */
static int reads_tagged_batches(const ce_eval *ev, const ce_input *input) {
  return input->format == CE_FORMAT_TAGGED && !ev->has_map[CE_SIDE_GOLD] &&
         !ev->has_map[CE_SIDE_SYSTEM] &&
         (input->role == CE_ROLE_GOLD || input->role == CE_ROLE_SYSTEM) &&
         (input->reader.column == 0 || input->reader.column == 2);
}

static ce_status feed_lines(ce_eval *ev, ce_input *input, const void *bytes, size_t len,
                            ce_error *err) {
  record_context context = {ev, input, input == &ev->inputs[0]};
  input->lines.batch = reads_tagged_batches(ev, input) ? tagged_batch : NULL;
  input->lines.peek =
      context.is_gold && input->format == CE_FORMAT_TAGGED ? peek_gold_tagged : NULL;
  return ce__lines_feed(&input->lines, bytes, len, on_line, &context, err);
}

/* A joint system beside a gold standard that is not joint, or the other way round; likewise
 * a `senses` file (SPEC §3.7: a gold and a system key make a sense run), a `conll` one
 * (SPEC §3.6: a key and responses make a coreference run) and a `tde-classes` file (SPEC
 * §3.8: a word alignment and class files make a tde run). */
static ce_status check_side(const ce_eval *ev, const ce_input *system, ce_error *err) {
  /* The formats that make a run of their own: a system of `format` goes only with a gold
   * standard of `gold_format` and the other way round; `beside_gold` is the message for
   * another system beside such a gold standard, `beside_other` for such a system beside
   * another gold standard (both take the system's format and gold's name). */
  static const struct {
    ce_format gold_format, format;
    const char *beside_gold, *beside_other;
  } own[] = {
      {CE_FORMAT_SENSES, CE_FORMAT_SENSES,
       "read as %s beside the senses key %s: a sense run scores senses keys against it "
       "(--induced-format senses forces one)",
       "read as %s beside %s: a senses key is scored against a senses gold key (--gold-format "
       "senses forces one)"},
      {CE_FORMAT_CONLL, CE_FORMAT_CONLL,
       "read as %s beside the conll key %s: a coreference run scores conll responses against "
       "it (--induced-format conll forces one)",
       "read as %s beside %s: a conll response is scored against a conll key (--gold-format "
       "conll forces one)"},
      {CE_FORMAT_TDE_WORDS, CE_FORMAT_TDE_CLASSES,
       "read as %s beside the word alignment %s: a tde run scores class files against it "
       "(--induced-format tde-classes forces one)",
       "read as %s beside %s: a class file is scored against a word alignment (--gold-format "
       "tde-words forces one)"},
  };
  const ce_input *gold = &ev->inputs[0];
  for (size_t k = 0; k < sizeof own / sizeof own[0]; k++) {
    int on_gold = gold->format == own[k].gold_format, on_system = system->format == own[k].format;
    if (system->role == CE_ROLE_SYSTEM && gold->format != CE_FORMAT_AUTO && on_gold != on_system)
      return ce__fail(err, CE_ERR_USAGE, system->name, 0, 0,
                      on_gold ? own[k].beside_gold : own[k].beside_other,
                      ce_format_name(system->format), gold->name);
  }
  int joint_gold = gold->format == CE_FORMAT_JOINT, joint = system->format == CE_FORMAT_JOINT;
  if (system->role != CE_ROLE_SYSTEM || gold->format == CE_FORMAT_AUTO || joint == joint_gold)
    return CE_OK;
  if (joint_gold)
    return ce__fail(err, CE_ERR_USAGE, system->name, 0, 0,
                    "read as %s beside the joint file %s: a joint file holds both the gold "
                    "standard and a system, so every other input must be a joint file too",
                    ce_format_name(system->format), gold->name);
  return ce__fail(err, CE_ERR_USAGE, system->name, 0, 0,
                  "a joint file holds a gold side of its own: give it first, alone or before "
                  "other joint files, not after the gold standard %s",
                  gold->name);
}

/*
 * What the inputs' formats allow once `input`'s is known (SPEC §2): a gold standard needs a
 * system to score unless it holds one (counts, joint); joint files come only with joint
 * files. Fails the systems that no longer fit; an error about `input` itself is returned.
 */
static ce_status check_formats(ce_eval *ev, ce_input *input, ce_error *err) {
  if (input->role == CE_ROLE_GOLD) {
    ce_shape shape = ce__format_shape(input->format);
    int baselines = 0;
    for (int b = 0; b < CE_BASELINE_COUNT; b++) baselines |= ev->baselines[b];
    if (ev->input_count == 1 && !baselines && shape != CE_SHAPE_COUNTS && shape != CE_SHAPE_JOINT)
      return ce__fail(err, CE_ERR_USAGE, input->name, 0, 0,
                      "read as %s, a gold standard with no system to score: give at least one "
                      "system after it (only a counts or joint file is scored alone)",
                      ce_format_name(input->format));
    for (size_t s = 1; s < ev->input_count; s++) {
      ce_input *system = &ev->inputs[s];
      ce_error error;
      if (!system->failed && system->format != CE_FORMAT_AUTO && check_side(ev, system, &error))
        ce__input_fail(system, &error);
    }
    return CE_OK;
  }
  return check_side(ev, input, err);
}

/* Decides the format from the bytes held back, then reads them. */
static ce_status settle_format(ce_eval *ev, ce_input *input, int complete, ce_error *err) {
  if (input->format == CE_FORMAT_AUTO) {
    input->format =
        ce__detect_format(input->head.data ? input->head.data : "", input->head.len, complete);
    input->detected = 1;
  }
  ce_status status = check_formats(ev, input, err);
  if (!status) status = start_reader(ev, input, err);
  if (!status && input->head.len)
    status = feed_lines(ev, input, input->head.data, input->head.len, err);
  ce__buf_free(&input->head);
  return status;
}

/* Reads `bytes`, holding them back while the format is still to be detected. */
static ce_status read_bytes(ce_eval *ev, ce_input *input, const void *bytes, size_t len,
                            ce_error *err) {
  if (input->reading) return feed_lines(ev, input, bytes, len, err);
  if (input->format != CE_FORMAT_AUTO) {
    ce_status status = settle_format(ev, input, 0, err);
    return status ? status : feed_lines(ev, input, bytes, len, err);
  }
  if (ce__buf_append(&input->head, bytes, len))
    return ce__fail(err, CE_ERR_NOMEM, input->name, 0, 0, "out of memory");
  return input->head.len < DETECT_BYTES ? CE_OK : settle_format(ev, input, 0, err);
}

/* Chunks for several inputs, read on threads (ce_eval_feed_inputs). */
typedef struct feed_job {
  ce_eval *ev;
  const size_t *index;
  const void *const *bytes;
  const size_t *len;
  /* On threads: each input's failure (code CE_OK: none), applied once the round is over
   * (failing frees the queue that a system's thread may be reading). NULL: at once. */
  ce_error *errors;
  /* On threads, where gold reads in the round: a task after the inputs' counts gold's tokens
   * passed in the rounds before, up to `count_gold`, from the copy of gold pinned as the
   * round began, on the thread that comes free first (a system's on full Brown, gold's on
   * random labels); its failure is `count_error` (code CE_OK: none). */
  size_t count;
  uint64_t count_gold;
  ce_error count_error;
} feed_job;

static void count_task(feed_job *job) {
  ce_eval *ev = job->ev;
  if (!ev->inputs[0].failed) ce__count_gold(ev, ev->pair_gold, job->count_gold, &job->count_error);
}

static void feed_task(void *context, size_t j) {
  feed_job *job = context;
  if (j == job->count) {
    count_task(job);
    return;
  }
  ce_input *input = &job->ev->inputs[job->index[j]];
  uint64_t before = ce__queue_read(input);
  ce_error error;
  ce_status status = CE_OK;
  if (!input->failed) status = read_bytes(job->ev, input, job->bytes[j], job->len[j], &error);
  if (status) {
    if (job->errors) {
      job->errors[j] = error;
    } else {
      ce__input_fail(input, &error);
    }
  }
  input->chunk_tokens = ce__queue_read(input) - before;
}

/*
 * Inputs whose reading shares nothing: each writes its own reader, queue, labels and cells,
 * and only gold the table of items. A format still unknown is settled with the other inputs
 * in view, and a --sub-test corpus puts its words in the shared table: those go in turn.
 */
static int reads_apart(const ce_eval *ev, size_t count, const size_t *index) {
  for (size_t j = 0; j < count; j++) {
    const ce_input *input = &ev->inputs[index[j]];
    if (!input->reading || ce__format_shape(input->format) != CE_SHAPE_TOKENS ||
        (input->role != CE_ROLE_GOLD && input->role != CE_ROLE_SYSTEM))
      return 0;
    for (size_t i = 0; i < j; i++)
      if (index[i] == index[j]) return 0;
  }
  return count > 1;
}

/*
 * A round read on threads. A system's tokens pair as they are read, against gold as it stood
 * when the round began: gold's queue is pinned, so the copy's tokens and texts stay where
 * they are while gold's thread queues more; the tokens beyond wait and pair after the round.
 */
static void feed_apart(ce_eval *ev, feed_job *job, size_t count) {
  ce_input *gold = &ev->inputs[0];
  int gold_reads = 0;
  for (size_t j = 0; j < count; j++) gold_reads |= job->index[j] == 0;
  /* The tokens passed in the last round count in this one, beside the inputs' reading. */
  job->count_gold = gold_reads ? ce__gold_passed(ev) : 0;
  size_t tasks = count + (job->count_gold > gold->counted);
  if (gold_reads) ce__queue_pin(gold);
  ce_input gold_then = *gold;
  ev->pair_gold = gold_reads ? &gold_then : gold;
  if (!ev->crew_tried) { /* the rounds' threads, kept from one round to the next */
    ev->crew_tried = 1;
    ev->crew = ce__crew_new(ev->read_threads);
  }
  ce__crew_run(ev->crew, tasks, feed_task, job); /* none could start: in turn */
  ev->pair_gold = NULL;
  if (gold_reads) ce__queue_unpin(gold);
  for (size_t j = 0; j < count; j++)
    if (job->errors[j].code) ce__input_fail(&ev->inputs[job->index[j]], &job->errors[j]);
  if (job->count_error.code && !gold->failed) ce__input_fail(gold, &job->count_error);
  ce__pair_ready_tokens(ev, gold_reads);
}

ce_status ce_eval_feed_inputs(ce_eval *ev, size_t count, const size_t *index,
                              const void *const *bytes, const size_t *len, ce_error *err) {
  if (!ev || !ev->input_count) return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no inputs to feed");
  for (size_t j = 0; j < count; j++) {
    ce_status status = check_index(ev, index[j], err);
    if (status) return status;
    if (ev->inputs[index[j]].by_number)
      return ce__fail(err, CE_ERR_USAGE, ev->inputs[index[j]].name, 0, 0,
                      "fed tokens by number, not bytes");
  }
  if (report(ev, &ev->inputs[0], NULL)) return report(ev, &ev->inputs[0], err);
  feed_job job = {ev, index, bytes, len, NULL, count, 0, {0}};
  if (reads_apart(ev, count, index) && ev->read_threads > 1)
    job.errors = calloc(count, sizeof *job.errors);
  if (job.errors) {
    feed_apart(ev, &job, count);
  } else {
    ev->pair_gold = &ev->inputs[0];
    for (size_t j = 0; j < count; j++) {
      feed_task(&job, j);
      ce__pair_ready_tokens(ev, 0);
    }
    ev->pair_gold = NULL;
  }
  free(job.errors);
  for (size_t j = 0; j < count; j++) {
    ce_status status = report(ev, &ev->inputs[index[j]], err);
    if (status) return status;
  }
  return CE_OK;
}

/* One input's chunk: ce_eval_feed_inputs of one. */
ce_status ce_eval_feed(ce_eval *ev, size_t index, const void *bytes, size_t len, ce_error *err) {
  const void *const chunk[1] = {bytes};
  return ce_eval_feed_inputs(ev, 1, &index, chunk, &len, err);
}

ce_status ce_eval_close(ce_eval *ev, size_t index, ce_error *err) {
  ce_status status = check_index(ev, index, err);
  if (status) return status;
  ce_input *input = &ev->inputs[index];
  if (!input->failed) {
    record_context context = {ev, input, index == 0};
    ce_error error;
    status = input->reading ? CE_OK : settle_format(ev, input, 1, &error);
    if (!status) status = ce__lines_close(&input->lines, on_line, &context, &error);
    if (!status) status = ce__reader_end(&input->reader, input->name, input->lines.line_no, &error);
    if (status) ce__input_fail(input, &error);
    if (index == 0 && ev->sentence_open) {
      ev->sentences++;
      ev->sentence_open = 0;
    }
  }
  input->closed = 1;
  ce__pair_ready_tokens(ev, 0);
  return report(ev, input, err);
}

/* ------------------------------------------------------ tokens by number */

ce_status ce_eval_name(ce_eval *ev, size_t index, ce_names table, const char *bytes,
                       const size_t *lens, size_t count, ce_error *err) {
  if (!ev || (unsigned)table > CE_NAMES_LABELS || (count && (!bytes || !lens)))
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no evaluation, table or names");
  if (table == CE_NAMES_ITEMS) return ce__names_add(&ev->item_names, "", bytes, lens, count, err);
  if (index >= ev->input_count)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no input number %zu", index);
  ce_input *input = &ev->inputs[index];
  return ce__names_add(&input->label_names, input->name, bytes, lens, count, err);
}

/* An item of a token fed by number: the run's id and the text a line would have held. */
typedef struct named_item {
  uint32_t id;
  const char *text;
  size_t len;
} named_item;

/* Named item `n`, interned when a token first uses it, as its line would have been. */
static ce_status item_named(ce_eval *ev, uint32_t n, named_item *item) {
  item->text = ce__names_get(&ev->item_names, n, &item->len);
  uint32_t *known = &ev->item_names.id.at[n];
  ce_status status =
      *known == CE_NAME_UNSEEN ? ce__intern_put(&ev->items, item->text, item->len, known, NULL) : 0;
  item->id = *known;
  return status;
}

/* The id of named label `n` of `input`, the first time through the label map, the exclusions
 * (gold) or the unclustered label (systems): CE_EXCLUDED for an excluded gold label. */
static ce_status label_named(ce_eval *ev, ce_input *input, uint32_t n, uint64_t position,
                             uint32_t *id, ce_error *err) {
  uint32_t *known = &input->label_names.id.at[n];
  if (*known != CE_NAME_UNSEEN) {
    *id = *known;
    return CE_OK;
  }
  int is_gold = input == &ev->inputs[0];
  ce_record record = {CE_REC_TOKEN, "", 0, NULL, 0, 0, 0, NULL, 0, 0.0, 0, 0.0, 0.0, 0, 0};
  record.label = ce__names_get(&input->label_names, n, &record.label_len);
  ce_status status = map_label(ev, is_gold ? CE_SIDE_GOLD : CE_SIDE_SYSTEM, input, &record.label,
                               &record.label_len, position, err);
  if (status) return status;
  if (is_gold && is_excluded_label(ev, record.label, record.label_len))
    *known = CE_EXCLUDED;
  else if (is_gold)
    status = ce__intern_put(&input->labels, record.label, record.label_len, known, NULL);
  else
    status = put_cluster(ev, input, &input->labels, &record, known);
  *id = *known;
  return status ? ce__fail(err, status, input->name, position, 0, "out of memory") : CE_OK;
}

/* One token fed by number, as gold_token and system_token read the token of a line: it
 * waits in the queue with its item's text when texts are checked. */
static ce_status named_token(ce_eval *ev, ce_input *input, const named_item *item, uint32_t label_n,
                             uint64_t position, ce_error *err) {
  uint32_t label = CE_EXCLUDED;
  int is_gold = input == &ev->inputs[0];
  ce_record record = {CE_REC_TOKEN, item->text, item->len, "",  0, 0, 0, NULL, 0,
                      0.0,          0,          0.0,       0.0, 0, 0};
  if (!is_gold || !is_punct_item(ev, &record)) {
    ce_status status = label_named(ev, input, label_n, position, &label, err);
    if (status) return status;
  }
  ce_pending_token *token = ce__queue_add(input, ev->pairing.check ? item->text : NULL, item->len);
  if (!token) return ce__fail(err, CE_ERR_NOMEM, input->name, position, 0, "out of memory");
  token->item = is_gold ? item->id : UINT32_MAX;
  token->label = label;
  token->starts_sentence = (uint32_t)(is_gold && !ev->sentence_open);
  token->line = position;
  if (is_gold) ev->sentence_open = 1;
  if (label == CE_EXCLUDED)
    input->excluded_tokens++;
  else
    input->tokens++;
  return CE_OK;
}

/* Checks a call's numbers and starts the input's reading as a tagged corpus. */
static ce_status start_by_number(ce_eval *ev, ce_input *input, const uint32_t *items,
                                 const uint32_t *labels, size_t count, ce_error *err) {
  if (!input->by_number && (input->reading || input->head.len))
    return ce__fail(err, CE_ERR_USAGE, input->name, 0, 0, "fed bytes, not tokens by number");
  if (input->format == CE_FORMAT_AUTO) input->format = CE_FORMAT_TAGGED;
  if (ce__format_shape(input->format) != CE_SHAPE_TOKENS)
    return ce__fail(err, CE_ERR_USAGE, input->name, 0, 0,
                    "tokens by number make a corpus, not a %s file", ce_format_name(input->format));
  size_t item_count = ce__names_count(&ev->item_names);
  size_t label_count = ce__names_count(&input->label_names);
  for (size_t t = 0; t < count; t++) {
    int bad_item = items && items[t] >= item_count;
    if (bad_item || labels[t] >= label_count)
      return ce__fail(err, CE_ERR_USAGE, input->name, input->lines.line_no + t + 1, 0,
                      "%s number %u was not named (%zu named)", bad_item ? "item" : "label",
                      bad_item ? items[t] : labels[t], bad_item ? item_count : label_count);
  }
  if (!input->by_number) {
    ce_status status = start_reader(ev, input, err);
    if (status) return status;
    input->by_number = input->reading = 1;
  }
  return CE_OK;
}

ce_status ce_eval_feed_ids(ce_eval *ev, size_t index, const uint32_t *items, const uint32_t *labels,
                           const uint8_t *ends, size_t count, ce_error *err) {
  ce_status status = check_index(ev, index, err);
  if (status) return status;
  ce_input *input = &ev->inputs[index];
  if (report(ev, input, NULL)) return report(ev, input, err);
  if (count && !labels) return ce__fail(err, CE_ERR_USAGE, input->name, 0, 0, "no labels");
  ce_error error;
  named_item item = {0, "", 0}; /* without items, every token is the empty item */
  status = start_by_number(ev, input, items, labels, count, &error);
  if (!status && !items && ce__intern_put(&ev->items, "", 0, &item.id, NULL))
    status = ce__fail(&error, CE_ERR_NOMEM, input->name, 0, 0, "out of memory");
  record_context context = {ev, input, index == 0};
  for (size_t t = 0; t < count && !status; t++) {
    uint64_t position = ++input->lines.line_no;
    if (items && item_named(ev, items[t], &item)) {
      status = ce__fail(&error, CE_ERR_NOMEM, input->name, position, 0, "out of memory");
    } else if (input->role == CE_ROLE_SUB_TEST) {
      ce_record record = {CE_REC_TOKEN, item.text, item.len, NULL, 0, 0, 0, NULL, 0,
                          0.0,          0,         0.0,      0.0,  0, 0};
      record.label = ce__names_get(&input->label_names, labels[t], &record.label_len);
      status = on_record(&context, &record, position, &error);
    } else {
      status = named_token(ev, input, &item, labels[t], position, &error);
    }
    if (!status && ends && ends[t]) {
      ce_record end = {CE_REC_BREAK, "", 0, "", 0, 0, 0, NULL, 0, 0.0, 0, 0.0, 0.0, 0, 0};
      status = on_record(&context, &end, position, &error);
    }
  }
  if (!status && count) input->reader.header_seen = CE_SEEN_RECORD;
  if (status) ce__input_fail(input, &error);
  ce__pair_ready_tokens(ev, 0);
  return report(ev, input, err);
}

/* ----------------------------------------------------------- finishing */

static ce_status check_gold(ce_eval *ev) {
  ce_input *gold = &ev->inputs[0];
  ce_error error;
  if (gold->failed) return gold->error.code;
  ce_shape shape = ce__format_shape(gold->format);
  const char *lines = shape == CE_SHAPE_COUNTS   ? "class<TAB>cluster<TAB>count lines"
                      : shape == CE_SHAPE_JOINT  ? "item<TAB>class<TAB>cluster<TAB>count lines"
                      : shape == CE_SHAPE_SENSES ? "LEMMA INSTANCE SENSE lines"
                      : shape == CE_SHAPE_TDE    ? "'file onset offset word' lines besides SIL"
                                                 : "token<TAB>label lines";
  if (shape == CE_SHAPE_COUNTS && ev->input_count > 1)
    ce__fail(&error, CE_ERR_USAGE, gold->name, 0, 0,
             "a counts file holds both sides of the table: give it alone, as the gold file");
  else if (shape == CE_SHAPE_CONLL)
    return CE_OK; /* documents without a mention are scored too: the reader saw a document */
  else if (shape != CE_SHAPE_ENTRIES && !gold->tokens && !gold->excluded_tokens)
    ce__fail(&error, CE_ERR_EMPTY, gold->name, 0, 0, "holds no tokens; expected %s", lines);
  else if (shape == CE_SHAPE_ENTRIES && !gold->item_cells.used)
    ce__fail(&error, CE_ERR_EMPTY, gold->name, 0, 0, "holds no entries");
  else if (shape != CE_SHAPE_ENTRIES && !gold->tokens)
    ce__fail(&error, CE_ERR_EMPTY, gold->name, 0, 0, "every token was excluded");
  else
    return CE_OK;
  ce__input_fail(gold, &error);
  return error.code;
}

ce_status ce_eval_finish(ce_eval *ev, ce_error *err) {
  if (!ev || !ev->input_count)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no gold input was added");
  ce_input *gold = &ev->inputs[0];
  if (gold->failed) return ce__copy_error(err, &gold->error); /* no need to read the rest */
  for (size_t i = 0; i < ev->input_count; i++)
    if (!ev->inputs[i].closed)
      return ce__fail(err, CE_ERR_USAGE, ev->inputs[i].name, 0, 0, "input not closed");
  if (ev->finished) return CE_OK;
  if (check_gold(ev)) return ce__copy_error(err, &gold->error);
  if (ce__is_tde_run(ev)) {
    size_t phones = ce__tde_phones_input(ev);
    if (!phones)
      return ce__fail(err, CE_ERR_USAGE, gold->name, 0, 0,
                      "a word alignment scores class files with the phone alignment: give it "
                      "with --phones FILE");
    if (ev->inputs[phones].failed) return ce__copy_error(err, &ev->inputs[phones].error);
  }
  /* Before the scoring's allocations: reading's buffers would only add to the peak; and
   * before its threads, the reading's crew. */
  ce__crew_free(ev->crew);
  ev->crew = NULL;
  for (size_t i = 0; i < ev->input_count; i++) ce__input_read_done(&ev->inputs[i]);
  ce__intern_drop_slots(&ev->items); /* scoring reads the words by id */
  ce_status status = ce__score_rows(ev);
  if (status) return ce__fail(err, status, NULL, 0, 0, "%s while scoring", ce_strerror(status));
  ev->finished = 1;
  return CE_OK;
}

int ce__is_sense_run(const ce_eval *ev) {
  return ev->input_count && ev->inputs[0].format == CE_FORMAT_SENSES;
}

int ce__is_coref_run(const ce_eval *ev) {
  return ev->input_count && ev->inputs[0].format == CE_FORMAT_CONLL;
}

size_t ce_eval_backlog(const ce_eval *ev, size_t index) {
  if (!ev || index >= ev->input_count) return 0;
  return ev->inputs[index].queue_len - ev->inputs[index].queue_head;
}

/* An input whose backlog passes this many tokens waits for the others (ce_eval_waits): its
 * tokens would only wait in its queue. Read in turn, natively 4,096 reads as fast; in wasm
 * 65,536 is 3-4% faster (paired runs on full Brown). On threads gold keeps a chunk ahead of
 * the systems, so there the slack is the widest chunk twice over besides (gold never waits
 * for a system that waits for gold), over a base of 32,768: as fast as 65,536, and 6.5 MB
 * less at the peak on 100M tokens, where gold's queue holds the lead. */
enum { BACKLOG_SLACK = 1 << 16, THREADS_SLACK = 1 << 15 };

static int open_input(const ce_input *input) {
  return !input->closed && !input->failed;
}

static int is_token_input(const ce_input *input) {
  return input->reading && ce__format_shape(input->format) == CE_SHAPE_TOKENS &&
         (input->role == CE_ROLE_GOLD || input->role == CE_ROLE_SYSTEM);
}

static int waits_for_others(const ce_eval *ev, size_t index) {
  const ce_input *input = &ev->inputs[index], *gold = &ev->inputs[0];
  if (!open_input(input)) return 0;
  int threads = (ev->started ? ev->read_threads
                             : ce__parallel_threads((unsigned)ev->options[CE_OPT_THREADS])) > 1;
  uint64_t widest = 0;
  for (size_t j = 0; threads && j < ev->input_count; j++)
    if (is_token_input(&ev->inputs[j]) && ev->inputs[j].chunk_tokens > widest)
      widest = ev->inputs[j].chunk_tokens;
  if (threads && index && is_token_input(input) && is_token_input(gold) && open_input(gold) &&
      ce__queue_read(input) + input->chunk_tokens > ce__queue_read(gold))
    return 1;
  size_t mine = ce_eval_backlog(ev, index);
  if (mine <= (threads ? THREADS_SLACK + 2 * widest : BACKLOG_SLACK)) return 0;
  for (size_t j = 0; j < ev->input_count; j++)
    if (j != index && open_input(&ev->inputs[j]) && ce_eval_backlog(ev, j) < mine) return 1;
  return 0;
}

int ce_eval_waits(const ce_eval *ev, size_t index) {
  if (!ev || index >= ev->input_count || !waits_for_others(ev, index)) return 0;
  for (size_t j = 0; j < ev->input_count; j++)
    if (j != index && open_input(&ev->inputs[j]) && !waits_for_others(ev, j)) return 1;
  return 0; /* every open input would wait: none does */
}

size_t ce_eval_input_count(const ce_eval *ev) {
  return ev ? ev->input_count : 0;
}

const char *ce_eval_input_name(const ce_eval *ev, size_t index) {
  return ev && index < ev->input_count ? ev->inputs[index].name : NULL;
}

const ce_error *ce_eval_input_error(const ce_eval *ev, size_t index) {
  if (!ev || index >= ev->input_count || !ev->inputs[index].failed) return NULL;
  return &ev->inputs[index].error;
}

size_t ce_eval_system_count(const ce_eval *ev) {
  return ev && ev->finished ? ev->row_count : 0;
}

const char *ce_eval_system_name(const ce_eval *ev, size_t system) {
  return system < ce_eval_system_count(ev) ? ev->rows[system].name : NULL;
}

const ce_error *ce_eval_system_error(const ce_eval *ev, size_t system) {
  if (system >= ce_eval_system_count(ev) || !ev->rows[system].failed) return NULL;
  return &ev->rows[system].error;
}

const char *ce_eval_system_warning(const ce_eval *ev, size_t system, size_t k) {
  if (system >= ce_eval_system_count(ev) || k >= ev->rows[system].warning_count) return NULL;
  const char *at = ev->rows[system].warnings.data;
  while (k--) at += strlen(at) + 1;
  return at;
}

ce_level ce_eval_level(const ce_eval *ev, ce_level level, ce_measure measure) {
  if (ev && ce__is_tde_run(ev) && ce_level_has(CE_LEVEL_TDE, measure)) return CE_LEVEL_TDE;
  if (ev && ce__is_coref_run(ev) && ce_level_has(CE_LEVEL_COREF, measure)) return CE_LEVEL_COREF;
  return ev && ce__is_sense_run(ev) && ce_level_has(CE_LEVEL_SENSE, measure) ? CE_LEVEL_SENSE
                                                                             : level;
}

ce_status ce_eval_value(const ce_eval *ev, size_t system, ce_level level, ce_measure measure,
                        double *value) {
  if (!ev || !value || (unsigned)measure >= CE_MEASURE_COUNT) return CE_ERR_USAGE;
  if (!ce_level_has(level, measure) || system >= ce_eval_system_count(ev))
    return CE_ERR_UNAVAILABLE;
  const ce_row *row = &ev->rows[system];
  const ce_measures *measures = ce__row_level(row, level);
  if (row->failed || !measures || !ce__measure_has(measures, measure)) return CE_ERR_UNAVAILABLE;
  *value = measures->value[measure];
  return CE_OK;
}
