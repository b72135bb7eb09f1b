/* Label maps: from<TAB>to files fed in chunks, their errors, and the compiled-in presets. */
#include <stdlib.h>

#include "check.h"
#include "testdata.h"
#include "formats/labelmap_internal.h"
#include "formats/labelmap_presets_internal.h"

/* Builds `map` from `text` fed in pieces of `piece` bytes. */
static ce_status build(ce_label_map *map, const char *text, size_t len, size_t piece,
                       ce_error *err) {
  ce_status status = CE_OK;
  ce__label_map_init(map, "m.map");
  for (size_t at = 0; at < len && !status; at += piece)
    status = ce__label_map_feed(map, text + at, len - at < piece ? len - at : piece, err);
  return status ? status : ce__label_map_close(map, err);
}

static int maps_to(const ce_label_map *map, const char *from, const char *expected) {
  const char *to;
  size_t len;
  if (!ce__label_map_lookup(map, from, strlen(from), &to, &len)) return expected == NULL;
  return expected && len == strlen(expected) && strcmp(to, expected) == 0;
}

static void test_read_in_chunks(void) {
  const char text[] = "NN\tNOUN\r\nVB\tVERB\n\nJJ ADJ\nNN\tNOUN\nNew York\tPROPN";
  for (size_t piece = 1; piece < sizeof text; piece++) {
    ce_label_map map;
    ce_error err = {0};
    CHECK(build(&map, text, sizeof text - 1, piece, &err) == CE_OK);
    CHECK(ce__label_map_size(&map) == 4);
    CHECK(maps_to(&map, "NN", "NOUN") && maps_to(&map, "VB", "VERB"));
    CHECK(maps_to(&map, "JJ", "ADJ") && maps_to(&map, "New York", "PROPN"));
    CHECK(maps_to(&map, "nn", NULL) && maps_to(&map, "NOUN", NULL)); /* bytes, one way */
    ce__label_map_free(&map);
  }
}

