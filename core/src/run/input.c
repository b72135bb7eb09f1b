/*
 * An input of a run: the queue its tokens wait in until every input has reached their
 * position (token mode, SPEC §2), and what failing and freeing it release.
 */
#include <stdlib.h>
#include <string.h>

#include "run/input_internal.h"
#include "run/coref_input_internal.h"
#include "run/sense_lines_internal.h"
#include "run/tde_spans_internal.h"

/* Moves what still waits to the front of the queue, and its texts to the front of theirs. */
static void compact(ce_input *input) {
  size_t waiting = ce__queue_size(input);
  memmove(input->queue, input->queue + input->queue_head, waiting * sizeof *input->queue);
  input->queue_len = waiting;
  input->queue_head = 0;
  if (!input->token_text.len) return;
  uint32_t first = waiting ? input->queue[0].text_at : (uint32_t)input->token_text.len;
  memmove(input->token_text.data, input->token_text.data + first, input->token_text.len - first);
  input->token_text.len -= first;
  for (size_t i = 0; i < waiting; i++) input->queue[i].text_at -= first;
}

/* Grows the queue's or its texts' `block` to `need` elements of `elem` bytes, `used` of them
 * in use. A pinned input's block stays where it is for its reader on another thread: the
 * first growth of the round moves to a copy and keeps the block in `kept` until unpinned. */
static ce_status grow_block(const ce_input *input, void **block, size_t *cap, size_t need,
                            size_t elem, size_t used, void **kept) {
  if (!input->pinned || *kept) return ce__grow(block, cap, need, elem);
  void *copy = NULL;
  size_t copy_cap = *cap;
  ce_status status = ce__grow(&copy, &copy_cap, need, elem);
  if (status) return status;
  if (used) memcpy(copy, *block, used * elem);
  *kept = *block;
  *block = copy;
  *cap = copy_cap;
  return CE_OK;
}

/* What the inline ce__queue_add leaves to ce__queue_add_room: an empty queue starts over,
 * one mostly consumed moves to the front. */
static void move_to_front(ce_input *input) {
  if (input->queue_head && input->queue_head == input->queue_len) {
    input->queue_head = input->queue_len = 0;
    input->token_text.len = 0;
  } else if (input->queue_head > 4096 && input->queue_head * 2 > input->queue_len) {
    compact(input);
  }
}

/* Makes room where the inline ce__queue_add cannot: what waits moves to the front (not while
 * pinned: ce__queue_pin moved it), a full queue grows, and its texts get room for this one. */
ce_pending_token *ce__queue_add_room(ce_input *input, const char *text, size_t len) {
  if (!input->pinned) move_to_front(input);
  if (input->queue_len == input->queue_cap &&
      grow_block(input, (void **)&input->queue, &input->queue_cap, input->queue_len + 1,
                 sizeof *input->queue, input->queue_len, &input->kept_queue))
    return NULL;
  ce_buf *texts = &input->token_text;
  if (text &&
      (texts->len > UINT32_MAX - len ||
       (texts->cap - texts->len < len + CE_LINE_PAD + 1 &&
        (len + CE_LINE_PAD > SIZE_MAX - texts->len - 1 ||
         grow_block(input, (void **)&texts->data, &texts->cap, texts->len + len + CE_LINE_PAD + 1,
                    1, texts->len + 1, &input->kept_text)))))
    return NULL;
  return ce__queue_put(input, text, len);
}

void ce__queue_pin(ce_input *input) {
  move_to_front(input);
  input->pinned = 1;
}

void ce__queue_unpin(ce_input *input) {
  free(input->kept_queue);
  free(input->kept_text);
  input->kept_queue = input->kept_text = NULL;
  input->pinned = 0;
}

void ce__input_fail(ce_input *input, const ce_error *error) {
  input->failed = 1;
  input->error = *error;
  input->queue_head = input->queue_len = 0;
  ce__buf_free(&input->token_text);
  ce__cells_free(&input->pair_cells);
  ce__cells_free(&input->item_cells);
  ce__cells_free(&input->unclustered);
  ce__cells_free(&input->dropped);
  ce__cells_free(&input->other_cells);
  free(input->logged_clusters.at);
  memset(&input->logged_clusters, 0, sizeof input->logged_clusters);
}

/* The queue, its texts and any blocks kept while pinned, freed; the queue empty. */
static void queue_free(ce_input *input) {
  ce__queue_unpin(input);
  free(input->queue);
  input->queue = NULL;
  input->queue_head = input->queue_len = input->queue_cap = 0;
  ce__buf_free(&input->token_text);
}

void ce__input_read_done(ce_input *input) {
  ce__buf_free(&input->head);
  ce__lines_free(&input->lines);
  if (!ce__queue_size(input)) queue_free(input);
}

void ce__input_free(ce_input *input) {
  free(input->name);
  if (input->reading) ce__reader_free(&input->reader);
  ce__input_read_done(input);
  queue_free(input); /* tokens may still wait in it */
  ce__intern_free(&input->labels);
  ce__names_free(&input->label_names);
  ce__intern_free(&input->other_labels);
  ce__cells_free(&input->other_cells);
  ce__cells_free(&input->pair_cells);
  ce__cells_free(&input->item_cells);
  ce__cells_free(&input->unclustered);
  ce__cells_free(&input->dropped);
  ce__sub_free(input->sub);
  free(input->logged_clusters.at);
  ce__intern_free(&input->sub_labels);
  free(input->sub_cluster_of);
  if (input->senses) ce__sense_input_free(input->senses);
  free(input->senses);
  if (input->tde) ce__tde_input_free(input->tde);
  free(input->tde);
  ce__coref_input_free(input->coref);
}
