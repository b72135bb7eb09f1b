/*
 * A spoken-term-discovery run (SPEC §3.8, tde.c): the word alignment as gold, `tde-classes`
 * systems and the phone alignment (--phones), kept as they are read, and each system scored
 * as tdev2 scores it.
 */
#ifndef CE_TDE_INTERNAL_H
#define CE_TDE_INTERNAL_H

#include "formats/record_internal.h"
#include "measures/measures_tde_internal.h"
#include "run/row_internal.h"
#include "run/tde_spans_internal.h"

struct ce_eval;
struct ce_input;

/* The measures of a row of a tde run, in the order of the JSON's `tde` object. */
#define CE_TDE_MEASURES 14
extern const ce_measure ce__tde_measures[CE_TDE_MEASURES];

/* Keeps a CE_REC_SPAN or CE_REC_FRAGMENT record of `input` at `line`. A word SIL of the gold
 * alignment is skipped; a class number that two kept classes share is an input error naming
 * the second class's header line. */
ce_status ce__tde_record(struct ce_eval *ev, struct ce_input *input, const ce_record *record,
                         uint64_t line, ce_error *err);

/* A tde run: a `tde-words` gold standard. */
int ce__is_tde_run(const struct ce_eval *ev);

/* The phone alignment's input number, or 0 when none was added. */
size_t ce__tde_phones_input(const struct ce_eval *ev);

/* Scores system input `index` of a tde run into `row` (started): its measures, counts and
 * the warnings of what is null. A fragment in a file the phone alignment lacks fails the
 * row with an input error naming the fragment's line. */
ce_status ce__score_tde(const struct ce_eval *ev, size_t index, ce_row *row);

/* Row r's tde measures with each file weighted by file_weight (by file id: how often a
 * resample drew it), from what its scoring kept; all unavailable for a row without. */
ce_status ce__tde_rescore(const struct ce_eval *ev, size_t r, const uint32_t *file_weight,
                          ce_measures *out);

/* The ids of the corpus' files (those of the phone alignment), the units a resample draws,
 * in id order; *files is NULL (count 0) when no row was scored. Caller frees. */
ce_status ce__tde_files(const struct ce_eval *ev, uint32_t **files, size_t *count);

/* Two rows of a tde run as approximate randomization swaps them file by file: their
 * fragments together (B's classes after A's), transcribed once. */
typedef struct ce_tde_pair {
  ce_tde_span *fragments;
  size_t a_count;
  ce_tde_data data;
  ce_tde_prepared prep;
  uint8_t *present;
} ce_tde_pair;

/* Builds the pair of rows a and b (both scored, with what they kept). */
ce_status ce__tde_pair_build(const struct ce_eval *ev, size_t a, size_t b, ce_tde_pair *pair);
void ce__tde_pair_free(ce_tde_pair *pair);
/* A' (A's fragments, but B's in the files `swapped` marks, by file id) and B' (the rest). */
ce_status ce__tde_pair_shuffle(ce_tde_pair *pair, const uint8_t *swapped, ce_measures *pa,
                               ce_measures *pb);

#endif
