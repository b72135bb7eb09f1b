/* MicroC's classes grouped by the numbers that fix their gain (union_groups_internal.h). */
#include "measures/union_groups_internal.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

double ce__gain_most(ce_gain_bound bound, uint32_t size) {
  if (bound.a < 0.0f) return -DBL_MAX;
  double a = bound.a, r = bound.r;
  double most = a > 0.0 && r > 0.0 ? a * r * size / (a + r * size) : 0.0;
  return most + 1e-12 * most + 1e-12 * (double)bound.c;
}

/* A group whose classes have CM = 0 gains 0 whatever their T and |c|: one key for them all. */
static void key_of(uint32_t *t, uint32_t *cm, uint32_t *size) {
  if (!*cm) *t = *size = 0;
}

static size_t key_hash(uint32_t t, uint32_t cm, uint32_t size, size_t mask) {
  uint64_t x = ((uint64_t)t << 32 | cm) ^ ((uint64_t)size * UINT64_C(0x9e3779b97f4a7c15));
  x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
  return (size_t)(x ^ (x >> 31)) & mask;
}

/* The group's leaf again: its bound while a class of it is not hidden, else none. */
static void leaf_set(ce_union_groups *g, uint32_t slot) {
  const ce_union_group *group = &g->groups[slot];
  size_t node = g->leaves + slot;
  g->tree[node] = group->count > group->hidden ? ce__gain_leaf(group->t, group->cm, group->size)
                                               : ce__gain_none;
  for (node /= 2; node; node /= 2)
    g->tree[node] = ce__gain_join(g->tree[2 * node], g->tree[2 * node + 1]);
}

/* The smallest table and tree; both grow with the slots used (see ce_union_groups). */
#define CE_GROUPS_MIN 16

ce_status ce__union_groups_init(ce_union_groups *g, size_t classes) {
  memset(g, 0, sizeof *g);
  g->classes = classes;
  size_t slots = classes ? classes : 1;
  for (g->leaves_most = CE_GROUPS_MIN; g->leaves_most < slots;) g->leaves_most *= 2;
  for (g->table_most = 2 * CE_GROUPS_MIN; g->table_most < 2 * slots;) g->table_most *= 2;
  g->group_of = malloc(slots * sizeof *g->group_of);
  g->groups = malloc(slots * sizeof *g->groups);
  g->free_slots = malloc(slots * sizeof *g->free_slots);
  g->table = malloc(g->table_most * sizeof *g->table);
  g->tree = malloc(2 * g->leaves_most * sizeof *g->tree);
  if (!g->group_of || !g->groups || !g->free_slots || !g->table || !g->tree) {
    ce__union_groups_free(g);
    return CE_ERR_NOMEM;
  }
  return CE_OK;
}

void ce__union_groups_free(ce_union_groups *g) {
  free(g->group_of);
  free(g->groups);
  free(g->free_slots);
  free(g->table);
  free(g->tree);
  memset(g, 0, sizeof *g);
}

/* The table's place of the key: where its slot + 1 is, or the empty place it would take. */
static size_t find(const ce_union_groups *g, uint32_t t, uint32_t cm, uint32_t size) {
  size_t mask = g->table_size - 1, at = key_hash(t, cm, size, mask);
  for (;; at = (at + 1) & mask) {
    uint32_t slot = g->table[at];
    if (!slot) return at;
    const ce_union_group *group = &g->groups[slot - 1];
    if (group->t == t && group->cm == cm && group->size == size) return at;
  }
}

/* Takes the key at table place `at` out, moving later keys of its run back (linear probing
 * keeps no tombstones). */
static void table_remove(ce_union_groups *g, size_t at) {
  size_t mask = g->table_size - 1, hole = at;
  g->table[hole] = 0;
  for (size_t next = (hole + 1) & mask; g->table[next]; next = (next + 1) & mask) {
    const ce_union_group *group = &g->groups[g->table[next] - 1];
    size_t home = key_hash(group->t, group->cm, group->size, mask);
    /* The key at `next` may fill the hole unless its home lies cyclically in (hole, next]. */
    int stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next);
    if (stays) continue;
    g->table[hole] = g->table[next];
    g->table[next] = 0;
    hole = next;
  }
}

/* Every node above the leaves from the leaves. */
static void tree_join(ce_union_groups *g) {
  for (size_t node = g->leaves - 1; node; node--)
    g->tree[node] = ce__gain_join(g->tree[2 * node], g->tree[2 * node + 1]);
}

/* Room in the tree for slot `slot`: the leaves doubled until it fits, each group's leaf
 * again. A search's result does not depend on the tree's shape: it is the largest gain. */
