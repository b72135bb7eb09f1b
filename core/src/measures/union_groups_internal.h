/*
 * MicroC's climb (Reichart, Abend & Rappoport 2010, §4.2): what a class gains when a cluster
 * whose items it does not reach joins its union, bounded over sets of classes, and the
 * classes grouped by the three numbers that fix that gain, so that finding the best class
 * a visit leaves untouched costs the number of distinct groups, not of classes.
 */
#ifndef CE_UNION_GROUPS_INTERNAL_H
#define CE_UNION_GROUPS_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "clustereval.h"

/* |U_c|·F_c = |U_c|·2·CM_c / (|U_c| + |c|) (§4.2); 0 for an empty union. */
static inline double ce__union_term(uint64_t t, uint64_t cm, uint64_t class_size) {
  return t ? 2.0 * (double)cm * (double)t / (double)(t + class_size) : 0.0;
}

/*
 * The gains of classes no item of a visiting cluster reaches. With T = |U_b|, CM = |U_b ∩ b|,
 * z = |b| and s the cluster's size,
 *   joined(b, s) = 2·CM·((T+s)/(T+s+z) − T/(T+z)) = α·s / (u + s),
 * u = T + z, α = 2·CM·z / u: increasing in s, the same two numbers for every size. As
 * 1/joined = 1/α + (u/α)·(1/s), over any set of classes
 *   joined(b, s) <= A·R·s / (A + R·s),   A = max α, R = max α/u,
 * so a set keeps A, R (and C = max CM, for the rounding of joined itself) of its classes.
 */
typedef struct ce_gain_bound {
  float a, r, c; /* A, R, C, each rounded up; a < 0: the set is empty */
} ce_gain_bound;

static const ce_gain_bound ce__gain_none = {-1.0f, -1.0f, -1.0f};

/* x as a float no smaller: the trees keep their bounds in floats (half the memory of
 * doubles, 50 MB a tree at 10^6 classes), and a bound made larger is still a bound (the
 * bound below grows with A, R and C). */
static inline float ce__float_up(double x) {
  float f = (float)x;
  return (double)f < x ? nextafterf(f, INFINITY) : f;
}

/* The bound of one class, from its T, CM and |c|. */
static inline ce_gain_bound ce__gain_leaf(uint64_t t, uint64_t cm, uint64_t class_size) {
  ce_gain_bound leaf = {0.0f, 0.0f, 0.0f};
  if (!cm) return leaf; /* no gain at all */
  double u = (double)t + (double)class_size;
  double a = 2.0 * (double)cm * (double)class_size / u;
  leaf.a = ce__float_up(a);
  leaf.r = ce__float_up(a / u);
  leaf.c = ce__float_up((double)cm);
  return leaf;
}

static inline ce_gain_bound ce__gain_join(ce_gain_bound x, ce_gain_bound y) {
  ce_gain_bound up = {x.a > y.a ? x.a : y.a, x.r > y.r ? x.r : y.r, x.c > y.c ? x.c : y.c};
  return up;
}

/* The most a class of the set can gain from a cluster of `size` items, with room for the
 * rounding of the gain itself (a difference of two terms below 2·CM each); -DBL_MAX if none. */
double ce__gain_most(ce_gain_bound bound, uint32_t size);

/* The gain of a class with these T, CM and |c| from a cluster of `size` items none of whose
 * items it reaches: 0 when CM is 0, else the union's term after less its term before, as the
 * climb computes it (its term before is ce__union_term of the same numbers). */
static inline double ce__gain_joined(uint64_t t, uint64_t cm, uint64_t class_size, uint32_t size) {
  if (!cm) return 0.0;
  return ce__union_term(t + size, cm, class_size) - ce__union_term(t, cm, class_size);
}

/*
 * The classes grouped by (T, CM, |c|): classes of one group gain alike from any cluster, to
 * the last bit. A group counts its classes and those a visit has hidden (touched: scored
 * apart with what the visit gathered); a tree over the groups' slots keeps each group's
 * bound while it has a class not hidden. Where many classes share their numbers (one-item
 * classes in one-item unions: entities, senses), the best untouched gain is a search over a
 * handful of groups instead of over every class.
 */
typedef struct ce_union_group {
  uint32_t t, cm, size; /* the key; size = |c| */
  uint32_t count;       /* classes in the group; 0: the slot is free */
  uint32_t hidden;      /* of them, hidden by the visit */
} ce_union_group;

typedef struct ce_union_groups {
  size_t classes;
  uint32_t *group_of;     /* per class: its group's slot */
  ce_union_group *groups; /* slots: at most one a class, [0, fresh) ever used */
  /* Slots are handed out lowest first: a slot given back (free_slots, a stack) before one
   * never used (fresh). What the build and the search touch then grows with the groups in
   * use, not with the classes: on 10^6 one-token types a handful of groups stand for every
   * class, and MicroC's climb touched 56 MB a start setting up a table and a tree over room
   * for 10^6 groups. */
  uint32_t *free_slots;
  size_t free_count, fresh;
  /* Both allocated for every class a group, and used (so touched) only as far as the slots
   * ever used need: grown in place. */
  uint32_t *table;     /* open addressing by key: slot + 1, 0 empty */
  size_t table_size;   /* a power of two, at least twice fresh, grown by rehash */
  size_t table_most;   /* room allocated: at least twice the classes */
  ce_gain_bound *tree; /* over the slots ever used: leaf r at leaves + r */
  size_t leaves;       /* a power of two, at least fresh, grown by doubling */
  size_t leaves_most;  /* room allocated: at least the classes */
} ce_union_groups;

/* Room for `classes` classes, none placed yet. CE_ERR_NOMEM. */
ce_status ce__union_groups_init(ce_union_groups *groups, size_t classes);
void ce__union_groups_free(ce_union_groups *groups);
/* No class placed; then each class placed once, class c with its numbers. Every class must
 * be placed before the groups are used. */
void ce__union_groups_reset(ce_union_groups *groups);
void ce__union_groups_place(ce_union_groups *groups, uint32_t c, uint32_t t, uint32_t cm,
                            uint32_t class_size);
/* Class c's numbers changed (or stay): it moves to the group of its new ones. Not while a
 * class is hidden. */
void ce__union_groups_set(ce_union_groups *groups, uint32_t c, uint32_t t, uint32_t cm,
                          uint32_t class_size);
/* Class c is hidden from, or shown again to, the search. */
void ce__union_groups_hide(ce_union_groups *groups, uint32_t c);
void ce__union_groups_show(ce_union_groups *groups, uint32_t c);
/* The largest gain of a class not hidden from a cluster of `size` items (ce__gain_joined);
 * -DBL_MAX when every class is hidden. */
double ce__union_groups_max(const ce_union_groups *groups, uint32_t size);

#endif
