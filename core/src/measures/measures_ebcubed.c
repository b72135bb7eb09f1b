/*
 * Extended BCubed over items (Amigó, Gonzalo, Artiles & Verdejo 2009, "multiplicity
 * BCubed"; SPEC §3.3), defined for polysemous entries and needing no mapping:
 *   P(e) = mean over e' with B_e ∩ B_e' ≠ ∅ of min(|B_e ∩ B_e'|, |A_e ∩ A_e'|) / |B_e ∩ B_e'|
 *   R(e) = mean over e' with A_e ∩ A_e' ≠ ∅ of min(|B_e ∩ B_e'|, |A_e ∩ A_e'|) / |A_e ∩ A_e'|
 * (e' = e included); precision and recall are the means of P(e) and R(e) over items, F their
 * harmonic mean.
 *
 * Conventions: an item with an empty induced entry has no P(e) (there is no e' to average
 * over) and stays out of the precision mean; its R(e) is 0. An empty mean is 0, and F is 0
 * when precision and recall both are.
 *
 * How the work stays with distinct entries rather than item pairs:
 *  - Items with the same (gold entry, induced entry) signature have the same P(e) and R(e)
 *    and weigh alike as e': each signature is counted once, with its multiplicity.
 *  - A term's numerator, min(|B ∩ B'|, |A ∩ A'|), is non-zero only when e and e' share a
 *    class and a cluster. The numerators visit, for each signature, the signatures after
 *    it in its (class, cluster) cells: lists indexed by cell, each pair once per shared
 *    cell. Where a signature's cells hold more than its classes and clusters do (many
 *    labels on both sides, as random labels give), it counts |A ∩ A'| over its classes'
 *    lists instead and walks its clusters' lists, keeping those that share a class
 *    (meet_by_labels). Where even those lists hold more than every later signature's bit
 *    sets of labels would cost to test (many labels, each on a good part of the signatures:
 *    the frequent words of random labels), it tests those (meet_by_bits; meet_plan chooses).
 *  - Both counts are symmetric, so each pair of signatures is met once, by the first, and
 *    its term goes to both. The terms are kept exact: P(e)'s numerator is Σ_β S_β / β, S_β
 *    the integer sum of w'·min(β, α) over the e' with |B_e ∩ B_e'| = β, and R(e)'s the
 *    same by α. So the values do not depend on the order the pairs are met in, nor on the
 *    way (cells, labels or bits); the divisions and the sums over signatures run in one fixed
 *    order.
 *  - The denominators count the items meeting an entry: #{e' : B_e ∩ B_e' ≠ ∅} depends on
 *    the induced entry alone, #{e' : A_e ∩ A_e' ≠ ∅} on the gold entry alone. They are
 *    computed once per distinct entry, by unions of bit sets over the distinct entries for
 *    labels that many entries carry, and by lists for the rest (meeting_weights).
 *  - The work is tasks that may run side by side (ce__ebcubed_new): each side's
 *    denominators, and the numerators in parts that take the signatures in chunks, each
 *    part into bins of its own, summed at the end: integers, so the values are those of
 *    one thread.
 * tests/c/test_ebcubed.c checks the integer sums, bit for bit, against a plain walk over
 * every signature sharing a cluster, and in parts.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "measures/measures_ebcubed_internal.h"
#include "common/parallel_internal.h"
#include "common/util_internal.h"

/* An entry as a sorted id list. */
typedef struct id_list {
  const uint32_t *ids;
  uint32_t n;
} id_list;

#if defined(__GNUC__) && (defined(__POPCNT__) || defined(__wasm__) || defined(__aarch64__))
#define CE_POPCOUNT_INSTRUCTION 1
#endif

static unsigned popcount64(uint64_t x) {
#ifdef CE_POPCOUNT_INSTRUCTION
  return (unsigned)__builtin_popcountll(x);
#else /* without the instruction the builtin is a library call: the bit trick is faster */
  x -= (x >> 1) & 0x5555555555555555u;
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return (unsigned)((x * 0x0101010101010101u) >> 56);
#endif
}

/* x86 builds for any processor (no POPCNT) ask the one they run on, for the loops that are
 * counts of bits and little else (held_weight, meet_by_bits): each is built twice, the
 * second time for a processor with the instruction. A test builds with CE_POPCOUNT_PORTABLE,
 * which never asks, to check the bit trick. */
#if !defined(CE_POPCOUNT_INSTRUCTION) && !defined(CE_POPCOUNT_PORTABLE) && defined(__GNUC__) && \
    (defined(__x86_64__) || defined(__i386__))
#define CE_POPCOUNT_ASK 1
__attribute__((target("popcnt"))) static unsigned popcount64_instruction(uint64_t x) {
  return (unsigned)__builtin_popcountll(x);
}
#endif

/* Whether the counts of bits run as one instruction: known, or asked. */
static int popcount_fast(void) {
#if defined(CE_POPCOUNT_INSTRUCTION)
  return 1;
#elif defined(CE_POPCOUNT_ASK)
  return __builtin_cpu_supports("popcnt") != 0;
#else
  return 0;
#endif
}

/* The weight of the entries in the bit set `held` (see meeting_weights): its bits, and the
 * weights above 1 of the heavy prefix, plane by plane; `count` counts bits. */
static CE_ALWAYS_INLINE uint64_t held_weight_counting(const uint64_t *held, size_t words,
                                                      const uint64_t *planes, size_t plane_count,
                                                      size_t heavy_words,
                                                      unsigned (*count)(uint64_t)) {
  uint64_t total = 0;
  for (size_t w = 0; w < words; w++) total += count(held[w]);
  for (size_t b = 0; b < plane_count; b++) {
    uint64_t plane_total = 0;
    for (size_t w = 0; w < heavy_words; w++)
      plane_total += count(held[w] & planes[b * heavy_words + w]);
    total += plane_total << b;
  }
  return total;
}

#ifdef CE_POPCOUNT_ASK
__attribute__((target("popcnt"))) static uint64_t held_weight_instruction(const uint64_t *held,
                                                                          size_t words,
                                                                          const uint64_t *planes,
                                                                          size_t plane_count,
                                                                          size_t heavy_words) {
  return held_weight_counting(held, words, planes, plane_count, heavy_words,
                              popcount64_instruction);
}
#endif

static uint64_t held_weight(const uint64_t *held, size_t words, const uint64_t *planes,
                            size_t plane_count, size_t heavy_words, int fast) {
#ifdef CE_POPCOUNT_ASK
  if (fast) return held_weight_instruction(held, words, planes, plane_count, heavy_words);
#endif
  (void)fast;
  return held_weight_counting(held, words, planes, plane_count, heavy_words, popcount64);
}

/*
 * Compressed rows label → entries: row x lists, ascending, the `at[e]` of each entry e
 * holding label x (at NULL: e itself). `start` has labels + 1 elements.
 */
