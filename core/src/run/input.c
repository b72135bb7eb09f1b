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

/* Makes room where the inline ce__queue_add cannot: an empty queue starts over, one mostly
 * consumed moves to the front, a full one grows, and its texts get room for this one. */
ce_pending_token *ce__queue_add_room(ce_input *input, const char *text, size_t len) {
  if (input->queue_head && input->queue_head == input->queue_len) {
    input->queue_head = input->queue_len = 0;
    input->token_text.len = 0;
  } else if (input->queue_head > 4096 && input->queue_head * 2 > input->queue_len) {
    compact(input);
  }
  if (input->queue_len == input->queue_cap && ce__grow((void **)&input->queue, &input->queue_cap,
                                                       input->queue_len + 1, sizeof *input->queue))
    return NULL;
  ce_buf *texts = &input->token_text;
  if (text && (texts->len > UINT32_MAX - len || (texts->cap - texts->len < len + CE_LINE_PAD + 1 &&
                                                 ce__buf_reserve(texts, len + CE_LINE_PAD))))
    return NULL;
  return ce__queue_put(input, text, len);
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

void ce__input_free(ce_input *input) {
  free(input->name);
  if (input->reading) ce__reader_free(&input->reader);
  ce__buf_free(&input->head);
  ce__lines_free(&input->lines);
  free(input->queue);
  ce__buf_free(&input->token_text);
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
