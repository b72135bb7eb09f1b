/*
 * The bootstrap of SPEC §3.5 (Efron & Tibshirani 1993, ch. 13–14). A resample draws as many
 * units as the data has, with replacement, and scores every row again through the same code
 * as the full data (score.c), from reweighted counts:
 *  - token-level measures draw gold's sentences: a sentence drawn k times counts its
 *    tokens k times; pairs leave out a token paired with its own copy (ce_copies);
 *  - type-level measures draw gold's evaluated items (types), in a corpus as in a lexicon:
 *    they are averages over items, and each item keeps the entries the whole corpus gives
 *    it. Drawing sentences instead would drop about a third of the rare types from each
 *    resample and shift the type-level values themselves, not just spread them.
 * M-1 hill climbing climbs once per resample, from the full data's mapping: restarts from
 * random mappings would add the search's own noise to the sampling noise. Resample b draws
 * from its own streams of the seed, so results do not depend on how the caller splits the
 * work into steps. BCa intervals then take their acceleration from a jackknife that leaves
 * out one block of units at a time (at most CE_JACKKNIFE_BLOCKS blocks; unit u is in block
 * u mod blocks, so a block spreads over the whole corpus); bca.c makes the intervals.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng_internal.h"
#include "run/input_internal.h"
#include "run/row_internal.h"
#include "run/coref_internal.h"
#include "run/senses_internal.h"
#include "run/tde_internal.h"
#include "stats/bootstrap_internal.h"
#include "stats/numeric_internal.h"

/* Keeps the resamples' streams apart from the hill climbing's (streams 0 .. restarts-1). */
#define BOOT_STREAM_BASE ((uint64_t)1 << 40)

static void key_index_free(ce_key_index *index) {
  free(index->keys);
  free(index->of_token);
  memset(index, 0, sizeof *index);
}

static void boot_row_free(ce_boot_row *row) {
  key_index_free(&row->cells);
  free(row->slot_level);
  free(row->slot_measure);
  free(row->samples);
  free(row->jackknife);
  free(row->jack_corrected);
  free(row->intervals);
}

void ce__boot_free(ce_boot *boot) {
  if (!boot) return;
  if (boot->ar_free) boot->ar_free(boot->ar);
  free(boot->token_item.at);
  free(boot->token_class.at);
  free(boot->sentence_start.at);
  key_index_free(&boot->gold_pairs);
  for (size_t r = 0; r < boot->row_count; r++) boot_row_free(&boot->rows[r]);
  free(boot->rows);
  free(boot->sentence_weight);
  free(boot->item_weight);
  free(boot->unit_weight);
  free(boot->files);
  free(boot->file_weight);
  free(boot->weight);
  free(boot->squares);
  ce__senses_subset_free(boot->subset);
  free(boot->copy_values);
  free(boot->copy_gold);
  free(boot->picked);
  free(boot);
}

/* ------------------------------------------------------------ preparation */

/* The distinct keys of counted cells, sorted: the pairs' keys, moved to the front. */
static ce_status sorted_keys(const ce_cells *cells, ce_key_index *index) {
  ce_status status = ce__cells_sorted(cells, &index->keys);
  if (status) return status;
  for (index->count = 0; index->count < cells->used; index->count++)
    index->keys[index->count] = index->keys[2 * index->count];
  return CE_OK;
}

static uint32_t find_key(const ce_key_index *index, uint64_t key) {
  size_t lo = ce__lower_bound_u64(index->keys, index->count, key);
  return lo < index->count && index->keys[lo] == key ? (uint32_t)lo : UINT32_MAX;
}