static ce_status rows_by_label(size_t count, const id_list *entries, const uint32_t *at,
                               size_t labels, size_t **start_out, uint32_t **list_out) {
  size_t *start = calloc(labels + 2, sizeof *start);
  size_t total = 0;
  for (size_t e = 0; e < count; e++) total += entries[e].n;
  uint32_t *list = malloc((total ? total : 1) * sizeof *list);
  if (!start || !list) {
    free(start);
    free(list);
    return CE_ERR_NOMEM;
  }
  for (size_t e = 0; e < count; e++)
    for (uint32_t j = 0; j < entries[e].n; j++) start[entries[e].ids[j] + 2]++;
  for (size_t x = 0; x < labels; x++) start[x + 2] += start[x + 1];
  /* start[x + 1] runs through row x as it fills, ending where row x + 1 begins. */
  uint32_t *where = malloc((count ? count : 1) * sizeof *where);
  if (!where) {
    free(start);
    free(list);
    return CE_ERR_NOMEM;
  }
  for (size_t e = 0; e < count; e++) where[at ? at[e] : e] = (uint32_t)e;
  for (size_t position = 0; position < count; position++) {
    const id_list *entry = &entries[where[position]];
    for (uint32_t j = 0; j < entry->n; j++) list[start[entry->ids[j] + 1]++] = (uint32_t)position;
  }
  free(where);
  *start_out = start;
  *list_out = list;
  return CE_OK;
}

/*
 * For each of `count` entries (sorted label lists over `labels` labels) with weights, the
 * total weight of the entries it meets, itself included: out[e] = Σ_{e' : e ∩ e' ≠ ∅} w(e').
 *
 * Entries are numbered heaviest first, so that those of weight 1 (most, in a corpus' long
 * tail) are a suffix whose weight is a plain bit count. A label with a bit set over the
 * entries costs `words` ORs, in order, for each entry carrying it; a label without costs a
 * walk over its list, a stamp at a scattered place for each entry on it. The other labels
 * are walked, skipping entries the bit sets already hold. A label of at least `words`
 * entries has its set; one of at least words / CE_MEETING_STAMP_WORDS, while the sets stay
 * within CE_MEETING_BITS_BYTES (labels in id order). `fast`: count their bits with the
 * processor's instruction (see popcount_fast).
 */
/* A stamp costs about this many ORs of a bit set. Random labels of 10^3 a side (lists of
 * about 510 entries, sets of 739 words) take 0.11 s a side by sets and 0.44 s by lists;
 * of 10^4 a side (lists of about 100, sets of 873 words), 0.11 s by lists and 0.75 s by
 * sets. 4 takes the sets at 10^3 and the lists at 10^4. Past the first rule the sets take
 * up to 32 bytes per (entry, label) incidence, hence their own cap. */
#define CE_MEETING_STAMP_WORDS 4
#define CE_MEETING_BITS_BYTES ((size_t)64 << 20)

static ce_status meeting_weights(size_t count, size_t labels, const id_list *entries,
                                 const uint64_t *weight, int fast, uint64_t *out) {
  if (!count) return CE_OK;
  size_t words = (count + 63) / 64;
  uint64_t *order = malloc(2 * count * sizeof *order);
  uint32_t *at = malloc(count * sizeof *at);
  uint64_t *weight_at = malloc(count * sizeof *weight_at);
  size_t *start = NULL, *dense_of = NULL;
  uint32_t *list = NULL, *stamp = calloc(count, sizeof *stamp);
  uint64_t *bits = NULL, *acc = malloc(words * sizeof *acc), *planes = NULL;
  ce_status status = order && at && weight_at && stamp && acc ? CE_OK : CE_ERR_NOMEM;
  if (status) goto done;
  /* Heaviest first, then by index (a total order): a stable radix sort of (complemented
   * weight, index) pairs in index order, which skips the key bytes every weight shares (a
   * comparison sort took 50 ms on 10^6 one-token types, nearly all weights 1). */
  for (size_t e = 0; e < count; e++) {
    order[2 * e] = UINT64_MAX - weight[e];
    order[2 * e + 1] = e;
  }
  status = ce__sort_pairs_u64(order, count);
  if (status) goto done;
  size_t heavy = 0; /* entries of weight > 1: positions 0 .. heavy-1 */
  for (size_t position = 0; position < count; position++) {
    at[order[2 * position + 1]] = (uint32_t)position;
    weight_at[position] = UINT64_MAX - order[2 * position];
    heavy += weight_at[position] > 1;
  }
  status = rows_by_label(count, entries, at, labels, &start, &list);
  if (status) goto done;
  /* Dense labels, each with its bit set. */
  size_t dense = 0;
  dense_of = malloc((labels ? labels : 1) * sizeof *dense_of);
  if (!dense_of) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  size_t extra_bytes = 0; /* of the sets below `words` entries */
  for (size_t x = 0; x < labels; x++) {
    size_t held = start[x + 1] - start[x];
    int has_set = words > 1 && held >= words;
    if (words > 1 && !has_set && CE_MEETING_STAMP_WORDS * held >= words &&
        extra_bytes + words * sizeof *bits <= CE_MEETING_BITS_BYTES) {
      extra_bytes += words * sizeof *bits;
      has_set = 1;
    }
    dense_of[x] = has_set ? dense++ : SIZE_MAX;
  }
  bits = calloc(dense * words + 1, sizeof *bits);
  /* The weights above 1 of the heavy prefix, bit plane by bit plane: Σ 2^b |acc ∩ plane_b|. */
  size_t heavy_words = (heavy + 63) / 64, plane_count = 0;
  uint64_t top = count ? weight_at[0] - 1 : 0;
  while (top >> plane_count) plane_count++;
  planes = calloc(plane_count * heavy_words + 1, sizeof *planes);
  if (!bits || !planes) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (size_t x = 0; x < labels; x++) {
    if (dense_of[x] == SIZE_MAX) continue;
    uint64_t *set = bits + dense_of[x] * words;
    for (size_t q = start[x]; q < start[x + 1]; q++) set[list[q] / 64] |= 1ULL << (list[q] % 64);
  }
  for (size_t position = 0; position < heavy; position++)
    for (size_t b = 0; b < plane_count; b++)
      if ((weight_at[position] - 1) >> b & 1)
        planes[b * heavy_words + position / 64] |= 1ULL << (position % 64);
  for (size_t e = 0; e < count; e++) {
    const uint64_t *held = NULL; /* the entries met through dense labels, as bits */
    size_t dense_met = 0;
    for (uint32_t j = 0; j < entries[e].n; j++) {
      size_t d = dense_of[entries[e].ids[j]];
      if (d == SIZE_MAX) continue;
      const uint64_t *set = bits + d * words;
      if (!dense_met++) {
        held = set;
        continue;
      }
      if (dense_met == 2) { /* a second set: their union from now on */
        memcpy(acc, held, words * sizeof *acc);
        held = acc;
      }
      for (size_t w = 0; w < words; w++) acc[w] |= set[w];
    }
    uint64_t total = held ? held_weight(held, words, planes, plane_count, heavy_words, fast) : 0;
    for (uint32_t j = 0; j < entries[e].n; j++) {
      uint32_t x = entries[e].ids[j];
      if (dense_of[x] != SIZE_MAX) continue;
      for (size_t q = start[x]; q < start[x + 1]; q++) {
        uint32_t position = list[q];
        if (stamp[position] == e + 1 || (held && held[position / 64] >> (position % 64) & 1))
          continue;
        stamp[position] = (uint32_t)(e + 1);
        total += weight_at[position];
      }
    }
    out[e] = total;
  }
done:
  free(order);
  free(at);
  free(weight_at);
  free(start);
  free(dense_of);
  free(list);
  free(stamp);
  free(bits);
  free(acc);
  free(planes);
  return status;
}

/* Label → signatures lists (ascending) of both sides: the cells are built class by class
 * from the first, meet_by_labels reads both. */
typedef struct label_rows {
  size_t *class_start, *cluster_start;
  uint32_t *by_class, *by_cluster;
} label_rows;

