/*
 * Results as tables (text, TSV, CSV, Markdown, LaTeX) and the TSV reports of SPEC §4:
 * contingency, ranked sizes, per-item details, mappings. Text only; the caller writes it.
 */
#include <math.h>
#include <stdio.h> /* snprintf only */
#include <stdlib.h>
#include <string.h>

#include "run/input_internal.h"
#include "run/row_internal.h"
#include "run/run_internal.h"
#include "stats/bootstrap_internal.h"
#include "stats/randomization_internal.h"
#include "stats/ranking_internal.h"
#include "common/catalog_internal.h"

/* "Token", "Type", "Sense", "TDE", "Coref": a level in a column title. */
static const char *level_title(ce_level level) {
  static const char *const titles[] = {"Token", "Type", "Sense", "TDE", "Coref"};
  return (unsigned)level <= CE_LEVEL_LAST ? titles[level] : "";
}

/*
 * What a table writes of text it was given (system names, labels, error messages) is
 * written so that nothing in it acts where the table is opened:
 *  - spreadsheets take a CSV or TSV cell that begins with = + - @ TAB or CR as a formula
 *    (OWASP, "CSV Injection"): such a cell gets a leading apostrophe, which they show as
 *    text, unless it is a number as written ("-0.25" stays a number);
 *  - TSV has no quoting: TAB, CR and LF inside a cell are written \t, \r and \n;
 *  - Markdown: a name goes in a code span whose fence is longer than any run of backticks
 *    in it (CommonMark §6.1), so nothing closes it early; other text has the characters that
 *    open links, images, HTML, code and emphasis backslash-escaped; '|' is "\|" in both,
 *    as GFM tables need;
 *  - a terminal acts on control characters (an escape sequence recolours or retitles it):
 *    every format writes them as '?', except the line ends and TABs a rule above keeps.
 * LaTeX escapes its ten special characters; a line end there is a space.
 */
static int is_plain_number(const char *text) {
  const char *p = text + (*text == '-' || *text == '+');
  size_t digits = strspn(p, "0123456789");
  p += digits;
  if (*p == '.') {
    size_t fraction = strspn(p + 1, "0123456789");
    digits += fraction;
    p += 1 + fraction;
  }
  if (!digits) return 0;
  if (*p == 'e' || *p == 'E') {
    p += 1 + (p[1] == '-' || p[1] == '+');
    size_t exponent = strspn(p, "0123456789");
    if (!exponent) return 0;
    p += exponent;
  }
  return *p == '\0';
}

static int opens_formula(const char *text) {
  return *text && strchr("=+-@\t\r", *text) && !is_plain_number(text);
}

static int is_line_end(char c) {
  return c == '\n' || c == '\r';
}

/* One byte of text; a control character none of the rules writes otherwise is '?'. */
static ce_status put_byte(ce_buf *out, const char *p) {
  unsigned char c = (unsigned char)*p;
  return ce__buf_append(out, c < 0x20 || c == 0x7f ? "?" : p, 1);
}

static ce_status put_csv_field(ce_buf *out, const char *text) {
  int formula = opens_formula(text);
  int quoted = formula || strpbrk(text, ",\"\r\n\t") != NULL;
  ce_status status = quoted ? ce__buf_puts(out, formula ? "\"'" : "\"") : CE_OK;
  for (const char *p = text; !status && *p; p++)
    status = *p == '"'                       ? ce__buf_puts(out, "\"\"")
             : is_line_end(*p) || *p == '\t' ? ce__buf_append(out, p, 1)
                                             : put_byte(out, p);
  return status || !quoted ? status : ce__buf_puts(out, "\"");
}

static ce_status put_tsv_field(ce_buf *out, const char *text) {
  ce_status status =
      opens_formula(text) && *text != '\t' && *text != '\r' ? ce__buf_puts(out, "'") : CE_OK;
  for (const char *p = text; !status && *p; p++)
    status = *p == '\t'   ? ce__buf_puts(out, "\\t")
             : *p == '\r' ? ce__buf_puts(out, "\\r")
             : *p == '\n' ? ce__buf_puts(out, "\\n")
                          : put_byte(out, p);
  return status;
}

static ce_status put_latex_text(ce_buf *out, const char *text) {
  ce_status status = CE_OK;
  for (const char *p = text; !status && *p; p++) {
    if (strchr("&%$#_{}", *p)) {
      char escaped[2] = {'\\', *p};
      status = ce__buf_append(out, escaped, 2);
    } else if (*p == '~' || *p == '^' || *p == '\\') {
      status = ce__buf_puts(out, *p == '~'   ? "\\textasciitilde{}"
                                 : *p == '^' ? "\\textasciicircum{}"
                                             : "\\textbackslash{}");
    } else {
      status = is_line_end(*p) ? ce__buf_puts(out, " ") : put_byte(out, p);
    }
  }
  return status;
}

static int is_word_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (unsigned char)c >= 0x80;
}

/* Plain Markdown text. An '_' inside a word ("v_measure") opens no emphasis and stays. */
static ce_status put_markdown_text(ce_buf *out, const char *text) {
  ce_status status = CE_OK;
  for (const char *p = text; !status && *p; p++) {
    int intraword = *p == '_' && p > text && is_word_char(p[-1]) && is_word_char(p[1]);
    if (is_line_end(*p))
      status = ce__buf_puts(out, " ");
    else if (strchr("\\`*_[]<>!|~&", *p) && !intraword)
      status = ce__buf_append(out, "\\", 1);
    if (!status && !is_line_end(*p)) status = put_byte(out, p);
  }
  return status;
}

/* A Markdown code span holding `text` whole (CommonMark §6.1). */
static ce_status put_markdown_code(ce_buf *out, const char *text) {
  size_t longest = 0;
  for (const char *p = text; *p;) {
    size_t run = strspn(p, "`");
    if (run > longest) longest = run;
    p += run ? run : 1;
  }
  size_t len = strlen(text);
  /* A span that begins or ends with a backtick needs a space between it and the fence;
   * CommonMark strips one space from each end. */
  int pad =
      len && (text[0] == '`' || text[len - 1] == '`' || (text[0] == ' ' && text[len - 1] == ' '));
  ce_status status = CE_OK;
  for (size_t i = 0; i <= longest && !status; i++) status = ce__buf_append(out, "`", 1);
  if (!status && pad) status = ce__buf_puts(out, " ");
  for (const char *p = text; !status && *p; p++)
    status = *p == '|'         ? ce__buf_puts(out, "\\|")
             : is_line_end(*p) ? ce__buf_puts(out, " ")
                               : put_byte(out, p);
  if (!status && pad) status = ce__buf_puts(out, " ");
  for (size_t i = 0; i <= longest && !status; i++) status = ce__buf_append(out, "`", 1);
  return status;
}

