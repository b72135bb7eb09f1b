/* The contingency measures of SPEC §3.1, each family in its own file. */
#ifndef CE_MEASURES_INTERNAL_H
#define CE_MEASURES_INTERNAL_H

#include "contingency_internal.h"

typedef struct ce_measures {
  double value[CE_MEASURE_COUNT];
  uint64_t available; /* bit m set: value[m] is defined */
} ce_measures;

static inline void ce__measure_put(ce_measures *out, ce_measure m, double value) {
  out->value[m] = value;
  out->available |= (uint64_t)1 << m;
}

/* m1 and o1 (measures_map.c). The table must hold at least one token. */
ce_status ce__measures_mapping(const ce_table *table, ce_measures *out);

/* Entropies, homogeneity, completeness, V, VI, NVI (measures_info.c). `log2`: in bits. */
void ce__measures_info(const ce_table *table, double beta, int log2, ce_measures *out);

#endif
