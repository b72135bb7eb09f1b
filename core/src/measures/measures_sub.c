/*
 * Substitutable precision and recall (Frank, Goldwater & Keller 2009, section "Substitutable
 * Precision and Recall"; SPEC §3.3):
 *
 *   SP = Σ_{s∈S} Σ_{c∈C} |s∩c|(|s∩c|−1) / Σ_{c∈C} |c|(|c|−1)              (Eq. 2)
 *   SR = Σ_{s∈S} Σ_{c∈C} |s∩c|(|s∩c|−1) / Σ_{s∈S} |s|(|s|−1)              (Eq. 3)
 *
 * What the sums range over, and every choice the paper leaves open:
 *
 * 1. Items and frames. An item is a (word, cluster) pair: the paper adds the model's cluster
 *    "to each frame word, as well as to the words in the S-clusters", so a word the system
 *    tags with two clusters is two items. A frame is the ordered pair of neighbour items
 *    (w_{t−1}:k_{t−1}, w_{t+1}:k_{t+1}) of a token t. Every sentence is read as
 *    <s> t_1 … t_n </s> with the markers as words of their own (reserved ids, one fixed
 *    cluster), so every token is the middle of exactly one frame: a one-token sentence has
 *    the frame (<s>, </s>), an empty sentence has none. The markers are never middles, hence
 *    never items of C or S. A sentence still open when the scores are computed is ended.
 *
 * 2. C (Eq. 2 denominator, and the c of both numerators): one set per cluster id k of the
 *    system, c_k = the distinct items (w, k) of the training corpus, all of them, whether or
 *    not they appear in any S-cluster. The denominator of Eq. 2 thus depends on the training
 *    corpus alone. Pairs are ordered, |c|(|c|−1), as in the paper (its footnote 1); the
 *    ratios equal those over unordered pairs.
 *
 * 3. S (Eqs. 2, 3): one S-cluster per frame ("a one-to-one correspondence between S-clusters
 *    and frames"), for the frames of the test corpus that occur in the training corpus (the
 *    same neighbour words with the same clusters around at least one training token) and
 *    more than once in the test corpus. An S-cluster holds the distinct middle items of that
 *    frame's *test* tokens only, never of training tokens ("the words within each S-cluster
 *    are from the test corpus only").
 *
 * 4. "Occur more than once" counts occurrences in the test corpus: test tokens whose two
 *    neighbours form the frame, whatever their middle (the same item twice counts twice, and
 *    so does a middle word outside the training vocabulary, see 5). It does not count
 *    distinct middles, nor training occurrences. A frame seen once has |s| ≤ 1 and adds 0 to
 *    every sum, so this filter, under any reading, changes only frames_used, never SP or SR.
 *
 * 5. Middle words outside the training vocabulary ("the test words must be in the training
 *    corpus vocabulary"): such a test token is left out of its frame's S-cluster (it adds to
 *    neither |s| nor any |s∩c|), yet still counts as an occurrence of the frame (4). The
 *    vocabulary is the set of words of the training tokens, whatever their clusters.
 *
 * 6. A test item (w, k) whose word w is in the training vocabulary but was never tagged k in
 *    training stays in its S-cluster (it counts in |s|, Eq. 3 denominator) yet lies in no c
 *    (C holds training items, 2), so it adds to no |s∩c|. The paper restricts only the test
 *    *words*; a test tagging that puts a known word in a cluster it never had in training is
 *    thus charged in recall. A type-level clustering (every token of a word in one cluster,
 *    as the paper's HC, FF and random baselines) never meets this case.
 *
 * 7. Without a test corpus (no test token ever given) the training corpus serves as both:
 *    "occurs in training" and the vocabulary test of 5 then always hold, and 4 counts the
 *    training occurrences. The caller says so in the result (ce__sub_has_test).
 *
 * 8. 0/0 is 1, so neither score is ever NaN. A numerator is 0 whenever a denominator is
 *    (|s∩c| ≥ 2 needs |c| ≥ 2 and |s| ≥ 2), so 0/0 means "no pair at all on that side": no
 *    cluster with two items (precision: nothing proposed), no S-cluster with two items
 *    (recall: nothing to find, e.g. no frame occurring twice, or empty corpora). SP and SR are
 *    the pairwise PP and PR with S-clusters in place of gold classes ("calculated similarly to
 *    standard pairwise precision and recall"), and SPEC §3.1 sets 0/0 = 1 for those: no pair
 *    proposed and none missed is perfect. frames_used = 0 lets the caller warn.
 *
 * 9. SR lies in [0, 1] (the s∩c are disjoint parts of s). SP is not clamped: a pair of one
 *    cluster counts once per S-cluster holding it, so Eq. 2 may exceed 1.
 *
 * Every sum is an exact 64-bit integer (ids stay below 2^32, so Σ_s |s|(|s|−1) < 2^64 and the
 * numerator is at most that), and only the two ratios are floating point: the results do not
 * depend on the order of hash slots or of the calls.
 *
 * Memory: four hash maps keyed by 64-bit keys, each giving dense 32-bit ids and one byte of
 * flags per id: items (word, cluster), training words, frames (left item id, right item id)
 * and pairs (frame id, middle item id). Counting is per corpus, every decision waits for
 * ce__sub_compute, so the two corpora may arrive interleaved in any order.
 */
