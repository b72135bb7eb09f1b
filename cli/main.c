/*
 * clustereval command line: reads the files (or stdin for "-"), feeds them to the core
 * round-robin in chunks, and prints a table or the JSON result.
 * Exit codes (SPEC §4): 0 done, 1 usage, 2 input error, 3 out of memory or internal error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clustereval.h"

enum { EXIT_DONE = 0, EXIT_USAGE = 1, EXIT_INPUT = 2, EXIT_INTERNAL = 3 };
enum { CHUNK_BYTES = 1 << 16 };

typedef enum output_format { FORMAT_TEXT, FORMAT_JSON } output_format;

static const ce_measure default_columns[] = {CE_M1,        CE_O1, CE_HOMOGENEITY, CE_COMPLETENESS,
                                             CE_V_MEASURE, CE_VI, CE_NVI};

typedef struct cli_args {
  output_format format;
  ce_measure columns[CE_MEASURE_COUNT];
  size_t column_count;
  const char **paths; /* [0] gold, then systems */
  size_t path_count;
  double options[CE_OPT_COUNT];
  int option_given[CE_OPT_COUNT];
} cli_args;

static void usage(FILE *to) {
  fputs(
      "usage: clustereval [options] GOLD SYSTEM...\n"
      "\n"
      "Scores each SYSTEM clustering against the GOLD standard. Inputs are tagged\n"
      "files: token<TAB>label, one token a line, a blank line between sentences.\n"
      "A path of - reads standard input.\n"
      "\n"
      "options:\n"
      "  --format text|json   output format (default text)\n"
      "  --beta B             weight of completeness in V-measure (default 1)\n"
      "  --log2               entropies in bits (default: natural log, nats)\n"
      "  --no-token-check     compare token counts only, not token texts\n"
      "  --version            print the version and exit\n"
      "  --help               print this help and exit\n"
      "\n"
      "exit codes: 0 done, 1 usage, 2 input error, 3 out of memory or internal error\n",
      to);
}

static int usage_error(const char *fmt, const char *what) {
  fputs("clustereval: ", stderr);
  fprintf(stderr, fmt, what);
  fputs("\nTry 'clustereval --help'.\n", stderr);
  return EXIT_USAGE;
}

static int parse_number(const char *text, double *value) {
  char *end;
  errno = 0;
  *value = strtod(text, &end);
  return errno == 0 && end != text && *end == '\0';
}

static int set_option(cli_args *args, ce_option opt, double value) {
  if (ce_opt_check(opt, value)) return 0;
  args->options[opt] = value;
  args->option_given[opt] = 1;
  return 1;
}

/* Reads "m1,o1,..." or "all" into the table's columns; 0 when an id is unknown. */
static int parse_measures(const char *list, cli_args *args) {
  args->column_count = 0;
  if (strcmp(list, "all") == 0) {
    for (int m = 0; m < CE_CONTINGENCY_MEASURE_COUNT; m++)
      args->columns[args->column_count++] = (ce_measure)m;
    return 1;
  }
  char id[64];
  for (const char *p = list; *p;) {
    size_t len = strcspn(p, ",");
    if (len == 0 || len >= sizeof id || args->column_count == CE_MEASURE_COUNT) return 0;
    memcpy(id, p, len);
    id[len] = '\0';
    ce_measure m = ce_measure_from_id(id);
    if (m == CE_MEASURE_COUNT) return 0;
    args->columns[args->column_count++] = m;
    p += len + (p[len] == ',');
  }
  return args->column_count > 0;
}

