/*
 * Spoken term discovery's scores (SPEC §3.8) as zerospeech/tdev2 (commit e65180a) computes
 * them from a class file, the phone alignment and the word alignment (Versteegh et al. 2016,
 * "The Zero Resource Speech Challenge 2015: Proposed approaches and results"; Dunbar et al.
 * 2017 for the measures' present form).
 *
 * Counting replaces tdev2's sets of pairs, which hold every pair of a transcription:
 * - NED sums each class's pairs by transcription: a class of n fragments with k distinct
 *   transcriptions (SIL removed) costs k(k − 1)/2 edit distances, not n(n − 1)/2.
 * - Grouping: tdev2's P and R are Σ_t w_t · |match_t(found ∩ gold)| / |match_t(found)|
 *   with w_t = |match_t(found)| / Σ_t |match_t(found)|, which is |tokens in a found gold
 *   pair| / |tokens in a found pair| (and likewise over gold pairs for R), a token being a
 *   fragment's phones with their times. A fragment is in a gold pair when another fragment
 *   of its transcription lies in another file or does not overlap it; in a found gold pair
 *   when such a fragment is in its class. Both are settled by sorting, never by pairs.
 */
#include <math.h>
#include <stdio.h> /* snprintf only: Python's round(x, 3) */
#include <stdlib.h>
#include <string.h>

#include "measures/measures_tde_internal.h"

/* ---------------------------------------------------------------- tiers */

static int by_place(const void *a, const void *b) {
  const ce_tde_span *x = a, *y = b;
  if (x->file != y->file) return x->file < y->file ? -1 : 1;
  if (x->on != y->on) return x->on < y->on ? -1 : 1;
  if (x->off != y->off) return x->off < y->off ? -1 : 1;
  return (x->label > y->label) - (x->label < y->label);
}

ce_status ce__tde_tier_build(ce_tde_span *spans, size_t len, size_t files, ce_tde_tier *tier) {
  memset(tier, 0, sizeof *tier);
  tier->at = spans;
  tier->files = files;
  if (len && ce__sort(spans, len, sizeof *spans, by_place)) return CE_ERR_NOMEM;
  size_t kept = 0;
  for (size_t i = 0; i < len; i++)
    if (!kept || by_place(&spans[kept - 1], &spans[i])) spans[kept++] = spans[i];
  tier->len = kept;
  tier->first = calloc(files + 1, sizeof *tier->first);
  tier->reach = malloc((kept ? kept : 1) * sizeof *tier->reach);
  if (!tier->first || !tier->reach) return CE_ERR_NOMEM;
  for (size_t i = 0; i < kept; i++) tier->first[spans[i].file + 1]++;
  for (size_t f = 0; f < files; f++) tier->first[f + 1] += tier->first[f];
  for (size_t i = 0; i < kept; i++)
    tier->reach[i] = i && spans[i - 1].file == spans[i].file && tier->reach[i - 1] > spans[i].off
                         ? tier->reach[i - 1]
                         : spans[i].off;
  return CE_OK;
}

void ce__tde_tier_free(ce_tde_tier *tier) {
  free(tier->at);
  free(tier->first);
  free(tier->reach);
  memset(tier, 0, sizeof *tier);
}

int ce__tde_tier_has(const ce_tde_tier *tier, uint32_t file) {
  return tier && file < tier->files && tier->first[file + 1] > tier->first[file];
}

/* The spans of `file` that overlap (on, off) strictly, in onset order, into `out`. */
static ce_status overlapping(const ce_tde_tier *tier, uint32_t file, double on, double off,
                             ce_u32s *out) {
  out->len = 0;
  if (!ce__tde_tier_has(tier, file)) return CE_OK;
  size_t lo = tier->first[file], hi = tier->first[file + 1];
  size_t a = lo, b = hi; /* the first span starting at or after `off` */
  while (a < b) {
    size_t mid = a + (b - a) / 2;
    if (tier->at[mid].on < off)
      a = mid + 1;
    else
      b = mid;
  }
  size_t end = a;
  a = lo, b = end; /* the first span whose file reaches past `on` by then */
  while (a < b) {
    size_t mid = a + (b - a) / 2;
    if (tier->reach[mid] > on)
      b = mid;
    else
      a = mid + 1;
  }
  for (size_t i = a; i < end; i++)
    if (tier->at[i].off > on && ce__u32s_push(out, (uint32_t)i)) return CE_ERR_NOMEM;
  return CE_OK;
}

/* ------------------------------------------------------- transcription */

/* Python's round(x, 3): the double nearest the decimal x rounds to at 3 places, ties to even
 * on x's exact value, which a correctly rounding printf gives too. */
