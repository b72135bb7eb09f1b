/* The result as the JSON document of SPEC §4. Keys may be added over time, never renamed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_internal.h"

/* A JSON string: UTF-8 passes through (inputs are validated), control bytes are escaped. */
static ce_status put_string(ce_buf *out, const char *text) {
  ce_status status = ce__buf_puts(out, "\"");
  for (const unsigned char *p = (const unsigned char *)text; !status && *p; p++) {
    if (*p == '"' || *p == '\\') {
      char escaped[2] = {'\\', (char)*p};
      status = ce__buf_append(out, escaped, 2);
    } else if (*p < 0x20) {
      status = ce__buf_printf(out, "\\u%04x", *p);
    } else {
      status = ce__buf_append(out, p, 1);
    }
  }
  return status ? status : ce__buf_puts(out, "\"");
}

/* The shortest decimal that reads back as the same double, so the JSON round-trips exactly. */
static ce_status put_number(ce_buf *out, double value) {
  if (!isfinite(value)) return ce__buf_puts(out, "null");
  char text[40];
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(text, sizeof text, "%.*g", digits, value);
    if (strtod(text, NULL) == value) break;
  }
  return ce__buf_puts(out, text);
}

static ce_status put_key(ce_buf *out, const char *key, int first) {
  ce_status status = first ? CE_OK : ce__buf_puts(out, ",");
  if (!status) status = put_string(out, key);
  return status ? status : ce__buf_puts(out, ":");
}

static ce_status put_error(ce_buf *out, const ce_error *error) {
  ce_status status = ce__buf_puts(out, "{");
  if (!status) status = put_key(out, "code", 1);
  if (!status) status = put_string(out, ce_status_name(error->code));
  if (!status) status = put_key(out, "message", 0);
  if (!status) status = put_string(out, error->message);
  if (!status) status = put_key(out, "file", 0);
  if (!status) status = put_string(out, error->source);
  if (!status)
    status = ce__buf_printf(out, ",\"line\":%llu,\"column\":%llu}", (unsigned long long)error->line,
                            (unsigned long long)error->column);
  return status;
}

static ce_status put_gold(ce_buf *out, const ce_eval *ev) {
  const ce_input *gold = &ev->inputs[0];
  ce_status status = put_key(out, "gold", 0);
  if (!status) status = ce__buf_puts(out, "{");
  if (!status) status = put_key(out, "name", 1);
  if (!status) status = put_string(out, gold->name);
  if (!status)
    status =
        ce__buf_printf(out,
                       ",\"format\":\"tagged\",\"tokens\":%llu,\"sentences\":%llu,\"items\":%llu,"
                       "\"classes\":%zu,\"polysemous_items\":%llu,\"excluded_tokens\":0}",
                       (unsigned long long)gold->tokens, (unsigned long long)ev->sentences,
                       (unsigned long long)ev->gold_items, ce__intern_count(&gold->labels),
                       (unsigned long long)ev->polysemous_items);
  return status;
}

static const char *const mean_names[] = {"arithmetic", "geometric", "min", "max"};

static ce_status put_options(ce_buf *out, const ce_eval *ev) {
  ce_status status = put_key(out, "options", 0);
  if (!status) status = ce__buf_puts(out, "{\"beta\":");
  if (!status) status = put_number(out, ev->options[CE_OPT_BETA]);
  if (!status)
    status = ce__buf_printf(out, ",\"log\":\"%s\",\"token_check\":%s,\"nmi_mean\":\"%s\"}",
                            ev->options[CE_OPT_LOG2] != 0.0 ? "2" : "e",
                            ev->options[CE_OPT_TOKEN_CHECK] != 0.0 ? "true" : "false",
                            mean_names[(int)ev->options[CE_OPT_NMI_MEAN]]);
  return status;
}

/* The first `count` measures by id, null where not available. */
static ce_status put_measures(ce_buf *out, const ce_measures *measures, int count) {
  ce_status status = ce__buf_puts(out, "{");
  for (int m = 0; !status && m < count; m++) {
    status = put_key(out, ce_measure_id((ce_measure)m), m == 0);
    if (status) break;
    if (measures->available >> m & 1)
      status = put_number(out, measures->value[m]);
    else
      status = ce__buf_puts(out, "null");
  }
  return status ? status : ce__buf_puts(out, "}");
}

static ce_status put_system(ce_buf *out, const ce_input *system, int first) {
  ce_status status = first ? ce__buf_puts(out, "{") : ce__buf_puts(out, ",{");
  if (!status) status = put_key(out, "name", 1);
  if (!status) status = put_string(out, system->name);
  if (!status) status = ce__buf_puts(out, ",\"format\":\"tagged\"");
  if (status) return status;
  if (system->failed) {
    status = put_key(out, "error", 0);
    if (!status) status = put_error(out, &system->error);
  } else {
    status = ce__buf_printf(out, ",\"clusters\":%zu,\"missing\":0,\"extra\":0",
                            ce__intern_count(&system->labels));
    if (!status) status = put_key(out, "token", 0);
    if (!status) status = put_measures(out, &system->token_measures, CE_CONTINGENCY_MEASURE_COUNT);
    if (!status) status = ce__buf_puts(out, ",\"warnings\":[]");
  }
  return status ? status : ce__buf_puts(out, "}");
}

ce_status ce_eval_json(const ce_eval *ev, char **json, size_t *len) {
  if (!ev || !json || !ev->finished) return CE_ERR_USAGE;
  ce_buf out = {0};
  ce_status status = ce__buf_printf(&out, "{\"schema\":1,\"version\":\"%s\"", CE_VERSION_STRING);
  if (!status) status = put_gold(&out, ev);
  if (!status) status = put_options(&out, ev);
  if (!status) status = ce__buf_puts(&out, ",\"systems\":[");
  for (size_t s = 1; !status && s < ev->input_count; s++)
    status = put_system(&out, &ev->inputs[s], s == 1);
  if (!status) status = ce__buf_puts(&out, "]}\n");
  if (status) {
    ce__buf_free(&out);
    return status;
  }
  *json = out.data;
  if (len) *len = out.len;
  return CE_OK;
}
