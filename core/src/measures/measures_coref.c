/*
 * Coreference metrics of one document (SPEC §3.6), from their definitions:
 *   MUC (Vilain et al. 1995): links, Σ over key/response entity overlaps of (|K∩R| − 1);
 *   B³ (Bagga & Baldwin 1998): over mentions, Σ |K∩R|²/|K| and Σ |K∩R|²/|R|;
 *   CEAF (Luo 2005): the optimal one-to-one entity alignment, φ3 = |K∩R| (mentions) and
 *     φ4 = 2|K∩R|/(|K| + |R|) (entities), solved exactly (assign.c);
 *   BLANC (Recasens & Hovy 2011, for predicted mentions Luo et al. 2014 §3): coreference
 *     links within entities and non-coreference links across them, each side's own sets;
 *   LEA (Moosavi & Strube 2016 §4): an entity weighs its size and scores the share of its
 *     links the other side resolves; a singleton has one self-link;
 *   mention identification: exact spans.
 * Mentions are numbered as the reference scorer numbers them (Pradhan et al. 2014 §2): a
 * response mention shares its key twin's number; an unmatched one gets a number of its own.
 */
#include <stdlib.h>
#include <string.h>

#include "measures/assign_internal.h"
#include "measures/measures_coref_internal.h"

void ce__coref_detail_free(ce_coref_detail *detail) {
  if (!detail) return;
  free(detail->key_sizes);
  free(detail->response_sizes);
  free(detail->key_entity);
  free(detail->response_entity);
  free(detail->cells);
  memset(detail, 0, sizeof *detail);
}

/* A mention's place in its side's order: entity first, then the order the marks closed. */
typedef struct ordered {
  uint64_t start, end;
  uint32_t entity;
  uint32_t place; /* in the side's reading order */
} ordered;

static int by_entity(const void *a, const void *b) {
  const ordered *x = a, *y = b;
  if (x->entity != y->entity) return x->entity < y->entity ? -1 : 1;
  return (x->place > y->place) - (x->place < y->place);
}

static int by_span(const void *a, const void *b) {
  const ordered *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  if (x->end != y->end) return x->end < y->end ? -1 : 1;
  return (x->place > y->place) - (x->place < y->place);
}

/* The side's mentions in the reference scorer's order; `place` becomes that order. */
static ordered *in_order(const ce_mention *m, size_t n) {
  ordered *o = malloc((n ? n : 1) * sizeof *o);
  if (!o) return NULL;
  for (size_t i = 0; i < n; i++) o[i] = (ordered){m[i].start, m[i].end, m[i].entity, (uint32_t)i};
  qsort(o, n, sizeof *o, by_entity);
  for (size_t i = 0; i < n; i++) o[i].place = (uint32_t)i;
  return o;
}

/* A cell: a key entity, a response entity, and how many mentions they share. */
typedef struct cell {
  uint32_t k, r, n;
} cell;

static int by_cell(const void *a, const void *b) {
  const cell *x = a, *y = b;
  if (x->k != y->k) return x->k < y->k ? -1 : 1;
  return (x->r > y->r) - (x->r < y->r);
}

/* An entry of a response entity: its mention number and entity. */
typedef struct entry {
  uint32_t id, r;
} entry;

static int by_entry(const void *a, const void *b) {
  const entry *x = a, *y = b;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  return (x->r > y->r) - (x->r < y->r);
}

static double pairs(double n) {
  return n * (n - 1) / 2;
}

/* Finds the span among the key's spans sorted by span; SIZE_MAX when absent. */
static size_t find_span(const ordered *spans, size_t n, uint64_t start, uint64_t end) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (spans[mid].start < start || (spans[mid].start == start && spans[mid].end < end))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && spans[lo].start == start && spans[lo].end == end ? lo : SIZE_MAX;
}

