/*
 * Label maps (SPEC §2 `--gold-map`, `--induced-map`): `from<TAB>to` lines that rewrite
 * labels before anything is counted, read from bytes in chunks like any input, or taken
 * from the presets compiled in (the wasm build has no file system). What happens to a
 * label the map lacks is the caller's choice (an error, or kept with `--map-keep`).
 */
#ifndef CE_LABELMAP_INTERNAL_H
#define CE_LABELMAP_INTERNAL_H

#include "text/intern_internal.h"
#include "text/lines_internal.h"

typedef struct ce_label_map {
  ce_intern from;   /* the labels mapped, dense ids */
  ce_intern to;     /* the labels they become */
  uint32_t *target; /* target[from id] = to id */
  uint64_t *line;   /* line[from id] = the line that mapped it, for duplicate errors */
  size_t cap;
  ce_lines lines; /* the map's text while it is fed */
} ce_label_map;

/* Starts an empty map; `source` names it in errors (not copied: it must outlive the map). */
void ce__label_map_init(ce_label_map *map, const char *source);
/* Frees everything the map holds. Accepts a map that was only initialised. */
void ce__label_map_free(ce_label_map *map);

/*
 * Reads the next `len` bytes of a map file; a line may span chunks. Blank lines are
 * skipped; any other line is `from<TAB>to` (or two fields separated by spaces when it has
 * no TAB). Fails naming source:line on a malformed line and on a `from` mapped twice to
 * different labels (the same pair twice is allowed).
 */
ce_status ce__label_map_feed(ce_label_map *map, const void *bytes, size_t len, ce_error *err);
/* Reads the last line when the file does not end with a line end; an empty map fails. */
ce_status ce__label_map_close(ce_label_map *map, ce_error *err);

/* Adds one pair, checked as a line of a file would be (`line` 0 when there is none). */
ce_status ce__label_map_add(ce_label_map *map, const char *from, size_t from_len, const char *to,
                            size_t to_len, uint64_t line, ce_error *err);

/*
 * What `label` maps to: 1 with *to and *to_len (NUL-terminated, valid until the map is
 * freed), or 0 when the map lacks it. Labels compare byte for byte.
 */
int ce__label_map_lookup(const ce_label_map *map, const char *label, size_t len, const char **to,
                         size_t *to_len);

/* Number of labels the map rewrites. */
size_t ce__label_map_size(const ce_label_map *map);

/* ------------------------------------------------------------------ presets */

/*
 * Fills an initialised, empty map with the preset called `name`; CE_ERR_USAGE naming the
 * presets there are when none has that name.
 */
ce_status ce__label_map_preset(ce_label_map *map, const char *name, ce_error *err);

#endif