/* Text for a terminal, padded to `width` bytes (left-aligned when `left`). */
static ce_status put_terminal_text(ce_buf *out, const char *text, size_t width, int left) {
  size_t len = strlen(text);
  ce_status status = CE_OK;
  for (size_t i = len; !left && i < width && !status; i++) status = ce__buf_append(out, " ", 1);
  for (const char *p = text; !status && *p; p++) status = put_byte(out, p);
  for (size_t i = len; left && i < width && !status; i++) status = ce__buf_append(out, " ", 1);
  return status;
}

static ce_status put_text(ce_buf *out, ce_table_format format, const char *text) {
  switch (format) {
    case CE_TABLE_CSV:
      return put_csv_field(out, text);
    case CE_TABLE_TSV:
      return put_tsv_field(out, text);
    case CE_TABLE_LATEX:
      return put_latex_text(out, text);
    case CE_TABLE_MARKDOWN:
      return put_markdown_text(out, text);
    default:
      return put_terminal_text(out, text, 0, 1);
  }
}

static const char *separator(ce_table_format format) {
  switch (format) {
    case CE_TABLE_TSV:
      return "\t";
    case CE_TABLE_CSV:
      return ",";
    case CE_TABLE_MARKDOWN:
      return " | ";
    case CE_TABLE_LATEX:
      return " & ";
    default:
      return "  ";
  }
}

/* The mark of a value biased beyond its resamples' spread (LaTeX: $^{\dagger}$). */
#define BIAS_MARK "\xe2\x80\xa0" /* U+2020 dagger */

/* The bootstrap ran: values carry their intervals (SPEC §3.5). */
static int with_intervals(const ce_eval *ev) {
  unsigned done = 0;
  return ce__boot_unit(ev, NULL, NULL, &done, NULL) != CE_UNIT_NONE && done > 0;
}

static ce_status put_number_or_na(ce_buf *out, int has, double value) {
  return has ? ce__buf_put_double(out, value) : ce__buf_puts(out, "n/a");
}

/* The rows a table shows, in its order: the caller's, or every row of the run. */
typedef struct shown_rows {
  const size_t *order; /* NULL: 0, 1, … */
  size_t count;
} shown_rows;

static size_t row_at(shown_rows rows, size_t i) {
  return rows.order ? rows.order[i] : i;
}

static int is_baseline(const ce_row *row) {
  return row->input == SIZE_MAX;
}

/*
 * The best value of each column among the shown rows that are neither baselines nor failed:
 * the highest or lowest as the measure's direction says, when two or more rows have one.
 */
typedef struct best_values {
  double *value;
  unsigned char *has;
} best_values;

static ce_status find_best(const ce_eval *ev, const ce_column *columns, size_t count,
                           shown_rows rows, best_values *best) {
  best->value = calloc(count ? count : 1, sizeof *best->value);
  best->has = calloc(count ? count : 1, 1);
  if (!best->value || !best->has) return CE_ERR_NOMEM;
  for (size_t c = 0; c < count; c++) {
    int higher = ce_measure_higher_is_better(columns[c].measure);
    if (higher < 0) continue;
    size_t seen = 0;
    for (size_t i = 0; i < rows.count; i++) {
      size_t r = row_at(rows, i);
      double v;
      if (is_baseline(&ev->rows[r]) ||
          ce_eval_value(ev, r, columns[c].level, columns[c].measure, &v) != CE_OK)
        continue;
      if (!seen++ || (higher ? v > best->value[c] : v < best->value[c])) best->value[c] = v;
    }
    best->has[c] = seen >= 2;
  }
  return CE_OK;
}

static void free_best(best_values *best) {
  free(best->value);
  free(best->has);
}

/* An integer with thousands separators: 45,213. */
static ce_status put_count(ce_buf *out, unsigned long long n) {
  if (n < 1000) return ce__buf_printf(out, "%llu", n);
  ce_status status = put_count(out, n / 1000);
  return status ? status : ce__buf_printf(out, ",%03llu", n % 1000);
}

/*
 * What the intervals rest on, for the reader of a Markdown or LaTeX table: "the 95% BCa
 * interval over 1,000 bootstrap resamples of the 2,000 sentences (the type level: of its
 * 9,545 items), seed 1."
 */
static ce_status put_bootstrap_note(ce_buf *out, const ce_eval *ev) {
  size_t sentences, items;
  unsigned done;
  ce_boot_unit unit = ce__boot_unit(ev, &sentences, &items, &done, NULL);
  static const char *const methods[] = {"BCa", "percentile", "basic"};
  ce_status status =
      ce__buf_printf(out, "the 95%% %s interval over ", methods[(int)ev->options[CE_OPT_CI]]);
  if (!status) status = put_count(out, done);
  if (!status) status = ce__buf_puts(out, " bootstrap resamples of the ");
  if (!status) status = put_count(out, unit == CE_UNIT_SENTENCE ? sentences : items);
  if (!status && unit == CE_UNIT_SENTENCE) {
    status = ce__buf_printf(out, " %s%s", ce__boot_sentence_name(ev), sentences == 1 ? "" : "s");
    if (!status) status = ce__buf_puts(out, " (the type level: of its ");
    if (!status) status = put_count(out, items);
    if (!status) status = ce__buf_puts(out, items == 1 ? " item)" : " items)");
  } else if (!status && ce__boot_one_level(unit)) {
    status = ce__buf_printf(out, " %s", ce__boot_unit_word(unit, items != 1));
    const char *resample = ce__boot_resample_name(ev);
    if (!status && resample)
      status = ce__buf_puts(out, strcmp(resample, "instances") == 0
                                     ? ", each once with half of its instances"
                                     : " and half of each drawn lemma's instances");
  } else if (!status) {
    status = ce__buf_puts(out, items == 1 ? " item" : " items");
  }
  return status ? status : ce__buf_printf(out, ", seed %.0f.", ev->options[CE_OPT_SEED]);
}

/* A value; with intervals "0.6750 [0.6680, 0.6810]", or in TSV and CSV two more fields.
 * Markdown and LaTeX put the best value of its column in bold. */
