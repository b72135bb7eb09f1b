/*
 * Token mode (SPEC §2): gold and every token system are read in lockstep and paired
 * position by position. A token waits in its input's queue only until every input has
 * reached its position, so memory follows the vocabulary and the labels, not the corpus.
 * A system has paired the tokens it read that no longer wait (ce__queue_passed); gold's
 * token leaves when every system has passed it. A system's token whose position gold has read
 * pairs as it is read (ce__pair_on_read), without waiting: read in turn, against gold itself;
 * read on threads, against gold as it stood when the round began (its queue pinned meanwhile,
 * input.c), and the tokens beyond wait and pair after the round. Either way a system's tokens
 * count in the order of its positions, so the numbers are the same. A system that ends early, runs
 * long or holds another token fails alone, naming its file and line; the others go on.
 */
#include <stdio.h> /* snprintf only */
#include <stdlib.h>
#include <string.h>

#include "run/input_internal.h"
#include "run/pairing_internal.h"
#include "run/run_internal.h"
#include "run/typeset_internal.h"

enum { EXCERPT_BYTES = 60 };

/* A token system takes part in the pairing while it has not failed. */
static int pairs(const ce_input *input) {
  return input->role == CE_ROLE_SYSTEM && !input->failed &&
         ce__format_shape(input->format) == CE_SHAPE_TOKENS;
}

/* The system's corpus as the substitutable scores see it: the tokens counted, in order,
 * with gold's sentences (an excluded or dropped token leaves its sentence in place). */
static ce_status train_sub(ce_input *system, const ce_pending_token *gold_token, uint32_t cluster) {
  if (!system->sub) return CE_OK;
  if (cluster >= system->sub_cluster_cap || system->sub_cluster_of[cluster] == UINT32_MAX) {
    size_t cap = system->sub_cluster_cap, len;
    if (ce__grow((void **)&system->sub_cluster_of, &system->sub_cluster_cap, (size_t)cluster + 1,
                 sizeof *system->sub_cluster_of))
      return CE_ERR_NOMEM;
    for (size_t k = cap; k < system->sub_cluster_cap; k++) system->sub_cluster_of[k] = UINT32_MAX;
    const char *label = ce__intern_get(&system->labels, cluster, &len);
    ce_status status =
        ce__intern_put(&system->sub_labels, label, len, &system->sub_cluster_of[cluster], NULL);
    if (status) return status;
  }
  cluster = system->sub_cluster_of[cluster];
  if (system->sub_break) {
    system->sub_break = 0;
    ce_status status = ce__sub_train_break(system->sub);
    if (status) return status;
  }
  return ce__sub_train_token(system->sub, gold_token->item, cluster);
}

static void fail_with_excerpt(ce_input *input, uint64_t line, const char *before, const char *bytes,
                              size_t len, const char *after) {
  ce_buf text = {0};
  ce_status status = ce__buf_puts(&text, before);
  if (!status) status = ce__buf_append_excerpt(&text, bytes, len, EXCERPT_BYTES);
  if (!status) status = ce__buf_puts(&text, after);
  ce_error error;
  ce__fail(&error, status ? CE_ERR_NOMEM : CE_ERR_MISMATCH, input->name, line, 0, "%s",
           status ? "out of memory" : text.data);
  ce__buf_free(&text);
  ce__input_fail(input, &error);
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
  size_t len;
  const char *bytes = ce__intern_get(&ev->items, gold_next->item, &len);
  fail_with_excerpt(system, system->lines.line_no, before, bytes, len,
                    after.data ? after.data : "'");
  ce__buf_free(&after);
}

/* The system has a token beyond the last token of gold. */
static void fail_long(ce_eval *ev, ce_input *system, const ce_pending_token *extra,
                      uint64_t gold_tokens) {
  ce_buf after = {0};
  ce__buf_printf(&after, "' is beyond the end of the gold standard (%s has %llu tokens)",
                 ev->inputs[0].name, (unsigned long long)gold_tokens);
  fail_with_excerpt(system, extra->line, "token '", ce__queue_text(system, extra), extra->text_len,
                    after.data ? after.data : "'");
  ce__buf_free(&after);
}

static void fail_differs(ce_eval *ev, ce_input *system, const ce_pending_token *gold_token,
                         const ce_pending_token *token, const char *text, uint64_t position) {
  size_t gold_len = 0;
  const char *gold_text = ce__intern_get(&ev->items, gold_token->item, &gold_len);
  ce_buf after = {0};
  ce__buf_puts(&after, "' differs from the gold standard's '");
  ce__buf_append_excerpt(&after, gold_text, gold_len, EXCERPT_BYTES);
  ce__buf_printf(&after, "' at %s:%llu (token %llu)", ev->inputs[0].name,
                 (unsigned long long)gold_token->line, (unsigned long long)position);
  fail_with_excerpt(system, token->line, "token '", text, token->text_len,
                    after.data ? after.data : "'");
  ce__buf_free(&after);
}