static void tree_room(ce_union_groups *g, size_t slot) {
  if (slot < g->leaves) return;
  while (g->leaves <= slot) g->leaves *= 2; /* slot < classes <= leaves_most */
  for (size_t s = 0; s < g->leaves; s++) {
    const ce_union_group *group = &g->groups[s];
    int live = s < g->fresh && group->count > group->hidden;
    g->tree[g->leaves + s] = live ? ce__gain_leaf(group->t, group->cm, group->size) : ce__gain_none;
  }
  tree_join(g);
}

/* Room in the table for one more slot than `fresh`: twice the table, the keys again. */
static void table_room(ce_union_groups *g) {
  if (2 * (g->fresh + 1) <= g->table_size) return;
  g->table_size *= 2; /* fresh < classes: at most table_most */
  memset(g->table, 0, g->table_size * sizeof *g->table);
  for (size_t s = 0; s < g->fresh; s++) {
    const ce_union_group *group = &g->groups[s];
    if (group->count) g->table[find(g, group->t, group->cm, group->size)] = (uint32_t)s + 1;
  }
}

/* Class c into the group of (t, cm, size), made if new. */
static void place(ce_union_groups *g, uint32_t c, uint32_t t, uint32_t cm, uint32_t size) {
  key_of(&t, &cm, &size);
  size_t at = find(g, t, cm, size);
  uint32_t slot;
  if (g->table[at]) {
    slot = g->table[at] - 1;
  } else if (g->free_count) {
    slot = g->free_slots[--g->free_count];
  } else {
    table_room(g);
    tree_room(g, g->fresh);
    at = find(g, t, cm, size); /* the table may have grown */
    slot = (uint32_t)g->fresh++;
  }
  if (!g->table[at]) {
    g->groups[slot] = (ce_union_group){t, cm, size, 0, 0};
    g->table[at] = slot + 1;
  }
  g->group_of[c] = slot;
  if (g->groups[slot].count++ == 0) leaf_set(g, slot);
}

void ce__union_groups_reset(ce_union_groups *g) {
  g->leaves = CE_GROUPS_MIN;
  g->table_size = 2 * CE_GROUPS_MIN;
  memset(g->table, 0, g->table_size * sizeof *g->table);
  g->free_count = g->fresh = 0;
  for (size_t node = 0; node < 2 * g->leaves; node++) g->tree[node] = ce__gain_none;
}

void ce__union_groups_place(ce_union_groups *g, uint32_t c, uint32_t t, uint32_t cm,
                            uint32_t class_size) {
  place(g, c, t, cm, class_size);
}

void ce__union_groups_set(ce_union_groups *g, uint32_t c, uint32_t t, uint32_t cm,
                          uint32_t class_size) {
  uint32_t slot = g->group_of[c];
  ce_union_group *group = &g->groups[slot];
  uint32_t key_t = t, key_cm = cm, key_size = class_size;
  key_of(&key_t, &key_cm, &key_size);
  if (group->t == key_t && group->cm == key_cm && group->size == key_size) return;
  if (--group->count == 0) {
    table_remove(g, find(g, group->t, group->cm, group->size));
    g->free_slots[g->free_count++] = slot;
    leaf_set(g, slot);
  }
  place(g, c, t, cm, class_size);
}

void ce__union_groups_hide(ce_union_groups *g, uint32_t c) {
  uint32_t slot = g->group_of[c];
  if (++g->groups[slot].hidden == g->groups[slot].count) leaf_set(g, slot);
}

void ce__union_groups_show(ce_union_groups *g, uint32_t c) {
  uint32_t slot = g->group_of[c];
  if (g->groups[slot].hidden-- == g->groups[slot].count) leaf_set(g, slot);
}

/* A search holds at most two nodes a level of the tree (below 2^64 leaves). */
#define CE_GROUPS_STACK 130

double ce__union_groups_max(const ce_union_groups *g, uint32_t size) {
  double best = -DBL_MAX;
  size_t stack[CE_GROUPS_STACK], top = 0;
  stack[top++] = 1;
  while (top) {
    size_t node = stack[--top];
    if (ce__gain_most(g->tree[node], size) <= best) continue;
    if (node >= g->leaves) {
      const ce_union_group *group = &g->groups[node - g->leaves];
      double gain = ce__gain_joined(group->t, group->cm, group->size, size);
      if (gain > best) best = gain;
      continue;
    }
    double left = ce__gain_most(g->tree[2 * node], size);
    double right = ce__gain_most(g->tree[2 * node + 1], size);
    stack[top++] = left >= right ? 2 * node + 1 : 2 * node;
    stack[top++] = left >= right ? 2 * node : 2 * node + 1;
  }
  return best;
}
