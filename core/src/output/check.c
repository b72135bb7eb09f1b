/*
 * Reported numbers (SPEC §4, --check, the page's check): a table as a paper or a README
 * prints it is read, its rows matched to the run's systems by file name and its columns to
 * measures by id or by the names papers use, and each value compared with the computed one
 * at the precision it was printed with: "53.3" reproduces when the computed value, on the
 * reported scale, lies within 0.05 of it.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h> /* snprintf only */
#include <stdlib.h>
#include <string.h>

#include "output/check_internal.h"
#include "run/row_internal.h"
#include "run/run_internal.h"
#include "text/lines_internal.h"
#include "common/catalog_internal.h"

/* ------------------------------------------------------------------ cells */

void ce__check_free(ce_check *check) {
  if (!check) return;
  for (size_t i = 0; i < check->count; i++) {
    free(check->cells[i].system);
    free(check->cells[i].heading);
    free(check->cells[i].printed);
  }
  free(check->cells);
  free(check->name);
  memset(check, 0, sizeof *check);
}

static int strncasecmp_ascii(const char *a, const char *b, size_t len) {
  for (size_t i = 0; i < len; i++) {
    int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)b[i]);
    if (x != y || !x) return x - y;
  }
  return 0;
}

static char *copy_text(const char *text, size_t len) {
  char *copy = malloc(len + 1);
  if (copy) {
    memcpy(copy, text, len);
    copy[len] = '\0';
  }
  return copy;
}

/* ------------------------------------------------------- measure headings */

/* Names papers use that neither the id nor the column title gives, normalised as
 * normalise() leaves them (lower case, letters and digits only). */
static const struct {
  const char *name;
  ce_measure measure;
} aliases[] = {
    {"manytoone", CE_M1},
    {"manytooneaccuracy", CE_M1},
    {"mto", CE_M1},
    {"m1acc", CE_M1},
    {"purity", CE_M1},
    {"onetoone", CE_O1},
    {"onetooneaccuracy", CE_O1},
    {"oto", CE_O1},
    {"1to1", CE_O1},
    {"11acc", CE_O1},
    {"inversepurity", CE_INV_PURITY},
    {"invpurity", CE_INV_PURITY},
    {"h", CE_HOMOGENEITY},
    {"homog", CE_HOMOGENEITY},
    {"c", CE_COMPLETENESS},
    {"comp", CE_COMPLETENESS},
    {"com", CE_COMPLETENESS},
    {"v", CE_V_MEASURE},
    {"vm", CE_V_MEASURE},
    {"vmeasure", CE_V_MEASURE},
    {"vmeas", CE_V_MEASURE},
    {"variationofinformation", CE_VI},
    {"normalizedvi", CE_NVI},
    {"normalisedvi", CE_NVI},
    {"mutualinformation", CE_MI},
    {"normalizedmutualinformation", CE_NMI},
    {"normalisedmutualinformation", CE_NMI},
    {"adjustedmutualinformation", CE_AMI},
    {"adjustedrand", CE_ARI},
    {"adjustedrandindex", CE_ARI},
    {"ri", CE_RAND},
    {"randindex", CE_RAND},
    {"pairwiseprecision", CE_PAIR_P},
    {"pairwiserecall", CE_PAIR_R},
    {"pairwisef", CE_PAIR_F},
    {"pairwisef1", CE_PAIR_F},
    {"fowlkesmallows", CE_FMI},
    {"bcubedprecision", CE_BCUBED_P},
    {"bcubedrecall", CE_BCUBED_R},
    {"bcubedf1", CE_BCUBED_F},
    {"entropy", CE_ENTROPY_BITS},
    {"ent", CE_ENTROPY_BITS},
    {"groupingprecision", CE_GROUPING_P},
    {"groupingrecall", CE_GROUPING_R},
    {"groupingf1", CE_GROUPING_F},
    /* The overlapping measures as their programs and papers print them (SPEC §3.3). */
    {"nmimax", CE_ONMI},
    {"overlappingnmi", CE_ONMI},
    {"lfknmi", CE_ONMI_LFK},
    {"omegaindex", CE_OMEGA},
    {"elementcentricsimilarity", CE_ECS},
    {"elementcentric", CE_ECS},
    /* Word-sense induction's tables (SPEC §3.7): SemEval-2013's fuzzy B-cubed (F-BC, FBC),
     * fuzzy NMI (F-NMI, FNMI) and their combination (AVG), SemEval-2010's paired F-score. */
    {"fbc", CE_FUZZY_BCUBED_F},
    {"fbcf", CE_FUZZY_BCUBED_F},
    {"fbcubed", CE_FUZZY_BCUBED_F},
    {"fuzzybcubed", CE_FUZZY_BCUBED_F},
    {"fuzzybcubedf", CE_FUZZY_BCUBED_F},
    {"fbcp", CE_FUZZY_BCUBED_P},
    {"fbcr", CE_FUZZY_BCUBED_R},
    {"fuzzybcubedp", CE_FUZZY_BCUBED_P},
    {"fuzzybcubedr", CE_FUZZY_BCUBED_R},
    {"fnmi", CE_FUZZY_NMI},
    {"fuzzynmi", CE_FUZZY_NMI},
    {"avg", CE_FUZZY_AVG},
    {"favg", CE_FUZZY_AVG},
    {"fuzzyavg", CE_FUZZY_AVG},
    {"pairedfscore", CE_PAIR_F},
    {"pairedf", CE_PAIR_F},
    {"fs", CE_PAIR_F},
    {"fscore", CE_PAIR_F},
    /* Spoken term discovery's tables (SPEC §3.8; ZeroSpeech papers print "NED", "Cov.",
     * "Grouping P", "Token F", "Boundary R", ...). */
    {"normalisededitdistance", CE_NED},
    {"normalizededitdistance", CE_NED},
    {"groupingf", CE_GROUPING_F},
    {"tokenprecision", CE_TOKEN_P},
    {"tokenrecall", CE_TOKEN_R},
    {"tokenf1", CE_TOKEN_F},
    {"tokenfscore", CE_TOKEN_F},
    {"typeprecision", CE_TYPE_P},
    {"typerecall", CE_TYPE_R},
    {"typef1", CE_TYPE_F},
    {"typefscore", CE_TYPE_F},
    {"boundaryprecision", CE_BOUNDARY_P},
    {"boundaryrecall", CE_BOUNDARY_R},
    {"boundaryf1", CE_BOUNDARY_F},
    {"boundaryfscore", CE_BOUNDARY_F},
    /* MacroC equals MacroI (SPEC §3.2). */
    {"macrocm1", CE_MACRO_I_M1},
    {"macroc11", CE_MACRO_I_O1},
    {"macroio1", CE_MACRO_I_O1},
    {"microio1", CE_MICRO_I_O1},
    {"microco1", CE_MICRO_C_O1},
    {"macroi11", CE_MACRO_I_O1},
    {"microi11", CE_MICRO_I_O1},
    {"microc11", CE_MICRO_C_O1},
    {"extendedbcubedp", CE_EBCUBED_P},
    {"extendedbcubedr", CE_EBCUBED_R},
    {"extendedbcubedf", CE_EBCUBED_F},
    {"coverp", CE_COVER_P},
    {"coverr", CE_COVER_R},
    {"coverf", CE_COVER_F},
    {"substitutableprecision", CE_SUB_P},
    {"substitutablerecall", CE_SUB_R},
    /* Coreference tables (SPEC §3.6): a metric's bare name is its F1, as CoNLL tables print
     * them; CEAFφ4 and CEAFφ3 lose their φ to normalise(); "Avg. F1" is the CoNLL score. */
    {"muc", CE_MUC_F},
    {"mucf1", CE_MUC_F},
    {"b3", CE_BCUBED_F},
    {"b3f1", CE_BCUBED_F},
    {"bcubed", CE_BCUBED_F},
    {"bcubedr", CE_BCUBED_R},
    {"bcubedp", CE_BCUBED_P},
    {"bcubedf", CE_BCUBED_F},
    {"ceafe", CE_CEAFE_F},
    {"ceafef1", CE_CEAFE_F},
    {"ceaf4", CE_CEAFE_F},
    {"ceaf4f1", CE_CEAFE_F},
    {"ceaf4r", CE_CEAFE_R},
    {"ceaf4p", CE_CEAFE_P},
    {"ceaf4f", CE_CEAFE_F},
    {"ceafm", CE_CEAFM_F},
    {"ceafmf1", CE_CEAFM_F},
    {"ceaf3", CE_CEAFM_F},
    {"ceaf3f1", CE_CEAFM_F},
    {"blanc", CE_BLANC_F},
    {"blancf1", CE_BLANC_F},
    {"lea", CE_LEA_F},
    {"leaf1", CE_LEA_F},
    {"conll", CE_CONLL_F},
    {"conllf", CE_CONLL_F},
    {"conll2012", CE_CONLL_F},
    {"avgf1", CE_CONLL_F},
    {"averagef1", CE_CONLL_F},
    {"mentionf1", CE_MENTION_F},
    {"md", CE_MENTION_F},
    {"mdf1", CE_MENTION_F},
    {"mdr", CE_MENTION_R},
    {"mdp", CE_MENTION_P},
    {"mdf", CE_MENTION_F},
};