/* Indexes each logged token's (first[t], second[t]) pair; a second of UINT32_MAX skips. */
static ce_status index_tokens(ce_key_index *index, const ce_cells *cells, const uint32_t *first,
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

/* Coverage and the substitutable scores count items or frames of whole inputs: no slot. */
static int whole_input(int m) {
  return m == CE_COVER_P || m == CE_COVER_R || m == CE_COVER_F || m == CE_SUB_P || m == CE_SUB_R;
}

/*
 * ZeroSpeech's grouping scores count the tokens that do not sit alone in their cell (class,
 * cluster): how many do depends on how many distinct tokens the sample holds, not only on
 * their distribution. A resample holds about 63% of the distinct tokens, so counting a
 * token's copies as its company inflates the scores (on the demo every resample lay above
 * the value) and leaving them out deflates them (every resample below): the bootstrap
 * cannot estimate them, and says so.
 */
static int counts_sample_size(int m) {
  return m == CE_GROUPING_P || m == CE_GROUPING_R || m == CE_GROUPING_F;
}

static const char grouping_note[] =
    "the grouping scores count tokens that do not sit alone in their cell, which depends on "
    "how many distinct tokens a sample holds; a resample holds about 63% of them, so the "
    "bootstrap cannot estimate these scores";

/* tdev2's grouping (SPEC §3.8) counts distinct tokens in pairs, and a file drawn twice makes
 * every fragment of it a gold pair with its own copy. */
static const char tde_grouping_note[] =
    "tdev2's grouping scores count the distinct tokens of pairs, and a file drawn twice pairs "
    "each fragment with its own copy (a token is its phones' times, not its file); a resample "
    "holds about 63% of the files, so the bootstrap cannot estimate these scores";

/* The measures the full row has values for become the row's sample slots; the token level's
 * only where there are sentences to draw (joint counts give tokens without them). */
static ce_status make_slots(const ce_row *row, ce_boot_row *br, unsigned total, int sentences) {
  memset(br->slot_of, -1, sizeof br->slot_of);
  br->slot_level = malloc((CE_LEVEL_LAST + 1) * CE_MEASURE_COUNT);
  br->slot_measure = malloc((CE_LEVEL_LAST + 1) * CE_MEASURE_COUNT);
  if (!br->slot_level || !br->slot_measure) return CE_ERR_NOMEM;
  for (int level = 0; level <= CE_LEVEL_LAST; level++)
    for (int m = 0; m < CE_MEASURE_COUNT; m++) {
      /* A slot only where the row has the level: samples imply its values (ce__row_level). */
      const ce_measures *values = ce__row_level(row, (ce_level)level);
      if (whole_input(m) || counts_sample_size(m) || !values || !ce__measure_has(values, m))
        continue;
      if (level == CE_LEVEL_TOKEN && !sentences) continue;
      br->slot_of[level][m] = (int)br->slots;
      br->slot_level[br->slots] = (uint8_t)level;
      br->slot_measure[br->slots++] = (uint8_t)m;
    }
  size_t slots = br->slots ? br->slots : 1;
  br->samples = malloc(slots * (total ? total : 1) * sizeof *br->samples);
  br->jackknife = malloc(slots * CE_JACKKNIFE_BLOCKS * sizeof *br->jackknife);
  br->jack_corrected = malloc(slots * CE_JACKKNIFE_BLOCKS * sizeof *br->jack_corrected);
  br->intervals = calloc(slots, sizeof *br->intervals);
  return br->samples && br->jackknife && br->jack_corrected && br->intervals ? CE_OK : CE_ERR_NOMEM;
}

static ce_status prepare_row(ce_eval *ev, size_t r) {
  ce_boot *boot = ev->boot;
  const ce_row *row = &ev->rows[r];
  ce_boot_row *br = &boot->rows[r];
  if (row->failed) return CE_OK;
  br->fixed = row->has_kept_labels ? &row->kept_labels : NULL;
  br->gold = row->has_kept_gold ? &row->kept_gold : NULL;
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

/* Jackknife blocks of `units` units: one a unit up to CE_JACKKNIFE_BLOCKS. None for a single
 * unit: leaving it out leaves nothing to score, and one replicate gives no acceleration. */
static size_t blocks_of(size_t units) {
  if (units < 2) return 0;
  return units < CE_JACKKNIFE_BLOCKS ? units : CE_JACKKNIFE_BLOCKS;
}

/*
 * One sentence holding every token: the input marks no boundaries (labels given to score()
 * without sentence ends, a file without blank lines). Drawing that one sentence would give
 * back the data each time, an interval of width 0; each token is drawn on its own instead
 * (and shuffled on its own by approximate randomization), which treats tokens as
 * independent, and every row says so.
 */
static ce_status tokens_as_sentences(ce_eval *ev, ce_boot *boot) {
  static const char *const warning =
      "bootstrap: the input marks no sentence boundaries, so tokens are resampled one by one "
      "(as if independent; mark sentences for intervals that keep their dependence)";
  boot->sentence_start.len = 0;
  for (size_t t = 0; t < boot->tokens; t++)
    if (ce__u32s_push(&boot->sentence_start, (uint32_t)t)) return CE_ERR_NOMEM;
  boot->sentences = boot->tokens;
  boot->tokens_as_sentences = 1;
  for (size_t r = 0; r < ev->row_count; r++)
    if (ce__row_warn(&ev->rows[r], warning)) return CE_ERR_NOMEM;
  return CE_OK;
}

/* A sense run that draws instances: each row's lemmas in gold's order, the same for all. */
static ce_status prepare_subsets(ce_eval *ev, ce_boot *boot) {
  const ce_row *first = NULL;
  for (size_t r = 0; r < ev->row_count && !first; r++)
    if (boot->rows[r].active) first = &ev->rows[r];
  ce_status status = ce__senses_subset_prepare(ev, first->lemma_ids, boot->units, &boot->subset);
  if (!status &&
      (!(boot->copy_values = calloc(boot->row_count * boot->units, sizeof *boot->copy_values)) ||
       !(boot->copy_gold = calloc(boot->units, sizeof *boot->copy_gold)) ||
       !(boot->picked = malloc((ce__sense_gold_instances(ev) + 1) * sizeof *boot->picked))))
    status = CE_ERR_NOMEM;
  return status;
}

/*
 * A sense run (SPEC §3.7): the units are gold's lemmas, as the tasks average over them; a
 * coreference run (SPEC §3.6): the key's documents, whose counts the totals sum. A unit's
 * values (a lemma's measures, a document's counts) do not depend on which other units are
 * drawn, so a resample reweights the rows' per-unit values (ce__senses_average,
 * ce__coref_total) instead of scoring again.
 */
static ce_status prepare_units(ce_eval *ev, ce_boot *boot, ce_level level) {
  int coref = level == CE_LEVEL_COREF;
  for (size_t r = 0; r < ev->row_count; r++)
    if (ce__row_level(&ev->rows[r], level) && !ev->rows[r].failed)
      boot->units = coref ? ev->rows[r].doc_count : ev->rows[r].lemma_count;
  if (!boot->units) {
    boot->unit = CE_UNIT_NONE;
    boot->unavailable = coref ? "bootstrap: n/a (no document to resample)"
                              : "bootstrap: n/a (no lemma to resample)";
    return CE_OK;
  }
  boot->unit = coref ? CE_UNIT_DOCUMENT : CE_UNIT_LEMMA;
  boot->resample = coref ? CE_RESAMPLE_LEMMAS : (int)ev->options[CE_OPT_RESAMPLE];
  /* Lemmas kept (instances drawn within each): no lemma is left out, BCa's acceleration 0. */
  boot->blocks[level] = boot->resample == CE_RESAMPLE_INSTANCES ? 0 : blocks_of(boot->units);
  if (boot->total && (int)ev->options[CE_OPT_CI] == CE_CI_BCA)
    boot->jack_total = (unsigned)boot->blocks[level];
  if (!(boot->rows = calloc(ev->row_count ? ev->row_count : 1, sizeof *boot->rows)) ||
      !(boot->unit_weight = calloc(boot->units, sizeof *boot->unit_weight)))
    return CE_ERR_NOMEM;
  boot->row_count = ev->row_count;
  ce_status status = CE_OK;
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    const ce_row *row = &ev->rows[r];
    if (row->failed || !ce__row_level(row, level)) continue;
    boot->rows[r].active = 1;
    status = make_slots(row, &boot->rows[r], boot->total, 0);
  }
  if (!status && boot->resample != CE_RESAMPLE_LEMMAS) status = prepare_subsets(ev, boot);
  return status;
}

/*
 * A tde run (SPEC §3.8): the units are the corpus' files (the phone alignment's), whose
 * recordings carry a speaker's or a recording's dependence. A resample scores every row again
 * with each file weighted by how often it was drawn (ce__tde_rescore), from the
 * transcriptions scoring kept; the grouping scores get no slot (counts_sample_size).
 */
static ce_status prepare_tde(ce_eval *ev, ce_boot *boot) {
  ce_status status = ce__tde_files(ev, &boot->files, &boot->units);
  if (status) return status;
  if (!boot->units) {
    boot->unit = CE_UNIT_NONE;
    boot->unavailable = "bootstrap: n/a (no file to resample)";
    return CE_OK;
  }
  boot->unit = CE_UNIT_FILE;
  boot->blocks[CE_LEVEL_TDE] = blocks_of(boot->units);
  if (boot->total && (int)ev->options[CE_OPT_CI] == CE_CI_BCA)
    boot->jack_total = (unsigned)boot->blocks[CE_LEVEL_TDE];
  boot->file_ids = ce__intern_count(&ev->items);
  if (!(boot->rows = calloc(ev->row_count ? ev->row_count : 1, sizeof *boot->rows)) ||
      !(boot->unit_weight = calloc(boot->units, sizeof *boot->unit_weight)) ||
      !(boot->file_weight = calloc(boot->file_ids + 1, sizeof *boot->file_weight)))
    return CE_ERR_NOMEM;
  boot->row_count = ev->row_count;
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    const ce_row *row = &ev->rows[r];
    if (row->failed || !row->has_tde || !row->tde_kept) continue;
    boot->rows[r].active = 1;
    status = make_slots(row, &boot->rows[r], boot->total, 0);
  }
  if (!status && boot->resample != CE_RESAMPLE_LEMMAS) status = prepare_subsets(ev, boot);
  return status;
}

