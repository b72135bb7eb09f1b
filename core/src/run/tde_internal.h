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

#endif
