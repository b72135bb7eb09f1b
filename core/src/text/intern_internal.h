/*
 * String interning: each distinct byte string gets a dense id (0, 1, 2, ...) in the
 * order first seen. Strings live in an arena of large blocks; lookups go through an
 * open-addressing hash table. Memory grows with the distinct strings only.
 */
#ifndef CE_INTERN_INTERNAL_H
#define CE_INTERN_INTERNAL_H

#include "clustereval.h"
#include "common/util_internal.h"

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

/* Frees the hash table's slots once lookups are over (a large vocabulary's biggest part):
 * ids and strings stay; a later put rebuilds the slots, a later find scans the strings. */
void ce__intern_drop_slots(ce_intern *table);
/* Starts fetching the slot where `bytes` would be, ahead of a put or find (a no-op where
 * the compiler has no prefetch). */
void ce__intern_prefetch(const ce_intern *table, const char *bytes, size_t len);

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

/*
 * Lookups are inline: a word of a corpus is looked up once per token, and almost always
 * found. A string's first bytes packed in 64 bits: with its length they decide a string of
 * up to 8 bytes whole (two overlapping 4-byte loads from 4 bytes, three bytes below that).
 * A slot keeps it, so that a short string is found without leaving the slot.
 */
static inline uint64_t ce__intern_pack(const char *bytes, size_t len) {
  const unsigned char *s = (const unsigned char *)bytes;
  uint64_t word = 0;
  uint32_t low, high;
  if (len >= 8) {
    memcpy(&word, bytes, 8);
    return word;
  }
  if (len >= 4) {
    memcpy(&low, bytes, 4);
    memcpy(&high, bytes + len - 4, 4);
    return low | (uint64_t)high << 32;
  }
  if (len) return (uint64_t)s[0] | (uint64_t)s[len / 2] << 8 | (uint64_t)s[len - 1] << 16;
  return 0;
}

/* The hash of a string from its packed head, and from the bytes past 8 eight at a time (the
 * last load overlaps the one before). Ids follow the order strings are first seen, whatever
 * the hash. */
static inline uint64_t ce__intern_hash(const char *bytes, size_t len, uint64_t head) {
  uint64_t hash = head ^ (uint64_t)len * 0x9e3779b97f4a7c15u;
  for (size_t i = 8; i < len; i += 8) {
    uint64_t word;
    memcpy(&word, bytes + (len - i >= 8 ? i : len - 8), 8);
    hash = ce__mix64(hash ^ word);
  }
  return ce__mix64(hash);
}

/* A slot's tag: the hash's high bits, the length (up to 255) in the low byte. */
static inline uint32_t ce__intern_tag(uint64_t hash, size_t len) {
  return ((uint32_t)(hash >> 32) & 0xffffff00u) | (uint32_t)(len < 255 ? len : 255);
}

/*
 * The slot of `bytes`, or the empty slot where it would go (the table has slots). A slot
 * holds the string's tag and packed head beside its id: a probe compares them without
 * touching the strings, which are scattered in memory, and a string of up to 8 bytes never
 * needs them.
 */