static ce_status put_value(ce_buf *out, ce_table_format format, const ce_eval *ev, size_t row,
                           ce_column column, size_t width, int bold) {
  double value, lo = 0, hi = 0;
  int has = ce_eval_value(ev, row, column.level, column.measure, &value) == CE_OK;
  int has_interval =
      with_intervals(ev) && ce_eval_interval(ev, row, column.level, column.measure, &lo, &hi) == 0;
  if (format == CE_TABLE_TSV || format == CE_TABLE_CSV) {
    ce_status status = put_number_or_na(out, has, value);
    if (!status && with_intervals(ev)) {
      status = ce__buf_puts(out, separator(format));
      if (!status) status = put_number_or_na(out, has_interval, lo);
      if (!status) status = ce__buf_puts(out, separator(format));
      if (!status) status = put_number_or_na(out, has_interval, hi);
    }
    return status;
  }
  if (!has)
    return format == CE_TABLE_TEXT ? ce__buf_printf(out, "%*s", (int)width, "n/a")
                                   : ce__buf_puts(out, "n/a");
  /* Resampled, but the interval withheld: the reasons follow the table (ce_eval_comparison). */
  int withheld = !has_interval && with_intervals(ev) &&
                 ce_eval_interval_note(ev, row, column.level, column.measure);
  /* A value off its interval, or biased beyond the resamples' spread: a mark, and a
   * footnote after the table (put_bias_notes) with the bias and the bias-corrected value. */
  char mark[96];
  int biased = has_interval &&
               ce__boot_interval_mark(ev, row, column.level, column.measure, mark, sizeof mark);
  if (format == CE_TABLE_TEXT) {
    char text[96];
    if (has_interval)
      snprintf(text, sizeof text, "%.4f [%.4f, %.4f]%s", value, lo, hi, biased ? BIAS_MARK : "");
    else if (withheld)
      snprintf(text, sizeof text, "%.4f [no interval]", value);
    else
      snprintf(text, sizeof text, "%.4f", value);
    /* The mark is one column wide in more bytes. */
    int extra = biased ? (int)strlen(BIAS_MARK) - 1 : 0;
    return ce__buf_printf(out, "%*s", (int)width + extra, text);
  }
  int latex = format == CE_TABLE_LATEX;
  ce_status status = !bold   ? ce__buf_printf(out, "%.4f", value)
                     : latex ? ce__buf_printf(out, "\\textbf{%.4f}", value)
                             : ce__buf_printf(out, "**%.4f**", value);
  if (!status && has_interval)
    status = ce__buf_printf(out, latex ? " {\\scriptsize[%.4f, %.4f]}" : " [%.4f, %.4f]", lo, hi);
  else if (!status && withheld)
    status = ce__buf_puts(out, latex ? " {\\scriptsize[no interval]}" : " [no interval]");
  if (!status && biased) status = ce__buf_puts(out, latex ? "$^{\\dagger}$" : BIAS_MARK);
  return status;
}

/*
 * The footnotes of the marked values: what the mark means, then each value's bias and
 * bias-corrected estimate, "† brown-hmm.tsv, token.v_measure: biased high by ~0.03;
 * bias-corrected 0.4670". Nothing when no value is marked.
 */
static ce_status put_bias_notes(ce_buf *out, ce_table_format format, const ce_eval *ev,
                                const ce_column *columns, size_t count, shown_rows rows) {
  static const char head[] =
      "a value biased beyond its resamples' spread (plug-in estimates are biased on small "
      "samples): its interval is for the population value, corrected for that bias, and need "
      "not hold the value";
  int latex = format == CE_TABLE_LATEX, any = 0;
  const char *mark = latex ? "$^{\\dagger}$" : BIAS_MARK;
  ce_status status = CE_OK;
  for (size_t i = 0; i < rows.count && !status; i++)
    for (size_t c = 0; c < count && !status; c++) {
      size_t r = row_at(rows, i);
      char text[96];
      if (ev->rows[r].failed ||
          !ce__boot_interval_mark(ev, r, columns[c].level, columns[c].measure, text, sizeof text))
        continue;
      if (!any++) {
        status = ce__buf_printf(out, latex ? "\\par\\smallskip{\\footnotesize %s " : "\n%s ", mark);
        if (!status) status = put_text(out, format, head);
        if (!status) status = ce__buf_puts(out, latex ? ".\\\\\n" : ".\n");
      }
      if (!status) status = ce__buf_printf(out, "%s ", mark);
      if (!status) status = put_text(out, format, ev->rows[r].name);
      if (!status) status = ce__buf_printf(out, ", %s.", ce_level_id(columns[c].level));
      if (!status) status = put_text(out, format, ce_measure_id(columns[c].measure));
      if (!status) status = ce__buf_puts(out, ": ");
      if (!status) status = put_text(out, format, text);
      if (!status)
        status = ce__buf_puts(out, latex ? ".\\\\\n" : format == CE_TABLE_MARKDOWN ? "  \n" : "\n");
    }
  if (!status && any && latex) status = ce__buf_puts(out, "}\n");
  return status;
}

static size_t name_width(const ce_eval *ev, shown_rows rows) {
  size_t width = 6; /* "system" */
  for (size_t i = 0; i < rows.count; i++) {
    size_t len = strlen(ev->rows[row_at(rows, i)].name);
    if (len > width) width = len;
  }
  return width;
}

/* A column's width in text: its header, at least 10, or 24 with intervals. */
static size_t column_width(const ce_eval *ev, ce_column column) {
  size_t header = strlen(ce_level_id(column.level)) + 1 + strlen(ce_measure_id(column.measure));
  size_t least = with_intervals(ev) ? 24 : 10;
  return header > least ? header : least;
}

/* Text, TSV and CSV: a header of ids, "token.m1", and the bounds' "token.m1.lo". */
static ce_status put_id_header(ce_buf *out, ce_table_format format, const ce_eval *ev,
                               const ce_column *columns, size_t count, size_t width) {
  ce_status status = format == CE_TABLE_TEXT ? ce__buf_printf(out, "%-*s", (int)width, "system")
                                             : ce__buf_puts(out, "system");
  for (size_t c = 0; c < count && !status; c++) {
    char name[80];
    snprintf(name, sizeof name, "%s.%s", ce_level_id(columns[c].level),
             ce_measure_id(columns[c].measure));
    status = ce__buf_puts(out, separator(format));
    if (!status)
      status = format == CE_TABLE_TEXT
                   ? ce__buf_printf(out, "%*s", (int)column_width(ev, columns[c]), name)
                   : put_text(out, format, name);
    if (!status && with_intervals(ev) && format != CE_TABLE_TEXT)
      status =
          ce__buf_printf(out, "%s%s.lo%s%s.hi", separator(format), name, separator(format), name);
  }
  return status ? status : ce__buf_puts(out, "\n");
}