static void label_rows_free(label_rows *rows) {
  free(rows->class_start);
  free(rows->cluster_start);
  free(rows->by_class);
  free(rows->by_cluster);
}

static ce_status label_rows_build(label_rows *rows, size_t groups, const ce_signature *keys,
                                  size_t classes, size_t clusters) {
  memset(rows, 0, sizeof *rows);
  id_list *lists = calloc(groups ? groups : 1, sizeof *lists);
  if (!lists) return CE_ERR_NOMEM;
  for (size_t g = 0; g < groups; g++) lists[g] = (id_list){keys[g].gold, keys[g].gold_n};
  ce_status status =
      rows_by_label(groups, lists, NULL, classes, &rows->class_start, &rows->by_class);
  for (size_t g = 0; g < groups; g++) lists[g] = (id_list){keys[g].system, keys[g].system_n};
  if (!status)
    status = rows_by_label(groups, lists, NULL, clusters, &rows->cluster_start, &rows->by_cluster);
  free(lists);
  return status;
}

/*
 * The (class, cluster) cells of the signatures: `members` lists, cell by cell, the
 * signatures with that class and that cluster, ascending; cell_of[first[g] + j·|A_g| + a]
 * is the cell of signature g's a-th class and j-th cluster. Built class by class, so no
 * table of classes × clusters is ever made.
 */
typedef struct cell_index {
  size_t *first;      /* per signature, groups + 1 */
  uint32_t *cell_of;  /* per (signature, cluster, class) */
  size_t *cell_start; /* cells + 1 */
  uint32_t *members;
} cell_index;

static void cell_index_free(cell_index *index) {
  free(index->first);
  free(index->cell_of);
  free(index->cell_start);
  free(index->members);
}

static ce_status cell_index_build(cell_index *index, size_t groups, const ce_signature *keys,
                                  const label_rows *rows, size_t classes, size_t clusters) {
  memset(index, 0, sizeof *index);
  const size_t *class_start = rows->class_start;
  const uint32_t *class_groups = rows->by_class;
  size_t *cell_count = NULL;
  uint32_t *cell_at = malloc((clusters ? clusters : 1) * sizeof *cell_at);
  index->first = malloc((groups + 1) * sizeof *index->first);
  ce_status status = cell_at && index->first ? CE_OK : CE_ERR_NOMEM;
  if (status) goto done;
  index->first[0] = 0;
  for (size_t g = 0; g < groups; g++)
    index->first[g + 1] = index->first[g] + (size_t)keys[g].gold_n * keys[g].system_n;
  size_t incidences = index->first[groups];
  if (incidences >= UINT32_MAX) {
    status = CE_ERR_NOMEM; /* more (item, class, cluster) triples than ids can number */
    goto done;
  }
  index->cell_of = malloc((incidences ? incidences : 1) * sizeof *index->cell_of);
  index->members = malloc((incidences ? incidences : 1) * sizeof *index->members);
  cell_count = malloc((incidences + 1) * sizeof *cell_count);
  if (!index->cell_of || !index->members || !cell_count) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  for (size_t k = 0; k < clusters; k++) cell_at[k] = UINT32_MAX;
  /* Number the cells class by class; count their members. */
  size_t cells = 0;
  for (size_t c = 0; c < classes; c++) {
    for (size_t q = class_start[c]; q < class_start[c + 1]; q++) {
      const ce_signature *key = &keys[class_groups[q]];
      uint32_t a = (uint32_t)ce__lower_bound_u32(key->gold, key->gold_n, (uint32_t)c);
      for (uint32_t j = 0; j < key->system_n; j++) {
        uint32_t k = key->system[j];
        if (cell_at[k] == UINT32_MAX) {
          cell_at[k] = (uint32_t)cells;
          cell_count[cells++] = 0;
        }
        cell_count[cell_at[k]]++;
        index->cell_of[index->first[class_groups[q]] + (size_t)j * key->gold_n + a] = cell_at[k];
      }
    }
    /* Forget this class' clusters before the next class numbers its own. */
    for (size_t q = class_start[c]; q < class_start[c + 1]; q++) {
      const ce_signature *key = &keys[class_groups[q]];
      for (uint32_t j = 0; j < key->system_n; j++) cell_at[key->system[j]] = UINT32_MAX;
    }
  }
  index->cell_start = malloc((cells + 1) * sizeof *index->cell_start);
  if (!index->cell_start) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  index->cell_start[0] = 0;
  for (size_t cell = 0; cell < cells; cell++)
    index->cell_start[cell + 1] = index->cell_start[cell] + cell_count[cell];
  /* Place the members: signatures in ascending order, so each cell's list ascends. */
  memcpy(cell_count, index->cell_start, cells * sizeof *cell_count);
  for (size_t g = 0; g < groups; g++)
    for (size_t t = index->first[g]; t < index->first[g + 1]; t++)
      index->members[cell_count[index->cell_of[t]]++] = (uint32_t)g;
done:
  free(cell_count);
  free(cell_at);
  if (status) cell_index_free(index);
  return status;
}

/* What the signature in hand knows of one it meets: |A ∩ A'|, |B ∩ B'| (0: not met
 * yet). Apart from the signatures' weights and bins (`placed`), so that the walks, which
 * read and write these alone, keep them in half the cache: 8 bytes a signature, 0.6 MB at
 * 73,000 signatures, within a core's 1 MB second-level cache where the 16 bytes of both
 * were not (random labels of 10^3 a side, the numerators on one thread: 0.57 s, 0.51 s). */
typedef struct met {
  uint32_t alpha, beta;
} met;

/* A signature's weight (items) and where its bins sit (see term_bins). */
typedef struct placed {
  uint32_t weight, at;
} placed;

/* The signatures in a signature's cells of one cluster, ascending, with |A ∩ A'| each
 * (alpha NULL: 1 each). */
typedef struct shared_list {
  const uint32_t *members, *alpha;
  size_t n;
} shared_list;

/*
 * For the signatures of one gold entry of several classes: per cluster, the union of the
 * entry's cells of that cluster, made once and used by every signature of the entry (they
 * are consecutive in signature order).
 */
typedef struct cell_unions {
  size_t *start, *end; /* per cluster; start SIZE_MAX: not made for this entry */
  uint32_t *members, *alpha;
  size_t len, cap, alpha_cap;
  uint32_t *made; /* the clusters made, to forget them */
  size_t made_n;
  size_t *head; /* merge heads, then ends, one per class of the entry */
} cell_unions;

static ce_status unions_init(cell_unions *u, size_t classes, size_t clusters) {
  u->start = malloc((clusters ? clusters : 1) * sizeof *u->start);
  u->end = malloc((clusters ? clusters : 1) * sizeof *u->end);
  u->made = malloc((clusters ? clusters : 1) * sizeof *u->made);
  u->head = malloc((classes ? classes : 1) * 2 * sizeof *u->head);
  if (!u->start || !u->end || !u->made || !u->head) return CE_ERR_NOMEM;
  for (size_t k = 0; k < clusters; k++) u->start[k] = SIZE_MAX;
  return CE_OK;
}

static void unions_free(cell_unions *u) {
  free(u->start);
  free(u->end);
  free(u->members);
  free(u->alpha);
  free(u->made);
  free(u->head);
}

static void unions_forget(cell_unions *u) {
  for (size_t x = 0; x < u->made_n; x++) u->start[u->made[x]] = SIZE_MAX;
  u->made_n = u->len = 0;
}

