/*
 * Reported numbers (SPEC §4, --check): a paper's table read, its rows matched to the run's
 * systems and its columns to measures, each value compared at the precision it was printed
 * with. check.c defines these; the public entry points are ce_eval_check and its readers.
 */
#ifndef CE_CHECK_INTERNAL_H
#define CE_CHECK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/util_internal.h"

/* One reported number and its verdict. */
typedef struct ce_check_cell {
  char *system;  /* the row's name as reported (markup removed) */
  char *heading; /* the column's heading as reported, or the measure of a long-form line */
  char *printed; /* the number as printed: "53.3" */
  uint64_t line; /* of the value in the reported text, 1-based */
  double reported;
  double tolerance; /* half a unit of the last printed digit, on the reported scale */
  double scale;     /* 100 for a percentage, else 1 */
  int has_level;    /* the measure was matched */
  int level, measure;
  size_t row; /* the run's row it was matched to, or SIZE_MAX */
  int has_computed;
  double computed; /* on the reported scale */
  int reproduced;
  char problem[200]; /* why it could not be compared; "" when it was */
  char note[200];    /* said beside the verdict: which of same-named systems it was; or "" */
} ce_check_cell;

typedef struct ce_check {
  char *name; /* of the reported text, for messages */
  ce_check_cell *cells;
  size_t count, cap;
} ce_check;

void ce__check_free(ce_check *check);

/*
 * Reads a reported table (TSV, CSV, a text table with columns two spaces apart, Markdown,
 * LaTeX tabular rows, or long-form system/measure/value lines) into cells, measures
 * matched and scales detected, rows not yet matched. CE_ERR_SYNTAX (with `name` and a line)
 * when the text holds no reported number; CE_ERR_ENCODING when it is not UTF-8.
 */
ce_status ce__check_parse(ce_check *check, const char *name, const char *text, size_t len,
                          ce_error *err);

/*
 * Matches one measure heading ("M-1", "Token V-measure", "MacroI 1-1", "type.m1"): *level
 * and *measure, or 0 when it names none. `level_hint` (-1 for none) is the level a
 * grouping header above gives.
 */
int ce__check_measure(const char *heading, int level_hint, int *level, int *measure);

/* Writes the cells as the JSON array of SPEC §4 ("check"). */
ce_status ce__check_put_json(ce_buf *out, const ce_check *check);

#endif