/*
 * --bootstrap keeps each counted gold token's item and class and where each sentence starts
 * (ev->log), and each token system's cluster for it (UINT32_MAX: dropped): a resample
 * reweights sentences without reading the inputs again. `cls` CE_EXCLUDED: not counted.
 */
static ce_status log_gold(ce_eval *ev, uint32_t item, uint32_t cls, int starts_sentence) {
  ce_token_log *log = &ev->log;
  log->sentence_pending |= starts_sentence;
  if (cls == CE_EXCLUDED) return CE_OK; /* its sentence starts with the next counted token */
  if (log->item.len >= UINT32_MAX) return CE_ERR_NOMEM; /* ids are 32 bits */
  ce_status status = CE_OK;
  if (log->sentence_pending || !log->sentence_start.len) {
    status = ce__u32s_push(&log->sentence_start, (uint32_t)log->item.len);
    log->sentence_pending = 0;
  }
  if (!status) status = ce__u32s_push(&log->item, item);
  return status ? status : ce__u32s_push(&log->cls, cls);
}

static ce_status log_system(ce_input *system, uint32_t cluster) {
  return ce__u32s_push(&system->logged_clusters, cluster);
}

/*
 * Counts one paired position for a system: the unclustered label follows the policy
 * (SPEC §2: merge keeps it as one cluster, split gives the item a cluster of its own,
 * drop removes the token from both sides), then (class, cluster) and (item, cluster).
 */
static ce_status count_pair(ce_eval *ev, const ce_pairing *how, ce_input *system,
                            const ce_pending_token *gold_token, uint32_t cluster) {
  int log = how->log;
  if (cluster == system->unclustered_id && cluster != UINT32_MAX) {
    ce_status status = ce__cells_add(&system->unclustered, gold_token->item, 0, 1);
    if (!status) status = ce__unclustered_token(ev, &system->labels, gold_token->item, &cluster);
    if (status) return status;
    if (cluster == UINT32_MAX) {
      system->dropped_tokens++;
      /* Gold's entries for this system's type level leave the token out too (score.c). */
      if (how->types_from_tokens)
        status = ce__cells_add(&system->dropped, gold_token->item, gold_token->label, 1);
      if (status) return status;
      return log ? log_system(system, UINT32_MAX) : CE_OK;
    }
  }
  ce_status status = ce__cells_add(&system->pair_cells, gold_token->label, cluster, 1);
  if (!status && how->types_from_tokens)
    status = ce__cells_add(&system->item_cells, gold_token->item, cluster, 1);
  if (!status && log) status = log_system(system, cluster);
  return status ? status : train_sub(system, gold_token, cluster);
}

/* Pairs a system's token at its next position, whose gold token is `gold_token`: its texts
 * are compared unless `checked` says they were. */
static CE_ALWAYS_INLINE void pair_one(ce_eval *ev, const ce_pairing *how, ce_input *system,
                                      const ce_pending_token *gold_token,
                                      const ce_pending_token *token, const char *text,
                                      uint64_t position, int checked) {
  if (gold_token->starts_sentence) system->sub_break = 1;
  if (gold_token->starts_sentence != token->starts_sentence && !system->break_mismatches++) {
    system->mismatch_line = token->line;
    system->mismatch_gold_line = gold_token->line;
  }
  if (how->check && !checked && !ce__same_text(&ev->inputs[0], gold_token, token, text)) {
    fail_differs(ev, system, gold_token, token, text, position);
  } else if (gold_token->label != CE_EXCLUDED &&
             count_pair(ev, how, system, gold_token, token->label)) {
    ce_error error;
    ce__fail(&error, CE_ERR_NOMEM, system->name, token->line, 0, "out of memory counting");
    ce__input_fail(system, &error);
  }
}

/* The cells the waiting token AHEAD positions on will count into (ce__pair_cells_prefetch). */
enum { AHEAD = 32 };
static void prefetch_system_ahead(const ce_input *gold, const ce_input *system,
                                  int types_from_tokens) {
  const ce_pending_token *ahead = ce__gold_at(gold, ce__queue_passed(system) + AHEAD);
  if (!ahead || ce__queue_size(system) <= AHEAD) return;
  ce__pair_cells_prefetch(system, ahead, system->queue[system->queue_head + AHEAD].label,
                          types_from_tokens);
}

