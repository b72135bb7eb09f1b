/* Format detection (SPEC §2): the rules and their order are in detect.c. */
#ifndef CE_DETECT_INTERNAL_H
#define CE_DETECT_INTERNAL_H

#include "clustereval.h"

#include <stddef.h>

/*
 * Guesses the format from the first bytes of an input (raw: a BOM, CR or a cut last line
 * may be there). SPEC §2: a two-column file without blank lines is `lexicon` when some
 * line has several labels or no first column repeats, otherwise `tagged`. Returns
 * CE_FORMAT_TAGGED when nothing else fits; `complete` tells that `head` is the whole input.
 */
ce_format ce__detect_format(const char *head, size_t len, int complete);

#endif
