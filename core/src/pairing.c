/*
 * Token mode (SPEC §2): gold and every token system are read in lockstep and paired
 * position by position. A token waits in its input's queue only until every input has
 * reached its position, so memory follows the vocabulary and the labels, not the corpus.
 * A system that ends early, runs long or holds another token fails alone, naming its file
 * and line; the others go on.
 */
#include <stdio.h> /* snprintf only */
#include <stdlib.h>
#include <string.h>

#include "bootstrap_internal.h"

enum { EXCERPT_BYTES = 60 };

static size_t queue_size(const ce_input *input) {
  return input->queue_len - input->queue_head;
}

/* Moves what still waits to the front of the queue, and its texts to the front of theirs. */
static void compact(ce_input *input) {
  size_t waiting = queue_size(input);
  memmove(input->queue, input->queue + input->queue_head, waiting * sizeof *input->queue);
  input->queue_len = waiting;
  input->queue_head = 0;
  if (!input->token_text.len) return;
  uint32_t first = waiting ? input->queue[0].item : (uint32_t)input->token_text.len;
  memmove(input->token_text.data, input->token_text.data + first, input->token_text.len - first);
  input->token_text.len -= first;
  for (size_t i = 0; i < waiting; i++) input->queue[i].item -= first;
}

ce_status ce__queue_push(ce_input *input, const ce_pending_token *token, const char *text,
                         size_t len) {
  if (input->queue_head && input->queue_head == input->queue_len) {
    input->queue_head = input->queue_len = 0;
    input->token_text.len = 0;
  } else if (input->queue_head > 4096 && input->queue_head * 2 > input->queue_len) {
    compact(input);
  }
  if (input->queue_len == input->queue_cap && ce__grow((void **)&input->queue, &input->queue_cap,
                                                       input->queue_len + 1, sizeof *input->queue))
    return CE_ERR_NOMEM;
  ce_pending_token *slot = &input->queue[input->queue_len];
  *slot = *token;
  if (text) {
    if (input->token_text.len > UINT32_MAX - len) return CE_ERR_NOMEM;
    slot->item = (uint32_t)input->token_text.len;
    slot->text_len = (uint32_t)len;
    if (ce__buf_append(&input->token_text, text, len)) return CE_ERR_NOMEM;
  }
  input->queue_len++;
  return CE_OK;
}

static ce_pending_token queue_pop(ce_input *input) {
  return input->queue[input->queue_head++];
}
static const ce_pending_token *queue_front(const ce_input *input) {
  return &input->queue[input->queue_head];
}

void ce__input_fail(ce_input *input, const ce_error *error) {
  input->failed = 1;
  input->error = *error;
  input->queue_head = input->queue_len = 0;
  ce__buf_free(&input->token_text);
  ce__cells_free(&input->pair_cells);
  ce__cells_free(&input->item_cells);
  ce__cells_free(&input->unclustered);
  free(input->boot_clusters.at);
  memset(&input->boot_clusters, 0, sizeof input->boot_clusters);
}

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

/* A system token's text, kept while it waits (empty when texts are not checked). */
static const char *system_text(const ce_input *system, const ce_pending_token *token) {
  return token->text_len ? system->token_text.data + token->item : "";
}

