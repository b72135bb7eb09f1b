/*
 * Approximate randomization (Noreen 1989; Yeh 2000, §3; Riezler & Maxwell 2005, §3): is
 * the difference d = m(A) − m(B) between two rows larger than chance would make it? Under
 * the null hypothesis the two outputs of each unit could as well have come from the other
 * row, so each of R shuffles swaps them, unit by unit, with probability 1/2, and scores the
 * shuffled rows A' and B'. p = (1 + #{|d'| ≥ |d|}) / (1 + R), two-sided.
 *
 * Units: gold's sentences for the token level, gold's evaluated items (types) for the type
 * level, gold's lemmas for a sense run (SPEC §3.7), the key's documents for a coreference run
 * (SPEC §3.6), as the bootstrap draws them. A sense run's lemma keeps its values whichever row
 * it comes from, so a shuffle averages the two rows' per-lemma values, mixed
 * (ce__senses_average); a document keeps its counts, so a shuffle sums the two rows' counts,
 * mixed (ce__coref_add). A swapped unit keeps its labels: two rows that
 * share a label name share that cluster, other labels stay apart (A' holds A's clusters and B's).
 *
 * The token level is fast because a swap moves counts between two tables whose union is
 * fixed: A' = A + Σ over swapped sentences of (B_s − A_s) and B' = (A + B) − A', touching
 * only the tokens where A and B differ. Gold's tokens never move, so the class sums and N
 * stay as they are and AMI's expected MI is a sum over clusters of a function of the
 * cluster's size alone, remembered from shuffle to shuffle (ce_emi_cache): without it, the
 * expected MI took 80% of a resample's scoring. The type level scores A' and B' through
 * score.c like a resample, M-1 climbing once from the full data's mappings.
 *
 * Pairs run one after another, R shuffles each; shuffle r draws its coins from its own
 * streams of the seed, the same for every pair, so the result does not depend on how the
 * caller steps the work.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng_internal.h"
#include "run/input_internal.h"
#include "run/coref_internal.h"
#include "run/senses_internal.h"
#include "run/tde_internal.h"
#include "stats/randomization_internal.h"

/* Apart from the hill climbing's streams (0 ..) and the resamples' (2^40 ..). */
#define AR_STREAM_BASE ((uint64_t)1 << 41)

/* The token level of one pair: cells of A's and B's tokens, and what each sentence moves. */
typedef struct token_engine {
  int active;
  size_t cells;
  uint64_t *keys;        /* the cells either row uses, (class << 32 | cluster), sorted */
  uint64_t *base, *sum;  /* A's counts; A's plus B's */
  uint64_t *now, *other; /* A' and B' of the shuffle at hand */
  uint32_t *from, *to;   /* a token where A and B differ: its cell in A, in B */
  size_t *moves_at;      /* sentences + 1: where each sentence's differing tokens start */
  int cacheable;         /* no token left out by either row: class sums and N are fixed */
  ce_table table;        /* scratch */
} token_engine;

/* The type level of one pair: both rows' labels by item, in the pair's cluster ids. */
typedef struct type_engine {
  int active;
  ce_item_labels rows[2];
  uint32_t *starts[2][CE_TYPE_MEASURES]; /* M-1 starts of A' and B' */
  uint32_t unclustered;
  ce_item_labels mixed; /* scratch: a shuffled row */
  uint8_t *swapped;     /* by item id */
} type_engine;

/* A sense or coreference run's pair: its level, and A' and B' lemma by lemma (scratch; a
 * coreference run sums its documents' counts as it goes and needs none). */
typedef struct unit_engine {
  int active;
  ce_level level;
  ce_measures *mixed[2];
} unit_engine;

/* A tde run's pair: both rows' fragments, swapped file by file (run/tde.c). */
typedef struct tde_engine {
  int active;
  ce_tde_pair pair;
  uint8_t *swapped; /* by file id */
} tde_engine;

enum { AR_LEVELS = CE_LEVEL_LAST + 1 };

typedef struct ce_ar {
  unsigned shuffles; /* R */
  size_t pair_count;
  size_t (*pairs)[2];
  size_t pair;       /* the pair at hand */
  unsigned done;     /* its shuffles done */
  int ready;         /* its engines are built */
  ce_intern names;   /* the pair's clusters: A's, then B's names A lacks */
  uint32_t *b_names; /* B's cluster id → the pair's */
  token_engine token;
  type_engine type;
  unit_engine units;
  tde_engine tde;
  ce_emi_cache emi;
  /* Per pair, level and measure: the observed difference, extreme shuffles, counted ones. */
  double *observed;
  uint32_t *extreme, *counted;
  int *levels; /* per pair and level: 1 when both rows take part */
} ce_ar;

