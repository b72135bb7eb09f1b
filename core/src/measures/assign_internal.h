/*
 * Exact maximum-weight assignment on a rectangular matrix: each row goes to at most one
 * column and each column takes at most one row. Used by one-to-one accuracy (SPEC §3.1)
 * and, later, the type-level 1-1 mappings (SPEC §3.2).
 */
#ifndef CE_ASSIGN_INTERNAL_H
#define CE_ASSIGN_INTERNAL_H

#include "common/util_internal.h"

/*
 * `weights` is row-major rows × cols with every weight >= 0 (so the best partial matching
 * is a maximum matching of the smaller side). Fills `row_to_col` (may be NULL; -1 marks
 * an unmatched row) and `*total`, the sum of the chosen weights taken from `weights`
 * itself. Kuhn–Munkres with potentials (the shortest augmenting path form, Jonker &
 * Volgenant 1987): O(r² c) time for r = min(rows, cols), c = max(rows, cols).
 */
ce_status ce__assign_max(const double *weights, size_t rows, size_t cols, long *row_to_col,
                         double *total);

#endif
