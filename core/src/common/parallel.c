/* Independent tasks on several threads; see parallel_internal.h. */
#define _POSIX_C_SOURCE 200809L /* sysconf */

#include "common/parallel_internal.h"

#ifdef CE_THREADS
#include <stdlib.h>
#include <unistd.h>

/* More threads than this would only wait: the callers have a handful of tasks. The wasm
 * build with threads sets it to its pool of workers and one: Emscripten starts a thread on a
 * worker of the pool, and a new worker could not load while the caller waits for the
 * threads it started (the Makefile's THREADS_POOL). */
#ifndef CE_THREADS_MAX
#define CE_THREADS_MAX 64
#endif

typedef struct pool {
  ce_lock lock;
  size_t next, tasks; /* the next task to start, under the lock */
  ce_task_fn *fn;
  void *context;
} pool;

/* Takes the pool's tasks in order until none is left. */
static void pool_work(pool *p) {
  for (;;) {
    ce__lock_acquire(&p->lock);
    size_t task = p->next < p->tasks ? p->next++ : p->tasks;
    ce__lock_release(&p->lock);
    if (task == p->tasks) return;
    p->fn(p->context, task);
  }
}

static unsigned processors_online(void) {
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 1 ? (unsigned)(online < CE_THREADS_MAX ? online : CE_THREADS_MAX) : 1;
}

unsigned ce__parallel_threads(unsigned threads) {
  if (!threads) threads = processors_online();
  return threads < CE_THREADS_MAX ? threads : CE_THREADS_MAX;
}

struct ce_crew {
  pthread_mutex_t mutex;
  pthread_cond_t go, done; /* a round is posted; a helper ended its part of it */
  pthread_t helpers[CE_THREADS_MAX];
  unsigned helper_count;
  unsigned long long round; /* rounds posted; a helper works each once */
  unsigned finished;        /* helpers done with the round posted */
  int quit;
  pool *work; /* the round's tasks */
};

static void *crew_work(void *arg) {
  ce_crew *crew = arg;
  unsigned long long seen = 0;
  pthread_mutex_lock(&crew->mutex);
  for (;;) {
    while (crew->round == seen && !crew->quit) pthread_cond_wait(&crew->go, &crew->mutex);
    if (crew->quit) break;
    seen = crew->round;
    pool *p = crew->work;
    pthread_mutex_unlock(&crew->mutex);
    pool_work(p);
    pthread_mutex_lock(&crew->mutex);
    crew->finished++;
    pthread_cond_signal(&crew->done);
  }
  pthread_mutex_unlock(&crew->mutex);
  return NULL;
}

ce_crew *ce__crew_new(unsigned threads) {
  threads = ce__parallel_threads(threads);
  if (threads < 2) return NULL;
  ce_crew *crew = calloc(1, sizeof *crew);
  if (!crew) return NULL;
  if (pthread_mutex_init(&crew->mutex, NULL)) {
    free(crew);
    return NULL;
  }
  if (pthread_cond_init(&crew->go, NULL)) {
    pthread_mutex_destroy(&crew->mutex);
    free(crew);
    return NULL;
  }
  if (pthread_cond_init(&crew->done, NULL)) {
    pthread_cond_destroy(&crew->go);
    pthread_mutex_destroy(&crew->mutex);
    free(crew);
    return NULL;
  }
  while (crew->helper_count + 1 < threads &&
         !pthread_create(&crew->helpers[crew->helper_count], NULL, crew_work, crew))
    crew->helper_count++;
  if (!crew->helper_count) {
    ce__crew_free(crew);
    return NULL;
  }
  return crew;
}

void ce__crew_run(ce_crew *crew, size_t tasks, ce_task_fn *fn, void *context) {
  pool p = {.next = 0, .tasks = tasks, .fn = fn, .context = context};
  if (!crew || tasks < 2 || !ce__lock_init(&p.lock)) {
    for (size_t task = 0; task < tasks; task++) fn(context, task);
    return;
  }
  pthread_mutex_lock(&crew->mutex);
  crew->work = &p;
  crew->finished = 0;
  crew->round++;
  pthread_cond_broadcast(&crew->go);
  pthread_mutex_unlock(&crew->mutex);
  pool_work(&p);
  pthread_mutex_lock(&crew->mutex); /* p lives until every helper is done with it */
  while (crew->finished < crew->helper_count) pthread_cond_wait(&crew->done, &crew->mutex);
  pthread_mutex_unlock(&crew->mutex);
  ce__lock_free(&p.lock);
}

