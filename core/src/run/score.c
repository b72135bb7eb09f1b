/*
 * Scoring once every input is closed: one row per system input (and per baseline), each
 * with the token-level contingency measures where there are tokens, and the type-level
 * measures over the evaluated items' entries (SPEC §2 pairing, §3).
 */
#include <stdio.h> /* snprintf only */
#include <stdlib.h>
#include <string.h>

#include "common/parallel_internal.h"
#include "measures/measures_ebcubed_internal.h"
#include "measures/measures_overlap_internal.h"
#include "run/baselines_internal.h"
#include "run/coref_internal.h"
#include "run/input_internal.h"
#include "run/score_internal.h"
#include "run/senses_internal.h"
#include "run/tde_internal.h"
#include "run/typeset_internal.h"

static ce_measure_options measure_options(const ce_eval *ev) {
  ce_measure_options options = {ev->options[CE_OPT_BETA],
                                ev->options[CE_OPT_LOG2] != 0.0,
                                (ce_mean)ev->options[CE_OPT_NMI_MEAN],
                                NULL,
                                NULL,
                                NULL,
                                NULL,
                                1};
  return options;
}

ce_measure_options ce__measure_options(const ce_eval *ev) {
  return measure_options(ev);
}

/* ------------------------------------------------------------ token level */

/* --levels: the token level (1) or the type level (2) alone saves the other's cost. */
static int wants(const ce_eval *ev, ce_level level) {
  int levels = (int)ev->options[CE_OPT_LEVELS];
  return levels == 0 || levels == (level == CE_LEVEL_TOKEN ? 1 : 2);
}

/* The token level's measures from row->token_table; its warnings go to `notes`' (the row, or
 * a task's own until they take their place among the row's: token_now). */
static ce_status score_token_table(const ce_eval *ev, ce_row *row, ce_row *notes,
                                   const ce_copies *copies, unsigned threads) {
  if (!wants(ev, CE_LEVEL_TOKEN)) return CE_OK;
  /* Every token left the evaluation (a system that clusters none of gold's items under
   * --unclustered drop; a resample that drew only such sentences): the level has no value. */
  if (!row->token_table.total)
    return ce__row_warn(notes,
                        "token-level measures: n/a (no token left to score: the system "
                        "clusters none of gold's tokens that count)");
  ce_measure_options options = measure_options(ev);
  options.copies = copies;
  options.threads = threads; /* its expected MI's */
  /* The mappings behind m1 and o1 are kept for the heatmap and the reports. */
  size_t clusters = row->token_table.clusters ? row->token_table.clusters : 1;
  row->token_m1 = options.m1_map = malloc(clusters * sizeof *row->token_m1);
  row->token_o1 = options.o1_map = malloc(clusters * sizeof *row->token_o1);
  if (!row->token_m1 || !row->token_o1) return CE_ERR_NOMEM;
  ce_status status = ce__measures_all(&row->token_table, &options, &row->token);
  if (!status) row->has_token = 1;
  if (!status && !ce__measure_has(&row->token, CE_AMI))
    status = ce__row_warn(notes,
                          "ami: n/a (more than 2^53 tokens, past what its expected MI can "
                          "count in doubles)");
  return status;
}

/*
 * The token level from the (class, cluster) token counts: the table, then the measures.
 * Where the type level follows, a task beside its M-1 searches (score_type_level), or one
 * started ahead of the row's entries on a thread of its own (score_system), else run in
 * place, on the run's threads. It writes the row's token level only; its warnings wait in
 * `notes` until token_now puts them among the row's, where the order has them.
 */
typedef struct token_job {
  const ce_eval *ev;
  ce_row *row;
  const ce_cells *token_cells, *copy_squares; /* as in ce_row_sources */
  unsigned threads;                           /* its expected MI's */
  int ran;
  ce_status status;
  ce_async *async; /* started ahead on a thread of its own; NULL: not */
  ce_row notes;    /* its warnings alone */
} token_job;

static void token_run(token_job *job) {
  const ce_eval *ev = job->ev;
  ce_row *row = job->row;
  size_t classes = ce__intern_count(&ev->inputs[0].labels);
  size_t clusters = ce__intern_count(&row->clusters);
  ce_table squares = {0};
  ce_status status = ce__table_build(&row->token_table, job->token_cells, classes, clusters);
  if (!status) row->has_token_table = 1;
  if (!status && job->copy_squares)
    status = ce__table_build(&squares, job->copy_squares, classes, clusters);
  ce_copies copies = {squares.cell_n};
  if (!status)
    status =
        score_token_table(ev, row, &job->notes, job->copy_squares ? &copies : NULL, job->threads);
  ce__table_free(&squares);
  job->ran = 1;
  job->status = status;
}

static void token_task_run(void *context, size_t task) {
  (void)task;
  token_run(context);
}

/* Waits for a token job started ahead (none: nothing). */
static void token_job_wait(token_job *job) {
  ce__async_join(job->async);
  job->async = NULL;
}

/* Waits for a token job started ahead (not run where it could not start), and drops its
 * warnings; nothing is left running. */
static void token_job_end(token_job *job) {
  token_job_wait(job);
  ce__row_free(&job->notes);
}

/* Runs the token job where no task has, or waits for the one started ahead (NULL: none),
 * then puts its warnings among the row's; its status. */
static ce_status token_now(token_job *job) {
  if (!job) return CE_OK;
  token_job_wait(job);
  if (!job->ran) token_run(job);
  ce_status status = job->status ? job->status : ce__row_warn_all(job->row, &job->notes);
  token_job_end(job);
  return status;
}

/* Gold's (item, class) counts as (class, cluster) counts, each item taking the cluster of
 * its entry (`entry_of`: item → entry, UINT32_MAX when it left the evaluation). */
static ce_status table_from_entries(ce_row *row, const uint32_t *entry_of, const ce_cells *gold,
                                    ce_table *table) {
  const ce_entries *e = &row->entries;
  ce_cells cells = {0};
  ce_status status = CE_OK;
  ce_cells_walk walk = {0};
  uint64_t key, count;
  while (!status && ce__cells_next(gold, &walk, &key, &count)) {
    uint32_t entry = entry_of[key >> 32];
    if (entry != UINT32_MAX)
      status = ce__cells_add(&cells, (uint32_t)key, e->cluster_ids[e->cluster_start[entry]], count);
  }
  if (!status) status = ce__table_build(table, &cells, e->classes, e->clusters);
  ce__cells_free(&cells);
  return status;
}

/*
 * Mixed mode (SPEC §2): gold tokens take their item's induced entry. Defined only where
 * every evaluated item has one cluster; otherwise the token level is left out, with a
 * warning. Items that left the evaluation (dropped) take their tokens with them. A resample
 * counts its copies the same way (`src->copy_squares`).
 */
static ce_status token_table_from_entries(const ce_eval *ev, ce_row *row,
                                          const ce_row_sources *src) {
  const ce_entries *e = &row->entries;
  size_t item_total = ce__intern_count(&ev->items);
  uint32_t *entry_of = malloc((item_total ? item_total : 1) * sizeof *entry_of);
  if (!entry_of) return CE_ERR_NOMEM;
  for (size_t i = 0; i < item_total; i++) entry_of[i] = UINT32_MAX;
  int polysemous = 0;
  for (size_t i = 0; i < e->items; i++) {
    entry_of[row->entry_items[i]] = (uint32_t)i;
    polysemous |= e->cluster_start[i + 1] - e->cluster_start[i] != 1;
  }
  ce_status status = CE_OK;
  if (polysemous) {
    status = ce__row_warn(row,
                          "token-level measures: n/a (the system's entries are "
                          "polysemous; each token needs one cluster)");
  } else {
    ce_table squares = {0};
    status = table_from_entries(row, entry_of, src->gold_tokens, &row->token_table);
    if (!status) row->has_token_table = 1;
    if (!status && src->copy_squares)
      status = table_from_entries(row, entry_of, src->copy_squares, &squares);
    ce_copies copies = {squares.cell_n};
    if (!status)
      status = score_token_table(ev, row, row, src->copy_squares ? &copies : NULL,
                                 (unsigned)ev->options[CE_OPT_THREADS]);
    ce__table_free(&squares);
  }
  free(entry_of);
  return status;
}

