/*
 * M-1 hill climbing (Reichart, Abend & Rappoport 2010, §4.1 "M-1 Mapping": start from a
 * mapping and an order of the clusters, move each cluster to the class maximising the
 * measure with the rest fixed, repeat until no single move improves, keep the best of
 * several starts; SPEC §3.2 fixes the starts, the tie rules and the 1e-12 tolerance).
 *
 * Moves are evaluated incrementally. Per item i the state keeps h(B_i) as (class, number of
 * i's clusters mapped there) slots, IM_i = |A_i ∩ h(B_i)| and |h(B_i)|; per class c,
 * T_c = |U_c| and CM_c = |U_c ∩ c|, where U_c holds the items with a cluster mapped to c.
 * Visiting cluster k, one pass over k's items reads them as they would be with k taken
 * out of its class a (an item leaves U_a where k is its only cluster there) and gathers,
 * for every class b at once, what moving k to b would change:
 *   P[b] = #{i ∈ k : b ∈ h'(B_i)}          (b already reached through i's other clusters)
 *   E[b] = #{i ∈ k : b ∈ A_i \ h'(B_i)}    (b would become a new match of i)
 * (h' is the mapping without k), or for MicroI the change of Σ F_i directly. Each class is
 * then scored in O(1). For MacroI and MicroI the classes the pass did not touch all score
 * alike, so only the touched ones and the first of the others are scored. For MicroC an
 * untouched class b gains what k's items, none of them matching b, add to its union, which
 * depends on b only through T_b, CM_b and |b| (see `joined`): the classes are grouped by
 * those three numbers, a tree over the groups bounds their gains for clusters of any size,
 * and a branch and bound search over the groups the visit leaves a class in finds the best
 * gain (union_groups.c); a tree over the classes in label order then finds the first class
 * reaching it. These are the only candidates a visit needs: a touched class is scored with
 * what the visit gathered, an untouched one gains exactly its group's gain, and of the
 * untouched ones within the tolerance of the best the tie rule takes the first in label
 * order. Most visits need neither search: when the tree's root, which bounds every class's
 * gain, falls short of what an untouched class would need to come within the tolerance of
 * the best touched class (or of k's own, scored apart), no untouched class can be chosen
 * (see untouched_out_of_reach; on a real-shaped tagging of 12,000 x 19,600 labels over 10^6
 * tokens, the type level went from 2.9 s to 1.6 s). A visit costs
 * O(Σ_{i∈k} (|A_i| + |B_i|) · log n) plus the searches, which open only subtrees whose bound
 * reaches the best: a handful of groups where many classes are alike (one-item classes: entities,
 * senses), far fewer than n classes elsewhere. Only a move writes the items' slots; most visits
 * move nothing and leave them as they are. Items with equal gold and induced entries are one item
 * weighted by their number: under every mapping they have the same h(B_i), IM_i and F_i, and a move
 * changes them alike. Every count above is of items, and a weighted one counts as many.
 *
 * MacroI and MicroC need of an item only its slots: a slot knows whether it matches, and
 * E[b] = G_k(b) − #{i ∈ k : b ∈ A_i ∩ h'(B_i)} with G_k, the gold counts of k's items,
 * counted once. Where the (cluster, class) cells fit, they keep P and E's parts as clusters
 * move (see `cell`): a visit reads k's row, O(n), and scores every class; a move pays for
 * the items whose count in a class crosses 1 or 2, in that class's cells of their clusters.
 *
 * One climber serves every start and perturbation of a measure, and remembers the local
 * optima its climbs reached. A mapping no visit changes is one whatever the order of the
 * visits, so a climb that reaches a remembered optimum (checked after every move, by a
 * hash of the mapping kept as it moves) ends there: the rest of its sweep and one more
 * would move nothing. Its sweeps count as if they ran. A climb that starts a few clusters
 * from where the last one ended (a perturbation) moves those clusters into place rather
 * than setting the state up afresh. Where every item is in one cluster, MacroI's and MicroI's
 * visits do not interact, and a climb is one pass over the clusters (see separable_prepare).
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "measures/hillclimb_internal.h"
#include "measures/union_groups_internal.h"
#include "common/parallel_internal.h"
#include "common/rng_internal.h"
#include "common/util_internal.h"

#define CE_CLIMB_EPS 1e-12 /* a move must gain more than this (SPEC §3.2) */

/* Which class one of an item's slots holds, through how many of the item's clusters, and
 * whether the item is labelled with it (a match, counted in IM_i). */
typedef struct slot {
  uint32_t class_id;
  unsigned count : 31, matched : 1;
} slot;

/*
 * MacroI, MicroC: what a cluster k's items hold of a class c, kept up to date as clusters
 * move, so that a visit reads P and E from k's row instead of its items (see visit). At
 * level 1, q = #{i ∈ k : a cluster of i is mapped to c}; at level 2, those with two or
 * more; m, the same among the items labelled c. (The cells' gold counts, #{i ∈ k : c ∈
 * A_i}, do not change, and sit apart.) q in the low 32 bits, m in the high, so that a
 * crossing adds or takes both in one step: each half stays within 0 .. items, so no carry
 * or borrow passes from one to the other.
 */
typedef uint64_t cell;

static uint32_t cell_q(cell x) {
  return (uint32_t)x;
}

static uint32_t cell_m(cell x) {
  return (uint32_t)(x >> 32);
}

/*
 * What the climb keeps of a class, together: a visit reads most of it for each class it
 * touches, and on many classes (10^6 one-token types) each array apart cost a cache miss a
 * class. 32 bytes, and allocated 32-aligned: one cache line a class.
 */
typedef struct class_state {
  uint32_t t, cm;     /* T_c = |U_c|, CM_c = |U_c ∩ c| */
  uint32_t p, e_new;  /* gathered in a visit, see the top of the file */
  uint32_t size;      /* |c| (the type index's class_size, copied here) */
  unsigned char mark; /* MARK_* bits, all 0 between visits */
  /* MicroC: its tree leaf and group may be out of date (see class_stale): here rather than
   * in an array apart, where each move's two classes cost a cache miss more on 10^6 */
  unsigned char stale;
  /* MicroC: g_c = |U_c|·F_c (its numerator terms); MicroI: the gain gathered in a visit */
  double x;
} class_state;
_Static_assert(sizeof(class_state) == 32, "a class's state in half a cache line");

/* What the climb keeps of an item, together: a visit reads it all for each of its cluster's
 * items, which lie side by side (see climb.items): one or two cache lines a visit where five
 * arrays took five. */
typedef struct item_state {
  uint32_t gold_start, slot_start; /* its classes and clusters, see climb.items */
  uint32_t weight;                 /* the items of its group (the type index's group_weight) */
  uint32_t slot_used;              /* slots in use = |h(B_i)| */
  uint32_t im;                     /* IM_i */
} item_state;

/* What a visit reads of its cluster, together (one cache line where five arrays took five). */
typedef struct cluster_state {
  uint32_t begin, end;           /* its renumbered items: members[begin .. end) */
  uint32_t size;                 /* its items, a group's counted one by one */
  uint32_t gold_begin, gold_end; /* G_k: gold_of_class, gold_of_count[gold_begin .. gold_end) */
  uint32_t spare;
  uint64_t labels; /* Σ_{i ∈ k} |A_i| + |B_i|: what a visit reads */
} cluster_state;

typedef struct climb {
  const ce_type_index *ix;
  const ce_entries *e;
  int measure;
  size_t n;
  /*
   * The items in some cluster, one for each group of items alike in both entries (the
   * type index's group_weight), renumbered so that a cluster's items lie close together in memory:
   * ordered by the first of their clusters in label order. Item j's classes are
   * gold_ids[item[j].gold_start ..), its clusters clusters_of[item[j].slot_start ..), and
   * its slots start at slots[item[j].slot_start].
   */
  size_t items;
  item_state *item; /* items + 1: the last holds the ends of gold_ids and clusters_of */
  uint32_t *gold_ids, *clusters_of;
  /* cluster → renumbered items, ascending: members[clu[k].begin .. clu[k].end) (member_start
   * while the layout is built) */
  uint32_t *member_start, *members;
  /* MacroI and MicroC: per cluster k, the classes of its items' gold entries with how many
   * of its items hold each, G_k(c) = #{i ∈ k : c ∈ A_i}, from clu[k].gold_begin (from
   * gold_of_start while they are built). NULL where they are not kept: past CE_GOLD_OF_MAX,
   * or moved into the cells (see gold_kept). */
  size_t *gold_of_start;
  uint32_t *gold_of_class, *gold_of_count;
  uint32_t *map; /* cluster → class */
  slot *slots;
  class_state *cls; /* per class */
  int cls_set;      /* cls zeroed and its sizes set: by cls_ready, where a climb first needs them */
  cluster_state *clu; /* per cluster */
  uint32_t *touched;  /* the classes gathered into during a visit */
  size_t touched_n;
  double union_sum;       /* MicroC: Σ_c g_c, afresh at each sweep */
  ce_gain_bound *tree;    /* MicroC: the bounds of the untouched classes' gains, see tree_set */
  ce_union_groups groups; /* MicroC: the classes by (T_c, CM_c, |c|), for the best gain */
  uint32_t *apart;        /* MicroC: the touched classes a search set apart this visit */
  size_t apart_n;
  /* MicroC: classes whose numbers changed since the tree and the groups last had them
   * (see class_stale), flagged in their class_state; `loose` bounds every class's gain
   * meanwhile. */
  uint32_t *stale_list;
  size_t stale_n;
  int tree_unbuilt; /* the tree and the groups wait for the first search (see tree_defer) */
  ce_gain_bound loose;
  size_t leaves;        /* its leaves: a power of two >= n */
  uint32_t *candidates; /* scratch of a visit: classes scored, and their values */
  double *values;
  uint64_t im_sum, h_sum; /* Σ IM_i, Σ |h(B_i)| (= Σ_c T_c) */
  uint64_t hash;          /* of map, see map_hash */
  /* clusters × classes, column by column (cell (k, c) at c·m + k): a move's updates, all
   * in its two classes' columns, stay in cache, where a visit reads one cell a column.
   * Levels 1 and 2 apart, so that a crossing writes 8 bytes a cluster in one of them.
   * NULL: visits read the items. */
  cell *cells, *cells2;
  uint32_t *cell_gold; /* #{i ∈ k : c ∈ A_i}, at the same places */
  int ready;           /* the state is st->map's: a climb may start from it by moves */
  /* Separable climbs (see separable_prepare): each cluster's best class and its value, NULL
   * where the climbs are not separable. */
  uint32_t *sep_best;
  double *sep_value;
  /* And each cluster's classes with their sums x (see separable_best), cluster by cluster
   * in id order: sep_class[sep_at[k] .. sep_at[k + 1]), so that a climb reads them in one
   * pass over memory. MacroI's are its G_k where it keeps them (a count's double is its
   * sum's). sep_at NULL there, and past CE_GOLD_OF_MAX sums: the items are read then. */
  uint32_t *sep_at, *sep_class;
  double *sep_x;
  /* MicroC where every item is a class of its own (see own_classes_shape), unless the
   * climber visits every cluster (ce__climber_visit_all). */
  int own_classes;
  /* Σ_k clu[k].labels = Σ_i |B_i|·(|A_i| + |B_i|): what a sweep of visits reads */
  uint64_t sweep_labels;
  /* The layout (gold_ids, clusters_of, members, clu) and G_k belong to a ce_climb_shared:
   * the one the climber was made with, or this one, its own. */
  ce_climb_shared *own_layout;
} climb;

enum { MARK_SLOT = 1, MARK_TOUCHED = 2 };

/* Whether visits read G_k from gold_of_class and gold_of_count (once the climb is set up). */
static int gold_kept(const climb *st) {
  return st->gold_of_class != NULL;
}
#define CE_NOWHERE UINT32_MAX

static uint32_t in_gold(const climb *st, uint32_t item, uint32_t c) {
  /* ascending, as entries.c writes them */
  return (uint32_t)ce__ids_hold(st->gold_ids + st->item[item].gold_start,
                                st->item[item + 1].gold_start - st->item[item].gold_start, c);
}

/* MicroC: what Σ_z |z|·F_z gains when `size` items that do not match class b join its
 * union (b untouched by the cluster on visit: none of its items reaches b otherwise). */
static double joined(const climb *st, uint32_t b, uint32_t size) {
  return ce__union_term((uint64_t)st->cls[b].t + size, st->cls[b].cm, st->cls[b].size) -
         st->cls[b].x;
}

/*
 * MicroC's untouched classes: a tree over the classes in label order, leaf r holding the
 * class of rank r, keeps the bounds of their gains (union_groups_internal.h), a class
 * scored apart (touched) having none, for the search of the first class of a rank that
 * gains at least as much as the best; ce_union_groups finds that best.
 */
static ce_gain_bound leaf_bound(const climb *st, uint32_t b) {
  return ce__gain_leaf(st->cls[b].t, st->cls[b].cm, st->cls[b].size);
}

/* Class b's leaf: its bound, or none while `apart`; then the nodes above it. */
static void tree_set(climb *st, uint32_t b, int apart) {
  size_t node = st->leaves + st->e->class_order[b];
  st->tree[node] = apart ? ce__gain_none : leaf_bound(st, b);
  for (node /= 2; node; node /= 2)
    st->tree[node] = ce__gain_join(st->tree[2 * node], st->tree[2 * node + 1]);
}

