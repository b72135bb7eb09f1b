/*
 * The documents and mentions a `conll` input read (SPEC §3.6; coref_input.c): what
 * run/coref.c counts into and scores from, and what an input frees.
 */
#ifndef CE_COREF_INPUT_INTERNAL_H
#define CE_COREF_INPUT_INTERNAL_H

#include "common/util_internal.h"
#include "measures/measures_coref_internal.h"

/* What a `conll` input read: its documents in order, each with its mentions. */
typedef struct ce_coref_input {
  ce_u32s doc;        /* per document: its name's id in ce_eval.documents */
  ce_u32s first;      /* per document: its first mention in `mentions` */
  uint64_t *doc_line; /* per document: the line of its #begin document */
  size_t doc_line_cap;
  ce_u32s doc_of;       /* by name id: 1 + the document, 0: not in this input */
  ce_u32s entity_first; /* per document: its first entity in `entity_mark` */
  ce_u32s entity_mark;  /* each document's entities' marks: label ids of the input */
  ce_mention *mentions;
  size_t mention_count, mention_cap;
} ce_coref_input;

/* Frees what `coref` holds and the struct itself. Accepts NULL. */
void ce__coref_input_free(ce_coref_input *coref);

#endif