/* Returns -1 when the run should go on, else the exit code. */
static int parse_args(int argc, char **argv, cli_args *args) {
  args->paths = calloc((size_t)argc, sizeof *args->paths);
  if (!args->paths) return EXIT_INTERNAL;
  args->column_count = sizeof default_columns / sizeof default_columns[0];
  memcpy(args->columns, default_columns, sizeof default_columns);
  int only_paths = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (only_paths || arg[0] != '-' || strcmp(arg, "-") == 0) {
      args->paths[args->path_count++] = arg;
    } else if (strcmp(arg, "--") == 0) {
      only_paths = 1;
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      usage(stdout);
      return EXIT_DONE;
    } else if (strcmp(arg, "--version") == 0) {
      printf("clustereval %s\n", ce_version());
      return EXIT_DONE;
    } else if (strcmp(arg, "--format") == 0) {
      if (++i == argc) return usage_error("%s needs a value", arg);
      if (strcmp(argv[i], "text") == 0)
        args->format = FORMAT_TEXT;
      else if (strcmp(argv[i], "json") == 0)
        args->format = FORMAT_JSON;
      else
        return usage_error("unknown format '%s' (expected text or json)", argv[i]);
    } else if (strcmp(arg, "--beta") == 0) {
      double beta;
      if (++i == argc) return usage_error("%s needs a value", arg);
      if (!parse_number(argv[i], &beta) || !set_option(args, CE_OPT_BETA, beta))
        return usage_error("--beta takes a positive number, not '%s'", argv[i]);
    } else if (strcmp(arg, "--nmi-mean") == 0) {
      static const char *const means[] = {"arithmetic", "geometric", "min", "max"};
      if (++i == argc) return usage_error("%s needs a value", arg);
      int mean = -1;
      for (int m = 0; m < 4; m++)
        if (strcmp(argv[i], means[m]) == 0) mean = m;
      if (mean < 0)
        return usage_error("unknown mean '%s' (arithmetic, geometric, min, max)", argv[i]);
      set_option(args, CE_OPT_NMI_MEAN, mean);
    } else if (strcmp(arg, "--measures") == 0) {
      if (++i == argc) return usage_error("%s needs a value", arg);
      if (!parse_measures(argv[i], args)) return usage_error("unknown measure in '%s'", argv[i]);
    } else if (strcmp(arg, "--log2") == 0) {
      set_option(args, CE_OPT_LOG2, 1.0);
    } else if (strcmp(arg, "--no-token-check") == 0) {
      set_option(args, CE_OPT_TOKEN_CHECK, 0.0);
    } else {
      return usage_error("unknown option '%s'", arg);
    }
  }
  if (args->path_count < 2) return usage_error("%s", "needs a GOLD file and at least one SYSTEM");
  size_t stdin_count = 0;
  for (size_t p = 0; p < args->path_count; p++) stdin_count += strcmp(args->paths[p], "-") == 0;
  if (stdin_count > 1) return usage_error("%s", "standard input (-) can be read only once");
  return -1;
}

/* Opens every path; a system that cannot be opened is reported and left out. */
static int open_files(const cli_args *args, FILE **files, const char **names, size_t *count) {
  int code = EXIT_DONE;
  *count = 0;
  for (size_t i = 0; i < args->path_count; i++) {
    const char *path = args->paths[i];
    FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!file) {
      fprintf(stderr, "clustereval: %s: cannot open: %s\n", path, strerror(errno));
      code = EXIT_INPUT;
      if (i == 0) return code; /* no gold, nothing to score */
      continue;
    }
    names[*count] = file == stdin ? "<stdin>" : path;
    files[(*count)++] = file;
  }
  return code;
}

/* Reads every file round-robin, a chunk at a time, so the core can pair tokens as they come. */
static int feed_files(ce_eval *ev, FILE **files, const char **names, size_t count) {
  char *chunk = malloc(CHUNK_BYTES);
  if (!chunk) return EXIT_INTERNAL;
  int code = EXIT_DONE;
  for (size_t open_count = count; open_count;) {
    open_count = 0;
    for (size_t i = 0; i < count; i++) {
      if (!files[i]) continue;
      size_t got = fread(chunk, 1, CHUNK_BYTES, files[i]);
      ce_status status = got ? ce_eval_feed(ev, i, chunk, got, NULL) : CE_OK;
      int ended = got < CHUNK_BYTES;
      if (ended && ferror(files[i])) {
        fprintf(stderr, "clustereval: %s: read error: %s\n", names[i], strerror(errno));
        code = EXIT_INPUT;
      }
      if (status || ended) {
        ce_eval_close(ev, i, NULL); /* a failed input keeps its own error */
        if (files[i] != stdin) fclose(files[i]);
        files[i] = NULL;
        if (status && i == 0) break; /* gold failed: nothing can be scored */
      } else {
        open_count++;
      }
    }
    if (ce_eval_input_error(ev, 0)) break;
  }
  for (size_t i = 0; i < count; i++)
    if (files[i] && files[i] != stdin) fclose(files[i]);
  free(chunk);
  return code;
}