/* Pairs the system's waiting tokens with gold's at their positions, as far as gold has read. */
static void pair_waiting(ce_eval *ev, const ce_pairing *how, ce_input *system) {
  const ce_input *gold = &ev->inputs[0];
  while (pairs(system) && ce__queue_size(system)) {
    uint64_t position = ce__queue_passed(system);
    const ce_pending_token *gold_token = ce__gold_at(gold, position);
    if (!gold_token) return;
    prefetch_system_ahead(gold, system, how->types_from_tokens);
    ce_pending_token token = ce__queue_pop(system);
    pair_one(ev, how, system, gold_token, &token, ce__queue_text(system, &token), position + 1, 0);
  }
}

void ce__pair_read(ce_eval *ev, ce_input *system, const ce_pending_token *gold_token,
                   const ce_pending_token *token, const char *text) {
  pair_one(ev, &ev->pairing, system, gold_token, token, text, ce__queue_passed(system) + 1, 1);
}

/* Fails the systems that ended early or run past gold's end. */
static void check_ends(ce_eval *ev) {
  ce_input *gold = &ev->inputs[0];
  for (size_t s = 1; s < ev->input_count; s++) {
    ce_input *system = &ev->inputs[s];
    if (!pairs(system)) continue;
    uint64_t paired = ce__queue_passed(system);
    const ce_pending_token *gold_next = ce__gold_at(gold, paired);
    if (!ce__queue_size(system)) {
      if (system->closed && gold_next) fail_short(ev, system, gold_next, paired + 1);
    } else if (!gold_next && gold->closed) {
      fail_long(ev, system, ce__queue_front(system), paired);
    }
  }
}

/* Gold's (item, class) weight of a token (types from tokens, SPEC §2), and with --bootstrap
 * the token in the log: what a token of gold does as it leaves. NULL, or what ran out of
 * memory. */
static const char *count_gold(ce_eval *ev, ce_input *gold, const ce_pending_token *token) {
  if (token->label != CE_EXCLUDED && ce__cells_add(&gold->item_cells, token->item, token->label, 1))
    return "out of memory counting";
  if (ev->pairing.log && log_gold(ev, token->item, token->label, (int)token->starts_sentence))
    return "out of memory keeping tokens for --bootstrap";
  return NULL;
}

uint64_t ce__gold_passed(const ce_eval *ev) {
  const ce_input *gold = &ev->inputs[0];
  uint64_t upto = ce__queue_read(gold);
  for (size_t s = 1; s < ev->input_count; s++)
    if (pairs(&ev->inputs[s]) && ce__queue_passed(&ev->inputs[s]) < upto)
      upto = ce__queue_passed(&ev->inputs[s]);
  return upto;
}

ce_status ce__count_gold(ce_eval *ev, const ce_input *tokens, uint64_t upto, ce_error *err) {
  ce_input *gold = &ev->inputs[0];
  if (gold->counted >= upto) return CE_OK;
  const ce_pending_token *token = ce__gold_at(tokens, gold->counted);
  size_t count = (size_t)(upto - gold->counted);
  for (size_t q = 0; q < count; q++, token++) {
    if (q + AHEAD < count && token[AHEAD].label != CE_EXCLUDED)
      ce__cells_prefetch(&gold->item_cells, token[AHEAD].item, token[AHEAD].label);
    const char *failure = count_gold(ev, gold, token);
    if (failure) {
      gold->counted += q;
      return ce__fail(err, CE_ERR_NOMEM, gold->name, token->line, 0, "%s", failure);
    }
  }
  gold->counted = upto;
  return CE_OK;
}

/* Gold's tokens every pairing system has passed, up to position `limit`, are counted (those
 * ce__count_gold has not) and leave the queue. */
static void release_gold(ce_eval *ev, uint64_t limit) {
  ce_input *gold = &ev->inputs[0];
  uint64_t upto = ce__gold_passed(ev);
  if (upto > limit) upto = limit;
  ce_error error;
  if (ce__count_gold(ev, gold, upto, &error)) {
    ce__input_fail(gold, &error);
    return;
  }
  if (upto > ce__queue_passed(gold)) gold->queue_head += (size_t)(upto - ce__queue_passed(gold));
}

void ce__pair_ready_tokens(ce_eval *ev, int counted_only) {
  ce_input *gold = &ev->inputs[0];
  if (gold->failed || ce__format_shape(gold->format) != CE_SHAPE_TOKENS) return;
  const ce_pairing *how = &ev->pairing;
  for (size_t s = 1; s < ev->input_count; s++) pair_waiting(ev, how, &ev->inputs[s]);
  check_ends(ev);
  release_gold(ev, counted_only ? gold->counted : UINT64_MAX);
}