/* The metrics a coreference table may name above its R, P and F1 columns (normalised). */
static const char *const coref_groups[] = {"muc",   "b3",    "bcubed",  "ceafe",
                                           "ceaf4", "ceafm", "ceaf3",   "blanc",
                                           "lea",   "md",    "mention", "mentions"};

/*
 * Lower-case ASCII letters and digits only, "³" read as 3: "V-measure", "v_measure" and
 * "V measure" all give "vmeasure"; "B³ P" gives "b3p". A unit in brackets, "(nats)",
 * "(bits)" or "(%)", is left out.
 */
static void normalise(const char *text, char *out, size_t cap) {
  size_t n = 0;
  for (const unsigned char *p = (const unsigned char *)text; *p && n + 1 < cap; p++) {
    if (*p == '(' &&
        (!strncmp((const char *)p, "(nats)", 6) || !strncmp((const char *)p, "(bits)", 6))) {
      p += 5;
    } else if (*p == '(' && !strncmp((const char *)p, "(%)", 3)) {
      p += 2;
    } else if (p[0] == 0xC2 && p[1] == 0xB3) {
      out[n++] = '3';
      p++;
    } else if (isalnum(*p) && *p < 0x80) {
      out[n++] = (char)tolower(*p);
    }
  }
  out[n] = '\0';
}

static int is_percent_measure(ce_measure m) {
  /* Bounded by 1, so a paper may print it as a percentage. */
  return (ce_measure_higher_is_better(m) == 1 && !ce__measure_in_logs(m) && m != CE_SUB_P) ||
         m == CE_ENTROPY_SCALED || m == CE_NED; /* ZeroSpeech papers print NED in % */
}

static ce_measure measure_named(const char *normal) {
  if (!*normal) return CE_MEASURE_COUNT;
  char name[96];
  for (int m = 0; m < CE_MEASURE_COUNT; m++) {
    normalise(ce_measure_id((ce_measure)m), name, sizeof name);
    if (!strcmp(name, normal)) return (ce_measure)m;
    normalise(ce_measure_label((ce_measure)m), name, sizeof name);
    if (!strcmp(name, normal)) return (ce_measure)m;
  }
  for (size_t a = 0; a < sizeof aliases / sizeof aliases[0]; a++)
    if (!strcmp(aliases[a].name, normal)) return aliases[a].measure;
  return CE_MEASURE_COUNT;
}

/* "token.m1", "Token M-1", "type-level MacroI": the level a heading names before the measure. */
static int strip_level(const char *text, const char **rest) {
  while (*text == ' ') text++;
  static const struct {
    const char *word;
    int level;
  } words[] = {{"token", CE_LEVEL_TOKEN}, {"type", CE_LEVEL_TYPE}, {"senses", CE_LEVEL_SENSE},
               {"sense", CE_LEVEL_SENSE}, {"tde", CE_LEVEL_TDE},   {"coref", CE_LEVEL_COREF}};
  for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
    size_t len = strlen(words[w].word);
    if (strncasecmp_ascii(text, words[w].word, len) != 0) continue;
    const char *after = text + len;
    if (!strncmp(after, "-level", 6) || !strncmp(after, " level", 6)) after += 6;
    if (*after != '.' && *after != ' ' && *after != '-' && *after != '_' && *after != ':') continue;
    *rest = after + 1;
    return words[w].level;
  }
  *rest = text;
  return -1;
}