static double round3(double x) {
  char text[64];
  snprintf(text, sizeof text, "%.3f", x);
  return strtod(text, NULL);
}

int ce__tde_keeps(const ce_tde_span *phone, double on, double off) {
  double overlap = (off < phone->off ? off : phone->off) - (on > phone->on ? on : phone->on);
  if (round3(phone->off - phone->on) >= 0.060) return rint(overlap * 1000) / 1000 >= 0.030;
  return overlap / (phone->off - phone->on) >= 0.5;
}

/* A fragment's transcription: the phones overlapping it, its first and last tested. */
static ce_status transcribe(const ce_tde_data *data, const ce_tde_span *f, ce_u32s *found,
                            ce_u32s *kept) {
  ce_status status = overlapping(data->phones, f->file, f->on, f->off, found);
  if (status || !found->len) return status;
  const ce_tde_span *phones = data->phones->at;
  size_t n = found->len;
  int first = ce__tde_keeps(&phones[found->at[0]], f->on, f->off);
  int last = n == 1 ? first : ce__tde_keeps(&phones[found->at[n - 1]], f->on, f->off);
  size_t from = first ? 0 : 1, to = n == 1 ? (size_t)first : last ? n : n - 1;
  for (size_t i = from; i < to; i++)
    if (ce__u32s_push(kept, found->at[i])) return CE_ERR_NOMEM;
  return CE_OK;
}

/* ----------------------------------------------------- sequence ids */

typedef ce_tde_sequence sequence;

static int by_sequence(const void *a, const void *b) {
  const sequence *x = a, *y = b;
  size_t n = x->len < y->len ? x->len : y->len;
  for (size_t i = 0; i < n; i++)
    if (x->at[i] != y->at[i]) return x->at[i] < y->at[i] ? -1 : 1;
  return (x->len > y->len) - (x->len < y->len);
}

/* ids[i] = the rank of sequence i among the distinct ones; *distinct their number. */
static ce_status sequence_ids(sequence *seqs, size_t count, uint32_t *ids, size_t *distinct) {
  if (count && ce__sort(seqs, count, sizeof *seqs, by_sequence)) return CE_ERR_NOMEM;
  uint32_t id = 0;
  for (size_t i = 0; i < count; i++) {
    if (i && by_sequence(&seqs[i - 1], &seqs[i])) id++;
    ids[seqs[i].index] = id;
  }
  *distinct = count ? (size_t)id + 1 : 0;
  return CE_OK;
}

/* --------------------------------------------------------------- NED */

/* A file's weight: how often a resample drew it (1 each without one). */
static inline double weight_of(const ce_tde_data *data, uint32_t file) {
  return data->file_weight ? (double)data->file_weight[file] : 1.0;
}

/* Fragment i's weight: its file's, 0 when it is left out. */
static inline double fragment_weight(const ce_tde_data *data, uint32_t i) {
  return data->present && !data->present[i] ? 0.0 : weight_of(data, data->fragments[i].file);
}

/* Levenshtein distance of a and b (unit costs), one row of scratch (b_len + 1). */
static size_t levenshtein(const uint32_t *a, size_t a_len, const uint32_t *b, size_t b_len,
                          size_t *row) {
  for (size_t j = 0; j <= b_len; j++) row[j] = j;
  for (size_t i = 1; i <= a_len; i++) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b_len; j++) {
      size_t up = row[j];
      size_t best = diagonal + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diagonal = up;
    }
  }
  return row[b_len];
}

/* NED of two transcriptions without SIL: distance over the longer, 1 when both are empty. */
static double pair_ned(const sequence *a, const sequence *b, size_t *row) {
  size_t longer = a->len > b->len ? a->len : b->len;
  if (!longer) return 1.0;
  return (double)levenshtein(a->at, a->len, b->at, b->len, row) / (double)longer;
}

/* The distance between runs i < j of class c (runs numbered within the class), from the
 * cache or computed. */
static double run_distance(const ce_tde_prepared *prep, size_t c, size_t i, size_t j, size_t *row) {
  size_t first = prep->run_start[c], k = prep->run_start[c + 1] - first;
  if (prep->dist_at[c] != SIZE_MAX)
    return prep->dist[prep->dist_at[c] + i * (2 * k - i - 1) / 2 + (j - i - 1)];
  return pair_ned(&prep->run_seq[first + i], &prep->run_seq[first + j], row);
}

/*
 * NED over every class's pairs, by run: with S and Q a run's Σ w and Σ w² over its present
 * fragments (a fragment of a file drawn w times stands for w copies, which make no pair with
 * one another), a run's own pairs are (S² − Q)/2 (each 1 when the transcription is empty:
 * two empty sides score 1, else 0), and two runs' S_i · S_j, each at their distance.
 */
