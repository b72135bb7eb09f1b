/*
 * An input of a run as it is read (input.c): a gold or system file, or the test corpus of a
 * system's substitutable scores. Its format and reader, the tokens that wait to be paired
 * with the other inputs' (token mode, SPEC §2), and what is counted from it.
 */
#ifndef CE_INPUT_INTERNAL_H
#define CE_INPUT_INTERNAL_H

#include <string.h>

#include "formats/reader_internal.h"
#include "measures/contingency_internal.h"
#include "measures/measures_sub_internal.h"
#include "run/names_internal.h"
#include "text/intern_internal.h"
#include "text/lines_internal.h"

/* What a format's records are: a corpus, entries of a lexicon, a contingency table, or joint
 * counts (a corpus and a system's tagging of it, counted by triple). */
typedef enum ce_shape {
  CE_SHAPE_TOKENS,
  CE_SHAPE_ENTRIES,
  CE_SHAPE_COUNTS,
  CE_SHAPE_JOINT,
  CE_SHAPE_SENSES,
  CE_SHAPE_TDE,
  CE_SHAPE_CONLL
} ce_shape;
static inline ce_shape ce__format_shape(ce_format format) {
  switch (format) {
    case CE_FORMAT_LEXICON:
    case CE_FORMAT_CLUSTERS:
    case CE_FORMAT_PATHS:
    case CE_FORMAT_CSV:
      return CE_SHAPE_ENTRIES;
    case CE_FORMAT_COUNTS:
      return CE_SHAPE_COUNTS;
    case CE_FORMAT_JOINT:
      return CE_SHAPE_JOINT;
    case CE_FORMAT_SENSES:
      return CE_SHAPE_SENSES;
    case CE_FORMAT_TDE_WORDS:
    case CE_FORMAT_TDE_CLASSES:
      return CE_SHAPE_TDE;
    case CE_FORMAT_CONLL:
      return CE_SHAPE_CONLL;
    default:
      return CE_SHAPE_TOKENS; /* CE_FORMAT_AUTO too: an input not yet detected holds gold back */
  }
}

/* Marks a gold position whose token was excluded: the systems' tokens there are skipped. */
#define CE_EXCLUDED UINT32_MAX

/* A token read but not yet paired with the other inputs' tokens at the same position. */
typedef struct ce_pending_token {
  uint32_t item;            /* gold: the item's id in ce_eval.items (systems: unused) */
  uint32_t label;           /* id in the input's own label table, or CE_EXCLUDED (gold) */
  uint32_t starts_sentence; /* the first token of a sentence (gold: sub_p, sub_r) */
  /* When token texts are checked, gold and systems alike keep each waiting token's text in
   * the input's `token_text`: comparing two texts read moments ago stays in cache, where
   * gold's interned copy of a rare word would be a fetch from memory. */
  uint32_t text_at, text_len;
  uint64_t line;
} ce_pending_token;

/* What an input is to the run. */
/* What an input is to the run: CE_ROLE_PHONES is the phone alignment of a tde run. */
typedef enum ce_role { CE_ROLE_GOLD, CE_ROLE_SYSTEM, CE_ROLE_SUB_TEST, CE_ROLE_PHONES } ce_role;

typedef struct ce_input {
  char *name;
  ce_role role;
  unsigned column, depth; /* 0: the run's CE_OPT_COLUMN, CE_OPT_DEPTH */
  size_t test_for;        /* CE_ROLE_SUB_TEST: the system input it is the test corpus of */
  ce_format format;       /* CE_FORMAT_AUTO until forced or detected */
  int detected;           /* the format was guessed, not forced */
  ce_reader reader;
  int reading; /* `reader` is initialised */
  ce_buf head; /* bytes held back until the format is known */
  ce_lines lines;
  ce_error error;
  int failed, closed;
  int by_number;              /* fed tokens by number (ce_eval_feed_ids), not bytes */
  ce_names_table label_names; /* the labels those numbers stand for */
  uint64_t tokens;            /* tokens counted (gold: not excluded) */
  uint64_t excluded_tokens;   /* gold: tokens removed by label or punctuation */
  uint64_t dropped_tokens;    /* system: unclustered tokens removed under `drop` */
  uint64_t chunk_tokens;      /* tokens its last chunk read (ce_eval_waits) */
  uint64_t counted;           /* gold: positions counted for leaving (pairing.c) */
  ce_pending_token *queue;
  size_t queue_head, queue_len, queue_cap;
  ce_buf token_text; /* the queued tokens' texts, for the token check */
  /* Pinned (ce__queue_pin): the waiting tokens and their texts stay where they are, read from
   * another thread; a queue or texts outgrowing their block move to a copy, and the block
   * is kept here until ce__queue_unpin. */
  int pinned;
  void *kept_queue, *kept_text;
  ce_intern labels;        /* gold: classes; system: clusters */
  ce_intern_recent recent; /* the labels of its lines met lately (tagged lines, eval.c) */
  ce_cells pair_cells;     /* (class, cluster) token counts: token mode, `counts`, `joint` */
  ce_cells item_cells;     /* (item, label) weights: tokens, or 1 per entry */
  ce_cells unclustered;    /* system: (item, 0) for items seen with the unclustered label */
  ce_cells dropped;        /* system: gold's (item, class) weights of its dropped tokens */
  uint32_t unclustered_id; /* system: the unclustered label's id, UINT32_MAX if absent; a
                              `joint` file: that of its clusters, wherever they are kept */
  /* The side of a `counts` or `joint` file that the input's role does not keep in `labels`
   * and `item_cells`: gold's, its clusters (in pair_cells, the classes are gold's labels) and
   * (item, cluster) tokens; a joint system's, the classes and (item, class) tokens of its
   * gold side (in pair_cells, its own class ids, until they are checked against gold's). */
  ce_intern other_labels;
  ce_cells other_cells;
  ce_sub *sub;   /* token system: substitutable precision and recall */
  int sub_break; /* a sentence ended since the last token given to `sub` */
  /* Token system: its own sentence breaks against gold's, position by position. Gold's are
   * the ones used; a system that marks sentences and parts from them is warned of. */
  int sentence_open;         /* a token since the system's last break */
  uint64_t sentence_starts;  /* tokens that begin one of its sentences */
  uint64_t break_mismatches; /* positions where one side begins a sentence, not the other */
  uint64_t mismatch_line, mismatch_gold_line; /* the first such position's lines */
  ce_intern sub_labels;     /* system: cluster labels its scores and test corpus share */
  uint32_t *sub_cluster_of; /* system: label id → id in sub_labels, UINT32_MAX until seen */
  size_t sub_cluster_cap;
  ce_u32s logged_clusters;       /* --bootstrap, token system: each counted gold token's cluster */
  struct ce_sense_input *senses; /* a `senses` input's key lines (run/senses.c), or NULL */
  struct ce_tde_input *tde;      /* a tde-words or tde-classes input's spans (run/tde.c) */
  struct ce_coref_input *coref;  /* a `conll` input's documents (run/coref.c), or NULL */
} ce_input;

