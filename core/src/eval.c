/*
 * One run: reads the gold input and every system input in lockstep, pairs their tokens
 * position by position (SPEC §2, token mode), counts the contingency of each system with
 * gold, and computes the measures. Tokens wait in a small per-input queue only until
 * every input has reached the same position, so memory follows the vocabulary, the
 * labels and the contingency cells, and not the corpus.
 */
#include <stdio.h> /* snprintf only: the core does no I/O */
#include <stdlib.h>
#include <string.h>

#include "clustereval.h"
#include "eval_internal.h"
#include "read_internal.h"

enum { EXCERPT_BYTES = 60 };

ce_eval *ce_eval_create(void) {
  ce_eval *ev = calloc(1, sizeof *ev);
  if (!ev) return NULL;
  for (int opt = 0; opt < CE_OPT_COUNT; opt++)
    ce_opt_bounds((ce_option)opt, &ev->options[opt], NULL, NULL);
  return ev;
}

static void input_free(ce_input *input) {
  free(input->name);
  ce__lines_free(&input->lines);
  free(input->queue);
  ce__intern_free(&input->labels);
  ce__cells_free(&input->cells);
}

void ce_eval_free(ce_eval *ev) {
  if (!ev) return;
  for (size_t i = 0; i < ev->input_count; i++) input_free(&ev->inputs[i]);
  free(ev->inputs);
  ce__intern_free(&ev->items);
  free(ev->item_first_class);
  free(ev->item_flags);
  free(ev);
}

ce_status ce_eval_set(ce_eval *ev, ce_option opt, double value) {
  if (!ev || ce_opt_check(opt, value) || ev->started || ev->input_count) return CE_ERR_USAGE;
  ev->options[opt] = value;
  return CE_OK;
}

double ce_eval_get(const ce_eval *ev, ce_option opt) {
  return (unsigned)opt < CE_OPT_COUNT ? ev->options[opt] : 0.0;
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
  /* Points into `inputs`, which may move while inputs are added: fixed up in feed. */
  ce__lines_init(&input->lines, NULL);
  if (index) *index = ev->input_count;
  ev->input_count++;
  return CE_OK;
}

/* ---------------------------------------------------------------- queues */

static size_t queue_size(const ce_input *input) {
  return input->queue_len - input->queue_head;
}

static ce_status queue_push(ce_input *input, ce_pending_token token) {
  if (input->queue_head && input->queue_head == input->queue_len) {
    input->queue_head = input->queue_len = 0;
  } else if (input->queue_head > 4096 && input->queue_head * 2 > input->queue_len) {
    memmove(input->queue, input->queue + input->queue_head,
            queue_size(input) * sizeof *input->queue);
    input->queue_len -= input->queue_head;
    input->queue_head = 0;
  }
  if (ce__grow((void **)&input->queue, &input->queue_cap, input->queue_len + 1,
               sizeof *input->queue))
    return CE_ERR_NOMEM;
  input->queue[input->queue_len++] = token;
  return CE_OK;
}

static ce_pending_token queue_pop(ce_input *input) {
  return input->queue[input->queue_head++];
}
static const ce_pending_token *queue_front(const ce_input *input) {
  return &input->queue[input->queue_head];
}

/* ------------------------------------------------------------- failures */

/* Marks a system failed and lets go of what it held; the other inputs go on. */
static void input_fail(ce_input *input, const ce_error *error) {
  input->failed = 1;
  input->error = *error;
  input->queue_head = input->queue_len = 0;
  ce__cells_free(&input->cells);
}

static void fail_with_excerpt(ce_eval *ev, ce_input *input, ce_status code, uint64_t line,
                              const char *before, uint32_t item, const char *after) {
  ce_buf text = {0};
  size_t len = 0;
  const char *bytes = item == UINT32_MAX ? "" : ce__intern_get(&ev->items, item, &len);
  ce_status status = ce__buf_puts(&text, before);
  if (!status) status = ce__buf_append_excerpt(&text, bytes, len, EXCERPT_BYTES);
  if (!status) status = ce__buf_puts(&text, after);
  ce_error error;
  ce__fail(&error, status ? CE_ERR_NOMEM : code, input->name, line, 0, "%s",
           status ? "out of memory" : text.data);
  ce__buf_free(&text);
  input_fail(input, &error);
}

/* The system ran out of tokens while gold has more. */
static void fail_short(ce_eval *ev, ce_input *system, const ce_pending_token *gold_next,
                       uint64_t position) {
  ce_buf after = {0};
  ce__buf_printf(&after, "' at %s:%llu (token %llu)", ev->inputs[0].name,
                 (unsigned long long)gold_next->line, (unsigned long long)position);
  char before[96];
  snprintf(before, sizeof before, "ends after %llu tokens, but the gold standard goes on with '",
           (unsigned long long)system->tokens);
  fail_with_excerpt(ev, system, CE_ERR_MISMATCH, system->lines.line_no, before, gold_next->item,
                    after.data ? after.data : "'");
  ce__buf_free(&after);
}

