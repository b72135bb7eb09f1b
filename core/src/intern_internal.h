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

/* A slot of the hash table: what a probe compares, beside the id. */
typedef struct ce_intern_slot {
  uint64_t head; /* the string's first bytes, packed (intern.c) */
  uint32_t tag;  /* high bits of the hash, and the length up to 255 */
  uint32_t id;   /* id + 1; 0 = empty */
} ce_intern_slot;

typedef struct ce_intern_entry {
  const char *text; /* NUL-terminated, in the arena */
  size_t len;
} ce_intern_entry;

typedef struct ce_intern {
  ce_arena_block *blocks;
  ce_intern_slot *slots;
  size_t slot_count;
  ce_intern_entry *entries; /* by id */
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
static inline const char *ce__intern_get(const ce_intern *table, uint32_t id, size_t *len) {
  if (len) *len = table->entries[id].len;
  return table->entries[id].text;
}

static inline size_t ce__intern_count(const ce_intern *table) {
  return table->count;
}

#endif
