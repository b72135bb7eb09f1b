#include "intern_internal.h"

#include <stdlib.h>
#include <string.h>

#include "util_internal.h"

enum { ARENA_BLOCK_BYTES = 64 * 1024 };

struct ce_arena_block {
  ce_arena_block *next;
  size_t used;
  size_t size;
  char bytes[];
};

/* FNV-1a: simple, portable and the same on every platform, so ids are deterministic. */
static uint64_t hash_bytes(const char *bytes, size_t len) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (size_t i = 0; i < len; i++) {
    hash ^= (unsigned char)bytes[i];
    hash *= 0x100000001b3u;
  }
  return hash;
}

void ce__intern_free(ce_intern *table) {
  ce_arena_block *block = table->blocks;
  while (block) {
    ce_arena_block *next = block->next;
    free(block);
    block = next;
  }
  free(table->slots);
  free((void *)table->strings);
  free(table->lengths);
  free(table->hashes);
  memset(table, 0, sizeof *table);
}

static char *arena_copy(ce_intern *table, const char *bytes, size_t len) {
  ce_arena_block *block = table->blocks;
  if (!block || block->size - block->used < len + 1) {
    size_t size = len + 1 > ARENA_BLOCK_BYTES ? len + 1 : ARENA_BLOCK_BYTES;
    ce_arena_block *fresh = malloc(sizeof *fresh + size);
    if (!fresh) return NULL;
    fresh->size = size;
    fresh->used = 0;
    /* A block made for one huge string goes behind the current one, which keeps its room. */
    if (block && size > ARENA_BLOCK_BYTES) {
      fresh->next = block->next;
      block->next = fresh;
    } else {
      fresh->next = block;
      table->blocks = fresh;
    }
    block = fresh;
  }
  char *copy = block->bytes + block->used;
  memcpy(copy, bytes, len);
  copy[len] = '\0';
  block->used += len + 1;
  return copy;
}

/* A slot holds part of the hash beside the id: a probe that cannot match is rejected
 * without touching the strings, which are scattered in memory. */
static uint64_t slot_entry(uint64_t hash, size_t id) {
  return (hash & 0xffffffff00000000u) | ((uint64_t)id + 1);
}
static uint32_t slot_id(uint64_t entry) {
  return (uint32_t)entry - 1;
}

static size_t find_slot(const ce_intern *table, const char *bytes, size_t len, uint64_t hash) {
  size_t mask = table->slot_count - 1;
  uint64_t high = hash & 0xffffffff00000000u;
  for (size_t slot = (size_t)hash & mask;; slot = (slot + 1) & mask) {
    uint64_t entry = table->slots[slot];
    if (!entry) return slot;
    if ((entry & 0xffffffff00000000u) != high) continue;
    uint32_t id = slot_id(entry);
    if (table->lengths[id] == len && memcmp(table->strings[id], bytes, len) == 0) return slot;
  }
}

static ce_status rehash(ce_intern *table) {
  size_t slot_count = table->slot_count ? table->slot_count * 2 : 64;
  uint64_t *slots = calloc(slot_count, sizeof *slots);
  if (!slots) return CE_ERR_NOMEM;
  free(table->slots);
  table->slots = slots;
  table->slot_count = slot_count;
  size_t mask = slot_count - 1;
  for (size_t id = 0; id < table->count; id++) {
    size_t slot = (size_t)table->hashes[id] & mask;
    while (slots[slot]) slot = (slot + 1) & mask;
    slots[slot] = slot_entry(table->hashes[id], id);
  }
  return CE_OK;
}

ce_status ce__intern_put(ce_intern *table, const char *bytes, size_t len, uint32_t *id,
                         int *added) {
  if (len > UINT32_MAX) return CE_ERR_NOMEM;
  if ((table->count + 1) * 4 > table->slot_count * 3) {
    if (table->count >= UINT32_MAX - 1) return CE_ERR_NOMEM;
    ce_status status = rehash(table);
    if (status) return status;
  }
  uint64_t hash = hash_bytes(bytes, len);
  size_t slot = find_slot(table, bytes, len, hash);
  if (table->slots[slot]) {
    *id = slot_id(table->slots[slot]);
    if (added) *added = 0;
    return CE_OK;
  }
  if (table->count == table->cap) {
    size_t cap = table->cap;
    if (ce__grow((void **)&table->strings, &cap, table->count + 1, sizeof *table->strings))
      return CE_ERR_NOMEM;
    size_t cap_lengths = table->cap, cap_hashes = table->cap;
    if (ce__grow((void **)&table->lengths, &cap_lengths, cap, sizeof *table->lengths) ||
        ce__grow((void **)&table->hashes, &cap_hashes, cap, sizeof *table->hashes))
      return CE_ERR_NOMEM;
    table->cap = cap;
  }
  const char *copy = arena_copy(table, bytes, len);
  if (!copy) return CE_ERR_NOMEM;
  uint32_t fresh = (uint32_t)table->count++;
  table->strings[fresh] = copy;
  table->lengths[fresh] = (uint32_t)len;
  table->hashes[fresh] = hash;
  table->slots[slot] = slot_entry(hash, fresh);
  *id = fresh;
  if (added) *added = 1;
  return CE_OK;
}

uint32_t ce__intern_find(const ce_intern *table, const char *bytes, size_t len) {
  if (!table->slot_count) return UINT32_MAX;
  size_t slot = find_slot(table, bytes, len, hash_bytes(bytes, len));
  return table->slots[slot] ? slot_id(table->slots[slot]) : UINT32_MAX;
}

const char *ce__intern_get(const ce_intern *table, uint32_t id, size_t *len) {
  if (len) *len = table->lengths[id];
  return table->strings[id];
}