int ce__check_measure(const char *heading, int level_hint, int *level, int *measure) {
  /* A TDE table's "Token P" or "Type F" names tdev2's measure, not a level and a measure. */
  char whole[96];
  normalise(heading, whole, sizeof whole);
  ce_measure tde = measure_named(whole);
  if (tde >= CE_NED && tde <= CE_BOUNDARY_F) {
    *level = CE_LEVEL_TDE;
    *measure = (int)tde;
    return 1;
  }
  const char *rest;
  int named = strip_level(heading, &rest);
  char normal[96];
  normalise(rest, normal, sizeof normal);
  ce_measure m = measure_named(normal);
  if (m == CE_MEASURE_COUNT) return 0;
  int lv = named >= 0 ? named : level_hint;
  if (lv < 0) lv = (int)ce_measure_level(m);
  if (!ce_level_has((ce_level)lv, m)) return 0;
  *level = lv;
  *measure = (int)m;
  return 1;
}

/* ------------------------------------------------------------ reading rows */

typedef enum shape { SHAPE_LATEX, SHAPE_MARKDOWN, SHAPE_TSV, SHAPE_CSV, SHAPE_SPACES } shape;

typedef struct cell {
  char *text;
  int continued; /* a later column of a \multicolumn: its heading, never its value */
} cell;

typedef struct row {
  cell *cells;
  size_t count, cap;
  uint64_t line;
} row;

typedef struct rows {
  row *at;
  size_t count, cap;
} rows;

static void rows_free(rows *list) {
  for (size_t r = 0; r < list->count; r++) {
    for (size_t c = 0; c < list->at[r].count; c++) free(list->at[r].cells[c].text);
    free(list->at[r].cells);
  }
  free(list->at);
}

static ce_status row_push(row *into, ce_buf *text, int continued) {
  if (ce__grow((void **)&into->cells, &into->cap, into->count + 1, sizeof *into->cells))
    return CE_ERR_NOMEM;
  size_t start = 0, end = text->len;
  while (start < end && isspace((unsigned char)text->data[start])) start++;
  while (end > start && isspace((unsigned char)text->data[end - 1])) end--;
  char *copy = copy_text(text->data ? text->data + start : "", end - start);
  if (!copy) return CE_ERR_NOMEM;
  into->cells[into->count++] = (cell){copy, continued};
  text->len = 0;
  if (text->data) text->data[0] = '\0';
  return CE_OK;
}

static ce_status rows_push(rows *list, row *done) {
  int empty = 1;
  for (size_t c = 0; c < done->count; c++) empty &= !done->cells[c].text[0];
  if (empty) {
    for (size_t c = 0; c < done->count; c++) free(done->cells[c].text);
    free(done->cells);
  } else {
    if (ce__grow((void **)&list->at, &list->cap, list->count + 1, sizeof *list->at))
      return CE_ERR_NOMEM;
    list->at[list->count++] = *done;
  }
  *done = (row){0};
  return CE_OK;
}

/* The text of a {…} group that starts at `*p` (after spaces), braces balanced; *p moves past. */
static const char *brace_group(const char **p, const char *end, size_t *len) {
  const char *at = *p;
  while (at < end && (*at == ' ' || *at == '\t')) at++;
  if (at == end || *at != '{') return NULL;
  int depth = 0;
  for (const char *q = at; q < end; q++) {
    if (*q == '\\' && q + 1 < end) {
      q++;
    } else if (*q == '{') {
      depth++;
    } else if (*q == '}' && --depth == 0) {
      *p = q + 1;
      *len = (size_t)(q - at - 1);
      return at + 1;
    }
  }
  return NULL;
}

static int is_command(const char *name, size_t len, const char *const *names) {
  for (; *names; names++)
    if (strlen(*names) == len && !strncmp(name, *names, len)) return 1;
  return 0;
}

/*
 * A LaTeX cell as plain text: "\textbf{53.3}" and "$53.3$" give 53.3, "brown\_c50" gives
 * brown_c50; rules, environments and labels go with their arguments.
 */
static ce_status latex_plain(ce_buf *out, const char *text, size_t len) {
  static const char *const dropped[] = {"begin",  "end",    "cmidrule", "cline", "label", "caption",
                                        "vspace", "hspace", "rule",     "cite",  "ref",   NULL};
  const char *end = text + len;
  ce_status status = CE_OK;
  for (const char *p = text; !status && p < end;) {
    if (*p == '\\' && p + 1 < end && isalpha((unsigned char)p[1])) {
      const char *name = ++p;
      while (p < end && isalpha((unsigned char)*p)) p++;
      size_t name_len = (size_t)(p - name);
      if (is_command(name, name_len, dropped)) {
        for (;;) { /* its [..], (..) and {..} arguments */
          while (p < end && *p == ' ') p++;
          if (p < end && (*p == '[' || *p == '(')) {
            const char *close = memchr(p, *p == '[' ? ']' : ')', (size_t)(end - p));
            p = close ? close + 1 : end;
            continue;
          }
          size_t skip;
          if (!brace_group(&p, end, &skip)) break;
        }
      } else if (name_len == 2 && !strncmp(name, "pm", 2)) {
        status = ce__buf_puts(out, " \xC2\xB1 ");
      }
      /* Any other command (\textbf, \emph, \hline, \toprule, …) leaves its argument. */
    } else if (*p == '\\' && p + 1 < end) {
      char c = p[1];
      status = strchr(",;: ~", c) ? ce__buf_puts(out, " ") : ce__buf_append(out, &c, 1);
      p += 2;
    } else if (*p == '$' || *p == '{' || *p == '}') {
      p++;
    } else {
      status = ce__buf_append(out, *p == '~' ? " " : p, 1);
      p++;
    }
  }
  return status;
}