/* Merges the signature's cells of cluster j (its a_n classes) into the union for it. */
static ce_status unions_make(cell_unions *u, const cell_index *cells, const uint32_t *cell,
                             uint32_t a_n, uint32_t k) {
  size_t *head = u->head, *end = u->head + a_n, total = 0;
  for (uint32_t a = 0; a < a_n; a++) {
    head[a] = cells->cell_start[cell[a]];
    end[a] = cells->cell_start[cell[a] + 1];
    total += end[a] - head[a];
  }
  if (ce__grow((void **)&u->members, &u->cap, u->len + total, sizeof *u->members) ||
      ce__grow((void **)&u->alpha, &u->alpha_cap, u->len + total, sizeof *u->alpha))
    return CE_ERR_NOMEM;
  u->start[k] = u->len;
  u->made[u->made_n++] = k;
  for (;;) {
    uint32_t h = UINT32_MAX, shared = 0;
    for (uint32_t a = 0; a < a_n; a++) {
      if (head[a] == end[a]) continue;
      uint32_t x = cells->members[head[a]];
      if (x < h) h = x, shared = 0;
      shared += x == h;
    }
    if (h == UINT32_MAX) break;
    for (uint32_t a = 0; a < a_n; a++) head[a] += head[a] < end[a] && cells->members[head[a]] == h;
    u->members[u->len] = h;
    u->alpha[u->len++] = shared; /* one cell per shared class */
  }
  u->end[k] = u->len;
  return CE_OK;
}

/* Where the signatures after g begin in row [begin, end) of an ascending `list`. */
static size_t row_after(const uint32_t *list, size_t begin, size_t end, uint32_t g) {
  return begin + ce__lower_bound_u32(list + begin, end - begin, g + 1);
}

/* The part of an ascending list past signature g. */
static shared_list after(shared_list list, uint32_t g) {
  size_t skip = row_after(list.members, 0, list.n, g);
  return (shared_list){list.members + skip, list.alpha ? list.alpha + skip : NULL, list.n - skip};
}

/* The signatures after signature g (`key`) sharing its j-th cluster and a class with it. */
static ce_status shared_with(const cell_index *cells, cell_unions *u, const ce_signature *key,
                             uint32_t g, size_t first, uint32_t j, shared_list *list) {
  uint32_t a_n = key->gold_n, k = key->system[j];
  const uint32_t *cell = cells->cell_of + first + (size_t)j * a_n;
  if (a_n == 1) {
    size_t begin = cells->cell_start[cell[0]];
    shared_list whole = {cells->members + begin, NULL, cells->cell_start[cell[0] + 1] - begin};
    *list = after(whole, g);
    return CE_OK;
  }
  if (u->start[k] == SIZE_MAX) {
    ce_status status = unions_make(u, cells, cell, a_n, k);
    if (status) return status;
  }
  shared_list whole = {u->members + u->start[k], u->alpha + u->start[k], u->end[k] - u->start[k]};
  *list = after(whole, g);
  return CE_OK;
}

/*
 * The signatures after g (`key`, its cells from `first`) sharing a class and a cluster with
 * it, into `touched` (*touched_n of them), cluster by cluster through the unions of its
 * cells of each cluster, with alpha and beta as meet_by_labels gives them.
 */
static ce_status meet_by_cells(const cell_index *cells, cell_unions *unions,
                               const ce_signature *key, uint32_t g, size_t first, met *meeting,
                               uint32_t *touched, size_t *touched_n) {
  for (uint32_t j = 0; j < key->system_n; j++) {
    shared_list list = {0};
    ce_status status = shared_with(cells, unions, key, g, first, j, &list);
    if (status) return status;
    /* Without branches: |A ∩ A'| is the same at every meeting, and a signature joins
     * `touched` at its first (beta 0). The count in a local and a loop for each kind of
     * list, so that neither is read again at every step. */
    size_t n = *touched_n;
    if (list.alpha) {
      for (size_t q = 0; q < list.n; q++) {
        met *h = &meeting[list.members[q]];
        touched[n] = list.members[q];
        n += !h->beta;
        h->beta++;
        h->alpha = list.alpha[q];
      }
    } else { /* one class: alpha 1 at every meeting, left 0 (see numerators_of) */
      for (size_t q = 0; q < list.n; q++) {
        met *h = &meeting[list.members[q]];
        touched[n] = list.members[q];
        n += !h->beta;
        h->beta++;
      }
    }
    *touched_n = n;
  }
  return CE_OK;
}

/* The entries of list [begin, end): all, or (`past_g`) those after signature g. */
static double list_visits(const uint32_t *list, size_t begin, size_t end, uint32_t g, int past_g) {
  return (double)(end - (past_g ? row_after(list, begin, end, g) : begin));
}

/* What meeting signature g's (`key`) neighbours visits: through its cells (`by_cells`;
 * each union merges a head per class for each signature met), or through its labels'
 * lists; over whole lists, or (`past_g`) the parts after g, which are what it walks. */
static double meet_visits(const cell_index *cells, const label_rows *rows, const ce_signature *key,
                          uint32_t g, int by_cells, int past_g) {
  double visits = 0.0;
  if (by_cells) {
    for (size_t t = cells->first[g]; t < cells->first[g + 1]; t++)
      visits += list_visits(cells->members, cells->cell_start[cells->cell_of[t]],
                            cells->cell_start[cells->cell_of[t] + 1], g, past_g);
    return key->gold_n > 1 ? visits * key->gold_n : visits;
  }
  for (uint32_t a = 0; a < key->gold_n; a++)
    visits += list_visits(rows->by_class, rows->class_start[key->gold[a]],
                          rows->class_start[key->gold[a] + 1], g, past_g);
  for (uint32_t j = 0; j < key->system_n; j++)
    visits += list_visits(rows->by_cluster, rows->cluster_start[key->system[j]],
                          rows->cluster_start[key->system[j] + 1], g, past_g);
  return visits;
}

/*
 * The signatures after g (`key`) sharing a class and a cluster with it, into `touched`,
 * with |A ∩ A'| in alpha and |B ∩ B'| in beta: |A ∩ A'| counted over key's classes' lists
 * first, then key's clusters' lists walked, keeping the signatures with |A ∩ A'| > 0.
 * Leaves alpha 0 for those that share no cluster. `alpha_met` is scratch of a signature
 * for each.
 */
static size_t meet_by_labels(const label_rows *rows, const ce_signature *key, uint32_t g,
                             met *meeting, uint32_t *alpha_met, uint32_t *touched) {
  /* Both walks without branches, as in meet_by_cells: whether a list's signature is met for
   * the first time, or shares a class at all, goes either way on random labels (mostly
   * not), and the branches on it mispredicted (the numerators took 0.9 s on one thread at
   * 1,000 labels a side, 0.7 s without them). Likewise the clearing of those not met. */
  size_t alpha_n = 0, touched_n = 0;
  for (uint32_t a = 0; a < key->gold_n; a++) {
    size_t end = rows->class_start[key->gold[a] + 1];
    for (size_t q = row_after(rows->by_class, rows->class_start[key->gold[a]], end, g); q < end;
         q++) {
      uint32_t x = rows->by_class[q];
      alpha_met[alpha_n] = x;
      alpha_n += !meeting[x].alpha++;
    }
  }
  for (uint32_t j = 0; j < key->system_n; j++) {
    size_t end = rows->cluster_start[key->system[j] + 1];
    for (size_t q = row_after(rows->by_cluster, rows->cluster_start[key->system[j]], end, g);
         q < end; q++) {
      met *h = &meeting[rows->by_cluster[q]];
      uint32_t shares = h->alpha != 0;
      touched[touched_n] = rows->by_cluster[q];
      touched_n += shares & !h->beta;
      h->beta += shares;
    }
  }
  for (size_t t = 0; t < alpha_n; t++) { /* the rest, met: numerators_of clears them */
    met *h = &meeting[alpha_met[t]];
    h->alpha &= (uint32_t)0 - (h->beta != 0);
  }
  return touched_n;
}

