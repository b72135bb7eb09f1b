/*
 * A sense run (SPEC §3.7): a gold and system `senses` files, items the instances, grouped by
 * lemma. The key lines are kept as read (memory grows with the instances and their senses);
 * scoring takes gold's lemmas one at a time, with the system's lines of the same lemma, and
 * averages as each SemEval task does: SemEval-2013's unweighted over gold lemmas (Jurgens &
 * Klapaftis 2013, §4), SemEval-2010's weighted by the lemmas' gold instances (Manandhar et
 * al. 2010, §4).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measures/measures_senses_internal.h"
#include "run/input_internal.h"
#include "run/run_internal.h"
#include "run/senses_internal.h"

const ce_measure ce__sense_measures[CE_SENSE_MEASURES] = {
    CE_FUZZY_BCUBED_P, CE_FUZZY_BCUBED_R, CE_FUZZY_BCUBED_F, CE_FUZZY_NMI,
    CE_FUZZY_AVG,      CE_V_MEASURE,      CE_PAIR_F};

size_t ce__sense_gold_instances(const ce_eval *ev) {
  const ce_sense_input *gold = ev->inputs[0].senses;
  return gold ? gold->key.len : 0;
}

/* A new key line: its instance's key, once per file. */
static ce_status start_line(ce_eval *ev, ce_input *input, ce_sense_input *s,
                            const ce_record *record, uint64_t line, ce_error *err) {
  uint32_t lemma, key;
  s->key_text.len = 0;
  if (ce__buf_append(&s->key_text, record->cls, record->cls_len) ||
      ce__buf_append(&s->key_text, "\t", 1) ||
      ce__buf_append(&s->key_text, record->item, record->item_len) ||
      ce__intern_put(&ev->lemmas, record->cls, record->cls_len, &lemma, NULL) ||
      ce__intern_put(&ev->items, s->key_text.data, s->key_text.len, &key, NULL))
    return CE_ERR_NOMEM;
  while (s->line_of.len <= key)
    if (ce__u32s_push(&s->line_of, 0)) return CE_ERR_NOMEM;
  if (s->line_of.at[key]) {
    uint64_t first = s->line_no[s->line_of.at[key] - 1];
    ce_buf text = {0};
    ce__buf_append_excerpt(&text, record->item, record->item_len, 60);
    ce__fail(err, CE_ERR_SYNTAX, input->name, line, record->column,
             "instance '%s' of lemma '%.60s' again (first on line %llu); expected one line "
             "an instance",
             text.data ? text.data : "", ce__intern_get(&ev->lemmas, lemma, NULL),
             (unsigned long long)first);
    ce__buf_free(&text);
    return CE_ERR_SYNTAX;
  }
  if (ce__grow((void **)&s->line_no, &s->line_cap, s->key.len + 1, sizeof *s->line_no))
    return CE_ERR_NOMEM;
  s->line_no[s->key.len] = line;
  if (ce__u32s_push(&s->key, key) || ce__u32s_push(&s->lemma, lemma) ||
      ce__u32s_push(&s->start, (uint32_t)s->sense.len))
    return CE_ERR_NOMEM;
  s->line_of.at[key] = (uint32_t)s->key.len;
  return CE_OK;
}

ce_status ce__sense_record(ce_eval *ev, ce_input *input, const ce_record *record, uint64_t line,
                           ce_error *err) {
  if (!input->senses && !(input->senses = calloc(1, sizeof *input->senses)))
    return ce__fail(err, CE_ERR_NOMEM, input->name, line, 0, "out of memory");
  ce_sense_input *s = input->senses;
  ce_status status = CE_OK;
  if (record->sense_index == 0) status = start_line(ev, input, s, record, line, err);
  if (status == CE_ERR_SYNTAX) return status;
  uint32_t sense;
  if (!status)
    status = ce__intern_put(&input->labels, record->label, record->label_len, &sense, NULL);
  if (!status && ce__grow((void **)&s->weight, &s->weight_cap, s->sense.len + 1, sizeof *s->weight))
    status = CE_ERR_NOMEM;
  if (!status) s->weight[s->sense.len] = record->weight;
  if (!status) status = ce__u32s_push(&s->sense, sense);
  if (!status && record->sense_index == 0) input->tokens++;
  return status ? ce__fail(err, status, input->name, line, 0, "out of memory") : CE_OK;
}

