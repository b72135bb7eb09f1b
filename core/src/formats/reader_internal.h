/*
 * The readers of SPEC §2: each turns one checked line (from lines.c: UTF-8, no line end,
 * BOM dropped) into records, and format detection reads the first bytes of an input.
 * Readers keep a little state between lines (a CSV header, a line counter for unnamed
 * clusters) and never hold more than one line.
 */
#ifndef CE_READER_INTERNAL_H
#define CE_READER_INTERNAL_H

#include "common/util_internal.h"

typedef enum ce_record_kind {
  CE_REC_TOKEN, /* a token of a corpus: item + label (tagged, conllu, inline) */
  CE_REC_BREAK, /* the end of a sentence (blank line; end of an inline line) */
  CE_REC_ENTRY, /* one label of an item's entry (lexicon, clusters, paths, csv) */
  CE_REC_COUNT  /* a cell of a contingency table: item = class, label = cluster, count */
} ce_record_kind;

/* Strings point into the line or the reader's scratch; valid during the callback only. */
typedef struct ce_record {
  ce_record_kind kind;
  const char *item;
  size_t item_len;
  const char *label;
  size_t label_len;
  uint64_t count;  /* CE_REC_COUNT: the cell count; CE_REC_ENTRY of paths: the word's count */
  uint64_t column; /* 1-based byte column of the item, for errors (0: unknown) */
} ce_record;

typedef ce_status (*ce_record_fn)(void *ctx, const ce_record *record, uint64_t line_no,
                                  ce_error *err);

typedef struct ce_reader {
  ce_format format; /* never CE_FORMAT_AUTO once initialised */
  unsigned column;  /* tagged: 1-based label column, 0 = last; conllu: 0 = UPOS (4) */
  unsigned depth;   /* paths: cluster = the first `depth` bits, 0 = all */
  /* csv */
  int header_seen;
  char delimiter;
  unsigned item_column, label_column, column_count;
  ce_buf scratch; /* unquoted CSV fields, synthesized cluster names */
} ce_reader;

ce_status ce__reader_init(ce_reader *reader, ce_format format, unsigned column, unsigned depth);
void ce__reader_free(ce_reader *reader);

/* Parses one line and emits its records, in order. Errors name source:line(:column). */
ce_status ce__reader_line(ce_reader *reader, const char *source, const char *line, size_t len,
                          uint64_t line_no, ce_record_fn emit, void *ctx, ce_error *err);

/* After the last line: fails where the whole input was wrong (a CSV with no header). */
ce_status ce__reader_end(ce_reader *reader, const char *source, uint64_t lines, ce_error *err);

/*
 * Guesses the format from the first bytes of an input (raw: a BOM, CR or a cut last line
 * may be there). SPEC §2: a two-column file without blank lines is `lexicon` when some
 * line has several labels or no first column repeats, otherwise `tagged`. Returns
 * CE_FORMAT_TAGGED when nothing else fits; `complete` tells that `head` is the whole input.
 */
ce_format ce__detect_format(const char *head, size_t len, int complete);

#endif
