/* The label maps compiled into the core (labelmap_presets.c, generated). */
#ifndef CE_LABELMAP_PRESETS_INTERNAL_H
#define CE_LABELMAP_PRESETS_INTERNAL_H

#include <stddef.h>

/* A map compiled in; generated into labelmap_presets.c by scripts/gen_tagmap_presets.py. */
typedef struct ce_label_map_preset {
  const char *name;              /* "brown-universal" */
  const char *description;       /* one line for a UI or --help */
  const char *const (*pairs)[2]; /* {from, to} */
  size_t count;
} ce_label_map_preset;

/* The presets, in a fixed order; *count receives their number. */
const ce_label_map_preset *ce__label_map_presets(size_t *count);

#endif