/* ------------------------------------------------------------- type level */

/* Items per (class, cluster) with c ∈ A_i and k ∈ B_i: macro_i's 1-1 weight, the heatmap.
 * From the type index's rows where it has them (`ix` NULL: no index), else the entries.
 * Past `cell_budget` cells (0: none) CE_ERR_UNAVAILABLE and no table. */
static ce_status build_type_table(ce_row *row, const ce_type_index *ix, uint64_t cell_budget) {
  ce_status status = ix && ix->rows.start
                         ? ce__table_from_rows(&row->type_table, ix, cell_budget)
                         : ce__table_from_entries(&row->type_table, &row->entries, cell_budget);
  if (!status) row->has_type_table = 1;
  return status;
}

static int is_monosemous(const ce_entries *e) {
  for (size_t i = 0; i < e->items; i++)
    if (e->class_start[i + 1] - e->class_start[i] != 1 ||
        e->cluster_start[i + 1] - e->cluster_start[i] != 1)
      return 0;
  return 1;
}

/* ZeroSpeech type scores on items (SPEC §3.3): the system's items against gold's. */
static void coverage(ce_row *row, uint64_t system_items, uint64_t gold_items, uint64_t both) {
  double p = system_items ? (double)both / (double)system_items : 1.0;
  double r = gold_items ? (double)both / (double)gold_items : 1.0;
  ce__measure_put(&row->type, CE_COVER_P, p);
  ce__measure_put(&row->type, CE_COVER_R, r);
  ce__measure_put(&row->type, CE_COVER_F, ce__f_score(p, r));
}

/* The full data's M-1 starts, counted for ce_eval_set_progress under a lock: the three
 * searches may climb on threads of their own. */
typedef struct start_count {
  ce_progress *progress;
  ce_lock lock;
} start_count;

static void start_done(void *user) {
  start_count *count = user;
  ce_progress *progress = count->progress;
  ce__lock_acquire(&count->lock);
  if (progress->starts_done < progress->starts_total) progress->starts_done++;
  ce__progress(progress, CE_PHASE_RESTARTS, progress->starts_done, progress->starts_total);
  ce__lock_release(&count->lock);
}

/*
 * What the type level's work grows with (A_i: item i's gold labels, B_i: its clusters).
 * - Σ_i |B_i|·(|A_i| + |B_i|), the visits: the item table, the 1-1 weights and every M-1
 *   sweep visit each item's gold labels once per cluster of the item (an item in 50,000
 *   clusters with 50,000 gold labels alone gives 5·10^9). Past 1e9 (about a minute of
 *   climbing) those measures are left out with a warning, rather than holding the run for
 *   hours. Below 1e5 (a few milliseconds) the three M-1 searches and extended BCubed run
 *   on the caller's thread; above, side by side on CE_OPT_THREADS threads, extended
 *   BCubed's set-up and one denominator first, the other and its numerators last, those
 *   in as many parts as threads.
 * - Extended BCubed counts items with equal entries once. Their (entry, class, cluster)
 *   triples are the cells it indexes, and their memory. Real taggings keep those near the
 *   items (full Brown against a 45-state HMM: about 10^6); one word in 40,000 gold classes
 *   and 40,000 clusters makes 1.6·10^9. Past 5e7 it builds no cell index and walks the
 *   labels' lists: about Σ_x n_x² / 2 over the labels x (n_x distinct entries hold x) with
 *   no memory to speak of, and past 2e9 of that (some seconds) it is left out with a
 *   warning (measures_ebcubed.c weighs both).
 */
#define TYPE_VISIT_BUDGET 1e9
#define TYPE_THREADS_VISITS 1e5
#define EBCUBED_CELL_BUDGET 5e7
#define EBCUBED_WALK_BUDGET 2e9
/*
 * The overlapping-clustering measures over polysemous entries (SPEC §3.3):
 * - omega meets each pair of distinct entries that share a class or a cluster, about
 *   Σ_x n_x²/2 over the labels, a counter each (about 0.3 s at 8e7). Its budget, 2e7, keeps
 *   it below the M-1 climbs' cost: the measures are scored again for every resample and
 *   jackknife replicate, where on full Brown against a 45-state HMM tagging (8.4e7) omega
 *   alone took --bootstrap 20 from 18 s to 71 s;
 * - ecs inverts, for each polysemous side, the block of each component of its labels (Σ|C|³)
 *   and compares each distinct (gold, system) entry with the entries it can differ from: all
 *   of them (g² steps of a look-up and a |·| each, plus each side's sums of distinct label
 *   lists), or those of its part where one side is a partition. On full Brown, gold against
 *   a 45-state HMM tagging (both sides polysemous), that is 9.4e8 operations and 0.9 s, so
 *   about a nanosecond each; past 4e9 (some seconds, on every resample too) it is n/a with
 *   a warning. 1600 labels in one component of a polysemous side alone are 4e9. A resample,
 *   jackknife replicate or shuffle pays it again, some hundred times over a run: there its
 *   budget is 1e8 (0.1 s), which keeps Brown gold against c50 (2.5e7, one side a partition)
 *   and leaves gold against the HMM tagging with its value and no interval or p-value, with
 *   a warning, rather than a --bootstrap 20 of minutes.
 */
#define OMEGA_WALK_BUDGET 2e7
#define ECS_WORK_BUDGET 4e9
#define ECS_RESAMPLE_BUDGET 1e8

static double type_visits_of(const ce_entries *e) {
  double visits = 0.0;
  for (size_t i = 0; i < e->items; i++) {
    double a = e->class_start[i + 1] - e->class_start[i];
    double b = e->cluster_start[i + 1] - e->cluster_start[i];
    visits += b * (a + b);
  }
  return visits;
}

/* Extended BCubed of the row's entries, in tasks of its own (see ce_type_parallel). */
typedef struct ebcubed_job {
  ce_ebcubed *plan; /* NULL: it could not be set up, see status */
  double p, r, f, walk;
  ce_status status;
} ebcubed_job;

static void ebcubed_run(void *context, size_t task) {
  ebcubed_job *job = context;
  ce__ebcubed_task(job->plan, task);
}

/* Extended BCubed set up for `threads` (see ce__ebcubed_new), its tasks counted into
 * `parallel`; job->status says if not. */
static void ebcubed_plan(ebcubed_job *job, const ce_entries *entries, unsigned threads,
                         ce_type_parallel *parallel) {
  job->status = ce__ebcubed_new(entries, EBCUBED_CELL_BUDGET, EBCUBED_WALK_BUDGET,
                                ce__parallel_threads(threads), &job->plan);
  if (job->plan) ce__ebcubed_tasks(job->plan, &parallel->first, &parallel->last);
}

/* Extended BCubed's values into the row, or why they are left out; frees its plan. */
static ce_status ebcubed_put(ce_row *row, ebcubed_job *job) {
  if (job->plan) job->status = ce__ebcubed_finish(job->plan, &job->p, &job->r, &job->f, &job->walk);
  ce__ebcubed_free(job->plan);
  job->plan = NULL;
  if (job->status) return job->status;
  if (job->walk > EBCUBED_WALK_BUDGET) {
    char message[400];
    snprintf(message, sizeof message,
             "ebcubed_p, ebcubed_r, ebcubed_f: n/a (past 5e7 entry, class and cluster triples "
             "the labels' lists are walked, and Σ_x n_x²/2 = %.3g over the distinct entries "
             "n_x holding each label x exceeds the budget of 2e9)",
             job->walk);
    return ce__row_warn(row, message);
  }
  ce__measure_put(&row->type, CE_EBCUBED_P, job->p);
  ce__measure_put(&row->type, CE_EBCUBED_R, job->r);
  ce__measure_put(&row->type, CE_EBCUBED_F, job->f);
  return CE_OK;
}