/* One LaTeX row (the text before its \\): cells split at unescaped &, \multicolumn spans. */
static ce_status latex_row(rows *list, const char *text, size_t len, uint64_t line) {
  row current = {.line = line};
  ce_buf cell_text = {0};
  ce_status status = CE_OK;
  const char *end = text + len;
  for (const char *p = text; !status;) {
    const char *stop = p;
    while (stop < end && *stop != '&') stop += *stop == '\\' && stop + 1 < end ? 2 : 1;
    if (stop > end) stop = end;
    /* \multicolumn{n}{spec}{text}: n columns under one text. */
    const char *q = p;
    while (q < stop && isspace((unsigned char)*q)) q++;
    size_t span = 1;
    if ((size_t)(stop - q) > 12 && !strncmp(q, "\\multicolumn", 12)) {
      const char *r = q + 12;
      size_t n_len, spec_len, body_len;
      const char *n = brace_group(&r, stop, &n_len);
      const char *spec = n ? brace_group(&r, stop, &spec_len) : NULL;
      const char *body = spec ? brace_group(&r, stop, &body_len) : NULL;
      if (body) {
        span = (size_t)strtoul(n, NULL, 10);
        if (span < 1 || span > 1000) span = 1;
        q = body;
        status = latex_plain(&cell_text, body, body_len);
        if (!status) status = latex_plain(&cell_text, r, (size_t)(stop - r));
      } else {
        status = latex_plain(&cell_text, p, (size_t)(stop - p));
      }
    } else {
      status = latex_plain(&cell_text, p, (size_t)(stop - p));
    }
    char *first = NULL;
    if (!status && span > 1) first = copy_text(cell_text.data ? cell_text.data : "", cell_text.len);
    if (!status && span > 1 && !first) status = CE_ERR_NOMEM;
    if (!status) status = row_push(&current, &cell_text, 0);
    for (size_t s = 1; !status && s < span; s++) {
      status = ce__buf_puts(&cell_text, first);
      if (!status) status = row_push(&current, &cell_text, 1);
    }
    free(first);
    if (stop >= end) break;
    p = stop + 1;
  }
  ce__buf_free(&cell_text);
  if (!status) status = rows_push(list, &current);
  if (status) {
    for (size_t c = 0; c < current.count; c++) free(current.cells[c].text);
    free(current.cells);
  }
  return status;
}

/* The whole text as LaTeX: comments removed, rows ended by \\ (with an optional [length]). */
static ce_status read_latex(rows *list, const char *text, size_t len) {
  ce_buf body = {0};
  ce_status status = CE_OK;
  uint64_t line = 1, row_line = 0;
  for (size_t i = 0; !status && i < len; i++) {
    char c = text[i];
    if (c == '%' && (i == 0 || text[i - 1] != '\\')) {
      while (i + 1 < len && text[i + 1] != '\n') i++;
    } else if (c == '\\' && i + 1 < len && text[i + 1] == '\\') {
      status = latex_row(list, body.data ? body.data : "", body.len, row_line ? row_line : line);
      body.len = 0;
      row_line = 0;
      i++;
      size_t j = i + 1;
      while (j < len && (text[j] == ' ' || text[j] == '\t')) j++;
      if (j < len && text[j] == '[') { /* \\[2pt] */
        const char *close = memchr(text + j, ']', len - j);
        if (close) i = (size_t)(close - text);
      }
    } else {
      if (c == '\n') line++;
      if (!row_line && !isspace((unsigned char)c)) row_line = line;
      status = ce__buf_append(&body, c == '\n' || c == '\r' ? " " : &c, 1);
    }
  }
  /* What follows the last \\ is the end of the tabular, never a row of numbers. */
  ce__buf_free(&body);
  return status;
}

/* A number as printed: digits, with a sign, a point, an exponent or a '%' about them. */
static int is_printed_number(const char *text, size_t len) {
  size_t digits = 0;
  for (size_t i = 0; i < len; i++) {
    if (isdigit((unsigned char)text[i]))
      digits++;
    else if (!strchr("+-.eE%", text[i]))
      return 0;
  }
  return digits > 0;
}

/*
 * A Markdown cell: **bold**, *it* and `code` around the whole cell go. __bold__ and _it_ go
 * only around a number: a system's name may be written with underscores ("__x__" is the
 * system __x__, as the same row in TSV says).
 */
static void markdown_plain(ce_buf *text) {
  static const char *const marks[] = {"**", "__", "*", "_", "`"};
  for (int again = 1; again;) {
    again = 0;
    size_t start = 0, end = text->len;
    while (start < end && isspace((unsigned char)text->data[start])) start++;
    while (end > start && isspace((unsigned char)text->data[end - 1])) end--;
    for (size_t m = 0; m < 5; m++) {
      size_t k = strlen(marks[m]);
      if (end - start <= 2 * k || strncmp(text->data + start, marks[m], k) ||
          strncmp(text->data + end - k, marks[m], k))
        continue;
      if (marks[m][0] == '_' && !is_printed_number(text->data + start + k, end - start - 2 * k))
        continue;
      memmove(text->data, text->data + start + k, end - start - 2 * k);
      text->len = end - start - 2 * k;
      text->data[text->len] = '\0';
      again = 1;
      break;
    }
  }
}

static int is_markdown_rule(const row *r) {
  for (size_t c = 0; c < r->count; c++) {
    const char *t = r->cells[c].text;
    if (*t == ':') t++;
    size_t dashes = strspn(t, "-");
    if (!dashes || (t[dashes] && strcmp(t + dashes, ":"))) return 0;
  }
  return 1;
}

/* A line of a delimited table: TAB, a CSV separator with "quotes", Markdown pipes, or runs
 * of two or more spaces (the command line's text table). */
static ce_status split_line(rows *list, shape kind, char delim, const char *line, size_t len,
                            uint64_t number) {
  row current = {.line = number};
  ce_buf text = {0};
  ce_status status = CE_OK;
  size_t i = 0;
  if (kind == SHAPE_MARKDOWN) {
    while (i < len && isspace((unsigned char)line[i])) i++;
    i++; /* the leading | */
    while (len > i && isspace((unsigned char)line[len - 1])) len--;
    if (len > i && line[len - 1] == '|' && !(len >= 2 && line[len - 2] == '\\')) len--;
  }
  int quoted = 0;
  for (; !status && i <= len; i++) {
    char c = i < len ? line[i] : '\0';
    int ends = i == len;
    if (kind == SHAPE_CSV && c == '"') {
      if (quoted && i + 1 < len && line[i + 1] == '"') {
        status = ce__buf_append(&text, "\"", 1);
        i++;
      } else {
        quoted = !quoted;
      }
      continue;
    }
    if (!ends && !quoted) {
      if (kind == SHAPE_MARKDOWN && c == '\\' && i + 1 < len && line[i + 1] == '|') {
        status = ce__buf_append(&text, "|", 1);
        i++;
        continue;
      }
      if (kind == SHAPE_MARKDOWN)
        ends = c == '|';
      else if (kind == SHAPE_SPACES)
        ends = c == '\t' || (c == ' ' && i + 1 < len && line[i + 1] == ' ');
      else
        ends = c == delim;
    }
    if (!ends) {
      status = ce__buf_append(&text, &c, 1);
      continue;
    }
    if (kind == SHAPE_MARKDOWN) markdown_plain(&text);
    status = row_push(&current, &text, 0);
    if (kind == SHAPE_SPACES)
      while (i + 1 < len && (line[i + 1] == ' ' || line[i + 1] == '\t')) i++;
  }
  ce__buf_free(&text);
  if (!status && kind == SHAPE_MARKDOWN && is_markdown_rule(&current)) {
    for (size_t c = 0; c < current.count; c++) free(current.cells[c].text);
    free(current.cells);
    return CE_OK;
  }
  if (!status) status = rows_push(list, &current);
  return status;
}

