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
#include <string.h>

typedef struct ce_arena_block ce_arena_block;

/* A slot of the hash table: what a probe compares, beside the id. */
typedef struct ce_intern_slot {
  uint64_t head; /* the string's first bytes, packed (intern.c) */
  uint32_t tag;  /* high bits of the hash, and the length up to 255 */
  uint32_t id;   /* id + 1; 0 = empty */
} ce_intern_slot;

/*
 * What an id holds, 16 bytes: a string of up to CE_INTERN_INLINE bytes sits in the entry
 * itself (NUL-terminated), a longer one in the arena, its address in the entry's first
 * bytes. Entries come in blocks that never move: a string handed out stays where it is.
 */
enum { CE_INTERN_INLINE = 11, CE_INTERN_BLOCK_BITS = 12 };
typedef struct ce_intern_entry {
  char bytes[CE_INTERN_INLINE + 1];
  uint32_t len;
} ce_intern_entry;

typedef struct ce_intern {
  ce_arena_block *blocks;
  ce_intern_slot *slots;
  size_t slot_count;
  ce_intern_entry **entries; /* blocks of 1 << CE_INTERN_BLOCK_BITS entries, by id */
  size_t count;
  size_t cap; /* blocks the `entries` array has room for */
} ce_intern;

static inline const ce_intern_entry *ce__intern_entry(const ce_intern *table, uint32_t id) {
  return &table->entries[id >> CE_INTERN_BLOCK_BITS][id & ((1u << CE_INTERN_BLOCK_BITS) - 1)];
}

/* Zero-initialised ce_intern is an empty table; free with ce__intern_free. */
void ce__intern_free(ce_intern *table);

/* The id of `bytes`, adding it when new. `added` (may be NULL) tells whether it was new. */
ce_status ce__intern_put(ce_intern *table, const char *bytes, size_t len, uint32_t *id, int *added);

/* The id of `bytes`, or UINT32_MAX when absent. */
uint32_t ce__intern_find(const ce_intern *table, const char *bytes, size_t len);

/* The NUL-terminated string of `id` (its length through `len`, may be NULL). The string
 * stays valid and in place until the table is freed. */
static inline const char *ce__intern_get(const ce_intern *table, uint32_t id, size_t *len) {
  const ce_intern_entry *entry = ce__intern_entry(table, id);
  if (len) *len = entry->len;
  if (entry->len <= CE_INTERN_INLINE) return entry->bytes;
  const char *text;
  memcpy(&text, entry->bytes, sizeof text);
  return text;
}

static inline size_t ce__intern_count(const ce_intern *table) {
  return table->count;
}

#endif
