/*
 * The spans a `tde-words` or `tde-classes` input read (SPEC §3.8; tde_spans.c): what
 * run/tde.c keeps and scores from, and what an input frees.
 */
#ifndef CE_TDE_SPANS_INTERNAL_H
#define CE_TDE_SPANS_INTERNAL_H

#include "measures/measures_tde_internal.h"

/* Words or phones (label: the input's label id) or fragments (label: the class id), a
 * fragment's line, and a kept class's header line. */
typedef struct ce_tde_input {
  ce_tde_span *span;
  size_t len, cap;
  uint64_t *line; /* fragments: each one's line */
  size_t line_cap;
  uint64_t open_line; /* fragments: the header line of the class being read */
  uint64_t *class_line;
  size_t class_line_cap;
} ce_tde_input;

/* Frees what `tde` holds (not the struct itself). */
void ce__tde_input_free(ce_tde_input *tde);

#endif
