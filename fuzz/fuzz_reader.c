/*
 * libFuzzer target for the readers of SPEC §2. Built once per format with
 * -DCE_FUZZ_FORMAT=CE_FORMAT_<NAME>; with CE_FORMAT_AUTO (the default) the format is first
 * detected from the input, as the evaluation does, and detection also sees a head cut at
 * an arbitrary byte.
 *
 * Each input is read twice through lines.c and the reader: in one chunk, and split in two
 * at a point drawn from its bytes. Both readings must give the same records and the same
 * error, every record must hold a non-empty item and label of valid UTF-8, and every
 * failure must carry a message: any difference aborts, which libFuzzer reports as a crash.
 */
#include <stdlib.h>
#include <string.h>

#include "text/lines_internal.h"
#include "formats/detect_internal.h"
#include "formats/reader_internal.h"
#include "text/unicode_punct_internal.h"

#ifndef CE_FUZZ_FORMAT
#define CE_FUZZ_FORMAT CE_FORMAT_AUTO
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void mix(uint64_t *hash, const void *bytes, size_t len) {
  const unsigned char *p = bytes;
  for (size_t i = 0; i < len; i++) *hash = (*hash ^ p[i]) * 0x100000001b3u; /* FNV-1a */
}

static void check_text(const char *bytes, size_t len) {
  if (!len || ce__utf8_invalid_at(bytes, len) != len) abort();
}

static ce_status on_record(void *ctx, const ce_record *r, uint64_t line_no, ce_error *err) {
  (void)err;
  uint64_t *hash = ctx;
  int has_cls = r->kind == CE_REC_JOINT || r->kind == CE_REC_SENSE || r->kind == CE_REC_FRAGMENT;
  if (r->kind > CE_REC_MENTION || !line_no || has_cls != (r->cls != NULL)) abort();
  /* A span or fragment of SPEC §3.8 has its onset before its offset; a fragment's class was
   * opened on an earlier line. */
  int timed = r->kind == CE_REC_SPAN || r->kind == CE_REC_FRAGMENT;
  if (timed && !(r->onset < r->offset)) abort();
  if (r->kind == CE_REC_FRAGMENT && !(r->opened && r->opened < line_no)) abort();
  /* A conll mention: its entity's mark (digits), its tokens in order (SPEC §3.6). */
  if (r->kind == CE_REC_MENTION) {
    check_text(r->label, r->label_len);
    for (size_t i = 0; i < r->label_len; i++)
      if (r->label[i] < '0' || r->label[i] > '9') abort();
    if (r->count > r->span_end) abort();
    mix(hash, &r->span_end, sizeof r->span_end);
    mix(hash, &r->sense_index, sizeof r->sense_index);
    mix(hash, r->label, r->label_len);
    mix(hash, &r->count, sizeof r->count);
    return CE_OK;
  }
  if (r->kind == CE_REC_DOCUMENT) { /* the name may be empty */
    if (r->item_len) check_text(r->item, r->item_len);
    mix(hash, r->item, r->item_len);
    mix(hash, &line_no, sizeof line_no);
    return CE_OK;
  }
  /* A sense's weight is a membership, divided by its line's largest (SPEC §3.7). */
  if (r->kind == CE_REC_SENSE && !(r->weight >= 0.0 && r->weight <= 1.0)) abort();
  if (r->kind != CE_REC_BREAK) {
    check_text(r->item, r->item_len);
    if (r->kind != CE_REC_FRAGMENT) check_text(r->label, r->label_len); /* a fragment has none */
    (void)ce__token_is_punct(r->item, r->item_len);
  }
  if (has_cls) {
    check_text(r->cls, r->cls_len);
    mix(hash, r->cls, r->cls_len);
  }
  if (timed) {
    mix(hash, &r->onset, sizeof r->onset);
    mix(hash, &r->offset, sizeof r->offset);
    mix(hash, &r->opened, sizeof r->opened);
  }
  if (r->kind == CE_REC_SENSE) {
    mix(hash, &r->weight, sizeof r->weight);
    mix(hash, &r->sense_index, sizeof r->sense_index);
  }
  mix(hash, &r->kind, sizeof r->kind);
  mix(hash, &line_no, sizeof line_no);
  mix(hash, r->item, r->item_len);
  mix(hash, "\t", 1);
  mix(hash, r->label, r->label_len);
  mix(hash, &r->count, sizeof r->count);
  mix(hash, &r->column, sizeof r->column);
  return CE_OK;
}

typedef struct reading {
  ce_reader reader;
  uint64_t hash;
} reading;

static ce_status on_line(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  reading *r = ctx;
  return ce__reader_line(&r->reader, "fuzz", line, len, line_no, on_record, &r->hash, err);
}

/* Reads the input as two chunks split at `split`; the records' hash goes to *hash. */
static ce_status read_input(ce_format format, unsigned column, unsigned depth, const char *bytes,
                            size_t size, size_t split, uint64_t *hash, ce_error *err) {
  reading r;
  ce_lines lines;
  ce_status status = ce__reader_init(&r.reader, format, column, depth);
  if (status) abort();
  r.hash = 0xcbf29ce484222325u;
  ce__lines_init(&lines, "fuzz");
  status = ce__lines_feed(&lines, bytes, split, on_line, &r, err);
  if (!status) status = ce__lines_feed(&lines, bytes + split, size - split, on_line, &r, err);
  if (!status) status = ce__lines_close(&lines, on_line, &r, err);
  if (!status) status = ce__reader_end(&r.reader, "fuzz", lines.line_no, err);
  ce__lines_free(&lines);
  ce__reader_free(&r.reader);
  *hash = r.hash;
  return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *bytes = (const char *)data;
  uint64_t seed = 0xcbf29ce484222325u;
  mix(&seed, data, size);
  /* The split point and the options come from the bytes, so the seeds stay plain text. */
  size_t split = (size_t)(seed % (size + 1));
  unsigned column = (seed >> 32) % 4 == 0 ? (unsigned)((seed >> 34) % 12) : 0;
  unsigned depth = (seed >> 40) % 4 == 0 ? (unsigned)((seed >> 42) % 10) : 0;
  ce_format format = CE_FUZZ_FORMAT;
  if (format == CE_FORMAT_AUTO) {
    format = ce__detect_format(bytes, size, 1);
    ce_format cut = ce__detect_format(bytes, split, 0);
    if (format <= CE_FORMAT_AUTO || format >= CE_FORMAT_COUNT || cut <= CE_FORMAT_AUTO ||
        cut >= CE_FORMAT_COUNT)
      abort();
  }
  uint64_t whole_hash, split_hash;
  ce_error whole = {0}, parts = {0};
  ce_status a = read_input(format, column, depth, bytes, size, size, &whole_hash, &whole);
  ce_status b = read_input(format, column, depth, bytes, size, split, &split_hash, &parts);
  if (a != b || whole_hash != split_hash || whole.code != parts.code || whole.line != parts.line ||
      whole.column != parts.column || strcmp(whole.message, parts.message) != 0)
    abort();
  if (a && (!whole.message[0] || strncmp(whole.message, "fuzz:", 5) != 0)) abort();
  if ((a == CE_ERR_SYNTAX || a == CE_ERR_ENCODING) && !whole.line) abort();
  return 0;
}
