/* The spans of a `tde-words` or `tde-classes` input, as run/tde.c keeps them: freeing. */
#include <stdlib.h>

#include "run/tde_spans_internal.h"

void ce__tde_input_free(ce_tde_input *tde) {
  free(tde->span);
  free(tde->line);
  free(tde->class_line);
}
