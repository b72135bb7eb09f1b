/* The inputs of a run and reading its values and JSON, in the tests of the public API. */
#ifndef CE_TEST_EVAL_VALUES_H
#define CE_TEST_EVAL_VALUES_H

#include <string.h>

#include "check.h"
#include "clustereval.h"

/* An input of a run: its name, its format (or CE_FORMAT_AUTO) and its bytes. */
typedef struct input {
  const char *name;
  ce_format format;
  const char *bytes;
} input;

/* The measure of a row at a level; a check fails when it is not defined. */
static inline double value(const ce_eval *ev, size_t row, ce_level level, ce_measure m) {
  double v = -1;
  CHECK(ce_eval_value(ev, row, level, m, &v) == CE_OK);
  return v;
}

static inline int unavailable(const ce_eval *ev, size_t row, ce_level level, ce_measure m) {
  double v;
  return ce_eval_value(ev, row, level, m, &v) == CE_ERR_UNAVAILABLE;
}

/* Feeds input 0 `first` and inputs 1.. `rest[0..count)` `chunk` bytes at a time, round-robin
 * (lines span chunks), then closes every one of them. */
static inline void feed_round_robin(ce_eval *ev, const char *first, const char *const *rest,
                                    size_t count, size_t chunk) {
  size_t at[8] = {0};
  for (int open = 1; open;) {
    open = 0;
    for (size_t i = 0; i <= count && i < 8; i++) {
      const char *text = i ? rest[i - 1] : first;
      size_t len = strlen(text);
      if (at[i] >= len) continue;
      size_t n = len - at[i] < chunk ? len - at[i] : chunk;
      ce_eval_feed(ev, i, text + at[i], n, NULL);
      at[i] += n;
      open = 1;
    }
  }
  for (size_t i = 0; i <= count; i++) ce_eval_close(ev, i, NULL);
}

/* The run's JSON; the caller frees it with ce_free. */
static inline char *json_of(const ce_eval *ev) {
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  return json;
}

#endif
