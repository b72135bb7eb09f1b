/* The public string table (ce_strings in clustereval.h): the core's interner, handed to the
 * bindings so that they number labels as the readers number the words of a file. */
#include <stdlib.h>

#include "text/intern_internal.h"

struct ce_strings {
  ce_intern table;
};

ce_strings *ce_strings_create(void) {
  return calloc(1, sizeof(ce_strings));
}

void ce_strings_free(ce_strings *strings) {
  if (!strings) return;
  ce__intern_free(&strings->table);
  free(strings);
}

ce_status ce_strings_put(ce_strings *strings, const char *bytes, size_t len, uint32_t *id) {
  if (!strings || (!bytes && len) || !id || len > UINT32_MAX) return CE_ERR_USAGE;
  return ce__intern_put(&strings->table, len ? bytes : "", len, id, NULL);
}

size_t ce_strings_count(const ce_strings *strings) {
  return strings ? ce__intern_count(&strings->table) : 0;
}

const char *ce_strings_get(const ce_strings *strings, uint32_t id, size_t *len) {
  if (!strings || id >= ce__intern_count(&strings->table)) return NULL;
  return ce__intern_get(&strings->table, id, len);
}
