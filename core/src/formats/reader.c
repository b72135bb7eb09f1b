/*
 * The reader of SPEC §2 as the evaluation sees it: one entry point per line that hands the
 * line to its format's reader (read_<format>.c), and the checks that need the whole input.
 */
#include <stdio.h>
#include <string.h>

#include "formats/readers_internal.h"

/* What each format's lines hold, for the messages about an input without data. */
static const struct {
  const char *records;
  const char *shape;
} format_info[CE_FORMAT_COUNT] = {
    [CE_FORMAT_TAGGED] = {"tokens", "token<TAB>label lines"},
    [CE_FORMAT_CONLLU] = {"tokens", "CoNLL-U word lines of 10 TAB-separated columns"},
    [CE_FORMAT_INLINE] = {"tokens", "lines of word/TAG fields"},
    [CE_FORMAT_LEXICON] = {"entries", "item<TAB>label lines"},
    [CE_FORMAT_CLUSTERS] = {"clusters", "name<TAB>item item ... lines"},
    [CE_FORMAT_PATHS] = {"words", "bits<TAB>word<TAB>count lines"},
    [CE_FORMAT_COUNTS] = {"counts", "class<TAB>cluster<TAB>count lines"},
    [CE_FORMAT_CSV] = {"rows",
                       "a header naming an item column (word, item, token) and a label "
                       "column (class, label, tag, cluster), then one row per item"},
};

ce_status ce__reader_init(ce_reader *reader, ce_format format, unsigned column, unsigned depth) {
  memset(reader, 0, sizeof *reader);
  if (format <= CE_FORMAT_AUTO || format >= CE_FORMAT_COUNT) return CE_ERR_USAGE;
  reader->format = format;
  reader->column = column;
  reader->depth = depth;
  return CE_OK;
}

void ce__reader_free(ce_reader *reader) {
  ce__buf_free(&reader->scratch);
}

ce_status ce__reader_line(ce_reader *reader, const char *source, const char *line, size_t len,
                          uint64_t line_no, ce_record_fn emit, void *ctx, ce_error *err) {
  ce_text_line text = {reader, source, line, len, line_no, emit, ctx};
  switch (reader->format) {
    case CE_FORMAT_TAGGED:
      return ce__read_tagged(&text, err);
    case CE_FORMAT_CONLLU:
      return ce__read_conllu(&text, err);
    case CE_FORMAT_INLINE:
      return ce__read_inline(&text, err);
    case CE_FORMAT_LEXICON:
      return ce__read_lexicon(&text, err);
    case CE_FORMAT_CLUSTERS:
      return ce__read_clusters(&text, err);
    case CE_FORMAT_PATHS:
      return ce__read_paths(&text, err);
    case CE_FORMAT_COUNTS:
      return ce__read_counts(&text, err);
    case CE_FORMAT_CSV:
      return ce__read_csv(&text, err);
    default:
      return ce__fail(err, CE_ERR_USAGE, source, line_no, 0, "reader not initialised");
  }
}

ce_status ce__reader_end(ce_reader *reader, const char *source, uint64_t lines, ce_error *err) {
  if (reader->format <= CE_FORMAT_AUTO || reader->format >= CE_FORMAT_COUNT)
    return ce__fail(err, CE_ERR_USAGE, source, 0, 0, "reader not initialised");
  const char *records = format_info[reader->format].records;
  const char *shape = format_info[reader->format].shape;
  if (reader->header_seen == CE_SEEN_RECORD) return CE_OK;
  if (reader->format == CE_FORMAT_CSV && reader->header_seen == CE_SEEN_HEADER)
    return ce__fail(err, CE_ERR_EMPTY, source, 0, 0, "a header row but no data rows; expected %s",
                    shape);
  if (reader->header_seen == CE_SEEN_HEADER)
    return ce__fail(err, CE_ERR_EMPTY, source, 0, 0, "a header line but no %s; expected %s",
                    records, shape);
  if (!lines) return ce__fail(err, CE_ERR_EMPTY, source, 0, 0, "empty input; expected %s", shape);
  return ce__fail(err, CE_ERR_EMPTY, source, 0, 0, "no %s in %llu line%s; expected %s", records,
                  (unsigned long long)lines, lines == 1 ? "" : "s", shape);
}

/* ------------------------------------------------------ shared by the readers */

ce_status ce__emit(const ce_text_line *line, const ce_record *record, ce_error *err) {
  if (record->kind != CE_REC_BREAK) line->reader->header_seen = CE_SEEN_RECORD;
  return line->emit(line->ctx, record, line->no, err);
}

ce_status ce__line_fail(const ce_text_line *line, ce_error *err, uint64_t column, const char *fmt,
                        ...) {
  char message[sizeof err->message];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof message, fmt, args);
  va_end(args);
  return ce__fail(err, CE_ERR_SYNTAX, line->source, line->no, column, "%s", message);
}

const char *ce__excerpt(const ce_text_line *line, ce_field field) {
  const char *bytes = line->text + field.start;
  size_t shown = ce__excerpt_len(bytes, field.len, 40);
  ce_buf *scratch = &line->reader->scratch;
  scratch->len = 0;
  if (ce__buf_append(scratch, "'", 1) || ce__buf_append_excerpt(scratch, bytes, shown, shown) ||
      ce__buf_puts(scratch, shown < field.len ? "...'" : "'"))
    return "(out of memory)";
  return scratch->data;
}

ce_status ce__three_columns(const ce_text_line *line, ce_field column[3], const char *shape,
                            ce_error *err) {
  size_t count = ce__split_tabs(line->text, line->len, column, 3);
  if (count == 3) return CE_OK;
  return ce__line_fail(line, err, 0, "%zu TAB-separated column%s; expected %s", count,
                       count == 1 ? "" : "s", shape);
}

ce_status ce__read_count(const ce_text_line *line, ce_field field, unsigned column, uint64_t *value,
                         ce_error *err) {
  switch (ce__parse_count(line->text + field.start, field.len, value)) {
    case CE_COUNT_OK:
      return CE_OK;
    case CE_COUNT_TOO_LARGE:
      return ce__line_fail(line, err, field.start + 1,
                           "count %s in column %u is too large; expected at most %llu",
                           ce__excerpt(line, field), column, (unsigned long long)UINT64_MAX);
    default:
      return ce__line_fail(line, err, field.start + 1,
                           "count %s in column %u is not a non-negative integer; expected "
                           "digits only",
                           ce__excerpt(line, field), column);
  }
}