static ce_status ned_by_class(const ce_tde_data *data, const ce_tde_prepared *prep,
                              const double *weight, ce_tde_scores *out) {
  size_t runs = prep->run_start[data->classes];
  double *sum_w = calloc(runs + 1, sizeof *sum_w), *sum_w2 = calloc(runs + 1, sizeof *sum_w2);
  size_t *row = malloc((prep->longest + 1) * sizeof *row);
  if (!sum_w || !sum_w2 || !row) {
    free(sum_w), free(sum_w2), free(row);
    return CE_ERR_NOMEM;
  }
  for (size_t k = 0; k < prep->kept; k++) {
    sum_w[prep->run_of[k]] += weight[k];
    sum_w2[prep->run_of[k]] += weight[k] * weight[k];
  }
  double total = 0.0, pairs = 0.0;
  for (size_t c = 0; c < data->classes; c++) {
    size_t first = prep->run_start[c], count = prep->run_start[c + 1] - first;
    double sum = 0.0, all = 0.0, all_squares = 0.0;
    for (size_t i = 0; i < count; i++) {
      double s_i = sum_w[first + i];
      all += s_i;
      all_squares += sum_w2[first + i];
      if (!prep->run_seq[first + i].len) sum += (s_i * s_i - sum_w2[first + i]) / 2;
      for (size_t j = i + 1; s_i > 0 && j < count; j++)
        if (sum_w[first + j] > 0) sum += s_i * sum_w[first + j] * run_distance(prep, c, i, j, row);
    }
    double class_pairs = (all * all - all_squares) / 2;
    out->class_ned[c] = class_pairs > 0 ? sum / class_pairs : NAN;
    total += sum;
    pairs += class_pairs;
  }
  free(sum_w), free(sum_w2), free(row);
  out->pairs = pairs;
  if (pairs > 0) ce__measure_put(&out->m, CE_NED, total / pairs);
  return CE_OK;
}

/* ------------------------------------------------------------ grouping */

/* A kept fragment as grouping sees it. */
typedef struct fragment {
  uint32_t class_id, ngram, token, file;
  double on, off;
} fragment;

static int by_ngram_place(const void *a, const void *b) {
  const fragment *x = a, *y = b;
  if (x->ngram != y->ngram) return x->ngram < y->ngram ? -1 : 1;
  if (x->file != y->file) return x->file < y->file ? -1 : 1;
  if (x->on != y->on) return x->on < y->on ? -1 : 1;
  return (x->off > y->off) - (x->off < y->off);
}

static int by_class_ngram_place(const void *a, const void *b) {
  const fragment *x = a, *y = b;
  if (x->class_id != y->class_id) return x->class_id < y->class_id ? -1 : 1;
  return by_ngram_place(a, b);
}

/* In `frags` (sorted, groups contiguous: same ngram, and same class when `by_class`),
 * marks in `marks` the token of every fragment that makes a gold pair with another of its
 * group: distinct, in another file or not overlapping it (tdev2's same-file overlap). */
static size_t mark_paired(const fragment *frags, size_t count, int by_class, uint8_t *marks) {
  size_t marked = 0;
  for (size_t i = 0; i < count;) {
    size_t j = i + 1;
    while (j < count && frags[j].ngram == frags[i].ngram &&
           (!by_class || frags[j].class_id == frags[i].class_id))
      j++;
    /* Distinct fragments of the group: repeats are adjacent. */
    size_t distinct = 0, files = 0;
    double min_off[2] = {INFINITY, INFINITY}, max_on[2] = {-INFINITY, -INFINITY};
    for (size_t k = i; k < j; k++) {
      if (k > i && !by_ngram_place(&frags[k - 1], &frags[k])) continue;
      distinct++;
      files += k == i || frags[k].file != frags[k - 1].file;
      double off = frags[k].off, on = frags[k].on;
      if (off < min_off[0])
        min_off[1] = min_off[0], min_off[0] = off;
      else if (off < min_off[1])
        min_off[1] = off;
      if (on > max_on[0])
        max_on[1] = max_on[0], max_on[0] = on;
      else if (on > max_on[1])
        max_on[1] = on;
    }
    for (size_t k = i; distinct > 1 && k < j; k++) {
      const fragment *f = &frags[k];
      int paired = files > 1;
      if (!paired) {
        /* One file: another fragment ends by f's onset or starts at f's offset or later.
         * f's own offset and onset are excluded once (a repeat of f is not another). */
        double other_off = f->off == min_off[0] ? min_off[1] : min_off[0];
        double other_on = f->on == max_on[0] ? max_on[1] : max_on[0];
        paired = other_off <= f->on || other_on >= f->off;
      }
      if (paired && !marks[f->token]) marks[f->token] = 1, marked++;
    }
    i = j;
  }
  return marked;
}