static size_t at_of(size_t pair, int level, int m) {
  return (pair * AR_LEVELS + (size_t)level) * CE_MEASURE_COUNT + (size_t)m;
}

/* ------------------------------------------------------------- engines */

static void token_engine_free(token_engine *te) {
  free(te->keys);
  free(te->base);
  free(te->sum);
  free(te->now);
  free(te->other);
  free(te->from);
  free(te->to);
  free(te->moves_at);
  ce__table_free(&te->table);
  memset(te, 0, sizeof *te);
}

static void type_engine_free(type_engine *ye) {
  for (int side = 0; side < 2; side++) {
    ce__item_labels_free(&ye->rows[side]);
    for (int t = 0; t < CE_TYPE_MEASURES; t++) free(ye->starts[side][t]);
  }
  ce__item_labels_free(&ye->mixed);
  free(ye->swapped);
  memset(ye, 0, sizeof *ye);
}

static void pair_free(ce_ar *ar) {
  token_engine_free(&ar->token);
  type_engine_free(&ar->type);
  free(ar->units.mixed[0]);
  free(ar->units.mixed[1]);
  memset(&ar->units, 0, sizeof ar->units);
  ce__tde_pair_free(&ar->tde.pair);
  free(ar->tde.swapped);
  memset(&ar->tde, 0, sizeof ar->tde);
  ce__intern_free(&ar->names);
  free(ar->b_names);
  ar->b_names = NULL;
  ar->ready = 0;
}

static void ar_free(ce_ar *ar) {
  if (!ar) return;
  pair_free(ar);
  ce__emi_cache_free(&ar->emi);
  free(ar->pairs);
  free(ar->observed);
  free(ar->extreme);
  free(ar->counted);
  free(ar->levels);
  free(ar);
}

/* The cells of the pair's tokens: both rows' (class, cluster) keys, sorted and distinct. */
static ce_status union_cells(token_engine *te, const uint32_t *cls, const uint32_t *ka,
                             const uint32_t *kb, size_t tokens) {
  ce_cells seen = {0};
  ce_status status = CE_OK;
  for (size_t t = 0; t < tokens && !status; t++) {
    if (ka[t] != UINT32_MAX) status = ce__cells_add(&seen, cls[t], ka[t], 1);
    if (!status && kb[t] != UINT32_MAX) status = ce__cells_add(&seen, cls[t], kb[t], 1);
  }
  uint64_t *pairs = NULL;
  if (!status) status = ce__cells_sorted(&seen, &pairs);
  if (!status) {
    te->cells = seen.used;
    te->keys = malloc((te->cells ? te->cells : 1) * sizeof *te->keys);
    if (!te->keys) status = CE_ERR_NOMEM;
    for (size_t i = 0; !status && i < te->cells; i++) te->keys[i] = pairs[2 * i]; /* sorted */
  }
  free(pairs);
  ce__cells_free(&seen);
  return status;
}

static ce_status token_engine_build(const ce_eval *ev, ce_ar *ar, size_t a, size_t b) {
  const ce_boot *boot = ev->boot;
  token_engine *te = &ar->token;
  uint32_t *ka = NULL, *kb = NULL;
  int has_a, has_b;
  ce_status status = ce__boot_token_clusters(ev, a, &ka, &has_a);
  if (!status) status = ce__boot_token_clusters(ev, b, &kb, &has_b);
  if (status || !has_a || !has_b) goto done;
  size_t tokens = boot->tokens, sentences = boot->sentences;
  const uint32_t *cls = boot->token_class.at;
  te->cacheable = 1;
  for (size_t t = 0; t < tokens; t++) {
    if (kb[t] != UINT32_MAX) kb[t] = ar->b_names[kb[t]];
    te->cacheable &= ka[t] != UINT32_MAX && kb[t] != UINT32_MAX;
  }
  status = union_cells(te, cls, ka, kb, tokens);
  if (status) goto done;
  size_t n = te->cells ? te->cells : 1;
  te->base = calloc(n, sizeof *te->base);
  te->sum = calloc(n, sizeof *te->sum);
  te->now = malloc(n * sizeof *te->now);
  te->other = malloc(n * sizeof *te->other);
  te->moves_at = malloc((sentences + 1) * sizeof *te->moves_at);
  ce_u32s from = {0}, to = {0};
  if (!te->base || !te->sum || !te->now || !te->other || !te->moves_at) status = CE_ERR_NOMEM;
  for (size_t s = 0; s < sentences && !status; s++) {
    te->moves_at[s] = from.len;
    size_t end = s + 1 < sentences ? boot->sentence_start.at[s + 1] : tokens;
    for (size_t t = boot->sentence_start.at[s]; t < end && !status; t++) {
      uint32_t ua = ka[t] == UINT32_MAX ? UINT32_MAX
                                        : (uint32_t)ce__lower_bound_u64(
                                              te->keys, te->cells, (uint64_t)cls[t] << 32 | ka[t]);
      uint32_t ub = kb[t] == UINT32_MAX ? UINT32_MAX
                                        : (uint32_t)ce__lower_bound_u64(
                                              te->keys, te->cells, (uint64_t)cls[t] << 32 | kb[t]);
      if (ua != UINT32_MAX) te->base[ua]++, te->sum[ua]++;
      if (ub != UINT32_MAX) te->sum[ub]++;
      if (ua == ub) continue;
      status = ce__u32s_push(&from, ua);
      if (!status) status = ce__u32s_push(&to, ub);
    }
  }
  if (!status) te->moves_at[sentences] = from.len;
  te->from = from.at;
  te->to = to.at;
  /* The scratch table: as many cells, gold's classes, the pair's clusters. */
  ce_table *tb = &te->table;
  tb->classes = ce__intern_count(&ev->inputs[0].labels);
  tb->clusters = ce__intern_count(&ar->names);
  tb->cell_class = malloc(n * sizeof *tb->cell_class);
  tb->cell_cluster = malloc(n * sizeof *tb->cell_cluster);
  tb->cell_n = malloc(n * sizeof *tb->cell_n);
  tb->class_sums = malloc((tb->classes ? tb->classes : 1) * sizeof *tb->class_sums);
  tb->cluster_sums = malloc((tb->clusters ? tb->clusters : 1) * sizeof *tb->cluster_sums);
  if (!status &&
      (!tb->cell_class || !tb->cell_cluster || !tb->cell_n || !tb->class_sums || !tb->cluster_sums))
    status = CE_ERR_NOMEM;
  te->active = !status;
done:
  free(ka);
  free(kb);
  return status;
}

