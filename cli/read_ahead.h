/*
 * The input files read a chunk ahead on a thread of their own, so that copying the next
 * chunks out of the kernel overlaps the core's reading of these. Without POSIX threads (or
 * with `threaded` 0), and for a file that is not a regular one (standard input from a pipe
 * or a terminal), every chunk is read when it is asked for, with the same results.
 */
#ifndef CE_CLI_READ_AHEAD_H
#define CE_CLI_READ_AHEAD_H

#include <stddef.h>
#include <stdio.h>

typedef struct read_ahead read_ahead;

/* A chunk of a file as read_ahead_next gives it: `len` bytes (fewer than the chunk's size
 * at the end), `ended` once the file has no more, `error` the errno of a failed read (0). */
typedef struct read_chunk {
  const char *bytes;
  size_t len;
  int ended, error;
} read_chunk;

/* Reads `count` files (none NULL) in chunks of `chunk_bytes`; NULL when out of memory. */
read_ahead *read_ahead_new(FILE *const *files, size_t count, size_t chunk_bytes, int threaded);

/* File `i`'s next chunk, which stays valid until the next call for the same file. */
read_chunk read_ahead_next(read_ahead *ahead, size_t i);

/* No more chunks of file `i` are read (the file may then be closed). */
void read_ahead_stop(read_ahead *ahead, size_t i);

/* Stops the thread and frees the buffers (NULL: nothing); the files stay open. */
void read_ahead_free(read_ahead *ahead);

#endif
