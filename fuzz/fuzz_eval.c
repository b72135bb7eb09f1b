/*
 * The whole evaluation under libFuzzer: the input is cut into a gold part and up to two
 * system parts at 0xFF bytes (which UTF-8 text never holds), the second of them the phone
 * alignment of a tde run when the first byte's lowest bit is set; the first byte picks the
 * options (formats forced or detected, unclustered policy, min-share, baselines, detail).
 * Every row must end scored or failed with a message, and the JSON and every report
 * must render: no crash, leak or undefined behaviour anywhere from bytes to numbers.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clustereval.h"

static const ce_format formats[] = {CE_FORMAT_AUTO,        CE_FORMAT_TAGGED,   CE_FORMAT_LEXICON,
                                    CE_FORMAT_PATHS,       CE_FORMAT_CLUSTERS, CE_FORMAT_INLINE,
                                    CE_FORMAT_JOINT,       CE_FORMAT_SENSES,   CE_FORMAT_TDE_WORDS,
                                    CE_FORMAT_TDE_CLASSES, CE_FORMAT_CONLL};
enum { FORMATS = sizeof formats / sizeof formats[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  uint8_t knobs = data[0];
  data++;
  size--;
  const uint8_t *parts[3];
  size_t lengths[3], count = 0, start = 0;
  for (size_t i = 0; i <= size && count < 3; i++)
    if (i == size || data[i] == 0xff) {
      parts[count] = data + start;
      lengths[count++] = i - start;
      start = i + 1;
    }
  if (count < 2) return 0;
  ce_eval *ev = ce_eval_create();
  if (!ev) return 0;
  ce_eval_set(ev, CE_OPT_RESTARTS, 2);
  ce_eval_set(ev, CE_OPT_UNCLUSTERED, knobs % 3);
  ce_eval_set(ev, CE_OPT_MIN_SHARE, (knobs >> 2 & 1) ? 0.4 : 0.0);
  ce_eval_set(ev, CE_OPT_DETAIL, knobs >> 3 & 1);
  ce_eval_set(ev, CE_OPT_SUBSTITUTABLE, knobs >> 4 & 1);
  ce_eval_set(ev, CE_OPT_BOOTSTRAP, (knobs >> 4 & 1) * 3); /* the same bit: few bits are left */
  ce_eval_set_unclustered_label(ev, "UNK");
  if (knobs >> 5 & 1) ce_eval_add_baseline(ev, CE_BASELINE_RANDOM);
  if (knobs >> 5 & 1) ce_eval_add_baseline(ev, CE_BASELINE_MAJORITY);
  int phones = count == 3 && (knobs & 1);
  for (size_t i = 0; i < count; i++) {
    char name[8] = {'i', 'n', (char)('0' + i), '\0'};
    if (phones && i == 2) {
      ce_eval_add_phones(ev, name, NULL, NULL);
      continue;
    }
    ce_eval_add_input(ev, name, NULL, NULL);
    ce_eval_set_format(ev, i, formats[(knobs >> 6 & 3) == 0 ? 0 : (knobs + i) % FORMATS]);
  }
  /* Round-robin in small chunks, as the CLI and the worker feed. */
  size_t offsets[3] = {0, 0, 0};
  for (int open = 1; open;) {
    open = 0;
    for (size_t i = 0; i < count; i++) {
      if (offsets[i] > lengths[i]) continue;
      size_t n = lengths[i] - offsets[i] < 7 ? lengths[i] - offsets[i] : 7;
      if (n && ce_eval_feed(ev, i, parts[i] + offsets[i], n, NULL) == CE_OK) {
        offsets[i] += n;
        open = 1;
      } else {
        ce_eval_close(ev, i, NULL);
        offsets[i] = lengths[i] + 1;
      }
    }
  }
  ce_error err;
  if (ce_eval_finish(ev, &err) == CE_OK) {
    /* 3 resamples, then BCa's jackknife replicates: steps of 10 reach the end. */
    unsigned done = 0, total = 0;
    do
      if (ce_eval_resample(ev, 10, &done, &total, &err) != CE_OK) abort();
    while (done < total);
    if (done != total) abort();
    for (size_t s = 0; s < ce_eval_system_count(ev); s++) {
      const ce_error *e = ce_eval_system_error(ev, s);
      if (e && !e->message[0]) abort();
    }
    char *text = NULL;
    if (ce_eval_json(ev, &text, NULL) != CE_OK) abort();
    ce_free(text);
    for (int r = 0; r < 4; r++) {
      if (ce_eval_report(ev, (ce_report)r, &text, NULL) != CE_OK) abort();
      ce_free(text);
    }
    ce_column columns[] = {{CE_LEVEL_TOKEN, CE_M1}, {CE_LEVEL_TYPE, CE_MACRO_I_M1}};
    if (ce_eval_table(ev, CE_TABLE_TEXT, columns, 2, NULL, 0, &text, NULL) != CE_OK) abort();
    ce_free(text);
    if (ce_eval_comparison(ev, CE_TABLE_TEXT, columns, 2, &text, NULL) != CE_OK) abort();
    ce_free(text);
  } else if (!err.message[0]) {
    abort();
  }
  ce_eval_free(ev);
  return 0;
}