static int contains(const char *text, size_t len, const char *what) {
  size_t n = strlen(what);
  for (size_t i = 0; i + n <= len; i++)
    if (!memcmp(text + i, what, n)) return 1;
  return 0;
}

/* The shape of the text, from the whole text (LaTeX) or its first table line. */
static shape detect_shape(const char *text, size_t len, char *delim) {
  if (contains(text, len, "\\\\") && memchr(text, '&', len)) return SHAPE_LATEX;
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(text + i, '\n', len - i);
    size_t end = nl ? (size_t)(nl - text) : len;
    size_t start = i;
    while (start < end && isspace((unsigned char)text[start])) start++;
    i = end + 1;
    if (start == end || text[start] == '#') continue;
    const char *line = text + start;
    size_t n = end - start;
    if (line[0] == '|') return SHAPE_MARKDOWN;
    if (memchr(line, '\t', n)) return *delim = '\t', SHAPE_TSV;
    if (memchr(line, ',', n)) return *delim = ',', SHAPE_CSV;
    if (memchr(line, ';', n)) return *delim = ';', SHAPE_CSV;
    return SHAPE_SPACES;
  }
  return SHAPE_SPACES;
}

static ce_status read_rows(rows *list, const char *text, size_t len) {
  char delim = '\t';
  shape kind = detect_shape(text, len, &delim);
  if (kind == SHAPE_LATEX) return read_latex(list, text, len);
  uint64_t number = 0;
  ce_status status = CE_OK;
  for (size_t i = 0; !status && i < len;) {
    const char *nl = memchr(text + i, '\n', len - i);
    size_t end = nl ? (size_t)(nl - text) : len;
    size_t stop = end > i && text[end - 1] == '\r' ? end - 1 : end;
    number++;
    size_t start = i;
    while (start < stop && isspace((unsigned char)text[start])) start++;
    int table_line = kind != SHAPE_MARKDOWN || (start < stop && text[start] == '|');
    if (start < stop && text[start] != '#' && table_line)
      status = split_line(list, kind, delim, text + i, stop - i, number);
    i = end + 1;
  }
  return status;
}

/* ---------------------------------------------------------------- numbers */

/*
 * A reported number at the start of `text`: "53.3", "$-0.12$" (markup already gone), "61.2%",
 * "0.6467 [0.6416, 0.6520]" (the value before an interval or a ± is taken). *decimals and
 * *exponent give its precision; *percent says whether a % follows it.
 */
static int read_number(const char *text, double *value, char *printed, size_t cap, int *decimals,
                       int *exponent, int *percent) {
  const char *p = text;
  while (*p == ' ') p++;
  const char *start = p;
  char number[64];
  size_t n = 0;
  if (*p == '-' || *p == '+') {
    number[n++] = *p++;
  } else if (!strncmp(p, "\xE2\x88\x92", 3)) { /* U+2212 minus */
    number[n++] = '-';
    p += 3;
  }
  size_t digits = 0;
  *decimals = 0;
  *exponent = 0;
  while (isdigit((unsigned char)*p) && n < 40) number[n++] = *p++, digits++;
  if (*p == '.' && n < 40) {
    number[n++] = *p++;
    while (isdigit((unsigned char)*p) && n < 40) number[n++] = *p++, digits++, (*decimals)++;
  }
  if (!digits) return 0;
  if ((*p == 'e' || *p == 'E') &&
      (isdigit((unsigned char)p[1]) ||
       ((p[1] == '-' || p[1] == '+') && isdigit((unsigned char)p[2])))) {
    char *after;
    long e = strtol(p + 1, &after, 10);
    if (e < -300 || e > 300) return 0;
    *exponent = (int)e;
    size_t k = (size_t)(after - p);
    if (n + k >= sizeof number) return 0;
    memcpy(number + n, p, k);
    n += k;
    p = after;
  }
  number[n] = '\0';
  while (*p == ' ') p++;
  *percent = *p == '%';
  if (*percent) p++;
  /* A number is the whole cell, or comes before an interval, a ± or a footnote mark. */
  if (*p && (isalnum((unsigned char)*p) || *p == '.' || *p == '-' || *p == ',' || *p == '/'))
    return 0;
  *value = strtod(number, NULL);
  size_t printed_len = (size_t)(p - start);
  while (printed_len && start[printed_len - 1] == ' ') printed_len--;
  if (*percent) printed_len--; /* the % is a unit, not a digit */
  while (printed_len && start[printed_len - 1] == ' ') printed_len--;
  if (printed_len >= cap) printed_len = cap - 1;
  memcpy(printed, start, printed_len);
  printed[printed_len] = '\0';
  return isfinite(*value);
}

static int is_number(const char *text) {
  double v;
  char printed[64];
  int d, e, pc;
  return read_number(text, &v, printed, sizeof printed, &d, &e, &pc);
}

/* ------------------------------------------------------------ the table */

