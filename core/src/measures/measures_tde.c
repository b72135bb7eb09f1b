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

/* A sequence of numbers and its owner, for sorting sequences into ids. */
typedef struct sequence {
  const uint32_t *at;
  size_t len;
  uint32_t index;
} sequence;

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

/* Every class's pairs, summed by distinct transcription: members[c] are class c's
 * transcriptions (SIL removed) sorted, so equal ones are runs. */
static ce_status ned_by_class(const sequence *members, const size_t *start, size_t classes,
                              size_t longest, ce_tde_scores *out) {
  size_t *row = malloc((longest + 1) * sizeof *row);
  if (!row) return CE_ERR_NOMEM;
  double total = 0.0, pairs = 0.0;
  for (size_t c = 0; c < classes; c++) {
    const sequence *m = members + start[c];
    size_t n = start[c + 1] - start[c];
    double sum = 0.0, class_pairs = (double)n * (double)(n - (n > 0)) / 2;
    for (size_t i = 0; i < n;) {
      size_t j = i;
      while (j < n && !by_sequence(&m[i], &m[j])) j++;
      double same = (double)(j - i);
      if (!m[i].len) sum += same * (same - 1) / 2; /* two empty sides score 1 */
      for (size_t k = j; k < n;) {
        size_t l = k;
        while (l < n && !by_sequence(&m[k], &m[l])) l++;
        sum += same * (double)(l - k) * pair_ned(&m[i], &m[k], row);
        k = l;
      }
      i = j;
    }
    out->class_ned[c] = class_pairs > 0 ? sum / class_pairs : NAN;
    total += sum;
    pairs += class_pairs;
  }
  free(row);
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

static void put_prf(ce_measures *m, ce_measure p_id, double hits, double found, double gold,
                    int found_ok, int gold_ok) {
  double p = hits / found, r = hits / gold;
  if (found_ok) ce__measure_put(m, p_id, p);
  if (gold_ok) ce__measure_put(m, (ce_measure)(p_id + 1), r);
  if (found_ok && gold_ok && p + r > 0)
    ce__measure_put(m, (ce_measure)(p_id + 2), 2 * p * r / (p + r));
}

static ce_status grouping(fragment *frags, size_t count, const size_t *class_size, size_t tokens,
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
  put_prf(&out->m, CE_GROUPING_P, (double)n_both, (double)n_found, (double)n_gold, n_found > 0,
          n_gold > 0);
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

/* |a ∪ b| of two distinct sorted sets. */
static size_t union_size(const boundary *a, size_t na, const boundary *b, size_t nb) {
  size_t i = 0, j = 0, n = 0;
  while (i < na || j < nb) {
    int c = i == na ? 1 : j == nb ? -1 : by_boundary(&a[i], &b[j]);
    i += c <= 0, j += c >= 0, n++;
  }
  return n;
}

/* Boundary P, R, F: found onsets (first kept phone's) right when a gold word begins there,
 * offsets when one ends there; a time found or gold as both counts once, as tdev2 counts. */
static ce_status boundaries(const ce_tde_data *data, const ce_tde_span *edges, size_t count,
                            ce_tde_scores *out) {
  const ce_tde_tier *words = data->words;
  size_t w = words->len;
  boundary *all = malloc((2 * count + 2 * w + count * 2 + 1) * sizeof *all);
  if (!all) return CE_ERR_NOMEM;
  boundary *down = all, *up = all + count, *gold_down = all + 2 * count;
  boundary *gold_up = gold_down + w, *hits = gold_up + w;
  for (size_t i = 0; i < count; i++) {
    down[i] = (boundary){edges[i].file, edges[i].on};
    up[i] = (boundary){edges[i].file, edges[i].off};
  }
  for (size_t i = 0; i < w; i++) {
    gold_down[i] = (boundary){words->at[i].file, words->at[i].on};
    gold_up[i] = (boundary){words->at[i].file, words->at[i].off};
  }
  size_t nd = distinct_boundaries(down, count), nu = distinct_boundaries(up, count);
  size_t ngd = distinct_boundaries(gold_down, w), ngu = distinct_boundaries(gold_up, w);
  size_t nh = 0;
  for (size_t i = 0; i < nd; i++)
    if (has_boundary(gold_down, ngd, down[i])) hits[nh++] = down[i];
  for (size_t i = 0; i < nu; i++)
    if (has_boundary(gold_up, ngu, up[i])) hits[nh++] = up[i];
  nh = distinct_boundaries(hits, nh);
  size_t found = union_size(down, nd, up, nu), gold = union_size(gold_down, ngd, gold_up, ngu);
  free(all);
  put_prf(&out->m, CE_BOUNDARY_P, (double)nh, (double)found, (double)gold, found > 0, gold > 0);
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

/* Token and type P, R, F: a fragment hits its word when the word's phones are its
 * transcription; token hits are distinct words, type hits distinct transcriptions. */
static ce_status tokens_types(const ce_tde_data *data, const ce_tde_scores *s,
                              const uint32_t *ngram, size_t ngrams, ce_tde_scores *out) {
  const ce_tde_tier *words = data->words;
  uint8_t *word_hit = calloc(words->len + ngrams + 1, 1);
  uint32_t *labels = NULL;
  size_t label_cap = 0, types = 0, token_hits = 0, type_hits = 0;
  ce_u32s found = {0};
  if (!word_hit) return CE_ERR_NOMEM;
  uint8_t *type_hit = word_hit + words->len;
  for (size_t i = 0, k = 0; i < data->count; i++) {
    size_t from = s->phone_start[i], len = s->phone_start[i + 1] - from;
    if (!len) continue;
    uint32_t t = ngram[k++];
    size_t w = chosen_word(words, &data->fragments[i], &found);
    if (w == SIZE_MAX || !word_matches(data, &words->at[w], s->phone_of + from, len, &found))
      continue;
    if (!word_hit[w]) word_hit[w] = 1, token_hits++;
    if (!type_hit[t]) type_hit[t] = 1, type_hits++;
  }
  /* Gold types: the distinct word labels. */
  for (size_t i = 0; i < words->len; i++) {
    if (ce__grow((void **)&labels, &label_cap, types + 1, sizeof *labels)) {
      free(word_hit), free(found.at), free(labels);
      return CE_ERR_NOMEM;
    }
    labels[types++] = words->at[i].label;
  }
  ce__sort_u32(labels, types);
  size_t word_types = 0;
  for (size_t i = 0; i < types; i++) word_types += !i || labels[i] != labels[i - 1];
  put_prf(&out->m, CE_TOKEN_P, (double)token_hits, (double)s->kept, (double)words->len, s->kept > 0,
          words->len > 0);
  put_prf(&out->m, CE_TYPE_P, (double)type_hits, (double)ngrams, (double)word_types, ngrams > 0,
          word_types > 0);
  free(word_hit), free(found.at), free(labels);
  return CE_OK;
}

/* ------------------------------------------------------------ scoring */

void ce__tde_scores_free(ce_tde_scores *scores) {
  free(scores->phone_of);
  free(scores->phone_start);
  free(scores->class_ned);
  memset(scores, 0, sizeof *scores);
}

/* Transcribes every fragment: phone_of / phone_start, kept and dropped. */
static ce_status transcribe_all(const ce_tde_data *data, ce_tde_scores *out) {
  ce_u32s found = {0}, kept = {0};
  ce_status status = CE_OK;
  if (!(out->phone_start = malloc((data->count + 1) * sizeof *out->phone_start)))
    return CE_ERR_NOMEM;
  out->phone_start[0] = 0;
  for (size_t i = 0; i < data->count && !status; i++) {
    status = transcribe(data, &data->fragments[i], &found, &kept);
    out->phone_start[i + 1] = kept.len;
    if (kept.len > out->phone_start[i])
      out->kept++;
    else
      out->dropped++;
  }
  free(found.at);
  out->phone_of = kept.at;
  return status;
}

/* Coverage: distinct phones (not SIL or SPN) in a kept fragment over all such phones. */
static ce_status coverage(const ce_tde_data *data, ce_tde_scores *out) {
  const ce_tde_tier *phones = data->phones;
  uint8_t *covered = calloc(phones->len + 1, 1);
  if (!covered) return CE_ERR_NOMEM;
  size_t hits = 0, total = 0;
  for (size_t k = 0; k < out->phone_start[data->count]; k++) {
    uint32_t p = out->phone_of[k], label = phones->at[p].label;
    if (label != data->sil && label != data->spn && !covered[p]) covered[p] = 1, hits++;
  }
  for (size_t p = 0; p < phones->len; p++)
    total += phones->at[p].label != data->sil && phones->at[p].label != data->spn;
  free(covered);
  if (total)
    ce__measure_put(&out->m, CE_COVERAGE, (double)hits / (double)total);
  else
    out->null_why |= CE_TDE_NO_PHONE;
  return CE_OK;
}

/* The sequences of the kept fragments: ngram (labels), without SIL, and token (phones with
 * their times, not their file); `spare` holds the SIL-less labels and token elements. */
typedef struct views {
  sequence *ngram, *plain, *token;
  uint32_t *spare;
  uint32_t *ngram_id, *token_id;
  size_t ngrams, tokens;
} views;

static ce_status make_views(const ce_tde_data *data, const ce_tde_scores *s, views *v) {
  size_t n = s->kept, total = s->phone_start[data->count];
  const ce_tde_tier *phones = data->phones;
  v->ngram = malloc((n + 1) * sizeof *v->ngram);
  v->plain = malloc((n + 1) * sizeof *v->plain);
  v->token = malloc((n + 1) * sizeof *v->token);
  v->spare = malloc((3 * total + 1) * sizeof *v->spare);
  v->ngram_id = malloc((n + 1) * sizeof *v->ngram_id);
  v->token_id = malloc((n + 1) * sizeof *v->token_id);
  /* Timed phones: a phone's (onset, offset, label) by rank, whatever its file. */
  uint32_t *timed = malloc((phones->len + 1) * sizeof *timed);
  sequence *keys = malloc((phones->len + 1) * sizeof *keys);
  uint32_t *triples = malloc((phones->len * 5 + 1) * sizeof *triples);
  if (!v->ngram || !v->plain || !v->token || !v->spare || !v->ngram_id || !v->token_id || !timed ||
      !keys || !triples) {
    free(timed), free(keys), free(triples);
    return CE_ERR_NOMEM;
  }
  for (size_t p = 0; p < phones->len; p++) {
    uint64_t on, off;
    memcpy(&on, &phones->at[p].on, 8), memcpy(&off, &phones->at[p].off, 8);
    uint32_t *t = triples + 5 * p;
    t[0] = (uint32_t)(on >> 32), t[1] = (uint32_t)on, t[2] = (uint32_t)(off >> 32);
    t[3] = (uint32_t)off, t[4] = phones->at[p].label;
    keys[p] = (sequence){t, 5, (uint32_t)p};
  }
  size_t distinct;
  ce_status status = sequence_ids(keys, phones->len, timed, &distinct);
  free(keys), free(triples);
  if (status) {
    free(timed);
    return status;
  }
  uint32_t *labels = v->spare, *plain = v->spare + total, *token = v->spare + 2 * total;
  size_t k = 0, np = 0;
  for (size_t i = 0; i < data->count; i++) {
    size_t from = s->phone_start[i], len = s->phone_start[i + 1] - from, start = np;
    if (!len) continue;
    for (size_t j = from; j < from + len; j++) {
      uint32_t label = phones->at[s->phone_of[j]].label;
      labels[j] = label;
      token[j] = timed[s->phone_of[j]];
      if (label != data->sil) plain[np++] = label;
    }
    v->ngram[k] = (sequence){labels + from, len, (uint32_t)k};
    v->token[k] = (sequence){token + from, len, (uint32_t)k};
    v->plain[k] = (sequence){plain + start, np - start, (uint32_t)k};
    k++;
  }
  free(timed);
  sequence *sorted = malloc((n + 1) * sizeof *sorted);
  if (!sorted) return CE_ERR_NOMEM;
  memcpy(sorted, v->ngram, n * sizeof *sorted);
  status = sequence_ids(sorted, n, v->ngram_id, &v->ngrams);
  if (!status) memcpy(sorted, v->token, n * sizeof *sorted);
  if (!status) status = sequence_ids(sorted, n, v->token_id, &v->tokens);
  free(sorted);
  return status;
}

static void views_free(views *v) {
  free(v->ngram), free(v->plain), free(v->token), free(v->spare), free(v->ngram_id);
  free(v->token_id);
}

/* NED and grouping, class by class. */
static ce_status by_classes(const ce_tde_data *data, ce_tde_scores *out, const views *v) {
  size_t n = out->kept, classes = data->classes, longest = 0;
  size_t *start = calloc(classes + 2, sizeof *start);
  sequence *members = malloc((n + 1) * sizeof *members);
  fragment *frags = malloc((n + 1) * sizeof *frags);
  out->class_ned = malloc((classes + 1) * sizeof *out->class_ned);
  ce_status status = start && members && frags && out->class_ned ? CE_OK : CE_ERR_NOMEM;
  for (size_t i = 0, k = 0; !status && i < data->count; i++) {
    if (out->phone_start[i + 1] == out->phone_start[i]) continue;
    const ce_tde_span *f = &data->fragments[i];
    frags[k] = (fragment){f->label, v->ngram_id[k], v->token_id[k], f->file, f->on, f->off};
    start[f->label + 2]++;
    if (v->plain[k].len > longest) longest = v->plain[k].len;
    k++;
  }
  if (!status) {
    for (size_t c = 0; c < classes; c++) {
      out->classes += start[c + 2] > 0;
      start[c + 2] += start[c + 1];
    }
    for (size_t k = 0; k < n; k++) members[start[frags[k].class_id + 1]++] = v->plain[k];
    for (size_t c = 0; c < classes && !status; c++)
      if (start[c + 1] - start[c] > 1)
        status =
            ce__sort(members + start[c], start[c + 1] - start[c], sizeof *members, by_sequence);
  }
  if (!status) status = ned_by_class(members, start, classes, longest, out);
  size_t *size = malloc((classes + 1) * sizeof *size);
  if (!status && !size) status = CE_ERR_NOMEM;
  for (size_t c = 0; !status && c < classes; c++) size[c] = start[c + 1] - start[c];
  if (!status) status = grouping(frags, n, size, v->tokens, out);
  free(size), free(start), free(members), free(frags);
  return status;
}

ce_status ce__tde_score(const ce_tde_data *data, ce_tde_scores *out) {
  memset(out, 0, sizeof *out);
  ce_status status = transcribe_all(data, out);
  if (!status) status = coverage(data, out);
  if (status) return status;
  if (!out->kept) out->null_why |= CE_TDE_NO_FRAGMENT | CE_TDE_NO_PAIR | CE_TDE_NO_GOLD_PAIR;
  views v = {0};
  status = make_views(data, out, &v);
  if (!status) status = by_classes(data, out, &v);
  int words = data->words != NULL;
  for (size_t i = 0; words && i < data->count; i++)
    words = out->phone_start[i + 1] == out->phone_start[i] ||
            ce__tde_tier_has(data->words, data->fragments[i].file);
  if (!words) out->null_why |= CE_TDE_NO_WORDS;
  if (!status && words) status = tokens_types(data, out, v.ngram_id, v.ngrams, out);
  /* Boundaries: each kept fragment's first phone's onset and last phone's offset. */
  ce_tde_span *edges = words && !status ? malloc((out->kept + 1) * sizeof *edges) : NULL;
  if (words && !status && !edges) status = CE_ERR_NOMEM;
  for (size_t i = 0, k = 0; edges && i < data->count; i++) {
    size_t from = out->phone_start[i], to = out->phone_start[i + 1];
    if (from == to) continue;
    edges[k++] =
        (ce_tde_span){data->phones->at[out->phone_of[from]].on,
                      data->phones->at[out->phone_of[to - 1]].off, data->fragments[i].file, 0};
  }
  if (edges) status = boundaries(data, edges, out->kept, out);
  free(edges);
  views_free(&v);
  return status;
}
