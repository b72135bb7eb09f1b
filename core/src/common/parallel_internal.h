/*
 * Independent tasks on several threads, and a lock. The type level's M-1 searches and
 * extended BCubed share nothing they write, so they may run side by side; each task writes
 * its own results, which keeps the numbers those of a run on one thread. Without threads
 * (wasm built without -pthread, a platform without POSIX threads, or a build with
 * CE_NO_THREADS) every task runs in turn on the caller's thread, and the lock does nothing.
 */
#ifndef CE_PARALLEL_INTERNAL_H
#define CE_PARALLEL_INTERNAL_H

#include <stddef.h>

#if !defined(CE_NO_THREADS) &&           \
    (defined(__EMSCRIPTEN_PTHREADS__) || \
     (!defined(__EMSCRIPTEN__) && (defined(__unix__) || defined(__APPLE__))))
#define CE_THREADS 1
#include <pthread.h>
#endif

typedef void ce_task_fn(void *context, size_t task);

/*
 * Runs fn(context, t) for every t < tasks, on at most `threads` threads counting the
 * caller's (0: one for each processor online). Tasks start in the order of t, each as a
 * thread comes free: list the longest first. Returns when every task has run. A thread that
 * cannot be started leaves its share to the others, so every task runs whatever happens.
 */
void ce__parallel_for(size_t tasks, unsigned threads, ce_task_fn *fn, void *context);

/* How many threads ce__parallel_for would run for `threads` and enough tasks: 1 without
 * threads. */
unsigned ce__parallel_threads(unsigned threads);

/*
 * A crew: threads kept for many rounds of tasks (the reading's, about 40 on full Brown)
 * instead of started and joined for each (46 µs a thread on a 2-core machine).
 * ce__crew_new(threads) starts threads - 1 helpers; NULL where there would be none, or none
 * could be started, or without threads. ce__crew_run runs fn(context, t) for every t < tasks
 * on the crew and the caller's thread, in the order of t as a thread comes free, and returns
 * when all have run (ce__parallel_for is a crew for one such call); a NULL crew runs them in
 * turn. ce__crew_free stops the
 * helpers (NULL: nothing). In the wasm build with threads the helpers are workers of its
 * pool: a crew must be freed before anything else starts threads.
 */
typedef struct ce_crew ce_crew;
ce_crew *ce__crew_new(unsigned threads);
void ce__crew_run(ce_crew *crew, size_t tasks, ce_task_fn *fn, void *context);
void ce__crew_free(ce_crew *crew);

/*
 * A task started ahead on a thread of its own and joined later: fn(context, 0) runs while the
 * caller goes on with other work. ce__async_start returns NULL where no thread could start,
 * without threads, and in the wasm build (its threads are workers of a fixed pool, which the
 * tasks the caller starts meanwhile may need whole): the caller then runs the task itself.
 * ce__async_join waits for the task to end and frees the handle (NULL: nothing).
 */
typedef struct ce_async ce_async;
ce_async *ce__async_start(ce_task_fn *fn, void *context);
void ce__async_join(ce_async *async);

/* A lock for what tasks share (a progress count): init (0 when it failed: run the tasks
 * on one thread), then acquire and release; free it. */
typedef struct ce_lock {
#ifdef CE_THREADS
  pthread_mutex_t mutex;
  int ready;
#else
  int unused;
#endif
} ce_lock;

int ce__lock_init(ce_lock *lock);
void ce__lock_acquire(ce_lock *lock);
void ce__lock_release(ce_lock *lock);
void ce__lock_free(ce_lock *lock);

#endif