/* The entities of a repeated mention (at most SUBSET_MAX of them), or a subset of them. */
#define SUBSET_MAX 4
typedef struct subset {
  uint32_t len;
  uint32_t at[SUBSET_MAX];
} subset;

static int by_subset(const void *a, const void *b) {
  const subset *x = a, *y = b;
  if (x->len != y->len) return x->len < y->len ? -1 : 1;
  for (uint32_t i = 0; i < x->len; i++)
    if (x->at[i] != y->at[i]) return x->at[i] < y->at[i] ? -1 : 1;
  return 0;
}

/* The runs of one id in `e` (sorted by id, entity) that repeat: [begin[i], end[i]), and how
 * many distinct entities each holds. */
typedef struct repeated {
  size_t *begin, *end, *entities;
  size_t count;
} repeated;

/* The distinct entities of repeated mention `m` into `out` (at most SUBSET_MAX). */
static size_t entities_of(const entry *e, const repeated *rep, size_t m, uint32_t *out) {
  size_t n = 0;
  for (size_t k = rep->begin[m]; k < rep->end[m]; k++)
    if (k == rep->begin[m] || e[k].r != e[k - 1].r) {
      if (n < SUBSET_MAX) out[n] = e[k].r;
      n++;
    }
  return n;
}

static int meet(const entry *e, const repeated *rep, size_t a, size_t b) {
  for (size_t x = rep->begin[a]; x < rep->end[a]; x++)
    for (size_t y = rep->begin[b]; y < rep->end[b]; y++)
      if (e[x].r == e[y].r) return 1;
  return 0;
}

/*
 * The pairs of two repeated mentions that share an entity. Among those in at most SUBSET_MAX
 * entities (a repeated span sits in few), by inclusion–exclusion over the subsets of their
 * entities: Σ over non-empty entity sets T of (−1)^(|T|+1) C(n_T, 2), n_T the mentions whose
 * entities include T, at most 2^SUBSET_MAX − 1 sets a mention. A pair with a mention in more
 * entities is compared directly. CE_ERR_NOMEM when the sets cannot be held.
 */
static ce_status shared_pairs(const entry *e, const repeated *rep, double *shared) {
  size_t total = 0, big = 0;
  for (size_t m = 0; m < rep->count; m++) {
    if (rep->entities[m] > SUBSET_MAX)
      big++;
    else
      total += ((size_t)1 << rep->entities[m]) - 1;
  }
  subset *all = malloc((total ? total : 1) * sizeof *all);
  if (!all) return CE_ERR_NOMEM;
  size_t used = 0;
  uint32_t own[SUBSET_MAX];
  for (size_t m = 0; m < rep->count; m++) {
    if (rep->entities[m] > SUBSET_MAX) continue;
    size_t k = entities_of(e, rep, m, own);
    for (uint32_t bits = 1; bits < (1u << k); bits++) {
      subset *t = &all[used++];
      t->len = 0;
      for (size_t b = 0; b < k; b++)
        if (bits >> b & 1) t->at[t->len++] = own[b];
    }
  }
  qsort(all, used, sizeof *all, by_subset);
  double count = 0;
  for (size_t i = 0; i < used;) {
    size_t j = i + 1;
    while (j < used && by_subset(&all[i], &all[j]) == 0) j++;
    count += (all[i].len % 2 ? 1 : -1) * pairs((double)(j - i));
    i = j;
  }
  free(all);
  /* Pairs with a mention in many entities: each such one against every other once. */
  for (size_t a = 0; big && a < rep->count; a++) {
    if (rep->entities[a] <= SUBSET_MAX) continue;
    for (size_t b = 0; b < rep->count; b++)
      if (b != a && (rep->entities[b] <= SUBSET_MAX || b > a)) count += meet(e, rep, a, b);
  }
  *shared = count;
  return CE_OK;
}

