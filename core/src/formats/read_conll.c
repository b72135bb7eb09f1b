/*
 * `conll` (SPEC §3.6): CoNLL-2011/2012 coreference files, as the reference scorer (v8.01)
 * reads them. `#begin document NAME` (NAME the rest of the line) to `#end document`; one token
 * a line; blank lines skipped; other lines beginning with '#' are comments. The coreference
 * marks are the last whitespace-separated column: `-` (or `_`) none; otherwise marks one
 * after another, with or without '|' between them: `(N)` a one-token mention, `(N` opens one,
 * `N)` closes the latest open mention of entity N, `(N+M)` a split antecedent, which the
 * reference scorer discards and so does this reader. As in the reference scorer, a line's
 * one-token mentions are taken first, then its opens, then its closes (so `(1(3` opens 1 and
 * 3, and `1)(1` on one line closes the 1 it opens), and an entity's number is its place among
 * the document's entities in that order.
 *
 * Records: a document's start (CE_REC_DOCUMENT, item = its name) and each mention as it
 * closes (CE_REC_MENTION: label = the entity's mark, sense_index = its number in the
 * document, count..span_end = its tokens, 0-based in the document). A close without an open,
 * a mention still open at `#end document` or at the end of the input, a token line outside
 * a document and a mark that is none of these forms are input errors naming the line.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/readers_internal.h"

/* An open mention: its entity, first token, line, and the entity's previous open one. */
typedef struct open_mention {
  uint32_t entity;
  uint32_t below; /* 1 + the entity's open mention under this one, 0: none */
  uint64_t start, line;
} open_mention;

/* A mark of the line being read. */
typedef struct mark {
  ce_field number; /* the entity's digits, in the line */
  int kind;        /* 0 one-token, 1 open, 2 close */
} mark;

static int starts_with(const char *text, size_t len, const char *word) {
  size_t n = strlen(word);
  return len >= n && memcmp(text, word, n) == 0;
}

/* The text after '#' and blanks, when the line begins with '#'. */
static const char *after_hash(const char *line, size_t len, size_t *rest) {
  if (!len || line[0] != '#') return NULL;
  size_t i = 1;
  while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
  *rest = len - i;
  return line + i;
}

int ce__conll_begin(const char *line, size_t len, ce_field *name) {
  size_t rest;
  const char *text = after_hash(line, len, &rest);
  if (!text || !starts_with(text, rest, "begin document")) return 0;
  size_t at = (size_t)(text - line) + 14;
  while (at < len && (line[at] == ' ' || line[at] == '\t')) at++;
  size_t end = len;
  while (end > at && (line[end - 1] == ' ' || line[end - 1] == '\t')) end--;
  if (name) *name = (ce_field){at, end - at};
  return 1;
}

static int is_end(const char *line, size_t len) {
  size_t rest;
  const char *text = after_hash(line, len, &rest);
  return text && starts_with(text, rest, "end document");
}

/* Frees the state of the document read so far. */
static void reset_document(ce_reader *reader) {
  ce__intern_free(&reader->conll_entities);
  memset(&reader->conll_entities, 0, sizeof reader->conll_entities);
  reader->conll_open.len = 0;
  reader->conll_top.len = 0;
  reader->conll_open_count = 0;
  reader->conll_token = 0;
}

/* Fails when a mention of the document is still open: `where` says what ended it. */
static ce_status check_closed(ce_reader *reader, const char *source, uint64_t line,
                              const char *where, ce_error *err) {
  if (!reader->conll_open_count) return CE_OK;
  const open_mention *open = (const open_mention *)(void *)reader->conll_open.data;
  size_t count = reader->conll_open.len / sizeof *open;
  for (size_t i = 0; i < count; i++) {
    if (open[i].entity == UINT32_MAX) continue; /* closed */
    size_t len;
    const char *digits = ce__intern_get(&reader->conll_entities, open[i].entity, &len);
    return ce__fail(err, CE_ERR_SYNTAX, source, line, 0,
                    "mention of entity %.*s opened on line %llu is never closed (%s); expected "
                    "%.*s) before it",
                    (int)(len > 20 ? 20 : len), digits, (unsigned long long)open[i].line, where,
                    (int)(len > 20 ? 20 : len), digits);
  }
  return CE_OK;
}

ce_status ce__conll_end(ce_reader *reader, const char *source, uint64_t lines, ce_error *err) {
  ce_status status = CE_OK;
  if (reader->conll_in_document)
    status = check_closed(reader, source, lines, "the input ends inside the document", err);
  reset_document(reader);
  return status;
}

void ce__conll_free(ce_reader *reader) {
  ce__intern_free(&reader->conll_entities);
  ce__buf_free(&reader->conll_open);
  free(reader->conll_top.at);
  memset(&reader->conll_top, 0, sizeof reader->conll_top);
}

/* The entity of the mark's digits: its number in the document, new ones numbered on. */
static ce_status entity_of(const ce_text_line *line, ce_field number, uint32_t *entity,
                           ce_error *err) {
  ce_reader *reader = line->reader;
  if (ce__intern_put(&reader->conll_entities, line->text + number.start, number.len, entity, NULL))
    return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
  while (reader->conll_top.len <= *entity)
    if (ce__u32s_push(&reader->conll_top, 0))
      return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
  return CE_OK;
}

static ce_status emit_mention(const ce_text_line *line, ce_field number, uint32_t entity,
                              uint64_t start, ce_error *err) {
  ce_record record = {CE_REC_MENTION,
                      NULL,
                      0,
                      line->text + number.start,
                      number.len,
                      start,
                      number.start + 1,
                      NULL,
                      0,
                      0.0,
                      entity,
                      0.0,
                      0.0,
                      0,
                      line->reader->conll_token};
  return ce__emit(line, &record, err);
}