static ce_status add_cell(ce_check *check, const char *system, const char *heading,
                          const char *value_text, uint64_t line, int level_hint) {
  double value;
  char printed[64];
  int decimals, exponent, percent;
  if (!read_number(value_text, &value, printed, sizeof printed, &decimals, &exponent, &percent))
    return CE_OK; /* "n/a", "–", an empty cell: nothing is reported there */
  if (ce__grow((void **)&check->cells, &check->cap, check->count + 1, sizeof *check->cells))
    return CE_ERR_NOMEM;
  ce_check_cell *c = &check->cells[check->count];
  memset(c, 0, sizeof *c);
  c->system = copy_text(system, strlen(system));
  c->heading = copy_text(heading, strlen(heading));
  c->printed = copy_text(printed, strlen(printed));
  if (!c->system || !c->heading || !c->printed) {
    free(c->system);
    free(c->heading);
    free(c->printed);
    return CE_ERR_NOMEM;
  }
  check->count++;
  c->line = line;
  c->reported = value;
  c->tolerance = 0.5 * pow(10.0, exponent - decimals);
  c->scale = percent ? 100 : 1; /* settled per column below */
  c->row = SIZE_MAX;
  c->has_level = ce__check_measure(heading, level_hint, &c->level, &c->measure);
  if (!c->has_level) {
    c->level = c->measure = -1;
    snprintf(c->problem, sizeof c->problem, "unknown measure '%.120s'", heading);
  }
  return CE_OK;
}

/*
 * The heading of column `col` under a coreference table's metric header ("MUC" over "R", "P",
 * "F1"): "MUC F1"; an empty heading's, the nearest text above it; `heading` itself when no
 * header above names a metric or the heading is not one of R, P, F. The result is in `out`
 * (cap bytes), above it, or is `heading`.
 */
static const char *under_metric(const rows *list, size_t header, size_t col, const char *heading,
                                char *out, size_t cap) {
  char normal[96];
  normalise(heading, normal, sizeof normal);
  static const char *const parts[] = {"r", "p", "f", "f1", "rec", "prec", "recall", "precision"};
  int part = 0;
  for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) part |= !strcmp(normal, parts[k]);
  /* An empty heading under a heading of its own ("Avg. F1" over a blank): that one. */
  for (size_t r = header; !*normal && r-- > 0;)
    if (col < list->at[r].count && *list->at[r].cells[col].text) {
      normalise(list->at[r].cells[col].text, normal, sizeof normal);
      if (*normal) return list->at[r].cells[col].text;
    }
  if (!part) return heading;
  for (size_t r = header; r-- > 0;) {
    if (col >= list->at[r].count) continue;
    normalise(list->at[r].cells[col].text, normal, sizeof normal);
    for (size_t g = 0; g < sizeof coref_groups / sizeof coref_groups[0]; g++)
      if (!strcmp(normal, coref_groups[g])) {
        int letter = tolower((unsigned char)heading[strspn(heading, " ")]);
        snprintf(out, cap, "%s %s", coref_groups[g],
                 letter == 'r'   ? "r"
                 : letter == 'p' ? "p"
                                 : "f");
        return out;
      }
  }
  return heading;
}

/* The level a grouping header gives column `col` ("Token level", "Type"), or -1. */
static int level_above(const rows *list, size_t header, size_t col) {
  int level = -1;
  for (size_t r = 0; r < header; r++) {
    if (col >= list->at[r].count) continue;
    char normal[96];
    normalise(list->at[r].cells[col].text, normal, sizeof normal);
    if (!strncmp(normal, "token", 5))
      level = CE_LEVEL_TOKEN;
    else if (!strncmp(normal, "type", 4))
      level = CE_LEVEL_TYPE;
  }
  return level;
}

/*
 * A percentage column: a measure bounded by 1 printed above 1 (or with %) somewhere in its
 * column is read on the 0–100 scale everywhere in it. Cells of one column share a heading.
 */
static void settle_scales(ce_check *check) {
  for (size_t i = 0; i < check->count; i++) {
    ce_check_cell *c = &check->cells[i];
    if (!c->has_level || !is_percent_measure((ce_measure)c->measure)) {
      c->scale = 1;
      continue;
    }
    int percent = 0;
    for (size_t j = 0; j < check->count; j++) {
      const ce_check_cell *d = &check->cells[j];
      if (strcmp(d->heading, c->heading) != 0) continue;
      percent |= d->scale == 100 || fabs(d->reported) > 1.0;
    }
    c->scale = percent ? 100 : 1;
  }
}

static int first_numeric(const row *r, size_t from) {
  for (size_t c = from; c < r->count; c++)
    if (!r->cells[c].continued && is_number(r->cells[c].text)) return 1;
  return 0;
}

ce_status ce__check_parse(ce_check *check, const char *name, const char *text, size_t len,
                          ce_error *err) {
  memset(check, 0, sizeof *check);
  check->name = copy_text(name ? name : "", name ? strlen(name) : 0);
  if (!check->name) return CE_ERR_NOMEM;
  size_t bad = ce__utf8_invalid_at(text, len);
  if (bad < len)
    return ce__fail(err, CE_ERR_ENCODING, check->name, 0, 0, "not UTF-8 text (byte offset %zu)",
                    bad);
  if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) text += 3, len -= 3;
  rows list = {0};
  ce_status status = read_rows(&list, text, len);
  size_t data = 0;
  while (!status && data < list.count && !first_numeric(&list.at[data], 1)) data++;
  if (!status && data == list.count) {
    rows_free(&list);
    return ce__fail(err, CE_ERR_SYNTAX, check->name, 0, 0,
                    "no reported number found: expected a table (TSV, CSV, Markdown, LaTeX "
                    "rows) or system<TAB>measure<TAB>value lines");
  }
  const row *first = status ? NULL : &list.at[data];
  /* Long form: system, measure, value. */
  int long_form = first && first->count == 3 && !is_number(first->cells[1].text) &&
                  is_number(first->cells[2].text);
  if (!status && !long_form && data == 0) {
    status = ce__fail(err, CE_ERR_SYNTAX, check->name, first->line, 0,
                      "the table needs a header row naming its measures above its numbers");
  }
  const row *header = !status && !long_form ? &list.at[data - 1] : NULL;
  for (size_t r = data; !status && r < list.count; r++) {
    const row *at = &list.at[r];
    if (long_form) {
      if (at->count >= 3)
        status =
            add_cell(check, at->cells[0].text, at->cells[1].text, at->cells[2].text, at->line, -1);
      continue;
    }
    for (size_t c = 1; !status && c < at->count; c++) {
      if (at->cells[c].continued) continue;
      char heading[64], grouped[96];
      const char *title = c < header->count ? header->cells[c].text : NULL;
      if (!title) snprintf(heading, sizeof heading, "column %zu (no heading)", c + 1);
      if (title) title = under_metric(&list, data - 1, c, title, grouped, sizeof grouped);
      status = add_cell(check, at->cells[0].text, title ? title : heading, at->cells[c].text,
                        at->line, level_above(&list, data - 1, c));
    }
  }
  rows_free(&list);
  if (!status) settle_scales(check);
  return status;
}