/*
 * onmi, onmi_lfk, omega and ecs over the items (SPEC §3.3). Monosemous entries are a
 * partition of the items: the contingency measures put the four already, from the item
 * table. Polysemous ones are covers: ce__overlap_type, from the item table it builds first.
 * The full data (not a resample) keeps each item's S_i for the details. A task beside the
 * M-1 searches computes them (overlap_run); the row takes them after (overlap_put).
 */
typedef struct overlap_job {
  ce_row *row;
  int monosemous, keep_items;
  ce_measure_options options; /* monosemous: for the contingency measures (score_type_level) */
  unsigned threads;
  /* Polysemous entries' item table has at most Σ_i |A_i|·|B_i| cells, far more than the
   * items where words carry many labels: past the 1-1's cell budget it is not built (a
   * partition's has at most one cell an item, and is). */
  uint64_t cell_budget;
  int table_left_out;
  ce_overlap_type o;
  double *items; /* keep_items: each item's S_i */
  ce_status status;
} overlap_job;

static void overlap_run(overlap_job *job, const ce_type_index *ix) {
  ce_row *row = job->row;
  const ce_entries *e = &row->entries;
  if (!job->monosemous) {
    job->status = build_type_table(row, ix, job->cell_budget);
    job->table_left_out = job->status == CE_ERR_UNAVAILABLE;
    if (job->table_left_out) job->status = CE_OK;
  } else { /* the contingency of items, weight 1 each (score_type_level) */
    job->status = build_type_table(row, NULL, 0);
    if (!job->status) job->status = ce__measures_all(&row->type_table, &job->options, &row->type);
  }
  if (!job->status && job->keep_items &&
      !(job->items = malloc((e->items ? e->items : 1) * sizeof *job->items)))
    job->status = CE_ERR_NOMEM;
  if (!job->status)
    /* Monosemous entries: the contingency measures have put the four; only each item's S_i
     * is wanted here (10^6 one-token types: 0.25 s of 0.44 went to onmi and omega's lists). */
    job->status = ce__overlap_type(
        e, job->table_left_out || job->monosemous ? NULL : &row->type_table,
        job->monosemous ? 0.0 : OMEGA_WALK_BUDGET,
        job->keep_items ? ECS_WORK_BUDGET : ECS_RESAMPLE_BUDGET, job->threads, &job->o, job->items);
}

static ce_status overlap_put(ce_row *row, overlap_job *job, int resampled) {
  if (job->status) {
    free(job->items);
    return job->status;
  }
  free(row->item_ecs);
  row->item_ecs = job->items;
  job->items = NULL;
  if (job->monosemous) return CE_OK;
  const ce_overlap_type *o = &job->o;
  char message[400];
  ce_status status = CE_OK;
  if (o->has_nmi) {
    ce__measure_put(&row->type, CE_ONMI, o->onmi);
    ce__measure_put(&row->type, CE_ONMI_LFK, o->onmi_lfk);
  }
  if (o->has_omega) {
    ce__measure_put(&row->type, CE_OMEGA, o->omega);
  } else if (job->table_left_out) {
    snprintf(message, sizeof message,
             "onmi, onmi_lfk, omega: n/a (the item table they read has more non-zero cells "
             "than the budget of %llu; --cell-budget 0 lifts it, and --min-share keeps the "
             "rare labels that make such tables dense out)",
             (unsigned long long)job->cell_budget);
    status = ce__row_warn(row, message);
  } else {
    snprintf(message, sizeof message,
             "omega: n/a (the pairs of distinct entries sharing a label, Σ_x n_x²/2 = %.3g over "
             "the distinct entries n_x holding each label x, exceed the budget of 2e7)",
             o->omega_walk);
    status = ce__row_warn(row, message);
  }
  if (!status && o->has_ecs) {
    ce__measure_put(&row->type, CE_ECS, o->ecs);
    if (job->keep_items && resampled && o->ecs_work > ECS_RESAMPLE_BUDGET) {
      snprintf(message, sizeof message,
               "ecs: no interval or p-value (each resample would pay its %.3g operations "
               "again, past the budget of 1e8 for a resample)",
               o->ecs_work);
      status = ce__row_warn(row, message);
    }
  } else if (!status) {
    snprintf(message, sizeof message,
             "ecs: n/a (its cost, %.3g operations for %zu classes and %zu clusters and the "
             "distinct entries compared pair by pair, exceeds the budget of 4e9)",
             o->ecs_work, o->ecs_clusters[0], o->ecs_clusters[1]);
    status = ce__row_warn(row, message);
  }
  return status;
}

/* The caller's tasks beside the M-1 searches (ce_type_parallel): the token level and the
 * overlap measures first, where wanted, then extended BCubed's first tasks; its last ones
 * after the searches. */
typedef struct alongside_job {
  token_job *token;           /* NULL: none */
  overlap_job *overlap;       /* NULL: none */
  ebcubed_job *ebcubed;       /* its plan NULL: none */
  const ce_type_index *index; /* the type level's, while the tasks run */
} alongside_job;

static void alongside_run(void *context, size_t task) {
  alongside_job *job = context;
  if (job->token && task-- == 0) {
    token_run(job->token);
    return;
  }
  if (job->overlap && task-- == 0) {
    overlap_run(job->overlap, job->index);
    return;
  }
  ebcubed_run(job->ebcubed, task);
}

/* An M-1 search the work budget stopped: which, where, what the value is, how to lift it. */
static ce_status budget_warning(ce_row *row, ce_measure measure, const ce_type_score *score,
                                unsigned restarts, uint64_t budget) {
  char message[400];
  snprintf(message, sizeof message,
           "type.%s: the M-1 search stopped at its budget of %llu label reads after %u of %u "
           "starts: the value is the best mapping found, at most %.4f; --m1-budget 0 runs the "
           "paper's protocol to its end",
           ce_measure_id(measure), (unsigned long long)budget, score->starts, restarts,
           score->bound);
  return ce__row_warn(row, message);
}

/* The type-level 1-1 past its cell budget: how large its table is, how to lift or thin it. */
static ce_status cell_budget_warning(ce_row *row, uint64_t cells, uint64_t budget) {
  char message[400];
  snprintf(message, sizeof message,
           "type.macro_i_o1, type.micro_i_o1, type.micro_c_o1: n/a (their weight table has "
           "%llu or more non-zero cells, past the budget of %llu; --cell-budget 0 lifts it, "
           "and --min-share keeps the rare labels that make such tables dense out)",
           (unsigned long long)cells, (unsigned long long)budget);
  return ce__row_warn(row, message);
}

/* The type level's measures; `token` (NULL: none), the token level's job, runs first or as
 * a task beside its M-1 searches. */