/* The scratch table holding `counts` over the engine's cells (zero cells left out). */
static void fill_table(token_engine *te, const uint64_t *counts) {
  ce_table *tb = &te->table;
  memset(tb->class_sums, 0, tb->classes * sizeof *tb->class_sums);
  memset(tb->cluster_sums, 0, tb->clusters * sizeof *tb->cluster_sums);
  tb->cell_count = 0;
  tb->total = 0;
  for (size_t u = 0; u < te->cells; u++) {
    if (!counts[u]) continue;
    uint32_t c = (uint32_t)(te->keys[u] >> 32), k = (uint32_t)te->keys[u];
    size_t i = tb->cell_count++;
    tb->cell_class[i] = c;
    tb->cell_cluster[i] = k;
    tb->cell_n[i] = counts[u];
    tb->class_sums[c] += counts[u];
    tb->cluster_sums[k] += counts[u];
    tb->total += counts[u];
  }
}

static ce_status score_counts(const ce_eval *ev, ce_ar *ar, const uint64_t *counts,
                              ce_measures *out) {
  token_engine *te = &ar->token;
  fill_table(te, counts);
  memset(out, 0, sizeof *out);
  if (!te->table.total) return CE_OK; /* every token left out: nothing defined */
  ce_measure_options options = ce__measure_options(ev);
  options.emi_cache = te->cacheable ? &ar->emi : NULL;
  return ce__measures_all(&te->table, &options, out);
}

/* A' and B' of a shuffle (bits[s]: sentence s swapped), or of none when `bits` is NULL. */
static ce_status token_shuffle(const ce_eval *ev, ce_ar *ar, const uint64_t *bits, ce_measures *pa,
                               ce_measures *pb) {
  token_engine *te = &ar->token;
  size_t sentences = ev->boot->sentences;
  memcpy(te->now, te->base, te->cells * sizeof *te->now);
  for (size_t s = 0; bits && s < sentences; s++) {
    if (!(bits[s / 64] >> (s % 64) & 1)) continue;
    for (size_t i = te->moves_at[s]; i < te->moves_at[s + 1]; i++) {
      if (te->from[i] != UINT32_MAX) te->now[te->from[i]]--;
      if (te->to[i] != UINT32_MAX) te->now[te->to[i]]++;
    }
  }
  for (size_t u = 0; u < te->cells; u++) te->other[u] = te->sum[u] - te->now[u];
  ce_status status = score_counts(ev, ar, te->now, pa);
  return status ? status : score_counts(ev, ar, te->other, pb);
}

/* Row r's labels by item in the pair's cluster ids (`to`: the row's id → the pair's, or
 * NULL to keep them), each item's labels ascending. */
