/*
 * Coreference metrics of one document (SPEC §3.6, measures_coref.c): the key's and a
 * response's mentions in, each metric's recall and precision numerators and denominators
 * out, as the CoNLL-2012 reference scorer (v8.01, Pradhan et al. 2014) sums them; and the
 * measures of summed counts, micro over documents as that scorer's totals.
 */
#ifndef CE_MEASURES_COREF_INTERNAL_H
#define CE_MEASURES_COREF_INTERNAL_H

#include "measures/measures_internal.h"

/* A mention: tokens start..end (0-based within its document, both included) of an entity
 * (0-based: the order in which the document's marks first name it). */
typedef struct ce_mention {
  uint64_t start, end;
  uint32_t entity;
} ce_mention;

/* Index of a metric's four sums: recall's numerator and denominator, precision's. */
enum { CE_COREF_RN, CE_COREF_RD, CE_COREF_PN, CE_COREF_PD };

/* One document's sums (or several documents' totals). BLANC keeps its two kinds of links
 * apart: coreference links (blanc_c) and non-coreference links (blanc_n). */
typedef struct ce_coref_counts {
  double muc[4], bcubed[4], ceafm[4], ceafe[4], blanc_c[4], blanc_n[4], lea[4], mention[4];
  uint64_t key_duplicates;      /* key mentions dropped: a span the key already had */
  uint64_t response_duplicates; /* response mentions dropped: a span already matched */
  uint32_t key_entities, response_entities;
} ce_coref_counts;

/* What the page draws of a document (filled only when asked): the entities' sizes in
 * mentions, the overlaps of key and response entities, and the CEAF-e alignment. Entities
 * are numbered as the document's marks first name them, empty ones left out. */
typedef struct ce_coref_cell {
  uint32_t key, response;
  uint32_t overlap; /* mentions the two share */
  int aligned;      /* 1: CEAF-e's optimal alignment pairs them */
} ce_coref_cell;

typedef struct ce_coref_detail {
  uint32_t *key_sizes, *response_sizes;
  uint32_t *key_entity, *response_entity; /* the entity each size is of (its mark order) */
  uint32_t key_count, response_count;
  ce_coref_cell *cells;
  size_t cell_count;
} ce_coref_detail;

void ce__coref_detail_free(ce_coref_detail *detail);

/*
 * Scores one document: `key` and `response` mentions (either may be empty), each side in
 * the order its marks closed. Duplicates are treated as v8.01 treats them: a response span
 * that already matched a key mention is dropped, entities left empty are removed, an
 * unmatched span seen twice stays, twice, as the same mention; a key span seen twice is
 * kept once (the first). `detail` (may be NULL) receives the document's picture. Cost:
 * O(n log n) for n mentions, plus the sparse CEAF alignments.
 */
ce_status ce__coref_document(const ce_mention *key, size_t key_count, const ce_mention *response,
                             size_t response_count, ce_coref_counts *out, ce_coref_detail *detail);

/* Adds `weight` times `doc` to `total`. */
void ce__coref_add(ce_coref_counts *total, const ce_coref_counts *doc, double weight);

/* The coreference measures of summed counts (SPEC §3.6): R, P, F of each metric from its
 * totals, BLANC with the reference scorer's one-kind cases, conll_f. */
void ce__coref_measures(const ce_coref_counts *total, ce_measures *out);

#endif
