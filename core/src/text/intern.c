#include "text/intern_internal.h"

#include <stdlib.h>
#include <string.h>

#include "common/util_internal.h"

enum { ARENA_BLOCK_BYTES = 64 * 1024 };

struct ce_arena_block {
  ce_arena_block *next;
  size_t used;
  size_t size;
  char bytes[];
};

void ce__intern_free(ce_intern *table) {
  ce_arena_block *block = table->blocks;
  while (block) {
    ce_arena_block *next = block->next;
    free(block);
    block = next;
  }
  ce__free_huge(table->slots, table->slot_count, sizeof *table->slots);
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

/* A string's hash and packed head, ready for its slot. */
typedef struct rehashed {
  uint64_t head, hash;
  size_t len;
} rehashed;

static rehashed rehash_one(const ce_intern *table, size_t id, const ce_intern_slot *slots,
                           size_t mask) {
  rehashed r;
  const char *text = ce__intern_get(table, (uint32_t)id, &r.len);
  r.head = ce__intern_pack(text, r.len);
  r.hash = ce__intern_hash(text, r.len, r.head);
  ce__prefetch_valid(&slots[(size_t)r.hash & mask]);
  return r;
}

/* Strings are rehashed REHASH_AHEAD ids ahead of their insertion: their new slots, scattered
 * over a table that outgrows the cache on a large vocabulary, are fetched before they are
 * written. They go in in id order, as one at a time would: the same slots. */
enum { REHASH_AHEAD = 32 };

static CE_NOINLINE ce_status rehash(ce_intern *table) {
  size_t slot_count = table->slot_count ? table->slot_count * 2 : 64;
  while ((table->count + 1) * 4 > slot_count * 3) slot_count *= 2; /* after a drop */
  ce_intern_slot *slots = ce__calloc_huge(slot_count, sizeof *slots);
  if (!slots) return CE_ERR_NOMEM;
  ce__free_huge(table->slots, table->slot_count, sizeof *table->slots);
  table->slots = slots;
  table->slot_count = slot_count;
  size_t mask = slot_count - 1, count = table->count;
  rehashed ahead[REHASH_AHEAD];
  for (size_t id = 0; id < count && id < REHASH_AHEAD; id++)
    ahead[id] = rehash_one(table, id, slots, mask);
  for (size_t id = 0; id < count; id++) {
    rehashed r = ahead[id % REHASH_AHEAD];
    if (id + REHASH_AHEAD < count)
      ahead[id % REHASH_AHEAD] = rehash_one(table, id + REHASH_AHEAD, slots, mask);
    size_t slot = (size_t)r.hash & mask;
    while (slots[slot].id) slot = (slot + 1) & mask;
    slots[slot] = (ce_intern_slot){r.head, ce__intern_tag(r.hash, r.len), (uint32_t)id + 1};
  }
  return CE_OK;
}

/* Gives `bytes` the next id and puts it in the empty `slot`. */
static ce_status add(ce_intern *table, const char *bytes, size_t len, uint64_t hash, uint64_t head,
                     size_t slot, uint32_t *id) {
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
  table->slots[slot] = (ce_intern_slot){head, ce__intern_tag(hash, len), fresh + 1};
  *id = fresh;
  return CE_OK;
}

ce_status ce__intern_insert(ce_intern *table, const char *bytes, size_t len, uint64_t hash,
                            uint64_t head, size_t slot, uint32_t *id) {
  if (len > UINT32_MAX) return CE_ERR_NOMEM;
  if ((table->count + 1) * 4 > table->slot_count * 3) {
    if (table->count >= UINT32_MAX - 1) return CE_ERR_NOMEM;
    ce_status status = rehash(table);
    if (status) return status;
    slot = ce__intern_slot(table, bytes, len, hash, head);
  }
  return add(table, bytes, len, hash, head, slot, id);
}

/* The slots built for the strings there are (none, or those of a drop), then a put as usual. */
ce_status ce__intern_put_unslotted(ce_intern *table, const char *bytes, size_t len,
                                   ce_intern_key key, uint32_t *id, int *added) {
  ce_status status = rehash(table);
  return status ? status : ce__intern_put_key(table, bytes, len, key, id, added);
}

void ce__intern_drop_slots(ce_intern *table) {
  ce__free_huge(table->slots, table->slot_count, sizeof *table->slots);
  table->slots = NULL;
  table->slot_count = 0;
}

void ce__intern_prefetch(const ce_intern *table, const char *bytes, size_t len) {
  if (!table->slot_count) return;
  uint64_t hash = ce__intern_hash(bytes, len, ce__intern_pack(bytes, len));
  ce__prefetch(&table->slots[(size_t)hash & (table->slot_count - 1)]);
}

uint32_t ce__intern_find(const ce_intern *table, const char *bytes, size_t len) {
  if (!table->slot_count) { /* empty, or its slots dropped: the strings themselves */
    for (size_t id = 0; id < table->count; id++) {
      size_t at_len;
      const char *text = ce__intern_get(table, (uint32_t)id, &at_len);
      if (at_len == len && !memcmp(text, bytes, len)) return (uint32_t)id;
    }
    return UINT32_MAX;
  }
  uint64_t head = ce__intern_pack(bytes, len);
  size_t slot = ce__intern_slot(table, bytes, len, ce__intern_hash(bytes, len, head), head);
  return table->slots[slot].id ? table->slots[slot].id - 1 : UINT32_MAX;
}

/* -------------------------------------------------- copies and byte order */

/* `from`'s entries into the empty table `to`, block by block, its long strings into `to`'s
 * arena; no slots (a put builds them, a find reads the strings): a row's copy of a system's
 * labels is read by id, and 600,000 puts (one-token types' clusters) took 30 ms of hashing
 * and rehashing where this copies 10 MB. */
static ce_status intern_clone(ce_intern *to, const ce_intern *from) {
  size_t blocks = (from->count + (1u << CE_INTERN_BLOCK_BITS) - 1) >> CE_INTERN_BLOCK_BITS;
  to->entries = calloc(blocks, sizeof *to->entries);
  if (!to->entries) return CE_ERR_NOMEM;
  to->cap = blocks;
  for (size_t b = 0; b < blocks; b++) {
    to->entries[b] = malloc(sizeof **to->entries << CE_INTERN_BLOCK_BITS);
    if (!to->entries[b]) return CE_ERR_NOMEM;
    size_t first = b << CE_INTERN_BLOCK_BITS, count = from->count - first;
    if (count > (1u << CE_INTERN_BLOCK_BITS)) count = 1u << CE_INTERN_BLOCK_BITS;
    memcpy(to->entries[b], from->entries[b], count * sizeof **to->entries);
    for (size_t j = 0; j < count; j++) {
      ce_intern_entry *entry = &to->entries[b][j];
      if (entry->len <= CE_INTERN_INLINE) continue;
      const char *text, *copy;
      memcpy(&text, entry->bytes, sizeof text);
      if (!(copy = arena_copy(to, text, entry->len))) return CE_ERR_NOMEM;
      memcpy(entry->bytes, &copy, sizeof copy);
    }
  }
  to->count = from->count;
  return CE_OK;
}

ce_status ce__intern_copy(ce_intern *to, const ce_intern *from) {
  if (!to->count && !to->slot_count && !to->blocks && !to->cap && from->count)
    return intern_clone(to, from);
  for (uint32_t id = 0; id < ce__intern_count(from); id++) {
    size_t len;
    const char *text = ce__intern_get(from, id, &len);
    uint32_t copy;
    ce_status status = ce__intern_put(to, text, len, &copy, NULL);
    if (status) return status;
  }
  return CE_OK;
}

/* Byte order of two interned strings. */
static int compare_text(const ce_intern *table, uint32_t a, uint32_t b) {
  size_t len_a, len_b;
  const char *text_a = ce__intern_get(table, a, &len_a);
  const char *text_b = ce__intern_get(table, b, &len_b);
  int order = memcmp(text_a, text_b, len_a < len_b ? len_a : len_b);
  return order ? order : (len_a > len_b) - (len_a < len_b);
}

/* qsort has no context argument in C11: a small merge sort that takes one. */
static void sort_ids(uint32_t *ids, uint32_t *scratch, size_t count, const ce_intern *table) {
  if (count < 2) return;
  size_t half = count / 2;
  sort_ids(ids, scratch, half, table);
  sort_ids(ids + half, scratch, count - half, table);
  size_t i = 0, j = half, k = 0;
  while (i < half && j < count)
    scratch[k++] = compare_text(table, ids[j], ids[i]) < 0 ? ids[j++] : ids[i++];
  while (i < half) scratch[k++] = ids[i++];
  while (j < count) scratch[k++] = ids[j++];
  memcpy(ids, scratch, count * sizeof *ids);
}

/* A string's first eight bytes as a number that orders as the bytes do (zeros past its
 * end: no interned string holds a NUL, so a shorter string orders first, as in memcmp). */
static uint64_t order_key(const ce_intern *table, uint32_t id) {
  size_t len;
  const unsigned char *text = (const unsigned char *)ce__intern_get(table, id, &len);
  uint64_t key = 0;
  for (size_t i = 0; i < 8; i++) key = key << 8 | (i < len ? text[i] : 0);
  return key;
}

/*
 * The ids sorted by their first eight bytes as numbers, then each run of equal first bytes
 * by the whole strings: most words differ within eight bytes, and comparing numbers does not
 * chase each string's bytes through memory as a comparison sort of the strings does.
 */
ce_status ce__intern_sorted(const ce_intern *table, uint32_t **ids) {
  size_t count = ce__intern_count(table);
  *ids = malloc((count ? count : 1) * sizeof **ids);
  uint32_t *scratch = malloc((count ? count : 1) * sizeof *scratch);
  uint64_t *pairs = malloc((count ? count : 1) * 2 * sizeof *pairs);
  ce_status status = *ids && scratch && pairs ? CE_OK : CE_ERR_NOMEM;
  for (size_t i = 0; !status && i < count; i++) {
    pairs[2 * i] = order_key(table, (uint32_t)i);
    pairs[2 * i + 1] = i;
  }
  if (!status) status = ce__sort_pairs_u64(pairs, count);
  for (size_t i = 0; !status && i < count; i++) (*ids)[i] = (uint32_t)pairs[2 * i + 1];
  for (size_t run = 0; !status && run < count;) {
    size_t end = run + 1;
    while (end < count && pairs[2 * end] == pairs[2 * run]) end++;
    sort_ids(*ids + run, scratch, end - run, table);
    run = end;
  }
  free(scratch);
  free(pairs);
  if (status) {
    free(*ids);
    *ids = NULL;
  }
  return status;
}

ce_status ce__intern_ranks(const ce_intern *table, uint32_t **ranks) {
  uint32_t *ids;
  ce_status status = ce__intern_sorted(table, &ids);
  if (status) return status;
  size_t count = ce__intern_count(table);
  *ranks = malloc((count ? count : 1) * sizeof **ranks);
  if (*ranks)
    for (size_t r = 0; r < count; r++) (*ranks)[ids[r]] = (uint32_t)r;
  free(ids);
  return *ranks ? CE_OK : CE_ERR_NOMEM;
}