static void print_text(const ce_eval *ev, const cli_args *args) {
  size_t inputs = ce_eval_input_count(ev);
  size_t width = 6;
  for (size_t i = 1; i < inputs; i++) {
    size_t len = strlen(ce_eval_input_name(ev, i));
    if (len > width) width = len;
  }
  printf("gold: %s\n\n%-*s", ce_eval_input_name(ev, 0), (int)width, "system");
  for (size_t c = 0; c < args->column_count; c++) printf("  %12s", ce_measure_id(args->columns[c]));
  putchar('\n');
  for (size_t i = 1; i < inputs; i++) {
    printf("%-*s", (int)width, ce_eval_input_name(ev, i));
    const ce_error *error = ce_eval_input_error(ev, i);
    if (error) {
      printf("  error: %s\n", error->message);
      continue;
    }
    for (size_t c = 0; c < args->column_count; c++) {
      double value;
      if (ce_eval_value(ev, i, CE_LEVEL_TOKEN, args->columns[c], &value) == CE_OK)
        printf("  %12.4f", value);
      else
        printf("  %12s", "n/a");
    }
    putchar('\n');
  }
}

static int exit_code_for(ce_status status) {
  return status == CE_ERR_NOMEM || status == CE_ERR_INTERNAL ? EXIT_INTERNAL : EXIT_INPUT;
}

static int report_failed_systems(const ce_eval *ev, int code) {
  for (size_t i = 1; i < ce_eval_input_count(ev); i++) {
    const ce_error *error = ce_eval_input_error(ev, i);
    if (!error) continue;
    fprintf(stderr, "clustereval: %s\n", error->message);
    if (code == EXIT_DONE) code = exit_code_for(error->code);
  }
  return code;
}

static int print_result(const ce_eval *ev, const cli_args *args) {
  if (args->format == FORMAT_TEXT) {
    print_text(ev, args);
    return EXIT_DONE;
  }
  char *json = NULL;
  size_t len = 0;
  ce_status status = ce_eval_json(ev, &json, &len);
  if (status) {
    fprintf(stderr, "clustereval: %s\n", ce_strerror(status));
    return EXIT_INTERNAL;
  }
  fwrite(json, 1, len, stdout);
  ce_free(json);
  return EXIT_DONE;
}

/* Sets the options, adds the inputs, reads them and computes; returns the exit code. */
static int run(ce_eval *ev, const cli_args *args) {
  FILE **files = calloc(args->path_count, sizeof *files);
  const char **names = calloc(args->path_count, sizeof *names);
  size_t count = 0;
  int code = EXIT_INTERNAL;
  if (!files || !names) goto done;
  for (int opt = 0; opt < CE_OPT_COUNT; opt++)
    if (args->option_given[opt]) ce_eval_set(ev, (ce_option)opt, args->options[opt]);
  code = open_files(args, files, names, &count);
  if (count < 2) {
    if (code == EXIT_DONE) code = EXIT_INPUT;
    for (size_t i = 0; i < count; i++)
      if (files[i] != stdin) fclose(files[i]);
    goto done;
  }
  ce_error err;
  for (size_t i = 0; i < count; i++)
    if (ce_eval_add_input(ev, names[i], NULL, &err)) {
      fprintf(stderr, "clustereval: %s\n", err.message);
      for (size_t j = 0; j < count; j++)
        if (files[j] != stdin) fclose(files[j]);
      code = exit_code_for(err.code);
      goto done;
    }
  int read_code = feed_files(ev, files, names, count);
  if (read_code == EXIT_INTERNAL)
    code = read_code;
  else if (ce_eval_finish(ev, &err)) {
    fprintf(stderr, "clustereval: %s\n", err.message);
    code = exit_code_for(err.code);
  } else {
    code = report_failed_systems(ev, code == EXIT_DONE ? read_code : code);
    int print_code = print_result(ev, args);
    if (print_code) code = print_code;
  }
done:
  free(files);
  free(names);
  return code;
}

int main(int argc, char **argv) {
  cli_args args = {0};
  int code = parse_args(argc, argv, &args);
  if (code < 0) {
    ce_eval *ev = ce_eval_create();
    if (ev) {
      code = run(ev, &args);
      ce_eval_free(ev);
    } else {
      fputs("clustereval: out of memory\n", stderr);
      code = EXIT_INTERNAL;
    }
  }
  free(args.paths);
  return code;
}
