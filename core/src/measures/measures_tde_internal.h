/*
 * Spoken term discovery (SPEC §3.8), as zerospeech/tdev2 scores it: the fragment
 * transcription rule and NED, coverage, grouping, token, type and boundary scores, on numbers
 * only (files, phones, words and classes by id; measures_tde.c).
 */
#ifndef CE_MEASURES_TDE_INTERNAL_H
#define CE_MEASURES_TDE_INTERNAL_H

#include "measures/measures_internal.h"

/* An interval of an alignment (label: the phone or the word) or a fragment (label: its
 * class), in seconds as parsed. */
typedef struct ce_tde_span {
  double on, off;
  uint32_t file, label;
} ce_tde_span;

/* An alignment, words or phones: distinct spans sorted by (file, onset, offset, label); file
 * f's are at[first[f] .. first[f + 1]) (f < files), and reach[i] is the largest offset of
 * its file's spans up to i, so that the spans overlapping a time are found by bisection. */
typedef struct ce_tde_tier {
  ce_tde_span *at;
  size_t len, files;
  size_t *first;
  double *reach;
} ce_tde_tier;

/* Makes a tier of `spans` (`len` of them, file ids below `files`), taking them over: sorted,
 * a repeated span kept once. Free with ce__tde_tier_free. */
ce_status ce__tde_tier_build(ce_tde_span *spans, size_t len, size_t files, ce_tde_tier *tier);
void ce__tde_tier_free(ce_tde_tier *tier);
/* 1 when the tier has a span in `file`. */
int ce__tde_tier_has(const ce_tde_tier *tier, uint32_t file);

/* tdev2's test of a fragment's first or last phone (SPEC §3.8), in IEEE doubles: a phone of
 * round(duration, 3) ≥ 0.060 is kept when rint(overlap · 1000)/1000 ≥ 0.030, a shorter one
 * when overlap / duration ≥ 0.5. */
int ce__tde_keeps(const ce_tde_span *phone, double on, double off);

/* What the scores are computed from. `fragments` (in file order, label = class id below
 * `classes`), phones and words by the ids of one file table; `sil`, `spn`: the phone labels
 * SIL and SPN (UINT32_MAX when absent). Words may be NULL or lack files the fragments have:
 * the word-based scores are then null. */
typedef struct ce_tde_data {
  const ce_tde_span *fragments;
  size_t count, classes;
  const ce_tde_tier *phones, *words;
  uint32_t sil, spn;
  /* By file id: how often a bootstrap resample drew the file (0: absent), or NULL: every
   * file once. A file drawn w times counts w times; its copies make no pair together. */
  const uint32_t *file_weight;
  /* By fragment: 0 leaves it out (a shuffle gives it to the other system), or NULL: all. */
  const uint8_t *present;
} ce_tde_data;

/* Why a score is null (ce_tde_scores.null_why), one bit each. */
enum {
  CE_TDE_NO_PAIR = 1,      /* no class has two fragments: ned, grouping_p */
  CE_TDE_NO_GOLD_PAIR = 2, /* no two fragments of one transcription: grouping_r */
  CE_TDE_NO_PHONE = 4,     /* the phone alignment has no phone but SIL and SPN: coverage */
  CE_TDE_NO_WORDS = 8,     /* a fragment in a file the words lack: token, type, boundary */
  CE_TDE_NO_FRAGMENT = 16  /* every fragment was transcribed empty and dropped */
};

typedef struct ce_tde_scores {
  ce_measures m; /* ned, coverage, grouping_p .. boundary_f; null where tdev2 gives NaN */
  unsigned null_why;
  size_t kept, dropped; /* fragments transcribed (kept) and dropped (empty) */
  size_t classes;       /* classes with a present kept fragment */
  double pairs;         /* the pairs NED averages over */
  double *class_ned;    /* per class: the mean NED of its pairs, NaN with fewer than two */
} ce_tde_scores;

/* A sequence of numbers (a transcription) and its owner. */
typedef struct ce_tde_sequence {
  const uint32_t *at;
  size_t len;
  uint32_t index;
} ce_tde_sequence;

/* What scoring needs of the fragments whatever the weights: their transcriptions. Fragment
 * i's phones (tier indices) are phone_of[phone_start[i] .. phone_start[i + 1]) (empty:
 * dropped); kept fragment k is fragment kept_of[k], with transcription ids ngram[k] (labels)
 * and token[k] (phones with their times, not their file), and plain[k], its labels without
 * SIL. */
typedef struct ce_tde_prepared {
  uint32_t *phone_of;
  size_t *phone_start;
  size_t kept, dropped;
  uint32_t *kept_of, *ngram, *token;
  size_t ngrams, tokens;
  ce_tde_sequence *plain;
  uint32_t *spare;
  uint32_t *word_hit; /* per kept fragment: the word it hits (a word tier index), or
                         UINT32_MAX; NULL without a word alignment */
  /* NED's runs: class c's distinct SIL-less transcriptions are runs run_start[c] ..
   * run_start[c + 1], run_seq[r] each; kept fragment k is in run run_of[k]. A class's edit
   * distances between runs are kept (dist + dist_at[c], the upper triangle row by row) while
   * all classes' fit in CE_TDE_DISTANCES; dist_at[c] is SIZE_MAX for a class past that. */
  size_t *run_start, *dist_at;
  ce_tde_sequence *run_seq;
  uint32_t *run_of;
  double *dist;
  size_t longest; /* the longest SIL-less transcription */
} ce_tde_prepared;

/* Edit distances kept across resamples at most (8 bytes each). */
#define CE_TDE_DISTANCES ((size_t)1 << 22)

/* Transcribes `data`'s fragments. Free with ce__tde_prepared_free. */
ce_status ce__tde_prepare(const ce_tde_data *data, ce_tde_prepared *prep);
void ce__tde_prepared_free(ce_tde_prepared *prep);

/* Scores prepared fragments, weighted by data->file_weight. Cost: O(F log F) for F
 * fragments besides NED, which takes one Levenshtein distance per pair of distinct
 * transcriptions within a class. Free with ce__tde_scores_free. */
ce_status ce__tde_measure(const ce_tde_data *data, const ce_tde_prepared *prep, ce_tde_scores *out);
/* Prepares and measures, every file once. */
ce_status ce__tde_score(const ce_tde_data *data, ce_tde_scores *out);
void ce__tde_scores_free(ce_tde_scores *scores);

#endif
