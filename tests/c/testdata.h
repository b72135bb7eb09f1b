/* Reading the repository's test files (the C tests run from its top directory). */
#ifndef CE_TEST_TESTDATA_H
#define CE_TEST_TESTDATA_H

#include <stdio.h>
#include <stdlib.h>

/*
 * The first `max` bytes of the file at `path` (SIZE_MAX: all of it), NUL-terminated; the
 * caller frees them. NULL, with a message, when the file cannot be read.
 */
static inline char *load_file(const char *path, size_t max, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *bytes = NULL;
  size_t used = 0, cap = 0;
  *len = 0;
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    return NULL;
  }
  for (;;) {
    if (used == cap) {
      cap = cap ? 2 * cap : 65536;
      char *grown = realloc(bytes, cap + 1);
      if (!grown) break;
      bytes = grown;
    }
    size_t want = cap - used < max - used ? cap - used : max - used;
    size_t got = want ? fread(bytes + used, 1, want, f) : 0;
    used += got;
    if (!got) break;
  }
  fclose(f);
  if (bytes) bytes[used] = '\0';
  *len = used;
  return bytes;
}

#endif