/* P = hits/found, R = hits/gold, F = 2PR/(P + R); each where its denominator is not 0 (F
 * where P + R is not 0 either). */
static void put_prf(ce_measures *m, ce_measure p_id, double hits, double found, double gold) {
  double p = hits / found, r = hits / gold;
  if (found > 0) ce__measure_put(m, p_id, p);
  if (gold > 0) ce__measure_put(m, (ce_measure)(p_id + 1), r);
  if (found > 0 && gold > 0 && p + r > 0)
    ce__measure_put(m, (ce_measure)(p_id + 2), 2 * p * r / (p + r));
}

static ce_status grouping(fragment *frags, size_t count, const double *class_size, size_t tokens,
                          ce_tde_scores *out) {
  uint8_t *marks = calloc(tokens ? tokens : 1, 3);
  if (!marks) return CE_ERR_NOMEM;
  uint8_t *found = marks, *gold = marks + tokens, *both = marks + 2 * tokens;
  size_t n_found = 0;
  for (size_t i = 0; i < count; i++)
    if (class_size[frags[i].class_id] > 1 && !found[frags[i].token])
      found[frags[i].token] = 1, n_found++;
  ce_status status = count ? ce__sort(frags, count, sizeof *frags, by_ngram_place) : CE_OK;
  size_t n_gold = status ? 0 : mark_paired(frags, count, 0, gold);
  if (!status && count) status = ce__sort(frags, count, sizeof *frags, by_class_ngram_place);
  size_t n_both = status ? 0 : mark_paired(frags, count, 1, both);
  free(marks);
  if (status) return status;
  if (!n_found) out->null_why |= CE_TDE_NO_PAIR;
  if (!n_gold) out->null_why |= CE_TDE_NO_GOLD_PAIR;
  put_prf(&out->m, CE_GROUPING_P, (double)n_both, (double)n_found, (double)n_gold);
  return CE_OK;
}

/* ----------------------------------------------------- words, boundaries */

/* A boundary: a time in a file. */
typedef struct boundary {
  uint32_t file;
  double time;
} boundary;

static int by_boundary(const void *a, const void *b) {
  const boundary *x = a, *y = b;
  if (x->file != y->file) return x->file < y->file ? -1 : 1;
  return (x->time > y->time) - (x->time < y->time);
}

/* Sorts and keeps each boundary once; returns how many are left. */
static size_t distinct_boundaries(boundary *b, size_t count) {
  if (count) qsort(b, count, sizeof *b, by_boundary);
  size_t kept = 0;
  for (size_t i = 0; i < count; i++)
    if (!kept || by_boundary(&b[kept - 1], &b[i])) b[kept++] = b[i];
  return kept;
}

static int has_boundary(const boundary *set, size_t count, boundary key) {
  return bsearch(&key, set, count, sizeof *set, by_boundary) != NULL;
}

/* The weight of a ∪ b, two distinct sorted sets, each boundary its file's weight. */
static double union_weight(const ce_tde_data *data, const boundary *a, size_t na, const boundary *b,
                           size_t nb) {
  size_t i = 0, j = 0;
  double sum = 0.0;
  while (i < na || j < nb) {
    int c = i == na ? 1 : j == nb ? -1 : by_boundary(&a[i], &b[j]);
    sum += weight_of(data, c <= 0 ? a[i].file : b[j].file);
    i += c <= 0, j += c >= 0;
  }
  return sum;
}

/* Boundary P, R, F: found onsets (first kept phone's) right when a gold word begins there,
 * offsets when one ends there; a time found or gold as both counts once, as tdev2 counts.
 * `edges` are the present fragments' first onsets and last offsets. */
