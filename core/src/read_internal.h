/* Line parsers of the input formats of SPEC §2. Each turns one line into a record. */
#ifndef CE_READ_INTERNAL_H
#define CE_READ_INTERNAL_H

#include "util_internal.h"

typedef enum ce_record_kind { CE_RECORD_TOKEN, CE_RECORD_BREAK } ce_record_kind;

/* One parsed line: a token with its label, or a sentence break. Points into the line. */
typedef struct ce_record {
  ce_record_kind kind;
  const char *item;
  size_t item_len;
  const char *label;
  size_t label_len;
} ce_record;

/*
 * `tagged`: `token<TAB>label`, extra columns allowed (the label is the last one);
 * without a TAB, other whitespace separates; a blank line ends a sentence.
 */
ce_status ce__parse_tagged(const char *source, const char *line, size_t len, uint64_t line_no,
                           ce_record *record, ce_error *err);

#endif