/* Signatures' induced entries, ordered to number the distinct ones. */
typedef struct system_key {
  const uint32_t *ids;
  uint32_t n, group;
} system_key;

static int compare_system_keys(const void *xp, const void *yp) {
  const system_key *x = xp, *y = yp;
  int order = ce__ids_compare(x->ids, x->n, y->ids, y->n);
  return order ? order : (x->group > y->group) - (x->group < y->group);
}

/*
 * Distinct entries of the signatures, gold (system 0) or induced (1): entry_of[g] numbers
 * signature g's entry; entries[x] and weight[x] (its items) describe entry x. Gold entries
 * are runs of the signature order; induced entries are sorted first.
 */
static ce_status distinct_entries(size_t groups, const ce_signature *keys,
                                  const uint32_t *group_weight, int system, uint32_t *entry_of,
                                  id_list *entries, uint64_t *weight, size_t *count) {
  system_key *order = malloc((groups ? groups : 1) * sizeof *order);
  if (!order) return CE_ERR_NOMEM;
  for (size_t g = 0; g < groups; g++)
    order[g] = system ? (system_key){keys[g].system, keys[g].system_n, (uint32_t)g}
                      : (system_key){keys[g].gold, keys[g].gold_n, (uint32_t)g};
  /* Where each holds one id (a type-based clustering), compare_system_keys' order (group g
   * sits at g) by one radix sort. */
  if (system &&
      !ce__sort_single_ids(order, groups, sizeof *order, offsetof(system_key, ids),
                           offsetof(system_key, n)) &&
      ce__sort(order, groups, sizeof *order, compare_system_keys)) {
    free(order);
    return CE_ERR_NOMEM;
  }
  size_t n = 0;
  for (size_t q = 0; q < groups; q++) {
    if (!n || ce__ids_compare(entries[n - 1].ids, entries[n - 1].n, order[q].ids, order[q].n)) {
      entries[n] = (id_list){order[q].ids, order[q].n};
      weight[n++] = 0;
    }
    entry_of[order[q].group] = (uint32_t)(n - 1);
    weight[n - 1] += group_weight[order[q].group];
  }
  free(order);
  *count = n;
  return CE_OK;
}

/*
 * The numerators' terms, exact, a signature's P and R bins side by side around its
 * meeting's `at`: P's bin β at at - β sums w'·min(α, β) over the e' with |B_g ∩ B_e'| = β,
 * R's bin α at at + α - 1 the same by α = |A_g ∩ A_e'|. A pair's four terms then go to two
 * places, not four (each signature's bins, P's and R's, on one cache line or two). Each
 * bin stays below items × labels, so below 2^64.
 */
typedef struct term_bins {
  uint64_t *bin;
} term_bins;

static void term_bins_free(term_bins *bins) {
  free(bins->bin);
}

/* Signature g (`g_weight` items, `own` its place) and signature `other` share alpha
 * classes and beta clusters, both at least 1: min(alpha, beta) for each of the other's
 * items, in each one's bins (g_weight 0 when `other` is g itself). */
static inline void term_add(term_bins *bins, const placed *own, const placed *other, uint32_t alpha,
                            uint32_t beta, uint64_t g_weight) {
  uint64_t both = alpha < beta ? alpha : beta;
  bins->bin[own->at - beta] += other->weight * both;
  bins->bin[own->at + alpha - 1] += other->weight * both;
  bins->bin[other->at - beta] += g_weight * both;
  bins->bin[other->at + alpha - 1] += g_weight * both;
}

/* Σ_x bin(x) / x over x = 1 .. n, in that order: bin(x) at at + x - 1 (R), or at at - x
 * (`down`, P). */
static double bins_sum(const uint64_t *bin, uint32_t at, uint32_t n, int down) {
  double sum = 0.0;
  for (uint32_t x = 1; x <= n; x++) sum += (double)bin[down ? at - x : at + x - 1] / (double)x;
  return sum;
}

/* Σ_x n_x² / 2 over `labels` lists of one side, n_x the signatures on list x: what walking
 * them costs (each pair on a list met once). */
static double list_walk(const size_t *start, size_t labels) {
  double walk = 0.0;
  for (size_t x = 0; x < labels; x++) {
    double n = (double)(start[x + 1] - start[x]);
    walk += 0.5 * n * n;
  }
  return walk;
}

/*
 * Extended BCubed set up once, then done as tasks that share nothing they write: each
 * side's denominators, and the numerators in `parts`, each with its own scratch and bins.
 * The parts take the signatures in chunks as they come free, so however many run, and
 * whenever, they meet every pair once between them; a part that cannot get its memory
 * leaves its chunks to the others. Bins hold exact integers, so their sum, and the values,
 * do not depend on which part met a pair.
 */
typedef struct ebcubed_part {
  met *meeting;        /* this part's alpha and beta of each signature, 0 between signatures */
  uint32_t *touched;   /* +1: written ahead */
  uint32_t *alpha_met; /* meet_by_labels' scratch */
  cell_unions unions;
  term_bins bins; /* NULL until the part first runs with chunks left */
  ce_status status;
} ebcubed_part;

struct ce_ebcubed {
  const ce_entries *e;
  double max_cells, max_walk, walk;
  /* Set up by the first task to run, under lock (see plan_ready). */
  int built;
  ce_status build_status;
  size_t groups;
  int computes;         /* 0: no items, or left out past the walk budget */
  int one_cluster_each; /* every item in one cluster at most: the set-up is a first task */
  ce_signature *keys;
  uint32_t *weight;
  /* Per signature: its gold and induced entry; per entry: its items and meeting weight. */
  uint32_t *gold_of, *system_of;
  id_list *gold_entries, *system_entries;
  uint64_t *gold_weight, *system_weight, *recall_den, *precision_den;
  size_t gold_count, system_count;
  label_rows rows;
  cell_index cells;
  int by_cells;
  /* Per signature, how it meets the ones after it (MEET_*); where some do by bits, each
   * signature's classes then clusters as bits, `words` a signature (class_words of them
   * for the classes). */
  unsigned char *meet;
  uint64_t *bits;
  size_t class_words, words;
  int popcount_fast;  /* the processor counts bits in one instruction */
  placed *layout;     /* per signature: its weight and bins */
  uint32_t bins;      /* Σ |B| + |A| over the signatures */
  size_t parts;       /* numerator tasks, each with its part */
  size_t parts_run;   /* of which run as memory allows; the others take no chunk */
  size_t next, chunk; /* next: the first signature no part has taken, under lock */
  ebcubed_part *part;
  ce_lock lock;
  int locked;
  ce_status den_status[2];
};

/* Each part beyond the first costs its scratch and bins: at most this much in all. */
#define CE_EBCUBED_PARTS_BYTES ((double)(256u << 20))
#define CE_EBCUBED_PARTS_MAX 16

