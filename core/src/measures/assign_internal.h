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

/*
 * The same optimum from the non-zero weights alone: row r's edges are col[start[r] ..
 * start[r+1]) with weight[...] > 0 (columns distinct within a row, any order), `start` has
 * rows + 1 elements. The primal-dual method over adjacency lists, phases of shortest
 * augmenting paths (assign.c): memory O(rows + cols + edges), never rows × cols. Among
 * equally good assignments the one chosen depends on the ids alone: the same input gives
 * the same mapping, natively and in wasm. Where no column has an edge in two rows (and
 * rows <= cols), each row takes the first of its edges of largest weight, in the order
 * given: its first bid in the row reduction, which no other row contests.
 */
ce_status ce__assign_sparse(size_t rows, size_t cols, const size_t *start, const uint32_t *col,
                            const double *weight, long *row_to_col, double *total);

/* Below this many steps of the dense algorithm (min² · max of the sides) ce__assign_edges
 * solves the dense matrix, which is then faster, and gives the same mapping as before. */
#define CE_ASSIGN_DENSE_WORK 2e7

/* Whether ce__assign_edges takes ce__assign_sparse's way for rows × cols. */
int ce__assign_goes_sparse(size_t rows, size_t cols);

/* ce__assign_sparse's contract; small problems go through the dense matrix. */
ce_status ce__assign_edges(size_t rows, size_t cols, const size_t *start, const uint32_t *col,
                           const double *weight, long *row_to_col, double *total);

#endif