/* ------------------------------------------------------------- scoring */

/* Lines grouped by lemma: order[first[l] .. first[l + 1]) are lemma l's, in file order. */
typedef struct by_lemma {
  size_t *first;
  uint32_t *order;
} by_lemma;

static ce_status group_lines(const ce_sense_input *s, size_t lemmas, by_lemma *out) {
  out->first = calloc(lemmas + 2, sizeof *out->first);
  out->order = malloc((s->key.len ? s->key.len : 1) * sizeof *out->order);
  if (!out->first || !out->order) return CE_ERR_NOMEM;
  for (size_t i = 0; i < s->key.len; i++) out->first[s->lemma.at[i] + 2]++;
  for (size_t l = 0; l < lemmas; l++) out->first[l + 2] += out->first[l + 1];
  for (size_t i = 0; i < s->key.len; i++)
    out->order[out->first[s->lemma.at[i] + 1]++] = (uint32_t)i;
  return CE_OK;
}

static void free_groups(by_lemma *g) {
  free(g->first);
  free(g->order);
}

/* A lemma's answers on one side, built line by line with senses numbered locally. */
typedef struct side_build {
  size_t *start;
  uint32_t *sense;
  double *weight;
  size_t used, cap, weight_cap, instances;
  uint32_t *local; /* by label id: local id + 1 for the lemma being built, 0 when unseen */
  uint32_t *seen;  /* label ids given a local id, to clear */
  uint32_t senses;
  uint32_t *first; /* by instance: the local id of the line's first sense (SemEval-2010) */
} side_build;

static ce_status side_init(side_build *b, size_t labels, size_t instances_max) {
  memset(b, 0, sizeof *b);
  b->start = malloc((instances_max + 1) * sizeof *b->start);
  b->first = malloc((instances_max + 1) * sizeof *b->first);
  b->local = calloc(labels + 1, sizeof *b->local);
  b->seen = malloc((labels + 1) * sizeof *b->seen);
  return b->start && b->first && b->local && b->seen ? CE_OK : CE_ERR_NOMEM;
}

static void side_free(side_build *b) {
  free(b->start);
  free(b->sense);
  free(b->weight);
  free(b->local);
  free(b->seen);
  free(b->first);
}

static void side_reset(side_build *b) {
  for (uint32_t i = 0; i < b->senses; i++) b->local[b->seen[i]] = 0;
  b->senses = 0;
  b->used = b->instances = 0;
  b->start[0] = 0;
}

/* Appends line `line` of `s` as the next instance (UINT32_MAX: an instance without a line). */
static ce_status side_add(side_build *b, const ce_sense_input *s, uint32_t line) {
  size_t from = 0, to = 0;
  if (line != UINT32_MAX) {
    from = s->start.at[line];
    to = line + 1 < s->start.len ? s->start.at[line + 1] : s->sense.len;
  }
  if (ce__grow((void **)&b->sense, &b->cap, b->used + (to - from) + 1, sizeof *b->sense) ||
      ce__grow((void **)&b->weight, &b->weight_cap, b->used + (to - from) + 1, sizeof *b->weight))
    return CE_ERR_NOMEM;
  size_t at = b->used;
  b->first[b->instances] = UINT32_MAX;
  for (size_t e = from; e < to; e++) {
    uint32_t label = s->sense.at[e];
    if (!b->local[label]) {
      b->seen[b->senses] = label;
      b->local[label] = ++b->senses;
    }
    uint32_t id = b->local[label] - 1;
    if (e == from) b->first[b->instances] = id;
    /* Insert in ascending id; an id already there (two labels a map made one) stays once. */
    size_t k = b->used;
    while (k > at && b->sense[k - 1] > id) k--;
    if (k > at && b->sense[k - 1] == id) continue;
    memmove(b->sense + k + 1, b->sense + k, (b->used - k) * sizeof *b->sense);
    memmove(b->weight + k + 1, b->weight + k, (b->used - k) * sizeof *b->weight);
    b->sense[k] = id;
    b->weight[k] = s->weight[e];
    b->used++;
  }
  b->start[++b->instances] = b->used;
  return CE_OK;
}