static ce_status boundaries(const ce_tde_data *data, const ce_tde_span *edges, size_t count,
                            ce_tde_scores *out) {
  const ce_tde_tier *words = data->words;
  size_t w = 0;
  boundary *all = malloc((4 * count + 2 * words->len + 1) * sizeof *all);
  if (!all) return CE_ERR_NOMEM;
  boundary *down = all, *up = all + count, *hits = all + 2 * count;
  boundary *gold_down = all + 4 * count, *gold_up = gold_down + words->len;
  for (size_t i = 0; i < count; i++) {
    down[i] = (boundary){edges[i].file, edges[i].on};
    up[i] = (boundary){edges[i].file, edges[i].off};
  }
  for (size_t i = 0; i < words->len; i++) {
    if (weight_of(data, words->at[i].file) == 0) continue;
    gold_down[w] = (boundary){words->at[i].file, words->at[i].on};
    gold_up[w++] = (boundary){words->at[i].file, words->at[i].off};
  }
  size_t nd = distinct_boundaries(down, count), nu = distinct_boundaries(up, count);
  size_t ngd = distinct_boundaries(gold_down, w), ngu = distinct_boundaries(gold_up, w);
  size_t nh = 0;
  for (size_t i = 0; i < nd; i++)
    if (has_boundary(gold_down, ngd, down[i])) hits[nh++] = down[i];
  for (size_t i = 0; i < nu; i++)
    if (has_boundary(gold_up, ngu, up[i])) hits[nh++] = up[i];
  nh = distinct_boundaries(hits, nh);
  put_prf(&out->m, CE_BOUNDARY_P, union_weight(data, hits, nh, NULL, 0),
          union_weight(data, down, nd, up, nu), union_weight(data, gold_down, ngd, gold_up, ngu));
  free(all);
  return CE_OK;
}

/* The word a fragment hits: the overlapping word it covers the largest share of (the first
 * in onset order on a tie), or SIZE_MAX. */
static size_t chosen_word(const ce_tde_tier *words, const ce_tde_span *f, ce_u32s *found) {
  if (overlapping(words, f->file, f->on, f->off, found) || !found->len) return SIZE_MAX;
  size_t chosen = found->at[0];
  double best = 0.0;
  for (size_t k = 0; found->len > 1 && k < found->len; k++) {
    const ce_tde_span *w = &words->at[found->at[k]];
    double ov =
        ((f->off < w->off ? f->off : w->off) - (f->on > w->on ? f->on : w->on)) / (w->off - w->on);
    if (ov > best) best = ov, chosen = found->at[k];
  }
  return chosen;
}

/* 1 when the phones overlapping word `w` are, by label, the fragment's transcription. */
static int word_matches(const ce_tde_data *data, const ce_tde_span *w, const uint32_t *phones,
                        size_t len, ce_u32s *found) {
  if (overlapping(data->phones, w->file, w->on, w->off, found) || found->len != len) return 0;
  for (size_t k = 0; k < len; k++)
    if (data->phones->at[found->at[k]].label != data->phones->at[phones[k]].label) return 0;
  return 1;
}

/* Distinct word labels of the present files. */
static ce_status word_types(const ce_tde_data *data, size_t *types) {
  const ce_tde_tier *words = data->words;
  uint32_t *labels = malloc((words->len + 1) * sizeof *labels);
  if (!labels) return CE_ERR_NOMEM;
  size_t n = 0;
  for (size_t i = 0; i < words->len; i++)
    if (weight_of(data, words->at[i].file) > 0) labels[n++] = words->at[i].label;
  ce__sort_u32(labels, n);
  *types = 0;
  for (size_t i = 0; i < n; i++) *types += !i || labels[i] != labels[i - 1];
  free(labels);
  return CE_OK;
}

/* Each kept fragment's word: the word it overlaps most when that word's phones are its
 * transcription (prep->word_hit), whatever the weights. */
static ce_status word_hits(const ce_tde_data *data, ce_tde_prepared *prep) {
  if (!data->words) return CE_OK;
  ce_u32s found = {0};
  if (!(prep->word_hit = malloc((prep->kept + 1) * sizeof *prep->word_hit))) return CE_ERR_NOMEM;
  for (size_t k = 0; k < prep->kept; k++) {
    uint32_t i = prep->kept_of[k];
    size_t from = prep->phone_start[i], len = prep->phone_start[i + 1] - from;
    size_t hit = chosen_word(data->words, &data->fragments[i], &found);
    int match = hit != SIZE_MAX &&
                word_matches(data, &data->words->at[hit], prep->phone_of + from, len, &found);
    prep->word_hit[k] = match ? (uint32_t)hit : UINT32_MAX;
  }
  free(found.at);
  return CE_OK;
}

/* Token and type P, R, F: a fragment hits its word when the word's phones are its
 * transcription; token hits are distinct words, type hits distinct transcriptions. */