static inline size_t ce__intern_slot(const ce_intern *table, const char *bytes, size_t len,
                                     uint64_t hash, uint64_t head) {
  size_t mask = table->slot_count - 1;
  uint32_t tag = ce__intern_tag(hash, len);
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

/* Adds `bytes`, absent from the table, whose empty slot is `slot`: the rare path of a put. */
ce_status ce__intern_insert(ce_intern *table, const char *bytes, size_t len, uint64_t hash,
                            uint64_t head, size_t slot, uint32_t *id);

/* A string's packed head and hash, worked out once for a prefetch and the put after it. */
typedef struct ce_intern_key {
  uint64_t head, hash;
} ce_intern_key;

static inline ce_intern_key ce__intern_key(const char *bytes, size_t len) {
  uint64_t head = ce__intern_pack(bytes, len);
  ce_intern_key key = {head, ce__intern_hash(bytes, len, head)};
  return key;
}

/* Starts fetching the slot where the string of `key` would be (see ce__intern_prefetch). */
static inline void ce__intern_prefetch_key(const ce_intern *table, ce_intern_key key) {
  if (table->slot_count)
    ce__prefetch_valid(&table->slots[(size_t)key.hash & (table->slot_count - 1)]);
}

/* ce__intern_put_key where the table has no slots: empty, or its slots dropped. */
ce_status ce__intern_put_unslotted(ce_intern *table, const char *bytes, size_t len,
                                   ce_intern_key key, uint32_t *id, int *added);

/* ce__intern_put of a string whose key is known. */
static CE_ALWAYS_INLINE ce_status ce__intern_put_key(ce_intern *table, const char *bytes,
                                                     size_t len, ce_intern_key key, uint32_t *id,
                                                     int *added) {
  uint64_t head = key.head, hash = key.hash;
  if (!table->slot_count) return ce__intern_put_unslotted(table, bytes, len, key, id, added);
  size_t slot = ce__intern_slot(table, bytes, len, hash, head);
  int fresh = !table->slots[slot].id;
  if (added) *added = fresh;
  if (!fresh) {
    *id = table->slots[slot].id - 1;
    return CE_OK;
  }
  return ce__intern_insert(table, bytes, len, hash, head, slot, id);
}

/* The id of `bytes`, adding it when new. `added` (may be NULL) tells whether it was new. */
static inline ce_status ce__intern_put(ce_intern *table, const char *bytes, size_t len,
                                       uint32_t *id, int *added) {
  return ce__intern_put_key(table, bytes, len, ce__intern_key(bytes, len), id, added);
}

/*
 * The ids of short strings met lately, by their bytes: a tag set's few hundred labels come
 * back token after token, and a label of up to 7 bytes is then found by one compare of a
 * number instead of a hash and a probe. Zero-initialised: empty. 256 entries (3 KB an
 * input): with 64, the collisions of Brown's 472 tags sent 1.4% more instructions through the
 * hash table (callgrind, --levels token, Brown against the HMM tagging); 1,024 saved 0.2% more.
 */
enum { CE_RECENT_BITS = 8 };
typedef struct ce_intern_recent {
  uint64_t key[1u << CE_RECENT_BITS]; /* bytes and length as one number; 0: empty */
  uint32_t id[1u << CE_RECENT_BITS];
} ce_intern_recent;

/* ce__intern_put through `recent`, for a string with CE_LINE_PAD (8) readable bytes after it,
 * as the lines of ce__lines_feed have. */
static inline ce_status ce__intern_put_recent(ce_intern *table, ce_intern_recent *recent,
                                              const char *bytes, size_t len, uint32_t *id,
                                              int *added) {
#ifdef CE_WORD_SEARCH
  if (len - 1 < 7) { /* 1 to 7 bytes: the length fits in the top byte, which they leave 0 */
    uint64_t word;
    memcpy(&word, bytes, 8);
    uint64_t key = (word & ((1ull << (8 * len)) - 1)) | (uint64_t)len << 56;
    size_t at = (size_t)((key * 0x9e3779b97f4a7c15u) >> (64 - CE_RECENT_BITS));
    if (recent->key[at] == key) {
      *id = recent->id[at];
      if (added) *added = 0;
      return CE_OK;
    }
    ce_status status = ce__intern_put(table, bytes, len, id, added);
    if (!status) {
      recent->key[at] = key;
      recent->id[at] = *id;
    }
    return status;
  }
#else
  (void)recent;
#endif
  return ce__intern_put(table, bytes, len, id, added);
}

static inline size_t ce__intern_count(const ce_intern *table) {
  return table->count;
}

/* Copies every string of `from` into `to`, keeping ids when `to` starts empty (then without
 * slots: the first put builds them). */
ce_status ce__intern_copy(ce_intern *to, const ce_intern *from);

/* The ids of `table` in byte order of their strings (caller frees *ids). */
ce_status ce__intern_sorted(const ce_intern *table, uint32_t **ids);

/* ranks[id] = the position of id's string in byte order (caller frees *ranks). */
ce_status ce__intern_ranks(const ce_intern *table, uint32_t **ranks);

#endif