static ce_status score_type_level(const ce_eval *ev, ce_row *row, const uint32_t *const *m1_start,
                                  token_job *token) {
  if (!wants(ev, CE_LEVEL_TYPE)) return token_now(token);
  double visits = type_visits_of(&row->entries);
  unsigned threads = visits < TYPE_THREADS_VISITS ? 1 : (unsigned)ev->options[CE_OPT_THREADS];
  ebcubed_job ebcubed = {NULL, 0.0, 0.0, 0.0, 0.0, CE_OK};
  ce_type_parallel parallel = {threads, 0, 0, NULL, NULL, NULL};
  int monosemous = row->entries.items && is_monosemous(&row->entries);
  /* The tasks below run where the type level has items within its visit budget, and the
   * overlap measures are among them (the full data, or polysemous entries): the token level
   * then joins them, to run beside the type level's work instead of before it, unless it
   * runs already (started ahead), and ends after them. */
  int token_beside =
      token && row->entries.items && visits <= TYPE_VISIT_BUDGET && (!monosemous || !m1_start);
  int token_task = token_beside && !token->async;
  ce_status status = token_beside ? CE_OK : token_now(token);
  if (status) return status;
  if (token_task) token->threads = 1; /* its expected MI beside the other tasks */
  if (visits > TYPE_VISIT_BUDGET) {
    char message[400];
    snprintf(message, sizeof message,
             "type-level 1-1, M-1 and the item table: n/a (items' clusters times their gold "
             "and system labels, Σ|B_i|·(|A_i|+|B_i|) = %.3g, exceed the budget of 1e9; "
             "--min-share keeps an item's rare labels out)",
             visits);
    row->has_type = 1;
    status = ce__row_warn(row, message);
    if (!status)
      status = ce__row_warn(row,
                            "onmi, onmi_lfk, omega, ecs: n/a (the item table they read is past "
                            "its budget)");
    if (status) return status;
    ebcubed_plan(&ebcubed, &row->entries, threads, &parallel);
    if (ebcubed.plan) /* its tasks alone */
      ce__parallel_for(parallel.first + parallel.last, threads, ebcubed_run, &ebcubed);
    return ebcubed_put(row, &ebcubed);
  }
  int overlapping = !monosemous || !m1_start;
  /* Monosemous entries with the overlap task: their item table and its contingency measures
   * are that task's first work, beside the M-1 searches instead of before them (10^6
   * one-token types: 0.48 s on one thread while the other waited). Else here, first. */
  int contingency_here = monosemous && !overlapping;
  if (!row->entries.items || contingency_here) status = build_type_table(row, NULL, 0);
  if (status) return status;
  row->has_type = 1;
  if (!row->entries.items) return ce__row_warn(row, "type-level measures: n/a (no item left)");
  if (contingency_here) { /* the contingency of items, weight 1 each */
    ce_measure_options options = measure_options(ev);
    status = ce__measures_all(&row->type_table, &options, &row->type);
  }
  if (status) return status;
  overlap_job overlap;
  memset(&overlap, 0, sizeof overlap);
  overlap.row = row;
  overlap.monosemous = monosemous;
  overlap.options = measure_options(ev);
  overlap.keep_items = !m1_start;
  overlap.threads = m1_start ? 1 : threads;
  overlap.cell_budget = (uint64_t)ev->options[CE_OPT_CELL_BUDGET];
  ce_climb_options climb = {(unsigned)ev->options[CE_OPT_RESTARTS],
                            (uint64_t)ev->options[CE_OPT_SEED],
                            NULL,
                            NULL,
                            NULL,
                            NULL,
                            (uint64_t)ev->options[CE_OPT_M1_BUDGET],
                            (uint64_t)ev->options[CE_OPT_CELL_BUDGET]};
  ebcubed_plan(&ebcubed, &row->entries, threads, &parallel);
  alongside_job alongside = {token_task ? token : NULL, overlapping ? &overlap : NULL, &ebcubed,
                             NULL};
  parallel.first += (size_t)overlapping + (size_t)token_task;
  if (token_task || overlapping || ebcubed.plan) {
    parallel.task = alongside_run;
    parallel.context = &alongside;
    parallel.index = &alongside.index;
  }
  start_count count;
  count.progress = ev->progress;
  int counting = !m1_start && ev->progress && ev->progress->fn;
  if (counting && !ce__lock_init(&count.lock)) parallel.threads = 1;
  if (m1_start)
    climb.restarts = 1; /* a resample climbs once, from the full data's mapping */
  else if (counting)
    climb.on_start = start_done, climb.user = &count;
  status = ce__type_measures_from(&row->entries, &climb, m1_start, &parallel, &row->climb);
  if (counting) ce__lock_free(&count.lock);
  /* The token level's warnings go before the type level's first (below); it runs now if the
   * tasks could not start. */
  if (token_beside) {
    ce_status token_status = token_now(token);
    if (!status) status = token_status;
  }
  if (!status && !monosemous)
    status = ce__row_warn(row, "type-level contingency measures: n/a (polysemous)");
  if (status) {
    ce__ebcubed_free(ebcubed.plan);
    free(overlap.items);
    return status;
  }
  if (overlapping) status = overlap_put(row, &overlap, ev->options[CE_OPT_BOOTSTRAP] > 0.0);
  if (status) {
    ce__ebcubed_free(ebcubed.plan);
    return status;
  }
  row->has_climb = 1;
  static const ce_measure o1_ids[CE_TYPE_MEASURES] = {CE_MACRO_I_O1, CE_MICRO_I_O1, CE_MICRO_C_O1};
  static const ce_measure m1_ids[CE_TYPE_MEASURES] = {CE_MACRO_I_M1, CE_MICRO_I_M1, CE_MICRO_C_M1};
  /* The three 1-1 tables share their non-zero cells: one budget decides for all. */
  if (row->climb.o1[0].left_out)
    status = cell_budget_warning(row, row->climb.o1[0].cells, climb.cell_budget);
  for (int t = 0; t < CE_TYPE_MEASURES; t++) {
    if (!row->climb.o1[t].left_out) ce__measure_put(&row->type, o1_ids[t], row->climb.o1[t].value);
    ce__measure_put(&row->type, m1_ids[t], row->climb.m1[t].value);
    if (!status && row->climb.m1[t].budget_reached)
      status = budget_warning(row, m1_ids[t], &row->climb.m1[t], climb.restarts, climb.budget);
  }
  if (status) {
    ce__ebcubed_free(ebcubed.plan);
    return status;
  }
  return ebcubed_put(row, &ebcubed);
}

/* ------------------------------------------------------------------ rows */

/* Gold's labels by item, from its counted weights less `less` (NULL: none), --min-share
 * applied to what remains. */
static ce_status gold_labels(const ce_eval *ev, const ce_cells *less, ce_item_labels *labels) {
  const ce_input *gold = &ev->inputs[0];
  ce_shape shape = ce__format_shape(gold->format);
  /* Types from tokens (SPEC §2): a corpus, or the joint counts of one. */
  double share =
      shape == CE_SHAPE_TOKENS || shape == CE_SHAPE_JOINT ? ev->options[CE_OPT_MIN_SHARE] : 0.0;
  return ce__item_labels_build(labels, &gold->item_cells, less, ce__intern_count(&ev->items),
                               share);
}

/* Whether a row reads gold's evaluated items in their byte order: the entries of the type
 * level or of a system that is not a corpus, a baseline's, the resamples' and shuffles'. At
 * the token level alone of corpora none does, and the items stay in id order (sorting full
 * Brown's 56,057 words took 3 ms of its 80). */
static int needs_item_order(const ce_eval *ev) {
  int baselines = 0;
  for (int b = 0; b < CE_BASELINE_COUNT; b++) baselines |= ev->baselines[b];
  if (wants(ev, CE_LEVEL_TYPE) || baselines || ce__keeps_for_statistics(ev) ||
      ce__format_shape(ev->inputs[0].format) != CE_SHAPE_TOKENS)
    return 1;
  for (size_t s = 1; s < ev->input_count; s++)
    if (ev->inputs[s].role == CE_ROLE_SYSTEM &&
        ce__format_shape(ev->inputs[s].format) != CE_SHAPE_TOKENS)
      return 1;
  return 0;
}