static ce_sense_answers answers_of(const side_build *b) {
  return (ce_sense_answers){b->instances, b->start, b->sense, b->weight, b->senses};
}

/* The values of one lemma into `m`. */
static ce_status score_lemma(const side_build *gold, const side_build *system, size_t gold_count,
                             int answered, ce_measures *m, uint32_t *cls, uint32_t *cluster) {
  ce_status status = CE_OK;
  double p = 0.0, r = 0.0, nmi = 0.0;
  memset(m, 0, sizeof *m);
  if (answered) {
    ce_sense_answers g = answers_of(gold), s = answers_of(system);
    status = ce__fuzzy_bcubed(&g, &s, &p, &r);
    if (!status) status = ce__fuzzy_nmi(&g, &s, &nmi);
    p /= (double)gold_count;
    r /= (double)gold_count;
  }
  /* SemEval-2010: gold instances the system leaves unanswered are one more cluster. */
  for (size_t i = 0; i < gold_count; i++) {
    cls[i] = gold->first[i];
    cluster[i] = system->first[i] == UINT32_MAX ? system->senses : system->first[i];
  }
  double v = 0.0, pair_f = 0.0;
  if (!status) status = ce__senses_hard(cls, cluster, gold_count, &v, &pair_f);
  if (status) return status;
  double f = p + r > 0 ? 2 * p * r / (p + r) : 0.0;
  ce__measure_put(m, CE_FUZZY_BCUBED_P, p);
  ce__measure_put(m, CE_FUZZY_BCUBED_R, r);
  ce__measure_put(m, CE_FUZZY_BCUBED_F, f);
  if (!isnan(nmi)) {
    ce__measure_put(m, CE_FUZZY_NMI, nmi);
    ce__measure_put(m, CE_FUZZY_AVG, sqrt(nmi * f > 0 ? nmi * f : 0.0));
  }
  ce__measure_put(m, CE_V_MEASURE, v);
  ce__measure_put(m, CE_PAIR_F, pair_f);
  return CE_OK;
}

/*
 * --detail: the lemma's gold senses × induced senses, each cell the sum over its gold
 * instances of w_g·w_t, the two memberships as the measures read them (1 each for a sense
 * given no weight): the counts of instances where both sides give one sense each. In the
 * order the senses were first met, gold's then the system's.
 */
static ce_status lemma_cells(ce_row *row, size_t l, const side_build *gold,
                             const side_build *system, size_t gold_count) {
  size_t begin = row->lemma_cell_start[l], at = begin;
  for (size_t i = 0; i < gold_count; i++)
    for (size_t g = gold->start[i]; g < gold->start[i + 1]; g++)
      for (size_t t = system->start[i]; t < system->start[i + 1]; t++) {
        uint32_t gs = gold->seen[gold->sense[g]], ts = system->seen[system->sense[t]];
        size_t c = begin; /* a lemma has a few senses a side: a short search */
        while (c < at && (row->lemma_cells[c].gold != gs || row->lemma_cells[c].system != ts)) c++;
        if (c == at) {
          if (ce__grow((void **)&row->lemma_cells, &row->lemma_cell_cap, at + 1,
                       sizeof *row->lemma_cells))
            return CE_ERR_NOMEM;
          row->lemma_cells[at++] = (ce_sense_cell){gs, ts, 0.0};
        }
        row->lemma_cells[c].weight += gold->weight[g] * system->weight[t];
      }
  row->lemma_cell_start[l + 1] = at;
  return CE_OK;
}

/* Gold's lemmas in the order gold first names them. */
static ce_status gold_lemma_order(const ce_sense_input *gold, size_t lemmas, uint32_t **order,
                                  size_t *count) {
  uint8_t *met = calloc(lemmas + 1, 1);
  *order = malloc((lemmas + 1) * sizeof **order);
  *count = 0;
  if (!met || !*order) {
    free(met);
    return CE_ERR_NOMEM;
  }
  for (size_t i = 0; i < gold->key.len; i++) {
    uint32_t l = gold->lemma.at[i];
    if (!met[l]) (*order)[(*count)++] = l, met[l] = 1;
  }
  free(met);
  return CE_OK;
}