/* Markdown: "| System | Token M-1 | Token H(C|K) (nats) |" and the alignment row. */
static ce_status put_markdown_header(ce_buf *out, const ce_eval *ev, const ce_column *columns,
                                     size_t count) {
  const char *unit = ev->options[CE_OPT_LOG2] ? "bits" : "nats";
  ce_status status = ce__buf_puts(out, "| System");
  for (size_t c = 0; c < count && !status; c++) {
    char title[120];
    snprintf(title, sizeof title, "%s %s", level_title(columns[c].level),
             ce_measure_label(columns[c].measure));
    if (ce__measure_in_logs(columns[c].measure))
      snprintf(title + strlen(title), sizeof title - strlen(title), " (%s)", unit);
    status = ce__buf_puts(out, " | ");
    if (!status) status = put_markdown_text(out, title);
  }
  if (!status) status = ce__buf_puts(out, " |\n| ---");
  for (size_t c = 0; c < count && !status; c++) status = ce__buf_puts(out, " | ---:");
  return status ? status : ce__buf_puts(out, " |\n");
}

/* LaTeX (booktabs): a row of Token level / Type level spans over a row of measure titles. */
static ce_status put_latex_header(ce_buf *out, const ce_column *columns, size_t count) {
  ce_status status = ce__buf_puts(out, "\\begin{tabular}{l");
  for (size_t c = 0; c < count && !status; c++) status = ce__buf_puts(out, "r");
  if (!status) status = ce__buf_puts(out, "}\n\\toprule\n");
  if (count) {
    ce_buf rules = {0};
    for (size_t c = 0, end; c < count && !status; c = end) {
      for (end = c + 1; end < count && columns[end].level == columns[c].level; end++) continue;
      status = ce__buf_printf(out, " & \\multicolumn{%zu}{c}{%s level}", end - c,
                              level_title(columns[c].level));
      if (!status)
        status = ce__buf_printf(&rules, "%s\\cmidrule(lr){%zu-%zu}", c ? " " : "", c + 2, end + 1);
    }
    if (!status) status = ce__buf_puts(out, " \\\\\n");
    if (!status) status = ce__buf_append(out, rules.data, rules.len);
    if (!status) status = ce__buf_puts(out, "\n");
    ce__buf_free(&rules);
  }
  if (!status) status = ce__buf_puts(out, "System");
  for (size_t c = 0; c < count && !status; c++) {
    const char *latex = ce__measure_latex(columns[c].measure);
    status = ce__buf_puts(out, " & ");
    if (!status)
      status = latex ? ce__buf_puts(out, latex)
                     : put_latex_text(out, ce_measure_label(columns[c].measure));
  }
  return status ? status : ce__buf_puts(out, " \\\\\n\\midrule\n");
}

/* A row's name: in Markdown a system as code and a baseline in italics, in LaTeX a baseline
 * in italics. */
static ce_status put_row_name(ce_buf *out, ce_table_format format, const ce_row *row,
                              size_t width) {
  if (format == CE_TABLE_TEXT) return put_terminal_text(out, row->name, width, 1);
  if (format == CE_TABLE_MARKDOWN) {
    ce_status status = ce__buf_puts(out, "| ");
    if (status || !is_baseline(row)) return status ? status : put_markdown_code(out, row->name);
    status = ce__buf_puts(out, "*");
    if (!status) status = put_markdown_text(out, row->name);
    return status ? status : ce__buf_puts(out, "*");
  }
  int italic = format == CE_TABLE_LATEX && is_baseline(row);
  ce_status status = italic ? ce__buf_puts(out, "\\textit{") : CE_OK;
  if (!status) status = put_text(out, format, row->name);
  return status || !italic ? status : ce__buf_puts(out, "}");
}

/* A table's request: a finished run, a format up to `last`, known columns. */
static int table_request_ok(const ce_eval *ev, ce_table_format format, ce_table_format last,
                            const ce_column *columns, size_t column_count, char **text) {
  if (!ev || !ev->finished || !text || (unsigned)format > last || (column_count && !columns))
    return 0;
  for (size_t c = 0; c < column_count; c++)
    if ((unsigned)columns[c].level > CE_LEVEL_LAST ||
        (unsigned)columns[c].measure >= CE_MEASURE_COUNT)
      return 0;
  return 1;
}

ce_status ce_eval_table(const ce_eval *ev, ce_table_format format, const ce_column *columns,
                        size_t column_count, const size_t *rows, size_t row_count, char **text,
                        size_t *len) {
  if (!table_request_ok(ev, format, CE_TABLE_LATEX, columns, column_count, text))
    return CE_ERR_USAGE;
  for (size_t i = 0; rows && i < row_count; i++)
    if (rows[i] >= ev->row_count) return CE_ERR_USAGE;
  shown_rows shown = {rows, rows ? row_count : ev->row_count};
  int rich = format == CE_TABLE_MARKDOWN || format == CE_TABLE_LATEX;
  best_values best = {0};
  ce_buf out = {0};
  size_t width = name_width(ev, shown);
  ce_status status = rich ? find_best(ev, columns, column_count, shown, &best) : CE_OK;
  if (!status && format == CE_TABLE_LATEX && with_intervals(ev)) {
    status = ce__buf_puts(&out, "% In brackets: ");
    if (!status) status = put_bootstrap_note(&out, ev);
    if (!status) status = ce__buf_puts(&out, "\n");
  }
  if (!status)
    status = format == CE_TABLE_MARKDOWN ? put_markdown_header(&out, ev, columns, column_count)
             : format == CE_TABLE_LATEX
                 ? put_latex_header(&out, columns, column_count)
                 : put_id_header(&out, format, ev, columns, column_count, width);
  int ruled = 0; /* LaTeX: the rule above the first baseline */
  for (size_t i = 0; i < shown.count && !status; i++) {
    size_t r = row_at(shown, i);
    const ce_row *row = &ev->rows[r];
    if (format == CE_TABLE_LATEX && is_baseline(row) && !ruled++)
      status = ce__buf_puts(&out, "\\midrule\n");
    if (!status) status = put_row_name(&out, format, row, width);
    if (!status && row->failed) {
      status = ce__buf_puts(&out, separator(format));
      if (!status) status = ce__buf_puts(&out, "error: ");
      if (!status) status = put_text(&out, format, row->error.message);
    }
    for (size_t c = 0; c < column_count && !status && !row->failed; c++) {
      double v;
      int bold = rich && best.has[c] && !is_baseline(row) &&
                 ce_eval_value(ev, r, columns[c].level, columns[c].measure, &v) == CE_OK &&
                 v == best.value[c];
      status = ce__buf_puts(&out, separator(format));
      if (!status)
        status = put_value(&out, format, ev, r, columns[c], column_width(ev, columns[c]), bold);
    }
    if (!status)
      status = ce__buf_puts(&out, format == CE_TABLE_MARKDOWN ? " |\n"
                                  : format == CE_TABLE_LATEX  ? " \\\\\n"
                                                              : "\n");
  }
  if (!status && format == CE_TABLE_LATEX)
    status = ce__buf_puts(&out, "\\bottomrule\n\\end{tabular}\n");
  if (!status && format == CE_TABLE_MARKDOWN && with_intervals(ev)) {
    status = ce__buf_puts(&out, "\nIn brackets: ");
    if (!status) status = put_bootstrap_note(&out, ev);
    if (!status) status = ce__buf_puts(&out, "\n");
  }
  if (!status && with_intervals(ev) && format != CE_TABLE_TSV && format != CE_TABLE_CSV)
    status = put_bias_notes(&out, format, ev, columns, column_count, shown);
  free_best(&best);
  if (status) {
    ce__buf_free(&out);
    return status;
  }
  *text = out.data ? out.data : calloc(1, 1);
  if (len) *len = out.len;
  return *text ? CE_OK : CE_ERR_NOMEM;
}