/*
 * BLANC's response-side link counts where an unmatched span repeats (v8.01 keeps both
 * copies as one mention, so its link sets hold fewer distinct pairs than C(n, 2)). `e` are
 * the response's entries sorted by (id, entity), `s` each entity's entries whose mention
 * does not repeat, `S` their sum. Links among mentions that do not repeat: within an entity,
 * Σ C(s_r, 2), else across. A repeated mention a with entity set E(a): coreference with b when
 * b's entity is in E(a), or when E(a) and E(b) meet for b repeated too; non-coreference when
 * E(a) ∪ E(b) has two entities or more (for two repeated ones: unless both sit in one and the
 * same entity alone); with itself when it sits twice in one entity, or in two entities.
 */
static ce_status response_links(const entry *e, size_t n, const double *s, size_t entities,
                                double S, double *coref, double *noncoref) {
  double c = 0, nc = 0;
  for (size_t r = 0; r < entities; r++) c += pairs(s[r]);
  nc = pairs(S) - c;
  size_t cap = n / 2 + 1;
  repeated rep = {malloc(cap * sizeof *rep.begin), malloc(cap * sizeof *rep.end),
                  malloc(cap * sizeof *rep.entities), 0};
  double *alone = calloc(entities ? entities : 1, sizeof *alone); /* repeated, in r alone */
  ce_status status = alone && rep.begin && rep.end && rep.entities ? CE_OK : CE_ERR_NOMEM;
  for (size_t i = 0; !status && i < n;) {
    size_t j = i;
    while (j < n && e[j].id == e[i].id) j++;
    if (j - i > 1) {
      rep.begin[rep.count] = i;
      rep.end[rep.count] = j;
      size_t distinct = 0, twice = 0;
      for (size_t k = i; k < j; k++) {
        if (k == i || e[k].r != e[k - 1].r) {
          distinct++;
          c += s[e[k].r];
        } else {
          twice = 1;
        }
      }
      nc += distinct >= 2 ? S : S - s[e[i].r];
      c += twice;
      nc += distinct >= 2;
      if (distinct == 1) alone[e[i].r]++;
      rep.entities[rep.count++] = distinct;
    }
    i = j;
  }
  /* Two repeated mentions. */
  double same_alone = 0, shared = 0;
  for (size_t r = 0; !status && r < entities; r++) same_alone += pairs(alone[r]);
  nc += pairs((double)rep.count) - same_alone;
  if (!status) status = shared_pairs(e, &rep, &shared);
  c += shared;
  free(alone);
  free(rep.begin);
  free(rep.end);
  free(rep.entities);
  *coref = c;
  *noncoref = nc;
  return status;
}