/* Token mode compares texts byte for byte (SPEC §2). */
static int same_text(const ce_eval *ev, const ce_input *system, const ce_pending_token *gold,
                     const ce_pending_token *token) {
  size_t len;
  const char *text = ce__intern_get(&ev->items, gold->item, &len);
  return len == token->text_len && memcmp(text, system_text(system, token), len) == 0;
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
  fail_with_excerpt(system, extra->line, "token '", system_text(system, extra), extra->text_len,
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
  fail_with_excerpt(system, token->line, "token '", system_text(system, token), token->text_len,
                    after.data ? after.data : "'");
  ce__buf_free(&after);
}

ce_status ce__split_label(ce_buf *out, const ce_eval *ev, uint32_t item) {
  size_t len;
  const char *text = ce__intern_get(&ev->items, item, &len);
  out->len = 0;
  ce_status status = ce__buf_puts(out, "<unclustered:");
  if (!status) status = ce__buf_append(out, text, len);
  return status ? status : ce__buf_puts(out, ">");
}

/*
 * Counts one paired position for a system: the unclustered label follows the policy
 * (SPEC §2: merge keeps it as one cluster, split gives the item a cluster of its own,
 * drop removes the token from both sides), then (class, cluster) and (item, cluster).
 */
static ce_status count_pair(ce_eval *ev, ce_input *system, const ce_pending_token *gold_token,
                            uint32_t cluster) {
  int log = ev->options[CE_OPT_BOOTSTRAP] > 0.0;
  if (cluster == system->unclustered_id && cluster != UINT32_MAX) {
    ce_status status = ce__cells_add(&system->unclustered, gold_token->item, 0, 1);
    if (status) return status;
    ce_unclustered policy = (ce_unclustered)ev->options[CE_OPT_UNCLUSTERED];
    if (policy == CE_UNCLUSTERED_DROP) {
      system->dropped_tokens++;
      return log ? ce__boot_log_system(system, UINT32_MAX) : CE_OK;
    }
    if (policy == CE_UNCLUSTERED_SPLIT) {
      ce_buf label = {0};
      status = ce__split_label(&label, ev, gold_token->item);
      if (!status) status = ce__intern_put(&system->labels, label.data, label.len, &cluster, NULL);
      ce__buf_free(&label);
      if (status) return status;
    }
  }
  ce_status status = ce__cells_add(&system->pair_cells, gold_token->label, cluster, 1);
  /* Types from tokens; not kept when the token level alone is asked for (--levels token). */
  if (!status && (int)ev->options[CE_OPT_LEVELS] != 1)
    status = ce__cells_add(&system->item_cells, gold_token->item, cluster, 1);
  if (!status && log) status = ce__boot_log_system(system, cluster);
  return status ? status : train_sub(system, gold_token, cluster);
}

/* Fails the systems that ended early or run past gold's end. */
static int check_ends(ce_eval *ev, int gold_has, uint64_t position) {
  ce_input *gold = &ev->inputs[0];
  int waiting = 0;
  for (size_t s = 1; s < ev->input_count; s++) {
    ce_input *system = &ev->inputs[s];
    if (!pairs(system)) continue;
    if (!queue_size(system)) {
      if (!system->closed)
        waiting = 1;
      else if (gold_has)
        fail_short(ev, system, queue_front(gold), position);
    } else if (!gold_has && gold->closed) {
      fail_long(ev, system, queue_front(system), position - 1);
    }
  }
  return waiting;
}

void ce__pair_ready_tokens(ce_eval *ev) {
  ce_input *gold = &ev->inputs[0];
  if (gold->failed || ce__format_shape(gold->format) != CE_SHAPE_TOKENS) return;
  int check = ev->options[CE_OPT_TOKEN_CHECK] != 0.0;
  for (;;) {
    int gold_has = queue_size(gold) > 0;
    /* Positions so far: gold's tokens read (counted or excluded) less those waiting. */
    uint64_t position = gold->tokens + gold->excluded_tokens - queue_size(gold) + 1;
    if (check_ends(ev, gold_has, position) || !gold_has) return;
    ce_pending_token gold_token = queue_pop(gold);
    if (ev->options[CE_OPT_BOOTSTRAP] > 0.0 &&
        ce__boot_log_gold(ev, gold_token.item, gold_token.label, (int)gold_token.starts_sentence)) {
      ce_error error;
      ce__fail(&error, CE_ERR_NOMEM, gold->name, gold_token.line, 0,
               "out of memory keeping tokens for --bootstrap");
      ce__input_fail(gold, &error);
      return;
    }
    for (size_t s = 1; s < ev->input_count; s++) {
      ce_input *system = &ev->inputs[s];
      if (!pairs(system)) continue;
      ce_pending_token token = queue_pop(system);
      if (gold_token.starts_sentence) system->sub_break = 1;
      if (check && !same_text(ev, system, &gold_token, &token)) {
        fail_differs(ev, system, &gold_token, &token, position);
      } else if (gold_token.label != CE_EXCLUDED &&
                 count_pair(ev, system, &gold_token, token.label)) {
        ce_error error;
        ce__fail(&error, CE_ERR_NOMEM, system->name, token.line, 0, "out of memory counting");
        ce__input_fail(system, &error);
      }
    }
  }
}