/* Gold's items in id order (where no row reads their order). */
static ce_status ids_in_order(size_t count, uint32_t **ids) {
  *ids = malloc((count ? count : 1) * sizeof **ids);
  if (!*ids) return CE_ERR_NOMEM;
  for (size_t i = 0; i < count; i++) (*ids)[i] = (uint32_t)i;
  return CE_OK;
}

static ce_status gold_view_build(ce_eval *ev, ce_gold_view *view) {
  size_t item_total = ce__intern_count(&ev->items);
  memset(view, 0, sizeof *view);
  ce_status status = gold_labels(ev, NULL, &view->entries);
  uint32_t *sorted = NULL;
  if (!status)
    status = needs_item_order(ev) ? ce__intern_sorted(&ev->items, &sorted)
                                  : ids_in_order(item_total, &sorted);
  if (status) return status;
  view->evaluated = sorted; /* filtered in place to the items gold has */
  ev->gold_items = ev->polysemous_items = 0;
  for (size_t i = 0; i < item_total; i++) {
    size_t labels = ce__item_label_count(&view->entries, sorted[i]);
    if (!labels) continue;
    view->evaluated[view->evaluated_count++] = sorted[i];
    ev->gold_items++;
    ev->polysemous_items += labels > 1;
  }
  return CE_OK;
}

/* Gold's view, built where the first row needs it: a system of a corpus starts its token
 * level before (score_system). A view that failed to build is freed like one that did. */
typedef struct gold_view_lazy {
  ce_gold_view view;
  int built;
} gold_view_lazy;

static ce_status gold_view_ready(ce_eval *ev, gold_view_lazy *gold) {
  if (gold->built) return CE_OK;
  gold->built = 1;
  return gold_view_build(ev, &gold->view);
}

void ce__gold_view_free(ce_gold_view *view) {
  ce__item_labels_free(&view->entries);
  free(view->evaluated);
}

/* Items the system clusters (with a label other than the unclustered one), and extra. */
static void count_items(const ce_row_sources *src, ce_row *row) {
  const ce_item_labels *system = src->system;
  uint64_t system_items = 0, both = 0;
  for (uint32_t item = 0; item < system->item_count; item++) {
    int clustered = 0;
    for (uint32_t j = system->start[item]; j < system->start[item + 1]; j++)
      clustered |= system->labels[j] != src->unclustered_id;
    if (!clustered) continue;
    system_items++;
    if (ce__item_label_count(&src->gold->entries, item)) both++;
  }
  row->extra = system_items - both;
  coverage(row, system_items, src->gold->evaluated_count, both);
}

ce_status ce__score_sources(const ce_eval *ev, ce_row *row, const ce_row_sources *src) {
  int token = !(src->skip & CE_SKIP_TOKEN), type = !(src->skip & CE_SKIP_TYPE);
  ce_status status = CE_OK;
  /* Entries serve the type level, and the token level where gold's tokens take them. */
  if (src->system && (type || !src->token_cells)) {
    status = ce__row_entries(ev, row, &src->gold->entries, src->system, src->unclustered_id,
                             src->gold->evaluated, src->gold->evaluated_count,
                             ce__intern_count(&ev->inputs[0].labels));
    if (!status && src->is_system) count_items(src, row);
  }
  token_job own_counts = {ev,
                          row,
                          src->token_cells,
                          src->copy_squares,
                          (unsigned)ev->options[CE_OPT_THREADS],
                          0,
                          CE_OK,
                          NULL,
                          {0}};
  token_job *token_counts = src->token_started ? src->token_started : &own_counts;
  /* where a type level follows, it runs the token level: beside its tasks, or first */
  int deferred = token && src->token_cells && type && src->system;
  if (!status && token && src->token_cells) {
    if (!deferred) status = token_now(token_counts);
  } else if (!status && token && src->gold_tokens && src->system) {
    status = token_table_from_entries(ev, row, src);
  } else if (!status && token && !src->gold_tokens && src->is_system) {
    status = ce__row_warn(row, "token-level measures: n/a (the gold standard has no tokens)");
  }
  if (!status && type && src->system)
    status = score_type_level(ev, row, src->m1_start, deferred ? token_counts : NULL);
  return status;
}

/* The sub-test input of a system, or NULL. */
static const ce_input *sub_test_of(const ce_eval *ev, size_t system) {
  for (size_t i = 1; i < ev->input_count; i++)
    if (ev->inputs[i].role == CE_ROLE_SUB_TEST && ev->inputs[i].test_for == system)
      return &ev->inputs[i];
  return NULL;
}

/* Substitutable precision and recall (Frank et al. 2009; SPEC §3.3), gold-free. */
static ce_status score_sub(const ce_eval *ev, size_t index, ce_row *row) {
  const ce_input *system = &ev->inputs[index];
  const ce_input *test = sub_test_of(ev, index);
  char message[640];
  if (test && test->failed) {
    snprintf(message, sizeof message, "sub_p, sub_r: n/a (the test corpus failed: %s)",
             test->error.message);
    return ce__row_warn(row, message);
  }
  double p, r;
  size_t frames;
  ce_status status = ce__sub_compute(system->sub, &p, &r, &frames);
  if (status) return status;
  ce__measure_put(&row->token, CE_SUB_P, p);
  ce__measure_put(&row->token, CE_SUB_R, r);
  if (!ce__sub_has_test(system->sub))
    status = ce__row_warn(row, "sub_p, sub_r: the system's own corpus served as the test corpus");
  if (!status && frames == 0)
    status = ce__row_warn(row,
                          "sub_p, sub_r: no frame occurs in both corpora and twice in the "
                          "test corpus; 0/0 is taken as 1");
  return status;
}

/* Keeps the row's labels by item for the resamples (--bootstrap) when they do not follow the
 * tokens: the bootstrap reads them from the row. Takes the arrays; `labels` is left empty. */
static void keep_for_resamples(const ce_eval *ev, ce_row *row, ce_item_labels *labels) {
  if (!ce__keeps_for_statistics(ev)) return;
  row->kept_labels = *labels;
  row->has_kept_labels = 1;
  memset(labels, 0, sizeof *labels);
}

/*
 * A token system whose own sentence breaks part from gold's. Gold's sentences are the ones
 * resampled and framed (SPEC §2), so the numbers stand; the warning says the files may not
 * be the same segmentation. Where either side has no break inside it (one sentence, or
 * tokens by number), it does not mark sentences, and nothing is said.
 */
static ce_status sentence_warning(const ce_eval *ev, const ce_input *system, ce_row *row) {
  if (system->sentence_starts < 2 || ev->sentences < 2 || !system->break_mismatches) return CE_OK;
  char message[320];
  snprintf(message, sizeof message,
           "sentence breaks: %llu position%s where this file and %s part (the first at line "
           "%llu here, line %llu there); the gold standard's sentences are used",
           (unsigned long long)system->break_mismatches, system->break_mismatches == 1 ? "" : "s",
           ev->inputs[0].name, (unsigned long long)system->mismatch_line,
           (unsigned long long)system->mismatch_gold_line);
  return ce__row_warn(row, message);
}

/* ------------------------------------------------------------ depth sweep */

/*
 * A `paths` system at one depth (SPEC §3.3, "Hierarchies"): its clusters are the first
 * `depth` bits of each path, as `--depth depth` reads them. The (item, path) counts of the
 * full paths are summed by prefix, so the file is read once for every depth; prefixes are
 * numbered in the order their first path was seen, as the reader would number them, so that
 * ties break the same way and every point equals its `--depth` run.
 */