#include "measures/measures_sub_internal.h"

#include "measures/contingency_internal.h"

#include <stdlib.h>
#include <string.h>

/* Ids stay below this, so that id + 1 fits a slot and (id << 32 | id) a 64-bit key. */
#define SUB_ID_LIMIT (UINT32_MAX - 1u)
#define SUB_ABSENT UINT32_MAX

enum { SUB_TRAIN = 0, SUB_TEST = 1 };

/* Item flags. */
#define ITEM_TRAIN 1u
/* Frame flags: per corpus, a count of occurrences saturating at 2 (only 0, 1 and "more than
 * once" matter), in bits 0–1 for training and 2–3 for test. */
#define FRAME_SHIFT(corpus) (2 * (corpus))
#define FRAME_COUNT(bits, corpus) (((bits) >> FRAME_SHIFT(corpus)) & 3u)
/* Pair flags: seen in corpus c when bit c is set. */
#define PAIR_SEEN(corpus) (1u << (corpus))

/* 64-bit keys to dense ids 0, 1, 2, ... in the order first seen, with a byte of flags each. */
typedef struct sub_map {
  uint64_t *keys; /* by id */
  uint8_t *bits;  /* by id */
  size_t count;
  size_t keys_cap;
  size_t bits_cap;
  uint32_t *slots; /* id + 1, 0 = empty */
  size_t slot_count;
} sub_map;

/* The last two tokens of a corpus's open sentence. */
typedef struct sub_window {
  uint32_t before; /* item id left of `middle`: <s> at the sentence's start */
  uint32_t middle; /* item id of the last token, whose right neighbour is still to come */
  int open;        /* a token came since the last break */
} sub_window;

struct ce_sub {
  sub_map items;  /* (word << 32 | cluster); ITEM_TRAIN when a training token */
  sub_map words;  /* the training vocabulary, by word id */
  sub_map frames; /* (left item << 32 | right item); FRAME_COUNT per corpus */
  sub_map pairs;  /* (frame << 32 | middle item); PAIR_SEEN per corpus */
  uint32_t bos;   /* item ids of <s> and </s> */
  uint32_t eos;
  sub_window window[2]; /* by corpus */
  uint64_t test_tokens;
};

static void map_free(sub_map *map) {
  free(map->keys);
  free(map->bits);
  free(map->slots);
  memset(map, 0, sizeof *map);
}

static ce_status map_resize(sub_map *map) {
  size_t slot_count = map->slot_count ? map->slot_count * 2 : 64;
  if (slot_count > SIZE_MAX / sizeof *map->slots) return CE_ERR_NOMEM;
  uint32_t *slots = calloc(slot_count, sizeof *slots);
  if (!slots) return CE_ERR_NOMEM;
  size_t mask = slot_count - 1;
  for (size_t id = 0; id < map->count; id++) {
    size_t slot = (size_t)ce__mix64(map->keys[id]) & mask;
    while (slots[slot]) slot = (slot + 1) & mask;
    slots[slot] = (uint32_t)id + 1;
  }
  free(map->slots);
  map->slots = slots;
  map->slot_count = slot_count;
  return CE_OK;
}