ce_status ce__stats_prepare(ce_eval *ev, ce_boot **out) {
  if (!ev->boot) {
    if (!(ev->boot = calloc(1, sizeof *ev->boot))) return CE_ERR_NOMEM;
    ev->boot_free = ce__boot_free;
  }
  ce_boot *boot = *out = ev->boot;
  if (boot->prepared) return CE_OK;
  boot->prepared = 1;
  boot->total = (unsigned)ev->options[CE_OPT_BOOTSTRAP];
  if (ce__is_sense_run(ev)) return prepare_units(ev, boot, CE_LEVEL_SENSE);
  if (ce__is_tde_run(ev)) return prepare_tde(ev, boot);
  if (ce__is_coref_run(ev)) return prepare_units(ev, boot, CE_LEVEL_COREF);
  ce_shape shape = ce__format_shape(ev->inputs[0].format);
  if (shape == CE_SHAPE_COUNTS) {
    boot->unavailable =
        "bootstrap: n/a (a counts file has neither sentences nor items to resample)";
    return CE_OK;
  }
  /* The run's log becomes the statistics'; the gold view and fixed labels stay the run's. */
  boot->token_item = ev->log.item;
  boot->token_class = ev->log.cls;
  boot->sentence_start = ev->log.sentence_start;
  memset(&ev->log, 0, sizeof ev->log);
  boot->gold = ev->gold_view;
  boot->tokens = boot->token_item.len;
  boot->sentences = boot->sentence_start.len;
  int resampled = boot->total || (int)ev->options[CE_OPT_TEST] == CE_TEST_AR;
  if (boot->sentences == 1 && boot->tokens > 1 && resampled) {
    ce_status status = tokens_as_sentences(ev, boot);
    if (status) return status;
  }
  boot->unit = boot->sentences ? CE_UNIT_SENTENCE : CE_UNIT_ITEM;
  if (!boot->sentences && (!boot->gold || !boot->gold->evaluated_count)) {
    boot->unit = CE_UNIT_NONE;
    boot->unavailable = "bootstrap: n/a (nothing to resample)";
    return CE_OK;
  }
  boot->blocks[CE_LEVEL_TOKEN] = blocks_of(boot->sentences);
  boot->blocks[CE_LEVEL_TYPE] = blocks_of(boot->gold->evaluated_count);
  /* Under every method: the corrected estimate's spread is the jackknife's (corrected_spread). */
  if (boot->total)
    boot->jack_total =
        (unsigned)(boot->blocks[0] > boot->blocks[1] ? boot->blocks[0] : boot->blocks[1]);
  ce_status status = CE_OK;
  if (!(boot->rows = calloc(ev->row_count ? ev->row_count : 1, sizeof *boot->rows)))
    return CE_ERR_NOMEM;
  boot->row_count = ev->row_count;
  for (size_t r = 0; r < ev->row_count && !status; r++) status = prepare_row(ev, r);
  if (!status && boot->needs_gold_tokens)
    status = index_tokens(&boot->gold_pairs, &ev->inputs[0].item_cells, boot->token_item.at,
                          boot->token_class.at, boot->tokens);
  /* The indices replace the logged labels. */
  for (size_t i = 1; i < ev->input_count; i++) {
    free(ev->inputs[i].logged_clusters.at);
    memset(&ev->inputs[i].logged_clusters, 0, sizeof ev->inputs[i].logged_clusters);
  }
  boot->sentence_weight = calloc(boot->sentences ? boot->sentences : 1, sizeof(uint32_t));
  boot->item_weight =
      calloc(boot->gold->evaluated_count ? boot->gold->evaluated_count : 1, sizeof(uint32_t));
  if (!status && (!boot->sentence_weight || !boot->item_weight)) status = CE_ERR_NOMEM;
  return status;
}

ce_status ce__boot_token_clusters(const ce_eval *ev, size_t r, uint32_t **out, int *has) {
  const ce_boot *boot = ev->boot;
  const ce_row *row = &ev->rows[r];
  const ce_boot_row *br = &boot->rows[r];
  *out = NULL;
  *has = 0;
  if (!br->active || !row->has_token || !boot->sentences) return CE_OK;
  if (!br->token_cells && !(br->fixed && row->has_entries)) return CE_OK;
  uint32_t *clusters = malloc((boot->tokens ? boot->tokens : 1) * sizeof *clusters);
  if (!clusters) return CE_ERR_NOMEM;
  if (br->token_cells) {
    for (size_t t = 0; t < boot->tokens; t++) {
      uint32_t at = br->cells.of_token[t];
      clusters[t] = at == UINT32_MAX ? UINT32_MAX : (uint32_t)br->cells.keys[at];
    }
  } else {
    /* Gold's tokens take their item's one cluster (the token level exists, so it is one);
     * an item that left the evaluation takes its tokens with it. */
    const ce_entries *e = &row->entries;
    size_t item_total = ce__intern_count(&ev->items);
    uint32_t *of_item = malloc((item_total ? item_total : 1) * sizeof *of_item);
    if (!of_item) {
      free(clusters);
      return CE_ERR_NOMEM;
    }
    for (size_t i = 0; i < item_total; i++) of_item[i] = UINT32_MAX;
    for (size_t i = 0; i < e->items; i++)
      of_item[row->entry_items[i]] = e->cluster_ids[e->cluster_start[i]];
    for (size_t t = 0; t < boot->tokens; t++) clusters[t] = of_item[boot->token_item.at[t]];
    free(of_item);
  }
  *out = clusters;
  *has = 1;
  return CE_OK;
}

/* ------------------------------------------------------------- a draw */

/* How often each of `units` units is drawn: `units` draws with replacement, from stream
 * `stream` of the seed. */
static void draw_units(const ce_eval *ev, uint64_t stream, uint32_t *weight, size_t units) {
  ce_rng rng;
  ce__rng_seed(&rng, (uint64_t)ev->options[CE_OPT_SEED], BOOT_STREAM_BASE + stream);
  memset(weight, 0, units * sizeof *weight);
  for (size_t i = 0; i < units; i++) weight[ce__rng_below(&rng, units)]++;
}

/* Every unit once, but those of jackknife block `block` of `blocks`. */
static void leave_block_out(uint32_t *weight, size_t units, size_t block, size_t blocks) {
  for (size_t i = 0; i < units; i++) weight[i] = i % blocks != block;
}

/* What one draw counts: tokens of the drawn sentences and, with copies (a resample),
 * Σ w² over the tokens drawn w times, keyed alike. */
typedef struct weighted_cells {
  ce_cells counts, squares;
} weighted_cells;

static void weighted_cells_free(weighted_cells *w) {
  ce__cells_free(&w->counts);
  ce__cells_free(&w->squares);
}

/* Counts of an indexed pair over the drawn sentences, as cells for the scoring code: in key
 * order, as the index has them, handed over sorted (ce__cells_adopt_sorted). */