/* Class b's numbers changed: its leaf and its group. */
static void class_changed(climb *st, uint32_t b) {
  tree_set(st, b, 0);
  ce__union_groups_set(&st->groups, b, st->cls[b].t, st->cls[b].cm, st->cls[b].size);
}

/*
 * Class b's numbers changed, and the tree and the groups may learn it later: most visits
 * need only a bound on every class's gain (see untouched_out_of_reach), and `loose`, the
 * tree's root when they were last up to date joined with the bound of every class changed
 * since, is one (a bound grows with A and R, and no class's can exceed what was joined).
 * tree_fresh brings them up to date before a search. On 10^6 one-token types no visit
 * searches, and the moves of a sweep then write nothing of the tree.
 */
static void class_stale(climb *st, uint32_t b) {
  st->loose = ce__gain_join(st->loose, leaf_bound(st, b));
  if (st->cls[b].stale) return;
  st->cls[b].stale = 1;
  st->stale_list[st->stale_n++] = b;
}

/* No class stale, every class's gain bounded by `loose` (the tree's root, or the bound
 * state_init joins). */
static void stale_clear(climb *st, ce_gain_bound loose) {
  for (size_t j = 0; j < st->stale_n; j++) st->cls[st->stale_list[j]].stale = 0;
  st->stale_n = 0;
  st->loose = loose;
}

static void tree_build(climb *st) {
  st->tree_unbuilt = 0;
  for (size_t r = 0; r < st->leaves; r++)
    st->tree[st->leaves + r] = r < st->n ? leaf_bound(st, st->ix->class_by_rank[r]) : ce__gain_none;
  for (size_t node = st->leaves - 1; node; node--)
    st->tree[node] = ce__gain_join(st->tree[2 * node], st->tree[2 * node + 1]);
  ce__union_groups_reset(&st->groups);
  for (uint32_t c = 0; c < st->n; c++)
    ce__union_groups_place(&st->groups, c, st->cls[c].t, st->cls[c].cm, st->cls[c].size);
  stale_clear(st, st->tree[1]);
}

/*
 * The state set afresh, the tree and the groups left for the first search that needs them
 * (tree_fresh): only their root's bound, `loose`, the classes' bounds joined in id order by
 * state_init's pass over them (a join takes maxima: the order does not matter, and the root
 * a build would give is the same bound). On 10^6 one-token types no visit of a random start's climb
 * searches, and the build took 19 ms of the 45 a start took to reach.
 */
static void tree_defer(climb *st, ce_gain_bound root) {
  stale_clear(st, root);
  st->tree_unbuilt = 1;
}

/* The tree and the groups up to date: class by class, or afresh where most classes changed
 * or they were never built. */
static void tree_fresh(climb *st) {
  if (st->tree_unbuilt || 4 * st->stale_n > st->n) {
    tree_build(st);
    return;
  }
  for (size_t j = 0; j < st->stale_n; j++) class_changed(st, st->stale_list[j]);
  stale_clear(st, st->tree[1]);
}

/* The most a class under `node` can gain from a cluster of `size` items; -DBL_MAX if none. */
static double node_bound(const climb *st, size_t node, uint32_t size) {
  return ce__gain_most(st->tree[node], size);
}

/* A search holds at most two nodes a level of the tree (below 2^64 leaves). */
#define CE_TREE_STACK 130

/* The gain of the class at leaf `node`, exactly as a scan of the classes computes it. */
static double leaf_gain(const climb *st, size_t node, uint32_t size) {
  uint32_t b = st->ix->class_by_rank[node - st->leaves];
  return st->cls[b].cm ? joined(st, b, size) : 0.0;
}

/* Whether the leaf `node` holds a touched class, which the search then sets apart for the
 * rest of the visit (a touched class is scored with what the visit gathered; setting apart
 * only those a search meets spares the tree the others). */
static int set_apart(climb *st, size_t node) {
  uint32_t b = st->ix->class_by_rank[node - st->leaves];
  if (!(st->cls[b].mark & MARK_TOUCHED)) return 0;
  tree_set(st, b, 1);
  st->apart[st->apart_n++] = b;
  return 1;
}

/*
 * The largest gain of an untouched class; -DBL_MAX if every class is touched. Classes of
 * one group gain alike to the last bit, so the search runs over the groups the touched
 * classes do not empty: with one-item classes in one-item unions (entities, senses) a
 * handful of groups stand for every class, where a search over the classes would open
 * every one whose bound ties the best.
 */
static double untouched_max(climb *st, uint32_t size) {
  for (size_t j = 0; j < st->touched_n; j++) ce__union_groups_hide(&st->groups, st->touched[j]);
  double best = ce__union_groups_max(&st->groups, size);
  for (size_t j = 0; j < st->touched_n; j++) ce__union_groups_show(&st->groups, st->touched[j]);
  return best;
}

/* The untouched class of the first rank whose gain is at least `threshold`, or CE_NOWHERE. */
static uint32_t untouched_first(climb *st, uint32_t size, double threshold) {
  if (threshold == -DBL_MAX) return CE_NOWHERE;
  size_t stack[CE_TREE_STACK], top = 0;
  stack[top++] = 1;
  while (top) {
    size_t node = stack[--top];
    if (node_bound(st, node, size) < threshold) continue;
    if (node >= st->leaves) {
      if (set_apart(st, node)) continue;
      if (leaf_gain(st, node, size) >= threshold) return st->ix->class_by_rank[node - st->leaves];
      continue;
    }
    stack[top++] = 2 * node + 1; /* the left child opens first */
    stack[top++] = 2 * node;
  }
  return CE_NOWHERE;
}

/* Σ_c g_c in label order: afresh, so that rounding cannot drift for long. The classes'
 * states are fetched ahead: on 10^6 classes label order reads them anywhere. */
static void union_sum_refresh(climb *st) {
  const uint32_t *by_rank = st->ix->class_by_rank;
  st->union_sum = 0.0;
  for (size_t r = 0; r < st->n; r++) {
    if (r + 16 < st->n) ce__prefetch(&st->cls[by_rank[r + 16]]);
    st->union_sum += st->cls[by_rank[r]].x;
  }
}

/* MicroC's value of st->map from a state that is its (st->ready, every cluster mapped):
 * ce__type_values' sum without its pass over the items. The terms are the same doubles (g_c
 * is ce__union_term of the same integers, 0.0 where T_c = 0, which that sum skips), added
 * in the same label order (union_sum_refresh), over N* = Σ_c T_c = h_sum. */
static double micro_c_value(climb *st) {
  union_sum_refresh(st);
  return st->h_sum ? st->union_sum / (double)st->h_sum : 0.0;
}

/* Cluster k mapped to class c in the hash of a mapping, a sum of such terms (so that one
 * move updates it in O(1)): splitmix64's finaliser of (k, c). */
