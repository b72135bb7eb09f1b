/* The input files read a chunk ahead; see read_ahead.h. */
#define _POSIX_C_SOURCE 200809L /* fileno, fstat */
#include "read_ahead.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

#if !defined(CE_NO_THREADS) && !defined(__EMSCRIPTEN__) && (defined(__unix__) || defined(__APPLE__))
#define READ_AHEAD_THREADS 1
#include <pthread.h>
#endif

typedef struct file_slot {
  FILE *file;
  char *buffer[2]; /* the chunk given out last, and the one read ahead into */
  int given;       /* which of the two was given out last */
  read_chunk next; /* the chunk read ahead, while `ready` */
  int ready;       /* `next` waits to be given out */
  int done;        /* no more reads: the file ended, failed or was stopped */
  int in_turn;     /* read when asked, on the caller's thread: no thread, or not a regular file */
} file_slot;

struct read_ahead {
  file_slot *slots;
  size_t count, chunk_bytes;
  int threaded;
#ifdef READ_AHEAD_THREADS
  pthread_mutex_t mutex;
  pthread_cond_t wake;   /* a slot was emptied, or the reader is to quit */
  pthread_cond_t filled; /* a slot was filled, or a read outside the lock ended */
  pthread_t thread;
  size_t reading; /* the slot read outside the lock, or SIZE_MAX */
  int quit;
#endif
};

/* One chunk of `file` into `buffer`. */
static read_chunk read_into(const read_ahead *ahead, FILE *file, char *buffer) {
  read_chunk chunk = {buffer, fread(buffer, 1, ahead->chunk_bytes, file), 0, 0};
  chunk.ended = chunk.len < ahead->chunk_bytes;
  if (chunk.ended && ferror(file)) chunk.error = errno ? errno : EIO;
  return chunk;
}

#ifdef READ_AHEAD_THREADS
/* Gives out the slot's chunk read ahead: its buffer becomes the one given. */
static read_chunk give(file_slot *slot) {
  slot->given = !slot->given;
  slot->ready = 0;
  slot->done |= slot->next.ended;
  return slot->next;
}

/* The first slot that wants a chunk read, or SIZE_MAX. */
static size_t slot_to_fill(const read_ahead *ahead) {
  for (size_t i = 0; i < ahead->count; i++)
    if (!ahead->slots[i].ready && !ahead->slots[i].done && !ahead->slots[i].in_turn) return i;
  return SIZE_MAX;
}

/* Fills each emptied slot of a file that goes on, outside the lock while it reads. */
static void *reader_main(void *arg) {
  read_ahead *ahead = arg;
  pthread_mutex_lock(&ahead->mutex);
  for (;;) {
    size_t i = slot_to_fill(ahead);
    if (i == SIZE_MAX) {
      if (ahead->quit) break;
      pthread_cond_wait(&ahead->wake, &ahead->mutex);
      continue;
    }
    file_slot *slot = &ahead->slots[i];
    char *buffer = slot->buffer[!slot->given];
    ahead->reading = i;
    pthread_mutex_unlock(&ahead->mutex);
    read_chunk chunk = read_into(ahead, slot->file, buffer);
    pthread_mutex_lock(&ahead->mutex);
    ahead->reading = SIZE_MAX;
    slot->next = chunk;
    slot->ready = !slot->done; /* a file stopped meanwhile wants no chunk */
    slot->done |= chunk.ended;
    pthread_cond_broadcast(&ahead->filled);
  }
  pthread_mutex_unlock(&ahead->mutex);
  return NULL;
}

static int start_thread(read_ahead *ahead) {
  ahead->reading = SIZE_MAX;
  if (pthread_mutex_init(&ahead->mutex, NULL)) return 0;
  if (pthread_cond_init(&ahead->wake, NULL)) {
    pthread_mutex_destroy(&ahead->mutex);
    return 0;
  }
  if (pthread_cond_init(&ahead->filled, NULL)) {
    pthread_cond_destroy(&ahead->wake);
    pthread_mutex_destroy(&ahead->mutex);
    return 0;
  }
  if (!pthread_create(&ahead->thread, NULL, reader_main, ahead)) return 1;
  pthread_cond_destroy(&ahead->filled);
  pthread_cond_destroy(&ahead->wake);
  pthread_mutex_destroy(&ahead->mutex);
  return 0;
}
#endif