static ce_status sweep_point(const ce_eval *ev, const ce_input *system, const ce_gold_view *gold,
                             const uint64_t *cells, size_t used, unsigned depth,
                             ce_sweep_point *point) {
  size_t paths = ce__intern_count(&system->labels);
  uint32_t *to_cut = malloc((paths ? paths : 1) * sizeof *to_cut);
  ce_intern cut = {0};
  ce_cells counts = {0};
  ce_item_labels entries = {0};
  ce_row row;
  ce_status status = to_cut ? ce__row_start(&row, system->name, system->format, 0) : CE_ERR_NOMEM;
  if (!to_cut) return status;
  for (uint32_t p = 0; p < paths && !status; p++) {
    size_t len;
    const char *text = ce__intern_get(&system->labels, p, &len);
    size_t keep = p == system->unclustered_id || len <= depth ? len : depth;
    status = ce__intern_put(&cut, text, keep, &to_cut[p], NULL);
  }
  for (size_t i = 0; i < used && !status; i++)
    status = ce__cells_add(&counts, (uint32_t)(cells[2 * i] >> 32), to_cut[(uint32_t)cells[2 * i]],
                           cells[2 * i + 1]);
  if (!status)
    status = ce__item_labels_build(&entries, &counts, NULL, ce__intern_count(&ev->items), 0.0);
  if (!status) status = ce__intern_copy(&row.clusters, &cut);
  uint32_t unclustered =
      system->unclustered_id == UINT32_MAX ? UINT32_MAX : to_cut[system->unclustered_id];
  ce_row_sources sources = {
      gold,
      &entries,
      unclustered,
      1,
      NULL,
      ce__format_shape(ev->inputs[0].format) == CE_SHAPE_TOKENS ? &ev->inputs[0].item_cells : NULL,
      NULL,
      0,
      NULL,
      NULL};
  if (!status) status = ce__score_sources(ev, &row, &sources);
  if (!status) {
    *point = (ce_sweep_point){
        depth, ce__intern_count(&row.clusters), row.has_token, row.has_type, row.token, row.type};
  }
  ce__row_free(&row);
  ce__item_labels_free(&entries);
  ce__cells_free(&counts);
  ce__intern_free(&cut);
  free(to_cut);
  return status;
}

/* --depth-sweep: a `paths` system at every depth from 1 to its longest path. */
static ce_status score_sweep(const ce_eval *ev, const ce_input *system, const ce_gold_view *gold,
                             ce_row *row) {
  unsigned longest = 0;
  for (uint32_t p = 0; p < ce__intern_count(&system->labels); p++) {
    size_t len;
    ce__intern_get(&system->labels, p, &len);
    if (p != system->unclustered_id && len > longest) longest = (unsigned)len;
  }
  if (!longest) return CE_OK;
  uint64_t *cells = NULL;
  ce_status status = ce__cells_sorted(&system->item_cells, &cells);
  if (!status && !(row->sweep = calloc(longest, sizeof *row->sweep))) status = CE_ERR_NOMEM;
  for (unsigned depth = 1; depth <= longest && !status; depth++) {
    status = sweep_point(ev, system, gold, cells, system->item_cells.used, depth,
                         &row->sweep[depth - 1]);
    if (!status) row->sweep_count = depth;
  }
  free(cells);
  return status;
}

/* Starts input `index`'s row; a failed input's row carries its error, and nothing more is
 * scored (*failed 1). */
static ce_status start_input_row(const ce_input *input, size_t index, ce_row *row, int *failed) {
  ce_status status = ce__row_start(row, input->name, input->format, index);
  *failed = !status && input->failed;
  if (*failed) {
    row->failed = 1;
    row->error = input->error;
  }
  return status;
}

static ce_status score_system(ce_eval *ev, size_t index, gold_view_lazy *lazy_gold, ce_row *row) {
  ce_input *system = &ev->inputs[index];
  int failed;
  ce_status status = start_input_row(system, index, row, &failed);
  if (status || failed) return status;
  ce_shape gold_shape = ce__format_shape(ev->inputs[0].format);
  ce_shape shape = ce__format_shape(system->format);
  status = ce__intern_copy(&row->clusters, &system->labels);
  /* Two corpora scored at the token level alone need no entries: none were counted. */
  int token_only =
      !wants(ev, CE_LEVEL_TYPE) && shape == CE_SHAPE_TOKENS && gold_shape == CE_SHAPE_TOKENS;
  ce_item_labels entries = {0};
  int token_mode = shape == CE_SHAPE_TOKENS && gold_shape == CE_SHAPE_TOKENS;
  /* Both levels of a corpus: the token level starts now on a thread of its own, while this
   * one builds gold's view (the first row) and the entries the type level starts from (10^6
   * one-token types: 0.13 s on one thread while the other waited), and ends beside the type
   * level's tasks. */
  token_job early = {ev, row, &system->pair_cells, NULL, 1, 0, CE_OK, NULL, {0}};
  if (!status && token_mode && wants(ev, CE_LEVEL_TOKEN) && wants(ev, CE_LEVEL_TYPE) &&
      ce__parallel_threads((unsigned)ev->options[CE_OPT_THREADS]) > 1)
    early.async = ce__async_start(token_task_run, &early);
  if (!status) status = gold_view_ready(ev, lazy_gold);
  const ce_gold_view *gold = &lazy_gold->view;
  if (!status && system->format == CE_FORMAT_PATHS && ev->options[CE_OPT_DEPTH_SWEEP] != 0.0)
    status = score_sweep(ev, system, gold, row);
  if (!status && !token_only) {
    double share = shape == CE_SHAPE_TOKENS ? ev->options[CE_OPT_MIN_SHARE] : 0.0;
    status = ce__item_labels_build(&entries, &system->item_cells, NULL,
                                   ce__intern_count(&ev->items), share);
    /* Nothing reads the counts again: their memory goes before the type level needs its own. */
    ce__cells_free(&system->item_cells);
  }
  /* Under `drop` the type level sees gold's entries from the tokens that remain for this
   * system (SPEC §2: drop removes those tokens from both sides): gold's weights less the
   * ones it dropped. The evaluated items stay gold's; one with no token left leaves. */
  ce_gold_view own_gold = *gold;
  int own = !status && token_mode && !token_only && system->dropped.used;
  if (own) status = gold_labels(ev, &system->dropped, &own_gold.entries);
  ce__cells_free(&system->dropped);
  ce_row_sources sources = {own ? &own_gold : gold,
                            token_only ? NULL : &entries,
                            system->unclustered_id,
                            1,
                            token_mode ? &system->pair_cells : NULL,
                            gold_shape == CE_SHAPE_TOKENS ? &ev->inputs[0].item_cells : NULL,
                            NULL,
                            0,
                            NULL,
                            early.async ? &early : NULL};
  if (!status) status = ce__score_sources(ev, row, &sources);
  token_job_end(&early); /* where the scoring stopped short of it */
  /* Token mode: missing counts the gold items seen with the unclustered label. */
  if (!status && token_mode) row->missing = system->unclustered.used;
  if (!status && !token_only) keep_for_resamples(ev, row, &entries);
  if (!status && own && ev->options[CE_OPT_BOOTSTRAP] > 0.0) { /* the resamples' gold */
    row->kept_gold = own_gold.entries;
    row->has_kept_gold = 1;
  } else if (own) {
    ce__item_labels_free(&own_gold.entries);
  }
  ce__item_labels_free(&entries);
  if (!status && token_mode) status = sentence_warning(ev, system, row);
  if (!status && row->has_token && shape == CE_SHAPE_TOKENS && system->sub)
    status = score_sub(ev, index, row);
  else if (!status && sub_test_of(ev, index))
    status = ce__row_warn(row, "sub_p, sub_r: n/a (they need the system as a tagged corpus)");
  return status;
}

/* ------------------------------------------------------------ joint files */