static ce_status reweighted_cells(ce_boot *boot, const ce_key_index *index, int copies,
                                  weighted_cells *out) {
  size_t keys = index->count ? index->count : 1;
  size_t cap = boot->weight_cap;
  if (ce__grow((void **)&boot->weight, &cap, keys, sizeof *boot->weight)) return CE_ERR_NOMEM;
  cap = boot->weight_cap;
  if (ce__grow((void **)&boot->squares, &cap, keys, sizeof *boot->squares)) return CE_ERR_NOMEM;
  boot->weight_cap = cap;
  memset(boot->weight, 0, index->count * sizeof *boot->weight);
  memset(boot->squares, 0, index->count * sizeof *boot->squares);
  for (size_t s = 0; s < boot->sentences; s++) {
    uint64_t w = boot->sentence_weight[s];
    if (!w) continue;
    size_t end = s + 1 < boot->sentences ? boot->sentence_start.at[s + 1] : boot->tokens;
    for (size_t t = boot->sentence_start.at[s]; t < end; t++) {
      uint32_t k = index->of_token[t];
      if (k == UINT32_MAX) continue;
      boot->weight[k] += w;
      boot->squares[k] += w * w;
    }
  }
  uint64_t *counts = malloc(2 * keys * sizeof *counts);
  uint64_t *squares = copies ? malloc(2 * keys * sizeof *squares) : NULL;
  if (!counts || (copies && !squares)) {
    free(counts);
    free(squares);
    return CE_ERR_NOMEM;
  }
  size_t used = 0;
  for (size_t k = 0; k < index->count; k++) {
    if (!boot->weight[k]) continue;
    counts[2 * used] = index->keys[k];
    counts[2 * used + 1] = boot->weight[k];
    if (copies) {
      squares[2 * used] = index->keys[k];
      squares[2 * used + 1] = boot->squares[k];
    }
    used++;
  }
  ce__cells_adopt_sorted(&out->counts, counts, used);
  if (copies) ce__cells_adopt_sorted(&out->squares, squares, used);
  return CE_OK;
}

/* What one step draws: sentences for the token level, items for the type level. Step
 * b < total is resample b; step total + j is jackknife replicate j. */
typedef struct draw {
  int resample;
  int levels[2];              /* the level is drawn in this step */
  ce_gold_view items;         /* the full entries; the drawn items, each as often as drawn */
  weighted_cells gold_tokens; /* gold's (item, class) counts over the drawn sentences */
} draw;

static void draw_free(draw *d) {
  free(d->items.evaluated);
  weighted_cells_free(&d->gold_tokens);
}

static ce_status draw_build(const ce_eval *ev, unsigned step, draw *d) {
  ce_boot *boot = ev->boot;
  const ce_gold_view *full = boot->gold;
  memset(d, 0, sizeof *d);
  d->resample = step < boot->total;
  size_t jack = step - boot->total;
  d->levels[CE_LEVEL_TOKEN] = boot->sentences && (d->resample || jack < boot->blocks[0]);
  d->levels[CE_LEVEL_TYPE] = d->resample || jack < boot->blocks[1];
  ce_status status = CE_OK;
  if (d->levels[CE_LEVEL_TOKEN]) {
    if (d->resample)
      draw_units(ev, 2 * (uint64_t)step, boot->sentence_weight, boot->sentences);
    else
      leave_block_out(boot->sentence_weight, boot->sentences, jack, boot->blocks[0]);
    if (boot->needs_gold_tokens)
      status = reweighted_cells(boot, &boot->gold_pairs, d->resample, &d->gold_tokens);
  }
  size_t items = full->evaluated_count;
  d->items.entries = full->entries; /* shared, not owned */
  d->items.evaluated = malloc((items ? items : 1) * sizeof *d->items.evaluated);
  if (!status && !d->items.evaluated) status = CE_ERR_NOMEM;
  if (status || !d->levels[CE_LEVEL_TYPE]) return status;
  /* An item drawn k times is evaluated k times, in byte order like the full data. */
  if (d->resample)
    draw_units(ev, 2 * (uint64_t)step + 1, boot->item_weight, items);
  else
    leave_block_out(boot->item_weight, items, jack, boot->blocks[1]);
  for (size_t i = 0; i < items; i++)
    for (uint32_t k = 0; k < boot->item_weight[i]; k++)
      d->items.evaluated[d->items.evaluated_count++] = full->evaluated[i];
  return CE_OK;
}

/* Keeps a level's values as resample b's, or as jackknife replicate j's with its
 * bias-corrected values (`corrected`, NULL where the level has none). */
static void keep_values(const ce_boot *boot, ce_boot_row *br, const ce_measures *values,
                        const ce_measures *corrected, int level, unsigned step) {
  int resample = step < boot->total;
  for (size_t slot = 0; slot < br->slots; slot++) {
    if (br->slot_level[slot] != level) continue;
    int id = br->slot_measure[slot];
    double value = ce__measure_has(values, id) ? values->value[id] : NAN;
    if (resample) {
      br->samples[slot * boot->total + step] = value;
    } else {
      br->jackknife[slot * CE_JACKKNIFE_BLOCKS + (step - boot->total)] = value;
      br->jack_corrected[slot * CE_JACKKNIFE_BLOCKS + (step - boot->total)] =
          corrected && ce__measure_has(corrected, id) ? corrected->value[id] : NAN;
    }
  }
}

/* The token (or type) level's table where the row's information measures come from it, or
 * NULL: no table, an empty one, or no MI computed. */
static const ce_table *info_table(const ce_row *row, ce_level level) {
  int token = level == CE_LEVEL_TOKEN;
  const ce_table *table = token ? &row->token_table : &row->type_table;
  const ce_measures *values = token ? &row->token : &row->type;
  int has = token ? row->has_token_table : row->has_type_table;
  return has && table->total && ce__measure_has(values, CE_MI) ? table : NULL;
}

/*
 * A jackknife replicate's information measures less the whole bias ce__info_unseen_bias
 * estimates on the replicate's own table (AMI: NMI's, its population value being NMI's): the
 * corrected estimate itself, left one block out (corrected_spread). 0 when the level has no
 * table or no information measures (or memory ran out: no widening then).
 */
static int corrected_values(const ce_eval *ev, const ce_row *row, ce_level level,
                            ce_measures *out) {
  const ce_table *table = info_table(row, level);
  if (!table) return 0;
  const ce_measures *values = level == CE_LEVEL_TOKEN ? &row->token : &row->type;
  ce_measure_options options = ce__measure_options(ev);
  ce_measures unseen = {0}, model = {0};
  if (ce__info_unseen_bias(table, &options, &unseen, &model)) return 0;
  memset(out, 0, sizeof *out);
  for (int m = 0; m < CE_MEASURE_COUNT; m++)
    if (ce__measure_has(&model, (ce_measure)m) && ce__measure_has(values, (ce_measure)m))
      ce__measure_put(out, (ce_measure)m, values->value[m] - model.value[m]);
  if (ce__measure_has(out, CE_NMI) && ce__measure_has(values, CE_AMI))
    ce__measure_put(out, CE_AMI, out->value[CE_NMI]);
  return 1;
}

