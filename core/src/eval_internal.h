/* The state of one run, shared by eval.c (reading, pairing, computing) and result_json.c. */
#ifndef CE_EVAL_INTERNAL_H
#define CE_EVAL_INTERNAL_H

#include "contingency_internal.h"
#include "intern_internal.h"
#include "lines_internal.h"
#include "measures_internal.h"

/* A token read but not yet paired with the other inputs' tokens at the same position. */
typedef struct ce_pending_token {
  uint32_t item;  /* id in ce_eval.items; UINT32_MAX when the token text is not checked */
  uint32_t label; /* id in the input's own label table */
  uint64_t line;
} ce_pending_token;

typedef struct ce_input {
  char *name;
  ce_lines lines;
  ce_error error;
  int failed;
  int closed;
  uint64_t tokens; /* tokens read */
  ce_pending_token *queue;
  size_t queue_head, queue_len, queue_cap;
  ce_intern labels; /* gold: classes; system: clusters */
  ce_cells cells;   /* system: the contingency with gold, counted as tokens pair up */
  ce_measures token_measures;
} ce_input;

/* Per item seen in gold: its first class, and whether it ever carries another one. */
enum { CE_ITEM_IN_GOLD = 1, CE_ITEM_POLYSEMOUS = 2 };

struct ce_eval {
  double options[CE_OPT_COUNT];
  ce_input *inputs; /* [0] is gold */
  size_t input_count, input_cap;
  ce_intern items;
  uint32_t *item_first_class;
  unsigned char *item_flags;
  size_t item_info_cap;
  uint64_t gold_items, polysemous_items;
  uint64_t sentences;
  int sentence_open;
  int started;  /* some bytes were fed: no more inputs or options */
  int finished; /* measures are computed */
};

#endif
