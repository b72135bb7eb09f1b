/*
 * A sense run (SPEC §3.7, senses.c): the key lines of `senses` inputs as they are read, and
 * the scoring of a system's lines against gold's, lemma by lemma.
 */
#ifndef CE_SENSES_INTERNAL_H
#define CE_SENSES_INTERNAL_H

#include "formats/record_internal.h"
#include "run/row_internal.h"
#include "run/sense_lines_internal.h"

struct ce_eval;
struct ce_input;

/* The sense measures a row has, in the order of the JSON's `senses` object (SPEC §3.7). */
#define CE_SENSE_MEASURES 7
extern const ce_measure ce__sense_measures[CE_SENSE_MEASURES];

/* Counts a CE_REC_SENSE record of `input` at `line`: a key line begins with its first sense.
 * A second line of one (lemma, instance) is an input error naming both lines. */
ce_status ce__sense_record(struct ce_eval *ev, struct ce_input *input, const ce_record *record,
                           uint64_t line, ce_error *err);

/* Gold's instances (its key lines). */
size_t ce__sense_gold_instances(const struct ce_eval *ev);

/*
 * SPEC §3.7's averages of `count` lemmas' values (gold order; `gold`: each lemma's gold
 * instances), lemma l counted draws[l] times (NULL: once each): a row's values, a bootstrap
 * resample's (lemmas drawn with replacement), or a shuffled pair's. *nmi_lemmas (may be
 * NULL): the lemmas with a fuzzy NMI.
 */
void ce__senses_average(const ce_measures *lemmas, const uint64_t *gold, size_t count,
                        const uint32_t *draws, ce_measures *out, size_t *nmi_lemmas);

/* Scores system input `index` against gold into `row` (started), with per-lemma values. */
ce_status ce__score_senses(const struct ce_eval *ev, size_t index, ce_row *row);

/*
 * A lemma scored again on some of its gold instances, for resamples that draw instances
 * (CE_OPT_RESAMPLE): ce__senses_subset_gold builds gold's side of lemma l (gold order, as
 * `lemmas`) from `count` of its instances, `picked` their positions among the lemma's gold
 * lines (ascending); ce__senses_subset_score then scores input `input` on them as
 * ce__score_senses does the whole lemma, the system's lines gold lacks left out.
 */
typedef struct ce_sense_subset ce_sense_subset;
ce_status ce__senses_subset_prepare(const struct ce_eval *ev, const uint32_t *lemmas, size_t count,
                                    ce_sense_subset **out);
void ce__senses_subset_free(ce_sense_subset *sub);
/* Lemma l's gold instances. */
size_t ce__senses_subset_instances(const ce_sense_subset *sub, size_t l);
ce_status ce__senses_subset_gold(const struct ce_eval *ev, ce_sense_subset *sub, size_t l,
                                 const uint32_t *picked, size_t count);
ce_status ce__senses_subset_score(const struct ce_eval *ev, ce_sense_subset *sub, size_t input,
                                  ce_measures *out);

#endif
