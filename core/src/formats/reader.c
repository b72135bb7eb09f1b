/*
 * The reader of SPEC §2 as the evaluation sees it: one entry point per line that hands the
 * line to its format's reader (read_<format>.c), and the checks that need the whole input.
 */
#include <stdio.h>
#include <string.h>

#include "formats/reader_internal.h"
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
    [CE_FORMAT_JOINT] = {"counts", "item<TAB>class<TAB>cluster<TAB>count lines"},
    [CE_FORMAT_CSV] = {"rows",
                       "a header naming an item column (word, item, token) and a label "
                       "column (class, label, tag, cluster), then one row per item"},
    [CE_FORMAT_SENSES] = {"instances", "LEMMA INSTANCE SENSE[/WEIGHT] ... lines"},
    [CE_FORMAT_TDE_WORDS] = {"intervals", "'file onset offset label' lines"},
    [CE_FORMAT_TDE_CLASSES] = {"fragments",
                               "'Class N' lines, each followed by its 'file onset offset' "
                               "fragments and an empty line"},
    [CE_FORMAT_CONLL] = {"documents",
                         "#begin document NAME, token lines with coreference marks last, "
                         "#end document"},
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
  ce__buf_free(&reader->senses);
  ce__buf_free(&reader->tde_class);
  ce__conll_free(reader);
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
    case CE_FORMAT_JOINT:
      return ce__read_joint(&text, err);
    case CE_FORMAT_CSV:
      return ce__read_csv(&text, err);
    case CE_FORMAT_SENSES:
      return ce__read_senses(&text, err);
    case CE_FORMAT_TDE_WORDS:
      return ce__read_tde_words(&text, err);
    case CE_FORMAT_TDE_CLASSES:
      return ce__read_tde_classes(&text, err);
    case CE_FORMAT_CONLL:
      return ce__read_conll(&text, err);
    default:
      return ce__fail(err, CE_ERR_USAGE, source, line_no, 0, "reader not initialised");
  }
}

ce_status ce__reader_end(ce_reader *reader, const char *source, uint64_t lines, ce_error *err) {
  if (reader->format <= CE_FORMAT_AUTO || reader->format >= CE_FORMAT_COUNT)
    return ce__fail(err, CE_ERR_USAGE, source, 0, 0, "reader not initialised");
  const char *records = format_info[reader->format].records;
  const char *shape = format_info[reader->format].shape;
  if (reader->format == CE_FORMAT_CONLL) {
    ce_status status = ce__conll_end(reader, source, lines, err);
    if (status) return status;
  }
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
