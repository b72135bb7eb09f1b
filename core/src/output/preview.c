/* How the head of a file reads, for the page's preview beside each file (ce_preview_json). */
#include <string.h>

#include "text/lines_internal.h"
#include "formats/detect_internal.h"
#include "formats/reader_internal.h"

typedef struct preview {
  ce_reader reader;
  ce_buf json;
  const char *name; /* of the file, for errors */
  size_t records, max_records;
  ce_status status; /* a failed append */
} preview;

static const char *kind_name(ce_record_kind kind) {
  static const char *const names[] = {"token", "break",    "entry",    "count",    "joint",
                                      "sense", "interval", "fragment", "document", "mention"};
  return names[kind];
}

static void put_string(preview *p, const char *text, size_t len) {
  if (ce__buf_put_json_string(&p->json, text, len)) p->status = CE_ERR_NOMEM;
}

static ce_status on_record(void *ctx, const ce_record *record, uint64_t line, ce_error *err) {
  (void)err;
  preview *p = ctx;
  if (p->records == p->max_records) return CE_OK;
  ce__buf_printf(&p->json, "%s{\"line\":%llu,\"kind\":\"%s\",\"item\":", p->records ? "," : "",
                 (unsigned long long)line, kind_name(record->kind));
  put_string(p, record->item ? record->item : "", record->item ? record->item_len : 0);
  ce__buf_puts(&p->json, ",\"label\":");
  put_string(p, record->label ? record->label : "", record->label ? record->label_len : 0);
  if (record->kind == CE_REC_JOINT) { /* the class, between the item and the cluster */
    ce__buf_puts(&p->json, ",\"class\":");
    put_string(p, record->cls, record->cls_len);
  }
  if (record->kind == CE_REC_SENSE) { /* item: the instance, label: a sense */
    ce__buf_puts(&p->json, ",\"lemma\":");
    put_string(p, record->cls, record->cls_len);
    ce__buf_puts(&p->json, ",\"weight\":");
    if (ce__buf_put_double(&p->json, record->weight)) p->status = CE_ERR_NOMEM;
  }
  if (record->kind == CE_REC_SPAN || record->kind == CE_REC_FRAGMENT) {
    if (record->kind == CE_REC_FRAGMENT) { /* item: the file, class: its class */
      ce__buf_puts(&p->json, ",\"class\":");
      put_string(p, record->cls, record->cls_len);
    }
    ce__buf_puts(&p->json, ",\"onset\":");
    if (ce__buf_put_double(&p->json, record->onset)) p->status = CE_ERR_NOMEM;
    ce__buf_puts(&p->json, ",\"offset\":");
    if (ce__buf_put_double(&p->json, record->offset)) p->status = CE_ERR_NOMEM;
  }
  if (record->kind == CE_REC_MENTION && /* label: the entity's mark, count: its first token */
      ce__buf_printf(&p->json, ",\"end\":%llu", (unsigned long long)record->span_end))
    p->status = CE_ERR_NOMEM;
  if (ce__buf_printf(&p->json, ",\"count\":%llu}", (unsigned long long)record->count))
    p->status = CE_ERR_NOMEM;
  p->records++;
  return CE_OK;
}

static ce_status on_line(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  preview *p = ctx;
  if (p->records == p->max_records) return CE_OK;
  return ce__reader_line(&p->reader, p->name, line, len, line_no, on_record, ctx, err);
}

ce_status ce_preview_json(const char *name, const void *bytes, size_t len, ce_format format,
                          unsigned column, unsigned depth, size_t max_records, char **json,
                          size_t *json_len) {
  if (!json || (unsigned)format >= CE_FORMAT_COUNT || (!bytes && len)) return CE_ERR_USAGE;
  int detected = format == CE_FORMAT_AUTO;
  if (detected) format = ce__detect_format(bytes, len, 0);
  preview p = {0};
  p.max_records = max_records;
  p.name = name ? name : "preview";
  ce_status status = ce__reader_init(&p.reader, format, column, depth);
  if (status) return status;
  ce__buf_printf(&p.json, "{\"format\":\"%s\",\"detected\":%s,\"records\":[",
                 ce_format_name(format), detected ? "true" : "false");
  /* Only whole lines: the head was cut at an arbitrary byte (one cut line is shown). */
  size_t whole = len;
  while (whole && ((const char *)bytes)[whole - 1] != '\n') whole--;
  if (!whole) whole = len;
  ce_lines lines;
  ce__lines_init(&lines, p.name);
  ce_error error = {0};
  status = ce__lines_feed(&lines, bytes, whole, on_line, &p, &error);
  if (!status) status = ce__lines_close(&lines, on_line, &p, &error);
  ce__lines_free(&lines);
  ce__reader_free(&p.reader);
  ce__buf_puts(&p.json, "]");
  if (status && status != CE_ERR_NOMEM) {
    ce__buf_printf(&p.json, ",\"error\":{\"code\":\"%s\",\"message\":", ce_status_name(status));
    put_string(&p, error.message, strlen(error.message));
    ce__buf_printf(&p.json, ",\"line\":%llu,\"column\":%llu}", (unsigned long long)error.line,
                   (unsigned long long)error.column);
    status = CE_OK;
  }
  if (!status && ce__buf_puts(&p.json, "}\n")) status = CE_ERR_NOMEM;
  if (!status) status = p.status;
  if (status) {
    ce__buf_free(&p.json);
    return status;
  }
  *json = p.json.data;
  if (json_len) *json_len = p.json.len;
  return CE_OK;
}
