/*
 * The key lines a `senses` input read (SPEC §3.7; sense_lines.c): what run/senses.c counts
 * into and scores from, and what an input frees.
 */
#ifndef CE_SENSE_LINES_INTERNAL_H
#define CE_SENSE_LINES_INTERNAL_H

#include "common/util_internal.h"

/* What a `senses` input read: one entry a key line, its senses after it. */
typedef struct ce_sense_input {
  ce_u32s key;       /* per line: "LEMMA<TAB>INSTANCE"'s id in ce_eval.items */
  ce_u32s lemma;     /* per line: the lemma's id in ce_eval.lemmas */
  ce_u32s start;     /* per line: its first sense in `sense` */
  uint64_t *line_no; /* per line: where it is in the file */
  size_t line_cap;
  ce_u32s sense;  /* every line's senses, in order: ids in the input's labels */
  double *weight; /* and their SemEval-2013 weights */
  size_t weight_cap;
  ce_u32s line_of; /* by key id: 1 + the key's line, 0 while none */
  ce_buf key_text;
} ce_sense_input;

/* Frees what `senses` holds (not the struct itself). */
void ce__sense_input_free(ce_sense_input *senses);

#endif