static ce_status tokens_types(const ce_tde_data *data, const ce_tde_prepared *prep,
                              ce_tde_scores *out) {
  const ce_tde_tier *words = data->words;
  uint8_t *marks = calloc(words->len + 2 * prep->ngrams + 1, 1);
  if (!marks) return CE_ERR_NOMEM;
  uint8_t *word_hit = marks, *type_hit = marks + words->len, *seen = type_hit + prep->ngrams;
  double fragments = 0.0, token_hits = 0.0, words_in = 0.0;
  size_t type_hits = 0, types_seen = 0, types = 0;
  for (size_t k = 0; k < prep->kept; k++) {
    uint32_t i = prep->kept_of[k], t = prep->ngram[k], hit = prep->word_hit[k];
    double w = fragment_weight(data, i);
    if (w == 0) continue;
    fragments += w;
    if (!seen[t]) seen[t] = 1, types_seen++;
    if (hit == UINT32_MAX) continue;
    if (!word_hit[hit]) word_hit[hit] = 1, token_hits += w;
    if (!type_hit[t]) type_hit[t] = 1, type_hits++;
  }
  for (size_t i = 0; i < words->len; i++) words_in += weight_of(data, words->at[i].file);
  ce_status status = word_types(data, &types);
  if (!status) {
    put_prf(&out->m, CE_TOKEN_P, token_hits, fragments, words_in);
    put_prf(&out->m, CE_TYPE_P, (double)type_hits, (double)types_seen, (double)types);
  }
  free(marks);
  return status;
}

/* ------------------------------------------------------- preparation */

void ce__tde_prepared_free(ce_tde_prepared *prep) {
  free(prep->phone_of), free(prep->phone_start), free(prep->kept_of);
  free(prep->ngram), free(prep->token), free(prep->plain), free(prep->spare);
  free(prep->word_hit), free(prep->run_start), free(prep->dist_at), free(prep->run_seq);
  free(prep->run_of), free(prep->dist);
  memset(prep, 0, sizeof *prep);
}

void ce__tde_scores_free(ce_tde_scores *scores) {
  free(scores->class_ned);
  memset(scores, 0, sizeof *scores);
}

/* Transcribes every fragment: phone_of / phone_start, kept and dropped. */
static ce_status transcribe_all(const ce_tde_data *data, ce_tde_prepared *prep) {
  ce_u32s found = {0}, kept = {0};
  ce_status status = CE_OK;
  prep->phone_start = malloc((data->count + 1) * sizeof *prep->phone_start);
  prep->kept_of = malloc((data->count + 1) * sizeof *prep->kept_of);
  if (!prep->phone_start || !prep->kept_of) return CE_ERR_NOMEM;
  prep->phone_start[0] = 0;
  for (size_t i = 0; i < data->count && !status; i++) {
    status = transcribe(data, &data->fragments[i], &found, &kept);
    prep->phone_start[i + 1] = kept.len;
    if (kept.len > prep->phone_start[i])
      prep->kept_of[prep->kept++] = (uint32_t)i;
    else
      prep->dropped++;
  }
  free(found.at);
  prep->phone_of = kept.at;
  return status;
}

/* Each phone's rank among the distinct (onset, offset, label) of the alignment, whatever its
 * file: the elements of tdev2's tokens. */
static ce_status timed_phones(const ce_tde_tier *phones, uint32_t *timed) {
  sequence *keys = malloc((phones->len + 1) * sizeof *keys);
  uint32_t *triples = malloc((phones->len * 5 + 1) * sizeof *triples);
  ce_status status = keys && triples ? CE_OK : CE_ERR_NOMEM;
  for (size_t p = 0; !status && p < phones->len; p++) {
    uint64_t on, off;
    memcpy(&on, &phones->at[p].on, 8), memcpy(&off, &phones->at[p].off, 8);
    uint32_t *t = triples + 5 * p;
    t[0] = (uint32_t)(on >> 32), t[1] = (uint32_t)on, t[2] = (uint32_t)(off >> 32);
    t[3] = (uint32_t)off, t[4] = phones->at[p].label;
    keys[p] = (sequence){t, 5, (uint32_t)p};
  }
  size_t distinct;
  if (!status) status = sequence_ids(keys, phones->len, timed, &distinct);
  free(keys), free(triples);
  return status;
}

/* The kept fragments' transcriptions as ids (ngram: labels; token: phones with times) and
 * without SIL (`plain`, for NED). */