/* "item 'x' has 3 tokens of class 'NN' here and 4 there": a cell where two gold sides part. */
static void fail_disagree(const ce_eval *ev, ce_input *system, uint64_t key, uint64_t here,
                          uint64_t there) {
  const ce_input *gold = &ev->inputs[0];
  uint32_t item = (uint32_t)(key >> 32), cls = (uint32_t)key;
  size_t gold_classes = ce__intern_count(&gold->labels), item_len, cls_len;
  const char *item_text = ce__intern_get(&ev->items, item, &item_len);
  const char *cls_text =
      cls < gold_classes
          ? ce__intern_get(&gold->labels, cls, &cls_len)
          : ce__intern_get(&system->other_labels, (uint32_t)(cls - gold_classes), &cls_len);
  ce_buf text = {0};
  ce__buf_printf(&text, "its gold side differs from that of %s: item '", gold->name);
  ce__buf_append_excerpt(&text, item_text, item_len, 60);
  ce__buf_printf(&text, "' has %llu token%s of class '", (unsigned long long)here,
                 here == 1 ? "" : "s");
  ce__buf_append_excerpt(&text, cls_text, cls_len, 60);
  ce__buf_printf(&text,
                 "' here and %llu there; joint files scored together must count the same gold "
                 "corpus",
                 (unsigned long long)there);
  ce_error error;
  ce__fail(&error, CE_ERR_MISMATCH, system->name, 0, 0, "%s",
           text.data ? text.data : "its gold side differs");
  ce__buf_free(&text);
  ce__input_fail(system, &error);
}

/* Moves the class ids of `cells` keyed (class << 32 | x) or (x << 32 | class) to gold's. */
static ce_status translate(const ce_cells *cells, const uint32_t *to_gold, int class_first,
                           ce_cells *out) {
  ce_status status = CE_OK;
  ce_cells_walk walk = {0};
  uint64_t key, count;
  while (!status && ce__cells_next(cells, &walk, &key, &count)) {
    uint32_t hi = (uint32_t)(key >> 32), lo = (uint32_t)key;
    status = class_first ? ce__cells_add(out, to_gold[hi], lo, count)
                         : ce__cells_add(out, hi, to_gold[lo], count);
  }
  return status;
}

/*
 * A joint system's gold side against gold's (SPEC §2): its classes take gold's ids (a class
 * gold lacks, an id past gold's), its (item, class) tokens must be gold's cell for cell, and
 * its (class, cluster) cells move to gold's ids. The first cell where they part fails it.
 */
static ce_status joint_agree(const ce_eval *ev, ce_input *system) {
  const ce_input *gold = &ev->inputs[0];
  size_t classes = ce__intern_count(&system->other_labels);
  size_t gold_classes = ce__intern_count(&gold->labels);
  uint32_t *to_gold = malloc((classes ? classes : 1) * sizeof *to_gold);
  ce_cells mine = {0}, pairs = {0};
  uint64_t *a = NULL, *b = NULL;
  ce_status status = to_gold ? CE_OK : CE_ERR_NOMEM;
  for (uint32_t c = 0; c < classes && !status; c++) {
    size_t len;
    const char *text = ce__intern_get(&system->other_labels, c, &len);
    uint32_t id = ce__intern_find(&gold->labels, text, len);
    to_gold[c] = id != UINT32_MAX ? id : (uint32_t)(gold_classes + c);
  }
  if (!status) status = translate(&system->other_cells, to_gold, 0, &mine);
  if (!status) status = ce__cells_sorted(&mine, &a);
  if (!status) status = ce__cells_sorted(&gold->item_cells, &b);
  size_t i = 0, j = 0, na = mine.used, nb = gold->item_cells.used;
  while (!status && (i < na || j < nb)) {
    if (i < na && j < nb && a[2 * i] == b[2 * j] && a[2 * i + 1] == b[2 * j + 1]) {
      i++, j++;
      continue;
    }
    if (j == nb || (i < na && a[2 * i] <= b[2 * j]))
      fail_disagree(ev, system, a[2 * i], a[2 * i + 1],
                    j < nb && a[2 * i] == b[2 * j] ? b[2 * j + 1] : 0);
    else
      fail_disagree(ev, system, b[2 * j], 0, b[2 * j + 1]);
    break;
  }
  if (!status && !system->failed) status = translate(&system->pair_cells, to_gold, 1, &pairs);
  if (!status && !system->failed) {
    ce__cells_free(&system->pair_cells);
    system->pair_cells = pairs;
    memset(&pairs, 0, sizeof pairs);
  }
  ce__cells_free(&mine);
  ce__cells_free(&pairs);
  free(a);
  free(b);
  free(to_gold);
  return status;
}

/*
 * A joint file's row (SPEC §2): its system side scored at both levels against gold's, as a
 * token system under a gold corpus; gold's own file is the first row. What needs the tokens
 * in their order (sentences to resample, the substitutable scores' frames) says it is n/a.
 */
static ce_status score_joint(ce_eval *ev, size_t index, const ce_gold_view *gold, ce_row *row) {
  ce_input *input = &ev->inputs[index];
  ce_status status = ce__row_start(row, input->name, input->format, index);
  if (!status && index && !input->failed) status = joint_agree(ev, input);
  if (status || input->failed) {
    row->failed = input->failed;
    row->error = input->error;
    return status;
  }
  ce_intern *clusters = index ? &input->labels : &input->other_labels;
  ce_cells *system_side = index ? &input->item_cells : &input->other_cells;
  int type = wants(ev, CE_LEVEL_TYPE);
  ce_item_labels entries = {0};
  status = ce__intern_copy(&row->clusters, clusters);
  if (!status && type)
    status = ce__item_labels_build(&entries, system_side, NULL, ce__intern_count(&ev->items),
                                   ev->options[CE_OPT_MIN_SHARE]);
  ce__cells_free(system_side);
  ce_row_sources sources = {gold,
                            type ? &entries : NULL,
                            input->unclustered_id,
                            1,
                            &input->pair_cells,
                            &ev->inputs[0].item_cells,
                            NULL,
                            0,
                            NULL,
                            NULL};
  if (!status) status = ce__score_sources(ev, row, &sources);
  if (!status) row->missing = input->unclustered.used;
  if (!status && type) keep_for_resamples(ev, row, &entries);
  ce__item_labels_free(&entries);
  if (!status && row->has_token && ev->options[CE_OPT_BOOTSTRAP] > 0.0)
    status = ce__row_warn(row,
                          "bootstrap: no interval for the token level (joint counts hold no "
                          "sentences to resample); the type level resamples items");
  if (!status && (ev->options[CE_OPT_SUBSTITUTABLE] != 0.0 || sub_test_of(ev, index)))
    status = ce__row_warn(row,
                          "sub_p, sub_r: n/a (they need the system's tagged corpus in its order; "
                          "joint counts keep no order)");
  return status;
}

/* A `counts` file: its own table, scored alone at the token level (SPEC §2). */
static ce_status score_counts(ce_eval *ev, ce_row *row) {
  ce_input *gold = &ev->inputs[0];
  ce_status status = ce__row_start(row, gold->name, gold->format, 0);
  if (!status) status = ce__intern_copy(&row->clusters, &gold->other_labels);
  if (!status)
    status = ce__table_build(&row->token_table, &gold->pair_cells, ce__intern_count(&gold->labels),
                             ce__intern_count(&gold->other_labels));
  if (!status) row->has_token_table = 1;
  if (!status)
    status = score_token_table(ev, row, row, NULL, (unsigned)ev->options[CE_OPT_THREADS]);
  if (!status)
    status = ce__row_warn(row, "type-level measures: n/a (a counts file holds no items)");
  return status;
}

static ce_status add_row(ce_eval *ev, ce_row **row) {
  ce_row *rows = realloc(ev->rows, (ev->row_count + 1) * sizeof *rows);
  if (!rows) return CE_ERR_NOMEM;
  ev->rows = rows;
  *row = &rows[ev->row_count++];
  memset(*row, 0, sizeof **row);
  return CE_OK;
}

