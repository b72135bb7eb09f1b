/* Independent tasks on several threads; see parallel_internal.h. */
#define _POSIX_C_SOURCE 200809L /* sysconf */

#include "common/parallel_internal.h"

#ifdef CE_THREADS
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

static void *pool_work(void *arg) {
  pool *p = arg;
  for (;;) {
    ce__lock_acquire(&p->lock);
    size_t task = p->next < p->tasks ? p->next++ : p->tasks;
    ce__lock_release(&p->lock);
    if (task == p->tasks) return NULL;
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

void ce__parallel_for(size_t tasks, unsigned threads, ce_task_fn *fn, void *context) {
  threads = ce__parallel_threads(threads);
  if (threads > tasks) threads = (unsigned)tasks;
  pool p = {.next = 0, .tasks = tasks, .fn = fn, .context = context};
  if (threads < 2 || !ce__lock_init(&p.lock)) {
    for (size_t task = 0; task < tasks; task++) fn(context, task);
    return;
  }
  pthread_t helpers[CE_THREADS_MAX];
  unsigned started = 0;
  while (started + 1 < threads && !pthread_create(&helpers[started], NULL, pool_work, &p))
    started++;
  pool_work(&p);
  for (unsigned j = 0; j < started; j++) pthread_join(helpers[j], NULL);
  ce__lock_free(&p.lock);
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
