/*
 * The bootstrap of SPEC §3.5 (Efron & Tibshirani 1993, ch. 13, percentile intervals;
 * Koehn 2004's paired resampling for the sign changes). A resample draws as many units as
 * the data has, with replacement, and scores every row again through the same code as
 * the full data (score.c), from reweighted counts:
 *  - token-level measures draw gold's sentences: a sentence drawn k times counts its
 *    tokens k times;
 *  - type-level measures draw gold's evaluated items (types), in a corpus as in a lexicon:
 *    they are averages over items, and each item keeps the entries the whole corpus gives
 *    it. Drawing sentences instead would drop about a third of the rare types from each
 *    resample and shift the type-level values themselves, not just spread them.
 * M-1 hill climbing climbs once per resample, from the full data's mapping: restarts from
 * random mappings would add the search's own noise to the sampling noise. Resample b draws
 * from its own streams of the seed, so results do not depend on how the caller splits the
 * work into steps.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/input_internal.h"
#include "run/score_internal.h"
#include "stats/bootstrap_internal.h"
#include "common/rng_internal.h"
#include "stats/numeric_internal.h"

/* Keeps the resamples' streams apart from the hill climbing's (streams 0 .. restarts-1). */
#define BOOT_STREAM_BASE ((uint64_t)1 << 40)

/* Sorted distinct (a << 32 | b) keys, and each logged token's index among them. */
typedef struct key_index {
  uint64_t *keys;
  size_t count;
  uint32_t *of_token; /* UINT32_MAX: the token does not count here (dropped) */
} key_index;

typedef struct boot_row {
  int active;      /* scored in resamples: not failed, not a counts file */
  int token_cells; /* a token system under a gold corpus: its own (class, cluster) cells */
  const ce_item_labels *fixed; /* its labels by item as the full data gives them, or NULL */
  key_index cells;             /* token_cells: (class, cluster) of each logged token */
  /* The (level, measure) pairs the full data has a value for, and their samples. */
  size_t slots;
  uint8_t *slot_level;
  uint8_t *slot_measure;
  int slot_of[2][CE_MEASURE_COUNT]; /* -1: no slot */
  double *samples;                  /* slots × total; NaN where a resample gave no value */
} boot_row;

struct ce_boot {
  unsigned total, done;
  ce_boot_unit unit;
  int prepared;
  int needs_gold_tokens; /* a row's token level comes from its entries and gold's tokens */
  size_t tokens;         /* logged */
  size_t sentences;      /* logged; 0 under a gold lexicon */
  const char *unavailable;
  /* The log, in gold's order: counted tokens, and where each sentence starts. */
  ce_u32s token_item, token_class, sentence_start;
  key_index gold_pairs;     /* (item, class) */
  const ce_gold_view *gold; /* the full data's (the run keeps it) */
  boot_row *rows;
  size_t row_count;
  /* Per resample scratch. */
  uint32_t *sentence_weight, *item_weight;
  uint64_t *weight;
  size_t weight_cap;
};

static void key_index_free(key_index *index) {
  free(index->keys);
  free(index->of_token);
  memset(index, 0, sizeof *index);
}

static void boot_row_free(boot_row *row) {
  key_index_free(&row->cells);
  free(row->slot_level);
  free(row->slot_measure);
  free(row->samples);
}

void ce__boot_free(ce_boot *boot) {
  if (!boot) return;
  free(boot->token_item.at);
  free(boot->token_class.at);
  free(boot->sentence_start.at);
  key_index_free(&boot->gold_pairs);
  for (size_t r = 0; r < boot->row_count; r++) boot_row_free(&boot->rows[r]);
  free(boot->rows);
  free(boot->sentence_weight);
  free(boot->item_weight);
  free(boot->weight);
  free(boot);
}

static ce_status boot_of(ce_eval *ev, ce_boot **boot) {
  if (!ev->boot) {
    ev->boot = calloc(1, sizeof *ev->boot);
    if (!ev->boot) return CE_ERR_NOMEM;
    ev->boot->total = (unsigned)ev->options[CE_OPT_BOOTSTRAP];
    ev->boot_free = ce__boot_free;
  }
  *boot = ev->boot;
  return CE_OK;
}

/* ------------------------------------------------------------ preparation */

