/* Label maps: `from<TAB>to` lines or a compiled-in preset, looked up by bytes. */
#include "formats/labelmap_internal.h"
#include "formats/labelmap_presets_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/fields_internal.h"

enum { EXCERPT = 40 }; /* bytes of a label shown in a message */

void ce__label_map_init(ce_label_map *map, const char *source) {
  memset(map, 0, sizeof *map);
  ce__lines_init(&map->lines, source);
}

void ce__label_map_free(ce_label_map *map) {
  ce__intern_free(&map->from);
  ce__intern_free(&map->to);
  free(map->target);
  free(map->line);
  ce__lines_free(&map->lines);
  memset(map, 0, sizeof *map);
}

size_t ce__label_map_size(const ce_label_map *map) {
  return ce__intern_count(&map->from);
}

int ce__label_map_lookup(const ce_label_map *map, const char *label, size_t len, const char **to,
                         size_t *to_len) {
  uint32_t id = ce__intern_find(&map->from, label, len);
  if (id == UINT32_MAX) return 0;
  *to = ce__intern_get(&map->to, map->target[id], to_len);
  return 1;
}

static ce_status out_of_memory(ce_label_map *map, uint64_t line, ce_error *err) {
  return ce__fail(err, CE_ERR_NOMEM, map->lines.source, line, 0, "out of memory");
}

/* A `from` seen before: the same target is fine, another one is an error. */
static ce_status check_again(ce_label_map *map, uint32_t id, const char *from, size_t from_len,
                             const char *to, size_t to_len, uint64_t line, ce_error *err) {
  size_t had_len;
  const char *had = ce__intern_get(&map->to, map->target[id], &had_len);
  if (had_len == to_len && memcmp(had, to, to_len) == 0) return CE_OK;
  int from_shown = (int)ce__excerpt_len(from, from_len, EXCERPT);
  int to_shown = (int)ce__excerpt_len(to, to_len, EXCERPT);
  int had_shown = (int)ce__excerpt_len(had, had_len, EXCERPT);
  return ce__fail(err, CE_ERR_SYNTAX, map->lines.source, line, 1,
                  "'%.*s' is mapped to '%.*s' here but to '%.*s' on line %llu; expected one "
                  "target per label",
                  from_shown, from, to_shown, to, had_shown, had,
                  (unsigned long long)map->line[id]);
}

ce_status ce__label_map_add(ce_label_map *map, const char *from, size_t from_len, const char *to,
                            size_t to_len, uint64_t line, ce_error *err) {
  uint32_t id, target;
  int added;
  if (ce__intern_put(&map->from, from, from_len, &id, &added)) return out_of_memory(map, line, err);
  if (!added) return check_again(map, id, from, from_len, to, to_len, line, err);
  size_t line_cap = map->cap;
  if (ce__intern_put(&map->to, to, to_len, &target, NULL) ||
      ce__grow((void **)&map->target, &map->cap, (size_t)id + 1, sizeof *map->target) ||
      ce__grow((void **)&map->line, &line_cap, map->cap, sizeof *map->line))
    return out_of_memory(map, line, err);
  map->target[id] = target;
  map->line[id] = line;
  return CE_OK;
}

static ce_status on_line(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  ce_label_map *map = ctx;
  if (ce__is_blank(line, len)) return CE_OK;
  int tabs = memchr(line, '\t', len) != NULL;
  size_t count;
  ce_field from = ce__nth_column(line, len, tabs, 1, &count);
  ce_field to = ce__nth_column(line, len, tabs, 2, &count);
  if (count != 2)
    return ce__fail(err, CE_ERR_SYNTAX, map->lines.source, line_no, 0,
                    "%zu column%s; expected from<TAB>to", count, count == 1 ? "" : "s");
  if (ce__field_is_blank(line, from))
    return ce__fail(err, CE_ERR_SYNTAX, map->lines.source, line_no, 1,
                    "empty label before the TAB; expected from<TAB>to");
  if (ce__field_is_blank(line, to))
    return ce__fail(err, CE_ERR_SYNTAX, map->lines.source, line_no, to.start + 1,
                    "empty label after the TAB; expected from<TAB>to");
  return ce__label_map_add(map, line + from.start, from.len, line + to.start, to.len, line_no, err);
}

ce_status ce__label_map_feed(ce_label_map *map, const void *bytes, size_t len, ce_error *err) {
  return ce__lines_feed(&map->lines, bytes, len, on_line, map, err);
}

ce_status ce__label_map_close(ce_label_map *map, ce_error *err) {
  ce_status status = ce__lines_close(&map->lines, on_line, map, err);
  if (status) return status;
  if (!ce__label_map_size(map))
    return ce__fail(err, CE_ERR_EMPTY, map->lines.source, 0, 0,
                    "no from<TAB>to lines; expected a label map");
  return CE_OK;
}

ce_status ce__label_map_preset(ce_label_map *map, const char *name, ce_error *err) {
  size_t count;
  const ce_label_map_preset *presets = ce__label_map_presets(&count);
  for (size_t i = 0; i < count; i++) {
    if (strcmp(presets[i].name, name) != 0) continue;
    for (size_t k = 0; k < presets[i].count; k++) {
      const char *from = presets[i].pairs[k][0], *to = presets[i].pairs[k][1];
      ce_status status = ce__label_map_add(map, from, strlen(from), to, strlen(to), 0, err);
      if (status) return status;
    }
    return CE_OK;
  }
  char names[256] = "";
  for (size_t i = 0; i < count; i++) {
    size_t used = strlen(names);
    snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", presets[i].name);
  }
  return ce__fail(err, CE_ERR_USAGE, NULL, 0, 0, "no label map preset '%s'; the presets are %s",
                  name, names);
}
