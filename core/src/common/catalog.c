/* The option and measure tables: ids, defaults, bounds and labels come from the X-macros only. */
#include "common/catalog_internal.h"

#include <math.h>
#include <string.h>

typedef struct option_info {
  const char *id;
  double def, min, max;
  int integral;
} option_info;

static const option_info options[CE_OPT_COUNT] = {
#define CE_OPTION_ROW_(name, id, def, lo, hi, integral) {id, def, lo, hi, integral},
    CE_OPTION_MAP(CE_OPTION_ROW_)
#undef CE_OPTION_ROW_
};

typedef struct measure_info {
  const char *id;
  signed char higher, logs;
  const char *label, *latex;
} measure_info;

static const measure_info measures[CE_MEASURE_COUNT] = {
#define CE_MEASURE_ROW_(name, id, higher, logs, label, latex) {id, higher, logs, label, latex},
    CE_MEASURE_MAP(CE_MEASURE_ROW_)
#undef CE_MEASURE_ROW_
};

int ce_measure_higher_is_better(ce_measure measure) {
  return (unsigned)measure < CE_MEASURE_COUNT ? measures[measure].higher : -1;
}

const char *ce_measure_label(ce_measure measure) {
  return (unsigned)measure < CE_MEASURE_COUNT ? measures[measure].label : NULL;
}

const char *ce__measure_latex(ce_measure measure) {
  return (unsigned)measure < CE_MEASURE_COUNT ? measures[measure].latex : NULL;
}

int ce__measure_in_logs(ce_measure measure) {
  return (unsigned)measure < CE_MEASURE_COUNT && measures[measure].logs;
}

const char *ce_opt_name(ce_option opt) {
  return (unsigned)opt < CE_OPT_COUNT ? options[opt].id : NULL;
}

ce_status ce_opt_bounds(ce_option opt, double *default_value, double *min, double *max) {
  if ((unsigned)opt >= CE_OPT_COUNT) return CE_ERR_USAGE;
  if (default_value) *default_value = options[opt].def;
  if (min) *min = options[opt].min;
  if (max) *max = options[opt].max;
  return CE_OK;
}

ce_status ce_opt_check(ce_option opt, double value) {
  if ((unsigned)opt >= CE_OPT_COUNT) return CE_ERR_USAGE;
  const option_info *info = &options[opt];
  if (!(value >= info->min && value <= info->max)) return CE_ERR_USAGE; /* NaN fails too */
  if (info->integral && value != floor(value)) return CE_ERR_USAGE;
  return CE_OK;
}

const char *ce_measure_id(ce_measure measure) {
  return (unsigned)measure < CE_MEASURE_COUNT ? measures[measure].id : NULL;
}

ce_measure ce_measure_from_id(const char *id) {
  for (int m = 0; id && m < CE_MEASURE_COUNT; m++)
    if (strcmp(measures[m].id, id) == 0) return (ce_measure)m;
  return CE_MEASURE_COUNT;
}

static const char *const format_ids[CE_FORMAT_COUNT] = {
#define CE_FORMAT_ROW_(name, id) id,
    CE_FORMAT_MAP(CE_FORMAT_ROW_)
#undef CE_FORMAT_ROW_
};

const char *ce_format_name(ce_format format) {
  return (unsigned)format < CE_FORMAT_COUNT ? format_ids[format] : NULL;
}

ce_format ce_format_from_name(const char *id) {
  for (int f = 0; id && f < CE_FORMAT_COUNT; f++)
    if (strcmp(format_ids[f], id) == 0) return (ce_format)f;
  return CE_FORMAT_COUNT;
}

const char *ce_baseline_name(ce_baseline baseline) {
  static const char *const names[CE_BASELINE_COUNT] = {"random", "one", "singletons", "majority"};
  return (unsigned)baseline < CE_BASELINE_COUNT ? names[baseline] : NULL;
}

/* The names an option's whole values stand for, in the order of their enums. */
const char *ce_opt_choice(ce_option opt, unsigned value) {
  static const char *const means[] = {"arithmetic", "geometric", "min", "max", NULL};
  static const char *const policies[] = {"merge", "split", "drop", NULL};
  static const char *const levels[] = {"both", "token", "type", NULL};
  const char *const *names = opt == CE_OPT_NMI_MEAN      ? means
                             : opt == CE_OPT_UNCLUSTERED ? policies
                             : opt == CE_OPT_LEVELS      ? levels
                                                         : NULL;
  for (unsigned i = 0; names && names[i]; i++)
    if (i == value) return names[i];
  return NULL;
}