/*
 * SPEC §3.7's averages over gold lemmas, lemma l counted `draws[l]` times (NULL: once each;
 * a resample draws lemmas with replacement): P̄, R̄ and NMI the means, F = 2P̄R̄/(P̄ + R̄) (not
 * the mean of F), fuzzy_avg = √(NMI · F); V and paired F weighted by gold instances. NMI is
 * the mean over the lemmas that have one; *nmi_lemmas (may be NULL) counts them.
 */
void ce__senses_average(const ce_measures *lemmas, const uint64_t *gold, size_t count,
                        const uint32_t *draws, ce_measures *out, size_t *nmi_lemmas) {
  double p = 0.0, r = 0.0, nmi = 0.0, v = 0.0, pair_f = 0.0, drawn = 0.0, instances = 0.0;
  size_t with_nmi = 0;
  double nmi_weight = 0.0;
  memset(out, 0, sizeof *out);
  for (size_t l = 0; l < count; l++) {
    double w = draws ? (double)draws[l] : 1.0;
    if (w == 0.0) continue;
    const ce_measures *m = &lemmas[l];
    drawn += w;
    p += w * m->value[CE_FUZZY_BCUBED_P];
    r += w * m->value[CE_FUZZY_BCUBED_R];
    if (ce__measure_has(m, CE_FUZZY_NMI)) {
      nmi += w * m->value[CE_FUZZY_NMI];
      nmi_weight += w;
      with_nmi++;
    }
    v += w * (double)gold[l] * m->value[CE_V_MEASURE];
    pair_f += w * (double)gold[l] * m->value[CE_PAIR_F];
    instances += w * (double)gold[l];
  }
  if (nmi_lemmas) *nmi_lemmas = with_nmi;
  if (drawn == 0.0) return;
  p /= drawn;
  r /= drawn;
  double f = p + r > 0 ? 2 * p * r / (p + r) : 0.0;
  ce__measure_put(out, CE_FUZZY_BCUBED_P, p);
  ce__measure_put(out, CE_FUZZY_BCUBED_R, r);
  ce__measure_put(out, CE_FUZZY_BCUBED_F, f);
  if (nmi_weight > 0.0) {
    nmi /= nmi_weight;
    ce__measure_put(out, CE_FUZZY_NMI, nmi);
    ce__measure_put(out, CE_FUZZY_AVG, sqrt(nmi * f > 0 ? nmi * f : 0.0));
  }
  if (instances > 0.0) {
    ce__measure_put(out, CE_V_MEASURE, v / instances);
    ce__measure_put(out, CE_PAIR_F, pair_f / instances);
  }
}

/* Warns of the lemmas whose fuzzy NMI has no value (max(H_G, H_T) = 0). */
static ce_status nmi_warning(const ce_eval *ev, ce_row *row, size_t nmi_lemmas) {
  size_t missing = row->lemma_count - nmi_lemmas;
  if (!missing) return CE_OK;
  const char *name = "";
  for (size_t l = 0; l < row->lemma_count; l++)
    if (!ce__measure_has(&row->lemma_senses[l], CE_FUZZY_NMI)) {
      name = ce__intern_get(&ev->lemmas, row->lemma_ids[l], NULL);
      break;
    }
  char message[400];
  snprintf(message, sizeof message,
           "fuzzy_nmi: null for %zu lemma%s ('%.60s'%s): neither side's senses have any entropy "
           "there (max(H_G, H_T) = 0); the mean is over the other %zu lemma%s%s",
           missing, missing == 1 ? "" : "s", name, missing > 1 ? " first" : "", nmi_lemmas,
           nmi_lemmas == 1 ? "" : "s", nmi_lemmas ? "" : ", so it is null too");
  return ce__row_warn(row, message);
}

