/*
 * Exact M-1 mappings for the polysemous type-level measures (Reichart, Abend & Rappoport
 * 2010, §4; SPEC §3.2): branch and bound with admissible bounds, within a budget, and an
 * upper bound on the optimum where the search does not finish.
 */
#ifndef CE_M1_EXACT_INTERNAL_H
#define CE_M1_EXACT_INTERNAL_H

#include "measures/type_index_internal.h"

/* What the exact search proved. */
typedef struct ce_m1_proof {
  int optimal;   /* 1: no mapping scores more than 1e-12 above the value returned */
  double bound;  /* no mapping scores above this; at least the value returned */
  uint64_t work; /* steps spent (about one per item visit), at most the budget plus one node */
} ce_m1_proof;

/*
 * Searches the M-1 mappings of `measure` (a CE_TYPE_* id) for the optimum, from the
 * incumbent `map` (every cluster mapped; `*value` its value from ce__type_values). MacroI
 * and MicroI separate over the components of the graph of clusters that share an item
 * (MacroI through Dinkelbach's parametric form), each solved on its own; MicroC couples
 * every cluster through the classes and is searched whole. When it finds a better mapping
 * it writes it to `map` and its value to `*value` (never lower than before). `budget` caps
 * the steps; 0 computes the bound of the incumbent's root only. Deterministic: no clock,
 * no random numbers. CE_ERR_NOMEM leaves `map` and `*value` as they were.
 */
ce_status ce__m1_exact(const ce_type_index *index, int measure, uint64_t budget, uint32_t *map,
                       double *value, ce_m1_proof *proof);

#endif