/* The system has a token beyond the last token of gold. */
static void fail_long(ce_eval *ev, ce_input *system, const ce_pending_token *extra) {
  ce_buf after = {0};
  ce__buf_printf(&after, "' is beyond the end of the gold standard (%s has %llu tokens)",
                 ev->inputs[0].name, (unsigned long long)ev->inputs[0].tokens);
  fail_with_excerpt(ev, system, CE_ERR_MISMATCH, extra->line, "token '", extra->item,
                    after.data ? after.data : "'");
  ce__buf_free(&after);
}

static void fail_differs(ce_eval *ev, ce_input *system, const ce_pending_token *gold_token,
                         const ce_pending_token *token, uint64_t position) {
  size_t gold_len = 0;
  const char *gold_text = ce__intern_get(&ev->items, gold_token->item, &gold_len);
  ce_buf after = {0};
  ce__buf_puts(&after, "' differs from the gold standard's '");
  ce__buf_append_excerpt(&after, gold_text, gold_len, EXCERPT_BYTES);
  ce__buf_printf(&after, "' at %s:%llu (token %llu)", ev->inputs[0].name,
                 (unsigned long long)gold_token->line, (unsigned long long)position);
  fail_with_excerpt(ev, system, CE_ERR_MISMATCH, token->line, "token '", token->item,
                    after.data ? after.data : "'");
  ce__buf_free(&after);
}

/* -------------------------------------------------------------- pairing */

/*
 * Pairs the tokens at the front of every queue for as long as every live input has one,
 * and fails the systems that end early or late. Returns when some input must be fed.
 */
static void pair_ready_tokens(ce_eval *ev) {
  ce_input *gold = &ev->inputs[0];
  int check = ev->options[CE_OPT_TOKEN_CHECK] != 0.0;
  while (!gold->failed) {
    int gold_has = queue_size(gold) > 0, waiting = 0;
    uint64_t position = gold->tokens - queue_size(gold) + 1;
    for (size_t s = 1; s < ev->input_count; s++) {
      ce_input *system = &ev->inputs[s];
      if (system->failed) continue;
      if (!queue_size(system)) {
        if (!system->closed)
          waiting = 1;
        else if (gold_has)
          fail_short(ev, system, queue_front(gold), position);
      } else if (!gold_has && gold->closed) {
        fail_long(ev, system, queue_front(system));
      }
    }
    if (!gold_has || waiting) return;
    ce_pending_token gold_token = queue_pop(gold);
    for (size_t s = 1; s < ev->input_count; s++) {
      ce_input *system = &ev->inputs[s];
      if (system->failed) continue;
      ce_pending_token token = queue_pop(system);
      if (check && token.item != gold_token.item) {
        fail_differs(ev, system, &gold_token, &token, position);
      } else if (ce__cells_add(&system->cells, gold_token.label, token.label, 1)) {
        ce_error error;
        ce__fail(&error, CE_ERR_NOMEM, system->name, token.line, 0, "out of memory counting");
        input_fail(system, &error);
      }
    }
  }
}

/* -------------------------------------------------------------- reading */

typedef struct line_context {
  ce_eval *ev;
  ce_input *input;
  int is_gold;
} line_context;

static ce_status note_gold_item(ce_eval *ev, uint32_t item, uint32_t cls) {
  if (item >= ev->item_info_cap) {
    size_t old_cap = ev->item_info_cap, cap_flags = old_cap;
    if (ce__grow((void **)&ev->item_first_class, &ev->item_info_cap, (size_t)item + 1,
                 sizeof *ev->item_first_class) ||
        ce__grow((void **)&ev->item_flags, &cap_flags, ev->item_info_cap, 1))
      return CE_ERR_NOMEM;
    memset(ev->item_flags + old_cap, 0, ev->item_info_cap - old_cap);
  }
  unsigned char *flags = &ev->item_flags[item];
  if (!(*flags & CE_ITEM_IN_GOLD)) {
    *flags |= CE_ITEM_IN_GOLD;
    ev->item_first_class[item] = cls;
    ev->gold_items++;
  } else if (!(*flags & CE_ITEM_POLYSEMOUS) && ev->item_first_class[item] != cls) {
    *flags |= CE_ITEM_POLYSEMOUS;
    ev->polysemous_items++;
  }
  return CE_OK;
}