read_ahead *read_ahead_new(FILE *const *files, size_t count, size_t chunk_bytes, int threaded) {
  read_ahead *ahead = calloc(1, sizeof *ahead);
  if (!ahead) return NULL;
  ahead->slots = calloc(count ? count : 1, sizeof *ahead->slots);
  ahead->count = count;
  ahead->chunk_bytes = chunk_bytes;
  int ok = ahead->slots != NULL;
  for (size_t i = 0; ok && i < count; i++) {
    ahead->slots[i].file = files[i];
    /* Only a regular file is read ahead: a read of a pipe or a terminal may wait for bytes
     * that never come once the run is over (its gold failed on the first line, say). */
    struct stat st;
    ahead->slots[i].in_turn = fstat(fileno(files[i]), &st) || !S_ISREG(st.st_mode);
    /* Read in turn, one buffer is enough. */
    for (int b = 0; ok && b < (threaded ? 2 : 1); b++)
      ok = (ahead->slots[i].buffer[b] = malloc(chunk_bytes)) != NULL;
  }
  if (!ok) {
    read_ahead_free(ahead);
    return NULL;
  }
#ifdef READ_AHEAD_THREADS
  ahead->threaded = threaded && start_thread(ahead);
#endif
  for (size_t i = 0; !ahead->threaded && i < count; i++) ahead->slots[i].in_turn = 1;
  return ahead;
}

read_chunk read_ahead_next(read_ahead *ahead, size_t i) {
  file_slot *slot = &ahead->slots[i];
  read_chunk nothing = {slot->buffer[0], 0, 1, 0};
  if (slot->in_turn) {
    if (slot->done) return nothing;
    read_chunk chunk = read_into(ahead, slot->file, slot->buffer[0]);
    slot->done = chunk.ended;
    return chunk;
  }
#ifdef READ_AHEAD_THREADS
  pthread_mutex_lock(&ahead->mutex);
  while (!slot->ready && !slot->done) pthread_cond_wait(&ahead->filled, &ahead->mutex);
  read_chunk chunk = slot->ready ? give(slot) : nothing;
  pthread_cond_signal(&ahead->wake);
  pthread_mutex_unlock(&ahead->mutex);
  return chunk;
#else
  return nothing;
#endif
}

void read_ahead_stop(read_ahead *ahead, size_t i) {
  file_slot *slot = &ahead->slots[i];
  if (slot->in_turn) {
    slot->done = 1;
    return;
  }
#ifdef READ_AHEAD_THREADS
  pthread_mutex_lock(&ahead->mutex);
  slot->done = 1;
  slot->ready = 0;
  while (ahead->reading == i) pthread_cond_wait(&ahead->filled, &ahead->mutex);
  pthread_mutex_unlock(&ahead->mutex);
#endif
}

void read_ahead_free(read_ahead *ahead) {
  if (!ahead) return;
#ifdef READ_AHEAD_THREADS
  if (ahead->threaded) {
    pthread_mutex_lock(&ahead->mutex);
    ahead->quit = 1;
    for (size_t i = 0; i < ahead->count; i++) ahead->slots[i].done = 1;
    pthread_cond_signal(&ahead->wake);
    pthread_mutex_unlock(&ahead->mutex);
    pthread_join(ahead->thread, NULL);
    pthread_cond_destroy(&ahead->filled);
    pthread_cond_destroy(&ahead->wake);
    pthread_mutex_destroy(&ahead->mutex);
  }
#endif
  for (size_t i = 0; ahead->slots && i < ahead->count; i++) {
    free(ahead->slots[i].buffer[0]);
    free(ahead->slots[i].buffer[1]);
  }
  free(ahead->slots);
  free(ahead);
}
