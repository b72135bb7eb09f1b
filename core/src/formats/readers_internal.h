/*
 * The per-format line readers (read_<format>.c) that ce__reader_line dispatches to, and the
 * shape tests that format detection (detect.c) shares with them.
 */
#ifndef CE_READERS_INTERNAL_H
#define CE_READERS_INTERNAL_H

#include "formats/record_internal.h"
#include "text/fields_internal.h"
#include "text/lines_internal.h"

ce_status ce__read_tagged(const ce_text_line *line, ce_error *err);

/*
 * The commonest tagged line, `token<TAB>label` with each side starting with a non-blank and
 * no other TAB: it passes every check of the full reader, and its token is text[0 .. *tab),
 * its label the rest. 0 for any other line, which ce__read_tagged reads (or rejects). A line
 * from ce__lines_feed (CE_LINE_PAD bytes after it).
 */
static CE_ALWAYS_INLINE int ce__tagged_simple(const char *text, size_t len, size_t *tab) {
  if (!len || ce__is_space(text[0])) return 0;
#ifdef CE_WORD_SEARCH
  if (len <= 16) { /* most lines: their tabs from two words at most, without a loop */
    const uint64_t tabs = 0x0909090909090909u;
    uint64_t word, low, high = 0;
    __builtin_memcpy(&word, text, 8);
    low = ce__bytes_equal(word, tabs);
    if (len > 8) {
      __builtin_memcpy(&word, text + 8, 8);
      high = ce__bytes_equal(word, tabs) & (len < 16 ? (1ull << (8 * (len - 8))) - 1 : ~0ull);
    } else if (len < 8) {
      low &= (1ull << (8 * len)) - 1;
    }
    if (!(low | high)) return 0;
    size_t at =
        low ? (unsigned)__builtin_ctzll(low) >> 3 : 8 + ((unsigned)__builtin_ctzll(high) >> 3);
    if (low)
      low &= low - 1; /* the first tab taken: no other may remain */
    else
      high &= high - 1;
    if ((low | high) || at + 1 >= len || ce__is_space(text[at + 1])) return 0;
    *tab = at;
    return 1;
  }
#endif
  size_t at = ce__line_find(text, len, 0, '\t');
  if (at + 1 >= len || ce__is_space(text[at + 1]) || ce__line_find(text, len, at + 1, '\t') != len)
    return 0;
  *tab = at;
  return 1;
}
ce_status ce__read_conllu(const ce_text_line *line, ce_error *err);
ce_status ce__read_inline(const ce_text_line *line, ce_error *err);
ce_status ce__read_lexicon(const ce_text_line *line, ce_error *err);
ce_status ce__read_clusters(const ce_text_line *line, ce_error *err);
ce_status ce__read_paths(const ce_text_line *line, ce_error *err);
ce_status ce__read_counts(const ce_text_line *line, ce_error *err);
ce_status ce__read_joint(const ce_text_line *line, ce_error *err);
ce_status ce__read_csv(const ce_text_line *line, ce_error *err);
ce_status ce__read_senses(const ce_text_line *line, ce_error *err);
ce_status ce__read_tde_words(const ce_text_line *line, ce_error *err);
ce_status ce__read_tde_classes(const ce_text_line *line, ce_error *err);

/* 1 when `line` is a `tde-words` line (file onset offset label, onset < offset) or, with
 * `fields` 3, a fragment line of a `tde-classes` file (file onset offset). */
int ce__is_tde_span(const char *line, size_t len, size_t fields);
/* 1 when `line` opens a class of a `tde-classes` file: "Class" and a name. */
int ce__is_tde_class_header(const char *line, size_t len);
ce_status ce__read_conll(const ce_text_line *line, ce_error *err);

/* 1 when the line is `#begin document NAME` (a conll document), its NAME in *name (may be
 * NULL). */
int ce__conll_begin(const char *line, size_t len, ce_field *name);
/* The end of a conll input (`lines` read): fails when a mention is still open. */
ce_status ce__conll_end(ce_reader *reader, const char *source, uint64_t lines, ce_error *err);
/* Frees a conll reader's state. */
void ce__conll_free(ce_reader *reader);

/* The fields of a `senses` line that count: up to its first token beginning "!!" (a comment),
 * at most `max` stored in `fields`; returns how many there are. */
size_t ce__senses_fields(const char *line, size_t len, ce_field *fields, size_t max);

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

/* 1 when the line is the header of a joint file: item<TAB>class<TAB>cluster<TAB>count. */
int ce__is_joint_header(const char *line, size_t len);

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