static ce_status labels_in_pair(const ce_item_labels *from, size_t items, const uint32_t *to,
                                ce_item_labels *out) {
  memset(out, 0, sizeof *out);
  size_t labels = from->item_count ? from->start[from->item_count] : 0;
  out->item_count = items;
  out->start = calloc(items + 1, sizeof *out->start);
  out->labels = malloc((labels ? labels : 1) * sizeof *out->labels);
  out->weights = malloc((labels ? labels : 1) * sizeof *out->weights);
  if (!out->start || !out->labels || !out->weights) return CE_ERR_NOMEM;
  uint32_t at = 0;
  for (size_t item = 0; item < items; item++) {
    uint32_t first = item < from->item_count ? from->start[item] : 0;
    uint32_t end = item < from->item_count ? from->start[item + 1] : 0;
    for (uint32_t j = first; j < end; j++, at++) {
      /* Insertion: an item has a few labels. */
      uint32_t label = to ? to[from->labels[j]] : from->labels[j], k = at;
      for (; k > out->start[item] && out->labels[k - 1] > label; k--) {
        out->labels[k] = out->labels[k - 1];
        out->weights[k] = out->weights[k - 1];
      }
      out->labels[k] = label;
      out->weights[k] = from->weights[j];
    }
    out->start[item + 1] = at;
  }
  return CE_OK;
}

static ce_status type_engine_build(const ce_eval *ev, ce_ar *ar, size_t a, size_t b) {
  const ce_boot *boot = ev->boot;
  type_engine *ye = &ar->type;
  const ce_row *rows[2] = {&ev->rows[a], &ev->rows[b]};
  for (int side = 0; side < 2; side++)
    if (!boot->rows[side ? b : a].fixed || !rows[side]->has_climb) return CE_OK;
  size_t items = ce__intern_count(&ev->items);
  size_t clusters = ce__intern_count(&ar->names);
  /* Room past the pair's clusters, as if every item synthesised one of its own (it cannot:
   * each row made its own when it was scored, and the pair has both rows' clusters). */
  size_t room = clusters + boot->gold->evaluated_count + 1;
  ce_status status = CE_OK;
  for (int side = 0; side < 2 && !status; side++)
    status =
        labels_in_pair(&rows[side]->kept_labels, items, side ? ar->b_names : NULL, &ye->rows[side]);
  size_t most = ye->rows[0].start[items] + ye->rows[1].start[items];
  ye->mixed.item_count = items;
  ye->mixed.start = calloc(items + 1, sizeof *ye->mixed.start);
  ye->mixed.labels = malloc((most ? most : 1) * sizeof *ye->mixed.labels);
  ye->mixed.weights = malloc((most ? most : 1) * sizeof *ye->mixed.weights);
  ye->swapped = calloc(items ? items : 1, 1);
  if (!status && (!ye->mixed.start || !ye->mixed.labels || !ye->mixed.weights || !ye->swapped))
    status = CE_ERR_NOMEM;
  /* M-1 climbs from each row's full-data mapping; A' keeps A's for a shared name, B' B's. */
  size_t counts[2] = {ce__intern_count(&rows[0]->clusters), ce__intern_count(&rows[1]->clusters)};
  for (int side = 0; side < 2 && !status; side++)
    for (int t = 0; t < CE_TYPE_MEASURES && !status; t++) {
      uint32_t *start = ye->starts[side][t] = calloc(room, sizeof *start);
      if (!start) {
        status = CE_ERR_NOMEM;
        break;
      }
      const uint32_t *map_a = rows[0]->climb.m1[t].cluster_to_class;
      const uint32_t *map_b = rows[1]->climb.m1[t].cluster_to_class;
      for (int pass = 0; pass < 2; pass++) { /* the other row first, the own row over it */
        int from = pass ? side : !side;
        const uint32_t *map = from ? map_b : map_a;
        for (size_t k = 0; k < counts[from]; k++)
          start[from ? ar->b_names[k] : k] = map[k] == UINT32_MAX ? 0 : map[k];
      }
    }
  uint32_t unclustered = UINT32_MAX;
  for (int side = 1; side >= 0; side--) {
    const ce_row *row = rows[side];
    const ce_input *input = row->input == SIZE_MAX ? NULL : &ev->inputs[row->input];
    if (input && input->unclustered_id != UINT32_MAX)
      unclustered = side ? ar->b_names[input->unclustered_id] : input->unclustered_id;
  }
  ye->unclustered = unclustered;
  ye->active = !status;
  return status;
}

/* Row `side`'s labels, with the items whose swapped flag is set taken from the other row. */
static void mix_labels(type_engine *ye, int side) {
  ce_item_labels *out = &ye->mixed;
  uint32_t at = 0;
  for (size_t item = 0; item < out->item_count; item++) {
    const ce_item_labels *from = &ye->rows[ye->swapped[item] ? !side : side];
    uint32_t first = from->start[item], count = from->start[item + 1] - first;
    memcpy(out->labels + at, from->labels + first, count * sizeof *out->labels);
    memcpy(out->weights + at, from->weights + first, count * sizeof *out->weights);
    at += count;
    out->start[item + 1] = at;
  }
}

