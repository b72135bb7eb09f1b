/*
 * Byte-level pieces shared by the line readers (read_*.c), format detection and label
 * maps: fields separated by TABs or by whitespace, decimal counts, names compared without
 * case. It declares no record types, so that any file may include it beside either
 * reader header.
 */
#ifndef CE_FIELDS_INTERNAL_H
#define CE_FIELDS_INTERNAL_H

#include "common/util_internal.h"

/* A field of a line, as byte offsets, so that a column (start + 1) is at hand for errors. */
typedef struct ce_field {
  size_t start;
  size_t len;
} ce_field;

/* The whitespace of SPEC §2 fields: ASCII blanks. A CR never reaches a reader (lines.c). */
static inline int ce__is_space(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

/* 1 when the line holds only whitespace (or nothing). */
int ce__is_blank(const char *line, size_t len);

/* 1 when `field` is empty or only whitespace: such a token or label is missing. */
int ce__field_is_blank(const char *line, ce_field field);

/*
 * Iterates over TAB-separated columns: start with *pos = 0; each call stores the next
 * column (possibly empty) and returns 1, or returns 0 once the last column was handed out.
 */
int ce__next_tab_column(const char *line, size_t len, size_t *pos, ce_field *column);

/* Splits at TABs: returns the number of columns and stores the first `max` of them. */
size_t ce__split_tabs(const char *line, size_t len, ce_field *columns, size_t max);

/* Iterates over runs of non-whitespace the same way; whitespace at either end is ignored. */
int ce__next_word(const char *line, size_t len, size_t *pos, ce_field *word);

/*
 * Column `n` (1-based; 0 = the last) of `line`, split at TABs (`tabs` = 1) or at runs of
 * whitespace; *count receives the number of columns. A zero-length field at `len` when
 * `n` exceeds the count.
 */
ce_field ce__nth_column(const char *line, size_t len, int tabs, size_t n, size_t *count);

/* The outcome of reading a count: a non-negative decimal integer, digits only. */
typedef enum ce_count_parse { CE_COUNT_OK, CE_COUNT_NOT_DIGITS, CE_COUNT_TOO_LARGE } ce_count_parse;

ce_count_parse ce__parse_count(const char *bytes, size_t len, uint64_t *value);

/* 1 when `bytes` equal the lower-case ASCII `name` without regard to ASCII case. */
int ce__equal_nocase(const char *bytes, size_t len, const char *name);

/*
 * How many of the `len` bytes to show in a message: at most `max`, cut where no UTF-8
 * sequence is split, so that an excerpt of a 10 MB line stays short and stays UTF-8.
 */
size_t ce__excerpt_len(const char *bytes, size_t len, size_t max);

/*
 * The token and label of a `tagged` line that is not blank (SPEC §2): split at TABs when
 * the line has one, else at whitespace; the token is column 1 and the label is column
 * `column` (1-based; 0 = the last). Fails with CE_ERR_SYNTAX naming source:line:column:
 * a token without a label, an empty token or label, or too few columns for `column`.
 */
ce_status ce__split_tagged(const char *source, const char *line, size_t len, uint64_t line_no,
                           unsigned column, ce_field *token, ce_field *label, ce_error *err);

#endif