/* ------------------------------------------------------------ matching */

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *back = strrchr(path, '\\');
  if (back && (!slash || back > slash)) slash = back;
  return slash ? slash + 1 : path;
}

/* The length of a name without its last extension ("brown-c50.tsv" → 9). */
static size_t stem_length(const char *name) {
  const char *dot = strrchr(name, '.');
  return dot && dot != name ? (size_t)(dot - name) : strlen(name);
}

static int same_stem(const char *a, const char *b, int fold) {
  size_t la = stem_length(a), lb = stem_length(b);
  if (la != lb) return 0;
  return fold ? !strncasecmp_ascii(a, b, la) : !strncmp(a, b, la);
}

/* The rows from `first` on that carry its very name: 1 unless a file was loaded twice. */
static size_t twins(const ce_eval *ev, size_t first) {
  size_t count = 0;
  for (size_t r = first; r < ev->row_count; r++)
    count += !strcmp(ev->rows[r].name, ev->rows[first].name);
  return count;
}

/* The run's row a reported row names, or SIZE_MAX with the reason in `problem`. Where
 * several systems carry the very name it matches (one file loaded twice), the first is
 * used and `note` says so. */
static size_t match_row(const ce_eval *ev, const char *name, const ce_check_alias *aliases_given,
                        size_t alias_count, char *problem, size_t cap, char *note,
                        size_t note_cap) {
  for (size_t a = 0; a < alias_count; a++)
    if (aliases_given[a].row && !strcmp(aliases_given[a].row, name) &&
        aliases_given[a].system < ev->row_count)
      return aliases_given[a].system;
  const char *wanted = base_name(name);
  for (int fold = 0; fold < 2; fold++) {
    size_t first = SIZE_MAX, count = 0, exact = SIZE_MAX;
    for (size_t r = 0; r < ev->row_count; r++) {
      const char *full = ev->rows[r].name;
      const char *base = base_name(full);
      int same = fold ? !strncasecmp_ascii(full, name, strlen(full) + 1) : !strcmp(full, name);
      int same_base =
          fold ? !strncasecmp_ascii(base, wanted, strlen(base) + 1) : !strcmp(base, wanted);
      if ((same || same_base) && exact == SIZE_MAX) exact = r;
      if (same || same_base || same_stem(base, wanted, fold)) {
        if (first == SIZE_MAX) first = r;
        count++;
      }
    }
    size_t pick = exact != SIZE_MAX ? exact : first;
    size_t named = pick == SIZE_MAX ? 0 : twins(ev, pick);
    if (named > 1)
      snprintf(note, note_cap,
               "%zu systems are named '%.50s': compared with the first of them, system %zu", named,
               ev->rows[pick].name, pick + 1);
    if (exact != SIZE_MAX || count == 1 || (count && count == named)) return pick;
    if (count > 1) {
      snprintf(problem, cap, "system '%.80s' matches %zu files", name, count);
      return SIZE_MAX;
    }
  }
  snprintf(problem, cap, "no system named '%.120s'", name);
  return SIZE_MAX;
}

static void compare(const ce_eval *ev, ce_check_cell *c) {
  c->has_computed = 0;
  c->reproduced = 0;
  if (!c->has_level || c->row == SIZE_MAX) return;
  const ce_error *failed = ce_eval_system_error(ev, c->row);
  if (failed) {
    snprintf(c->problem, sizeof c->problem, "the system failed: %.150s", failed->message);
    return;
  }
  double value;
  if (ce_eval_value(ev, c->row, (ce_level)c->level, (ce_measure)c->measure, &value) != CE_OK) {
    snprintf(c->problem, sizeof c->problem, "%s.%s is n/a for this system",
             ce_level_id((ce_level)c->level), ce_measure_id((ce_measure)c->measure));
    return;
  }
  c->has_computed = 1;
  c->computed = value * c->scale;
  /* Within half a unit of the last printed digit; the slack absorbs binary rounding only. */
  c->reproduced = fabs(c->computed - c->reported) <= c->tolerance * (1 + 1e-9) + 1e-12;
}

static void free_check(ce_check *check) {
  ce__check_free(check);
  free(check);
}

ce_status ce_eval_check(ce_eval *ev, const char *name, const void *text, size_t len,
                        const ce_check_alias *aliases_given, size_t alias_count, size_t *reported,
                        size_t *reproduced, ce_error *err) {
  if (!ev || (!text && len) || !ev->finished)
    return ce__fail(err, CE_ERR_USAGE, "", 0, 0, "check: needs a finished evaluation");
  ce_check *check = calloc(1, sizeof *check);
  if (!check) return ce__fail(err, CE_ERR_NOMEM, "", 0, 0, "out of memory");
  ce_status status = ce__check_parse(check, name, text ? text : "", len, err);
  if (status) {
    free_check(check);
    return status == CE_ERR_NOMEM ? ce__fail(err, status, "", 0, 0, "out of memory") : status;
  }
  size_t good = 0;
  for (size_t i = 0; i < check->count; i++) {
    ce_check_cell *c = &check->cells[i];
    char problem[sizeof c->problem] = "";
    /* A sense run has only its sense level: "V-measure" there is SemEval-2010's. */
    if (c->has_level) c->level = (int)ce_eval_level(ev, (ce_level)c->level, (ce_measure)c->measure);
    c->note[0] = '\0';
    c->row = match_row(ev, c->system, aliases_given, alias_count, problem, sizeof problem, c->note,
                       sizeof c->note);
    if (c->row == SIZE_MAX && c->has_level) memcpy(c->problem, problem, sizeof problem);
    compare(ev, c);
    good += c->reproduced;
  }
  if (ev->check_free) ev->check_free(ev->check);
  ev->check = check;
  ev->check_free = free_check;
  if (reported) *reported = check->count;
  if (reproduced) *reproduced = good;
  return CE_OK;
}

/* -------------------------------------------------------------- output */