/* Queues a token, its `text` (may be NULL; a token of a line from ce__lines_feed) kept beside
 * it for the token check. Returns the token's slot, for the caller to fill in its item,
 * label, sentence start and line (field by field: a token built elsewhere and copied in
 * waits for its stores to land), or NULL when out of memory. */
ce_pending_token *ce__queue_add_room(ce_input *input, const char *text, size_t len);

/* Queues a token where the queue and its texts have room (ce__queue_add makes sure), its
 * text copied eight bytes at a time: it lies in a line with CE_LINE_PAD readable bytes after
 * it, and the texts keep as many spare. */
static inline ce_pending_token *ce__queue_put(ce_input *input, const char *text, size_t len) {
  ce_buf *texts = &input->token_text;
  ce_pending_token *slot = &input->queue[input->queue_len++];
  slot->text_at = slot->text_len = 0;
  if (text) {
    slot->text_at = (uint32_t)texts->len;
    slot->text_len = (uint32_t)len;
    char *to = texts->data + texts->len;
    for (size_t i = 0; i < len; i += 8) memcpy(to + i, text + i, 8);
    texts->len += len;
    texts->data[texts->len] = '\0';
  }
  return slot;
}

/* Inline where the queue and its texts have room and nothing needs moving, as it runs once a
 * token for every input; ce__queue_add_room makes the room otherwise. */
static inline ce_pending_token *ce__queue_add(ce_input *input, const char *text, size_t len) {
  const ce_buf *texts = &input->token_text;
  size_t head = input->queue_head, used = input->queue_len;
  int room =
      used < input->queue_cap && (head != used || !head) && (head <= 4096 || head * 2 <= used);
  if (text)
    room &= texts->cap - texts->len >= len + CE_LINE_PAD + 1 && texts->len <= UINT32_MAX - len;
  return room ? ce__queue_put(input, text, len) : ce__queue_add_room(input, text, len);
}

/* Pins the queue for a round on threads: another thread reads the waiting tokens and their
 * texts through a copy of the input taken after this call, while this input's own thread
 * queues more. What the inline ce__queue_add would move (an empty or mostly consumed queue)
 * moves now; until unpinned nothing is popped, and growing leaves the old blocks in place. */
void ce__queue_pin(ce_input *input);
/* Ends the round: the blocks kept since ce__queue_pin are freed. */
void ce__queue_unpin(ce_input *input);

/* Tokens waiting in the queue. */
static inline size_t ce__queue_size(const ce_input *input) {
  return input->queue_len - input->queue_head;
}

/* Positions read: a token counts once it is paired or queued (gold's excluded ones too). */
static inline uint64_t ce__queue_read(const ce_input *input) {
  return input->tokens + input->excluded_tokens;
}
/* Tokens read that no longer wait: the positions a token system has paired, those gold has let
 * go. */
static inline uint64_t ce__queue_passed(const ce_input *input) {
  return ce__queue_read(input) - ce__queue_size(input);
}
static inline const ce_pending_token *ce__queue_front(const ce_input *input) {
  return &input->queue[input->queue_head];
}
static inline ce_pending_token ce__queue_pop(ce_input *input) {
  return input->queue[input->queue_head++];
}
/* A waiting token's text (empty when texts are not checked). */
static inline const char *ce__queue_text(const ce_input *input, const ce_pending_token *token) {
  return token->text_len ? input->token_text.data + token->text_at : "";
}

/* Marks an input failed with `error`, releasing what it held; the others go on. */
void ce__input_fail(ce_input *input, const ce_error *error);
/* Releases what only reading needs once every input is closed: the queue (when nothing waits
 * in it), its texts and the bytes held back for lines. The counts and labels stay. */
void ce__input_read_done(ce_input *input);
/* Frees what the input holds (not the input itself). */
void ce__input_free(ce_input *input);

#endif