ce_status ce__score_senses(const ce_eval *ev, size_t index, ce_row *row) {
  const ce_input *gold_input = &ev->inputs[0], *system_input = &ev->inputs[index];
  const ce_sense_input *gold = gold_input->senses, *system = system_input->senses;
  static const ce_sense_input none = {0};
  if (!system) system = &none;
  size_t lemmas = ce__intern_count(&ev->lemmas);
  by_lemma gl = {0}, sl = {0};
  side_build gb = {0}, sb = {0};
  uint32_t *cls = NULL, *cluster = NULL;
  size_t most = gold->key.len + system->key.len;
  ce_status status = group_lines(gold, lemmas, &gl);
  if (!status) status = group_lines(system, lemmas, &sl);
  if (!status) status = side_init(&gb, ce__intern_count(&gold_input->labels), most);
  if (!status) status = side_init(&sb, ce__intern_count(&system_input->labels), most);
  if (!status) status = gold_lemma_order(gold, lemmas, &row->lemma_ids, &row->lemma_count);
  if (!status && (!(row->lemma_senses = calloc(row->lemma_count + 1, sizeof *row->lemma_senses)) ||
                  !(row->lemma_gold = calloc(row->lemma_count + 1, sizeof *row->lemma_gold))))
    status = CE_ERR_NOMEM;
  /* The cells only for --detail, whose by_lemma shows them. */
  if (!status && ev->options[CE_OPT_DETAIL] != 0.0 &&
      !(row->lemma_cell_start = calloc(row->lemma_count + 1, sizeof *row->lemma_cell_start)))
    status = CE_ERR_NOMEM;
  if (!status && (!(cls = malloc((most + 1) * sizeof *cls)) ||
                  !(cluster = malloc((most + 1) * sizeof *cluster))))
    status = CE_ERR_NOMEM;
  for (size_t l = 0; !status && l < row->lemma_count; l++) {
    uint32_t lemma = row->lemma_ids[l];
    size_t g_count = gl.first[lemma + 1] - gl.first[lemma];
    size_t s_count = sl.first[lemma + 1] - sl.first[lemma];
    side_reset(&gb);
    side_reset(&sb);
    /* The lemma's instances: gold's in its order, then the system's that gold lacks, which
     * take part in fuzzy B-cubed's recall and NMI as the shipped scorer has them. */
    for (size_t i = gl.first[lemma]; !status && i < gl.first[lemma + 1]; i++) {
      uint32_t line = gl.order[i], key = gold->key.at[line];
      uint32_t at = key < system->line_of.len ? system->line_of.at[key] : 0;
      status = side_add(&gb, gold, line);
      if (!status) status = side_add(&sb, system, at ? at - 1 : UINT32_MAX);
      row->missing += at == 0;
    }
    for (size_t i = sl.first[lemma]; !status && i < sl.first[lemma + 1]; i++) {
      uint32_t line = sl.order[i], key = system->key.at[line];
      if (key < gold->line_of.len && gold->line_of.at[key]) continue;
      status = side_add(&gb, gold, UINT32_MAX);
      if (!status) status = side_add(&sb, system, line);
    }
    ce_measures *m = &row->lemma_senses[l];
    if (!status) status = score_lemma(&gb, &sb, g_count, s_count > 0, m, cls, cluster);
    if (!status && row->lemma_cell_start) status = lemma_cells(row, l, &gb, &sb, g_count);
    if (status) break;
    row->lemma_gold[l] = g_count;
  }
  /* System lines gold does not have, of its lemmas or others: ignored, and counted. */
  for (size_t i = 0; !status && i < system->key.len; i++) {
    uint32_t key = system->key.at[i];
    row->extra += !(key < gold->line_of.len && gold->line_of.at[key]);
  }
  if (!status) {
    size_t nmi_lemmas = 0;
    ce__senses_average(row->lemma_senses, row->lemma_gold, row->lemma_count, NULL, &row->senses,
                       &nmi_lemmas);
    row->has_senses = 1;
    status = nmi_warning(ev, row, nmi_lemmas);
  }
  free_groups(&gl);
  free_groups(&sl);
  side_free(&gb);
  side_free(&sb);
  free(cls);
  free(cluster);
  return status;
}

/* ------------------------------------------------------------- instance subsets */

/*
 * A resample that draws instances within a lemma (CE_OPT_RESAMPLE) scores the lemma again on
 * the drawn gold instances: gold's side once, then each system's against it. The system's
 * lines gold lacks are left out of a subset: the subset is a smaller test set of gold's
 * instances, and an extra line belongs to no instance drawn.
 */
struct ce_sense_subset {
  by_lemma gold_lines;    /* gold's lines by lemma id */
  const uint32_t *lemmas; /* gold's lemmas in order (the first row's lemma_ids) */
  size_t lemma_count, lemma_ids;
  uint8_t *answered; /* inputs × lemma ids: the input has some line of the lemma */
  side_build gold, system;
  uint32_t *cls, *cluster;
  uint32_t *lines;   /* the gold lines of the subset built last */
  size_t gold_count; /* its instances */
  size_t current;    /* its lemma (gold order) */
};