static ce_status score_baseline(ce_eval *ev, ce_baseline baseline, const ce_gold_view *gold,
                                ce_row *row) {
  char name[64];
  snprintf(name, sizeof name, "baseline:%s", ce_baseline_name(baseline));
  ce_item_labels clusters = {0};
  ce_status status = ce__row_start(row, name, CE_FORMAT_AUTO, SIZE_MAX);
  if (!status)
    status = ce__baseline_clusters(ev, baseline, &gold->entries, gold->evaluated,
                                   gold->evaluated_count, row, &clusters);
  ce_shape gold_shape = ce__format_shape(ev->inputs[0].format);
  int gold_tokens = gold_shape == CE_SHAPE_TOKENS || gold_shape == CE_SHAPE_JOINT;
  ce_row_sources sources = {
      gold, &clusters, UINT32_MAX, 0,   NULL, gold_tokens ? &ev->inputs[0].item_cells : NULL,
      NULL, 0,         NULL,       NULL};
  if (!status) status = ce__score_sources(ev, row, &sources);
  if (!status) keep_for_resamples(ev, row, &clusters);
  ce__item_labels_free(&clusters);
  return status;
}

/* Rows that share a name (one file loaded twice, or two files of one name from two folders)
 * say so: a table or a check would otherwise show two rows no reader can tell apart. */
static ce_status twin_warnings(ce_eval *ev) {
  ce_status status = CE_OK;
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    char message[200], *at = message;
    size_t count = 0, left = sizeof message;
    int n = snprintf(at, left, "systems");
    for (size_t o = 0; o < ev->row_count && n > 0 && (size_t)n < left; o++) {
      if (strcmp(ev->rows[o].name, ev->rows[r].name)) continue;
      at += n, left -= (size_t)n;
      n = snprintf(at, left, "%s %zu", count++ ? "," : "", o + 1);
    }
    if (count < 2) continue;
    if (n > 0 && (size_t)n < left)
      snprintf(at + n, left - (size_t)n, " are all named '%.60s': rename one to tell them apart",
               ev->rows[r].name);
    status = ce__row_warn(&ev->rows[r], message);
  }
  return status;
}

/* A system of a sense run (SPEC §3.7) or a coreference run (SPEC §3.6): its own level alone. */
static ce_status score_level_system(ce_eval *ev, size_t index, ce_row *row, int coref) {
  ce_input *system = &ev->inputs[index];
  int failed;
  ce_status status = start_input_row(system, index, row, &failed);
  if (status || failed) return status;
  status = ce__intern_copy(&row->clusters, &system->labels);
  if (!status) status = coref ? ce__score_coref(ev, index, row) : ce__score_senses(ev, index, row);
  if (!status)
    status = ce__row_warn(row, coref ? "token and type levels: n/a (a conll run scores entities "
                                       "document by document, as the CoNLL-2012 scorer does: "
                                       "see coref)"
                                     : "token and type levels: n/a (a senses run scores "
                                       "instances by lemma, as the SemEval tasks do: see senses)");
  return status;
}

/* A sense or coreference run: every system; baselines are files of the tasks, scored as
 * systems. */
static ce_status score_level_rows(ce_eval *ev, int coref) {
  const ce_input *gold = &ev->inputs[0];
  ev->polysemous_items = 0;
  if (coref) {
    uint64_t documents, entities;
    ce__coref_gold_counts(ev, &documents, &ev->gold_items, &entities);
  } else {
    ev->gold_items = ce__sense_gold_instances(ev);
    if (gold->senses)
      for (size_t i = 0; i < gold->senses->key.len; i++) {
        size_t end = i + 1 < gold->senses->start.len ? gold->senses->start.at[i + 1]
                                                     : gold->senses->sense.len;
        ev->polysemous_items += end - gold->senses->start.at[i] > 1;
      }
  }
  ce_status status = CE_OK;
  ce_row *row;
  for (size_t s = 1; s < ev->input_count && !status; s++) {
    if (ev->inputs[s].role != CE_ROLE_SYSTEM) continue;
    status = add_row(ev, &row);
    if (!status) status = score_level_system(ev, s, row, coref);
  }
  return status ? status : twin_warnings(ev);
}

/* A tde run (SPEC §3.8): every class file, scored as tdev2 scores it. */
static ce_status score_tde_rows(ce_eval *ev) {
  const ce_input *gold = &ev->inputs[0];
  ev->gold_items = ce__intern_count(&gold->labels);
  ce_status status = CE_OK;
  ce_row *row;
  for (size_t s = 1; s < ev->input_count && !status; s++) {
    if (ev->inputs[s].role != CE_ROLE_SYSTEM) continue;
    int failed;
    status = add_row(ev, &row);
    if (!status) status = start_input_row(&ev->inputs[s], s, row, &failed);
    if (!status && !failed) status = ce__intern_copy(&row->clusters, &ev->inputs[s].labels);
    if (!status && !failed) status = ce__score_tde(ev, s, row);
  }
  return status ? status : twin_warnings(ev);
}

ce_status ce__score_rows(ce_eval *ev) {
  ce_row *row;
  if (ce__format_shape(ev->inputs[0].format) == CE_SHAPE_SENSES) return score_level_rows(ev, 0);
  if (ce__is_tde_run(ev)) return score_tde_rows(ev);
  if (ce__format_shape(ev->inputs[0].format) == CE_SHAPE_CONLL) return score_level_rows(ev, 1);
  if (ce__format_shape(ev->inputs[0].format) == CE_SHAPE_COUNTS) {
    ce_status status = add_row(ev, &row);
    return status ? status : score_counts(ev, row);
  }
  gold_view_lazy gold = {0};
  ce_status status = CE_OK;
  /* A joint gold file is a system too, the first row (SPEC §2). */
  int joint = ce__format_shape(ev->inputs[0].format) == CE_SHAPE_JOINT;
  if (ev->progress && wants(ev, CE_LEVEL_TYPE)) {
    /* Every row that is not a failed input climbs from --restarts starts per M-1 measure. */
    uint64_t rows = (uint64_t)joint;
    for (size_t s = 1; s < ev->input_count; s++)
      rows += ev->inputs[s].role == CE_ROLE_SYSTEM && !ev->inputs[s].failed;
    for (int b = 0; b < CE_BASELINE_COUNT; b++) rows += ev->baselines[b] != 0;
    ev->progress->starts_done = 0;
    ev->progress->starts_total = rows * CE_TYPE_MEASURES * (uint64_t)ev->options[CE_OPT_RESTARTS];
  }
  for (size_t s = joint ? 0 : 1; s < ev->input_count && !status; s++) {
    if (s && ev->inputs[s].role != CE_ROLE_SYSTEM) continue;
    status = add_row(ev, &row);
    if (!status && joint) status = gold_view_ready(ev, &gold);
    if (!status)
      status = joint ? score_joint(ev, s, &gold.view, row) : score_system(ev, s, &gold, row);
  }
  for (int b = 0; b < CE_BASELINE_COUNT && !status; b++) {
    if (!ev->baselines[b]) continue;
    status = add_row(ev, &row);
    if (!status) status = gold_view_ready(ev, &gold);
    if (!status) status = score_baseline(ev, (ce_baseline)b, &gold.view, row);
  }
  /* Gold's counts go out whatever the rows did (every system failed, say). */
  ce_status built = gold_view_ready(ev, &gold);
  if (!status) status = built;
  if (!status) status = twin_warnings(ev);
  /* Resamples and shuffles draw gold's evaluated items: the view is kept for them. */
  if (!status && ce__keeps_for_statistics(ev)) {
    if (!(ev->gold_view = malloc(sizeof *ev->gold_view))) return CE_ERR_NOMEM;
    *ev->gold_view = gold.view;
    return CE_OK;
  }
  ce__gold_view_free(&gold.view);
  return status;
}
