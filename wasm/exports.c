/*
 * The flat C surface the JavaScript binding calls: numbers and pointers only. A handle
 * pairs an evaluation with the last error and the last JSON result, so that JS reads
 * them back through plain accessors. Nothing here computes; it only forwards to the core.
 */
#include <stdlib.h>

#include "clustereval.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define CE_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define CE_EXPORT
#endif

typedef struct ce_wasm_handle {
  ce_eval *ev;
  ce_error error;
  char *json;
  size_t json_len;
} ce_wasm_handle;

CE_EXPORT const char *ce_wasm_version(void) {
  return ce_version();
}
CE_EXPORT int ce_wasm_option_count(void) {
  return CE_OPT_COUNT;
}
CE_EXPORT const char *ce_wasm_option_name(int opt) {
  return ce_opt_name((ce_option)opt);
}
CE_EXPORT const char *ce_wasm_status_name(int status) {
  return ce_status_name((ce_status)status);
}

CE_EXPORT ce_wasm_handle *ce_wasm_create(void) {
  ce_wasm_handle *handle = calloc(1, sizeof *handle);
  if (handle && !(handle->ev = ce_eval_create())) {
    free(handle);
    handle = NULL;
  }
  return handle;
}

CE_EXPORT void ce_wasm_free(ce_wasm_handle *handle) {
  if (!handle) return;
  ce_eval_free(handle->ev);
  ce_free(handle->json);
  free(handle);
}

CE_EXPORT int ce_wasm_set(ce_wasm_handle *handle, int opt, double value) {
  return ce_eval_set(handle->ev, (ce_option)opt, value);
}

CE_EXPORT int ce_wasm_add_input(ce_wasm_handle *handle, const char *name) {
  return ce_eval_add_input(handle->ev, name, NULL, &handle->error);
}

CE_EXPORT int ce_wasm_feed(ce_wasm_handle *handle, int index, const void *bytes, size_t len) {
  return ce_eval_feed(handle->ev, (size_t)index, bytes, len, &handle->error);
}

CE_EXPORT int ce_wasm_close(ce_wasm_handle *handle, int index) {
  return ce_eval_close(handle->ev, (size_t)index, &handle->error);
}

CE_EXPORT int ce_wasm_finish(ce_wasm_handle *handle) {
  ce_status status = ce_eval_finish(handle->ev, &handle->error);
  if (status) return status;
  ce_free(handle->json);
  handle->json = NULL;
  status = ce_eval_json(handle->ev, &handle->json, &handle->json_len);
  if (status) handle->error.code = status;
  return status;
}

CE_EXPORT const char *ce_wasm_json(const ce_wasm_handle *handle) {
  return handle->json;
}
CE_EXPORT size_t ce_wasm_json_length(const ce_wasm_handle *handle) {
  return handle->json_len;
}

/* The last error, field by field. */
CE_EXPORT int ce_wasm_error_code(const ce_wasm_handle *handle) {
  return handle->error.code;
}
CE_EXPORT const char *ce_wasm_error_message(const ce_wasm_handle *handle) {
  return handle->error.message;
}
CE_EXPORT const char *ce_wasm_error_source(const ce_wasm_handle *handle) {
  return handle->error.source;
}
CE_EXPORT double ce_wasm_error_line(const ce_wasm_handle *handle) {
  return (double)handle->error.line;
}
CE_EXPORT double ce_wasm_error_column(const ce_wasm_handle *handle) {
  return (double)handle->error.column;
}
