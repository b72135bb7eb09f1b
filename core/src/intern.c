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

static uint64_t load64(const char *bytes) {
  uint64_t word;
  memcpy(&word, bytes, 8);
  return word;
}
static uint64_t load32(const char *bytes) {
  uint32_t word;
  memcpy(&word, bytes, 4);
  return word;
}

/*
 * A string's first bytes packed in 64 bits: with its length they decide a string of up to
 * 8 bytes whole (two overlapping 4-byte loads from 4 bytes, three bytes below that). A slot
 * keeps it, so that a short string is found without leaving the slot.
 */
static uint64_t pack(const char *bytes, size_t len) {
  const unsigned char *s = (const unsigned char *)bytes;
  if (len >= 8) return load64(bytes);
  if (len >= 4) return load32(bytes) | load32(bytes + len - 4) << 32;
  if (len) return (uint64_t)s[0] | (uint64_t)s[len / 2] << 8 | (uint64_t)s[len - 1] << 16;
  return 0;
}

/* The hash of a string from its packed head, and from the bytes past 8 eight at a time (the
 * last load overlaps the one before). Ids follow the order strings are first seen, whatever
 * the hash. */
static uint64_t hash_bytes(const char *bytes, size_t len, uint64_t head) {
  uint64_t hash = head ^ (uint64_t)len * 0x9e3779b97f4a7c15u;
  for (size_t i = 8; i < len; i += 8)
    hash = ce__mix64(hash ^ load64(bytes + (len - i >= 8 ? i : len - 8)));
  return ce__mix64(hash);
}

/* A slot's tag: the hash's high bits, the length (up to 255) in the low byte. */
static uint32_t slot_tag(uint64_t hash, size_t len) {
  return ((uint32_t)(hash >> 32) & 0xffffff00u) | (uint32_t)(len < 255 ? len : 255);
}

void ce__intern_free(ce_intern *table) {
  ce_arena_block *block = table->blocks;
  while (block) {
    ce_arena_block *next = block->next;
    free(block);
    block = next;
  }
  free(table->slots);
  for (size_t b = 0; b < table->cap; b++) free(table->entries[b]);
  free(table->entries);
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

/*
 * The slot of `bytes`, or the empty slot where it would go. A slot holds the string's tag and
 * packed head beside its id: a probe compares them without touching the strings, which are
 * scattered in memory, and a string of up to 8 bytes never needs them.
 */
static inline size_t find_slot(const ce_intern *table, const char *bytes, size_t len, uint64_t hash,
                               uint64_t head) {
  size_t mask = table->slot_count - 1;
  uint32_t tag = slot_tag(hash, len);
  for (size_t slot = (size_t)hash & mask;; slot = (slot + 1) & mask) {
    const ce_intern_slot *at = &table->slots[slot];
    if (!at->id) return slot;
    if (at->tag != tag || at->head != head) continue;
    if (len <= 8) return slot;
    size_t text_len;
    const char *text = ce__intern_get(table, at->id - 1, &text_len);
    if (text_len == len && memcmp(text + 8, bytes + 8, len - 8) == 0) return slot;
  }
}

static CE_NOINLINE ce_status rehash(ce_intern *table) {
  size_t slot_count = table->slot_count ? table->slot_count * 2 : 64;
  ce_intern_slot *slots = calloc(slot_count, sizeof *slots);
  if (!slots) return CE_ERR_NOMEM;
  free(table->slots);
  table->slots = slots;
  table->slot_count = slot_count;
  size_t mask = slot_count - 1;
  for (size_t id = 0; id < table->count; id++) {
    size_t len;
    const char *text = ce__intern_get(table, (uint32_t)id, &len);
    uint64_t head = pack(text, len);
    uint64_t hash = hash_bytes(text, len, head);
    size_t slot = (size_t)hash & mask;
    while (slots[slot].id) slot = (slot + 1) & mask;
    slots[slot] = (ce_intern_slot){head, slot_tag(hash, len), (uint32_t)id + 1};
  }
  return CE_OK;
}

/* Gives `bytes` the next id and puts it in the empty `slot`. */
static CE_NOINLINE ce_status add(ce_intern *table, const char *bytes, size_t len, uint64_t hash,
                                 uint64_t head, size_t slot, uint32_t *id) {
  uint32_t fresh = (uint32_t)table->count;
  size_t block = fresh >> CE_INTERN_BLOCK_BITS;
  if (block == table->cap) { /* the blocks before are full: one more */
    size_t cap = table->cap;
    if (ce__grow((void **)&table->entries, &cap, block + 1, sizeof *table->entries))
      return CE_ERR_NOMEM;
    for (size_t b = table->cap; b < cap; b++) table->entries[b] = NULL;
    table->cap = cap;
  }
  if (!table->entries[block]) {
    table->entries[block] = malloc(sizeof **table->entries << CE_INTERN_BLOCK_BITS);
    if (!table->entries[block]) return CE_ERR_NOMEM;
  }
  ce_intern_entry *entry = &table->entries[block][fresh & ((1u << CE_INTERN_BLOCK_BITS) - 1)];
  if (len <= CE_INTERN_INLINE) {
    memcpy(entry->bytes, bytes, len);
    entry->bytes[len] = '\0';
  } else {
    const char *copy = arena_copy(table, bytes, len);
    if (!copy) return CE_ERR_NOMEM;
    memcpy(entry->bytes, &copy, sizeof copy);
  }
  entry->len = (uint32_t)len;
  table->count++;
  table->slots[slot] = (ce_intern_slot){head, slot_tag(hash, len), fresh + 1};
  *id = fresh;
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
  uint64_t head = pack(bytes, len);
  uint64_t hash = hash_bytes(bytes, len, head);
  size_t slot = find_slot(table, bytes, len, hash, head);
  if (added) *added = !table->slots[slot].id;
  if (table->slots[slot].id) {
    *id = table->slots[slot].id - 1;
    return CE_OK;
  }
  return add(table, bytes, len, hash, head, slot, id);
}

uint32_t ce__intern_find(const ce_intern *table, const char *bytes, size_t len) {
  if (!table->slot_count) return UINT32_MAX;
  uint64_t head = pack(bytes, len);
  size_t slot = find_slot(table, bytes, len, hash_bytes(bytes, len, head), head);
  return table->slots[slot].id ? table->slots[slot].id - 1 : UINT32_MAX;
}