/* Scores one level of row r on the draw and keeps its values as the step's. */
static ce_status score_level(ce_eval *ev, size_t r, const draw *d, ce_level level, unsigned step) {
  ce_boot *boot = ev->boot;
  const ce_row *full = &ev->rows[r];
  ce_boot_row *br = &boot->rows[r];
  const ce_input *system = full->input == SIZE_MAX ? NULL : &ev->inputs[full->input];
  ce_row row;
  ce_status status = ce__row_start(&row, full->name, full->format, full->input);
  /* The full row's clusters, those it synthesised included, keep every id as it was. */
  if (!status) status = ce__intern_copy(&row.clusters, &full->clusters);
  weighted_cells token_cells = {0};
  int token = level == CE_LEVEL_TOKEN;
  if (!status && token && br->token_cells)
    status = reweighted_cells(boot, &br->cells, d->resample, &token_cells);
  const weighted_cells *counted = br->token_cells ? &token_cells : &d->gold_tokens;
  const uint32_t *starts[CE_TYPE_MEASURES];
  for (int t = 0; t < CE_TYPE_MEASURES; t++)
    starts[t] = full->has_climb ? full->climb.m1[t].cluster_to_class : NULL;
  /* The drawn items, against the row's own gold entries where it dropped tokens. */
  ce_gold_view items = d->items;
  if (br->gold) items.entries = *br->gold;
  ce_row_sources sources = {token ? boot->gold : &items,
                            token && br->token_cells ? NULL : br->fixed,
                            system ? system->unclustered_id : UINT32_MAX,
                            0,
                            token && br->token_cells ? &token_cells.counts : NULL,
                            token && !br->token_cells ? &d->gold_tokens.counts : NULL,
                            full->has_climb ? starts : NULL,
                            token ? CE_SKIP_TYPE : CE_SKIP_TOKEN,
                            token && d->resample ? &counted->squares : NULL,
                            NULL};
  if (!status) status = ce__score_sources(ev, &row, &sources);
  ce_measures corrected;
  int has_corrected = !status && !d->resample && corrected_values(ev, &row, level, &corrected);
  if (!status)
    keep_values(boot, br, token ? &row.token : &row.type, has_corrected ? &corrected : NULL, level,
                step);
  weighted_cells_free(&token_cells);
  ce__row_free(&row);
  return status;
}

/* A one-level run's step into unit_weight: its units drawn with replacement (a resample) or
 * a block of them left out (a jackknife replicate); 0 past the last replicate. */
static int unit_draw(ce_eval *ev, unsigned step, ce_level level) {
  ce_boot *boot = ev->boot;
  if (step < boot->total)
    draw_units(ev, 2 * (uint64_t)step, boot->unit_weight, boot->units);
  else if (step - boot->total < boot->blocks[level])
    leave_block_out(boot->unit_weight, boot->units, step - boot->total, boot->blocks[level]);
  else
    return 0;
  return 1;
}

/*
 * Half of a lemma's n gold instances, drawn without replacement, into `picked` ascending
 * (Knuth's selection sampling, TAOCP vol. 2, §3.4.2, Algorithm S); how many. Half, because
 * the spread of a half-sample's value around the full one's, σ²(1/m − 1/n) for a mean of n
 * values (Cochran 1977, Eq. 2.8), is σ²/n at m = n/2: the full data's own, unscaled (the
 * delete-d jackknife's factor m/(n − m), Shao & Wu 1989, is 1). An odd n takes (n − 1)/2 or
 * (n + 1)/2 with probability ½ each, whose 1/m averages to 2n/(n² − 1) ≈ 2/n. A lemma of
 * one instance keeps it: there is no spread within it to draw.
 */
static size_t draw_half(ce_rng *rng, size_t n, uint32_t *picked) {
  size_t m = n < 2 ? n : n / 2 + (n % 2 && (ce__rng_next(rng) & 1));
  size_t chosen = 0;
  for (size_t i = 0; i < n && chosen < m; i++)
    if (ce__rng_below(rng, n - i) < m - chosen) picked[chosen++] = (uint32_t)i;
  return chosen;
}

/*
 * A sense run's resample that draws instances (CE_OPT_RESAMPLE): lemmas drawn with
 * replacement (lemmas+instances) or each once (instances), then every copy of a drawn lemma
 * its own half of the lemma's instances, from stream 2b + 1 of the seed, the same for every
 * row, so that two systems' values stay paired. Each row averages the copies' values as the
 * tasks average lemmas (ce__senses_average), SemEval-2010's weights the drawn instances.
 */
static ce_status run_instance_step(ce_eval *ev, unsigned step) {
  ce_boot *boot = ev->boot;
  if (boot->resample == CE_RESAMPLE_BOTH)
    draw_units(ev, 2 * (uint64_t)step, boot->unit_weight, boot->units);
  else
    for (size_t l = 0; l < boot->units; l++) boot->unit_weight[l] = 1;
  ce_rng rng;
  ce__rng_seed(&rng, (uint64_t)ev->options[CE_OPT_SEED], BOOT_STREAM_BASE + 2 * (uint64_t)step + 1);
  size_t copy = 0;
  ce_status status = CE_OK;
  for (size_t l = 0; l < boot->units && !status; l++)
    for (uint32_t c = 0; c < boot->unit_weight[l] && !status; c++, copy++) {
      size_t m = draw_half(&rng, ce__senses_subset_instances(boot->subset, l), boot->picked);
      boot->copy_gold[copy] = m;
      status = ce__senses_subset_gold(ev, boot->subset, l, boot->picked, m);
      for (size_t r = 0; r < boot->row_count && !status; r++)
        if (boot->rows[r].active)
          status = ce__senses_subset_score(ev, boot->subset, ev->rows[r].input,
                                           &boot->copy_values[r * boot->units + copy]);
    }
  for (size_t r = 0; r < boot->row_count && !status; r++) {
    if (!boot->rows[r].active) continue;
    ce_measures values;
    ce__senses_average(&boot->copy_values[r * boot->units], boot->copy_gold, copy, NULL, &values,
                       NULL);
    keep_values(boot, &boot->rows[r], &values, NULL, CE_LEVEL_SENSE, step);
  }
  return status;
}

/* A sense or coreference run's step: each row's values over the drawn lemmas or documents:
 * the lemmas' averages, the documents' totals. */