/* ----------------------------------------------------------- depth sweep */

/* One value of a sweep point: every digit in TSV and CSV, four decimals in text. */
static ce_status put_point_value(ce_buf *out, ce_table_format format, const ce_sweep_point *point,
                                 ce_column column, size_t width) {
  const ce_measures *measures = column.level == CE_LEVEL_TOKEN ? &point->token : &point->type;
  /* A sweep holds the token and type levels only; a sense, tde or coref column is n/a there. */
  int has = column.level <= CE_LEVEL_TYPE && ce_level_has(column.level, column.measure) &&
            (column.level == CE_LEVEL_TOKEN ? point->has_token : point->has_type) &&
            ce__measure_has(measures, column.measure);
  if (format != CE_TABLE_TEXT) return put_number_or_na(out, has, measures->value[column.measure]);
  char text[32];
  snprintf(text, sizeof text, has ? "%.4f" : "n/a", measures->value[column.measure]);
  return ce__buf_printf(out, "%*s", (int)width, text);
}

ce_status ce_eval_sweep_table(const ce_eval *ev, ce_table_format format, const ce_column *columns,
                              size_t column_count, char **text, size_t *len) {
  /* Text, TSV and CSV are the formats up to CSV. */
  if (!table_request_ok(ev, format, CE_TABLE_CSV, columns, column_count, text)) return CE_ERR_USAGE;
  ce_buf out = {0};
  shown_rows all = {NULL, ev->row_count};
  size_t width = name_width(ev, all);
  const char *sep = separator(format);
  ce_status status = format == CE_TABLE_TEXT
                         ? ce__buf_printf(&out, "%-*s%s%5s%s%8s", (int)width, "system", sep,
                                          "depth", sep, "clusters")
                         : ce__buf_printf(&out, "system%sdepth%sclusters", sep, sep);
  for (size_t c = 0; c < column_count && !status; c++) {
    char name[80];
    snprintf(name, sizeof name, "%s.%s", ce_level_id(columns[c].level),
             ce_measure_id(columns[c].measure));
    status = format == CE_TABLE_TEXT
                 ? ce__buf_printf(&out, "%s%*s", sep, (int)column_width(ev, columns[c]), name)
                 : ce__buf_printf(&out, "%s%s", sep, name);
  }
  if (!status) status = ce__buf_puts(&out, "\n");
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    const ce_row *row = &ev->rows[r];
    if (!row->sweep_count) { /* its one line, at its own depth: "-" */
      status = put_row_name(&out, format, row, width);
      if (!status)
        status = format == CE_TABLE_TEXT
                     ? ce__buf_printf(&out, "%s%5s%s%8zu", sep, "-", sep,
                                      ce__intern_count(&row->clusters))
                     : ce__buf_printf(&out, "%s%s%zu", sep, sep, ce__intern_count(&row->clusters));
      for (size_t c = 0; c < column_count && !status && !row->failed; c++) {
        status = ce__buf_puts(&out, sep);
        if (!status)
          status = put_value(&out, format, ev, r, columns[c], column_width(ev, columns[c]), 0);
      }
      if (!status) status = ce__buf_puts(&out, "\n");
      continue;
    }
    for (size_t d = 0; d < row->sweep_count && !status; d++) {
      const ce_sweep_point *point = &row->sweep[d];
      status = put_row_name(&out, format, row, width);
      if (!status)
        status = format == CE_TABLE_TEXT
                     ? ce__buf_printf(&out, "%s%5u%s%8zu", sep, point->depth, sep, point->clusters)
                     : ce__buf_printf(&out, "%s%u%s%zu", sep, point->depth, sep, point->clusters);
      for (size_t c = 0; c < column_count && !status; c++) {
        status = ce__buf_puts(&out, sep);
        if (!status)
          status = put_point_value(&out, format, point, columns[c], column_width(ev, columns[c]));
      }
      if (!status) status = ce__buf_puts(&out, "\n");
    }
  }
  return ce__buf_hand_over(&out, status, text, len);
}

/* ------------------------------------------------------------ comparison */

/* One matrix of the comparison: a title, then rows × columns of cells. */
typedef struct matrix_style {
  ce_table_format format;
  size_t label_width, cell_width; /* text */
} matrix_style;

static ce_status put_cell(ce_buf *out, const matrix_style *style, const char *text, int first) {
  ce_status status = CE_OK;
  if (!first)
    status = ce__buf_puts(out, separator(style->format));
  else if (style->format == CE_TABLE_MARKDOWN)
    status = ce__buf_puts(out, "| ");
  if (status) return status;
  if (style->format == CE_TABLE_TEXT)
    return put_terminal_text(out, text, first ? style->label_width : style->cell_width, first);
  return put_text(out, style->format, text);
}

static ce_status end_line(ce_buf *out, const matrix_style *style, size_t cells, int header) {
  ce_status status = ce__buf_puts(out, style->format == CE_TABLE_MARKDOWN ? " |\n"
                                       : style->format == CE_TABLE_LATEX  ? " \\\\\n"
                                                                          : "\n");
  if (!status && header && style->format == CE_TABLE_MARKDOWN) {
    status = ce__buf_puts(out, "|---");
    for (size_t c = 0; c < cells && !status; c++) status = ce__buf_puts(out, "|---:");
    if (!status) status = ce__buf_puts(out, "|\n");
  }
  return status;
}

static ce_status put_title(ce_buf *out, ce_table_format format, const char *title) {
  if (format == CE_TABLE_MARKDOWN) return ce__buf_printf(out, "\n**%s**\n\n", title);
  if (format == CE_TABLE_LATEX) return ce__buf_printf(out, "%% %s\n", title);
  if (format == CE_TABLE_TEXT) return ce__buf_printf(out, "\n%s\n", title);
  return ce__buf_printf(out, "# %s\n", title);
}

