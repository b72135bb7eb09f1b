/* The key lines of a `senses` input, as run/senses.c keeps them: freeing. */
#include <stdlib.h>

#include "run/sense_lines_internal.h"

void ce__sense_input_free(ce_sense_input *s) {
  free(s->key.at);
  free(s->lemma.at);
  free(s->start.at);
  free(s->line_no);
  free(s->sense.at);
  free(s->weight);
  free(s->line_of.at);
  ce__buf_free(&s->key_text);
}