ce_status ce__coref_document(const ce_mention *key, size_t key_count, const ce_mention *response,
                             size_t response_count, ce_coref_counts *out, ce_coref_detail *detail) {
  memset(out, 0, sizeof *out);
  ce_status status = CE_ERR_NOMEM;
  ordered *k = in_order(key, key_count), *ks = NULL, *r = in_order(response, response_count);
  uint32_t *key_id = NULL, *kent = NULL, *ksize = NULL, *rsize = NULL;
  uint32_t *kent_name = NULL, *rent_name = NULL;
  unsigned char *assigned = NULL, *dropped_key = NULL;
  entry *entries = NULL;
  cell *cells = NULL;
  double *s = NULL, *m_k = NULL, *m_r = NULL, *weight = NULL;
  size_t *start = NULL;
  uint32_t *col = NULL;
  long *row_to_col = NULL;
  ordered *un = NULL;
  size_t kn = key_count, rn = response_count;
  if (!k || !r) goto done;

  /* Key: a span seen before in the key's order is dropped; ids in that order. */
  ks = malloc((kn ? kn : 1) * sizeof *ks);
  dropped_key = calloc(kn ? kn : 1, 1);
  key_id = malloc((kn ? kn : 1) * sizeof *key_id);
  if (!ks || !dropped_key || !key_id) goto done;
  memcpy(ks, k, kn * sizeof *ks);
  qsort(ks, kn, sizeof *ks, by_span);
  for (size_t i = 1; i < kn; i++)
    if (ks[i].start == ks[i - 1].start && ks[i].end == ks[i - 1].end) {
      dropped_key[ks[i].place] = 1;
      out->key_duplicates++;
    }
  /* Key entities renumbered densely (an entity whose mentions all repeat is gone). */
  size_t K = 0, KE = 0;
  kent = malloc((kn ? kn : 1) * sizeof *kent);
  ksize = calloc(kn ? kn : 1, sizeof *ksize);
  kent_name = malloc((kn ? kn : 1) * sizeof *kent_name);
  if (!kent || !ksize || !kent_name) goto done;
  for (size_t i = 0; i < kn; i++) {
    if (dropped_key[i]) continue;
    if (!K || k[i].entity != kent_name[KE - 1]) kent_name[KE++] = k[i].entity;
    key_id[i] = (uint32_t)K;
    kent[K++] = (uint32_t)(KE - 1);
    ksize[KE - 1]++;
  }
  /* The kept key spans sorted, each with its id. */
  size_t kept = 0;
  for (size_t i = 0; i < kn; i++)
    if (!dropped_key[ks[i].place]) {
      ks[kept] = ks[i];
      ks[kept].place = key_id[ks[i].place];
      kept++;
    }

  /* Response, in its order: a span already matched is dropped; a key span not yet matched
   * takes the key mention's id; an unmatched span gets an id of its own, shared by its
   * copies (K + the rank of its span among the unmatched). */
  assigned = calloc(K ? K : 1, 1);
  entries = malloc((rn ? rn : 1) * sizeof *entries);
  un = malloc((rn ? rn : 1) * sizeof *un);
  rent_name = malloc((rn ? rn : 1) * sizeof *rent_name);
  if (!assigned || !entries || !un || !rent_name) goto done;
  size_t E = 0, RE = 0, U = 0, M = 0;
  for (size_t i = 0; i < rn; i++) {
    size_t at = find_span(ks, K, r[i].start, r[i].end);
    uint32_t id;
    if (at != SIZE_MAX && assigned[ks[at].place]) {
      out->response_duplicates++;
      continue;
    }
    if (at != SIZE_MAX) {
      id = ks[at].place;
      assigned[id] = 1;
      M++;
    } else {
      un[U] = r[i];
      un[U].place = (uint32_t)E; /* the entry to number once the spans are ranked */
      U++;
      id = UINT32_MAX;
    }
    if (!RE || r[i].entity != rent_name[RE - 1]) rent_name[RE++] = r[i].entity;
    entries[E++] = (entry){id, (uint32_t)(RE - 1)};
  }
  size_t distinct_unmatched = 0;
  if (U) {
    qsort(un, U, sizeof *un, by_span);
    for (size_t i = 0; i < U; i++) {
      if (i && (un[i].start != un[i - 1].start || un[i].end != un[i - 1].end)) distinct_unmatched++;
      entries[un[i].place].id = (uint32_t)(K + distinct_unmatched);
    }
    distinct_unmatched++;
  }
  rsize = calloc(RE ? RE : 1, sizeof *rsize);
  if (!rsize) goto done;
  for (size_t i = 0; i < E; i++) rsize[entries[i].r]++;
  out->key_entities = (uint32_t)KE;
  out->response_entities = (uint32_t)RE;

  /* Cells: key entity × response entity overlaps. */
  cells = malloc((M ? M : 1) * sizeof *cells);
  if (!cells) goto done;
  size_t C = 0;
  for (size_t i = 0; i < E; i++)
    if (entries[i].id < K) cells[C++] = (cell){kent[entries[i].id], entries[i].r, 1};
  qsort(cells, C, sizeof *cells, by_cell);
  size_t cc = 0;
  for (size_t i = 0; i < C; i++) {
    if (cc && cells[cc - 1].k == cells[i].k && cells[cc - 1].r == cells[i].r)
      cells[cc - 1].n++;
    else
      cells[cc++] = cells[i];
  }
  C = cc;

  double sum_k = (double)K, sum_r = (double)E, links_k = 0, links_r = 0;
  for (size_t e = 0; e < KE; e++) links_k += ksize[e] - 1.0;
  for (size_t e = 0; e < RE; e++) links_r += rsize[e] - 1.0;

  /* MUC: Σ (|K∩R| − 1) over overlapping entities, over Σ (|K| − 1) and Σ (|R| − 1). */
  double muc = 0, b3r = 0, b3p = 0, same = 0;
  m_k = calloc(KE ? KE : 1, sizeof *m_k);
  m_r = calloc(RE ? RE : 1, sizeof *m_r);
  if (!m_k || !m_r) goto done;
  double lea_r = 0, lea_p = 0;
  double *lea_k = calloc(KE ? KE : 1, sizeof *lea_k), *lea_rr = calloc(RE ? RE : 1, sizeof *lea_rr);
  if (!lea_k || !lea_rr) {
    free(lea_k);
    free(lea_rr);
    goto done;
  }
  for (size_t i = 0; i < C; i++) {
    double n = cells[i].n, kz = ksize[cells[i].k], rz = rsize[cells[i].r];
    muc += n - 1;
    b3r += n * n / kz;
    b3p += n * n / rz;
    same += pairs(n);
    m_k[cells[i].k] += n;
    m_r[cells[i].r] += n;
    lea_k[cells[i].k] += kz == 1 ? (rz == 1) : pairs(n);
    lea_rr[cells[i].r] += rz == 1 ? (kz == 1) : pairs(n);
  }
  for (size_t e = 0; e < KE; e++)
    lea_r += ksize[e] == 1 ? lea_k[e] : ksize[e] * lea_k[e] / pairs(ksize[e]);
  for (size_t e = 0; e < RE; e++)
    lea_p += rsize[e] == 1 ? lea_rr[e] : rsize[e] * lea_rr[e] / pairs(rsize[e]);
  free(lea_k);
  free(lea_rr);
  out->muc[CE_COREF_RN] = out->muc[CE_COREF_PN] = muc;
  out->muc[CE_COREF_RD] = links_k;
  out->muc[CE_COREF_PD] = links_r;
  out->bcubed[CE_COREF_RN] = b3r;
  out->bcubed[CE_COREF_PN] = b3p;
  out->bcubed[CE_COREF_RD] = out->ceafm[CE_COREF_RD] = sum_k;
  out->bcubed[CE_COREF_PD] = out->ceafm[CE_COREF_PD] = sum_r;
  out->lea[CE_COREF_RN] = lea_r;
  out->lea[CE_COREF_RD] = sum_k;
  out->lea[CE_COREF_PN] = lea_p;
  out->lea[CE_COREF_PD] = sum_r;
  out->mention[CE_COREF_RN] = out->mention[CE_COREF_PN] = (double)M;
  out->mention[CE_COREF_RD] = (double)K;
  out->mention[CE_COREF_PD] = (double)(M + distinct_unmatched);

  /* CEAF: key entities (rows) to response entities over the overlapping pairs alone. */
  start = malloc((KE + 1) * sizeof *start);
  col = malloc((C ? C : 1) * sizeof *col);
  weight = malloc((C ? C : 1) * sizeof *weight);
  row_to_col = malloc((KE ? KE : 1) * sizeof *row_to_col);
  if (!start || !col || !weight || !row_to_col) goto done;
  size_t at = 0;
  for (size_t e = 0; e <= KE; e++) {
    while (at < C && cells[at].k < e) at++;
    start[e] = at;
  }
  for (size_t i = 0; i < C; i++) {
    col[i] = cells[i].r;
    weight[i] = cells[i].n;
  }
  double phi3 = 0, phi4 = 0;
  if (C && (status = ce__assign_edges(KE, RE, start, col, weight, NULL, &phi3))) goto done;
  for (size_t i = 0; i < C; i++)
    weight[i] = 2.0 * cells[i].n / ((double)ksize[cells[i].k] + rsize[cells[i].r]);
  if (C && (status = ce__assign_edges(KE, RE, start, col, weight, row_to_col, &phi4))) goto done;
  status = CE_ERR_NOMEM;
  out->ceafm[CE_COREF_RN] = out->ceafm[CE_COREF_PN] = phi3;
  out->ceafe[CE_COREF_RN] = out->ceafe[CE_COREF_PN] = phi4;
  out->ceafe[CE_COREF_RD] = (double)KE;
  out->ceafe[CE_COREF_PD] = (double)RE;

  /* BLANC: the key's links; the response's (repeated unmatched spans aside); the shared. */
  double key_c = 0;
  for (size_t e = 0; e < KE; e++) key_c += pairs(ksize[e]);
  double shared_n = pairs((double)M);
  for (size_t e = 0; e < KE; e++) shared_n -= pairs(m_k[e]);
  for (size_t e = 0; e < RE; e++) shared_n -= pairs(m_r[e]);
  shared_n += same;
  qsort(entries, E, sizeof *entries, by_entry);
  s = calloc(RE ? RE : 1, sizeof *s);
  if (!s) goto done;
  double S = 0;
  for (size_t i = 0; i < E; i++) {
    int repeats = (i > 0 && entries[i - 1].id == entries[i].id) ||
                  (i + 1 < E && entries[i + 1].id == entries[i].id);
    if (!repeats) {
      s[entries[i].r]++;
      S++;
    }
  }
  double resp_c, resp_n;
  if (response_links(entries, E, s, RE, S, &resp_c, &resp_n)) goto done;
  out->blanc_c[CE_COREF_RN] = out->blanc_c[CE_COREF_PN] = same;
  out->blanc_c[CE_COREF_RD] = key_c;
  out->blanc_c[CE_COREF_PD] = resp_c;
  out->blanc_n[CE_COREF_RN] = out->blanc_n[CE_COREF_PN] = shared_n;
  out->blanc_n[CE_COREF_RD] = pairs((double)K) - key_c;
  out->blanc_n[CE_COREF_PD] = resp_n;

  if (detail) {
    memset(detail, 0, sizeof *detail);
    detail->key_sizes = ksize;
    detail->response_sizes = rsize;
    detail->key_entity = kent_name;
    detail->response_entity = rent_name;
    detail->key_count = (uint32_t)KE;
    detail->response_count = (uint32_t)RE;
    ksize = rsize = kent_name = rent_name = NULL;
    detail->cells = malloc((C ? C : 1) * sizeof *detail->cells);
    if (!detail->cells) goto done;
    for (size_t i = 0; i < C; i++)
      detail->cells[i] = (ce_coref_cell){cells[i].k, cells[i].r, cells[i].n,
                                         row_to_col[cells[i].k] == (long)cells[i].r};
    detail->cell_count = C;
  }
  status = CE_OK;
done:
  free(k);
  free(ks);
  free(r);
  free(key_id);
  free(kent);
  free(ksize);
  free(rsize);
  free(kent_name);
  free(rent_name);
  free(assigned);
  free(dropped_key);
  free(entries);
  free(cells);
  free(s);
  free(m_k);
  free(m_r);
  free(weight);
  free(start);
  free(col);
  free(row_to_col);
  free(un);
  return status;
}