static ce_status score_type(const ce_eval *ev, ce_ar *ar, int side, ce_measures *out) {
  type_engine *ye = &ar->type;
  const ce_row *full = &ev->rows[ar->pairs[ar->pair][side]];
  mix_labels(ye, side);
  ce_row row;
  ce_status status = ce__row_start(&row, full->name, full->format, full->input);
  if (!status) status = ce__intern_copy(&row.clusters, &ar->names);
  ce_row_sources sources = {ev->boot->gold,
                            &ye->mixed,
                            ye->unclustered,
                            0,
                            NULL,
                            NULL,
                            (const uint32_t *const *)ye->starts[side],
                            CE_SKIP_TOKEN,
                            NULL,
                            NULL};
  if (!status) status = ce__score_sources(ev, &row, &sources);
  if (!status) *out = row.type;
  ce__row_free(&row);
  return status;
}

/* A' and B' at the type level (the items' swapped flags are set). */
static ce_status type_shuffle(const ce_eval *ev, ce_ar *ar, ce_measures *pa, ce_measures *pb) {
  memset(pa, 0, sizeof *pa);
  memset(pb, 0, sizeof *pb);
  ce_status status = score_type(ev, ar, 0, pa);
  return status ? status : score_type(ev, ar, 1, pb);
}

/* ------------------------------------------------------------- shuffles */

/* The pair's clusters: A's names, then B's that A lacks. */
static ce_status pair_names(const ce_eval *ev, ce_ar *ar, size_t a, size_t b) {
  const ce_intern *names_b = &ev->rows[b].clusters;
  size_t count = ce__intern_count(names_b);
  ce_status status = ce__intern_copy(&ar->names, &ev->rows[a].clusters);
  ar->b_names = malloc((count ? count : 1) * sizeof *ar->b_names);
  if (!status && !ar->b_names) status = CE_ERR_NOMEM;
  for (uint32_t k = 0; k < count && !status; k++) {
    size_t len;
    const char *text = ce__intern_get(names_b, k, &len);
    status = ce__intern_put(&ar->names, text, len, &ar->b_names[k], NULL);
  }
  return status;
}

/* The measures a level compares: those both rows' full data define, but coverage and the
 * substitutable scores (they count whole inputs, not units). */
static int compared(const ce_eval *ev, size_t a, size_t b, int level, int m) {
  if (m == CE_COVER_P || m == CE_COVER_R || m == CE_COVER_F || m == CE_SUB_P || m == CE_SUB_R)
    return 0;
  const ce_measures *va = ce__row_level(&ev->rows[a], (ce_level)level);
  const ce_measures *vb = ce__row_level(&ev->rows[b], (ce_level)level);
  return va && vb && ce__measure_has(va, m) && ce__measure_has(vb, m);
}

static int defined(const ce_measures *v, int m) {
  return ce__measure_has(v, m);
}

/* Records one shuffle's (or, with `observed`, the unshuffled) differences of a level. */
static void tally(const ce_eval *ev, ce_ar *ar, int level, const ce_measures *pa,
                  const ce_measures *pb, int observed) {
  size_t a = ar->pairs[ar->pair][0], b = ar->pairs[ar->pair][1];
  for (int m = 0; m < CE_MEASURE_COUNT; m++) {
    size_t at = at_of(ar->pair, level, m);
    if (!compared(ev, a, b, level, m)) continue;
    int both = defined(pa, m) && defined(pb, m);
    double d = both ? pa->value[m] - pb->value[m] : NAN;
    if (observed) {
      ar->observed[at] = d;
    } else if (both && !isnan(ar->observed[at])) {
      ar->counted[at]++;
      ar->extreme[at] += ce__as_extreme(d, ar->observed[at]);
    }
  }
}

/* The units (lemmas, documents) of a sense or coreference run's row. */
static size_t units_of(const ce_row *row, ce_level level) {
  return level == CE_LEVEL_COREF ? row->doc_count : row->lemma_count;
}

/* A' and B' of a sense or coreference run's shuffle: unit l swapped when bit l of `bits` is
 * set. */
