/* The type level on several threads: every task runs once, a task started ahead runs once,
 * and a run's JSON and progress are those of a run on one thread (its token level started
 * ahead of the entries). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clustereval.h"
#include "common/parallel_internal.h"

static void count_task(void *context, size_t task) {
  unsigned *runs = context;
  runs[task]++;
}

static void test_every_task_once(void) {
  static const size_t sizes[] = {0, 1, 2, 3, 7, 100};
  static const unsigned threads[] = {0, 1, 2, 3, 8, 1000};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
      unsigned *runs = calloc(sizes[s] + 1, sizeof *runs);
      ce__parallel_for(sizes[s], threads[t], count_task, runs);
      for (size_t j = 0; j < sizes[s]; j++) CHECK(runs[j] == 1);
      CHECK(runs[sizes[s]] == 0);
      free(runs);
    }
  }
}

/* A crew runs every task of every round once, rounds after rounds on the same threads; a
 * NULL crew (one thread) runs them in turn. */
static void test_crew_rounds(void) {
  static const unsigned threads[] = {1, 2, 3, 8};
  for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
    ce_crew *crew = ce__crew_new(threads[t]);
    CHECK((crew != NULL) == (ce__parallel_threads(threads[t]) > 1));
    unsigned runs[41];
    for (size_t round = 0; round < 500; round++) {
      size_t tasks = round % 41;
      memset(runs, 0, sizeof runs);
      ce__crew_run(crew, tasks, count_task, runs);
      int once = 1;
      for (size_t j = 0; j < 41; j++) once &= runs[j] == (j < tasks);
      CHECK(once);
    }
    ce__crew_free(crew);
  }
  ce__crew_free(NULL);
}

/* A task started ahead has run once when it is joined; where none could start (NULL), the
 * caller runs it, as the scoring does. On a machine with threads one starts. */
static void test_async_once(void) {
  enum { STARTED = 16 };
  unsigned runs[STARTED] = {0};
  ce_async *started[STARTED];
  for (size_t k = 0; k < STARTED; k++) started[k] = ce__async_start(count_task, &runs[k]);
  for (size_t k = 0; k < STARTED; k++) {
    if (started[k])
      ce__async_join(started[k]);
    else
      count_task(&runs[k], 0);
  }
  int once = 1;
  for (size_t k = 0; k < STARTED; k++) once &= runs[k] == 1;
  CHECK(once);
#if defined(CE_THREADS) && !defined(__EMSCRIPTEN__)
  CHECK(started[0] != NULL);
#endif
  ce__async_join(NULL);
}

/*
 * A polysemous pair of tagged corpora: word w has a_w = 8 + w mod 9 gold classes (of 50) and
 * b_w = 8 + 5w mod 11 clusters (of 40), met in turn by its tokens, the tokens of all words
 * shuffled. Σ_w b_w·(a_w + b_w), the type level's visits, is 2.0e5: past score.c's 1e5,
 * below which a run keeps to one thread.
 */
enum { WORDS = 600, PER_WORD = 30, CLASSES = 50, CLUSTERS = 40 };

static void corpus_write(char **gold_out, char **system_out) {
  size_t tokens = (size_t)WORDS * PER_WORD;
  uint32_t *order = malloc(tokens * sizeof *order);
  for (size_t j = 0; j < tokens; j++) order[j] = (uint32_t)j;
  uint64_t state = 12345;
  for (size_t j = tokens - 1; j > 0; j--) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    size_t other = (size_t)((state >> 33) % (j + 1));
    uint32_t keep = order[j];
    order[j] = order[other];
    order[other] = keep;
  }
  char *gold = malloc(tokens * 16 + 1), *system = malloc(tokens * 16 + 1);
  size_t g = 0, s = 0;
  for (size_t j = 0; j < tokens; j++) {
    unsigned w = order[j] / PER_WORD, r = order[j] % PER_WORD;
    unsigned a = 8 + w % 9, b = 8 + (5 * w) % 11;
    unsigned c = (13 * w + 3 * (r % a)) % CLASSES, k = (7 * w + r % b) % CLUSTERS;
    g += (size_t)sprintf(gold + g, "w%u\tC%u\n", w, c);
    s += (size_t)sprintf(system + s, "w%u\tk%u\n", w, k);
    if (j % 15 == 14) {
      gold[g++] = '\n';
      system[s++] = '\n';
    }
  }
  gold[g] = system[s] = '\0';
  free(order);
  *gold_out = gold;
  *system_out = system;
}

/* Progress as the core reports it: the calls, and whether each counted one more start. */
typedef struct progress_seen {
  uint64_t calls, last, total;
  int in_order;
} progress_seen;

static void on_progress(void *user, ce_phase phase, uint64_t done, uint64_t total) {
  progress_seen *seen = user;
  if (phase != CE_PHASE_RESTARTS) return;
  seen->in_order &= done == seen->last + 1;
  seen->last = done;
  seen->total = total;
  seen->calls++;
}

static char *json_on(unsigned threads, const char *gold, const char *system, progress_seen *seen) {
  ce_eval *ev = ce_eval_create();
  ce_error err;
  CHECK(ev != NULL);
  CHECK(ce_eval_set(ev, CE_OPT_THREADS, threads) == CE_OK);
  CHECK(ce_eval_set_progress(ev, on_progress, seen) == CE_OK);
  CHECK(ce_eval_add_input(ev, "gold.tsv", NULL, &err) == CE_OK);
  CHECK(ce_eval_add_input(ev, "system.tsv", NULL, &err) == CE_OK);
  CHECK(ce_eval_feed(ev, 0, gold, strlen(gold), &err) == CE_OK);
  CHECK(ce_eval_feed(ev, 1, system, strlen(system), &err) == CE_OK);
  CHECK(ce_eval_close(ev, 0, &err) == CE_OK);
  CHECK(ce_eval_close(ev, 1, &err) == CE_OK);
  CHECK(ce_eval_finish(ev, &err) == CE_OK);
  double m1 = -1.0;
  CHECK(ce_eval_value(ev, 0, CE_LEVEL_TYPE, CE_MICRO_C_M1, &m1) == CE_OK);
  CHECK(m1 > 0.0 && m1 < 1.0);
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  ce_eval_free(ev);
  /* The options echo says how many threads were asked for: the rest must not differ. */
  char *echoed = json ? strstr(json, "\"threads\":") : NULL;
  CHECK(echoed != NULL); /* its one digit, masked */
  if (echoed) echoed[10] = '#';
  return json;
}

static void test_threads_change_nothing(void) {
  char *gold, *system;
  corpus_write(&gold, &system);
  progress_seen one = {0, 0, 0, 1};
  char *alone = json_on(1, gold, system, &one);
  CHECK(one.calls == 3 * 10 && one.total == 3 * 10 && one.in_order);
  static const unsigned threads[] = {0, 2, 4};
  for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
    progress_seen many = {0, 0, 0, 1};
    char *side_by_side = json_on(threads[t], gold, system, &many);
    CHECK(alone && side_by_side && strcmp(alone, side_by_side) == 0);
    CHECK(many.calls == one.calls && many.total == one.total && many.in_order);
    ce_free(side_by_side);
  }
  ce_free(alone);
  free(gold);
  free(system);
}

int main(void) {
  test_every_task_once();
  test_crew_rounds();
  test_async_once();
  test_threads_change_nothing();
  return check_report("parallel");
}
