/*
 * `csv` (SPEC §2): wordspace-style task files. A header row names an item column and a
 * label column; the delimiter is `,`, `;` or TAB, whichever makes the header name both.
 * Fields follow RFC 4180 on one line: `"a,b"` quotes a delimiter, `""` is a quote. Spaces
 * around a field (and around its quotes) are dropped, as spreadsheets write `a, b`. When
 * several columns carry accepted names, the first of each kind is read.
 */
#include <string.h>

#include "formats/readers_internal.h"

static const char *const item_names[] = {"word", "item", "token"};
static const char *const label_names[] = {"class", "label", "tag", "cluster"};

#define ACCEPTED_NAMES \
  "an item column (word, item or token) and a label column (class, label, tag or cluster)"

typedef struct csv_field {
  ce_field raw; /* between the quotes for a quoted field, `""` still doubled */
  int escapes;  /* the field holds `""` */
} csv_field;

typedef enum csv_step { CSV_END, CSV_FIELD, CSV_UNTERMINATED, CSV_AFTER_QUOTE } csv_step;

static int is_pad(char c, char delimiter) {
  return c != delimiter && (c == ' ' || c == '\t');
}

/* The closing quote of a quoted field whose opening quote is at `open`, or `len`. */
static size_t closing_quote(const char *line, size_t len, size_t open, int *escapes) {
  size_t at = open + 1;
  while (at < len) {
    if (line[at] != '"') {
      at++;
    } else if (at + 1 < len && line[at + 1] == '"') {
      *escapes = 1;
      at += 2;
    } else {
      return at;
    }
  }
  return len;
}

/*
 * The field at *pos, like ce__next_tab_column: CSV_END once the last field was handed out.
 * On a quoting error, *pos is the byte where it was found.
 */
static csv_step next_field(const char *line, size_t len, char delimiter, size_t *pos,
                           csv_field *field) {
  if (*pos > len) return CSV_END;
  size_t at = *pos;
  while (at < len && is_pad(line[at], delimiter)) at++;
  field->escapes = 0;
  size_t end;
  if (at < len && line[at] == '"') {
    size_t close = closing_quote(line, len, at, &field->escapes);
    if (close == len) {
      *pos = at;
      return CSV_UNTERMINATED;
    }
    field->raw = (ce_field){at + 1, close - at - 1};
    end = close + 1;
    while (end < len && is_pad(line[end], delimiter)) end++;
    if (end < len && line[end] != delimiter) {
      *pos = end;
      return CSV_AFTER_QUOTE;
    }
  } else {
    const char *stop = memchr(line + at, delimiter, len - at);
    end = stop ? (size_t)(stop - line) : len;
    size_t last = end;
    while (last > at && is_pad(line[last - 1], delimiter)) last--;
    field->raw = (ce_field){at, last - at};
  }
  *pos = end + 1;
  return CSV_FIELD;
}

static int name_in(const char *bytes, size_t len, const char *const *names, size_t count) {
  for (size_t i = 0; i < count; i++)
    if (ce__equal_nocase(bytes, len, names[i])) return 1;
  return 0;
}

/* Reads the header with one delimiter; 1 when it names both columns. */
static int header_with(const char *line, size_t len, char delimiter, ce_csv_columns *columns) {
  size_t pos = 0;
  unsigned count = 0;
  int item = -1, label = -1;
  csv_field field;
  csv_step step;
  while ((step = next_field(line, len, delimiter, &pos, &field)) == CSV_FIELD) {
    const char *name = line + field.raw.start;
    if (item < 0 && name_in(name, field.raw.len, item_names, 3)) item = (int)count;
    if (label < 0 && name_in(name, field.raw.len, label_names, 4)) label = (int)count;
    count++;
  }
  if (step != CSV_END || item < 0 || label < 0) return 0;
  *columns = (ce_csv_columns){delimiter, (unsigned)item, (unsigned)label, count};
  return 1;
}

int ce__csv_header(const char *line, size_t len, ce_csv_columns *columns) {
  static const char delimiters[] = {',', ';', '\t'};
  int found = 0;
  for (size_t i = 0; i < sizeof delimiters; i++) {
    ce_csv_columns candidate;
    /* Of the delimiters that make a header, the one that splits it most: `word;tag,x`. */
    if (header_with(line, len, delimiters[i], &candidate) &&
        (!found || candidate.column_count > columns->column_count)) {
      *columns = candidate;
      found = 1;
    }
  }
  return found;
}