static ce_status on_line(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  line_context *context = ctx;
  ce_eval *ev = context->ev;
  ce_input *input = context->input;
  ce_record record;
  ce_status status = ce__parse_tagged(input->name, line, len, line_no, &record, err);
  if (status) return status;
  if (record.kind == CE_RECORD_BREAK) {
    if (context->is_gold && ev->sentence_open) {
      ev->sentences++;
      ev->sentence_open = 0;
    }
    return CE_OK;
  }
  ce_pending_token token = {UINT32_MAX, 0, line_no};
  status = ce__intern_put(&input->labels, record.label, record.label_len, &token.label, NULL);
  if (!status && (context->is_gold || ev->options[CE_OPT_TOKEN_CHECK] != 0.0))
    status = ce__intern_put(&ev->items, record.item, record.item_len, &token.item, NULL);
  if (!status && context->is_gold) status = note_gold_item(ev, token.item, token.label);
  if (!status) status = queue_push(input, token);
  if (status) return ce__fail(err, status, input->name, line_no, 0, "out of memory");
  input->tokens++;
  if (context->is_gold) ev->sentence_open = 1;
  return CE_OK;
}

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
    for (size_t i = 0; i < ev->input_count; i++) ev->inputs[i].lines.source = ev->inputs[i].name;
  }
  return CE_OK;
}

ce_status ce_eval_feed(ce_eval *ev, size_t index, const void *bytes, size_t len, ce_error *err) {
  ce_status status = check_index(ev, index, err);
  if (status) return status;
  ce_input *input = &ev->inputs[index];
  if (report(ev, input, NULL)) return report(ev, input, err);
  line_context context = {ev, input, index == 0};
  ce_error error;
  if (ce__lines_feed(&input->lines, bytes, len, on_line, &context, &error))
    input_fail(input, &error);
  pair_ready_tokens(ev);
  return report(ev, input, err);
}

ce_status ce_eval_close(ce_eval *ev, size_t index, ce_error *err) {
  ce_status status = check_index(ev, index, err);
  if (status) return status;
  ce_input *input = &ev->inputs[index];
  if (!input->failed) {
    line_context context = {ev, input, index == 0};
    ce_error error;
    if (ce__lines_close(&input->lines, on_line, &context, &error)) input_fail(input, &error);
    if (index == 0 && ev->sentence_open) {
      ev->sentences++;
      ev->sentence_open = 0;
    }
  }
  input->closed = 1;
  pair_ready_tokens(ev);
  return report(ev, input, err);
}

/* ------------------------------------------------------------ measures */

static void compute_system(ce_eval *ev, ce_input *system) {
  ce_table table;
  size_t classes = ce__intern_count(&ev->inputs[0].labels);
  ce_status status =
      ce__table_build(&table, &system->cells, classes, ce__intern_count(&system->labels));
  if (!status) {
    ce_measure_options options = {ev->options[CE_OPT_BETA], ev->options[CE_OPT_LOG2] != 0.0,
                                  (ce_mean)ev->options[CE_OPT_NMI_MEAN]};
    status = ce__measures_all(&table, &options, &system->token_measures);
    ce__table_free(&table);
  }
  if (status) {
    ce_error error;
    ce__fail(&error, status, system->name, 0, 0, "%s while computing the measures",
             ce_strerror(status));
    input_fail(system, &error);
  }
}

ce_status ce_eval_finish(ce_eval *ev, ce_error *err) {
  if (!ev || !ev->input_count)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no gold input was added");
  ce_input *gold = &ev->inputs[0];
  if (gold->failed) return ce__copy_error(err, &gold->error); /* no need to read the rest */
  for (size_t i = 0; i < ev->input_count; i++)
    if (!ev->inputs[i].closed)
      return ce__fail(err, CE_ERR_USAGE, ev->inputs[i].name, 0, 0, "input not closed");
  if (!gold->failed && !gold->tokens) {
    ce_error error;
    ce__fail(&error, CE_ERR_EMPTY, gold->name, 0, 0,
             "holds no tokens; expected token<TAB>label lines");
    input_fail(gold, &error);
  }
  if (gold->failed) return ce__copy_error(err, &gold->error);
  if (!ev->finished) {
    for (size_t s = 1; s < ev->input_count; s++)
      if (!ev->inputs[s].failed) compute_system(ev, &ev->inputs[s]);
    ev->finished = 1;
  }
  return CE_OK;
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

ce_status ce_eval_value(const ce_eval *ev, size_t index, ce_level level, ce_measure measure,
                        double *value) {
  if (!ev || !value || (unsigned)measure >= CE_MEASURE_COUNT) return CE_ERR_USAGE;
  if (!ev->finished || index == 0 || index >= ev->input_count) return CE_ERR_UNAVAILABLE;
  const ce_input *system = &ev->inputs[index];
  if (system->failed || level != CE_LEVEL_TOKEN || measure >= CE_CONTINGENCY_MEASURE_COUNT)
    return CE_ERR_UNAVAILABLE;
  if (!(system->token_measures.available >> measure & 1)) return CE_ERR_UNAVAILABLE;
  *value = system->token_measures.value[measure];
  return CE_OK;
}