/* The id of `key`, or SUB_ABSENT. */
static uint32_t map_find(const sub_map *map, uint64_t key) {
  if (!map->slot_count) return SUB_ABSENT;
  size_t mask = map->slot_count - 1;
  for (size_t slot = (size_t)ce__mix64(key) & mask; map->slots[slot]; slot = (slot + 1) & mask)
    if (map->keys[map->slots[slot] - 1] == key) return map->slots[slot] - 1;
  return SUB_ABSENT;
}

/* The id of `key` in `*id`, adding it (flags 0) when new. */
static ce_status map_put(sub_map *map, uint64_t key, uint32_t *id) {
  if ((map->count + 1) * 2 > map->slot_count) {
    ce_status status = map_resize(map);
    if (status) return status;
  }
  size_t mask = map->slot_count - 1;
  size_t slot = (size_t)ce__mix64(key) & mask;
  for (; map->slots[slot]; slot = (slot + 1) & mask)
    if (map->keys[map->slots[slot] - 1] == key) {
      *id = map->slots[slot] - 1;
      return CE_OK;
    }
  if (map->count >= SUB_ID_LIMIT) return CE_ERR_NOMEM;
  ce_status status =
      ce__grow((void **)&map->keys, &map->keys_cap, map->count + 1, sizeof(uint64_t));
  if (!status) status = ce__grow((void **)&map->bits, &map->bits_cap, map->count + 1, 1);
  if (status) return status;
  map->keys[map->count] = key;
  map->bits[map->count] = 0;
  map->slots[slot] = (uint32_t)map->count + 1;
  *id = (uint32_t)map->count++;
  return CE_OK;
}

static uint64_t item_key(uint32_t word, uint32_t cluster) {
  return (uint64_t)word << 32 | cluster;
}

static uint64_t id_pair(uint32_t a, uint32_t b) {
  return (uint64_t)a << 32 | b;
}

ce_status ce__sub_create(ce_sub **sub) {
  if (!sub) return CE_ERR_USAGE;
  *sub = NULL;
  ce_sub *made = calloc(1, sizeof *made);
  if (!made) return CE_ERR_NOMEM;
  ce_status status =
      map_put(&made->items, item_key(CE_SUB_BOS_WORD, CE_SUB_MARKER_CLUSTER), &made->bos);
  if (!status)
    status = map_put(&made->items, item_key(CE_SUB_EOS_WORD, CE_SUB_MARKER_CLUSTER), &made->eos);
  if (status) {
    ce__sub_free(made);
    return status;
  }
  *sub = made;
  return CE_OK;
}

void ce__sub_free(ce_sub *sub) {
  if (!sub) return;
  map_free(&sub->items);
  map_free(&sub->words);
  map_free(&sub->frames);
  map_free(&sub->pairs);
  free(sub);
}

/* One occurrence of `middle` between `left` and `right` in `corpus`. */
static ce_status record(ce_sub *sub, int corpus, uint32_t left, uint32_t middle, uint32_t right) {
  uint32_t frame, pair;
  ce_status status = map_put(&sub->frames, id_pair(left, right), &frame);
  if (status) return status;
  if (FRAME_COUNT(sub->frames.bits[frame], corpus) < 2)
    sub->frames.bits[frame] += (uint8_t)(1u << FRAME_SHIFT(corpus));
  status = map_put(&sub->pairs, id_pair(frame, middle), &pair);
  if (status) return status;
  sub->pairs.bits[pair] |= (uint8_t)PAIR_SEEN(corpus);
  if (corpus == SUB_TRAIN) {
    uint32_t word;
    sub->items.bits[middle] |= ITEM_TRAIN;
    status = map_put(&sub->words, sub->items.keys[middle] >> 32, &word);
  }
  return status;
}

static ce_status add_token(ce_sub *sub, int corpus, uint32_t word, uint32_t cluster) {
  if (!sub || word >= CE_SUB_WORD_LIMIT) return CE_ERR_USAGE;
  uint32_t item;
  ce_status status = map_put(&sub->items, item_key(word, cluster), &item);
  if (status) return status;
  sub_window *window = &sub->window[corpus];
  if (window->open) {
    status = record(sub, corpus, window->before, window->middle, item);
    if (status) return status;
    window->before = window->middle;
  } else {
    window->before = sub->bos;
    window->open = 1;
  }
  window->middle = item;
  if (corpus == SUB_TEST) sub->test_tokens++;
  return CE_OK;
}