static void format_share(char *text, size_t size, double value) {
  if (isnan(value))
    snprintf(text, size, "n/a");
  else
    snprintf(text, size, "%.4f", value);
}

/* "0.0123*": a p-value with its marks, * below 0.05 and ** below 0.01. */
static void format_p(char *text, size_t size, double p) {
  if (isnan(p))
    snprintf(text, size, "n/a");
  else
    snprintf(text, size, p < 0.0001 ? "%.1e%s" : "%.4f%s", p,
             p < 0.01   ? "**"
             : p < 0.05 ? "*"
                        : "");
}

/* Row a against column b, per measure: the two-sided p-value of the paired test. */
static ce_status put_p_matrix(ce_buf *out, const ce_eval *ev, ce_table_format format,
                              ce_column column, const char *method) {
  matrix_style style = {format, name_width(ev, (shown_rows){NULL, ev->row_count}), 9};
  for (size_t r = 0; r < ev->row_count; r++)
    if (strlen(ev->rows[r].name) > style.cell_width) style.cell_width = strlen(ev->rows[r].name);
  char title[200];
  snprintf(title, sizeof title, "%s.%s: two-sided p-values, %s (* p < 0.05, ** p < 0.01)",
           ce_level_id(column.level), ce_measure_id(column.measure), method);
  ce_status status = put_title(out, format, title);
  if (!status) status = put_cell(out, &style, "system", 1);
  for (size_t b = 0; b < ev->row_count && !status; b++)
    status = put_cell(out, &style, ev->rows[b].name, 0);
  if (!status) status = end_line(out, &style, ev->row_count, 1);
  for (size_t a = 0; a < ev->row_count && !status; a++) {
    status = put_cell(out, &style, ev->rows[a].name, 1);
    for (size_t b = 0; b < ev->row_count && !status; b++) {
      char text[32];
      if (a == b)
        snprintf(text, sizeof text, "-");
      else
        format_p(text, sizeof text, ce__p_value(ev, a, b, column.level, column.measure));
      status = put_cell(out, &style, text, 0);
    }
    if (!status) status = end_line(out, &style, ev->row_count, 0);
  }
  return status;
}

/* The p-value matrices of the columns that have p-values, after a line on the test. */
static ce_status put_tests(ce_buf *out, const ce_eval *ev, ce_table_format format,
                           const ce_column *columns, size_t column_count) {
  ce_test test;
  unsigned count, done, total;
  if (!ce__test_info(ev, &test, &count, &done, &total)) return CE_OK;
  char method[120];
  size_t sentences = 0;
  ce__boot_unit(ev, &sentences, NULL, NULL, NULL);
  if (test == CE_TEST_AR)
    snprintf(method, sizeof method, "approximate randomization, %u shuffles of %s", count,
             ce__boot_one_level(ev->boot->unit) ? ce__boot_unit_word(ev->boot->unit, 1)
             : ev->boot->sentences              ? "sentences (token level) and items (type level)"
                                                : "items");
  else
    snprintf(method, sizeof method, "paired bootstrap, %u resamples", count);
  ce_status status = CE_OK;
  for (size_t c = 0; c < column_count && !status; c++) {
    int with = 0;
    for (size_t a = 0; a < ev->row_count; a++)
      for (size_t b = a + 1; b < ev->row_count; b++)
        with |= !isnan(ce__p_value(ev, a, b, columns[c].level, columns[c].measure));
    if (with) status = put_p_matrix(out, ev, format, columns[c], method);
  }
  return status;
}

/* The intervals the table's columns leave out, each with its reason. */
static ce_status put_withheld(ce_buf *out, const ce_eval *ev, ce_table_format format,
                              const ce_column *columns, size_t column_count) {
  ce_status status = CE_OK;
  for (size_t c = 0; c < column_count && !status; c++)
    for (size_t r = 0; r < ev->row_count && !status; r++) {
      const char *note = ce_eval_interval_note(ev, r, columns[c].level, columns[c].measure);
      if (!note) continue;
      status = ce__buf_puts(out, format == CE_TABLE_MARKDOWN ? "- " : "  ");
      if (!status) status = put_text(out, format, ev->rows[r].name);
      if (!status)
        status = ce__buf_printf(out, ", %s.%s: %s\n", ce_level_id(columns[c].level),
                                ce_measure_id(columns[c].measure), note);
    }
  return status;
}

/* Spearman's ρ (Kendall's τ-b) between the rankings of every two of the columns. */
static ce_status put_rank_matrix(ce_buf *out, const ce_eval *ev, ce_table_format format,
                                 const ce_column *columns, size_t count) {
  char names[64][80];
  size_t used = 0;
  ce_column kept[64];
  matrix_style style = {format, 6, 17};
  for (size_t c = 0; c < count && used < 64; c++) {
    if (!ce__ranked_measure(ev, columns[c].level, columns[c].measure)) continue;
    kept[used] = columns[c];
    snprintf(names[used], sizeof names[used], "%s.%s", ce_level_id(columns[c].level),
             ce_measure_id(columns[c].measure));
    if (strlen(names[used]) > style.label_width) style.label_width = strlen(names[used]);
    if (strlen(names[used]) > style.cell_width) style.cell_width = strlen(names[used]);
    used++;
  }
  if (used < 2) return CE_OK;
  char title[160];
  snprintf(title, sizeof title,
           "rank correlation over %zu systems: Spearman's rho (Kendall's tau-b)",
           ce__ranked_count(ev));
  ce_status status = put_title(out, format, title);
  if (!status) status = put_cell(out, &style, "measure", 1);
  for (size_t b = 0; b < used && !status; b++) status = put_cell(out, &style, names[b], 0);
  if (!status) status = end_line(out, &style, used, 1);
  for (size_t a = 0; a < used && !status; a++) {
    status = put_cell(out, &style, names[a], 1);
    for (size_t b = 0; b < used && !status; b++) {
      double rho, tau;
      status = ce__rank_correlation(ev, kept[a].level, kept[a].measure, kept[b].level,
                                    kept[b].measure, &rho, &tau);
      char text[40], r[16], t[16];
      format_share(r, sizeof r, rho);
      format_share(t, sizeof t, tau);
      snprintf(text, sizeof text, "%s (%s)", r, t);
      if (!status) status = put_cell(out, &style, text, 0);
    }
    if (!status) status = end_line(out, &style, used, 0);
  }
  return status;
}

