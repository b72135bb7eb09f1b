/*
 * What every format's reader hands on and keeps (SPEC §2): records, the reader's state
 * between lines, the line being read, and the helpers all line readers share (record.c).
 * Strings of a record point into the line or the reader's scratch.
 */
#ifndef CE_RECORD_INTERNAL_H
#define CE_RECORD_INTERNAL_H

#include "common/util_internal.h"
#include "text/fields_internal.h"
#include "text/intern_internal.h"

typedef enum ce_record_kind {
  CE_REC_TOKEN,    /* a token of a corpus: item + label (tagged, conllu, inline) */
  CE_REC_BREAK,    /* the end of a sentence (blank line; end of an inline line) */
  CE_REC_ENTRY,    /* one label of an item's entry (lexicon, clusters, paths, csv) */
  CE_REC_COUNT,    /* a cell of a contingency table: item = class, label = cluster, count */
  CE_REC_JOINT,    /* joint counts: item, cls = its class, label = its cluster, count tokens */
  CE_REC_SENSE,    /* a sense of a SemEval key line: item = instance, cls = lemma, label = sense */
  CE_REC_SPAN,     /* tde-words: item = file, label = word or phone, onset and offset */
  CE_REC_FRAGMENT, /* tde-classes: item = file, cls = class, onset and offset, opened */
  CE_REC_DOCUMENT, /* conll: a document begins, item = its name */
  CE_REC_MENTION   /* conll: a mention, label = its entity's mark, tokens count..span_end */
} ce_record_kind;

/* Strings point into the line or the reader's scratch; valid during the callback only. */
typedef struct ce_record {
  ce_record_kind kind;
  const char *item;
  size_t item_len;
  const char *label;
  size_t label_len;
  uint64_t count;  /* CE_REC_COUNT, CE_REC_JOINT: tokens; CE_REC_ENTRY of paths: the word's count */
  uint64_t column; /* 1-based byte column of the item, for errors (0: unknown) */
  const char *cls; /* CE_REC_JOINT: the gold class; CE_REC_SENSE: the lemma (NULL otherwise) */
  size_t cls_len;
  /* CE_REC_SENSE: the sense's SemEval-2013 weight, in [0, 1] (1 where the line's weights do
   * not count), and its place among the line's senses, 0 for the first (SemEval-2010's). */
  double weight;
  uint32_t sense_index; /* CE_REC_MENTION: the entity's number in its document */
  /* CE_REC_SPAN, CE_REC_FRAGMENT: the times in seconds, as parsed (onset < offset); a
   * fragment's class header is at line `opened`. */
  double onset, offset;
  uint64_t opened;
  uint64_t span_end; /* CE_REC_MENTION: its last token (count is its first) */
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
  uint64_t total; /* counts, joint: the tokens of the rows so far, at most UINT64_MAX */
  ce_buf scratch; /* unquoted CSV fields, synthesized cluster names */
  ce_buf senses;  /* senses: the senses of the line being read (read_senses.c) */
  /* tde-classes (read_tde.c): where the file is (before any class, in one, after an empty
   * line), the open class's name and its header's line. */
  int tde_state;
  ce_buf tde_class;
  uint64_t tde_class_line;
  /* conll (read_conll.c): the document being read, its entities' marks, open mentions */
  int conll_in_document;
  uint64_t conll_document_line, conll_token;
  ce_intern conll_entities;
  ce_buf conll_open; /* open_mention records, closed ones marked */
  ce_u32s conll_top; /* by entity: 1 + its latest open mention, 0: none */
  size_t conll_open_count;
} ce_reader;

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

/* Splits a line of exactly `count` TAB columns (paths, counts, joint), or fails naming
 * `shape`. */
ce_status ce__tab_columns(const ce_text_line *line, ce_field *column, size_t count,
                          const char *shape, ce_error *err);

/* 1 when the line is `count` TAB columns that read `names` (lower case) in any case: the
 * optional header of a counts or joint file. */
int ce__is_named_header(const char *line, size_t len, const char *const *names, size_t count);

/*
 * Reads a count (a non-negative integer, digits only) or fails naming its TAB column
 * `column` in the message; the error's column is the field's byte column.
 */
ce_status ce__read_count(const ce_text_line *line, ce_field field, unsigned column, uint64_t *value,
                         ce_error *err);

/*
 * Reads a count of tokens (counts, joint) like ce__read_count and adds it to the reader's
 * total: the counts of an input are exact up to UINT64_MAX in all, and a row that takes
 * the total past that fails, naming its line and column.
 */
ce_status ce__read_token_count(const ce_text_line *line, ce_field field, unsigned column,
                               uint64_t *value, ce_error *err);

/*
 * A decimal number as Python's float() reads the files it is given, without its exotic
 * spellings (inf, nan, '_'): an optional sign, digits with at most one '.', an optional
 * exponent. 1 when `text` is one and finite, with its value in *value (strtod on a checked
 * copy, correctly rounded: the C locale's '.', which the core keeps).
 */
int ce__parse_decimal(const char *text, size_t len, double *value);

#endif