void ce__crew_free(ce_crew *crew) {
  if (!crew) return;
  pthread_mutex_lock(&crew->mutex);
  crew->quit = 1;
  pthread_cond_broadcast(&crew->go);
  pthread_mutex_unlock(&crew->mutex);
  for (unsigned j = 0; j < crew->helper_count; j++) pthread_join(crew->helpers[j], NULL);
  pthread_cond_destroy(&crew->done);
  pthread_cond_destroy(&crew->go);
  pthread_mutex_destroy(&crew->mutex);
  free(crew);
}

/* A crew for the one call: at most as many threads as tasks. */
void ce__parallel_for(size_t tasks, unsigned threads, ce_task_fn *fn, void *context) {
  threads = ce__parallel_threads(threads);
  if (threads > tasks) threads = (unsigned)tasks;
  ce_crew *crew = threads > 1 ? ce__crew_new(threads) : NULL;
  ce__crew_run(crew, tasks, fn, context);
  ce__crew_free(crew);
}

int ce__lock_init(ce_lock *lock) {
  lock->ready = !pthread_mutex_init(&lock->mutex, NULL);
  return lock->ready;
}

void ce__lock_acquire(ce_lock *lock) {
  if (lock->ready) pthread_mutex_lock(&lock->mutex);
}

void ce__lock_release(ce_lock *lock) {
  if (lock->ready) pthread_mutex_unlock(&lock->mutex);
}

void ce__lock_free(ce_lock *lock) {
  if (lock->ready) pthread_mutex_destroy(&lock->mutex);
  lock->ready = 0;
}

#else

unsigned ce__parallel_threads(unsigned threads) {
  (void)threads;
  return 1;
}

ce_crew *ce__crew_new(unsigned threads) {
  (void)threads;
  return NULL;
}

void ce__crew_run(ce_crew *crew, size_t tasks, ce_task_fn *fn, void *context) {
  (void)crew;
  for (size_t task = 0; task < tasks; task++) fn(context, task);
}

void ce__crew_free(ce_crew *crew) {
  (void)crew;
}

void ce__parallel_for(size_t tasks, unsigned threads, ce_task_fn *fn, void *context) {
  (void)threads;
  for (size_t task = 0; task < tasks; task++) fn(context, task);
}

int ce__lock_init(ce_lock *lock) {
  lock->unused = 0;
  return 1;
}

void ce__lock_acquire(ce_lock *lock) {
  (void)lock;
}

void ce__lock_release(ce_lock *lock) {
  (void)lock;
}

void ce__lock_free(ce_lock *lock) {
  (void)lock;
}

#endif

/* A task started ahead: natively a thread of its own; without threads, and in wasm, none (its
 * threads are workers of a fixed pool, which the searches started meanwhile may need whole:
 * parallel_internal.h), and the caller runs the task itself. */
#if defined(CE_THREADS) && !defined(__EMSCRIPTEN__)
struct ce_async {
  pthread_t thread;
  ce_task_fn *fn;
  void *context;
};

static void *async_work(void *arg) {
  ce_async *async = arg;
  async->fn(async->context, 0);
  return NULL;
}

ce_async *ce__async_start(ce_task_fn *fn, void *context) {
  ce_async *async = malloc(sizeof *async);
  if (!async) return NULL;
  async->fn = fn;
  async->context = context;
  if (!pthread_create(&async->thread, NULL, async_work, async)) return async;
  free(async);
  return NULL;
}

void ce__async_join(ce_async *async) {
  if (!async) return;
  pthread_join(async->thread, NULL);
  free(async);
}
#else
ce_async *ce__async_start(ce_task_fn *fn, void *context) {
  (void)fn;
  (void)context;
  return NULL;
}

void ce__async_join(ce_async *async) {
  (void)async;
}
#endif
