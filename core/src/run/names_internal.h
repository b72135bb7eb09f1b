/*
 * The strings that tokens fed by number stand for (ce_eval_name, ce_eval_feed_ids): each
 * table numbers its strings 0, 1, 2... in the order named, and remembers the id the run gave
 * a string once a token used it, so that a string is looked up once, not once a token.
 */
#ifndef CE_NAMES_INTERNAL_H
#define CE_NAMES_INTERNAL_H

#include "common/util_internal.h"

/* A string no token has used yet: the run has not seen it. */
#define CE_NAME_UNSEEN (UINT32_MAX - 1)

typedef struct ce_names_table {
  ce_buf bytes; /* the strings one after another, 8 readable bytes past the last */
  ce_u32s at;   /* string n is bytes [at[n], at[n + 1]); at[0] = 0 once any is named */
  ce_u32s id;   /* the run's id of string n (an item or a label id), or CE_NAME_UNSEEN */
} ce_names_table;

/* Appends `count` strings, string i being lens[i] bytes of `bytes` one after another (copied).
 * A string that is not UTF-8 or holds a NUL fails with CE_ERR_ENCODING naming `source`. */
ce_status ce__names_add(ce_names_table *table, const char *source, const char *bytes,
                        const size_t *lens, size_t count, ce_error *err);

static inline size_t ce__names_count(const ce_names_table *table) {
  return table->id.len;
}

/* String `n` (below ce__names_count); 8 bytes past its end may be read. */
static inline const char *ce__names_get(const ce_names_table *table, uint32_t n, size_t *len) {
  *len = table->at.at[n + 1] - table->at.at[n];
  return table->bytes.data + table->at.at[n];
}

void ce__names_free(ce_names_table *table);

#endif