static ce_status read_header(const ce_text_line *line, ce_error *err) {
  ce_csv_columns columns;
  if (!ce__csv_header(line->text, line->len, &columns))
    return ce__line_fail(line, err, 1,
                         "header %s does not name " ACCEPTED_NAMES
                         "; expected such a header row, separated by ',', ';' or TAB",
                         ce__excerpt(line, (ce_field){0, line->len}));
  ce_reader *reader = line->reader;
  reader->delimiter = columns.delimiter;
  reader->item_column = columns.item_column;
  reader->label_column = columns.label_column;
  reader->column_count = columns.column_count;
  reader->header_seen = CE_SEEN_HEADER;
  return CE_OK;
}

/* Appends the field's text to scratch, `""` undoubled; returns its offset there. */
static ce_status unquote(ce_buf *scratch, const char *line, csv_field field, size_t *offset) {
  *offset = scratch->len;
  const char *text = line + field.raw.start;
  for (size_t i = 0; i < field.raw.len; i++) {
    if (ce__buf_append(scratch, &text[i], 1)) return CE_ERR_NOMEM;
    if (text[i] == '"') i++; /* the second quote of `""` */
  }
  return CE_OK;
}

static ce_status quote_error(const ce_text_line *line, csv_step step, size_t at, ce_error *err) {
  if (step == CSV_UNTERMINATED)
    return ce__line_fail(line, err, at + 1,
                         "quoted field opened at column %zu is not closed on this line; "
                         "expected a closing '\"' (a quote inside is written \"\")",
                         at + 1);
  char delimiter = line->reader->delimiter;
  return ce__line_fail(line, err, at + 1,
                       "%s at column %zu follows a closing quote; expected the delimiter %s",
                       ce__excerpt(line, (ce_field){at, line->len - at}), at + 1,
                       delimiter == '\t'  ? "TAB"
                       : delimiter == ';' ? "';'"
                                          : "','");
}

/* Emits the row's entry from its item and label fields, unquoting into scratch if needed. */
static ce_status emit_row(const ce_text_line *line, csv_field item, csv_field label,
                          ce_error *err) {
  ce_reader *reader = line->reader;
  const char *item_text = line->text + item.raw.start, *label_text = line->text + label.raw.start;
  size_t item_len = item.raw.len, label_len = label.raw.len;
  if (item.escapes || label.escapes) {
    size_t item_at, label_at;
    reader->scratch.len = 0;
    if (unquote(&reader->scratch, line->text, item, &item_at) ||
        unquote(&reader->scratch, line->text, label, &label_at))
      return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
    item_text = reader->scratch.data + item_at;
    item_len = label_at - item_at;
    label_text = reader->scratch.data + label_at;
    label_len = reader->scratch.len - label_at;
  }
  ce_record record = {
      CE_REC_ENTRY, item_text, item_len, label_text, label_len, 0, item.raw.start + 1, NULL, 0,
      0.0,          0,         0.0,      0.0,        0,         0};
  return ce__emit(line, &record, err);
}

static ce_status read_row(const ce_text_line *line, ce_error *err) {
  ce_reader *reader = line->reader;
  size_t pos = 0;
  unsigned count = 0;
  csv_field field, item = {{0, 0}, 0}, label = {{0, 0}, 0};
  csv_step step;
  while ((step = next_field(line->text, line->len, reader->delimiter, &pos, &field)) == CSV_FIELD) {
    if (count == reader->item_column) item = field;
    if (count == reader->label_column) label = field;
    count++;
  }
  if (step != CSV_END) return quote_error(line, step, pos, err);
  if (count != reader->column_count)
    return ce__line_fail(line, err, 0, "%u field%s; expected %u as in the header", count,
                         count == 1 ? "" : "s", reader->column_count);
  if (!item.raw.len)
    return ce__line_fail(line, err, item.raw.start + 1, "empty item in column %u",
                         reader->item_column + 1);
  if (!label.raw.len)
    return ce__line_fail(line, err, label.raw.start + 1, "empty label in column %u",
                         reader->label_column + 1);
  return emit_row(line, item, label, err);
}

ce_status ce__read_csv(const ce_text_line *line, ce_error *err) {
  if (ce__is_blank(line->text, line->len)) return CE_OK;
  if (line->reader->header_seen == CE_SEEN_NOTHING) return read_header(line, err);
  return read_row(line, err);
}
