/*
 * Spoken term discovery's files (SPEC §3.8), as zerospeech/tdev2 reads them.
 *
 * `tde-words`: the gold word alignment and the phone alignment (--phones), `file onset offset
 * label` lines in seconds. Fields are runs of blanks (the files use single spaces); an empty
 * line is skipped; an onset not before its offset is an error (tdev2 divides by durations).
 * Skipping SIL words and counting a repeated line once are the run's (run/tde.c): the phone
 * alignment keeps SIL and SPN.
 *
 * `tde-classes`: a system's class file. `Class N` opens a class, `file onset offset` lines
 * are its fragments, an empty line closes it. An empty line before any class, two in a row,
 * a fragment outside a class, an offset not after its onset and any other line are errors
 * naming the line. A class with no fragment leaves no record, so it is dropped; a number
 * that two kept classes share is the run's to find, which sees every class.
 */
#include <string.h>

#include "formats/readers_internal.h"

/* Where a class file is (ce_reader.tde_state). */
enum { BEFORE_CLASSES = 0, IN_CLASS = 1, AFTER_EMPTY = 2 };

/* Splits the line into at most `max` fields; returns how many it has. */
static size_t split(const char *text, size_t len, ce_field *fields, size_t max) {
  size_t pos = 0, count = 0;
  ce_field word;
  while (ce__next_word(text, len, &pos, &word)) {
    if (count < max) fields[count] = word;
    count++;
  }
  return count;
}

int ce__is_tde_span(const char *line, size_t len, size_t fields) {
  ce_field f[4];
  double on, off;
  return split(line, len, f, 4) == fields && !memchr(line, '\t', len) &&
         ce__parse_decimal(line + f[1].start, f[1].len, &on) &&
         ce__parse_decimal(line + f[2].start, f[2].len, &off) && on < off;
}

int ce__is_tde_class_header(const char *line, size_t len) {
  ce_field f[3];
  return split(line, len, f, 3) >= 2 && f[0].len == 5 && memcmp(line + f[0].start, "Class", 5) == 0;
}

/* The onset and offset of fields 2 and 3, or an error naming the field. */
static ce_status read_times(const ce_text_line *line, const ce_field *f, ce_record *record,
                            ce_error *err) {
  for (int k = 1; k <= 2; k++) {
    double *at = k == 1 ? &record->onset : &record->offset;
    if (!ce__parse_decimal(line->text + f[k].start, f[k].len, at))
      return ce__line_fail(line, err, f[k].start + 1,
                           "%s %s is not a number; expected a time in seconds (e.g. 1.25)",
                           k == 1 ? "onset" : "offset", ce__excerpt(line, f[k]));
  }
  if (!(record->onset < record->offset))
    return ce__line_fail(line, err, f[2].start + 1,
                         "offset %s is not after the onset; expected onset < offset",
                         ce__excerpt(line, f[2]));
  return CE_OK;
}

ce_status ce__read_tde_words(const ce_text_line *line, ce_error *err) {
  ce_field f[4];
  size_t count = split(line->text, line->len, f, 4);
  if (!count) return CE_OK;
  if (count != 4)
    return ce__line_fail(line, err, 0,
                         "%zu field%s; expected 'file onset offset label' (seconds, single "
                         "spaces)",
                         count, count == 1 ? "" : "s");
  ce_record record = {CE_REC_SPAN,
                      line->text + f[0].start,
                      f[0].len,
                      line->text + f[3].start,
                      f[3].len,
                      0,
                      f[0].start + 1,
                      NULL,
                      0,
                      0.0,
                      0,
                      0.0,
                      0.0,
                      0,
                      0};
  ce_status status = read_times(line, f, &record, err);
  return status ? status : ce__emit(line, &record, err);
}

/* Opens the class of a `Class N` line: its name is the second field, kept until the next. */
static ce_status open_class(const ce_text_line *line, const ce_field *f, ce_error *err) {
  ce_reader *reader = line->reader;
  reader->tde_class.len = 0;
  if (ce__buf_append(&reader->tde_class, line->text + f[1].start, f[1].len))
    return ce__fail(err, CE_ERR_NOMEM, line->source, line->no, 0, "out of memory");
  reader->tde_class_line = line->no;
  reader->tde_state = IN_CLASS;
  return CE_OK;
}

ce_status ce__read_tde_classes(const ce_text_line *line, ce_error *err) {
  ce_reader *reader = line->reader;
  ce_field f[4];
  size_t count = split(line->text, line->len, f, 4);
  if (!count) {
    if (reader->tde_state == IN_CLASS) {
      reader->tde_state = AFTER_EMPTY;
      return CE_OK;
    }
    return ce__line_fail(line, err, 0,
                         reader->tde_state == BEFORE_CLASSES
                             ? "an empty line before any class; expected 'Class N' first"
                             : "two empty lines in a row; expected one empty line between "
                               "classes");
  }
  if (ce__is_tde_class_header(line->text, line->len)) return open_class(line, f, err);
  if (count != 3)
    return ce__line_fail(line, err, 0,
                         "%zu field%s; expected 'Class N', a fragment 'file onset offset' or "
                         "an empty line",
                         count, count == 1 ? "" : "s");
  if (reader->tde_state != IN_CLASS)
    return ce__line_fail(line, err, f[0].start + 1,
                         "a fragment outside any class; expected 'Class N' before it");
  ce_record record = {CE_REC_FRAGMENT,
                      line->text + f[0].start,
                      f[0].len,
                      "",
                      0,
                      0,
                      f[0].start + 1,
                      reader->tde_class.data,
                      reader->tde_class.len,
                      0.0,
                      0,
                      0.0,
                      0.0,
                      reader->tde_class_line,
                      0};
  ce_status status = read_times(line, f, &record, err);
  return status ? status : ce__emit(line, &record, err);
}
