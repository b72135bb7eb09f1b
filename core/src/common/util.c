#include "common/util_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ce_status ce__fail(ce_error *err, ce_status code, const char *source, uint64_t line,
                   uint64_t column, const char *fmt, ...) {
  if (!err) return code;
  err->code = code;
  err->line = line;
  err->column = column;
  snprintf(err->source, sizeof err->source, "%s", source ? source : "");
  size_t used = 0;
  if (err->source[0] && line)
    used = (size_t)snprintf(err->message, sizeof err->message, "%s:%llu: ", err->source,
                            (unsigned long long)line);
  else if (err->source[0])
    used = (size_t)snprintf(err->message, sizeof err->message, "%s: ", err->source);
  if (used >= sizeof err->message) used = sizeof err->message - 1;
  va_list args;
  va_start(args, fmt);
  vsnprintf(err->message + used, sizeof err->message - used, fmt, args);
  va_end(args);
  return code;
}

ce_status ce__copy_error(ce_error *err, const ce_error *from) {
  if (err && err != from) *err = *from;
  return from->code;
}

void ce__buf_free(ce_buf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->len = buf->cap = 0;
}

static int ascending_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return (a > b) - (a < b);
}

void ce__sort_u32(uint32_t *ids, size_t count) {
  if (count > 1) qsort(ids, count, sizeof *ids, ascending_u32);
}

void ce__sparse_ascending(ce_sparse_row *row, size_t size) {
  if (row->count * 16 <= size) {
    ce__sort_u32(row->ids, row->count);
    return;
  }
  size_t count = 0; /* a scan costs less than sorting a sixteenth of the ids or more */
  for (size_t id = 0; id < size; id++)
    if (row->acc[id] != 0.0) row->ids[count++] = (uint32_t)id;
}

ce_status ce__grow(void **array, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return CE_OK;
  size_t next = *cap ? *cap : 16;
  while (next < need) {
    if (next > SIZE_MAX / 2) return CE_ERR_NOMEM;
    next *= 2;
  }
  if (next > SIZE_MAX / elem) return CE_ERR_NOMEM;
  void *grown = realloc(*array, next * elem);
  if (!grown) return CE_ERR_NOMEM;
  *array = grown;
  *cap = next;
  return CE_OK;
}

ce_status ce__buf_reserve(ce_buf *buf, size_t extra) {
  if (extra > SIZE_MAX - buf->len - 1) return CE_ERR_NOMEM;
  return ce__grow((void **)&buf->data, &buf->cap, buf->len + extra + 1, 1);
}

ce_status ce__buf_append(ce_buf *buf, const void *bytes, size_t len) {
  ce_status status = ce__buf_reserve(buf, len);
  if (status) return status;
  if (len) memcpy(buf->data + buf->len, bytes, len);
  buf->len += len;
  buf->data[buf->len] = '\0';
  return CE_OK;
}

ce_status ce__buf_puts(ce_buf *buf, const char *text) {
  return ce__buf_append(buf, text, strlen(text));
}

ce_status ce__buf_printf(ce_buf *buf, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int need = vsnprintf(NULL, 0, fmt, args);
  va_end(args);
  if (need < 0) return CE_ERR_INTERNAL;
  ce_status status = ce__buf_reserve(buf, (size_t)need);
  if (status) return status;
  va_start(args, fmt);
  vsnprintf(buf->data + buf->len, (size_t)need + 1, fmt, args);
  va_end(args);
  buf->len += (size_t)need;
  return CE_OK;
}

ce_status ce__buf_append_excerpt(ce_buf *buf, const char *bytes, size_t len, size_t max) {
  size_t shown = len > max ? max : len;
  ce_status status = CE_OK;
  for (size_t i = 0; i < shown && !status; i++) {
    unsigned char byte = (unsigned char)bytes[i];
    if (byte < 0x20 || byte == 0x7f)
      status = ce__buf_printf(buf, "\\x%02x", byte);
    else
      status = ce__buf_append(buf, &bytes[i], 1);
  }
  if (!status && shown < len) status = ce__buf_puts(buf, "...");
  return status;
}

ce_status ce__buf_put_double(ce_buf *buf, double value) {
  if (!isfinite(value)) return ce__buf_puts(buf, "null");
  char text[40];
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(text, sizeof text, "%.*g", digits, value);
    if (strtod(text, NULL) == value) break;
  }
  return ce__buf_puts(buf, text);
}

ce_status ce__buf_put_json_string(ce_buf *buf, const char *bytes, size_t len) {
  ce_status status = ce__buf_puts(buf, "\"");
  for (size_t i = 0; !status && i < len; i++) {
    unsigned char c = (unsigned char)bytes[i];
    status = c == '"' || c == '\\' ? ce__buf_printf(buf, "\\%c", c)
             : c < 0x20            ? ce__buf_printf(buf, "\\u%04x", c)
                                   : ce__buf_append(buf, &bytes[i], 1);
  }
  return status ? status : ce__buf_puts(buf, "\"");
}