static ce_status end_sentence(ce_sub *sub, int corpus) {
  if (!sub) return CE_ERR_USAGE;
  sub_window *window = &sub->window[corpus];
  if (!window->open) return CE_OK;
  ce_status status = record(sub, corpus, window->before, window->middle, sub->eos);
  if (status) return status;
  window->open = 0;
  return CE_OK;
}

ce_status ce__sub_train_token(ce_sub *sub, uint32_t word, uint32_t cluster) {
  return add_token(sub, SUB_TRAIN, word, cluster);
}

ce_status ce__sub_train_break(ce_sub *sub) {
  return end_sentence(sub, SUB_TRAIN);
}

ce_status ce__sub_test_token(ce_sub *sub, uint32_t word, uint32_t cluster) {
  return add_token(sub, SUB_TEST, word, cluster);
}

ce_status ce__sub_test_break(ce_sub *sub) {
  return end_sentence(sub, SUB_TEST);
}

int ce__sub_has_test(const ce_sub *sub) {
  return sub && sub->test_tokens > 0;
}

/* Σ n(n−1) over the counted cells. */
static uint64_t ordered_pairs(const ce_cells *cells) {
  uint64_t sum = 0, key, count;
  ce_cells_walk walk = {0};
  while (ce__cells_next(cells, &walk, &key, &count)) sum += count * (count - 1);
  return sum;
}

/* 0/0 is 1 (convention 8 above); the numerator is 0 whenever the denominator is. */
static double ratio_or_one(uint64_t num, uint64_t den) {
  return den ? (double)num / (double)den : 1.0;
}

ce_status ce__sub_compute(ce_sub *sub, double *precision, double *recall, size_t *frames_used) {
  if (!sub) return CE_ERR_USAGE;
  ce_status status = end_sentence(sub, SUB_TRAIN);
  if (!status) status = end_sentence(sub, SUB_TEST);
  if (status) return status;
  int test = ce__sub_has_test(sub) ? SUB_TEST : SUB_TRAIN; /* convention 7 */

  /* |c_k| for every cluster k: the distinct training items (convention 2). */
  ce_cells clusters = {0};
  for (size_t item = 0; item < sub->items.count && !status; item++)
    if (sub->items.bits[item] & ITEM_TRAIN)
      status = ce__cells_add(&clusters, 0, (uint32_t)sub->items.keys[item], 1);

  /* |s| per frame, |s∩c_k| per (frame, k) (conventions 3 to 6). */
  ce_cells shared = {0};
  uint32_t *size = calloc(sub->frames.count ? sub->frames.count : 1, sizeof *size);
  if (!size && !status) status = CE_ERR_NOMEM;
  for (size_t pair = 0; pair < sub->pairs.count && !status; pair++) {
    if (!(sub->pairs.bits[pair] & PAIR_SEEN(test))) continue;
    uint32_t frame = (uint32_t)(sub->pairs.keys[pair] >> 32);
    uint32_t item = (uint32_t)sub->pairs.keys[pair];
    uint8_t frame_bits = sub->frames.bits[frame];
    if (FRAME_COUNT(frame_bits, SUB_TRAIN) < 1 || FRAME_COUNT(frame_bits, test) < 2) continue;
    uint64_t key = sub->items.keys[item];
    if (test == SUB_TEST && map_find(&sub->words, key >> 32) == SUB_ABSENT) continue;
    size[frame]++;
    if (sub->items.bits[item] & ITEM_TRAIN)
      status = ce__cells_add(&shared, frame, (uint32_t)key, 1);
  }

  if (!status) {
    uint64_t s_pairs = 0;
    size_t used = 0;
    for (size_t frame = 0; frame < sub->frames.count; frame++) {
      uint8_t frame_bits = sub->frames.bits[frame];
      if (FRAME_COUNT(frame_bits, SUB_TRAIN) >= 1 && FRAME_COUNT(frame_bits, test) >= 2) used++;
      s_pairs += (uint64_t)size[frame] * (size[frame] - (size[frame] > 0));
    }
    uint64_t both = ordered_pairs(&shared);
    if (precision) *precision = ratio_or_one(both, ordered_pairs(&clusters)); /* Eq. 2 */
    if (recall) *recall = ratio_or_one(both, s_pairs);                        /* Eq. 3 */
    if (frames_used) *frames_used = used;
  }
  free(size);
  ce__cells_free(&shared);
  ce__cells_free(&clusters);
  return status;
}
