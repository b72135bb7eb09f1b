/*
 * libFuzzer target for label maps: the input is a map file, read whole and split in two
 * at a point drawn from its bytes; both must agree on the outcome, and every label read
 * must be found again with the target it was given.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/labelmap_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static ce_status build(ce_label_map *map, const char *bytes, size_t size, size_t split,
                       ce_error *err) {
  ce__label_map_init(map, "fuzz");
  ce_status status = ce__label_map_feed(map, bytes, split, err);
  if (!status) status = ce__label_map_feed(map, bytes + split, size - split, err);
  return status ? status : ce__label_map_close(map, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *bytes = (const char *)data;
  uint64_t seed = 0xcbf29ce484222325u;
  for (size_t i = 0; i < size; i++) seed = (seed ^ data[i]) * 0x100000001b3u;
  size_t split = (size_t)(seed % (size + 1));
  ce_label_map whole, parts;
  ce_error whole_err = {0}, parts_err = {0};
  ce_status a = build(&whole, bytes, size, size, &whole_err);
  ce_status b = build(&parts, bytes, size, split, &parts_err);
  if (a != b || strcmp(whole_err.message, parts_err.message) != 0) abort();
  if (!a) {
    if (ce__label_map_size(&whole) != ce__label_map_size(&parts)) abort();
    for (uint32_t id = 0; id < ce__label_map_size(&whole); id++) {
      size_t len, to_len, want_len;
      const char *from = ce__intern_get(&whole.from, id, &len);
      const char *want = ce__intern_get(&whole.to, whole.target[id], &want_len);
      const char *to;
      if (!ce__label_map_lookup(&parts, from, len, &to, &to_len) || to_len != want_len ||
          memcmp(to, want, to_len) != 0)
        abort();
    }
  }
  ce__label_map_free(&whole);
  ce__label_map_free(&parts);
  return 0;
}