ce_status ce_eval_comparison(const ce_eval *ev, ce_table_format format, const ce_column *columns,
                             size_t column_count, char **text, size_t *len) {
  if (!ev || !ev->finished || !text || (unsigned)format > CE_TABLE_LATEX) return CE_ERR_USAGE;
  ce_buf out = {0};
  ce_status status = CE_OK;
  if (with_intervals(ev)) {
    size_t sentences, items;
    unsigned done, total;
    ce_boot_unit unit = ce__boot_unit(ev, &sentences, &items, &done, &total);
    char title[300];
    static const char *const methods[] = {"BCa", "percentile", "basic"};
    int method = (int)ev->options[CE_OPT_CI];
    const char *resample = ce__boot_resample_name(ev);
    int at =
        resample && strcmp(resample, "instances") == 0
            ? snprintf(title, sizeof title,
                       "bootstrap: %u resamples of half of each of %zu lemmas' instances, the "
                       "lemmas kept; %s 95%% intervals, centred on the values",
                       done, items, methods[method])
        : resample ? snprintf(title, sizeof title,
                              "bootstrap: %u resamples of %zu lemmas and half of each drawn "
                              "lemma's instances; %s 95%% intervals, centred on the values",
                              done, items, methods[method])
        : unit == CE_UNIT_SENTENCE
            ? snprintf(title, sizeof title,
                       "bootstrap: %u resamples of %zu %ss (token level) and %zu "
                       "items (type level); %s 95%% intervals",
                       done, sentences, ce__boot_sentence_name(ev), items, methods[method])
            : snprintf(title, sizeof title, "bootstrap: %u resamples of %zu %s; %s 95%% intervals",
                       done, items, ce__boot_unit_word(unit, 1), methods[method]);
    if (method == CE_CI_BCA && at > 0 && (size_t)at < sizeof title &&
        !(resample && strcmp(resample, "instances") == 0))
      snprintf(title + at, sizeof title - (size_t)at,
               ", accelerated by a jackknife over at most %d blocks", CE_JACKKNIFE_BLOCKS);
    status = put_title(&out, format, title);
    if (!status) status = put_withheld(&out, ev, format, columns, column_count);
  }
  if (!status) status = put_tests(&out, ev, format, columns, column_count);
  if (!status) status = put_rank_matrix(&out, ev, format, columns, column_count);
  if (status) {
    ce__buf_free(&out);
    return status;
  }
  *text = out.data ? out.data : calloc(1, 1);
  if (len) *len = out.len;
  return *text ? CE_OK : CE_ERR_NOMEM;
}

/* --------------------------------------------------------------- reports */

static ce_status put_label(ce_buf *out, const ce_intern *labels, uint32_t id) {
  if (id == UINT32_MAX) return ce__buf_puts(out, "-");
  size_t len;
  const char *text = ce__intern_get(labels, id, &len);
  return ce__buf_append(out, text, len);
}

static ce_status put_label_list(ce_buf *out, const ce_intern *labels, const uint32_t *ids,
                                size_t count) {
  ce_status status = CE_OK;
  for (size_t i = 0; i < count && !status; i++) {
    if (i) status = ce__buf_puts(out, " ");
    if (!status) status = put_label(out, labels, ids[i]);
  }
  return status;
}

static ce_status report_contingency(const ce_eval *ev, ce_buf *out) {
  const ce_intern *classes = &ev->inputs[0].labels;
  ce_status status = ce__buf_puts(out, "system\tlevel\tclass\tcluster\tcount\n");
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    const ce_row *row = &ev->rows[r];
    for (int level = 0; level < 2 && !status; level++) {
      const ce_table *table = level ? &row->type_table : &row->token_table;
      if (!(level ? row->has_type_table : row->has_token_table)) continue;
      const ce_intern *class_labels = row->input == 0 ? &ev->inputs[0].labels : classes;
      for (size_t i = 0; i < table->cell_count && !status; i++) {
        status = ce__buf_printf(out, "%s\t%s\t", row->name, level ? "type" : "token");
        if (!status) status = put_label(out, class_labels, table->cell_class[i]);
        if (!status) status = ce__buf_puts(out, "\t");
        if (!status) status = put_label(out, &row->clusters, table->cell_cluster[i]);
        if (!status) status = ce__buf_printf(out, "\t%llu\n", (unsigned long long)table->cell_n[i]);
      }
    }
  }
  return status;
}

typedef struct ranked {
  uint64_t size;
  uint32_t id;
} ranked;

static int compare_ranked(const void *a, const void *b) {
  const ranked *x = a, *y = b;
  if (x->size != y->size) return (x->size < y->size) - (x->size > y->size);
  return (x->id > y->id) - (x->id < y->id);
}

static ce_status put_ranked_sizes(ce_buf *out, const char *who, const char *unit,
                                  const uint64_t *sizes, size_t count, const ce_intern *labels) {
  ranked *order = malloc((count ? count : 1) * sizeof *order);
  if (!order) return CE_ERR_NOMEM;
  size_t used = 0;
  for (size_t i = 0; i < count; i++)
    if (sizes[i]) order[used++] = (ranked){sizes[i], (uint32_t)i};
  qsort(order, used, sizeof *order, compare_ranked);
  ce_status status = CE_OK;
  for (size_t i = 0; i < used && !status; i++) {
    status = ce__buf_printf(out, "%s\t%s\t%zu\t", who, unit, i + 1);
    if (!status) status = put_label(out, labels, order[i].id);
    if (!status) status = ce__buf_printf(out, "\t%llu\n", (unsigned long long)order[i].size);
  }
  free(order);
  return status;
}

static ce_status report_sizes(const ce_eval *ev, ce_buf *out) {
  ce_status status = ce__buf_puts(out, "who\tunit\trank\tlabel\tsize\n");
  const ce_row *first = ev->row_count ? &ev->rows[0] : NULL;
  if (!status && first && first->has_token_table)
    status = put_ranked_sizes(out, "gold", "tokens", first->token_table.class_sums,
                              first->token_table.classes, &ev->inputs[0].labels);
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    const ce_row *row = &ev->rows[r];
    if (row->has_token_table)
      status = put_ranked_sizes(out, row->name, "tokens", row->token_table.cluster_sums,
                                row->token_table.clusters, &row->clusters);
    for (int side = r == 0 ? 0 : 1; side < 2 && !status && row->has_entries; side++) {
      const ce_entries *e = &row->entries;
      uint64_t *sizes = NULL;
      status = ce__entries_label_sizes(e, side, &sizes);
      if (!status)
        status =
            side ? put_ranked_sizes(out, row->name, "items", sizes, e->clusters, &row->clusters)
                 : put_ranked_sizes(out, "gold", "items", sizes, e->classes, &ev->inputs[0].labels);
      free(sizes);
    }
  }
  return status;
}

