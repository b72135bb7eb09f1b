/* The documents of a `conll` input, as run/coref.c keeps them: freeing. */
#include <stdlib.h>

#include "run/coref_input_internal.h"

void ce__coref_input_free(ce_coref_input *c) {
  if (!c) return;
  free(c->doc.at);
  free(c->first.at);
  free(c->doc_line);
  free(c->doc_of.at);
  free(c->entity_first.at);
  free(c->entity_mark.at);
  free(c->mentions);
  free(c);
}