ce_status ce__check_put_json(ce_buf *out, const ce_check *check) {
  ce_status status = ce__buf_puts(out, "[");
  for (size_t i = 0; !status && i < check->count; i++) {
    const ce_check_cell *c = &check->cells[i];
    status = ce__buf_puts(out, i ? ",{\"system\":" : "{\"system\":");
    if (!status) status = ce__buf_put_json_string(out, c->system, strlen(c->system));
    if (!status) status = ce__buf_puts(out, ",\"row\":");
    if (!status)
      status = c->row == SIZE_MAX ? ce__buf_puts(out, "null") : ce__buf_printf(out, "%zu", c->row);
    if (!status) status = ce__buf_puts(out, ",\"heading\":");
    if (!status) status = ce__buf_put_json_string(out, c->heading, strlen(c->heading));
    if (!status) status = ce__buf_puts(out, ",\"measure\":");
    if (!status && c->has_level)
      status = ce__buf_printf(out, "\"%s.%s\"", ce_level_id((ce_level)c->level),
                              ce_measure_id((ce_measure)c->measure));
    else if (!status)
      status = ce__buf_puts(out, "null");
    if (!status) status = ce__buf_puts(out, ",\"printed\":");
    if (!status) status = ce__buf_put_json_string(out, c->printed, strlen(c->printed));
    if (!status) status = ce__buf_puts(out, ",\"reported\":");
    if (!status) status = ce__buf_put_double(out, c->reported);
    if (!status) status = ce__buf_puts(out, ",\"scale\":");
    if (!status) status = ce__buf_put_double(out, c->scale);
    if (!status) status = ce__buf_puts(out, ",\"computed\":");
    if (!status)
      status = c->has_computed ? ce__buf_put_double(out, c->computed) : ce__buf_puts(out, "null");
    if (!status) status = ce__buf_puts(out, ",\"difference\":");
    if (!status)
      status = c->has_computed ? ce__buf_put_double(out, c->computed - c->reported)
                               : ce__buf_puts(out, "null");
    if (!status) status = ce__buf_puts(out, ",\"tolerance\":");
    if (!status) status = ce__buf_put_double(out, c->tolerance);
    if (!status)
      status = ce__buf_printf(out, ",\"reproduced\":%s,\"line\":%llu,\"problem\":",
                              c->reproduced ? "true" : "false", (unsigned long long)c->line);
    if (!status)
      status = c->problem[0] ? ce__buf_put_json_string(out, c->problem, strlen(c->problem))
                             : ce__buf_puts(out, "null");
    if (!status && c->note[0]) status = ce__buf_puts(out, ",\"note\":");
    if (!status && c->note[0]) status = ce__buf_put_json_string(out, c->note, strlen(c->note));
    if (!status) status = ce__buf_puts(out, "}");
  }
  return status ? status : ce__buf_puts(out, "]");
}

ce_status ce_eval_check_json(const ce_eval *ev, char **json, size_t *len) {
  if (!ev || !json || !ev->check) return CE_ERR_USAGE;
  ce_buf out = {0};
  ce_status status = ce__check_put_json(&out, ev->check);
  if (!status) status = ce__buf_puts(&out, "\n");
  return ce__buf_hand_over(&out, status, json, len);
}

/* The decimals a value shows beside a reported one: two more than printed. */
static int shown_decimals(const ce_check_cell *c) {
  int d = (int)ceil(-log10(c->tolerance * 2)) + 2;
  return d < 0 ? 0 : d > 12 ? 12 : d;
}

ce_status ce_eval_check_table(const ce_eval *ev, char **text, size_t *len) {
  if (!ev || !text || !ev->check) return CE_ERR_USAGE;
  const ce_check *check = ev->check;
  size_t wide_system = 6, wide_measure = 7, reproduced = 0, differ = 0;
  for (size_t i = 0; i < check->count; i++) {
    const ce_check_cell *c = &check->cells[i];
    size_t s = strlen(c->system), m = c->has_level
                                          ? strlen(ce_measure_id((ce_measure)c->measure)) + 6
                                          : strlen(c->heading);
    if (s > wide_system) wide_system = s > 40 ? 40 : s;
    if (m > wide_measure) wide_measure = m > 30 ? 30 : m;
    reproduced += c->reproduced;
    differ += c->has_computed && !c->reproduced;
  }
  ce_buf out = {0};
  ce_status status =
      ce__buf_printf(&out, "reported numbers of %s: %zu of %zu reproduce",
                     check->name[0] ? check->name : "the check", reproduced, check->count);
  if (!status && differ)
    status = ce__buf_printf(&out, "; %zu %s", differ, differ == 1 ? "differs" : "differ");
  if (!status && check->count - reproduced - differ)
    status =
        ce__buf_printf(&out, "; %zu could not be compared", check->count - reproduced - differ);
  if (!status)
    status = ce__buf_printf(&out, "\n%-*s  %-*s  %10s  %12s  %11s  %s\n", (int)wide_system,
                            "system", (int)wide_measure, "measure", "reported", "computed",
                            "difference", "verdict");
  for (size_t i = 0; !status && i < check->count; i++) {
    const ce_check_cell *c = &check->cells[i];
    char measure[64];
    if (c->has_level)
      snprintf(measure, sizeof measure, "%s.%s", ce_level_id((ce_level)c->level),
               ce_measure_id((ce_measure)c->measure));
    else
      snprintf(measure, sizeof measure, "%.30s", c->heading);
    char printed[72];
    snprintf(printed, sizeof printed, "%s%s", c->printed, c->scale == 100 ? "%" : "");
    status = ce__buf_printf(&out, "%-*.*s  %-*s  %10s", (int)wide_system, (int)wide_system,
                            c->system, (int)wide_measure, measure, printed);
    if (!status && c->has_computed) {
      int d = shown_decimals(c);
      int t = (int)ceil(-log10(c->tolerance) - 1e-9);
      status = ce__buf_printf(&out, "  %12.*f  %+11.*f  %s (±%.*f)%s%s\n", d, c->computed, d,
                              c->computed - c->reported, c->reproduced ? "reproduces" : "DIFFERS",
                              t < 0 ? 0 : t, c->tolerance, c->note[0] ? "; " : "", c->note);
    } else if (!status) {
      status = ce__buf_printf(&out, "  %12s  %11s  not compared: %s\n", "", "", c->problem);
    }
  }
  return ce__buf_hand_over(&out, status, text, len);
}
