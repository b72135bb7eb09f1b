/*
 * String interning: each distinct byte string gets a dense id (0, 1, 2, ...) in the
 * order first seen. Strings live in an arena of large blocks; lookups go through an
 * open-addressing hash table. Memory grows with the distinct strings only.
 */
#ifndef CE_INTERN_INTERNAL_H
#define CE_INTERN_INTERNAL_H

#include "clustereval.h"

#include <stddef.h>
#include <stdint.h>

typedef struct ce_arena_block ce_arena_block;

typedef struct ce_intern {
  ce_arena_block *blocks;
  uint64_t *slots; /* (hash's high 32 bits) << 32 | (id + 1); 0 = empty */
  size_t slot_count;
  const char **strings;
  uint32_t *lengths;
  uint64_t *hashes;
  size_t count;
  size_t cap;
} ce_intern;

/* Zero-initialised ce_intern is an empty table; free with ce__intern_free. */
void ce__intern_free(ce_intern *table);

/* The id of `bytes`, adding it when new. `added` (may be NULL) tells whether it was new. */
ce_status ce__intern_put(ce_intern *table, const char *bytes, size_t len, uint32_t *id, int *added);

/* The id of `bytes`, or UINT32_MAX when absent. */
uint32_t ce__intern_find(const ce_intern *table, const char *bytes, size_t len);

/* The NUL-terminated string of `id` (its length through `len`, may be NULL). */
const char *ce__intern_get(const ce_intern *table, uint32_t id, size_t *len);

static inline size_t ce__intern_count(const ce_intern *table) {
  return table->count;
}

#endif