ce_status ce__senses_subset_prepare(const ce_eval *ev, const uint32_t *lemmas, size_t count,
                                    ce_sense_subset **out) {
  const ce_sense_input *gold = ev->inputs[0].senses;
  size_t ids = ce__intern_count(&ev->lemmas), labels = 0;
  ce_sense_subset *sub = *out = calloc(1, sizeof *sub);
  if (!sub) return CE_ERR_NOMEM;
  sub->lemmas = lemmas;
  sub->lemma_count = count;
  sub->lemma_ids = ids;
  for (size_t i = 1; i < ev->input_count; i++)
    if (ce__intern_count(&ev->inputs[i].labels) > labels)
      labels = ce__intern_count(&ev->inputs[i].labels);
  size_t most = gold->key.len;
  ce_status status = group_lines(gold, ids, &sub->gold_lines);
  if (!status) status = side_init(&sub->gold, ce__intern_count(&ev->inputs[0].labels), most);
  if (!status) status = side_init(&sub->system, labels, most);
  if (!status && (!(sub->answered = calloc(ev->input_count * (ids + 1), 1)) ||
                  !(sub->lines = malloc((most + 1) * sizeof *sub->lines)) ||
                  !(sub->cls = malloc((most + 1) * sizeof *sub->cls)) ||
                  !(sub->cluster = malloc((most + 1) * sizeof *sub->cluster))))
    status = CE_ERR_NOMEM;
  for (size_t i = 1; !status && i < ev->input_count; i++) {
    const ce_sense_input *s = ev->inputs[i].senses;
    for (size_t k = 0; s && k < s->lemma.len; k++)
      sub->answered[i * (ids + 1) + s->lemma.at[k]] = 1;
  }
  return status;
}

void ce__senses_subset_free(ce_sense_subset *sub) {
  if (!sub) return;
  free_groups(&sub->gold_lines);
  side_free(&sub->gold);
  side_free(&sub->system);
  free(sub->answered);
  free(sub->lines);
  free(sub->cls);
  free(sub->cluster);
  free(sub);
}

size_t ce__senses_subset_instances(const ce_sense_subset *sub, size_t l) {
  uint32_t lemma = sub->lemmas[l];
  return sub->gold_lines.first[lemma + 1] - sub->gold_lines.first[lemma];
}

ce_status ce__senses_subset_gold(const ce_eval *ev, ce_sense_subset *sub, size_t l,
                                 const uint32_t *picked, size_t count) {
  const ce_sense_input *gold = ev->inputs[0].senses;
  size_t first = sub->gold_lines.first[sub->lemmas[l]];
  ce_status status = CE_OK;
  side_reset(&sub->gold);
  sub->current = l;
  for (size_t k = 0; !status && k < count; k++) {
    sub->lines[k] = sub->gold_lines.order[first + picked[k]];
    status = side_add(&sub->gold, gold, sub->lines[k]);
  }
  sub->gold_count = count;
  return status;
}

ce_status ce__senses_subset_score(const ce_eval *ev, ce_sense_subset *sub, size_t input,
                                  ce_measures *out) {
  const ce_sense_input *gold = ev->inputs[0].senses, *system = ev->inputs[input].senses;
  static const ce_sense_input none = {0};
  if (!system) system = &none;
  ce_status status = CE_OK;
  side_reset(&sub->system);
  /* The subset's gold lines, in the order ce__senses_subset_gold added them. */
  for (size_t k = 0; !status && k < sub->gold_count; k++) {
    uint32_t line = sub->lines[k], key = gold->key.at[line];
    uint32_t at = key < system->line_of.len ? system->line_of.at[key] : 0;
    status = side_add(&sub->system, system, at ? at - 1 : UINT32_MAX);
  }
  int answered = sub->answered[input * (sub->lemma_ids + 1) + sub->lemmas[sub->current]];
  if (!status)
    status = score_lemma(&sub->gold, &sub->system, sub->gold_count, answered, out, sub->cls,
                         sub->cluster);
  return status;
}