/* Reads the marks of `column` into the reader's scratch; fails on anything else. */
static ce_status parse_marks(const ce_text_line *line, ce_field column, size_t *count,
                             ce_error *err) {
  const char *text = line->text;
  size_t i = column.start, end = column.start + column.len;
  ce_buf *buf = &line->reader->scratch;
  buf->len = 0;
  *count = 0;
  if (column.len == 1 && (text[i] == '-' || text[i] == '_')) return CE_OK;
  while (i < end) {
    size_t at = i;
    mark m = {{0, 0}, 0};
    if (text[i] == '|') {
      i++;
      continue;
    }
    int open = text[i] == '(';
    if (open) i++;
    size_t digits = i;
    while (i < end && text[i] >= '0' && text[i] <= '9') i++;
    m.number = (ce_field){digits, i - digits};
    if (!m.number.len) goto bad;
    if (open && i < end && text[i] == '+') { /* (N+M): a split antecedent, discarded */
      i++;
      size_t more = i;
      while (i < end && text[i] >= '0' && text[i] <= '9') i++;
      if (i == more || i >= end || text[i] != ')') goto bad;
      i++;
      continue;
    }
    int close = i < end && text[i] == ')';
    if (close) i++;
    if (!open && !close) goto bad;
    m.kind = open && close ? 0 : open ? 1 : 2;
    if (ce__buf_append(buf, &m, sizeof m))
      return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
    (*count)++;
    continue;
  bad:
    return ce__line_fail(line, err, at + 1,
                         "coreference column %s is not marks; expected '-', or marks one "
                         "after another or between '|': (N) a one-token mention, (N opening "
                         "and N) closing one",
                         ce__excerpt(line, column));
  }
  return CE_OK;
}

/* A token line of a document: its marks, one-token mentions, then opens, then closes. */
static ce_status read_token(const ce_text_line *line, ce_error *err) {
  ce_reader *reader = line->reader;
  size_t pos = 0;
  ce_field word, last = {0, 0};
  while (ce__next_word(line->text, line->len, &pos, &word)) last = word;
  size_t count;
  ce_status status = parse_marks(line, last, &count, err);
  if (status) return status;
  /* The marks stay in scratch while records go out: copy them aside (a line holds few). */
  mark few[16], *marks = few;
  if (count > 16 && !(marks = malloc(count * sizeof *marks)))
    return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
  if (count) memcpy(marks, reader->scratch.data, count * sizeof *marks);
  for (int kind = 0; kind < 3 && !status; kind++)
    for (size_t i = 0; i < count && !status; i++) {
      if (marks[i].kind != kind) continue;
      uint32_t entity;
      status = entity_of(line, marks[i].number, &entity, err);
      if (status) break;
      if (kind == 0) {
        status = emit_mention(line, marks[i].number, entity, reader->conll_token, err);
      } else if (kind == 1) {
        open_mention open = {entity, reader->conll_top.at[entity], reader->conll_token, line->no};
        if (ce__buf_append(&reader->conll_open, &open, sizeof open)) {
          status = ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
          break;
        }
        reader->conll_top.at[entity] = (uint32_t)(reader->conll_open.len / sizeof open);
        reader->conll_open_count++;
      } else {
        uint32_t top = reader->conll_top.at[entity];
        if (!top) {
          status = ce__line_fail(line, err, marks[i].number.start + 1,
                                 "%.*s) closes a mention of entity %.*s that is not open; "
                                 "expected (%.*s on this line or before it",
                                 (int)marks[i].number.len, line->text + marks[i].number.start,
                                 (int)marks[i].number.len, line->text + marks[i].number.start,
                                 (int)marks[i].number.len, line->text + marks[i].number.start);
          break;
        }
        open_mention *open = (open_mention *)(void *)reader->conll_open.data + (top - 1);
        uint64_t start = open->start;
        reader->conll_top.at[entity] = open->below;
        open->entity = UINT32_MAX;
        reader->conll_open_count--;
        status = emit_mention(line, marks[i].number, entity, start, err);
      }
    }
  if (marks != few) free(marks);
  reader->conll_token++;
  return status;
}

ce_status ce__read_conll(const ce_text_line *line, ce_error *err) {
  ce_reader *reader = line->reader;
  const char *text = line->text;
  size_t len = line->len;
  ce_field name;
  size_t pos = 0;
  ce_field word;
  if (!ce__next_word(text, len, &pos, &word)) return CE_OK; /* blank */
  if (ce__conll_begin(text, len, &name)) {
    if (reader->conll_in_document)
      return ce__line_fail(line, err, 1,
                           "#begin document inside the document begun on line %llu; expected "
                           "#end document first",
                           (unsigned long long)reader->conll_document_line);
    reset_document(reader);
    reader->conll_in_document = 1;
    reader->conll_document_line = line->no;
    ce_record record = {
        CE_REC_DOCUMENT, text + name.start, name.len, "", 0, 0, 1, NULL, 0, 0.0, 0, 0.0, 0.0, 0, 0};
    return ce__emit(line, &record, err);
  }
  if (is_end(text, len)) {
    if (!reader->conll_in_document)
      return ce__line_fail(line, err, 1,
                           "#end document outside a document; expected #begin document NAME "
                           "before it");
    ce_status status = check_closed(reader, line->source, line->no, "#end document", err);
    reader->conll_in_document = 0;
    return status;
  }
  if (text[0] == '#') return CE_OK; /* a comment */
  if (!reader->conll_in_document)
    return ce__line_fail(line, err, 1,
                         "a token line outside a document; expected #begin document NAME "
                         "before it");
  return read_token(line, err);
}