static ce_status make_views(const ce_tde_data *data, ce_tde_prepared *prep) {
  size_t n = prep->kept, total = prep->phone_start[data->count];
  const ce_tde_tier *phones = data->phones;
  sequence *ngram = malloc((n + 1) * sizeof *ngram), *token = malloc((n + 1) * sizeof *token);
  uint32_t *timed = malloc((phones->len + 1) * sizeof *timed);
  prep->plain = malloc((n + 1) * sizeof *prep->plain);
  prep->spare = malloc((3 * total + 1) * sizeof *prep->spare);
  prep->ngram = malloc((n + 1) * sizeof *prep->ngram);
  prep->token = malloc((n + 1) * sizeof *prep->token);
  ce_status status =
      ngram && token && timed && prep->plain && prep->spare && prep->ngram && prep->token
          ? timed_phones(phones, timed)
          : CE_ERR_NOMEM;
  uint32_t *labels = prep->spare, *plain = prep->spare + total, *times = prep->spare + 2 * total;
  size_t np = 0;
  for (size_t k = 0; !status && k < n; k++) {
    uint32_t i = prep->kept_of[k];
    size_t from = prep->phone_start[i], len = prep->phone_start[i + 1] - from, start = np;
    for (size_t j = from; j < from + len; j++) {
      uint32_t label = phones->at[prep->phone_of[j]].label;
      labels[j] = label;
      times[j] = timed[prep->phone_of[j]];
      if (label != data->sil) plain[np++] = label;
    }
    ngram[k] = (sequence){labels + from, len, (uint32_t)k};
    token[k] = (sequence){times + from, len, (uint32_t)k};
    prep->plain[k] = (sequence){plain + start, np - start, (uint32_t)k};
  }
  if (!status) status = sequence_ids(ngram, n, prep->ngram, &prep->ngrams);
  if (!status) status = sequence_ids(token, n, prep->token, &prep->tokens);
  free(ngram), free(token), free(timed);
  return status;
}

/* NED's runs: each class's kept fragments by SIL-less transcription, the distinct ones its
 * runs, and their edit distances while they fit in CE_TDE_DISTANCES. */
static ce_status make_runs(const ce_tde_data *data, ce_tde_prepared *prep) {
  size_t n = prep->kept, classes = data->classes;
  size_t *start = calloc(classes + 2, sizeof *start);
  sequence *members = malloc((n + 1) * sizeof *members);
  prep->run_start = calloc(classes + 1, sizeof *prep->run_start);
  prep->dist_at = malloc((classes + 1) * sizeof *prep->dist_at);
  prep->run_seq = malloc((n + 1) * sizeof *prep->run_seq);
  prep->run_of = malloc((n + 1) * sizeof *prep->run_of);
  ce_status status =
      start && members && prep->run_start && prep->dist_at && prep->run_seq && prep->run_of
          ? CE_OK
          : CE_ERR_NOMEM;
  for (size_t k = 0; !status && k < n; k++) {
    start[data->fragments[prep->kept_of[k]].label + 2]++;
    if (prep->plain[k].len > prep->longest) prep->longest = prep->plain[k].len;
  }
  for (size_t c = 0; !status && c < classes; c++) start[c + 2] += start[c + 1];
  for (size_t k = 0; !status && k < n; k++)
    members[start[data->fragments[prep->kept_of[k]].label + 1]++] = prep->plain[k];
  size_t runs = 0, distances = 0;
  for (size_t c = 0; !status && c < classes; c++) {
    sequence *m = members + start[c];
    size_t count = start[c + 1] - start[c];
    if (count > 1) status = ce__sort(m, count, sizeof *m, by_sequence);
    prep->run_start[c] = runs;
    for (size_t i = 0; !status && i < count; i++) {
      if (!i || by_sequence(&m[i - 1], &m[i])) prep->run_seq[runs++] = m[i];
      prep->run_of[m[i].index] = (uint32_t)(runs - 1);
    }
    size_t k = runs - prep->run_start[c], need = k * (k - (k > 0)) / 2;
    prep->dist_at[c] = distances + need <= CE_TDE_DISTANCES ? distances : SIZE_MAX;
    if (prep->dist_at[c] != SIZE_MAX) distances += need;
  }
  if (!status) prep->run_start[classes] = runs;
  size_t *row = status ? NULL : malloc((prep->longest + 1) * sizeof *row);
  prep->dist = status ? NULL : malloc((distances + 1) * sizeof *prep->dist);
  if (!status && (!row || !prep->dist)) status = CE_ERR_NOMEM;
  for (size_t c = 0; !status && c < classes; c++) {
    if (prep->dist_at[c] == SIZE_MAX) continue;
    const sequence *r = prep->run_seq + prep->run_start[c];
    size_t k = prep->run_start[c + 1] - prep->run_start[c];
    double *at = prep->dist + prep->dist_at[c];
    for (size_t i = 0; i < k; i++)
      for (size_t j = i + 1; j < k; j++) *at++ = pair_ned(&r[i], &r[j], row);
  }
  free(start), free(members), free(row);
  return status;
}

ce_status ce__tde_prepare(const ce_tde_data *data, ce_tde_prepared *prep) {
  memset(prep, 0, sizeof *prep);
  ce_status status = transcribe_all(data, prep);
  if (!status) status = make_views(data, prep);
  if (!status) status = make_runs(data, prep);
  return status ? status : word_hits(data, prep);
}

/* ------------------------------------------------------------ scoring */

