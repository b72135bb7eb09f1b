/* Token mode (SPEC §2): the lockstep pairing of gold's tokens with every token system's. */
#ifndef CE_PAIRING_INTERNAL_H
#define CE_PAIRING_INTERNAL_H

#include "run/input_internal.h"
#include "run/run_internal.h"
#include "text/lines_internal.h"

/*
 * Pairs every position that gold and each token system have read: counts (class, cluster)
 * and (item, cluster), applies the unclustered policy, checks token texts, feeds the
 * substitutable scores and, with --bootstrap, the token log. A system that does not pair
 * fails alone with its file and line; gold's failure stops the pairing.
 */
void ce__pair_ready_tokens(ce_eval *ev, int counted_only);
/* With `counted_only`, gold's tokens leave only as far as they are counted already: a round on
 * threads leaves the counting of the rest to a task of the next (ce__count_gold). */

/* The position every pairing system has passed: gold's tokens before it may leave. */
uint64_t ce__gold_passed(const ce_eval *ev);

/* Counts gold's tokens before position `upto` (and after gold->counted) as they count when
 * they leave: their (item, class) weight and, with --bootstrap, the token log. The tokens are
 * read from `tokens`: gold, or in a round on threads the copy of gold pinned as the round
 * began, while gold's thread queues more. Fails (out of memory) without failing gold. */
ce_status ce__count_gold(ce_eval *ev, const ce_input *tokens, uint64_t upto, ce_error *err);

/* Gold's token at `position` (0-based), or NULL where gold has not read that far. */
static inline const ce_pending_token *ce__gold_at(const ce_input *gold, uint64_t position) {
  uint64_t passed = ce__queue_passed(gold);
  if (position - passed >= ce__queue_size(gold)) return NULL;
  return &gold->queue[gold->queue_head + (size_t)(position - passed)];
}

/* Token mode compares texts byte for byte (SPEC §2); `text`, the system token's, has
 * CE_LINE_PAD readable bytes after it. */
static inline int ce__same_text(const ce_input *gold, const ce_pending_token *gold_token,
                                const ce_pending_token *token, const char *text) {
  return gold_token->text_len == token->text_len &&
         ce__same_padded(ce__queue_text(gold, gold_token), text, token->text_len);
}

/* Counts `token` of `system` (its text `text`, equal to gold's where texts are checked) at its
 * next position, gold's `gold_token`. */
void ce__pair_read(ce_eval *ev, ce_input *system, const ce_pending_token *gold_token,
                   const ce_pending_token *token, const char *text);

/*
 * Fetches the cells a system's token of cluster `cluster`, paired with gold's `gold_token`,
 * will count into: a rare word's cells sit far apart in memory, and fetching them while the
 * tokens before are counted hides the wait. A table of (class, cluster) cells within
 * CE_PAIR_CACHED_CELLS slots stays in cache (a tag set against a tagging): fetching its cells
 * would only cost the hashing.
 */
enum { CE_PAIR_CACHED_CELLS = 1 << 14 };
static inline void ce__pair_cells_prefetch(const ce_input *system,
                                           const ce_pending_token *gold_token, uint32_t cluster,
                                           int types_from_tokens) {
  if (gold_token->label == CE_EXCLUDED) return;
  if (system->pair_cells.slot_count > CE_PAIR_CACHED_CELLS)
    ce__cells_prefetch(&system->pair_cells, gold_token->label, cluster);
  if (types_from_tokens) ce__cells_prefetch(&system->item_cells, gold_token->item, cluster);
}

/* The cells of a system's token of cluster `cluster` at `position` that will pair on read,
 * fetched ahead (the tokens between are read meanwhile): only where its queue is empty and
 * gold has read that far. */
static inline void ce__pair_prefetch(const ce_eval *ev, const ce_input *system, uint64_t position,
                                     uint32_t cluster) {
  const ce_input *gold = ev->pair_gold;
  if (!gold || ce__queue_size(system) || cluster == system->unclustered_id) return;
  const ce_pending_token *gold_token = ce__gold_at(gold, position);
  if (gold_token)
    ce__pair_cells_prefetch(system, gold_token, cluster, ev->pairing.types_from_tokens);
}

/*
 * Pairs a token system's token as it is read, where gold (ev->pair_gold: read in turn, or a
 * copy of it as the round on threads began) has read that position already and none of the
 * system's tokens waits: what ce__pair_ready_tokens would do with it, without its queueing.
 * `text` has CE_LINE_PAD readable bytes after it. 0: the token must wait: gold behind, the
 * texts differ (the failure is for the waiting path to give), or the unclustered label (under
 * `split` its pairing adds a label, which must come after the labels read with it, as when
 * the waiting tokens pair).
 */
static inline int ce__pair_on_read(ce_eval *ev, ce_input *system, const char *text, size_t len,
                                   uint32_t cluster, int starts_sentence, uint64_t line) {
  const ce_input *gold = ev->pair_gold;
  if (!gold || cluster == system->unclustered_id) return 0;
  if (ce__queue_size(system) || gold->failed) return 0;
  const ce_pending_token *gold_token = ce__gold_at(gold, ce__queue_passed(system));
  if (!gold_token) return 0;
  ce_pending_token token = {
      UINT32_MAX, cluster, (uint32_t)starts_sentence, 0, ev->pairing.check ? (uint32_t)len : 0,
      line};
  /* a token that differs waits, and fails where the waiting ones are paired */
  if (ev->pairing.check && !ce__same_text(gold, gold_token, &token, text)) return 0;
  ce__pair_read(ev, system, gold_token, &token, text);
  return 1;
}

#endif