void ce__coref_add(ce_coref_counts *total, const ce_coref_counts *doc, double weight) {
  for (int i = 0; i < 4; i++) {
    total->muc[i] += weight * doc->muc[i];
    total->bcubed[i] += weight * doc->bcubed[i];
    total->ceafm[i] += weight * doc->ceafm[i];
    total->ceafe[i] += weight * doc->ceafe[i];
    total->blanc_c[i] += weight * doc->blanc_c[i];
    total->blanc_n[i] += weight * doc->blanc_n[i];
    total->lea[i] += weight * doc->lea[i];
    total->mention[i] += weight * doc->mention[i];
  }
  total->key_duplicates += doc->key_duplicates;
  total->response_duplicates += doc->response_duplicates;
  total->key_entities += doc->key_entities;
  total->response_entities += doc->response_entities;
}

static double ratio(double num, double den) {
  return den != 0 ? num / den : 0;
}

static double harmonic(double r, double p) {
  return r + p != 0 ? 2 * r * p / (r + p) : 0;
}

/* R, P, F of a metric's four sums into ids r, r + 1, r + 2 (R, P, F in the measure table). */
static void put_rpf(ce_measures *out, ce_measure r, const double *sums) {
  double recall = ratio(sums[CE_COREF_RN], sums[CE_COREF_RD]);
  double precision = ratio(sums[CE_COREF_PN], sums[CE_COREF_PD]);
  ce__measure_put(out, r, recall);
  ce__measure_put(out, (ce_measure)(r + 1), precision);
  ce__measure_put(out, (ce_measure)(r + 2), harmonic(recall, precision));
}