static void unit_shuffle(const ce_eval *ev, ce_ar *ar, const uint64_t *bits, ce_measures *pa,
                         ce_measures *pb) {
  const ce_row *rows[2] = {&ev->rows[ar->pairs[ar->pair][0]], &ev->rows[ar->pairs[ar->pair][1]]};
  size_t units = units_of(rows[0], ar->units.level);
  if (ar->units.level == CE_LEVEL_COREF) {
    ce_coref_counts total[2];
    memset(total, 0, sizeof total);
    for (size_t l = 0; l < units; l++) {
      int swapped = bits[l / 64] >> (l % 64) & 1;
      ce__coref_add(&total[0], &rows[swapped]->doc_counts[l], 1.0);
      ce__coref_add(&total[1], &rows[!swapped]->doc_counts[l], 1.0);
    }
    memset(pa, 0, sizeof *pa);
    memset(pb, 0, sizeof *pb);
    ce__coref_measures(&total[0], pa);
    ce__coref_measures(&total[1], pb);
    return;
  }
  for (size_t l = 0; l < units; l++) {
    int swapped = bits[l / 64] >> (l % 64) & 1;
    ar->units.mixed[0][l] = rows[swapped]->lemma_senses[l];
    ar->units.mixed[1][l] = rows[!swapped]->lemma_senses[l];
  }
  ce__senses_average(ar->units.mixed[0], rows[0]->lemma_gold, units, NULL, pa, NULL);
  ce__senses_average(ar->units.mixed[1], rows[0]->lemma_gold, units, NULL, pb, NULL);
}

static ce_status unit_engine_build(const ce_eval *ev, ce_ar *ar, ce_level level) {
  size_t units = units_of(&ev->rows[ar->pairs[ar->pair][0]], level);
  ar->units.level = level;
  for (int side = 0; side < 2 && level == CE_LEVEL_SENSE; side++)
    if (!(ar->units.mixed[side] = malloc((units ? units : 1) * sizeof(ce_measures))))
      return CE_ERR_NOMEM;
  ar->units.active = 1;
  return CE_OK;
}

static ce_status tde_engine_build(const ce_eval *ev, ce_ar *ar) {
  size_t a = ar->pairs[ar->pair][0], b = ar->pairs[ar->pair][1];
  ce_status status = ce__tde_pair_build(ev, a, b, &ar->tde.pair);
  ar->tde.swapped = calloc(ev->boot->file_ids + 1, 1);
  if (!status && !ar->tde.swapped) status = CE_ERR_NOMEM;
  ar->tde.active = !status;
  return status;
}

/* A' and B' of a tde run's shuffle: corpus file u swapped when bit u of `bits` is set. */
static ce_status tde_shuffle(const ce_eval *ev, ce_ar *ar, const uint64_t *bits, ce_measures *pa,
                             ce_measures *pb) {
  const ce_boot *boot = ev->boot;
  for (size_t u = 0; u < boot->units; u++)
    ar->tde.swapped[boot->files[u]] = bits[u / 64] >> (u % 64) & 1;
  return ce__tde_pair_shuffle(&ar->tde.pair, ar->tde.swapped, pa, pb);
}

static ce_status pair_start(const ce_eval *ev, ce_ar *ar) {
  size_t a = ar->pairs[ar->pair][0], b = ar->pairs[ar->pair][1];
  const int *levels = &ar->levels[AR_LEVELS * ar->pair];
  ce_status status = pair_names(ev, ar, a, b);
  if (!status && levels[CE_LEVEL_TOKEN]) status = token_engine_build(ev, ar, a, b);
  if (!status && levels[CE_LEVEL_TYPE]) status = type_engine_build(ev, ar, a, b);
  if (!status && levels[CE_LEVEL_SENSE]) status = unit_engine_build(ev, ar, CE_LEVEL_SENSE);
  if (!status && levels[CE_LEVEL_COREF]) status = unit_engine_build(ev, ar, CE_LEVEL_COREF);
  if (!status && ar->units.active)
    tally(ev, ar, ar->units.level, ce__row_level(&ev->rows[a], ar->units.level),
          ce__row_level(&ev->rows[b], ar->units.level), 1);
  if (!status && levels[CE_LEVEL_TDE]) status = tde_engine_build(ev, ar);
  if (!status && ar->tde.active) tally(ev, ar, CE_LEVEL_TDE, &ev->rows[a].tde, &ev->rows[b].tde, 1);
  ce_measures pa, pb;
  if (!status && ar->token.active) {
    status = token_shuffle(ev, ar, NULL, &pa, &pb);
    if (!status) tally(ev, ar, CE_LEVEL_TOKEN, &pa, &pb, 1);
  }
  if (!status && ar->type.active) {
    status = type_shuffle(ev, ar, &pa, &pb);
    if (!status) tally(ev, ar, CE_LEVEL_TYPE, &pa, &pb, 1);
  }
  ar->ready = !status;
  return status;
}

/* Shuffle r's swap bits of `units` units (sentences, lemmas, files), from the seed's stream
 * of the shuffle; NULL when out of memory. Caller frees. */
static uint64_t *swap_bits(uint64_t seed, unsigned r, size_t units) {
  size_t words = units / 64 + 1;
  uint64_t *bits = malloc(words * sizeof *bits);
  if (!bits) return NULL;
  ce_rng rng;
  ce__rng_seed(&rng, seed, AR_STREAM_BASE + 2 * (uint64_t)r);
  for (size_t w = 0; w < words; w++) bits[w] = ce__rng_next(&rng);
  return bits;
}

