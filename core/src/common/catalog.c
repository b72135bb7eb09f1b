/* The option and measure tables: ids, defaults, bounds and labels come from the X-macros only. */
#include "common/catalog_internal.h"

#include <math.h>
#include <string.h>

static const ce_opt_info options[CE_OPT_COUNT] = {
#define CE_OPTION_ROW_(name, id, kind, def, lo, hi, choices, group, label, help) \
  {id, kind, def, lo, hi, choices, group, label, help},
    CE_OPTION_MAP(CE_OPTION_ROW_)
#undef CE_OPTION_ROW_
};

static const char *const group_ids[CE_OPT_GROUP_COUNT] = {
#define CE_OPT_GROUP_ROW_(name, id, title) id,
    CE_OPT_GROUP_MAP(CE_OPT_GROUP_ROW_)
#undef CE_OPT_GROUP_ROW_
};

static const char *const group_titles[CE_OPT_GROUP_COUNT] = {
#define CE_OPT_GROUP_ROW_(name, id, title) title,
    CE_OPT_GROUP_MAP(CE_OPT_GROUP_ROW_)
#undef CE_OPT_GROUP_ROW_
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

const ce_opt_info *ce_opt_describe(ce_option opt) {
  return (unsigned)opt < CE_OPT_COUNT ? &options[opt] : NULL;
}

ce_option ce_opt_from_id(const char *id) {
  for (int opt = 0; id && opt < CE_OPT_COUNT; opt++)
    if (strcmp(options[opt].id, id) == 0) return (ce_option)opt;
  return CE_OPT_COUNT;
}

const char *ce_opt_name(ce_option opt) {
  return (unsigned)opt < CE_OPT_COUNT ? options[opt].id : NULL;
}

ce_status ce_opt_bounds(ce_option opt, double *default_value, double *min, double *max) {
  if ((unsigned)opt >= CE_OPT_COUNT) return CE_ERR_USAGE;
  if (default_value) *default_value = options[opt].default_value;
  if (min) *min = options[opt].min;
  if (max) *max = options[opt].max;
  return CE_OK;
}

ce_status ce_opt_check(ce_option opt, double value) {
  if ((unsigned)opt >= CE_OPT_COUNT) return CE_ERR_USAGE;
  const ce_opt_info *info = &options[opt];
  if (!(value >= info->min && value <= info->max)) return CE_ERR_USAGE; /* NaN fails too */
  if (info->kind != CE_OPT_KIND_NUMBER && value != floor(value)) return CE_ERR_USAGE;
  return CE_OK;
}

const char *ce_opt_group_id(ce_opt_group group) {
  return (unsigned)group < CE_OPT_GROUP_COUNT ? group_ids[group] : NULL;
}

const char *ce_opt_group_title(ce_opt_group group) {
  return (unsigned)group < CE_OPT_GROUP_COUNT ? group_titles[group] : NULL;
}

const char *ce_measure_id(ce_measure measure) {
  return (unsigned)measure < CE_MEASURE_COUNT ? measures[measure].id : NULL;
}

const char *ce_level_id(ce_level level) {
  static const char *const ids[] = {"token", "type", "senses", "tde", "coref"};
  return (unsigned)level <= CE_LEVEL_LAST ? ids[level] : NULL;
}

int ce_level_has(ce_level level, ce_measure measure) {
  if ((unsigned)measure >= CE_MEASURE_COUNT) return 0;
  switch (level) {
    case CE_LEVEL_TOKEN:
      return CE_IS_TOKEN_MEASURE(measure);
    case CE_LEVEL_TYPE:
      return measure <= CE_COVER_F;
    case CE_LEVEL_SENSE:
      return CE_IS_SENSE_MEASURE(measure);
    case CE_LEVEL_TDE:
      return CE_IS_TDE_MEASURE(measure);
    case CE_LEVEL_COREF:
      return CE_IS_COREF_MEASURE(measure);
  }
  return 0;
}

ce_level ce_measure_level(ce_measure measure) {
  return CE_IS_TOKEN_MEASURE(measure)   ? CE_LEVEL_TOKEN
         : CE_IS_SENSE_MEASURE(measure) ? CE_LEVEL_SENSE
         : CE_IS_TDE_MEASURE(measure)   ? CE_LEVEL_TDE
         : CE_IS_COREF_MEASURE(measure) ? CE_LEVEL_COREF
                                        : CE_LEVEL_TYPE;
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

/* The choices are one string of names, each ended by a NUL; the empty name ends them. */
const char *ce_opt_choice(ce_option opt, unsigned value) {
  if ((unsigned)opt >= CE_OPT_COUNT || options[opt].kind != CE_OPT_KIND_CHOICE) return NULL;
  const char *name = options[opt].choices;
  for (unsigned i = 0; *name; i++, name += strlen(name) + 1)
    if (i == value) return name;
  return NULL;
}

int ce_opt_choice_value(ce_option opt, const char *name) {
  for (unsigned v = 0; name && ce_opt_choice(opt, v); v++)
    if (strcmp(ce_opt_choice(opt, v), name) == 0) return (int)v;
  return -1;
}