void ce__coref_measures(const ce_coref_counts *t, ce_measures *out) {
  put_rpf(out, CE_MUC_R, t->muc);
  put_rpf(out, CE_CEAFM_R, t->ceafm);
  put_rpf(out, CE_CEAFE_R, t->ceafe);
  put_rpf(out, CE_LEA_R, t->lea);
  put_rpf(out, CE_MENTION_R, t->mention);
  /* B³'s ids run P, R, F in the §3.1 table. */
  double r = ratio(t->bcubed[CE_COREF_RN], t->bcubed[CE_COREF_RD]);
  double p = ratio(t->bcubed[CE_COREF_PN], t->bcubed[CE_COREF_PD]);
  ce__measure_put(out, CE_BCUBED_R, r);
  ce__measure_put(out, CE_BCUBED_P, p);
  ce__measure_put(out, CE_BCUBED_F, harmonic(r, p));
  /* BLANC (Luo et al. 2014 §3): the two kinds' R, P, F averaged, F the mean of the kinds'
   * F; a kind the key has no link of is left out, as the reference scorer's totals do (both
   * missing: 0). */
  int has_c = t->blanc_c[CE_COREF_RD] != 0, has_n = t->blanc_n[CE_COREF_RD] != 0;
  double rc = ratio(t->blanc_c[CE_COREF_RN], t->blanc_c[CE_COREF_RD]);
  double pc = ratio(t->blanc_c[CE_COREF_PN], t->blanc_c[CE_COREF_PD]);
  double rn = ratio(t->blanc_n[CE_COREF_RN], t->blanc_n[CE_COREF_RD]);
  double pn = ratio(t->blanc_n[CE_COREF_PN], t->blanc_n[CE_COREF_PD]);
  double br = 0, bp = 0, bf = 0;
  if (has_c && has_n) {
    br = (rc + rn) / 2;
    bp = (pc + pn) / 2;
    bf = (harmonic(rc, pc) + harmonic(rn, pn)) / 2;
  } else if (has_c) {
    br = rc, bp = pc, bf = harmonic(rc, pc);
  } else if (has_n) {
    br = rn, bp = pn, bf = harmonic(rn, pn);
  }
  ce__measure_put(out, CE_BLANC_R, br);
  ce__measure_put(out, CE_BLANC_P, bp);
  ce__measure_put(out, CE_BLANC_F, bf);
  ce__measure_put(out, CE_CONLL_F,
                  (out->value[CE_MUC_F] + out->value[CE_BCUBED_F] + out->value[CE_CEAFE_F]) / 3);
}