static void part_free(ebcubed_part *part) {
  free(part->meeting);
  free(part->touched);
  free(part->alpha_met);
  unions_free(&part->unions);
  term_bins_free(&part->bins);
}

void ce__ebcubed_free(ce_ebcubed *plan) {
  if (!plan) return;
  free(plan->keys);
  free(plan->weight);
  free(plan->gold_of);
  free(plan->system_of);
  free(plan->gold_entries);
  free(plan->system_entries);
  free(plan->gold_weight);
  free(plan->system_weight);
  free(plan->recall_den);
  free(plan->precision_den);
  label_rows_free(&plan->rows);
  cell_index_free(&plan->cells);
  free(plan->meet);
  free(plan->bits);
  free(plan->layout);
  for (size_t p = 0; p < plan->parts && plan->part; p++) part_free(&plan->part[p]);
  free(plan->part);
  if (plan->locked) ce__lock_free(&plan->lock);
  free(plan);
}

/* How many numerator parts: `parts` asked for, as memory allows. */
static size_t parts_within(const ce_ebcubed *plan, size_t parts) {
  double each = (double)plan->groups * (sizeof(met) + 2 * sizeof(uint32_t)) +
                ((double)plan->bins + 1) * sizeof(uint64_t);
  double room = 1.0 + CE_EBCUBED_PARTS_BYTES / (each > 1.0 ? each : 1.0);
  size_t most = room < CE_EBCUBED_PARTS_MAX ? (size_t)room : CE_EBCUBED_PARTS_MAX;
  return parts < most ? parts : most;
}

/* How a signature meets the signatures after it that share a class and a cluster: through
 * its labels' lists or its cells, or (the flag) by the bit sets of every later signature. */
enum { MEET_BY_LABELS = 0, MEET_BY_CELLS = 1, MEET_BY_BITS = 2 };

/* Bit sets of labels take at most this much: they are read once for each signature that
 * meets by them, which pays while they stay in the caches (the 100M-token pair's 34 MB of
 * them left its numerators no faster; random labels of 10^3 a side, 18.7 MB, 2,280 of
 * 73,076 signatures by them: the numerators on one thread 0.45 s, 0.51 s by lists alone). A pair
 * tested by them costs, in list visits, this much a word of the two (popcounts of their classes'
 * words, then their clusters'), with the processor's count of bits or without (measured at 100
 * random labels a side). */
#define CE_EBCUBED_BITS_BYTES ((double)(32u << 20))
#ifndef CE_EBCUBED_BIT_WORD_VISITS /* a test sets 0: every signature by bits */
#define CE_EBCUBED_BIT_WORD_VISITS 0.25
#define CE_EBCUBED_BIT_WORD_VISITS_SLOW 0.75
#else
#define CE_EBCUBED_BIT_WORD_VISITS_SLOW CE_EBCUBED_BIT_WORD_VISITS
#endif

static void bits_set(uint64_t *bits, const uint32_t *ids, uint32_t n) {
  for (uint32_t j = 0; j < n; j++) bits[ids[j] / 64] |= 1ULL << (ids[j] % 64);
}

/*
 * Each signature's way to meet the ones after it: by cells where they cost less than its
 * labels' lists; and by testing every later signature's bit sets where those pairs cost
 * fewer visits than the lists or cells past it would (signatures with many labels, each of
 * whose lists holds a good part of the signatures). Then the bit sets, if any signature
 * takes that way and they fit (if they cannot be had, the lists or cells serve).
 */
static ce_status meet_plan(ce_ebcubed *plan) {
  const ce_entries *e = plan->e;
  size_t groups = plan->groups, bit_signatures = 0;
  plan->meet = malloc(groups ? groups : 1);
  if (!plan->meet) return CE_ERR_NOMEM;
  plan->class_words = (e->classes + 63) / 64;
  plan->words = plan->class_words + (e->clusters + 63) / 64;
  int bits_fit = (double)groups * (double)plan->words * 8.0 <= CE_EBCUBED_BITS_BYTES;
  double word_visits =
      plan->popcount_fast ? CE_EBCUBED_BIT_WORD_VISITS : CE_EBCUBED_BIT_WORD_VISITS_SLOW;
  for (size_t g = 0; g < groups; g++) {
    const ce_signature *key = &plan->keys[g];
    /* Cells or lists, by their whole lengths. */
    double by_labels = meet_visits(&plan->cells, &plan->rows, key, (uint32_t)g, 0, 0);
    double by_cells =
        plan->by_cells ? meet_visits(&plan->cells, &plan->rows, key, (uint32_t)g, 1, 0) : 0.0;
    int cells = plan->by_cells && by_labels >= by_cells;
    plan->meet[g] = cells ? MEET_BY_CELLS : MEET_BY_LABELS;
    if (!bits_fit || !key->gold_n || !key->system_n) continue;
    /* Bits where they cost less than the part after g (first against the whole, which is
     * quick and bounds it). */
    double by_bits = (double)(groups - g - 1) * (double)plan->words * word_visits;
    if (by_bits <= (cells ? by_cells : by_labels) &&
        by_bits <= meet_visits(&plan->cells, &plan->rows, key, (uint32_t)g, cells, 1)) {
      plan->meet[g] |= MEET_BY_BITS;
      bit_signatures++;
    }
  }
  if (!bit_signatures) return CE_OK;
  plan->bits = calloc(groups * plan->words, sizeof *plan->bits);
  if (!plan->bits) {
    for (size_t g = 0; g < groups; g++) plan->meet[g] &= (unsigned char)~MEET_BY_BITS;
    return CE_OK;
  }
  for (size_t g = 0; g < groups; g++) {
    uint64_t *bits = plan->bits + g * plan->words;
    bits_set(bits, plan->keys[g].gold, plan->keys[g].gold_n);
    bits_set(bits + plan->class_words, plan->keys[g].system, plan->keys[g].system_n);
  }
  return CE_OK;
}