static ce_status report_details(const ce_eval *ev, ce_buf *out) {
  ce_status status = ce__buf_puts(out,
                                  "system\titem\tgold\tsystem_entry\tmapped_m1\tim_m1\tf_"
                                  "m1\tmapped_o1\tim_o1\tf_o1\tcorrect\tecs\n");
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    const ce_row *row = &ev->rows[r];
    if (!row->has_climb) continue;
    const ce_entries *e = &row->entries;
    const uint32_t *h_m1 = row->climb.m1[CE_TYPE_MICRO_I].cluster_to_class;
    const uint32_t *h_o1 = row->climb.o1[CE_TYPE_MICRO_I].cluster_to_class;
    uint32_t *mapped = malloc((e->classes ? e->classes : 1) * sizeof *mapped);
    if (!mapped) return CE_ERR_NOMEM;
    for (size_t i = 0; i < e->items && !status; i++) {
      unsigned im_m1, im_o1;
      double f_m1, f_o1;
      ce__type_item_match(e, h_m1, i, &im_m1, &f_m1);
      ce__type_item_match(e, h_o1, i, &im_o1, &f_o1);
      size_t len;
      const char *item = ce__intern_get(&ev->items, row->entry_items[i], &len);
      status = ce__buf_printf(out, "%s\t", row->name);
      if (!status) status = ce__buf_append(out, item, len);
      if (!status) status = ce__buf_puts(out, "\t");
      if (!status)
        status = put_label_list(out, &ev->inputs[0].labels, e->class_ids + e->class_start[i],
                                e->class_start[i + 1] - e->class_start[i]);
      if (!status) status = ce__buf_puts(out, "\t");
      if (!status)
        status = put_label_list(out, &row->clusters, e->cluster_ids + e->cluster_start[i],
                                e->cluster_start[i + 1] - e->cluster_start[i]);
      if (!status) status = ce__buf_puts(out, "\t");
      if (!status)
        status = put_label_list(out, &ev->inputs[0].labels, mapped,
                                ce__entries_mapped(e, i, h_m1, mapped));
      if (!status) status = ce__buf_printf(out, "\t%u\t", im_m1);
      if (!status) status = ce__buf_put_double(out, f_m1);
      if (!status) status = ce__buf_puts(out, "\t");
      if (!status)
        status = put_label_list(out, &ev->inputs[0].labels, mapped,
                                ce__entries_mapped(e, i, h_o1, mapped));
      if (!status) status = ce__buf_printf(out, "\t%u\t", im_o1);
      if (!status) status = ce__buf_put_double(out, f_o1);
      if (!status) status = ce__buf_printf(out, "\t%s\t", f_m1 == 1.0 ? "yes" : "no");
      if (!status && row->item_ecs && !isnan(row->item_ecs[i]))
        status = ce__buf_put_double(out, row->item_ecs[i]);
      if (!status) status = ce__buf_puts(out, "\n");
    }
    free(mapped);
  }
  return status;
}

/* The weight of cell (class, cluster), 0 when absent: cells are sorted by (class, cluster). */
static uint64_t cell_weight(const ce_table *table, uint32_t cls, uint32_t cluster) {
  uint64_t key = (uint64_t)cls << 32 | cluster;
  size_t lo = 0, hi = table->cell_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    uint64_t at = (uint64_t)table->cell_class[mid] << 32 | table->cell_cluster[mid];
    if (at == key) return table->cell_n[mid];
    if (at < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return 0;
}

/* Items per cluster k carrying class h[k], counted off the entries: where the item table
 * was past its cell budget. `items`: clusters, zeroed. Cost Σ_i |A_i|·|B_i|, which the type
 * level's visit budget bounds. */
static void mapped_items(const ce_entries *e, const uint32_t *h, uint64_t *items) {
  for (size_t i = 0; i < e->items; i++)
    for (uint32_t b = e->cluster_start[i]; b < e->cluster_start[i + 1]; b++) {
      uint32_t k = e->cluster_ids[b];
      items[k] +=
          h[k] != UINT32_MAX && ce__ids_hold(e->class_ids + e->class_start[i],
                                             e->class_start[i + 1] - e->class_start[i], h[k]);
    }
}

static ce_status report_mapping(const ce_eval *ev, ce_buf *out) {
  static const char *const kinds[CE_TYPE_MEASURES] = {"macro_i", "micro_i", "micro_c"};
  ce_status status = ce__buf_puts(out, "system\tmapping\tcluster\tclass\titems\n");
  for (size_t r = 0; r < ev->row_count && !status; r++) {
    const ce_row *row = &ev->rows[r];
    if (!row->has_climb) continue;
    size_t clusters = row->entries.clusters;
    uint64_t *items =
        row->has_type_table ? NULL : malloc((clusters ? clusters : 1) * sizeof *items);
    if (!row->has_type_table && !items) status = CE_ERR_NOMEM;
    for (int t = 0; t < CE_TYPE_MEASURES && !status; t++)
      for (int kind = 0; kind < 2 && !status; kind++) {
        const uint32_t *h =
            kind ? row->climb.o1[t].cluster_to_class : row->climb.m1[t].cluster_to_class;
        if (h && items) {
          memset(items, 0, (clusters ? clusters : 1) * sizeof *items);
          mapped_items(&row->entries, h, items);
        }
        for (uint32_t k = 0; h && k < clusters && !status; k++) {
          status = ce__buf_printf(out, "%s\t%s_%s\t", row->name, kinds[t], kind ? "o1" : "m1");
          if (!status) status = put_label(out, &row->clusters, k);
          if (!status) status = ce__buf_puts(out, "\t");
          if (!status) status = put_label(out, &ev->inputs[0].labels, h[k]);
          if (!status)
            status = ce__buf_printf(
                out, "\t%llu\n",
                h[k] == UINT32_MAX ? 0ull
                : items            ? (unsigned long long)items[k]
                                   : (unsigned long long)cell_weight(&row->type_table, h[k], k));
        }
      }
    free(items);
  }
  return status;
}

ce_status ce_eval_report(const ce_eval *ev, ce_report report, char **text, size_t *len) {
  if (!ev || !ev->finished || !text) return CE_ERR_USAGE;
  ce_buf out = {0};
  ce_status status;
  switch (report) {
    case CE_REPORT_CONTINGENCY:
      status = report_contingency(ev, &out);
      break;
    case CE_REPORT_SIZES:
      status = report_sizes(ev, &out);
      break;
    case CE_REPORT_DETAILS:
      status = report_details(ev, &out);
      break;
    case CE_REPORT_MAPPING:
      status = report_mapping(ev, &out);
      break;
    default:
      status = CE_ERR_USAGE;
  }
  return ce__buf_hand_over(&out, status, text, len);
}