static ce_status shuffle(const ce_eval *ev, ce_ar *ar, unsigned r) {
  const ce_boot *boot = ev->boot;
  uint64_t seed = (uint64_t)ev->options[CE_OPT_SEED];
  ce_measures pa, pb;
  ce_status status = CE_OK;
  if (ar->token.active) {
    uint64_t *bits = swap_bits(seed, r, boot->sentences);
    if (!bits) return CE_ERR_NOMEM;
    status = token_shuffle(ev, ar, bits, &pa, &pb);
    free(bits);
    if (!status) tally(ev, ar, CE_LEVEL_TOKEN, &pa, &pb, 0);
  }
  if (!status && ar->type.active) {
    const ce_gold_view *gold = boot->gold;
    ce_rng rng;
    ce__rng_seed(&rng, seed, AR_STREAM_BASE + 2 * (uint64_t)r + 1);
    uint64_t word = 0;
    for (size_t i = 0; i < gold->evaluated_count; i++) {
      if (i % 64 == 0) word = ce__rng_next(&rng);
      ar->type.swapped[gold->evaluated[i]] = word >> (i % 64) & 1;
    }
    status = type_shuffle(ev, ar, &pa, &pb);
    if (!status) tally(ev, ar, CE_LEVEL_TYPE, &pa, &pb, 0);
  }
  if (!status && ar->units.active) {
    uint64_t *bits =
        swap_bits(seed, r, units_of(&ev->rows[ar->pairs[ar->pair][0]], ar->units.level));
    if (!bits) return CE_ERR_NOMEM;
    unit_shuffle(ev, ar, bits, &pa, &pb);
    free(bits);
    tally(ev, ar, ar->units.level, &pa, &pb, 0);
  }
  if (!status && ar->tde.active) {
    uint64_t *bits = swap_bits(seed, r, boot->units);
    if (!bits) return CE_ERR_NOMEM;
    status = tde_shuffle(ev, ar, bits, &pa, &pb);
    free(bits);
    if (!status) tally(ev, ar, CE_LEVEL_TDE, &pa, &pb, 0);
  }
  return status;
}

/* The pairs of rows that can be compared at some level, and the results' room. */
static ce_status ar_prepare(ce_eval *ev, ce_boot *boot) {
  ce_ar *ar = calloc(1, sizeof *ar);
  if (!ar) return CE_ERR_NOMEM;
  boot->ar = ar;
  boot->ar_free = ar_free;
  ar->shuffles = (unsigned)ev->options[CE_OPT_SHUFFLES];
  if (boot->unit == CE_UNIT_NONE) return CE_OK;
  size_t rows = boot->row_count;
  ar->pairs = malloc((rows * rows / 2 + 1) * sizeof *ar->pairs);
  ar->levels = calloc(AR_LEVELS * (rows * rows / 2 + 1), sizeof *ar->levels);
  if (!ar->pairs || !ar->levels) return CE_ERR_NOMEM;
  for (size_t a = 0; a < rows; a++)
    for (size_t b = a + 1; b < rows; b++) {
      if (!boot->rows[a].active || !boot->rows[b].active) continue;
      int token = boot->sentences && ev->rows[a].has_token && ev->rows[b].has_token;
      int type = boot->rows[a].fixed && boot->rows[b].fixed && ev->rows[a].has_climb &&
                 ev->rows[b].has_climb;
      int senses = boot->unit == CE_UNIT_LEMMA && ev->rows[a].has_senses &&
                   ev->rows[b].has_senses && ev->rows[a].lemma_count == ev->rows[b].lemma_count;
      int tde = boot->unit == CE_UNIT_FILE && ev->rows[a].has_tde && ev->rows[b].has_tde;
      int coref = boot->unit == CE_UNIT_DOCUMENT && ev->rows[a].has_coref &&
                  ev->rows[b].has_coref && ev->rows[a].doc_count == ev->rows[b].doc_count;
      if (!token && !type && !senses && !tde && !coref) continue;
      ar->levels[AR_LEVELS * ar->pair_count + CE_LEVEL_TOKEN] = token;
      ar->levels[AR_LEVELS * ar->pair_count + CE_LEVEL_TYPE] = type;
      ar->levels[AR_LEVELS * ar->pair_count + CE_LEVEL_SENSE] = senses;
      ar->levels[AR_LEVELS * ar->pair_count + CE_LEVEL_TDE] = tde;
      ar->levels[AR_LEVELS * ar->pair_count + CE_LEVEL_COREF] = coref;
      ar->pairs[ar->pair_count][0] = a;
      ar->pairs[ar->pair_count++][1] = b;
    }
  size_t results = (ar->pair_count ? ar->pair_count : 1) * AR_LEVELS * CE_MEASURE_COUNT;
  ar->observed = malloc(results * sizeof *ar->observed);
  ar->extreme = calloc(results, sizeof *ar->extreme);
  ar->counted = calloc(results, sizeof *ar->counted);
  if (!ar->observed || !ar->extreme || !ar->counted) return CE_ERR_NOMEM;
  for (size_t i = 0; i < results; i++) ar->observed[i] = NAN;
  return CE_OK;
}

