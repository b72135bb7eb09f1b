/* The inputs of a run and reading its values and JSON, in the tests of the public API. */
#ifndef CE_TEST_EVAL_VALUES_H
#define CE_TEST_EVAL_VALUES_H

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

/* The run's JSON; the caller frees it with ce_free. */
static inline char *json_of(const ce_eval *ev) {
  char *json = NULL;
  CHECK(ce_eval_json(ev, &json, NULL) == CE_OK);
  return json;
}

#endif