static void run_unit_step(ce_eval *ev, unsigned step) {
  ce_boot *boot = ev->boot;
  ce_level level = boot->unit == CE_UNIT_DOCUMENT ? CE_LEVEL_COREF : CE_LEVEL_SENSE;
  if (!unit_draw(ev, step, level)) return;
  for (size_t r = 0; r < boot->row_count; r++) {
    const ce_row *row = &ev->rows[r];
    size_t units = level == CE_LEVEL_COREF ? row->doc_count : row->lemma_count;
    if (!boot->rows[r].active || units != boot->units) continue;
    ce_measures values;
    if (level == CE_LEVEL_COREF)
      ce__coref_total(row, boot->unit_weight, &values);
    else
      ce__senses_average(row->lemma_senses, row->lemma_gold, row->lemma_count, boot->unit_weight,
                         &values, NULL);
    keep_values(boot, &boot->rows[r], &values, NULL, level, step);
  }
}

/* Sets the file weights of a tde run's draw: `units` weights (one a corpus file). */
static void file_weights(ce_boot *boot, const uint32_t *units) {
  memset(boot->file_weight, 0, (boot->file_ids + 1) * sizeof *boot->file_weight);
  for (size_t u = 0; u < boot->units; u++) boot->file_weight[boot->files[u]] = units[u];
}

/* A tde run's step: each row scored again with the drawn files so weighted. */
static ce_status run_tde_step(ce_eval *ev, unsigned step) {
  ce_boot *boot = ev->boot;
  if (!unit_draw(ev, step, CE_LEVEL_TDE)) return CE_OK;
  file_weights(boot, boot->unit_weight);
  ce_status status = CE_OK;
  for (size_t r = 0; r < boot->row_count && !status; r++) {
    if (!boot->rows[r].active) continue;
    ce_measures values;
    status = ce__tde_rescore(ev, r, boot->file_weight, &values);
    if (!status) keep_values(boot, &boot->rows[r], &values, NULL, CE_LEVEL_TDE, step);
  }
  return status;
}

static ce_status run_step(ce_eval *ev, unsigned step) {
  ce_boot *boot = ev->boot;
  if (boot->unit == CE_UNIT_LEMMA && boot->resample != CE_RESAMPLE_LEMMAS && step < boot->total)
    return run_instance_step(ev, step);
  if (boot->unit == CE_UNIT_LEMMA || boot->unit == CE_UNIT_DOCUMENT) {
    run_unit_step(ev, step);
    return CE_OK;
  }
  if (boot->unit == CE_UNIT_FILE) return run_tde_step(ev, step);
  draw d;
  ce_status status = draw_build(ev, step, &d);
  for (size_t r = 0; r < boot->row_count && !status; r++) {
    const ce_boot_row *br = &boot->rows[r];
    if (!br->active) continue;
    if (d.levels[CE_LEVEL_TOKEN] && ev->rows[r].has_token)
      status = score_level(ev, r, &d, CE_LEVEL_TOKEN, step);
    if (!status && d.levels[CE_LEVEL_TYPE] && br->fixed && ev->rows[r].has_type)
      status = score_level(ev, r, &d, CE_LEVEL_TYPE, step);
  }
  draw_free(&d);
  return status;
}

ce_status ce__boot_run(ce_eval *ev, unsigned count, unsigned *done, unsigned *total) {
  ce_boot *boot = NULL;
  ce_status status = ce__stats_prepare(ev, &boot);
  unsigned steps = boot ? boot->total + boot->jack_total : 0;
  if (!status && boot->unit != CE_UNIT_NONE)
    for (unsigned i = 0; i < count && boot->done + boot->jack_done < steps && !status; i++) {
      unsigned step = boot->done + boot->jack_done;
      if (!(status = run_step(ev, step)))
        *(step < boot->total ? &boot->done : &boot->jack_done) += 1;
      ce__progress(ev->progress, CE_PHASE_RESAMPLES, boot->done + boot->jack_done, steps);
    }
  if (done) *done = boot ? (boot->unit == CE_UNIT_NONE ? steps : boot->done + boot->jack_done) : 0;
  if (total) *total = steps;
  return status;
}

/* ------------------------------------------------------------- statistics */

const char *ce__boot_sentence_name(const ce_eval *ev) {
  return ev->boot && ev->boot->tokens_as_sentences ? "token" : "sentence";
}

ce_boot_unit ce__boot_unit(const ce_eval *ev, size_t *sentences, size_t *items, unsigned *done,
                           unsigned *total) {
  const ce_boot *boot = ev->boot;
  if (!boot || !boot->prepared || boot->unit == CE_UNIT_NONE || !boot->total) return CE_UNIT_NONE;
  if (sentences) *sentences = boot->sentences;
  if (items) *items = ce__boot_one_level(boot->unit) ? boot->units : boot->gold->evaluated_count;
  if (done) *done = boot->done;
  if (total) *total = boot->total;
  return boot->unit;
}

const char *ce__boot_resample_name(const ce_eval *ev) {
  const ce_boot *boot = ev->boot;
  if (!boot || boot->unit != CE_UNIT_LEMMA || boot->resample == CE_RESAMPLE_LEMMAS) return NULL;
  return ce_opt_choice(CE_OPT_RESAMPLE, (unsigned)boot->resample);
}

const char *ce__boot_unavailable(const ce_eval *ev) {
  return ev->boot && ev->options[CE_OPT_BOOTSTRAP] > 0.0 ? ev->boot->unavailable : NULL;
}

static const double *samples_of(const ce_eval *ev, size_t r, ce_level level, ce_measure m) {
  const ce_boot *boot = ev->boot;
  if (!boot || !boot->done || r >= boot->row_count || !boot->rows[r].active) return NULL;
  if ((unsigned)level > CE_LEVEL_LAST) return NULL;
  int slot = boot->rows[r].slot_of[level][m];
  return slot < 0 ? NULL : boot->rows[r].samples + (size_t)slot * boot->total;
}

int ce__boot_has_values(const ce_eval *ev, size_t r, ce_level level, ce_measure m) {
  const double *samples = samples_of(ev, r, level, m);
  for (unsigned b = 0; samples && b < ev->boot->done; b++)
    if (!isnan(samples[b])) return 1;
  return 0;
}

/* The finite values among n, sorted, into `out`; how many. */
static size_t finite_sorted(const double *values, size_t n, double *out) {
  size_t kept = 0;
  for (size_t i = 0; i < n; i++)
    if (!isnan(values[i])) out[kept++] = values[i];
  ce__sort_doubles(out, kept);
  return kept;
}

/*
 * Resamples that draw half of each lemma's instances score smaller test sets than the data:
 * a measure whose expectation moves with a lemma's instances (fuzzy B-cubed counts an
 * instance's partners, V and NMI are plug-in entropies) has their mean off the value by the
 * half-sample's bias, which is not the full data's. Their spread is what they tell: they
 * are moved to have the value as their mean (the value, the estimate of its expectation on
 * a test set of this size, is kept), and the interval is read from them so moved.
 */
static void recentre(double *values, size_t n, double value) {
  double mean = 0.0;
  for (size_t i = 0; i < n; i++) mean += values[i];
  mean /= (double)n;
  for (size_t i = 0; i < n; i++) values[i] += value - mean;
}