static uint64_t map_term(uint32_t k, uint32_t c) {
  uint64_t x = ((uint64_t)k << 32 | c) + UINT64_C(0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static uint64_t map_hash(const uint32_t *map, size_t m) {
  uint64_t hash = 0;
  for (size_t k = 0; k < m; k++) hash += map_term((uint32_t)k, map[k]);
  return hash;
}

/* A crossing: item i's count of clusters in class c went from 0 to 1 or back (`second`
 * 0), or from 1 to 2 or back (`second` 1), which adds `delta` to the cells (k, c) of i's
 * clusters k, all in class c's column. column NULL: none. */
typedef struct crossing {
  cell *column;
  cell delta;
} crossing;

/* The crossing in class c of item i, `step` 1 or -1 at the level `second`. */
static crossing cross_of(const climb *st, uint32_t i, uint32_t c, int second, int step,
                         unsigned matched) {
  cell w = st->item[i].weight, delta = matched ? w | w << 32 : w;
  if (step < 0) delta = (cell)0 - delta; /* modulo 2^64: a take from both halves */
  crossing x = {(second ? st->cells2 : st->cells) + (size_t)c * st->e->clusters, delta};
  return x;
}

/* Two crossings of item i, either of them none, in one pass over its clusters where both
 * are: a move's, out of its class and into the other, which both cross for most of the
 * items a move carries (a random start's first sweep moves items out of classes they are
 * alone in into classes they are not in); a set-up's, a class at levels 1 and 2. Inlined
 * at both. */
static CE_ALWAYS_INLINE void cells_cross(const climb *st, uint32_t i, crossing x, crossing y) {
  if (!x.column || !y.column) {
    crossing one = x.column ? x : y;
    if (!one.column) return;
    for (uint32_t j = st->item[i].slot_start; j < st->item[i + 1].slot_start; j++)
      one.column[st->clusters_of[j]] += one.delta;
    return;
  }
  for (uint32_t j = st->item[i].slot_start; j < st->item[i + 1].slot_start; j++) {
    uint32_t k = st->clusters_of[j];
    x.column[k] += x.delta;
    y.column[k] += y.delta;
  }
}

/* The cells from the items' slots (their gold counts stay: they do not depend on the
 * mapping). */
static void cells_init(climb *st) {
  size_t count = st->e->clusters * st->n;
  memset(st->cells, 0, count * sizeof *st->cells);
  memset(st->cells2, 0, count * sizeof *st->cells2);
  for (uint32_t i = 0; i < st->items; i++) {
    const slot *s = st->slots + st->item[i].slot_start, *end = s + st->item[i].slot_used;
    for (; s < end; s++) {
      crossing second = {NULL, 0};
      if (s->count > 1) second = cross_of(st, i, s->class_id, 1, 1, s->matched);
      cells_cross(st, i, cross_of(st, i, s->class_id, 0, 1, s->matched), second);
    }
  }
}

/* state_init's reads ahead: after a random start the classes of the items' clusters lie
 * anywhere, and on 10^6 one-token types an item waited on memory for its cluster's class,
 * then for that class's numbers. The cluster's class is fetched CE_INIT_AHEAD items ahead,
 * the class's numbers and the item's gold entry half as far. Nothing is written. */
#define CE_INIT_AHEAD 16

static void init_prefetch(const climb *st, uint32_t i) {
  if (i + CE_INIT_AHEAD < st->items)
    ce__prefetch(&st->map[st->clusters_of[st->item[i + CE_INIT_AHEAD].slot_start]]);
  uint32_t j = i + CE_INIT_AHEAD / 2;
  if (j >= st->items) return;
  uint32_t c = st->map[st->clusters_of[st->item[j].slot_start]];
  ce__prefetch(&st->cls[c]);
  ce__prefetch(&st->gold_ids[st->item[j].gold_start]);
}

/* The classes' state zeroed, with their sizes, the first time a climber reads it: where
 * every item is a class of its own the climbs keep no such state (MicroC's own sweeps,
 * MacroI's and MicroI's separable ones by separable_best_own) and never do, and on 10^6
 * one-token types each climber's 32 MB were fresh pages, written only to be freed (peak RSS
 * 756 -> 718 MiB). */
static void cls_ready(climb *st) {
  if (st->cls_set) return;
  memset(st->cls, 0, (st->n ? st->n : 1) * sizeof *st->cls);
  for (size_t c = 0; c < st->n; c++) st->cls[c].size = st->ix->class_size[c];
  st->cls_set = 1;
}

/* Sets the whole state from st->map. An item's slots are found through st->p, which
 * holds 1 + a class's slot while the item is set up (p is 0 between visits), so that an
 * item in many clusters costs O(|B_i|), not O(|B_i|·|h(B_i)|). */
static void state_init(climb *st) {
  cls_ready(st);
  for (size_t c = 0; c < st->n; c++) st->cls[c].t = st->cls[c].cm = 0;
  st->im_sum = st->h_sum = 0;
  for (uint32_t i = 0; i < st->items; i++) {
    init_prefetch(st, i);
    uint32_t base = st->item[i].slot_start, used = 0, im = 0, w = st->item[i].weight;
    for (uint32_t j = base; j < st->item[i + 1].slot_start; j++) {
      uint32_t c = st->map[st->clusters_of[j]], s = base + used;
      if (st->cls[c].p) {
        st->slots[st->cls[c].p - 1].count++;
        continue;
      }
      st->cls[c].p = s + 1;
      st->slots[s].class_id = c;
      st->slots[s].count = 1;
      st->slots[s].matched = in_gold(st, i, c) & 1;
      used++;
      st->cls[c].t += w;
      im += st->slots[s].matched;
      st->cls[c].cm += w * st->slots[s].matched;
    }
    for (uint32_t s = base; s < base + used; s++) st->cls[st->slots[s].class_id].p = 0;
    st->item[i].slot_used = used;
    st->item[i].im = im;
    st->im_sum += (uint64_t)w * im;
    st->h_sum += (uint64_t)w * used;
  }
  if (st->measure == CE_TYPE_MICRO_C) { /* the classes' terms, and (no cells) the tree's root */
    ce_gain_bound root = ce__gain_none;
    for (uint32_t c = 0; c < st->n; c++) {
      st->cls[c].x = ce__union_term(st->cls[c].t, st->cls[c].cm, st->cls[c].size);
      if (!st->cells) root = ce__gain_join(root, leaf_bound(st, c));
    }
    if (!st->cells) tree_defer(st, root);
  }
  if (st->cells) cells_init(st);
  st->ready = 1;
}

/* Item i's slot of class c, which one of its clusters is mapped to. */
static slot *slot_of(const climb *st, uint32_t i, uint32_t c) {
  slot *s = st->slots + st->item[i].slot_start;
  while (s->class_id != c) s++;
  return s;
}

/* Item i gains a slot of class b, which one of its clusters joins (no other is there). */
static void slot_new(climb *st, uint32_t i, slot *s, uint32_t b) {
  s->class_id = b;
  s->count = 1;
  s->matched = in_gold(st, i, b) & 1;
  uint32_t w = st->item[i].weight, matched_w = s->matched ? w : 0;
  st->h_sum += w;
  st->cls[b].t += w;
  st->item[i].im += s->matched;
  st->im_sum += matched_w;
  st->cls[b].cm += matched_w;
}

/*
 * One of item i's clusters leaves class a for class b: its slots, IM_i, the sums the visit
 * has not taken down already (a's side went with k's leave), and the cells. One pass finds
 * both slots. Inlined into the loop over a cluster's items: a call for each item of each
 * move (4.1 million on full Brown against the HMM tagging) cost 2% of the type level's
 * instructions.
 */
static CE_ALWAYS_INLINE void item_move(climb *st, uint32_t i, uint32_t a, uint32_t b) {
  slot *s = st->slots + st->item[i].slot_start, *last = s + st->item[i].slot_used - 1;
  slot *from = s, *to = NULL;
  for (; s <= last; s++) {
    from = s->class_id == a ? s : from;
    to = s->class_id == b ? s : to;
  }
  crossing out = {NULL, 0}, in = {NULL, 0};
  --from->count;
  if (st->cells && from->count < 2) out = cross_of(st, i, a, from->count, -1, from->matched);
  if (!from->count) {
    st->item[i].im -= from->matched;
    if (to == last) to = from;
    *from = *last--;
    st->item[i].slot_used--;
  }
  if (to) {
    to->count++;
    if (st->cells && to->count == 2) in = cross_of(st, i, b, 1, 1, to->matched);
  } else {
    slot_new(st, i, last + 1, b);
    st->item[i].slot_used++;
    if (st->cells) in = cross_of(st, i, b, 0, 1, (last + 1)->matched);
  }
  cells_cross(st, i, out, in);
}

static void touch(climb *st, uint32_t c) {
  if (st->cls[c].mark & MARK_TOUCHED) return;
  st->cls[c].mark |= MARK_TOUCHED;
  st->touched[st->touched_n++] = c;
}

/* Every class scored in the visit, in id order (the first of a visit's touches). */
static void touch_all(climb *st) {
  for (uint32_t c = 0; c < st->n; c++) {
    st->cls[c].mark = MARK_TOUCHED;
    st->touched[c] = c;
  }
  st->touched_n = st->n;
}

/* What k taking leave of its class a takes from the sums: the items for which k is the
 * only cluster mapped to a leave U_a (`left`), those of them labelled a lose a match. */
typedef struct leaving {
  uint32_t left, matched;
} leaving;

/* Whether slot s is the one cluster k (mapped to a) leaves: k is the item's only cluster
 * in a, so the item leaves U_a; counted in `out`. */
static int slot_left(const slot *s, uint32_t a, uint32_t weight, leaving *out) {
  if (s->class_id != a || s->count != 1) return 0;
  out->left += weight;
  out->matched += s->matched ? weight : 0;
  return 1;
}

/*
 * MacroI, MicroC: item i's part of P and E, reading h'(B_i) as h(B_i) without cluster k
 * (mapped to a), once E holds G_k (see gold_kept): E(c) = G_k(c) − #{i ∈ k : c ∈ A_i ∩
 * h'(B_i)}, so only the slots are read. Counts in `out` what k's leaving takes from the sums.
 */
static void item_count(climb *st, uint32_t i, uint32_t a, leaving *out) {
  const slot *s = st->slots + st->item[i].slot_start, *end = s + st->item[i].slot_used;
  uint32_t w = st->item[i].weight;
  for (; s < end; s++) {
    if (slot_left(s, a, w, out)) continue;
    st->cls[s->class_id].p += w;
    st->cls[s->class_id].e_new -= s->matched ? w : 0;
    touch(st, s->class_id);
  }
}

/* item_count without G_k: E from the item's gold entry, the slots of h'(B_i) marked. */
static void item_count_gold(climb *st, uint32_t i, uint32_t a, leaving *out) {
  const slot *first = st->slots + st->item[i].slot_start, *end = first + st->item[i].slot_used;
  uint32_t w = st->item[i].weight;
  for (const slot *s = first; s < end; s++) {
    if (slot_left(s, a, w, out)) continue;
    st->cls[s->class_id].p += w;
    st->cls[s->class_id].mark |= MARK_SLOT;
    touch(st, s->class_id);
  }
  for (uint32_t j = st->item[i].gold_start; j < st->item[i + 1].gold_start; j++) {
    uint32_t c = st->gold_ids[j];
    st->cls[c].e_new += st->cls[c].mark & MARK_SLOT ? 0 : w;
    touch(st, c);
  }
  for (const slot *s = first; s < end; s++) st->cls[s->class_id].mark &= (unsigned char)~MARK_SLOT;
}

/*
 * MicroI: item i's part of `gain`, reading h'(B_i) as item_count does; returns the
 * baseline F_i when k goes to a class that is neither in A_i nor in h'(B_i). `touching`:
 * the classes it reaches are touched (else the visit touched every class), a constant at
 * each of the two calls, so that neither loop tests it.
 */
static CE_ALWAYS_INLINE double item_gather(climb *st, uint32_t i, uint32_t a, leaving *out,
                                           int touching) {
  const slot *first = st->slots + st->item[i].slot_start, *end = first + st->item[i].slot_used;
  const slot *gone = slot_of(st, i, a); /* a's slot, when k is i's only cluster there */
  double w = st->item[i].weight;
  if (!slot_left(gone, a, st->item[i].weight, out)) gone = NULL;
  const uint32_t *gold = st->gold_ids + st->item[i].gold_start;
  uint32_t gold_n = st->item[i + 1].gold_start - st->item[i].gold_start;
  uint32_t im = st->item[i].im, used = st->item[i].slot_used;
  if (gone) {
    used--;
    im -= gone->matched;
  }
  /* F_i = 2·IM_i / (|A_i| + |h(B_i)|) (§4.1) in the three cases of b. */
  double ah = (double)gold_n + used;
  double same = ah > 0 ? 2.0 * im / ah : 0.0; /* b ∈ h'(B_i): nothing changes */
  double hit = 2.0 * (im + 1) / (ah + 1);     /* b ∈ A_i \ h'(B_i): one more match */
  double baseline = 2.0 * im / (ah + 1);      /* otherwise: one more class, no match */
  /* Every gold class gains as a hit; a slot's class gains as `same`, and a matched slot's
   * class, which the gold loop counts as a hit too, takes that back. */
  double to_same = w * (same - baseline), to_hit = w * (hit - baseline);
  const double to_slot[2] = {to_same, to_same - to_hit}; /* by `matched`: no branch to miss */
  for (const slot *s = first; s < end; s++) {
    if (s == gone) continue;
    if (touching) touch(st, s->class_id);
    st->cls[s->class_id].x += to_slot[s->matched];
  }
  for (uint32_t j = 0; j < gold_n; j++) {
    if (touching) touch(st, gold[j]);
    st->cls[gold[j]].x += to_hit;
  }
  return w * baseline;
}

/* k's leaving class a, in the sums over items and classes; and its return. */
static void sums_leave(climb *st, uint32_t a, leaving gone) {
  st->cls[a].t -= gone.left;
  st->cls[a].cm -= gone.matched;
  st->h_sum -= gone.left;
  st->im_sum -= gone.matched;
}

static void sums_return(climb *st, uint32_t a, leaving gone) {
  st->cls[a].t += gone.left;
  st->cls[a].cm += gone.matched;
  st->h_sum += gone.left;
  st->im_sum += gone.matched;
}

/* The measure with cluster k (of `size` items, taken out) mapped to b. For MicroI the value
 * leaves out the items outside k, the same for every b. */
static CE_ALWAYS_INLINE double candidate(const climb *st, uint32_t b, uint32_t size,
                                         double baseline_sum, double union_sum) {
  const ce_type_index *ix = st->ix;
  switch (st->measure) {
    case CE_TYPE_MACRO_I: { /* MacroI = 2·IM / (Σ|A_i| + Σ|h(B_i)|) (§4.1) */
      uint64_t den = ix->gold_total + st->h_sum + size - st->cls[b].p;
      return den ? 2.0 * (double)(st->im_sum + st->cls[b].e_new) / (double)den : 0.0;
    }
    case CE_TYPE_MICRO_I: /* MicroI = (1/l) Σ F_i (§4.1) */
      return (baseline_sum + st->cls[b].x) / (double)st->e->items;
    default: { /* MicroC = Σ_z |z|·F_z / N*, N* = Σ_c |U_c| (§4.2) */
      uint64_t t = st->cls[b].t + size - st->cls[b].p, den = st->h_sum + size - st->cls[b].p;
      double num = union_sum - st->cls[b].x +
                   ce__union_term(t, st->cls[b].cm + st->cls[b].e_new, st->cls[b].size);
      return den ? num / (double)den : 0.0;
    }
  }
}

/* MicroC: class c's union changed; so do g_c and their sum. */
static void union_changed(climb *st, uint32_t c) {
  double before = st->cls[c].x;
  st->cls[c].x = ce__union_term(st->cls[c].t, st->cls[c].cm, st->cls[c].size);
  st->union_sum += st->cls[c].x - before;
}

/* MacroI, MicroC with cells: P and E of every class from k's row, h'(B_i) being h(B_i)
 * without k: for a, the items with another cluster there (level 2); those with k alone
 * there leave U_a (level 1 less level 2). Every class counts as touched. */
static void row_gather(climb *st, uint32_t k, uint32_t a, leaving *gone) {
  size_t m = st->e->clusters, at = (size_t)a * m + k;
  const cell *row = st->cells + k; /* k's row: a cell a column, m apart */
  const uint32_t *gold = st->cell_gold + k;
  touch_all(st);
  for (uint32_t c = 0; c < st->n; c++) {
    st->cls[c].p = cell_q(row[c * m]);
    st->cls[c].e_new = gold[c * m] - cell_m(row[c * m]);
  }
  st->cls[a].p = cell_q(st->cells2[at]);
  st->cls[a].e_new = st->cell_gold[at] - cell_m(st->cells2[at]);
  gone->left = cell_q(st->cells[at]) - cell_q(st->cells2[at]);
  gone->matched = cell_m(st->cells[at]) - cell_m(st->cells2[at]);
}

/*
 * MicroC without cells, before any search: whether no class the visit left untouched can
 * come within the tolerance of the best of the touched candidates (`touched_best`, -DBL_MAX
 * for none) and a (k's class, scored apart here), so that the visit needs neither the search nor,
 * unless k moves, the tree's update. An untouched class b scores (union_sum + joined(b, size)) /
 * den with den = h_sum + size, which is below best − tolerance when joined(b, size) is below (best
 * − tolerance)·den − union_sum; the tree's root bounds joined over every class (touched ones and
 * a's leaf, which still counts k's items, only make it larger). The margin, far above the rounding
 * of these sums, leaves every close case to the search. Then the search would have found nothing
 * within the tolerance, or only a, which is scored: the same move.
 */
static int untouched_out_of_reach(climb *st, uint32_t a, uint32_t size, double touched_best) {
  double best = candidate(st, a, size, 0.0, st->union_sum);
  if (touched_best > best) best = touched_best;
  double den = (double)(st->h_sum + size);
  double threshold = (best - CE_CLIMB_EPS) * den - st->union_sum - 1e-9 * den;
  if (ce__gain_most(st->loose, size) < threshold) return 1;
  if (!st->stale_n && !st->tree_unbuilt) return 0;
  tree_fresh(st); /* the loose bound reached: the tree's own, then, or a search */
  return node_bound(st, 1, size) < threshold;
}

/* Cluster k mapped to class c, in the map and its hash. */
static void map_set(climb *st, uint32_t k, uint32_t c) {
  st->hash += map_term(k, c) - map_term(k, st->map[k]);
  st->map[k] = c;
}

/* k's items leave class a for class b (the sums have taken k's leave already). */
static void move_items(climb *st, uint32_t k, uint32_t a, uint32_t b) {
  for (uint32_t q = st->clu[k].begin; q < st->clu[k].end; q++) item_move(st, st->members[q], a, b);
}

/* Moves cluster k to class b outside a visit, the whole state along; MicroC's tree and
 * groups learn it as after a visit's move (class_stale). */
static void force_move(climb *st, uint32_t k, uint32_t b) {
  uint32_t a = st->map[k];
  leaving gone = {0, 0};
  for (uint32_t q = st->clu[k].begin; q < st->clu[k].end; q++)
    slot_left(slot_of(st, st->members[q], a), a, st->item[st->members[q]].weight, &gone);
  sums_leave(st, a, gone);
  move_items(st, k, a, b);
  if (st->measure == CE_TYPE_MICRO_C) {
    union_changed(st, a);
    union_changed(st, b);
  }
  if (st->measure == CE_TYPE_MICRO_C && !st->cells) {
    class_stale(st, a);
    class_stale(st, b);
  }
  map_set(st, k, b);
}

/* The first class in label order that no item of the visited cluster reached: for MacroI
 * and MicroI every untouched class scores alike, so it stands for them all. CE_NOWHERE when
 * every class is touched. */
static uint32_t first_untouched(const climb *st) {
  for (size_t r = 0; r < st->n; r++) {
    uint32_t c = st->ix->class_by_rank[r];
    if (!(st->cls[c].mark & MARK_TOUCHED)) return c;
  }
  return CE_NOWHERE;
}

/* Of the `count` candidates scored, the one of the first label among those within the
 * tolerance of `best_value` (SPEC §3.2's tie rule). */
static uint32_t tied_first(const climb *st, size_t count, double best_value) {
  const uint32_t *rank = st->e->class_order;
  uint32_t best = CE_NOWHERE;
  for (size_t j = 0; j < count; j++) {
    uint32_t c = st->candidates[j];
    if (st->values[j] >= best_value - CE_CLIMB_EPS && (best == CE_NOWHERE || rank[c] < rank[best]))
      best = c;
  }
  return best;
}

/* Visits cluster k; returns 1 when it moved. Not inlined (see CE_NOINLINE): a climb is
 * one call, its visits thousands. */
static CE_NOINLINE int visit(climb *st, uint32_t k) {
  const cluster_state *cl = &st->clu[k];
  uint32_t begin = cl->begin, end = cl->end, a = st->map[k];
  if (begin == end) return 0; /* an empty cluster changes nothing wherever it goes */
  uint32_t size = cl->size;   /* items, not stand-ins */
  int micro_c = st->measure == CE_TYPE_MICRO_C;
  double baseline_sum = 0.0;
  leaving gone = {0, 0};
  st->touched_n = 0;
  if (st->measure == CE_TYPE_MICRO_I) {
    /* Every class touched at once when there are no more classes than k's items have
     * labels (touching them one by one costs a test each); untouched classes gain 0 alike. */
    if (st->n <= cl->labels) {
      touch_all(st);
      for (uint32_t q = begin; q < end; q++)
        baseline_sum += item_gather(st, st->members[q], a, &gone, 0);
    } else {
      for (uint32_t q = begin; q < end; q++)
        baseline_sum += item_gather(st, st->members[q], a, &gone, 1);
    }
  } else if (st->cells) {
    row_gather(st, k, a, &gone);
  } else if (gold_kept(st)) {
    for (uint32_t j = cl->gold_begin; j < cl->gold_end; j++) {
      st->cls[st->gold_of_class[j]].e_new = st->gold_of_count[j];
      touch(st, st->gold_of_class[j]);
    }
    for (uint32_t q = begin; q < end; q++) item_count(st, st->members[q], a, &gone);
  } else {
    for (uint32_t q = begin; q < end; q++) item_count_gold(st, st->members[q], a, &gone);
  }
  sums_leave(st, a, gone);
  /* The classes to score: the touched ones, and the best of the others: for MacroI and
   * MicroI the first in label order (they all score alike), for MicroC the tree's best. */
  size_t count = 0;
  for (size_t j = 0; j < st->touched_n; j++) st->candidates[count++] = st->touched[j];
  if (micro_c) union_changed(st, a);
  int searched = 0; /* MicroC: the untouched classes were searched, and the tree changed */
  st->apart_n = 0;
  /* The touched classes' values; then those of the classes the rules below add. */
  double best_value = 0.0;
  size_t scored = 0;
  for (; scored < count; scored++) {
    st->values[scored] = candidate(st, st->candidates[scored], size, baseline_sum, st->union_sum);
    if (!scored || st->values[scored] > best_value) best_value = st->values[scored];
  }
  if (micro_c && !st->cells) {
    if (untouched_out_of_reach(st, a, size, count ? best_value : -DBL_MAX)) {
      if (!(st->cls[a].mark & MARK_TOUCHED)) st->candidates[count++] = a;
    } else {
      searched = 1;
      class_changed(st, a); /* a's union lost k's items */
      uint32_t c = untouched_first(st, size, untouched_max(st, size));
      if (c != CE_NOWHERE) st->candidates[count++] = c;
    }
  } else if (!micro_c) {
    uint32_t c = first_untouched(st);
    if (c != CE_NOWHERE) st->candidates[count++] = c;
  }
  for (; scored < count; scored++) {
    st->values[scored] = candidate(st, st->candidates[scored], size, baseline_sum, st->union_sum);
    if (!scored || st->values[scored] > best_value) best_value = st->values[scored];
  }
  if (searched && count > st->touched_n) {
    /* The first untouched class within the tolerance of the best, which need not be the
     * tree's best itself. Untouched: none of k's items reaches it, so P = 0. */
    double den = (double)(st->h_sum + size);
    uint32_t c = untouched_first(st, size, (best_value - CE_CLIMB_EPS) * den - st->union_sum);
    if (c != CE_NOWHERE && c != st->candidates[count - 1]) {
      st->candidates[count] = c;
      st->values[count++] = candidate(st, c, size, baseline_sum, st->union_sum);
    }
  }
  /* The best class; ties (within the tolerance) go to the label that sorts first. */
  uint32_t best = tied_first(st, count, best_value);
  uint32_t to = a;
  if (best != a && candidate(st, best, size, baseline_sum, st->union_sum) >
                       candidate(st, a, size, baseline_sum, st->union_sum) + CE_CLIMB_EPS)
    to = best;
  if (to == a)
    sums_return(st, a, gone);
  else
    move_items(st, k, a, to);
  if (micro_c) union_changed(st, to);
  if (micro_c && !st->cells && (searched || to != a)) { /* the leaves, for the state now */
    for (size_t j = 0; j < st->apart_n; j++) tree_set(st, st->apart[j], 0);
    class_stale(st, a);
    class_stale(st, to);
  }
  for (size_t j = 0; j < st->touched_n; j++) {
    uint32_t c = st->touched[j];
    st->cls[c].p = 0;
    if (st->measure == CE_TYPE_MICRO_I)
      st->cls[c].x = 0.0;
    else
      st->cls[c].e_new = 0;
    st->cls[c].mark = 0;
  }
  map_set(st, k, to);
  return to != a;
}

static void climb_free(climb *st) {
  free(st->item);
  ce__climb_shared_free(st->own_layout);
  free(st->member_start);
  free(st->gold_of_start);
  free(st->cells);
  free(st->cells2);
  free(st->cell_gold);
  free(st->map);
  free(st->slots);
  free(st->cls);
  free(st->touched);
  free(st->tree);
  ce__union_groups_free(&st->groups);
  free(st->apart);
  free(st->stale_list);
  free(st->candidates);
  free(st->values);
  free(st->sep_best);
  free(st->sep_value);
  free(st->sep_at);
  free(st->sep_class);
  free(st->sep_x);
}

/* What climb_layout reads of the item it renumbers LAYOUT_AHEAD steps on: on 10^6
 * one-token types the items come in cluster order, which is no order of theirs, and each
 * lies apart in memory. */
enum { LAYOUT_AHEAD = 16 };

static void layout_prefetch_item(const climb *st, const uint32_t *key, uint32_t i) {
  ce__prefetch(&st->e->class_start[i]);
  ce__prefetch(&st->e->cluster_start[i]);
  ce__prefetch(&st->ix->group_weight[i]);
  ce__prefetch(&key[i]);
}

/* The renumbered items (see `climb`): a counting sort of the clustered items that stand
 * for their group (the type index's group_weight) by the label rank of their first
 * cluster, stable in item order, with their weights; then the rows and the cluster → item
 * lists in the new numbering. Cost O(l + m + Σ|A_i| + Σ|B_i|). */
static void climb_layout(climb *st, uint32_t *key, uint32_t *order) {
  const ce_entries *e = st->e;
  size_t m = e->clusters;
  memset(st->member_start, 0, (m + 1) * sizeof *st->member_start);
  for (uint32_t i = 0; i < e->items; i++) {
    key[i] = UINT32_MAX;
    if (!st->ix->group_weight[i]) continue; /* in the weight of its group's first item */
    for (uint32_t j = e->cluster_start[i]; j < e->cluster_start[i + 1]; j++)
      if (e->cluster_order[e->cluster_ids[j]] < key[i])
        key[i] = e->cluster_order[e->cluster_ids[j]];
    if (key[i] != UINT32_MAX) st->member_start[key[i] + 1]++; /* buckets by rank, for now */
  }
  for (size_t r = 0; r < m; r++) st->member_start[r + 1] += st->member_start[r];
  st->items = st->member_start[m];
  for (uint32_t i = 0; i < e->items; i++)
    if (key[i] != UINT32_MAX) order[st->member_start[key[i]]++] = i;
  st->item[0].gold_start = st->item[0].slot_start = 0;
  for (uint32_t j = 0; j < st->items; j++) {
    if (j + LAYOUT_AHEAD < st->items) layout_prefetch_item(st, key, order[j + LAYOUT_AHEAD]);
    if (j + LAYOUT_AHEAD / 2 < st->items)
      ce__prefetch(&e->class_ids[e->class_start[order[j + LAYOUT_AHEAD / 2]]]);
    uint32_t i = order[j], g = st->item[j].gold_start;
    for (uint32_t q = e->class_start[i]; q < e->class_start[i + 1]; q++)
      st->gold_ids[g++] = e->class_ids[q];
    st->item[j + 1].gold_start = g;
    st->item[j + 1].slot_start =
        st->item[j].slot_start + e->cluster_start[i + 1] - e->cluster_start[i];
    st->item[j].weight = st->ix->group_weight[i];
    key[i] = j; /* from now on: the new number of item i */
  }
  /* Each item's clusters in label order, so that nothing below depends on the ids. */
  for (uint32_t j = 0; j < st->items; j++) order[j] = st->item[j].slot_start;
  for (size_t r = 0; r < m; r++) {
    uint32_t k = st->ix->cluster_by_rank[r];
    if (r + LAYOUT_AHEAD < m)
      ce__prefetch(&st->ix->member_start[st->ix->cluster_by_rank[r + LAYOUT_AHEAD]]);
    if (r + LAYOUT_AHEAD / 2 < m) {
      uint32_t ahead = st->ix->member_start[st->ix->cluster_by_rank[r + LAYOUT_AHEAD / 2]];
      if (ahead < st->ix->member_start[m]) ce__prefetch(&key[st->ix->members[ahead]]);
    }
    for (uint32_t q = st->ix->member_start[k]; q < st->ix->member_start[k + 1]; q++)
      if (key[st->ix->members[q]] != UINT32_MAX)
        st->clusters_of[order[key[st->ix->members[q]]]++] = k;
  }
  memset(st->member_start, 0, (m + 1) * sizeof *st->member_start);
  for (uint32_t q = 0; q < st->item[st->items].slot_start; q++)
    st->member_start[st->clusters_of[q] + 1]++;
  for (size_t k = 0; k < m; k++) st->member_start[k + 1] += st->member_start[k];
  for (uint32_t j = 0; j < st->items; j++)
    for (uint32_t q = st->item[j].slot_start; q < st->item[j + 1].slot_start; q++)
      st->members[st->member_start[st->clusters_of[q]]++] = j;
  for (size_t k = m; k > 0; k--) st->member_start[k] = st->member_start[k - 1];
  st->member_start[0] = 0;
}

/* At most this many (cluster, gold class) entries in G_k (64 MB); past it, a visit reads
 * the items' gold entries instead (item_count_gold). */
#ifndef CE_GOLD_OF_MAX /* a test builds the climb with 0, to read the items' gold */
#define CE_GOLD_OF_MAX ((size_t)1 << 23)
#endif

/* At most this many cells (20 MB); past it, visits read the items. */
#define CE_CELLS_MAX ((size_t)1 << 20)

/*
 * MacroI, MicroC: the cells (see `cell`), when there are at most CE_CELLS_MAX and a row
 * costs a visit no more than its items would: clusters × classes at most the items' labels
 * a sweep reads, Σ_i |B_i|·(|A_i| + |B_i|). Then a visit that moves nothing reads one row,
 * and a move updates the cells of its items' clusters in a class where an item's count
 * there crosses 1 or 2.
 */
static int cells_fit(size_t m, size_t n, uint64_t sweep_labels) {
  return m && n && m <= CE_CELLS_MAX / n && m * n <= sweep_labels;
}

int ce__climb_keeps_cells(const ce_type_index *ix) {
  const ce_entries *e = ix->entries;
  uint64_t sweep_labels = 0;
  for (size_t i = 0; i < e->items; i++) {
    uint64_t b = e->cluster_start[i + 1] - e->cluster_start[i];
    if (ix->group_weight[i]) sweep_labels += b * (b + e->class_start[i + 1] - e->class_start[i]);
  }
  return cells_fit(e->clusters, e->classes, sweep_labels);
}

/* Cluster k's G_k: its classes into st->touched in the order first met (returns how many),
 * their weights in the classes' p. */
static size_t gold_of_cluster(climb *st, size_t k) {
  size_t count = 0;
  for (uint32_t q = st->clu[k].begin; q < st->clu[k].end; q++) {
    uint32_t i = st->members[q];
    for (uint32_t j = st->item[i].gold_start; j < st->item[i + 1].gold_start; j++) {
      if (!st->cls[st->gold_ids[j]].p) st->touched[count++] = st->gold_ids[j];
      st->cls[st->gold_ids[j]].p += st->item[i].weight;
    }
  }
  return count;
}

/* The cells, G_k in them: from the index's rows where it has them (a group's weight is its
 * items, so the counts are the same), else one pass over Σ_i |A_i|·|B_i| item labels. Apart
 * from climb_alloc, where gcc, inlining it, cannot tell that m·n cells are some
 * (-Warray-bounds). */
static CE_NOINLINE ce_status cells_build(climb *st) {
  cls_ready(st);
  size_t m = st->e->clusters, n = st->n;
  const ce_type_rows *rows = &st->ix->rows;
  st->cells = calloc(m * n, sizeof *st->cells);
  st->cells2 = calloc(m * n, sizeof *st->cells2);
  st->cell_gold = calloc(m * n, sizeof *st->cell_gold);
  if (!st->cells || !st->cells2 || !st->cell_gold) return CE_ERR_NOMEM; /* climb_free frees */
  for (size_t k = 0; k < m; k++) {
    if (rows->start) {
      for (uint32_t j = rows->start[k]; j < rows->start[k + 1]; j++)
        st->cell_gold[(size_t)rows->cell[j].class_id * m + k] = rows->cell[j].count;
      continue;
    }
    size_t count = gold_of_cluster(st, k);
    for (size_t j = 0; j < count; j++) {
      uint32_t c = st->touched[j];
      st->cell_gold[(size_t)c * m + k] = st->cls[c].p;
      st->cls[c].p = 0;
    }
  }
  return CE_OK;
}

/* The reads ahead of a pass over the clusters in id order that reads each one's items' gold
 * classes (G_k, separable_prepare): on many labels (10^6 one-token types) a cluster's
 * members, their gold entries and their classes' state lie anywhere, each load waiting on
 * the one before. The clusters 4 to 16 ahead are fetched in four steps, each reading what
 * the step before fetched: the first members, their rows, their classes, those classes'
 * state (two of each). The passes use it only where the classes' state passes
 * CE_CACHED_BYTES bytes. Nothing is written. */
#define CE_GOLD_AHEAD_STEP 4

static void gold_classes_prefetch(const climb *st, uint32_t k, int ranks) {
  size_t m = st->e->clusters, at = (size_t)k + 4 * CE_GOLD_AHEAD_STEP;
  if (at < m) ce__prefetch(&st->members[st->clu[at].begin]);
  for (int step = 3; step >= 1; step--) {
    if ((at -= CE_GOLD_AHEAD_STEP) >= m) continue;
    const cluster_state *cl = &st->clu[at];
    for (uint32_t q = cl->begin; q < cl->end && q < cl->begin + 2; q++) {
      uint32_t i = st->members[q];
      if (step == 3) {
        ce__prefetch(&st->item[i]);
        continue;
      }
      uint32_t g = st->item[i].gold_start, end = st->item[i + 1].gold_start;
      for (uint32_t j = g; j < end && j < g + 2; j++)
        if (step == 2)
          ce__prefetch(&st->gold_ids[j]);
        else if (ranks) /* separable_best_own reads the classes' ranks instead */
          ce__prefetch(&st->e->class_order[st->gold_ids[j]]);
        else
          ce__prefetch(&st->cls[st->gold_ids[j]]);
    }
  }
}

/* G_k of every cluster without the cells (see gold_of_start), the classes in the order
 * first met, in one pass over Σ_i |A_i|·|B_i| item labels. Leaves gold_of_start NULL past
 * CE_GOLD_OF_MAX entries. */
static ce_status gold_of_build(climb *st) {
  cls_ready(st);
  size_t m = st->e->clusters, class_cap = 0, count_cap = 0;
  size_t *start = malloc((m + 1) * sizeof *start);
  ce_status status = start ? CE_OK : CE_ERR_NOMEM;
  int past = 0; /* past CE_GOLD_OF_MAX: not kept, the visits read the items */
  if (start) start[0] = 0;
  int far_apart = st->n * sizeof *st->cls > CE_CACHED_BYTES;
  for (size_t k = 0; k < m && !status && !past; k++) {
    if (far_apart) gold_classes_prefetch(st, (uint32_t)k, 0);
    size_t count = gold_of_cluster(st, k), end = start[k] + count;
    past = end > (size_t)CE_GOLD_OF_MAX;
    if (!past)
      status = ce__grow((void **)&st->gold_of_class, &class_cap, end, sizeof *st->gold_of_class);
    if (!past && !status)
      status = ce__grow((void **)&st->gold_of_count, &count_cap, end, sizeof *st->gold_of_count);
    for (size_t j = 0; j < count; j++) {
      uint32_t c = st->touched[j];
      if (!past && !status) {
        st->gold_of_class[start[k] + j] = c;
        st->gold_of_count[start[k] + j] = st->cls[c].p;
      }
      st->cls[c].p = 0;
    }
    start[k + 1] = end;
  }
  if (!status && !past) {
    st->gold_of_start = start;
    return CE_OK;
  }
  free(start);
  free(st->gold_of_class);
  free(st->gold_of_count);
  st->gold_of_class = st->gold_of_count = NULL;
  return status;
}

/*
 * Separable climbs. Where every item is in one cluster (|B_i| = 1: a type-based clustering
 * such as Brown's, one-token types), MacroI and MicroI change, as cluster k moves, by k's
 * own items alone: with k taken out, h'(B_i) is empty for each of them, so P = 0 and class
 * b gains E[b] = #{i ∈ k : b ∈ A_i} (MacroI, over a denominator D the same for every b) or
 * Σ_{i ∈ k : b ∈ A_i} 2/(|A_i| + 1) (MicroI). A visit then sends k to f(k, a): its best class
 * b*(k) (ties to the first label) where that beats k's class a by more than the tolerance,
 * else a, whatever the other clusters' classes. So a climb is one pass, every cluster to
 * f(k, from[k]); the order of visits only says which move is the last, and the label reads
 * are counted as the visits would count them (climb_separable). The values compared are the
 * visit's own: MicroI's gains summed in the same order, divided alike; MacroI's E as a count,
 * since its candidates 2(IM' + E)/D with equal E are equal and with unequal E at least 2/D
 * apart, far above the tolerance while D < CE_SEPARABLE_DEN.
 */
#define CE_SEPARABLE_DEN 1e11

/* MicroI: what item i (weighted) adds to F when its one cluster goes to one of its classes:
 * item_gather's `to_hit` with h'(B_i) empty, the same double. */
static double separable_hit(const climb *st, uint32_t i) {
  double gold_n = (double)(st->item[i + 1].gold_start - st->item[i].gold_start);
  return (double)st->item[i].weight * (2.0 / (gold_n + 1));
}

/* What item i adds to its classes' sums in a visit: MicroI's hit, MacroI's weight. */
static double separable_gain(const climb *st, uint32_t i) {
  return st->measure == CE_TYPE_MICRO_I ? separable_hit(st, i) : st->item[i].weight;
}

/* A class's sum x as the visit compares it: MicroI's F over the items, MacroI's as it is. */
static double separable_scaled(const climb *st, double x) {
  return st->measure == CE_TYPE_MICRO_I ? (0.0 + x) / (double)st->e->items : x;
}

/* Cluster k's best of its `count` candidates (the first `count` of st->candidates and
 * st->values), ties within the tolerance to the first label, and its value. */
static void separable_choose(climb *st, uint32_t k, size_t count) {
  double best_value = 0.0;
  for (size_t j = 0; j < count; j++)
    if (!j || st->values[j] > best_value) best_value = st->values[j];
  st->sep_best[k] = tied_first(st, count, best_value);
  st->sep_value[k] = best_value;
}

/* What class c's candidate is worth in a visit of cluster k, on the scale above. */
static double separable_value(const climb *st, uint32_t k, uint32_t c) {
  double x = 0.0;
  uint64_t e = 0;
  for (uint32_t q = st->clu[k].begin; q < st->clu[k].end; q++) {
    uint32_t i = st->members[q], g = st->item[i].gold_start, end = st->item[i + 1].gold_start;
    for (uint32_t j = g; j < end; j++) {
      if (st->gold_ids[j] != c) continue;
      e += st->item[i].weight;
      x += separable_hit(st, i);
      break;
    }
  }
  return st->measure == CE_TYPE_MICRO_I ? (0.0 + x) / (double)st->e->items : (double)e;
}

/* Cluster k's best class and its value, as a visit finds them: its items' classes, and the
 * first untouched class in label order (all alike), ties within the tolerance to the first
 * label. The classes' x and marks are scratch, cleared after; where sep_at is kept, each
 * class's x is put at sep_class/sep_x from `*at` on. A class's x is the sum separable_value
 * makes of it: the same gains added in the same (member) order from 0.0. */
static void separable_best(climb *st, uint32_t k, size_t *at) {
  st->touched_n = 0;
  for (uint32_t q = st->clu[k].begin; q < st->clu[k].end; q++) {
    uint32_t i = st->members[q];
    double gain = separable_gain(st, i);
    for (uint32_t j = st->item[i].gold_start; j < st->item[i + 1].gold_start; j++) {
      uint32_t c = st->gold_ids[j];
      touch(st, c);
      st->cls[c].x += gain;
    }
  }
  size_t count = st->touched_n;
  for (size_t j = 0; j < count; j++) {
    uint32_t c = st->touched[j];
    st->candidates[j] = c;
    st->values[j] = separable_scaled(st, st->cls[c].x);
  }
  uint32_t untouched = first_untouched(st);
  if (untouched != CE_NOWHERE) {
    st->candidates[count] = untouched;
    st->values[count++] = 0.0;
  }
  separable_choose(st, k, count);
  for (size_t j = 0; j < st->touched_n; j++) {
    uint32_t c = st->touched[j];
    if (st->sep_at) {
      st->sep_class[*at] = c;
      st->sep_x[(*at)++] = st->cls[c].x;
    }
    st->cls[c].x = 0.0;
    st->cls[c].mark = 0;
  }
  st->touched_n = 0;
}

/* separable_best where every item is a class of its own (ix->own_classes): each of k's
 * classes is one item's, its sum that item's gain alone (0.0 plus it, as there), and the
 * first untouched class the first by label that is not one of k's items' (class_cluster):
 * the same candidates, values and choice, without marking the classes. */
static void separable_best_own(climb *st, uint32_t k, size_t *at) {
  const ce_type_index *ix = st->ix;
  size_t count = 0;
  for (uint32_t q = st->clu[k].begin; q < st->clu[k].end; q++) {
    uint32_t i = st->members[q];
    double x = 0.0 + separable_gain(st, i);
    st->candidates[count] = st->gold_ids[st->item[i].gold_start];
    st->values[count++] = separable_scaled(st, x);
    if (st->sep_at) {
      st->sep_class[*at] = st->gold_ids[st->item[i].gold_start];
      st->sep_x[(*at)++] = x;
    }
  }
  for (size_t r = 0; r < st->n; r++) {
    uint32_t c = ix->class_by_rank[r];
    if (ix->class_cluster[c] == k) continue;
    st->candidates[count] = c;
    st->values[count++] = 0.0;
    break;
  }
  separable_choose(st, k, count);
}

/* The separable climbs' best classes, where the climbs are separable (see above). */
static ce_status separable_prepare(climb *st) {
  size_t m = st->e->clusters;
  if ((st->measure != CE_TYPE_MACRO_I && st->measure != CE_TYPE_MICRO_I) || !st->n || !m ||
      (double)st->ix->gold_total + 2.0 * (double)st->e->items >= CE_SEPARABLE_DEN)
    return CE_OK;
  for (size_t j = 0; j < st->items; j++)
    if (st->item[j + 1].slot_start - st->item[j].slot_start != 1) return CE_OK;
  st->sep_best = malloc(m * sizeof *st->sep_best);
  st->sep_value = malloc(m * sizeof *st->sep_value);
  if (!st->sep_best || !st->sep_value) return CE_ERR_NOMEM; /* climb_free frees */
  /* The sums kept: at most one a clustered item's class (Σ_i |A_i|). */
  size_t sums = st->item[st->items].gold_start;
  if (sums <= (size_t)CE_GOLD_OF_MAX && !(st->measure == CE_TYPE_MACRO_I && gold_kept(st))) {
    st->sep_at = malloc((m + 1) * sizeof *st->sep_at);
    st->sep_class = malloc((sums ? sums : 1) * sizeof *st->sep_class);
    st->sep_x = malloc((sums ? sums : 1) * sizeof *st->sep_x);
    if (!st->sep_at || !st->sep_class || !st->sep_x) return CE_ERR_NOMEM;
  }
  size_t at = 0;
  int far_apart = st->n * sizeof *st->cls > CE_CACHED_BYTES, own = st->ix->own_classes;
  if (!own) cls_ready(st); /* separable_best gathers in the classes' state */
  for (uint32_t k = 0; k < m; k++) {
    if (far_apart) gold_classes_prefetch(st, (uint32_t)k, own);
    if (st->sep_at) st->sep_at[k] = (uint32_t)at;
    if (own)
      separable_best_own(st, k, &at);
    else
      separable_best(st, k, &at);
  }
  if (st->sep_at) st->sep_at[m] = (uint32_t)at;
  return CE_OK;
}

/*
 * MicroC where every item holds one gold class that no other item holds and sits in one
 * cluster at most (one-token types, each its own class: entity- or sense-like singletons).
 * A visit of cluster k (s items, taken out of its class) scores each class b by what b's
 * union gains, the rest fixed (§4.2; N* does not depend on b). A class of one of k's items
 * gains 2(t_b + s)/(t_b + s + 1) ≥ 2s/(s + 1) ≥ 1, t_b the items other clusters bring it:
 * k brings b's one item, which no other cluster holds. Any other class gains 0, or, where
 * its item is in its union already, 2s/((t_b + s + 1)(t_b + 1)) < 1. Where every cluster
 * with items is mapped to a class of one of its own items (ce__own_classes_map), no other
 * cluster with items is mapped to one of k's classes: they all score 2s/(s + 1), the same
 * double, k's own class among them, and k stays (it moves only on a strict gain). So once a
 * sweep ends in such a mapping, the visits after it move nothing until every cluster has
 * had one since the last move, where the climb ends: climb_once counts them (the sweep and
 * its label reads) instead of making them. For the same reason a climb that starts in such a
 * mapping (start 0, the 1-1 mapping) ends after a sweep that moves nothing (quiet_start).
 */
static int own_classes_shape(const ce_type_index *ix) {
  return ix->own_classes;
}

/* Where a visit of cluster k sends it from class a: f(k, a) above. */
static uint32_t separable_target(const climb *st, uint32_t k, uint32_t a) {
  if (st->clu[k].begin == st->clu[k].end || st->sep_best[k] == a) return a;
  return st->sep_value[k] > separable_value(st, k, a) + CE_CLIMB_EPS ? st->sep_best[k] : a;
}

/* The same from the kept sums (sep_at, or MacroI's G_k): a class k's items do not hold is
 * worth 0, as separable_value finds it, and a cluster with no sums (no items, or items of no
 * class) stays (its best is worth 0, never more than a's). */
static uint32_t separable_target_kept(const climb *st, uint32_t k, uint32_t a) {
  int sums = st->sep_at != NULL;
  uint32_t t = sums ? st->sep_at[k] : st->clu[k].gold_begin;
  uint32_t end = sums ? st->sep_at[k + 1] : st->clu[k].gold_end;
  if (t == end || st->sep_best[k] == a) return a;
  const uint32_t *classes = sums ? st->sep_class : st->gold_of_class;
  double x = 0.0;
  for (; t < end; t++)
    if (classes[t] == a) {
      x = sums ? st->sep_x[t] : (double)st->gold_of_count[t];
      break;
    }
  double value = separable_scaled(st, x);
  return st->sep_value[k] > value + CE_CLIMB_EPS ? st->sep_best[k] : a;
}

/* The arrays of the layout and G_k that a climber reads and its ce_climb_shared owns, each
 * under the same name in both: one list for handing them over either way and freeing them. */
#define CE_LAYOUT_ARRAYS(X) \
  X(gold_ids)               \
  X(clusters_of)            \
  X(members)                \
  X(clu)                    \
  X(gold_of_class)          \
  X(gold_of_count)

/*
 * A climber's layout and G_k (see hillclimb_internal.h), as layout_build and gold_of_kept
 * leave them, built by the first climber that takes it and read-only after: the climbers
 * of several measures, under the lock (`several`), or one climber, its own. `item` keeps
 * the items' part that no climb writes, for the climbers after the first to copy.
 */
struct ce_climb_shared {
  int several;
  ce_lock lock; /* where several */
  int built;
  ce_status status;
  size_t items;
  item_state *item; /* items + 1; NULL where one climber reads it */
  uint32_t *gold_ids, *clusters_of, *members;
  cluster_state *clu;
  uint64_t sweep_labels;
  uint32_t *gold_of_class, *gold_of_count; /* NULL: G_k not kept */
};

static ce_climb_shared *layout_new(int several) {
  ce_climb_shared *shared = calloc(1, sizeof *shared);
  if (shared && several && !ce__lock_init(&shared->lock)) {
    free(shared);
    return NULL;
  }
  if (shared) shared->several = several;
  return shared;
}

ce_climb_shared *ce__climb_shared_new(void) {
  return layout_new(1);
}

void ce__climb_shared_free(ce_climb_shared *shared) {
  if (!shared) return;
  free(shared->item);
#define FREE_ARRAY(array) free(shared->array);
  CE_LAYOUT_ARRAYS(FREE_ARRAY)
#undef FREE_ARRAY
  if (shared->several) ce__lock_free(&shared->lock);
  free(shared);
}

/* The renumbered items, their lists and the clusters' state (climb_layout, then each
 * cluster's labels): what a climber reads and never writes but for its items' slot_used and
 * im. Cost O(l + m + Σ|A_i| + Σ|B_i|). */
static ce_status layout_build(climb *st) {
  const ce_entries *e = st->e;
  size_t m = e->clusters ? e->clusters : 1, l = e->items ? e->items : 1;
  size_t golds = e->class_start[e->items], slots = e->cluster_start[e->items];
  st->gold_ids = malloc((golds ? golds : 1) * sizeof *st->gold_ids);
  st->clusters_of = malloc((slots ? slots : 1) * sizeof *st->clusters_of);
  st->member_start = malloc((m + 1) * sizeof *st->member_start);
  st->members = malloc((slots ? slots : 1) * sizeof *st->members);
  /* Scratch for the layout: the sort keys and the new order. */
  uint32_t *key = malloc(l * sizeof *key), *order = malloc(l * sizeof *order);
  ce_status status =
      st->gold_ids && st->clusters_of && st->member_start && st->members && key && order
          ? CE_OK
          : CE_ERR_NOMEM;
  if (!status) climb_layout(st, key, order);
  free(key);
  free(order);
  if (!status && !(st->clu = calloc(m, sizeof *st->clu))) status = CE_ERR_NOMEM;
  for (size_t k = 0; k < e->clusters && !status; k++) {
    cluster_state *cl = &st->clu[k];
    cl->begin = st->member_start[k];
    cl->end = st->member_start[k + 1];
    cl->size = st->ix->member_start[k + 1] - st->ix->member_start[k];
  }
  /* Each cluster's labels, Σ over its members: item by item, in the order they lie (a
   * cluster's members lie anywhere among the items; its state is fetched ahead instead). */
  for (uint32_t i = 0; i < st->items && !status; i++) {
    uint32_t begin = st->item[i].slot_start, end = st->item[i + 1].slot_start;
    uint64_t labels = (end - begin) + (st->item[i + 1].gold_start - st->item[i].gold_start);
    for (uint32_t q = begin; q < end; q++) {
      if (q + 16 < st->item[st->items].slot_start) ce__prefetch(&st->clu[st->clusters_of[q + 16]]);
      st->clu[st->clusters_of[q]].labels += labels;
    }
    st->sweep_labels += labels * (end - begin);
  }
  free(st->member_start); /* in the clusters' state now */
  st->member_start = NULL;
  return status;
}

/* Whether the cells hold G_k (they fit, and G_k would be kept: a test keeps none). */
static int cells_kept(const climb *st) {
  return cells_fit(st->e->clusters, st->n, st->sweep_labels) &&
         (size_t)st->e->clusters * st->n <= (size_t)CE_GOLD_OF_MAX;
}

/* G_k without the cells (gold_of_build), its ranges into the clusters' state. */
static ce_status gold_of_kept(climb *st) {
  ce_status status = gold_of_build(st);
  if (!status && st->gold_of_start) {
    for (size_t k = 0; k < st->e->clusters; k++) {
      st->clu[k].gold_begin = (uint32_t)st->gold_of_start[k]; /* <= CE_GOLD_OF_MAX */
      st->clu[k].gold_end = (uint32_t)st->gold_of_start[k + 1];
    }
  }
  free(st->gold_of_start);
  st->gold_of_start = NULL;
  return status;
}

/* What the first climber built into `shared`, which owns it from then on, whether or not
 * the build went through; for other climbers a copy of the items' part. */
static ce_status layout_publish(climb *st, ce_climb_shared *shared) {
  shared->items = st->items;
  shared->sweep_labels = st->sweep_labels;
#define TO_SHARED(array) shared->array = st->array;
  CE_LAYOUT_ARRAYS(TO_SHARED)
#undef TO_SHARED
  if (shared->status || !shared->several) return shared->status;
  size_t bytes = (st->items + 1) * sizeof *st->item;
  if (!(shared->item = malloc(bytes))) return CE_ERR_NOMEM;
  memcpy(shared->item, st->item, bytes);
  return CE_OK;
}

/* The climber's layout and G_k from `shared`, built by this climber where it is the first
 * (G_k too where several measures read it: MicroI builds it for the others and reads none).
 * A climber after the first copies the items' part. */
static ce_status layout_take(climb *st, ce_climb_shared *shared) {
  if (shared->several) ce__lock_acquire(&shared->lock);
  int first = !shared->built;
  if (first) {
    shared->status = layout_build(st);
    if (!shared->status && !cells_kept(st) && (st->measure != CE_TYPE_MICRO_I || shared->several))
      shared->status = gold_of_kept(st);
    shared->status = layout_publish(st, shared);
    shared->built = 1;
  }
  ce_status status = shared->status;
  if (!status) {
    if (!first) memcpy(st->item, shared->item, (shared->items + 1) * sizeof *st->item);
    st->items = shared->items;
    st->sweep_labels = shared->sweep_labels;
#define FROM_SHARED(array) st->array = shared->array;
    CE_LAYOUT_ARRAYS(FROM_SHARED)
#undef FROM_SHARED
    if (st->measure == CE_TYPE_MICRO_I || cells_kept(st)) /* G_k is the others' */
      st->gold_of_class = st->gold_of_count = NULL;
  }
  if (shared->several) ce__lock_release(&shared->lock);
  return status;
}

static ce_status climb_alloc(climb *st, const ce_type_index *ix, int measure,
                             ce_climb_shared *shared) {
  const ce_entries *e = ix->entries;
  size_t n = e->classes ? e->classes : 1, m = e->clusters ? e->clusters : 1;
  size_t l = e->items ? e->items : 1;
  size_t slots = e->cluster_start[e->items];
  if (!slots) slots = 1;
  memset(st, 0, sizeof *st);
  st->ix = ix;
  st->e = e;
  st->measure = measure;
  st->n = e->classes;
  st->item = malloc((l + 1) * sizeof *st->item);
  st->map = malloc(m * sizeof *st->map);
  st->slots = malloc(slots * sizeof *st->slots);
  st->cls = aligned_alloc(sizeof *st->cls, n * sizeof *st->cls); /* set by cls_ready */
  st->touched = malloc(n * sizeof *st->touched);
  for (st->leaves = 1; st->leaves < n;) st->leaves *= 2;
  st->tree = malloc(2 * st->leaves * sizeof *st->tree);
  st->apart = malloc(n * sizeof *st->apart);
  st->candidates = malloc((n + 1) * sizeof *st->candidates);
  st->values = malloc((n + 1) * sizeof *st->values);
  if (!st->item || !st->map || !st->slots || !st->cls || !st->touched || !st->tree || !st->apart ||
      !st->candidates || !st->values ||
      (measure == CE_TYPE_MICRO_C && (!(st->stale_list = malloc(n * sizeof *st->stale_list)) ||
                                      ce__union_groups_init(&st->groups, st->n)))) {
    climb_free(st);
    return CE_ERR_NOMEM;
  }
  if (!shared && !(shared = st->own_layout = layout_new(0))) {
    climb_free(st);
    return CE_ERR_NOMEM;
  }
  ce_status status = layout_take(st, shared);
  if (!status && measure != CE_TYPE_MICRO_I && cells_kept(st)) status = cells_build(st);
  if (!status) status = separable_prepare(st);
  st->own_classes = measure == CE_TYPE_MICRO_C && own_classes_shape(ix);
  if (status) climb_free(st);
  return status;
}

/* How far ahead a random start's placing of the clusters fetches what it reaches. */
enum { DRAWS_AHEAD = 16 };

/* Start s into `from`: `start` for s = 0, else a uniformly random class for every
 * cluster (drawn in label order, classes counted in label order) and a random order of
 * visits. */
static void start_mapping(const climb *st, const uint32_t *start, const ce_climb_options *options,
                          unsigned s, uint32_t *from, uint32_t *order) {
  const ce_type_index *ix = st->ix;
  size_t m = st->e->clusters;
  if (s == 0) {
    memcpy(order, ix->cluster_by_rank, m * sizeof *order);
    memcpy(from, start, m * sizeof *from);
    return;
  }
  ce_rng rng;
  ce__rng_seed(&rng, options->seed, s);
  /* The draws first, in rank order, into `order` (its visits are drawn after them): then
   * each cluster's place and its class, which on 10^6 classes lie anywhere, are fetched
   * ahead of their use. The same draws in the same order. */
  for (size_t r = 0; r < m; r++) order[r] = (uint32_t)ce__rng_below(&rng, st->n);
  int far = (st->n + m) * sizeof *from > CE_CACHED_BYTES;
  for (size_t r = 0; r < m; r++) {
    if (far && r + DRAWS_AHEAD < m) {
      ce__prefetch(&ix->class_by_rank[order[r + DRAWS_AHEAD]]);
      ce__prefetch(&from[ix->cluster_by_rank[r + DRAWS_AHEAD]]);
    }
    from[ix->cluster_by_rank[r]] = ix->class_by_rank[order[r]];
  }
  memcpy(order, ix->cluster_by_rank, m * sizeof *order);
  ce__rng_shuffle_u32(&rng, order, m);
}

/*
 * The local optima a climber reached: at most CE_OPTIMA_MAX mappings, and no more than
 * CE_OPTIMA_ENTRIES cluster entries in all (past that, new ones are not remembered).
 */
#define CE_OPTIMA_MAX 64
#define CE_OPTIMA_ENTRIES ((size_t)1 << 24)

/* A class in an own-classes climb (own_sweep_backwards): T_c = |U_c| and its label's rank,
 * read together. */
typedef struct own_tally {
  uint32_t t, rank;
} own_tally;

struct ce_climber {
  climb st;
  uint32_t *order; /* clusters in the order of visits */
  uint32_t *from;  /* the mapping a climb starts from */
  size_t optima, optima_cap;
  uint32_t *optimum_maps; /* optima × clusters */
  uint64_t *optimum_hash;
  double *optimum_value; /* the measure's value, from the definitions */
  uint64_t budget;       /* label reads all runs' visits may take; 0: none */
  uint64_t reads;        /* label reads so far */
  int spent;             /* the budget ran out: every climb stops */
  own_tally *own_t;      /* an own-classes climb's (own_sweep_backwards); NULL until one runs */
};

void ce__climber_set_budget(ce_climber *climber, uint64_t budget) {
  climber->budget = budget;
  climber->spent = budget && climber->reads >= budget;
}

int ce__climber_spent(const ce_climber *climber) {
  return climber->spent;
}

uint64_t ce__climber_reads(const ce_climber *climber) {
  return climber->reads;
}

int ce__climber_separable(const ce_climber *climber) {
  return climber->st.sep_best != NULL;
}

void ce__climber_visit_all(ce_climber *climber) {
  free(climber->st.sep_best);
  free(climber->st.sep_value);
  climber->st.sep_best = NULL;
  climber->st.sep_value = NULL;
  climber->st.own_classes = 0;
}

void ce__climber_free(ce_climber *climber) {
  if (!climber) return;
  climb_free(&climber->st);
  free(climber->order);
  free(climber->from);
  free(climber->optimum_maps);
  free(climber->optimum_hash);
  free(climber->optimum_value);
  free(climber->own_t);
  free(climber);
}

ce_status ce__climber_new(const ce_type_index *ix, int measure, ce_climb_shared *shared,
                          ce_climber **out) {
  size_t m = ix->entries->clusters ? ix->entries->clusters : 1;
  *out = NULL;
  ce_climber *climber = calloc(1, sizeof *climber);
  if (!climber) return CE_ERR_NOMEM;
  ce_status status = climb_alloc(&climber->st, ix, measure, shared);
  if (status) {
    free(climber);
    return status;
  }
  climber->optima_cap = CE_OPTIMA_ENTRIES / m;
  if (climber->optima_cap > CE_OPTIMA_MAX) climber->optima_cap = CE_OPTIMA_MAX;
  climber->order = malloc(m * sizeof *climber->order);
  climber->from = malloc(m * sizeof *climber->from);
  if (climber->optima_cap) {
    climber->optimum_maps = malloc(climber->optima_cap * m * sizeof *climber->optimum_maps);
    climber->optimum_hash = malloc(climber->optima_cap * sizeof *climber->optimum_hash);
    climber->optimum_value = malloc(climber->optima_cap * sizeof *climber->optimum_value);
  }
  if (!climber->order || !climber->from ||
      (climber->optima_cap &&
       (!climber->optimum_maps || !climber->optimum_hash || !climber->optimum_value))) {
    ce__climber_free(climber);
    return CE_ERR_NOMEM;
  }
  *out = climber;
  return CE_OK;
}

/* The remembered optimum `map` (of hash `hash`) is, or -1. */
static long optimum_of(const ce_climber *climber, const uint32_t *map, uint64_t hash) {
  size_t m = climber->st.e->clusters;
  for (size_t j = 0; j < climber->optima; j++)
    if (climber->optimum_hash[j] == hash &&
        !memcmp(climber->optimum_maps + j * m, map, m * sizeof *map))
      return (long)j;
  return -1;
}

static void optimum_add(ce_climber *climber, double value) {
  const climb *st = &climber->st;
  size_t m = st->e->clusters, j = climber->optima;
  if (j == climber->optima_cap) return;
  memcpy(climber->optimum_maps + j * m, st->map, m * sizeof *st->map);
  climber->optimum_hash[j] = st->hash;
  climber->optimum_value[j] = value;
  climber->optima++;
}

/*
 * Brings the state to mapping `to`: by moving the clusters that differ, where their items
 * carry fewer labels than half a sweep's (a perturbation's climb starts a few moves from
 * where the last climb ended), else afresh. (Full Brown against the HMM tagging of the
 * README: of a tenth, a quarter, a half, three quarters and all of a sweep's labels, a
 * half took the fewest instructions: the type level 1.7% fewer than with a tenth.)
 */
static void state_reach(climb *st, const uint32_t *to) {
  size_t m = st->e->clusters;
  if (st->ready) {
    uint64_t labels = 0;
    for (size_t k = 0; k < m; k++)
      if (st->map[k] != to[k]) labels += st->clu[k].labels;
    if (2 * labels < st->sweep_labels) {
      for (size_t k = 0; k < m; k++)
        if (st->map[k] != to[k]) force_move(st, (uint32_t)k, to[k]);
      return; /* MicroC's tree: its classes the moves changed are stale, not O(classes) */
    }
  }
  memcpy(st->map, to, m * sizeof *st->map);
  st->hash = map_hash(st->map, m);
  state_init(st);
}

/*
 * Random starts visit clusters in random order, and on many classes and clusters (10^6
 * one-token types) a visit waits on memory for its cluster, its items, their slots and
 * their classes, each load waiting for the one before. The visits ahead are fetched in as
 * many steps, each one reading what the step before fetched a few visits earlier: the
 * cluster's numbers, its member list and class, its items' rows, their slots and gold
 * counts, the classes these name. Nothing is written: the climb is the same.
 */
#define CE_VISIT_STEP 3  /* visits between one step and the next */
#define CE_VISIT_ITEMS 4 /* items of a cluster fetched ahead */

/* What a visit reads of class c, and a move into it: its state (one line), its rank. */
static void class_prefetch(const climb *st, uint32_t c) {
  ce__prefetch(&st->cls[c]);
  ce__prefetch(&st->e->class_order[c]);
}

static void visit_prefetch(const climb *st, const uint32_t *order, size_t r, size_t m) {
  size_t at = r + 4 * CE_VISIT_STEP;
  if (at < m) {
    uint32_t k = order[at];
    ce__prefetch(&st->clu[k]);
    ce__prefetch(&st->map[k]);
  }
  if ((at -= CE_VISIT_STEP) < m) {
    uint32_t k = order[at];
    ce__prefetch(&st->members[st->clu[k].begin]);
    class_prefetch(st, st->map[k]);
    if (gold_kept(st)) ce__prefetch(&st->gold_of_class[st->clu[k].gold_begin]);
  }
  if ((at -= CE_VISIT_STEP) < m) {
    const cluster_state *cl = &st->clu[order[at]];
    for (uint32_t j = 0; j < CE_VISIT_ITEMS && cl->begin + j < cl->end; j++)
      ce__prefetch(&st->item[st->members[cl->begin + j]]);
    if (gold_kept(st)) {
      ce__prefetch(&st->gold_of_count[cl->gold_begin]);
      for (uint32_t j = 0; j < CE_VISIT_ITEMS && cl->gold_begin + j < cl->gold_end; j++)
        class_prefetch(st, st->gold_of_class[cl->gold_begin + j]);
    }
  }
  if ((at -= CE_VISIT_STEP) < m) {
    const cluster_state *cl = &st->clu[order[at]];
    for (uint32_t j = 0; j < CE_VISIT_ITEMS && cl->begin + j < cl->end; j++) {
      uint32_t i = st->members[cl->begin + j];
      ce__prefetch(&st->slots[st->item[i].slot_start]);
      ce__prefetch(&st->gold_ids[st->item[i].gold_start]);
    }
  }
  if ((at -= CE_VISIT_STEP) < m) {
    const cluster_state *cl = &st->clu[order[at]];
    for (uint32_t j = 0; j < CE_VISIT_ITEMS && cl->begin + j < cl->end; j++) {
      uint32_t i = st->members[cl->begin + j];
      const slot *sl = st->slots + st->item[i].slot_start;
      uint32_t used = st->item[i].slot_used < 2 ? st->item[i].slot_used : 2;
      for (uint32_t u = 0; u < used; u++) class_prefetch(st, sl[u].class_id);
      if (!gold_kept(st) && st->item[i].gold_start < st->item[i + 1].gold_start)
        class_prefetch(st, st->gold_ids[st->item[i].gold_start]);
    }
  }
}

/*
 * A separable climb from `from` in `order` (see separable_prepare): every cluster to
 * f(k, from[k]) in one pass. The visits would sweep once where nothing moves; else they would
 * sweep on past the last move (at position `last` of the order) to it again, a sweep and up
 * to `last` in the next, unless that move reached a remembered optimum (no earlier one can:
 * a cluster still to move is not where an optimum has it). Their label reads are counted so.
 * Returns 0 where those reads would reach the budget, and the visits run instead.
 */
/* `reads` label reads counted as made, where they stay below the budget; 0 where they would
 * reach it (the visits then run, to stop where the budget says). */
static int reads_counted(ce_climber *climber, uint64_t reads) {
  if (climber->budget && climber->reads + reads >= climber->budget) return 0;
  climber->reads += reads;
  return 1;
}

static int climb_separable(ce_climber *climber, const uint32_t *from, uint64_t *sweeps,
                           long *known) {
  climb *st = &climber->st;
  size_t m = st->e->clusters, last = SIZE_MAX, moves = 0;
  st->ready = 0; /* the state is no longer st->map's */
  /* Kept sums lie in id order, the items in label order: each read in one pass. */
  int kept = st->sep_at || gold_kept(st);
  for (size_t r = 0; r < m; r++) {
    uint32_t k = kept ? (uint32_t)r : st->ix->cluster_by_rank[r];
    st->map[k] = kept ? separable_target_kept(st, k, from[k]) : separable_target(st, k, from[k]);
    moves += st->map[k] != from[k];
  }
  /* The last move's place in the order of visits, from the end: the visits after it read
   * what a sweep reads less what they read. */
  uint64_t after = 0, through_last = 0;
  for (size_t r = m; moves && r-- > 0;) {
    uint32_t k = climber->order[r];
    if (st->map[k] != from[k]) {
      last = r;
      through_last = st->sweep_labels - after;
      break;
    }
    after += st->clu[k].labels;
  }
  st->hash = map_hash(st->map, m);
  long reached = last == SIZE_MAX ? -1 : optimum_of(climber, st->map, st->hash);
  uint64_t reads = last == SIZE_MAX ? st->sweep_labels
                   : reached >= 0   ? through_last
                                    : st->sweep_labels + through_last;
  if (!reads_counted(climber, reads)) return 0;
  *known = reached;
  *sweeps += last == SIZE_MAX ? 1 : 2;
  return 1;
}

/* Where a sweep ends at own classes (ce__own_classes_map), the visits up to the last move's
 * place, none of which moves: their label reads and the sweep counted (reads_counted). They
 * are the sweep's reads less those of the visits after the last move (`quiet_reads`). */
static int quiet_counted(ce_climber *climber, uint64_t quiet_reads, uint64_t *sweeps) {
  climb *st = &climber->st;
  if (!ce__own_classes_map(st->ix, st->map)) return 0;
  if (!reads_counted(climber, st->sweep_labels - quiet_reads)) return 0;
  ++*sweeps;
  return 1;
}

/* st->map set to `to`, with its hash, and the state left not ready (a climb that needs it next
 * sets it afresh): for the climbs whose result needs no state, a start taken past the budget
 * and a start at own classes (quiet_start), which ce__climber_run scores from the definitions (for
 * MicroC the same double as micro_c_value from a state). Bringing the state to a start past the
 * budget, cells and all, only to score it took more than the pass over the items that scores it
 * (random labels of 1,000 a side: 50-140 ms a measure, the 1-1 mapping's climb once start 0 had
 * spent the budget). */
static void state_skip(climb *st, const uint32_t *to) {
  size_t m = st->e->clusters;
  memcpy(st->map, to, m * sizeof *st->map);
  st->hash = map_hash(st->map, m);
  st->ready = 0;
}

/* A climb from a mapping at own classes (see own_classes_shape: start 0 and the 1-1 mapping
 * there): its first sweep moves nothing and ends it. Its label reads and the sweep counted,
 * st->map set, the state left not ready (the next climb reaches its start afresh, as after a
 * separable climb); 0 as reads_counted says. */
static int quiet_start(ce_climber *climber, const uint32_t *from, uint64_t *sweeps) {
  climb *st = &climber->st;
  if (!ce__own_classes_map(st->ix, from) || !reads_counted(climber, st->sweep_labels)) return 0;
  ++*sweeps;
  state_skip(st, from);
  return 1;
}

/* Where a visit of cluster k (`cl`, at class a) in an own-classes climb sends it: the class
 * of its items' of largest t_b, the items the other clusters bring b (the tallies t, k not in
 * them), ties to the first label, or a where a is among them (see own_sweep_backwards). Its
 * G_k are its items' classes, one item each; a cluster without them stays. */
static uint32_t own_choice(const climb *st, const own_tally *t, const cluster_state *cl,
                           uint32_t a) {
  uint32_t best = CE_NOWHERE, best_t = 0, best_rank = 0, at_a = 0;
  int a_own = 0;
  for (uint32_t j = cl->gold_begin; j < cl->gold_end; j++) {
    uint32_t b = st->gold_of_class[j];
    uint32_t t_b = t[b].t;
    if (b == a) {
      a_own = 1;
      at_a = t_b;
    }
    if (best == CE_NOWHERE || t_b > best_t || (t_b == best_t && t[b].rank < best_rank)) {
      best = b;
      best_t = t_b;
      best_rank = t[b].rank;
    }
  }
  return best == CE_NOWHERE || (a_own && at_a == best_t) ? a : best;
}

/* What own_sweep_backwards reads of the visits ahead (visit r going down), a step at a time,
 * as visit_prefetch does: a cluster's numbers and start, then its classes, then their
 * tallies and its start's. Nothing is written. */
#define CE_OWN_AHEAD 16

static void own_prefetch(const ce_climber *climber, const uint32_t *from, size_t r) {
  const climb *st = &climber->st;
  const uint32_t *order = climber->order;
  if (r >= 3 * CE_OWN_AHEAD) {
    uint32_t k = order[r - 3 * CE_OWN_AHEAD];
    ce__prefetch(&st->clu[k]);
    ce__prefetch(&from[k]);
  }
  if (r >= 2 * CE_OWN_AHEAD)
    ce__prefetch(&st->gold_of_class[st->clu[order[r - 2 * CE_OWN_AHEAD]].gold_begin]);
  if (r >= CE_OWN_AHEAD) {
    const cluster_state *cl = &st->clu[order[r - CE_OWN_AHEAD]];
    for (uint32_t j = cl->gold_begin; j < cl->gold_end && j < cl->gold_begin + 4; j++)
      ce__prefetch(&climber->own_t[st->gold_of_class[j]]);
    uint32_t a = from[order[r - CE_OWN_AHEAD]];
    if (a < st->n) ce__prefetch(&climber->own_t[a]);
  }
}

/* The own-classes climbs' tallies with every T_c at 0 (made on first use, with the classes'
 * ranks); NULL out of memory. */
static own_tally *own_tally_zero(ce_climber *climber) {
  climb *st = &climber->st;
  size_t n = st->n;
  if (!climber->own_t) {
    if (!(climber->own_t = malloc((n ? n : 1) * sizeof *climber->own_t))) return NULL;
    for (size_t c = 0; c < n; c++) climber->own_t[c].rank = st->e->class_order[c];
  }
  for (size_t c = 0; c < n; c++) climber->own_t[c].t = 0;
  return climber->own_t;
}

/*
 * MicroC's climb where every item is a class of its own (own_classes_shape) from `from`, not
 * at own classes (quiet_start takes those), with the classes' T_c = |U_c| alone for its
 * state. A visit of cluster k (s items, at class a) scores each class b of one of its items
 * at (U + g(t_b + s)) / N*, g(t) = 2t / (t + 1) (ce__union_term(t, 1, 1)) and t_b the items
 * the other clusters bring b, and every other class below those by more than 0.6 / N* (the
 * proof at own_classes_shape: gains at least 1 against at most s / (s + 2)); U, the same for
 * every class, and N*, the clustered items, cancel out of the comparisons. g grows with t, so
 * k goes to the class of largest t_b, ties (the same double) to the label that sorts first,
 * and stays where a is among them (a move needs a strict gain): own_choice. That is the
 * visit's choice while g of unions one item apart differs by more than the tolerance:
 * g(t + 1) − g(t) = 2 / ((t + 1)(t + 2)) above 4·CE_CLIMB_EPS·N* for every union the climb
 * can make, at most the largest T_c of the start and the largest cluster together (a class
 * takes one cluster of its items, its own).
 *
 * The first sweep is one pass over its visits, the last first. At cluster k's visit a class
 * b of one of k's items holds the clusters that started at b and come after k: one that came
 * before has left b for a class of its own items, which b is not (b's one item is k's), and
 * only k can come to b. So the pass decides k on tallies of the clusters after it (k's class
 * a among them without k), then adds k to its start's T_a. Every cluster with items ends at
 * a class of its items (own_choice stays at a only where a is one), so at own classes, where
 * the next sweep moves nothing (own_classes_shape): counted as quiet_counted counts it, or,
 * where the mapping reached is a remembered optimum, the sweep counts its visits through the
 * last move, as climb_sweeps does (no mapping before it is one: a visit from a local optimum
 * moves nothing, and the last move came after them). The rule's reach is the start's largest
 * T_c, known after the pass, and the largest cluster. The sweeps, label reads and remembered
 * optima are counted as the visits count them, and ce__climber_run scores the result from
 * the definitions. 0 where the rule does not hold, G_k is not kept, a start is out of range,
 * or the budget could run out within the two sweeps (each visit would check it): nothing is
 * counted then, and climb_once takes the visits. On 10^6 one-token types a random start's
 * climb by the visits took 30 ms to set its state and 110 ms to sweep.
 */
static int own_sweep_backwards(ce_climber *climber, const uint32_t *from, uint64_t *sweeps,
                               long *known) {
  climb *st = &climber->st;
  size_t m = st->e->clusters, n = st->n, last = SIZE_MAX;
  if (!gold_kept(st) ||
      (climber->budget && climber->reads + 2 * st->sweep_labels >= climber->budget))
    return 0;
  own_tally *t = own_tally_zero(climber);
  if (!t) return 0;
  uint32_t largest = 0, most = 0;
  uint64_t clustered = 0, quiet_reads = 0; /* the visits' after the last move */
  int far_apart = n * sizeof *t > CE_CACHED_BYTES;
  st->ready = 0; /* st->map is written from here: a climb that takes the visits sets it afresh */
  for (size_t r = m; r-- > 0;) {
    if (far_apart) own_prefetch(climber, from, r);
    uint32_t k = climber->order[r], a = from[k];
    const cluster_state *cl = &st->clu[k];
    if (a >= n) return 0;
    st->map[k] = own_choice(st, t, cl, a);
    if (last == SIZE_MAX && st->map[k] != a) last = r;
    if (last == SIZE_MAX) quiet_reads += cl->labels;
    uint32_t sum = t[a].t += cl->size;
    if (sum > most) most = sum;
    if (cl->size > largest) largest = cl->size;
    clustered += cl->size;
  }
  double reach = (double)most + (double)largest;
  if ((reach + 1.0) * (reach + 2.0) * 4.0 * CE_CLIMB_EPS * (double)clustered >= 2.0) return 0;
  st->hash = map_hash(st->map, m);
  *known = last == SIZE_MAX ? -1 : optimum_of(climber, st->map, st->hash);
  if (*known >= 0) {
    climber->reads += st->sweep_labels - quiet_reads;
    *sweeps += 2;
    return 1;
  }
  climber->reads += st->sweep_labels;
  ++*sweeps;
  if (last != SIZE_MAX) {
    climber->reads += st->sweep_labels - quiet_reads;
    ++*sweeps;
  }
  return 1;
}

/* The sweeps of a climb from st->map and the state, which is st->map's; returns the
 * remembered optimum it reached, or -1. Visits since the last move:
 * once every cluster has had one, the mapping is a local optimum, and the rest of the sweep
 * (the clusters visited after the last move, in the sweep before) would find what they found
 * then. The sweep counts as run. */
static long climb_sweeps(ce_climber *climber, uint64_t *sweeps) {
  climb *st = &climber->st;
  size_t m = st->e->clusters, quiet = 0;
  uint64_t quiet_reads = 0; /* the label reads of the visits since the last move */
  long known = -1;
  for (;;) {
    if (st->measure == CE_TYPE_MICRO_C) union_sum_refresh(st);
    for (size_t r = 0; r < m && known < 0 && quiet < m; r++) {
      uint32_t k = climber->order[r];
      visit_prefetch(st, climber->order, r, m);
      if (visit(st, k)) {
        quiet = 0;
        quiet_reads = 0;
        known = optimum_of(climber, st->map, st->hash);
      } else {
        quiet++;
        quiet_reads += st->clu[k].labels;
      }
      climber->reads += st->clu[k].labels;
      if (climber->budget && climber->reads >= climber->budget) {
        climber->spent = 1;
        break;
      }
    }
    ++*sweeps;
    if (known >= 0) { /* the rest of this sweep and the next would move nothing */
      ++*sweeps;
      return known;
    }
    if (quiet >= m || climber->spent) return -1;
    /* quiet < m here: the last move was in this sweep, quiet_reads its visits' after it */
    if (st->own_classes && quiet_counted(climber, quiet_reads, sweeps)) return -1;
  }
}

/* One climb from `from` in `order`; returns the remembered optimum it reached, or -1. */
static long climb_once(ce_climber *climber, const uint32_t *from, uint64_t *sweeps) {
  climb *st = &climber->st;
  size_t m = st->e->clusters;
  long known = climber->spent ? -1 : optimum_of(climber, from, map_hash(from, m));
  if (known >= 0) { /* a sweep that moves nothing */
    ++*sweeps;
    return known;
  }
  if (climber->spent) { /* no budget left: the start is the result */
    state_skip(st, from);
    return -1;
  }
  if (st->sep_best && climb_separable(climber, from, sweeps, &known)) return known;
  if (st->own_classes && quiet_start(climber, from, sweeps)) return -1;
  if (st->own_classes && own_sweep_backwards(climber, from, sweeps, &known)) return known;
  state_reach(st, from);
  return climb_sweeps(climber, sweeps);
}

ce_status ce__climber_run(ce_climber *climber, const uint32_t *start,
                          const ce_climb_options *options, ce_type_score *score) {
  climb *st = &climber->st;
  const ce_type_index *ix = st->ix;
  const ce_entries *e = ix->entries;
  size_t m = e->clusters;
  unsigned restarts = options->restarts ? options->restarts : 1, ran = 0;
  memset(score, 0, sizeof *score);
  uint32_t *best_map = malloc((m ? m : 1) * sizeof *best_map);
  double *values = malloc(restarts * sizeof *values);
  ce_status status = CE_OK;
  if (!best_map || !values) {
    status = CE_ERR_NOMEM;
    goto done;
  }
  if (!e->classes) restarts = 1; /* nothing to map to: every cluster stays unmapped */
  for (unsigned s = 0; s < restarts && !(s && climber->spent); s++, ran++) {
    long known = -1;
    const uint32_t *reached = st->map;
    if (e->classes) {
      start_mapping(st, start, options, s, climber->from, climber->order);
      known = climb_once(climber, climber->from, &score->sweeps);
    } else {
      for (size_t k = 0; k < m; k++) st->map[k] = UINT32_MAX;
      st->ready = 0;
    }
    if (known >= 0) {
      values[s] = climber->optimum_value[known];
      reached = climber->optimum_maps + (size_t)known * m;
    } else {
      /* The reported value comes from the definitions, not from the running sums. */
      if (st->measure == CE_TYPE_MICRO_C && st->ready && e->classes)
        values[s] = micro_c_value(st);
      else
        status = ce__type_value(ix, st->map, st->measure, &values[s]);
      if (status) goto done;
      /* A climb the budget stopped ended short of a local optimum. */
      if (e->classes && !climber->spent) optimum_add(climber, values[s]);
    }
    if (options->on_start) options->on_start(options->user);
    if (s == 0 || values[s] > score->value + CE_CLIMB_EPS) {
      score->value = values[s];
      memcpy(best_map, reached, m * sizeof *best_map);
    }
    if (s == 0 && options->after_first) { /* past the budget too: it scores its start */
      status = options->after_first(options->context);
      if (status) goto done;
    }
  }
  score->min = values[0];
  for (unsigned s = 0; s < ran; s++) {
    if (values[s] < score->min) score->min = values[s];
    if (values[s] >= score->value - CE_CLIMB_EPS) score->hits++;
  }
  score->starts = ran;
  score->budget_reached = climber->spent;
  score->cluster_to_class = best_map;
  best_map = NULL;
done:
  free(best_map);
  free(values);
  return status;
}

ce_status ce__climb(const ce_type_index *ix, int measure, ce_climb_shared *shared,
                    const uint32_t *start, const ce_climb_options *options, ce_type_score *score) {
  ce_climber *climber;
  memset(score, 0, sizeof *score);
  ce_status status = ce__climber_new(ix, measure, shared, &climber);
  if (status) return status;
  ce__climber_set_budget(climber, options->budget);
  status = ce__climber_run(climber, start, options, score);
  ce__climber_free(climber);
  return status;
}