static void test_errors(void) {
  static const struct {
    const char *text;
    ce_status code;
    const char *message;
  } cases[] = {
      {"NN\tNOUN\nVB\tVERB\nNN\tVERB\n", CE_ERR_SYNTAX,
       "m.map:3: 'NN' is mapped to 'VERB' here but to 'NOUN' on line 1; expected one target "
       "per label"},
      {"NN\tNOUN\nVB\n", CE_ERR_SYNTAX, "m.map:2: 1 column; expected from<TAB>to"},
      {"NN\tNOUN\tx\n", CE_ERR_SYNTAX, "m.map:1: 3 columns; expected from<TAB>to"},
      {"NN NOUN x\n", CE_ERR_SYNTAX, "m.map:1: 3 columns; expected from<TAB>to"},
      {"\tNOUN\n", CE_ERR_SYNTAX, "m.map:1: empty label before the TAB; expected from<TAB>to"},
      {"NN\t \n", CE_ERR_SYNTAX, "m.map:1: empty label after the TAB; expected from<TAB>to"},
      {"\n\n", CE_ERR_EMPTY, "m.map: no from<TAB>to lines; expected a label map"},
      {"", CE_ERR_EMPTY, "m.map: no from<TAB>to lines; expected a label map"},
      {"NN\tNO\xffUN\n", CE_ERR_ENCODING,
       "m.map:1: invalid UTF-8 at column 6 (byte offset 5); inputs must be UTF-8 text"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ce_label_map map;
    ce_error err = {0};
    size_t len = strlen(cases[i].text);
    CHECK(build(&map, cases[i].text, len, len ? len : 1, &err) == cases[i].code);
    CHECK(err.code == cases[i].code);
    check_count++;
    if (strcmp(err.message, cases[i].message) != 0) {
      check_failures++;
      fprintf(stderr, "got      %s\nexpected %s\n", err.message, cases[i].message);
    }
    ce__label_map_free(&map);
  }
}

static void test_presets(void) {
  size_t count;
  const ce_label_map_preset *presets = ce__label_map_presets(&count);
  CHECK(count == 2 && strcmp(presets[0].name, "brown-universal") == 0 &&
        strcmp(presets[1].name, "ptb-universal") == 0);
  ce_label_map brown, ptb, none;
  ce_error err = {0};
  ce__label_map_init(&brown, "brown-universal");
  ce__label_map_init(&ptb, "ptb-universal");
  ce__label_map_init(&none, "x");
  CHECK(ce__label_map_preset(&brown, "brown-universal", &err) == CE_OK);
  CHECK(ce__label_map_preset(&ptb, "ptb-universal", &err) == CE_OK);
  CHECK(ce__label_map_size(&brown) == 472 && ce__label_map_size(&ptb) == 68);
  /* The Brown corpus writes tags in lower case, and so does the preset. */
  CHECK(maps_to(&brown, "np-tl", "NOUN") && maps_to(&brown, "nn$", "NOUN"));
  CHECK(maps_to(&brown, "ppss+bem", "PRT") && maps_to(&brown, "NP-TL", NULL));
  CHECK(maps_to(&ptb, "NN", "NOUN") && maps_to(&ptb, "-LRB-", ".") && maps_to(&ptb, "nn", NULL));
  CHECK(ce__label_map_preset(&none, "klingon", &err) == CE_ERR_USAGE);
  CHECK(strcmp(err.message,
               "no label map preset 'klingon'; the presets are brown-universal, ptb-universal") ==
        0);
  ce__label_map_free(&brown);
  ce__label_map_free(&ptb);
  ce__label_map_free(&none);
}

/* The presets hold exactly the shipped files (the Brown one with its keys lower-cased). */
static void test_presets_match_files(void) {
  static const char *const files[][2] = {{"data/tagmaps/en-brown.map", "brown-universal"},
                                         {"data/tagmaps/en-ptb.map", "ptb-universal"}};
  for (size_t f = 0; f < 2; f++) {
    size_t len;
    char *text = load_file(files[f][0], SIZE_MAX, &len);
    CHECK(text != NULL);
    if (!text) continue;
    ce_label_map file, preset;
    ce_error err = {0};
    CHECK(build(&file, text, len, len, &err) == CE_OK);
    ce__label_map_init(&preset, files[f][1]);
    CHECK(ce__label_map_preset(&preset, files[f][1], &err) == CE_OK);
    CHECK(ce__label_map_size(&file) == ce__label_map_size(&preset));
    for (uint32_t id = 0; id < ce__label_map_size(&file); id++) {
      char key[64];
      size_t key_len;
      const char *from = ce__intern_get(&file.from, id, &key_len);
      snprintf(key, sizeof key, "%s", from);
      for (char *c = key; f == 0 && *c; c++)
        if (*c >= 'A' && *c <= 'Z') *c = (char)(*c - 'A' + 'a');
      const char *want = ce__intern_get(&file.to, file.target[id], NULL);
      CHECK(maps_to(&preset, key, want));
    }
    ce__label_map_free(&file);
    ce__label_map_free(&preset);
    free(text);
  }
}

/* Every tag of the demo gold standard (Brown, lower case) maps under brown-universal. */
static void test_brown_demo_tags(void) {
  size_t len;
  char *text = load_file("public/demo/brown-gold.tsv", SIZE_MAX, &len);
  CHECK(text != NULL);
  if (!text) return;
  ce_label_map brown;
  ce_error err = {0};
  ce__label_map_init(&brown, "brown-universal");
  CHECK(ce__label_map_preset(&brown, "brown-universal", &err) == CE_OK);
  size_t tokens = 0, unmapped = 0;
  for (char *line = text, *end; line < text + len; line = end + 1) {
    end = memchr(line, '\n', (size_t)(text + len - line));
    if (!end) end = text + len;
    char *tab = memchr(line, '\t', (size_t)(end - line));
    if (!tab) continue;
    const char *to;
    size_t to_len;
    tokens++;
    if (!ce__label_map_lookup(&brown, tab + 1, (size_t)(end - tab - 1), &to, &to_len)) {
      if (unmapped++ < 10) fprintf(stderr, "unmapped tag '%.*s'\n", (int)(end - tab - 1), tab + 1);
    }
  }
  CHECK(tokens > 40000 && unmapped == 0);
  ce__label_map_free(&brown);
  free(text);
}

int main(void) {
  test_read_in_chunks();
  test_errors();
  test_presets();
  test_presets_match_files();
  test_brown_demo_tags();
  return check_report("labelmap");
}
