/*
 * Strings named by number for tokens fed as numbers: copied once into one buffer, checked
 * as a line of a file is (UTF-8, no NUL), their run ids filled in as tokens use them.
 */
#include <stdlib.h>

#include "run/names_internal.h"
#include "text/lines_internal.h"

ce_status ce__names_add(ce_names_table *table, const char *source, const char *bytes,
                        const size_t *lens, size_t count, ce_error *err) {
  size_t total = 0;
  for (size_t i = 0; i < count; i++) {
    size_t bad = ce__utf8_invalid_at(bytes + total, lens[i]);
    if (bad < lens[i])
      return ce__fail(err, CE_ERR_ENCODING, source, 0, 0,
                      "name %zu is not UTF-8 text: %s at byte %zu", ce__names_count(table) + i,
                      bytes[total + bad] ? "invalid UTF-8" : "a NUL byte", bad);
    total += lens[i];
  }
  if (table->bytes.len + total + CE_LINE_PAD > UINT32_MAX)
    return ce__fail(err, CE_ERR_NOMEM, source, 0, 0, "names take more than 4 GB");
  if (!table->at.len && ce__u32s_push(&table->at, 0))
    return ce__fail(err, CE_ERR_NOMEM, source, 0, 0, "out of memory");
  if (ce__buf_reserve(&table->bytes, total + CE_LINE_PAD))
    return ce__fail(err, CE_ERR_NOMEM, source, 0, 0, "out of memory");
  for (size_t i = 0, from = 0; i < count; from += lens[i++]) {
    if (ce__buf_append(&table->bytes, bytes + from, lens[i]) ||
        ce__u32s_push(&table->at, (uint32_t)table->bytes.len) ||
        ce__u32s_push(&table->id, CE_NAME_UNSEEN))
      return ce__fail(err, CE_ERR_NOMEM, source, 0, 0, "out of memory");
  }
  /* ce__buf_reserve left CE_LINE_PAD spare bytes: the token check reads words 8 at a time. */
  return CE_OK;
}

void ce__names_free(ce_names_table *table) {
  ce__buf_free(&table->bytes);
  free(table->at.at);
  free(table->id.at);
}