static uint64_t shuffles_done(const ce_ar *ar) {
  return (uint64_t)ar->pair * ar->shuffles + ar->done;
}

ce_status ce__ar_run(ce_eval *ev, unsigned count, unsigned *done, unsigned *total) {
  ce_boot *boot = NULL;
  ce_status status = ce__stats_prepare(ev, &boot);
  if (!status && !boot->ar) status = ar_prepare(ev, boot);
  ce_ar *ar = boot ? boot->ar : NULL;
  uint64_t all = ar ? (uint64_t)ar->pair_count * ar->shuffles : 0;
  for (unsigned i = 0; i < count && !status && ar->pair < ar->pair_count; i++) {
    if (!ar->ready) status = pair_start(ev, ar);
    if (!status) status = shuffle(ev, ar, ar->done);
    if (status) break;
    if (++ar->done == ar->shuffles) {
      pair_free(ar);
      ar->pair++;
      ar->done = 0;
    }
    ce__progress(ev->progress, CE_PHASE_SHUFFLES, shuffles_done(ar), all);
  }
  if (done) *done = ar ? (unsigned)(ar->pair_count ? shuffles_done(ar) : 0) : 0;
  if (total) *total = (unsigned)all;
  return status;
}

static double ar_p_value(const ce_ar *ar, size_t a, size_t b, ce_level level, ce_measure m) {
  if (a > b) {
    size_t swap = a;
    a = b;
    b = swap;
  }
  for (size_t p = 0; p < ar->pair && p < ar->pair_count; p++) {
    if (ar->pairs[p][0] != a || ar->pairs[p][1] != b) continue;
    size_t at = at_of(p, level, m);
    return ar->counted[at] ? (1.0 + ar->extreme[at]) / (1.0 + ar->counted[at]) : NAN;
  }
  return NAN; /* not compared, or its shuffles are not all done */
}

int ce__test_info(const ce_eval *ev, ce_test *test, unsigned *count, unsigned *done,
                  unsigned *total) {
  ce_test method = (ce_test)(int)ev->options[CE_OPT_TEST];
  const ce_boot *boot = ev->boot;
  if (method == CE_TEST_AR) {
    if (!boot || !boot->ar || !boot->ar->pair_count) return 0;
    *test = method;
    *count = boot->ar->shuffles;
    *done = (unsigned)shuffles_done(boot->ar);
    *total = (unsigned)(boot->ar->pair_count * boot->ar->shuffles);
    return 1;
  }
  unsigned resamples = 0;
  if (ce__boot_unit(ev, NULL, NULL, &resamples, NULL) == CE_UNIT_NONE || !resamples) return 0;
  size_t rows = 0;
  for (size_t r = 0; r < ev->row_count; r++) rows += boot->rows[r].active;
  if (rows < 2) return 0;
  *test = method;
  *count = *done = *total = resamples;
  return 1;
}

double ce__p_value(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure m) {
  if (a == b || !ev->boot || (unsigned)level > CE_LEVEL_LAST) return NAN;
  if ((int)ev->options[CE_OPT_TEST] == CE_TEST_AR)
    return ev->boot->ar ? ar_p_value(ev->boot->ar, a, b, level, m) : NAN;
  return ce__boot_p_value(ev, a, b, level, m);
}

/* ------------------------------------------------------------- the API */

ce_status ce_eval_shuffle(ce_eval *ev, unsigned count, unsigned *done, unsigned *total,
                          ce_error *err) {
  if (!ev || !ev->finished)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "shuffling needs a finished evaluation");
  if ((int)ev->options[CE_OPT_TEST] != CE_TEST_AR) {
    if (done) *done = 0;
    if (total) *total = 0;
    return CE_OK;
  }
  ce_status status = ce__ar_run(ev, count, done, total);
  return status ? ce__fail(err, status, NULL, 0, 0, "%s while shuffling", ce_strerror(status))
                : CE_OK;
}

ce_status ce_eval_p_value(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure measure,
                          double *p) {
  if (!ev || a >= ce_eval_system_count(ev) || b >= ce_eval_system_count(ev) ||
      (unsigned)measure >= CE_MEASURE_COUNT || (unsigned)level > CE_LEVEL_LAST)
    return CE_ERR_USAGE;
  double value = ce__p_value(ev, a, b, level, measure);
  if (isnan(value)) return CE_ERR_UNAVAILABLE;
  *p = value;
  return CE_OK;
}
