/*
 * The per-format line readers behind ce__reader_line (reader.c dispatches), and the
 * shape tests that format detection (detect.c) shares with them.
 */
#ifndef CE_READERS_INTERNAL_H
#define CE_READERS_INTERNAL_H

#include "text/fields_internal.h"
#include "formats/reader_internal.h"

/*
 * How far an input got, kept in ce_reader.header_seen for every format so that
 * ce__reader_end can tell an empty input from a header without data.
 */
enum { CE_SEEN_NOTHING = 0, CE_SEEN_HEADER = 1, CE_SEEN_RECORD = 2 };

/* One line being read, with where its records go. */
typedef struct ce_text_line {
  ce_reader *reader;
  const char *source;
  const char *text; /* the line, without its line end; not NUL-terminated */
  size_t len;
  uint64_t no;
  ce_record_fn emit;
  void *ctx;
} ce_text_line;

/* Hands `record` to the caller and notes that the input holds data (breaks do not count). */
ce_status ce__emit(const ce_text_line *line, const ce_record *record, ce_error *err);

/*
 * Fails with CE_ERR_SYNTAX at source:line; `column` is the byte column (0 = unknown). In
 * messages, "column N" of a TAB-separated or CSV format is its Nth column, as `--column`
 * counts; elsewhere (inline fields, bits of a path) it is the byte column.
 */
ce_status ce__line_fail(const ce_text_line *line, ce_error *err, uint64_t column, const char *fmt,
                        ...) CE_PRINTF(4, 5);

/* `field` quoted for a message, at most 40 bytes, in the reader's scratch buffer. */
const char *ce__excerpt(const ce_text_line *line, ce_field field);

/* Splits a line of exactly three TAB columns (paths, counts), or fails naming `shape`. */
ce_status ce__three_columns(const ce_text_line *line, ce_field column[3], const char *shape,
                            ce_error *err);

/*
 * Reads a count (a non-negative integer, digits only) or fails naming its TAB column
 * `column` in the message; the error's column is the field's byte column.
 */
ce_status ce__read_count(const ce_text_line *line, ce_field field, unsigned column, uint64_t *value,
                         ce_error *err);

ce_status ce__read_tagged(const ce_text_line *line, ce_error *err);
ce_status ce__read_conllu(const ce_text_line *line, ce_error *err);
ce_status ce__read_inline(const ce_text_line *line, ce_error *err);
ce_status ce__read_lexicon(const ce_text_line *line, ce_error *err);
ce_status ce__read_clusters(const ce_text_line *line, ce_error *err);
ce_status ce__read_paths(const ce_text_line *line, ce_error *err);
ce_status ce__read_counts(const ce_text_line *line, ce_error *err);
ce_status ce__read_csv(const ce_text_line *line, ce_error *err);

/* What a CoNLL-U ID column holds. */
typedef enum ce_conllu_id {
  CE_CONLLU_ID_BAD,
  CE_CONLLU_ID_WORD,      /* 3 */
  CE_CONLLU_ID_MULTIWORD, /* 3-4: a token spanning words, skipped */
  CE_CONLLU_ID_EMPTY      /* 3.1: an empty node, skipped */
} ce_conllu_id;

ce_conllu_id ce__conllu_id(const char *bytes, size_t len);

/* 1 when `bytes` is a non-empty string of 0 and 1 (a Brown cluster path). */
int ce__is_bits(const char *bytes, size_t len);

/* 1 when the line is the optional header of a counts file: class<TAB>cluster<TAB>count. */
int ce__is_counts_header(const char *line, size_t len);

/* The columns a CSV header names; see ce__csv_header. */
typedef struct ce_csv_columns {
  char delimiter;
  unsigned item_column, label_column, column_count; /* 0-based columns; count of columns */
} ce_csv_columns;

/*
 * 1 when `line` is a CSV header naming an item column and a label column (SPEC §2) with
 * `,`, `;` or TAB between the names; fills `columns`.
 */
int ce__csv_header(const char *line, size_t len, ce_csv_columns *columns);

#endif
