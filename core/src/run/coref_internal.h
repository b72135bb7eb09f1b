/*
 * A coreference run (SPEC §3.6, coref.c): `conll` inputs' documents and mentions as they are
 * read, and a response scored against the key document by document.
 */
#ifndef CE_COREF_INTERNAL_H
#define CE_COREF_INTERNAL_H

#include "formats/record_internal.h"
#include "measures/measures_coref_internal.h"
#include "run/coref_input_internal.h"
#include "run/row_internal.h"

struct ce_eval;
struct ce_input;

/* The coreference measures a row has, in the order of the JSON's `coref` object. */
#define CE_COREF_MEASURES 22
extern const ce_measure ce__coref_ids[CE_COREF_MEASURES];

/* Counts a CE_REC_DOCUMENT or CE_REC_MENTION record of `input` at `line`. A document
 * named twice in one input is an input error naming both lines. */
ce_status ce__coref_record(struct ce_eval *ev, struct ce_input *input, const ce_record *record,
                           uint64_t line, ce_error *err);

/* Scores system input `index` against the key into `row` (started): each key document's
 * counts, the totals' measures, warnings for extra or missing documents and duplicates. */
ce_status ce__score_coref(const struct ce_eval *ev, size_t index, ce_row *row);

/* The measures of the row's documents, document d counted draws[d] times (NULL: once). */
void ce__coref_total(const ce_row *row, const uint32_t *draws, ce_measures *out);

/* Document d's picture for the detail (the key's and the row's mentions scored again);
 * the caller frees it with ce__coref_detail_free. */
ce_status ce__coref_document_detail(const struct ce_eval *ev, const ce_row *row, size_t d,
                                    ce_coref_detail *detail);

/* The mentions of each entity of input `index`'s documents, as read (one count an entity of a
 * document; caller frees *sizes). */
ce_status ce__coref_entity_sizes(const struct ce_eval *ev, size_t index, uint64_t **sizes,
                                 size_t *count);

/* A key document's mentions and entities (for the gold summary). */
void ce__coref_gold_counts(const struct ce_eval *ev, uint64_t *documents, uint64_t *mentions,
                           uint64_t *entities);

#endif