/*
 * Row r's information measures' bias the resamples cannot see, token and type level, from
 * the full data's tables (computed once). AMI has none of its own: its population value is
 * NMI's (the MI expected by chance vanishes there), so interval_of takes NMI's corrected
 * estimate for it.
 */
static const ce_measures *unseen_of(const ce_eval *ev, size_t r, ce_level level) {
  ce_boot_row *br = &ev->boot->rows[r];
  const ce_row *row = &ev->rows[r];
  if (!br->unseen_done) {
    ce_measure_options options = ce__measure_options(ev);
    memset(br->unseen, 0, sizeof br->unseen);
    /* Where memory runs out the intervals are the resamples' alone: nothing is shifted. */
    for (int side = 0; side < 2; side++) {
      const ce_table *table = info_table(row, side ? CE_LEVEL_TYPE : CE_LEVEL_TOKEN);
      if (table && ce__info_unseen_bias(table, &options, &br->unseen[side], NULL))
        memset(&br->unseen[side], 0, sizeof br->unseen[side]);
    }
    br->unseen_done = 1;
  }
  return level == CE_LEVEL_TOKEN ? &br->unseen[0] : level == CE_LEVEL_TYPE ? &br->unseen[1] : NULL;
}

/* The shift of slot s's interval for the cells the sample never saw (0 for measures that do
 * not come from the level's table); AMI's moves its bias to value − NMI's corrected value. */
static double unseen_shift(const ce_eval *ev, size_t r, size_t s) {
  const ce_boot_row *br = &ev->boot->rows[r];
  ce_level level = (ce_level)br->slot_level[s];
  ce_measure m = (ce_measure)br->slot_measure[s];
  const ce_measures *unseen = unseen_of(ev, r, level);
  const ce_measures *values = ce__row_level(&ev->rows[r], level);
  if (!unseen || !values) return 0.0;
  if (m != CE_AMI) return ce__measure_has(unseen, m) ? unseen->value[m] : 0.0;
  int nmi = br->slot_of[level][CE_NMI];
  if (nmi < 0 || !br->intervals[nmi].has || !ce__measure_has(unseen, CE_NMI)) return 0.0;
  double corrected = values->value[CE_NMI] - br->intervals[nmi].shown.bias;
  return values->value[CE_AMI] - corrected - br->intervals[s].shown.bias;
}

/*
 * How much wider the interval of slot s's corrected estimate must be than the resamples make
 * it: the jackknife's standard error of the corrected estimate (Efron & Tibshirani 1993,
 * Eq. 11.5, over the blocks: √((g − 1)/g Σ (θ̃_(i) − θ̃_(·))²)) over the resamples' standard
 * deviation; 1 where that is not above 1, or there is no jackknife or no corrected value.
 * The jackknife, not the resamples: where the table is sparse a resample's plug-in values
 * vary less than the sample's do from sample to sample (a resample holds about 63% of the
 * units, its table sparser than the sample's as the sample's is than the population's: on
 * 30 Zipfian classes and 1,000 items, V-measure's resamples spread 0.014, its values 0.018),
 * and the bias estimated on a resample's table varies as little; a replicate leaves out one
 * block, and the jackknife's variance is conservative in expectation for any symmetric
 * statistic of independent units (Efron & Stein 1981). It sees the spread of the bias
 * estimate too.
 */
static double corrected_spread(const ce_boot *boot, const ce_boot_row *br, size_t s) {
  if (!boot->jack_total || boot->jack_done < boot->jack_total) return 1.0;
  const double *v = br->samples + s * boot->total;
  const double *j = br->jack_corrected + s * CE_JACKKNIFE_BLOCKS;
  double n = 0, sv = 0, svv = 0, g = 0, sj = 0, sjj = 0;
  for (unsigned b = 0; b < boot->done; b++)
    if (!isnan(v[b])) n += 1, sv += v[b], svv += v[b] * v[b];
  for (size_t i = 0; i < boot->blocks[br->slot_level[s]]; i++)
    if (!isnan(j[i])) g += 1, sj += j[i], sjj += j[i] * j[i];
  if (n < 2 || g < 2) return 1.0;
  double var_resamples = (svv - sv * sv / n) / (n - 1);
  double var_jackknife = (g - 1) / g * (sjj - sj * sj / g);
  return var_resamples > 0.0 && var_jackknife > var_resamples ? sqrt(var_jackknife / var_resamples)
                                                              : 1.0;
}

/* Row r's intervals by CE_OPT_CI over the steps done so far; computed again when more were
 * done since. The rows live in the run's statistics, which a const run may update. */
static const ce_slot_interval *interval_of(const ce_eval *ev, size_t r, ce_level level,
                                           ce_measure m) {
  ce_boot *boot = ev->boot;
  const double *samples = samples_of(ev, r, level, m);
  if (!samples) return NULL;
  ce_boot_row *br = &boot->rows[r];
  int slot = br->slot_of[level][m];
  unsigned stamp = boot->done + boot->jack_done;
  ce_slot_interval *si = &br->intervals[slot];
  if (br->intervals_at == stamp) return si->has ? si : NULL;
  /* Everything of the row at once: one sorting buffer, reused. */
  double *sorted = malloc(boot->done * sizeof *sorted);
  double jack[CE_JACKKNIFE_BLOCKS];
  if (!sorted) return NULL;
  ce_ci_method method = (ce_ci_method)(int)ev->options[CE_OPT_CI];
  for (size_t s = 0; s < br->slots; s++) {
    ce_slot_interval *out = &br->intervals[s];
    int lv = br->slot_level[s], id = br->slot_measure[s];
    size_t n = finite_sorted(br->samples + s * boot->total, boot->done, sorted);
    out->has = n > 0;
    if (!n) continue;
    size_t blocks = 0;
    if (method == CE_CI_BCA && boot->jack_done == boot->jack_total) {
      blocks = boot->blocks[lv];
      blocks = finite_sorted(br->jackknife + s * CE_JACKKNIFE_BLOCKS, blocks, jack);
    }
    const ce_measures *values = ce__row_level(&ev->rows[r], (ce_level)lv);
    if (boot->resample != CE_RESAMPLE_LEMMAS) recentre(sorted, n, values->value[id]);
    ce__interval_shown(method, values->value[id], sorted, n, jack, blocks, 0.95, &out->shown);
    /* Moved resamples may pass the ends of the measures' range (all of §3.7's are in
     * [0, 1]), which the value's expectation cannot. */
    if (boot->resample != CE_RESAMPLE_LEMMAS) {
      ce_interval *iv = &out->shown.interval;
      iv->lo = iv->lo < 0.0 ? 0.0 : iv->lo;
      iv->hi = iv->hi > 1.0 ? 1.0 : iv->hi;
    }
  }
  free(sorted);
  /* Then the bias no resample can see, NMI's before AMI's, which reads it. */
  for (int pass = 0; pass < 2; pass++)
    for (size_t s = 0; s < br->slots; s++) {
      ce_slot_interval *out = &br->intervals[s];
      if (!out->has || (br->slot_measure[s] == CE_AMI) != pass) continue;
      const ce_measures *values = ce__row_level(&ev->rows[r], (ce_level)br->slot_level[s]);
      double value = values->value[br->slot_measure[s]];
      ce__interval_shift(&out->shown, value, unseen_shift(ev, r, s), corrected_spread(boot, br, s));
      out->note[0] = '\0';
      if (out->shown.biased || out->shown.method != method)
        ce__interval_note(&out->shown, value, out->note, sizeof out->note);
    }
  br->intervals_at = stamp;
  return si->has ? si : NULL;
}