/* The distinct keys of counted cells, sorted: the pairs' keys, moved to the front. */
static ce_status sorted_keys(const ce_cells *cells, key_index *index) {
  ce_status status = ce__cells_sorted(cells, &index->keys);
  if (status) return status;
  for (index->count = 0; index->count < cells->used; index->count++)
    index->keys[index->count] = index->keys[2 * index->count];
  return CE_OK;
}

static uint32_t find_key(const key_index *index, uint64_t key) {
  size_t lo = 0, hi = index->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (index->keys[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < index->count && index->keys[lo] == key ? (uint32_t)lo : UINT32_MAX;
}

/* Indexes each logged token's (first[t], second[t]) pair; a second of UINT32_MAX skips. */
static ce_status index_tokens(key_index *index, const ce_cells *cells, const uint32_t *first,
                              const uint32_t *second, size_t tokens) {
  ce_status status = sorted_keys(cells, index);
  if (status) return status;
  index->of_token = malloc((tokens ? tokens : 1) * sizeof *index->of_token);
  if (!index->of_token) return CE_ERR_NOMEM;
  for (size_t t = 0; t < tokens; t++)
    index->of_token[t] = second[t] == UINT32_MAX
                             ? UINT32_MAX
                             : find_key(index, (uint64_t)first[t] << 32 | second[t]);
  return CE_OK;
}

/* The measures the full row has values for become the row's sample slots; the token level's
 * only where there are sentences to draw (joint counts give tokens without them). */
static ce_status make_slots(const ce_row *row, boot_row *br, unsigned total, int sentences) {
  const ce_measures *levels[2] = {&row->token, &row->type};
  memset(br->slot_of, -1, sizeof br->slot_of);
  br->slot_level = malloc(2 * CE_MEASURE_COUNT);
  br->slot_measure = malloc(2 * CE_MEASURE_COUNT);
  if (!br->slot_level || !br->slot_measure) return CE_ERR_NOMEM;
  for (int level = 0; level < 2; level++)
    for (int m = 0; m < CE_MEASURE_COUNT; m++) {
      /* Coverage and the substitutable scores count items or frames of the whole input. */
      int whole_input =
          m == CE_COVER_P || m == CE_COVER_R || m == CE_COVER_F || m == CE_SUB_P || m == CE_SUB_R;
      if (whole_input || !(levels[level]->available >> m & 1)) continue;
      if (level == CE_LEVEL_TOKEN && !sentences) continue;
      br->slot_of[level][m] = (int)br->slots;
      br->slot_level[br->slots] = (uint8_t)level;
      br->slot_measure[br->slots++] = (uint8_t)m;
    }
  size_t count = br->slots * total;
  br->samples = malloc((count ? count : 1) * sizeof *br->samples);
  return br->samples ? CE_OK : CE_ERR_NOMEM;
}

static ce_status prepare_row(ce_eval *ev, size_t r) {
  ce_boot *boot = ev->boot;
  const ce_row *row = &ev->rows[r];
  boot_row *br = &boot->rows[r];
  if (row->failed) return CE_OK;
  br->fixed = row->has_kept_labels ? &row->kept_labels : NULL;
  const ce_input *system = row->input == SIZE_MAX ? NULL : &ev->inputs[row->input];
  if (system && boot->sentences && ce__format_shape(system->format) == CE_SHAPE_TOKENS) {
    /* A system whose log falls short of gold's was not paired to the end: it failed. */
    if (system->logged_clusters.len != boot->tokens) return CE_OK;
    br->token_cells = 1;
    ce_status status = index_tokens(&br->cells, &system->pair_cells, boot->token_class.at,
                                    system->logged_clusters.at, boot->tokens);
    if (status) return status;
  } else if (boot->sentences && br->fixed && row->has_token) {
    boot->needs_gold_tokens = 1;
  }
  br->active = 1;
  return make_slots(row, br, boot->total, boot->sentences != 0);
}

static ce_status prepare(ce_eval *ev) {
  ce_boot *boot;
  ce_status status = boot_of(ev, &boot);
  if (status || boot->prepared) return status;
  boot->prepared = 1;
  ce_shape shape = ce__format_shape(ev->inputs[0].format);
  if (shape == CE_SHAPE_COUNTS) {
    boot->unavailable =
        "bootstrap: n/a (a counts file has neither sentences nor items to resample)";
    return CE_OK;
  }
  /* The run's log becomes the bootstrap's; the gold view and fixed labels stay the run's. */
  boot->token_item = ev->log.item;
  boot->token_class = ev->log.cls;
  boot->sentence_start = ev->log.sentence_start;
  memset(&ev->log, 0, sizeof ev->log);
  boot->gold = ev->gold_view;
  boot->tokens = boot->token_item.len;
  boot->sentences = boot->sentence_start.len;
  boot->unit = boot->sentences ? CE_UNIT_SENTENCE : CE_UNIT_ITEM;
  if (!boot->sentences && (!boot->gold || !boot->gold->evaluated_count)) {
    boot->unit = CE_UNIT_NONE;
    boot->unavailable = "bootstrap: n/a (nothing to resample)";
    return CE_OK;
  }
  if (boot->row_count < ev->row_count) {
    boot_row *rows = realloc(boot->rows, ev->row_count * sizeof *rows);
    if (!rows) return CE_ERR_NOMEM;
    memset(rows + boot->row_count, 0, (ev->row_count - boot->row_count) * sizeof *rows);
    boot->rows = rows;
    boot->row_count = ev->row_count;
  }
  for (size_t r = 0; r < ev->row_count && !status; r++) status = prepare_row(ev, r);
  if (!status && boot->needs_gold_tokens)
    status = index_tokens(&boot->gold_pairs, &ev->inputs[0].item_cells, boot->token_item.at,
                          boot->token_class.at, boot->tokens);
  /* The indices replace the logged labels. */
  for (size_t i = 1; i < ev->input_count; i++) {
    free(ev->inputs[i].logged_clusters.at);
    memset(&ev->inputs[i].logged_clusters, 0, sizeof ev->inputs[i].logged_clusters);
  }
  free(boot->token_class.at);
  free(boot->token_item.at);
  memset(&boot->token_class, 0, sizeof boot->token_class);
  memset(&boot->token_item, 0, sizeof boot->token_item);
  boot->sentence_weight = calloc(boot->sentences ? boot->sentences : 1, sizeof(uint32_t));
  boot->item_weight =
      calloc(boot->gold->evaluated_count ? boot->gold->evaluated_count : 1, sizeof(uint32_t));
  if (!status && (!boot->sentence_weight || !boot->item_weight)) status = CE_ERR_NOMEM;
  return status;
}

/* ------------------------------------------------------------- a resample */

/* How often each of `units` units is drawn: `units` draws with replacement, from stream
 * `stream` of the seed. */
static void draw_units(const ce_eval *ev, uint64_t stream, uint32_t *weight, size_t units) {
  ce_rng rng;
  ce__rng_seed(&rng, (uint64_t)ev->options[CE_OPT_SEED], BOOT_STREAM_BASE + stream);
  memset(weight, 0, units * sizeof *weight);
  for (size_t i = 0; i < units; i++) weight[ce__rng_below(&rng, units)]++;
}

/* Counts of an indexed pair over the drawn sentences, as cells for the scoring code. */
static ce_status reweighted_cells(ce_boot *boot, const key_index *index, ce_cells *cells) {
  if (ce__grow((void **)&boot->weight, &boot->weight_cap, index->count ? index->count : 1,
               sizeof *boot->weight))
    return CE_ERR_NOMEM;
  memset(boot->weight, 0, index->count * sizeof *boot->weight);
  for (size_t s = 0; s < boot->sentences; s++) {
    uint32_t w = boot->sentence_weight[s];
    if (!w) continue;
    size_t end = s + 1 < boot->sentences ? boot->sentence_start.at[s + 1] : boot->tokens;
    for (size_t t = boot->sentence_start.at[s]; t < end; t++)
      if (index->of_token[t] != UINT32_MAX) boot->weight[index->of_token[t]] += w;
  }
  ce_status status = CE_OK;
  for (size_t k = 0; k < index->count && !status; k++)
    if (boot->weight[k])
      status = ce__cells_add(cells, (uint32_t)(index->keys[k] >> 32), (uint32_t)index->keys[k],
                             boot->weight[k]);
  return status;
}

/* What one resample draws: sentences for the token level, items for the type level. */
typedef struct draw {
  ce_gold_view items;   /* the full entries; the drawn items, each as often as drawn */
  ce_cells gold_tokens; /* gold's (item, class) counts over the drawn sentences */
} draw;

static void draw_free(draw *d) {
  free(d->items.evaluated);
  ce__cells_free(&d->gold_tokens);
}

static ce_status draw_build(const ce_eval *ev, unsigned b, draw *d) {
  ce_boot *boot = ev->boot;
  const ce_gold_view *full = boot->gold;
  memset(d, 0, sizeof *d);
  ce_status status = CE_OK;
  if (boot->sentences) {
    draw_units(ev, 2 * (uint64_t)b, boot->sentence_weight, boot->sentences);
    if (boot->needs_gold_tokens)
      status = reweighted_cells(boot, &boot->gold_pairs, &d->gold_tokens);
  }
  size_t items = full->evaluated_count;
  d->items.entries = full->entries; /* shared, not owned */
  d->items.evaluated = malloc((items ? items : 1) * sizeof *d->items.evaluated);
  if (!status && !d->items.evaluated) status = CE_ERR_NOMEM;
  if (status) return status;
  /* An item drawn k times is evaluated k times, in byte order like the full data. */
  draw_units(ev, 2 * (uint64_t)b + 1, boot->item_weight, items);
  for (size_t i = 0; i < items; i++)
    for (uint32_t k = 0; k < boot->item_weight[i]; k++)
      d->items.evaluated[d->items.evaluated_count++] = full->evaluated[i];
  return CE_OK;
}

static void keep_values(boot_row *br, const ce_measures *values, int level, unsigned b,
                        unsigned total) {
  for (size_t slot = 0; slot < br->slots; slot++) {
    if (br->slot_level[slot] != level) continue;
    int id = br->slot_measure[slot];
    br->samples[slot * total + b] = values->available >> id & 1 ? values->value[id] : NAN;
  }
}

/* Scores one level of row r on the draw and keeps its values as resample b's. */
static ce_status score_level(ce_eval *ev, size_t r, const draw *d, ce_level level, unsigned b) {
  ce_boot *boot = ev->boot;
  const ce_row *full = &ev->rows[r];
  boot_row *br = &boot->rows[r];
  const ce_input *system = full->input == SIZE_MAX ? NULL : &ev->inputs[full->input];
  ce_row row;
  ce_status status = ce__row_start(&row, full->name, full->format, full->input);
  /* The full row's clusters, those it synthesised included, keep every id as it was. */
  if (!status) status = ce__intern_copy(&row.clusters, &full->clusters);
  ce_cells token_cells = {0};
  int token = level == CE_LEVEL_TOKEN;
  if (!status && token && br->token_cells)
    status = reweighted_cells(boot, &br->cells, &token_cells);
  const uint32_t *starts[CE_TYPE_MEASURES];
  for (int t = 0; t < CE_TYPE_MEASURES; t++)
    starts[t] = full->has_climb ? full->climb.m1[t].cluster_to_class : NULL;
  ce_row_sources sources = {token ? boot->gold : &d->items,
                            token && br->token_cells ? NULL : br->fixed,
                            system ? system->unclustered_id : UINT32_MAX,
                            0,
                            token && br->token_cells ? &token_cells : NULL,
                            token && !br->token_cells ? &d->gold_tokens : NULL,
                            full->has_climb ? starts : NULL,
                            token ? CE_SKIP_TYPE : CE_SKIP_TOKEN};
  if (!status) status = ce__score_sources(ev, &row, &sources);
  if (!status) keep_values(br, token ? &row.token : &row.type, level, b, boot->total);
  ce__cells_free(&token_cells);
  ce__row_free(&row);
  return status;
}

static ce_status resample(ce_eval *ev, unsigned b) {
  ce_boot *boot = ev->boot;
  draw d;
  ce_status status = draw_build(ev, b, &d);
  for (size_t r = 0; r < boot->row_count && !status; r++) {
    const boot_row *br = &boot->rows[r];
    if (!br->active) continue;
    if (boot->sentences && ev->rows[r].has_token)
      status = score_level(ev, r, &d, CE_LEVEL_TOKEN, b);
    if (!status && br->fixed && ev->rows[r].has_type)
      status = score_level(ev, r, &d, CE_LEVEL_TYPE, b);
  }
  draw_free(&d);
  return status;
}

ce_status ce__boot_run(ce_eval *ev, unsigned count, unsigned *done, unsigned *total) {
  ce_status status = prepare(ev);
  ce_boot *boot = ev->boot;
  if (!status && boot->unit != CE_UNIT_NONE)
    for (unsigned i = 0; i < count && boot->done < boot->total && !status; i++)
      if (!(status = resample(ev, boot->done))) boot->done++;
  if (done) *done = boot ? (boot->unit == CE_UNIT_NONE ? boot->total : boot->done) : 0;
  if (total) *total = boot ? boot->total : 0;
  return status;
}

/* ------------------------------------------------------------- statistics */

ce_boot_unit ce__boot_unit(const ce_eval *ev, size_t *sentences, size_t *items, unsigned *done,
                           unsigned *total) {
  const ce_boot *boot = ev->boot;
  if (!boot || !boot->prepared || boot->unit == CE_UNIT_NONE) return CE_UNIT_NONE;
  if (sentences) *sentences = boot->sentences;
  if (items) *items = boot->gold->evaluated_count;
  if (done) *done = boot->done;
  if (total) *total = boot->total;
  return boot->unit;
}

const char *ce__boot_unavailable(const ce_eval *ev) {
  return ev->boot ? ev->boot->unavailable : NULL;
}

static const double *samples_of(const ce_eval *ev, size_t r, ce_level level, ce_measure m) {
  const ce_boot *boot = ev->boot;
  if (!boot || !boot->done || r >= boot->row_count || !boot->rows[r].active) return NULL;
  int slot = boot->rows[r].slot_of[level][m];
  return slot < 0 ? NULL : boot->rows[r].samples + (size_t)slot * boot->total;
}

int ce__boot_has_values(const ce_eval *ev, size_t r, ce_level level, ce_measure m) {
  const double *samples = samples_of(ev, r, level, m);
  for (unsigned b = 0; samples && b < ev->boot->done; b++)
    if (!isnan(samples[b])) return 1;
  return 0;
}

int ce__boot_interval(const ce_eval *ev, size_t r, ce_level level, ce_measure m, double *lo,
                      double *hi) {
  const double *samples = samples_of(ev, r, level, m);
  if (!samples) return 0;
  unsigned done = ev->boot->done;
  double *values = malloc(done * sizeof *values);
  if (!values) return 0;
  size_t n = 0;
  for (unsigned b = 0; b < done; b++)
    if (!isnan(samples[b])) values[n++] = samples[b];
  if (n) {
    ce__sort_doubles(values, n);
    *lo = ce__quantile_sorted(values, n, 0.025);
    *hi = ce__quantile_sorted(values, n, 0.975);
  }
  free(values);
  return n > 0;
}

double ce__boot_paired(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure m) {
  const double *sa = samples_of(ev, a, level, m), *sb = samples_of(ev, b, level, m);
  if (!sa || !sb) return NAN;
  const ce_measures *levels_a[2] = {&ev->rows[a].token, &ev->rows[a].type};
  const ce_measures *levels_b[2] = {&ev->rows[b].token, &ev->rows[b].type};
  double full = levels_a[level]->value[m] - levels_b[level]->value[m];
  if (full == 0) return NAN;
  unsigned changed = 0, counted = 0;
  for (unsigned i = 0; i < ev->boot->done; i++) {
    if (isnan(sa[i]) || isnan(sb[i])) continue;
    double d = sa[i] - sb[i];
    counted++;
    changed += full > 0 ? d <= 0 : d >= 0;
  }
  return counted ? (double)changed / counted : NAN;
}

/* ------------------------------------------------------------- the API */

ce_status ce_eval_resample(ce_eval *ev, unsigned count, unsigned *done, unsigned *total,
                           ce_error *err) {
  if (!ev || !ev->finished)
    return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "resampling needs a finished evaluation");
  if (ev->options[CE_OPT_BOOTSTRAP] <= 0.0) {
    if (done) *done = 0;
    if (total) *total = 0;
    return CE_OK;
  }
  ce_status status = ce__boot_run(ev, count, done, total);
  return status ? ce__fail(err, status, NULL, 0, 0, "%s while resampling", ce_strerror(status))
                : CE_OK;
}

ce_status ce_eval_interval(const ce_eval *ev, size_t system, ce_level level, ce_measure measure,
                           double *lo, double *hi) {
  if (!ev || system >= ce_eval_system_count(ev) || (unsigned)measure >= CE_MEASURE_COUNT ||
      (level != CE_LEVEL_TOKEN && level != CE_LEVEL_TYPE))
    return CE_ERR_USAGE;
  double low, high;
  if (!ce__boot_interval(ev, system, level, measure, &low, &high)) return CE_ERR_UNAVAILABLE;
  *lo = low;
  *hi = high;
  return CE_OK;
}