/* Coverage: distinct phones (not SIL or SPN) in a kept fragment over all such phones. */
static ce_status coverage(const ce_tde_data *data, const ce_tde_prepared *prep,
                          ce_tde_scores *out) {
  const ce_tde_tier *phones = data->phones;
  uint8_t *covered = calloc(phones->len + 1, 1);
  if (!covered) return CE_ERR_NOMEM;
  double hits = 0.0, total = 0.0;
  for (size_t k = 0; k < prep->kept; k++) {
    uint32_t i = prep->kept_of[k];
    if (fragment_weight(data, i) == 0) continue;
    for (size_t j = prep->phone_start[i]; j < prep->phone_start[i + 1]; j++) {
      uint32_t p = prep->phone_of[j], label = phones->at[p].label;
      if (label != data->sil && label != data->spn && !covered[p])
        covered[p] = 1, hits += weight_of(data, phones->at[p].file);
    }
  }
  for (size_t p = 0; p < phones->len; p++)
    if (phones->at[p].label != data->sil && phones->at[p].label != data->spn)
      total += weight_of(data, phones->at[p].file);
  free(covered);
  if (total > 0)
    ce__measure_put(&out->m, CE_COVERAGE, hits / total);
  else
    out->null_why |= CE_TDE_NO_PHONE;
  return CE_OK;
}

/* NED and grouping, class by class, over the present fragments. */
static ce_status by_classes(const ce_tde_data *data, const ce_tde_prepared *prep,
                            ce_tde_scores *out) {
  size_t n = prep->kept, classes = data->classes, present = 0;
  double *size = calloc(classes + 1, sizeof *size), *weight = malloc((n + 1) * sizeof *weight);
  fragment *frags = malloc((n + 1) * sizeof *frags);
  out->class_ned = malloc((classes + 1) * sizeof *out->class_ned);
  ce_status status = size && weight && frags && out->class_ned ? CE_OK : CE_ERR_NOMEM;
  for (size_t k = 0; !status && k < n; k++) {
    const ce_tde_span *f = &data->fragments[prep->kept_of[k]];
    weight[k] = fragment_weight(data, prep->kept_of[k]);
    if (weight[k] == 0) continue;
    frags[present++] = (fragment){f->label, prep->ngram[k], prep->token[k], f->file, f->on, f->off};
    out->classes += size[f->label] == 0;
    size[f->label] += weight[k];
  }
  if (!status) status = ned_by_class(data, prep, weight, out);
  if (!status) status = grouping(frags, present, size, prep->tokens, out);
  free(size), free(frags), free(weight);
  return status;
}

ce_status ce__tde_measure(const ce_tde_data *data, const ce_tde_prepared *prep,
                          ce_tde_scores *out) {
  memset(out, 0, sizeof *out);
  out->kept = prep->kept;
  out->dropped = prep->dropped;
  ce_status status = coverage(data, prep, out);
  if (!status) status = by_classes(data, prep, out);
  if (status) return status;
  if (!prep->kept) out->null_why |= CE_TDE_NO_FRAGMENT | CE_TDE_NO_PAIR | CE_TDE_NO_GOLD_PAIR;
  /* The word-based scores need every present fragment's file in the word alignment. */
  int words = data->words != NULL;
  for (size_t k = 0; words && k < prep->kept; k++) {
    uint32_t file = data->fragments[prep->kept_of[k]].file;
    words = fragment_weight(data, prep->kept_of[k]) == 0 || ce__tde_tier_has(data->words, file);
  }
  if (!words) {
    out->null_why |= CE_TDE_NO_WORDS;
    return CE_OK;
  }
  status = tokens_types(data, prep, out);
  /* Boundaries: each present fragment's first phone's onset and last phone's offset. */
  ce_tde_span *edges = status ? NULL : malloc((prep->kept + 1) * sizeof *edges);
  if (!status && !edges) status = CE_ERR_NOMEM;
  size_t count = 0;
  for (size_t k = 0; edges && k < prep->kept; k++) {
    uint32_t i = prep->kept_of[k];
    if (fragment_weight(data, i) == 0) continue;
    size_t from = prep->phone_start[i], to = prep->phone_start[i + 1];
    edges[count++] =
        (ce_tde_span){data->phones->at[prep->phone_of[from]].on,
                      data->phones->at[prep->phone_of[to - 1]].off, data->fragments[i].file, 0};
  }
  if (edges) status = boundaries(data, edges, count, out);
  free(edges);
  return status;
}

ce_status ce__tde_score(const ce_tde_data *data, ce_tde_scores *out) {
  ce_tde_prepared prep;
  ce_status status = ce__tde_prepare(data, &prep);
  if (!status) status = ce__tde_measure(data, &prep, out);
  ce__tde_prepared_free(&prep);
  return status;
}