int ce__boot_interval(const ce_eval *ev, size_t r, ce_level level, ce_measure m, double *lo,
                      double *hi) {
  const ce_slot_interval *si = interval_of(ev, r, level, m);
  if (!si) return 0;
  *lo = si->shown.interval.lo;
  *hi = si->shown.interval.hi;
  return 1;
}

int ce__boot_interval_bias(const ce_eval *ev, size_t r, ce_level level, ce_measure m, double *bias,
                           const char **note) {
  const ce_slot_interval *si = interval_of(ev, r, level, m);
  if (!si) return 0;
  *bias = si->shown.bias;
  *note = si->note[0] ? si->note : NULL;
  return 1;
}

int ce__boot_interval_shift(const ce_eval *ev, size_t r, ce_level level, ce_measure m,
                            double *unseen, double *widen) {
  const ce_slot_interval *si = interval_of(ev, r, level, m);
  if (!si) return 0;
  *unseen = si->shown.unseen;
  *widen = si->shown.widen;
  return 1;
}

int ce__boot_interval_mark(const ce_eval *ev, size_t r, ce_level level, ce_measure m, char *text,
                           size_t size) {
  const ce_slot_interval *si = interval_of(ev, r, level, m);
  if (!si || !si->shown.biased) return 0;
  const ce_measures *values = ce__row_level(&ev->rows[r], level);
  ce__interval_mark(&si->shown, values->value[m], text, size);
  return 1;
}

const char *ce__boot_interval_note(const ce_eval *ev, size_t r, ce_level level, ce_measure m) {
  if (counts_sample_size(m)) {
    const ce_boot *boot = ev->boot;
    const ce_measures *values = ce__row_level(&ev->rows[r], level);
    int drawn = boot && boot->done && r < boot->row_count && boot->rows[r].active &&
                (level == CE_LEVEL_TDE    ? boot->unit == CE_UNIT_FILE
                 : level == CE_LEVEL_TYPE ? boot->rows[r].fixed != NULL
                                          : boot->sentences > 0);
    if (!drawn || !values || !ce__measure_has(values, m)) return NULL;
    return level == CE_LEVEL_TDE ? tde_grouping_note : grouping_note;
  }
  return NULL;
}

/* Row a's and b's full-data values and resamples of a measure; 0 when either has none. */
static int paired_samples(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure m,
                          const double **sa, const double **sb, double *full) {
  *sa = samples_of(ev, a, level, m);
  *sb = samples_of(ev, b, level, m);
  if (!*sa || !*sb) return 0;
  *full =
      ce__row_level(&ev->rows[a], level)->value[m] - ce__row_level(&ev->rows[b], level)->value[m];
  return 1;
}

/* What to add to a resample's a − b: 0, or where resamples draw instances (recentre) the
 * full data's d less the resamples' mean d. */
static double paired_shift(const ce_eval *ev, const double *sa, const double *sb, double full) {
  if (ev->boot->resample == CE_RESAMPLE_LEMMAS) return 0.0;
  double sum = 0.0;
  unsigned counted = 0;
  for (unsigned i = 0; i < ev->boot->done; i++)
    if (!isnan(sa[i]) && !isnan(sb[i])) sum += sa[i] - sb[i], counted++;
  return counted ? full - sum / counted : 0.0;
}

double ce__boot_paired(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure m) {
  const double *sa, *sb;
  double full;
  if (!paired_samples(ev, a, b, level, m, &sa, &sb, &full) || full == 0) return NAN;
  unsigned changed = 0, counted = 0;
  double shift = paired_shift(ev, sa, sb, full);
  for (unsigned i = 0; i < ev->boot->done; i++) {
    if (isnan(sa[i]) || isnan(sb[i])) continue;
    double d = sa[i] - sb[i] + shift;
    counted++;
    changed += full > 0 ? d <= 0 : d >= 0;
  }
  return counted ? (double)changed / counted : NAN;
}

/*
 * Berg-Kirkpatrick, Burkett & Klein (2012), §2 and Fig. 1, two-sided: the resamples' d*
 * vary around the full data's d as d would vary around its expectation, so under "no
 * difference" a d as far from 0 as the one seen is as likely as a d* that far from d.
 */
double ce__boot_p_value(const ce_eval *ev, size_t a, size_t b, ce_level level, ce_measure m) {
  const double *sa, *sb;
  double full;
  if (!paired_samples(ev, a, b, level, m, &sa, &sb, &full)) return NAN;
  unsigned extreme = 0, counted = 0;
  double shift = paired_shift(ev, sa, sb, full);
  for (unsigned i = 0; i < ev->boot->done; i++) {
    if (isnan(sa[i]) || isnan(sb[i])) continue;
    counted++;
    extreme += ce__as_extreme(sa[i] - sb[i] + shift - full, full);
  }
  return counted ? (1.0 + extreme) / (1.0 + counted) : NAN;
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

static int valid_row(const ce_eval *ev, size_t system, ce_level level, ce_measure measure) {
  return ev && system < ce_eval_system_count(ev) && (unsigned)measure < CE_MEASURE_COUNT &&
         (unsigned)level <= CE_LEVEL_LAST;
}

ce_status ce_eval_interval(const ce_eval *ev, size_t system, ce_level level, ce_measure measure,
                           double *lo, double *hi) {
  if (!valid_row(ev, system, level, measure)) return CE_ERR_USAGE;
  double low, high;
  if (!ce__boot_interval(ev, system, level, measure, &low, &high)) return CE_ERR_UNAVAILABLE;
  *lo = low;
  *hi = high;
  return CE_OK;
}

ce_status ce_eval_interval_bias(const ce_eval *ev, size_t system, ce_level level,
                                ce_measure measure, double *bias, const char **note) {
  if (!valid_row(ev, system, level, measure)) return CE_ERR_USAGE;
  double b;
  const char *why;
  if (!ce__boot_interval_bias(ev, system, level, measure, &b, &why)) return CE_ERR_UNAVAILABLE;
  if (bias) *bias = b;
  if (note) *note = why;
  return CE_OK;
}

const char *ce_eval_interval_note(const ce_eval *ev, size_t system, ce_level level,
                                  ce_measure measure) {
  return valid_row(ev, system, level, measure) ? ce__boot_interval_note(ev, system, level, measure)
                                               : NULL;
}
