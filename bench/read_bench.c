/*
 * The pieces of reading and counting a tagged corpus, one stage at a time, on one file held
 * in memory and fed in 64 KB chunks as the CLI does:
 *   1. lines and the tagged reader (records emitted, nothing kept);
 *   2. + interning each token's text and label;
 *   3. + counting (item, label) cells, as gold's types from tokens are counted.
 * Processor time of this process; the differences between stages are what each piece costs.
 *   read_bench FILE [ROUNDS]   (e.g. a file of bench/gen_corpus)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "measures/contingency_internal.h"
#include "text/intern_internal.h"
#include "text/lines_internal.h"
#include "formats/reader_internal.h"

enum { CHUNK_BYTES = 1 << 16 };

typedef struct stage {
  int level; /* 1, 2 or 3 as above */
  ce_reader reader;
  ce_intern items, labels;
  ce_cells cells;
  uint64_t tokens;
} stage;

static ce_status on_record(void *ctx, const ce_record *record, uint64_t line_no, ce_error *err) {
  (void)line_no;
  (void)err;
  stage *st = ctx;
  if (record->kind != CE_REC_TOKEN) return CE_OK;
  st->tokens++;
  if (st->level < 2) return CE_OK;
  uint32_t item, label;
  ce_status status = ce__intern_put(&st->items, record->item, record->item_len, &item, NULL);
  if (!status) status = ce__intern_put(&st->labels, record->label, record->label_len, &label, NULL);
  if (!status && st->level >= 3) status = ce__cells_add(&st->cells, item, label, 1);
  return status;
}

static ce_status on_line(void *ctx, const char *line, size_t len, uint64_t line_no, ce_error *err) {
  stage *st = ctx;
  return ce__reader_line(&st->reader, "bench", line, len, line_no, on_record, st, err);
}

static double now(void) {
  return (double)clock() / CLOCKS_PER_SEC;
}

static double run(int level, const char *bytes, size_t len, uint64_t *tokens) {
  stage st = {0};
  st.level = level;
  ce_lines lines;
  ce_error err;
  ce__reader_init(&st.reader, CE_FORMAT_TAGGED, 0, 0);
  ce__lines_init(&lines, "bench");
  double start = now();
  ce_status status = CE_OK;
  for (size_t at = 0; at < len && !status; at += CHUNK_BYTES)
    status = ce__lines_feed(&lines, bytes + at, len - at < CHUNK_BYTES ? len - at : CHUNK_BYTES,
                            on_line, &st, &err);
  if (!status) status = ce__lines_close(&lines, on_line, &st, &err);
  double seconds = now() - start;
  if (status) fprintf(stderr, "read_bench: %s\n", err.message);
  *tokens = st.tokens;
  ce__lines_free(&lines);
  ce__reader_free(&st.reader);
  ce__intern_free(&st.items);
  ce__intern_free(&st.labels);
  ce__cells_free(&st.cells);
  return seconds;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs("usage: read_bench FILE [ROUNDS]\n", stderr);
    return 1;
  }
  int rounds = argc > 2 ? atoi(argv[2]) : 3;
  FILE *file = fopen(argv[1], "rb");
  if (!file) return 1;
  fseek(file, 0, SEEK_END);
  size_t len = (size_t)ftell(file);
  fseek(file, 0, SEEK_SET);
  char *bytes = malloc(len ? len : 1);
  if (!bytes || fread(bytes, 1, len, file) != len) return 1;
  fclose(file);
  static const char *names[] = {"", "lines + tagged reader", "+ interning items and labels",
                                "+ counting (item, label)"};
  for (int level = 1; level <= 3; level++) {
    double best = 1e30;
    uint64_t tokens = 0;
    for (int r = 0; r < rounds; r++) {
      double seconds = run(level, bytes, len, &tokens);
      if (seconds < best) best = seconds;
    }
    printf("%-30s %7.1f MB/s  (%.3f s best of %d, %llu tokens)\n", names[level],
           (double)len / 1e6 / best, best, rounds, (unsigned long long)tokens);
  }
  free(bytes);
  return 0;
}