static ce_status plan_build(ce_ebcubed *plan) {
  const ce_entries *e = plan->e;
  size_t l = e->items;
  plan->keys = malloc(l * sizeof *plan->keys);
  plan->weight = malloc(l * sizeof *plan->weight);
  plan->gold_of = malloc(l * sizeof *plan->gold_of);
  plan->system_of = malloc(l * sizeof *plan->system_of);
  plan->gold_entries = malloc(l * sizeof *plan->gold_entries);
  plan->system_entries = malloc(l * sizeof *plan->system_entries);
  plan->gold_weight = malloc(l * sizeof *plan->gold_weight);
  plan->system_weight = malloc(l * sizeof *plan->system_weight);
  plan->recall_den = malloc(l * sizeof *plan->recall_den);
  plan->precision_den = malloc(l * sizeof *plan->precision_den);
  plan->layout = calloc(l, sizeof *plan->layout);
  if (!plan->keys || !plan->weight || !plan->gold_of || !plan->system_of || !plan->gold_entries ||
      !plan->system_entries || !plan->gold_weight || !plan->system_weight || !plan->recall_den ||
      !plan->precision_den || !plan->layout)
    return CE_ERR_NOMEM;
  ce_status status = ce__entries_signatures(e, plan->keys, plan->weight, &plan->groups, NULL);
  size_t groups = plan->groups;
  const ce_signature *keys = plan->keys;
  if (!status) status = label_rows_build(&plan->rows, groups, keys, e->classes, e->clusters);
  if (status) return status;
  double triples = 0.0; /* of the signatures, each 8 bytes of cell index */
  for (size_t g = 0; g < groups; g++) triples += (double)keys[g].gold_n * keys[g].system_n;
  plan->by_cells = triples <= plan->max_cells;
  plan->popcount_fast = popcount_fast();
  if (!plan->by_cells) {
    plan->walk = list_walk(plan->rows.class_start, e->classes) +
                 list_walk(plan->rows.cluster_start, e->clusters);
    if (plan->walk > plan->max_walk) return CE_OK; /* left out: the caller says so */
  }
  status = distinct_entries(groups, keys, plan->weight, 0, plan->gold_of, plan->gold_entries,
                            plan->gold_weight, &plan->gold_count);
  if (!status)
    status = distinct_entries(groups, keys, plan->weight, 1, plan->system_of, plan->system_entries,
                              plan->system_weight, &plan->system_count);
  if (!status && plan->by_cells)
    status = cell_index_build(&plan->cells, groups, keys, &plan->rows, e->classes, e->clusters);
  if (!status) status = meet_plan(plan);
  if (status) return status;
  uint64_t bins = 0;
  for (size_t g = 0; g < groups; g++) {
    plan->layout[g] = (placed){plan->weight[g], (uint32_t)(bins + keys[g].system_n)};
    bins += keys[g].system_n + keys[g].gold_n;
    if (bins >= UINT32_MAX) return CE_ERR_NOMEM; /* a part's bins alone past 32 GB */
  }
  plan->bins = (uint32_t)bins;
  plan->parts_run = parts_within(plan, plan->parts);
  /* Small chunks where several parts share the signatures: the costly ones bunch up. */
  plan->chunk = plan->parts_run > 1 ? groups / (64 * plan->parts_run) + 1 : groups;
  plan->computes = 1;
  return CE_OK;
}

/* The set-up, by the first task to run (the others wait for it): done in a task, so that
 * it need not hold up the measures' tasks that start beside it. */
static ce_status plan_ready(ce_ebcubed *plan) {
  ce__lock_acquire(&plan->lock);
  if (!plan->built) plan->build_status = plan_build(plan);
  plan->built = 1;
  ce_status status = plan->build_status;
  ce__lock_release(&plan->lock);
  return status;
}

ce_status ce__ebcubed_new(const ce_entries *e, double max_cells, double max_walk, unsigned parts,
                          ce_ebcubed **out) {
  *out = NULL;
  size_t l = e->items;
  if (l >= UINT32_MAX) return CE_ERR_USAGE;
  for (size_t j = 0; l && j < e->class_start[l]; j++)
    if (e->class_ids[j] >= e->classes) return CE_ERR_USAGE;
  for (size_t j = 0; l && j < e->cluster_start[l]; j++)
    if (e->cluster_ids[j] >= e->clusters) return CE_ERR_USAGE;
  int one_cluster_each = 1;
  for (size_t i = 0; i < l && one_cluster_each; i++)
    one_cluster_each = e->cluster_start[i + 1] - e->cluster_start[i] <= 1;
  ce_ebcubed *plan = calloc(1, sizeof *plan);
  if (!plan) return CE_ERR_NOMEM;
  *plan = (ce_ebcubed){
      .e = e, .max_cells = max_cells, .max_walk = max_walk, .one_cluster_each = one_cluster_each};
  plan->parts = parts < 1 ? 1 : parts < CE_EBCUBED_PARTS_MAX ? parts : CE_EBCUBED_PARTS_MAX;
  plan->part = calloc(plan->parts, sizeof *plan->part);
  plan->locked = ce__lock_init(&plan->lock);
  ce_status status = plan->part ? CE_OK : CE_ERR_NOMEM;
  if (!status && !plan->locked && l) { /* no lock: set up now, one part, nothing to race */
    plan->parts = 1;
    status = plan_ready(plan);
  }
  if (status) {
    ce__ebcubed_free(plan);
    return status;
  }
  *out = plan;
  return CE_OK;
}

/* Every task last but, where every item is in one cluster at most, the first, which sets the
 * work up (measures_ebcubed_internal.h says why). */
void ce__ebcubed_tasks(const ce_ebcubed *plan, size_t *first, size_t *last) {
  size_t tasks = plan->e->items ? 2 + plan->parts : 0;
  *first = tasks && plan->one_cluster_each;
  *last = tasks - *first;
}

/* A part's scratch: the layout to meet from, and bins of its own. */
static ce_status part_init(const ce_ebcubed *plan, ebcubed_part *part) {
  size_t groups = plan->groups;
  part->meeting = calloc(groups ? groups : 1, sizeof *part->meeting);
  part->touched = malloc((groups + 1) * sizeof *part->touched);
  part->alpha_met = malloc(groups * sizeof *part->alpha_met);
  part->bins.bin = calloc((size_t)plan->bins + 1, sizeof *part->bins.bin);
  if (!part->meeting || !part->touched || !part->alpha_met || !part->bins.bin) return CE_ERR_NOMEM;
  return unions_init(&part->unions, plan->e->classes, plan->e->clusters);
}

/* The next chunk of signatures no part has taken: [*begin, *end), empty when none is left. */
static void chunk_take(ce_ebcubed *plan, size_t *begin, size_t *end) {
  ce__lock_acquire(&plan->lock);
  *begin = plan->next;
  *end = plan->groups - plan->next < plan->chunk ? plan->groups : plan->next + plan->chunk;
  plan->next = *end;
  ce__lock_release(&plan->lock);
}

/* Signature g (`own`, `g_weight` items) meets every later signature sharing a class and a
 * cluster with it, found by their bit sets, each one's terms at once; `count` counts bits. */
static CE_ALWAYS_INLINE void meet_by_bits_counting(const ce_ebcubed *plan, uint32_t g,
                                                   term_bins *bins, uint64_t g_weight,
                                                   unsigned (*count)(uint64_t)) {
  size_t class_words = plan->class_words, words = plan->words;
  const uint64_t *mine = plan->bits + (size_t)g * words;
  const placed *own = &plan->layout[g];
  for (size_t h = (size_t)g + 1; h < plan->groups; h++) {
    const uint64_t *theirs = plan->bits + h * words;
    uint32_t alpha = 0, beta = 0;
    for (size_t w = 0; w < class_words; w++) alpha += count(mine[w] & theirs[w]);
    if (!alpha) continue;
    for (size_t w = class_words; w < words; w++) beta += count(mine[w] & theirs[w]);
    if (beta) term_add(bins, own, &plan->layout[h], alpha, beta, g_weight);
  }
}

#ifdef CE_POPCOUNT_ASK
__attribute__((target("popcnt"))) static void meet_by_bits_instruction(const ce_ebcubed *plan,
                                                                       uint32_t g, term_bins *bins,
                                                                       uint64_t g_weight) {
  meet_by_bits_counting(plan, g, bins, g_weight, popcount64_instruction);
}
#endif

static void meet_by_bits(const ce_ebcubed *plan, uint32_t g, term_bins *bins, uint64_t g_weight) {
#ifdef CE_POPCOUNT_ASK
  if (plan->popcount_fast) {
    meet_by_bits_instruction(plan, g, bins, g_weight);
    return;
  }
#endif
  meet_by_bits_counting(plan, g, bins, g_weight, popcount64);
}

/* One signature's numerator terms: the signatures after g sharing a class and a cluster
 * with it, each once, and g's items meeting one another. Not inlined (see CE_NOINLINE):
 * a part is one call, its signatures thousands. */
static CE_NOINLINE ce_status numerators_of(const ce_ebcubed *plan, ebcubed_part *part, size_t g) {
  const ce_signature *key = &plan->keys[g];
  met *meeting = part->meeting;
  const uint32_t *touched = part->touched;
  term_bins bins = part->bins;
  uint64_t g_weight = plan->weight[g];
  size_t touched_n = 0;
  ce_status status = CE_OK;
  if (plan->meet[g] & MEET_BY_BITS)
    meet_by_bits(plan, (uint32_t)g, &bins, g_weight);
  else if (plan->meet[g] == MEET_BY_LABELS)
    touched_n =
        meet_by_labels(&plan->rows, key, (uint32_t)g, meeting, part->alpha_met, part->touched);
  else
    status = meet_by_cells(&plan->cells, &part->unions, key, (uint32_t)g, plan->cells.first[g],
                           meeting, part->touched, &touched_n);
  const placed *layout = plan->layout, *own = &layout[g];
  if (key->system_n) /* g's items meet one another, g itself included */
    term_add(&bins, own, own, key->gold_n, key->system_n, 0);
  if (plan->meet[g] == MEET_BY_CELLS && key->gold_n == 1) {
    /* One class, so alpha 1 and min(alpha, beta) 1 with every signature met (most
     * signatures on full Brown): term_add's four terms without the minimum and the
     * products, g's R bin summed apart. */
    uint64_t own_r = 0;
    for (size_t t = 0; t < touched_n; t++) {
      met *h = &meeting[touched[t]];
      const placed *other = &layout[touched[t]];
      bins.bin[own->at - h->beta] += other->weight;
      own_r += other->weight;
      bins.bin[other->at - h->beta] += g_weight;
      bins.bin[other->at] += g_weight;
      h->beta = 0;
    }
    bins.bin[own->at] += own_r;
    return status;
  }
  for (size_t t = 0; t < touched_n; t++) {
    met *h = &meeting[touched[t]];
    term_add(&bins, own, &layout[touched[t]], h->alpha, h->beta, g_weight);
    h->beta = h->alpha = 0; /* as the next signature's meeting expects them */
  }
  return status;
}

/* Whether some signature is left for a part to take. */
static int chunks_left(ce_ebcubed *plan) {
  ce__lock_acquire(&plan->lock);
  int left = plan->next < plan->groups;
  ce__lock_release(&plan->lock);
  return left;
}

/* Chunks a part takes at a call: all there are, but in a test that shares them out in
 * turn by calling the parts one after another, again and again. */
#ifndef CE_EBCUBED_CHUNKS_A_CALL
#define CE_EBCUBED_CHUNKS_A_CALL SIZE_MAX
#endif

static void numerators_part(ce_ebcubed *plan, ebcubed_part *part) {
  if (part->status) return;
  if (!part->bins.bin) {            /* its first call */
    if (!chunks_left(plan)) return; /* the others took them all: no memory needed */
    if (part_init(plan, part)) {    /* its chunks go to the parts that have their memory */
      part_free(part);
      memset(part, 0, sizeof *part);
      return;
    }
  }
  for (size_t taken = 0; taken < CE_EBCUBED_CHUNKS_A_CALL; taken++) {
    size_t begin, end;
    chunk_take(plan, &begin, &end);
    if (begin == end) return;
    for (size_t g = begin; g < end && !part->status; g++) {
      /* The unions serve the consecutive signatures of one gold entry. */
      if (g == begin || plan->gold_of[g] != plan->gold_of[g - 1]) unions_forget(&part->unions);
      part->status = numerators_of(plan, part, g);
    }
    if (part->status) return;
  }
}

void ce__ebcubed_task(ce_ebcubed *plan, size_t task) {
  if (plan_ready(plan) || !plan->computes) return; /* finish says which */
  switch (task) {
    case 0: /* P's denominator depends on the induced entry only */
      plan->den_status[0] =
          meeting_weights(plan->system_count, plan->e->clusters, plan->system_entries,
                          plan->system_weight, plan->popcount_fast, plan->precision_den);
      break;
    case 1: /* R's on the gold entry only */
      plan->den_status[1] =
          meeting_weights(plan->gold_count, plan->e->classes, plan->gold_entries, plan->gold_weight,
                          plan->popcount_fast, plan->recall_den);
      break;
    default:
      if (task - 2 < plan->parts_run) numerators_part(plan, &plan->part[task - 2]);
  }
}

ce_status ce__ebcubed_finish(ce_ebcubed *plan, double *precision, double *recall, double *f,
                             double *walk) {
  *precision = *recall = *f = 0.0;
  ce_status status = plan->e->items ? plan_ready(plan) : CE_OK;
  *walk = plan->walk;
  if (status || !plan->computes) return status;
  for (int side = 0; side < 2; side++)
    if (plan->den_status[side]) return plan->den_status[side];
  term_bins *bins = NULL;
  for (size_t p = 0; p < plan->parts_run; p++) {
    const ebcubed_part *part = &plan->part[p];
    if (part->status) return part->status;
    if (!part->bins.bin) continue; /* it never ran */
    if (!bins) {
      bins = &plan->part[p].bins;
      continue;
    }
    for (size_t x = 0; x < plan->bins; x++) bins->bin[x] += part->bins.bin[x];
  }
  if (plan->next < plan->groups || !bins) return CE_ERR_NOMEM; /* no part had its memory */
  const ce_signature *keys = plan->keys;
  double p_sum = 0.0, r_sum = 0.0;
  uint64_t p_items = 0;
  for (size_t g = 0; g < plan->groups; g++) {
    uint64_t weight = plan->weight[g];
    uint64_t p_den =
        plan->precision_den[plan->system_of[g]]; /* >= g's weight; 0 without clusters */
    if (p_den) {
      p_sum +=
          weight * (bins_sum(bins->bin, plan->layout[g].at, keys[g].system_n, 1) / (double)p_den);
      p_items += weight;
    }
    uint64_t r_den = plan->recall_den[plan->gold_of[g]]; /* >= g's weight */
    if (r_den)
      r_sum +=
          weight * (bins_sum(bins->bin, plan->layout[g].at, keys[g].gold_n, 0) / (double)r_den);
  }
  *precision = p_items ? p_sum / (double)p_items : 0.0;
  *recall = r_sum / (double)plan->e->items;
  *f = *precision + *recall > 0 ? 2 * *precision * *recall / (*precision + *recall) : 0.0;
  return CE_OK;
}

ce_status ce__extended_bcubed_within(const ce_entries *e, double max_cells, double max_walk,
                                     double *precision, double *recall, double *f, double *walk) {
  *precision = *recall = *f = *walk = 0.0;
  ce_ebcubed *plan;
  ce_status status = ce__ebcubed_new(e, max_cells, max_walk, 1, &plan);
  if (status) return status;
  size_t first, last;
  ce__ebcubed_tasks(plan, &first, &last);
  for (size_t task = 0; task < first + last; task++) ce__ebcubed_task(plan, task);
  status = ce__ebcubed_finish(plan, precision, recall, f, walk);
  ce__ebcubed_free(plan);
  return status;
}

ce_status ce__extended_bcubed(const ce_entries *e, double *precision, double *recall, double *f) {
  double walk;
  return ce__extended_bcubed_within(e, (double)SIZE_MAX, HUGE_VAL, precision, recall, f, &walk);
}
