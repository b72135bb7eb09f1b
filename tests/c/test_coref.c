/*
 * Coreference (SPEC §3.6) through the public API: the `conll` format's marks and its errors
 * naming file:line, detection, and each metric in cases worked by hand, the arithmetic beside
 * them (duplicates, twinless mentions, singletons, an empty or missing response document,
 * documents in another order, one-kind BLANC). The CEAF alignment against every permutation
 * on small random cases, and a case where aligning greedily is wrong. Random files against an
 * independent reading in Python are tests/cli/coref_reference.py's.
 */
#include <stdlib.h>

#include "check.h"
#include "clustereval.h"
#include "eval_values.h"
#include "formats/detect_internal.h"
#include "measures/measures_coref_internal.h"

/* A document: `#begin document NAME`, one token a line with the given marks column
 * (space-separated in `marks`), `#end document`. Appended to `out` (4096 bytes). */
static void doc(char *out, const char *name, const char *marks) {
  char *at = out + strlen(out);
  at += sprintf(at, "#begin document (%s); part 000\n", name);
  const char *p = marks;
  int token = 0;
  while (*p) {
    while (*p == ' ') p++;
    if (!*p) break;
    const char *end = strchr(p, ' ');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    at += sprintf(at, "%s\t0\t%d\tw%d\t%.*s\n", name, token, token, (int)len, p);
    token++;
    p += len;
  }
  sprintf(at, "#end document\n");
}

/* A run of a key and responses, read two bytes at a time, finished. */
static ce_eval *run(const char *key, const char *const *responses, size_t count, int detail,
                    ce_status *finished) {
  ce_eval *ev = ce_eval_create();
  CHECK(ce_eval_set(ev, CE_OPT_DETAIL, detail) == CE_OK);
  CHECK(ce_eval_add_input(ev, "key.conll", NULL, NULL) == CE_OK);
  for (size_t s = 0; s < count; s++) {
    char name[32];
    snprintf(name, sizeof name, "response%zu.conll", s + 1);
    CHECK(ce_eval_add_input(ev, name, NULL, NULL) == CE_OK);
  }
  feed_round_robin(ev, key, responses, count, 2);
  ce_error err;
  *finished = ce_eval_finish(ev, &err);
  return ev;
}

static ce_eval *run_ok(const char *key, const char *response) {
  ce_status status;
  ce_eval *ev = run(key, &response, 1, 0, &status);
  CHECK(status == CE_OK);
  return ev;
}

static double co(const ce_eval *ev, ce_measure m) {
  return value(ev, 0, CE_LEVEL_COREF, m);
}

#define NEAR(ev, m, expected) CHECK_NEAR(co(ev, m), (expected), 1e-12)

/* A worked document. Key: John(1) saw Mary(2) and he(1) waved to [her](3 ...: e1 = {t0, t4},
 * e2 = {t2, t7}, e3 = {t6..t7}. Response: r5 = {t0, t2, t4}, r7 = {t7}. */
static void test_worked_document(void) {
  char key[4096] = "", response[4096] = "";
  doc(key, "d", "(1) - (2) - (1) - (3 3)|(2)");
  doc(response, "d", "(5) - (5) - (5) - - (7)");
  ce_eval *ev = run_ok(key, response);
  CHECK(ce_eval_input_format(ev, 0) == CE_FORMAT_CONLL);
  /* Mentions: key 5, response 4, all 4 in the key: R 4/5, P 4/4. */
  NEAR(ev, CE_MENTION_R, 0.8);
  NEAR(ev, CE_MENTION_P, 1.0);
  NEAR(ev, CE_MENTION_F, 2 * 0.8 / 1.8);
  /* MUC: key links (2-1) + (2-1) + 0 = 2; response links 2 + 0 = 2; overlaps e1∩r5 = 2 (one
   * link), e2∩r5 = 1, e2∩r7 = 1 (none): R = P = 1/2. */
  NEAR(ev, CE_MUC_R, 0.5);
  NEAR(ev, CE_MUC_P, 0.5);
  NEAR(ev, CE_MUC_F, 0.5);
  /* B³: R = (2²/2 + 1²/2 + 1²/2)/5 = 3/5; P = (2²/3 + 1²/3 + 1²/1)/4 = (8/3)/4 = 2/3. */
  NEAR(ev, CE_BCUBED_R, 0.6);
  NEAR(ev, CE_BCUBED_P, 2.0 / 3);
  NEAR(ev, CE_BCUBED_F, 2 * 0.6 * (2.0 / 3) / (0.6 + 2.0 / 3));
  /* CEAF-m: e1→r5 (2) + e2→r7 (1) = 3 beats e2→r5 (1): R = 3/5, P = 3/4. */
  NEAR(ev, CE_CEAFM_R, 0.6);
  NEAR(ev, CE_CEAFM_P, 0.75);
  /* CEAF-e: φ4(e1, r5) = 2·2/5 = 0.8, φ4(e2, r7) = 2·1/3; 0.8 + 2/3 over 3 key and 2
   * response entities. */
  double phi = 0.8 + 2.0 / 3;
  NEAR(ev, CE_CEAFE_R, phi / 3);
  NEAR(ev, CE_CEAFE_P, phi / 2);
  double ceafe_f = 2 * (phi / 3) * (phi / 2) / (phi / 3 + phi / 2);
  NEAR(ev, CE_CEAFE_F, ceafe_f);
  /* BLANC: key coreference links {0-4, 2-7}, response {0-2, 0-4, 2-4}: shared 1, Rc = 1/2,
   * Pc = 1/3. Key non-coreference links C(5,2) − 2 = 8, response C(4,2) − 3 = 3, shared
   * {0-7, 4-7} = 2: Rn = 2/8, Pn = 2/3. R = (1/2 + 1/4)/2, P = (1/3 + 2/3)/2, F the mean of
   * Fc = 2(1/2)(1/3)/(5/6) = 0.4 and Fn = 2(1/4)(2/3)/(11/12) = 4/11. */
  NEAR(ev, CE_BLANC_R, 0.375);
  NEAR(ev, CE_BLANC_P, 0.5);
  NEAR(ev, CE_BLANC_F, (0.4 + 4.0 / 11) / 2);
  /* LEA: e1 weighs 2 and has its one link resolved, e2's link is split, e3 (a singleton) is
   * missed: R = 2/5. r5 weighs 3, 1 of its 3 links right; r7 is a singleton whose key entity
   * is not: P = 1/4. */
  NEAR(ev, CE_LEA_R, 0.4);
  NEAR(ev, CE_LEA_P, 0.25);
  /* CoNLL F1: the mean of MUC, B³ and CEAF-e's F. */
  NEAR(ev, CE_CONLL_F, (0.5 + 2 * 0.6 * (2.0 / 3) / (0.6 + 2.0 / 3) + ceafe_f) / 3);
  /* bcubed_f asked at the token level reads the coref level in this run. */
  CHECK(ce_eval_level(ev, CE_LEVEL_TOKEN, CE_BCUBED_F) == CE_LEVEL_COREF);
  CHECK(unavailable(ev, 0, CE_LEVEL_TOKEN, CE_BCUBED_F));
  ce_eval_free(ev);
}

/* Aligning the largest overlap first is wrong here. Key K1 = {t0..t4}, K2 = {t5, t6};
 * response R1 = {t0, t1, t2, t5, t6}, R2 = {t3, t4}. Overlaps K1R1 3, K1R2 2, K2R1 2, K2R2 0:
 * greedy takes K1R1 (3) and is left with K2R2 (0), total 3; the optimum K1R2 + K2R1 = 4.
 * φ4: K1R1 = 6/10, K1R2 = 4/7, K2R1 = 4/7: greedy 0.6, optimum 8/7. */
static void test_greedy_is_wrong(void) {
  char key[4096] = "", response[4096] = "";
  doc(key, "d", "(1) (1) (1) (1) (1) (2) (2)");
  doc(response, "d", "(1) (1) (1) (2) (2) (1) (1)");
  ce_eval *ev = run_ok(key, response);
  NEAR(ev, CE_CEAFM_R, 4.0 / 7);
  NEAR(ev, CE_CEAFM_P, 4.0 / 7);
  NEAR(ev, CE_CEAFE_R, (8.0 / 7) / 2);
  NEAR(ev, CE_CEAFE_P, (8.0 / 7) / 2);
  ce_eval_free(ev);
}

/* Repeated spans, as v8.01: key e1 = {t0, t1}, e2 = {t2}. The response names t0 in
 * entities 1 and 3 (the copy in 3, later, is dropped, and 3 with it) and t3, which the key
 * lacks, in entities 5 and 6 (both stay, as one mention u): r1 = {t0, t1}, r5 = {u},
 * r6 = {u}. */
static void test_duplicates(void) {
  char key[4096] = "", response[4096] = "";
  doc(key, "d", "(1) (1) (2) -");
  doc(response, "d", "(1)|(3) (1) - (5)|(6)");
  ce_eval *ev = run_ok(key, response);
  /* Mentions: 2 of the key's 3 found; the response has 3 distinct spans. */
  NEAR(ev, CE_MENTION_R, 2.0 / 3);
  NEAR(ev, CE_MENTION_P, 2.0 / 3);
  /* MUC: key links 1, response links 1 (r1), both right. */
  NEAR(ev, CE_MUC_F, 1.0);
  /* B³: R = (2²/2)/3; P = (2²/2)/(2 + 1 + 1) = 1/2. */
  NEAR(ev, CE_BCUBED_R, 2.0 / 3);
  NEAR(ev, CE_BCUBED_P, 0.5);
  /* CEAF-m: e1→r1 = 2, over 3 and 4 mentions; CEAF-e: φ4 = 1 over 2 and 3 entities. */
  NEAR(ev, CE_CEAFM_R, 2.0 / 3);
  NEAR(ev, CE_CEAFM_P, 0.5);
  NEAR(ev, CE_CEAFE_R, 0.5);
  NEAR(ev, CE_CEAFE_P, 1.0 / 3);
  /* LEA: e1 weighs 2, resolved; e2 missed: R = 2/3. r1 weighs 2, right; r5, r6 are
   * singletons of a mention the key lacks: P = 2/4. */
  NEAR(ev, CE_LEA_R, 2.0 / 3);
  NEAR(ev, CE_LEA_P, 0.5);
  /* BLANC: key coreference {0-1}, non-coreference {0-2, 1-2}; response coreference {0-1},
   * non-coreference {0-u, 1-u, u-u} (u sits in two entities). Shared: 1 and 0. Rc = Pc = 1,
   * Rn = 0/2, Pn = 0/3: R = P = F = 1/2. */
  NEAR(ev, CE_BLANC_R, 0.5);
  NEAR(ev, CE_BLANC_P, 0.5);
  NEAR(ev, CE_BLANC_F, 0.5);
  const char *warning = ce_eval_system_warning(ev, 0, 0);
  CHECK_STR_CONTAINS(warning, "1 response mention repeats a span that already matched");
  ce_eval_free(ev);
}

/* Documents: the key has A = {e1 = {t0, t1}} and B = {e2 = {t0, t2}}; the response gives B
 * first (right), A with no mark, and an extra C. A missing A scores as the empty one. */
static void test_documents(void) {
  char key[4096] = "", response[4096] = "", missing[4096] = "";
  doc(key, "A", "(1) (1)");
  doc(key, "B", "(2) - (2)");
  doc(response, "B", "(9) - (9)");
  doc(response, "A", "- -");
  doc(response, "C", "(1) (1)");
  doc(missing, "B", "(9) - (9)");
  const char *both[] = {response, missing};
  ce_status status;
  ce_eval *ev = run(key, both, 2, 1, &status);
  CHECK(status == CE_OK);
  for (size_t row = 0; row < 2; row++) {
    /* MUC: key links 1 + 1, response 0 + 1, right 1: R 1/2, P 1. B³: R = (0 + 2²/2)/4,
     * P = 2/2. CEAF-e: 1 of 2 key entities, of 1 response entity. */
    CHECK_NEAR(value(ev, row, CE_LEVEL_COREF, CE_MUC_R), 0.5, 1e-12);
    CHECK_NEAR(value(ev, row, CE_LEVEL_COREF, CE_MUC_P), 1.0, 1e-12);
    CHECK_NEAR(value(ev, row, CE_LEVEL_COREF, CE_BCUBED_R), 0.5, 1e-12);
    CHECK_NEAR(value(ev, row, CE_LEVEL_COREF, CE_BCUBED_P), 1.0, 1e-12);
    CHECK_NEAR(value(ev, row, CE_LEVEL_COREF, CE_CEAFE_R), 0.5, 1e-12);
    CHECK_NEAR(value(ev, row, CE_LEVEL_COREF, CE_CEAFE_P), 1.0, 1e-12);
  }
  CHECK_STR_CONTAINS(ce_eval_system_warning(ev, 0, 0), "1 response document is not in the key");
  CHECK_STR_CONTAINS(ce_eval_system_warning(ev, 1, 0), "1 key document is not in the response");
  char *json = json_of(ev);
  CHECK_STR_CONTAINS(json, "\"documents\":2,\"mentions\":4,\"entities\":2");
  CHECK_STR_CONTAINS(json, "\"coref_by_document\":{\"(A); part 000\":{\"conll_f\":0,");
  /* B, right: its one overlap, aligned, φ4 = 1. */
  CHECK_STR_CONTAINS(json,
                     "\"key\":{\"sizes\":[2],\"marks\":[\"2\"]},\"response\":{\"sizes\":["
                     "2],\"marks\":[\"9\"]},\"cells\":[[0,0,2,1,true]]");
  ce_free(json);
  ce_eval_free(ev);
}

/* BLANC's one-kind cases, and MUC on a key of singletons. */
static void test_one_kind_blanc(void) {
  char key[4096] = "", response[4096] = "";
  /* Key (1) (2) (3): no coreference link; non-coreference {0-1, 0-2, 1-2}. Response
   * r1 = {t0, t1}, r2 = {t2}: non-coreference {0-2, 1-2}, both right: R = 2/3, P = 1. MUC:
   * no key link: R = 0, and F = 0. */
  doc(key, "d", "(1) (2) (3)");
  doc(response, "d", "(1) (1) (2)");
  ce_eval *ev = run_ok(key, response);
  NEAR(ev, CE_BLANC_R, 2.0 / 3);
  NEAR(ev, CE_BLANC_P, 1.0);
  NEAR(ev, CE_BLANC_F, 0.8);
  NEAR(ev, CE_MUC_R, 0.0);
  NEAR(ev, CE_MUC_F, 0.0);
  ce_eval_free(ev);
  /* Key one entity of three: coreference links alone, 3; the response's {1-2} is right:
   * R = 1/3, P = 1, F = 1/2. */
  key[0] = response[0] = '\0';
  doc(key, "d", "(1) (1) (1)");
  doc(response, "d", "(1) (2) (2)");
  ev = run_ok(key, response);
  NEAR(ev, CE_BLANC_R, 1.0 / 3);
  NEAR(ev, CE_BLANC_P, 1.0);
  NEAR(ev, CE_BLANC_F, 0.5);
  ce_eval_free(ev);
}

/* The marks of SPEC §3.6: with and without '|', nested, split antecedents discarded, '_'. */
static void test_marks(void) {
  char key[4096] = "", response[4096] = "";
  /* (1(3 opens 1 and 3 at t0; 3)1) closes both at t1: two mentions of span t0..t1, the
   * second a repeat of the first (kept once); (12) at t2; (4+5) is nothing; _ none. */
  doc(key, "d", "(1(3 3)1) (12) (4+5) _");
  doc(response, "d", "(1|(3 1)|3) (12) - -");
  ce_eval *ev = run_ok(key, response);
  NEAR(ev, CE_MENTION_R, 1.0);
  NEAR(ev, CE_MENTION_P, 1.0);
  NEAR(ev, CE_CEAFE_F, 1.0);
  ce_eval_free(ev);
  /* One-token mentions, opens and closes of one line in that order: 1)(1 closes the 1 it
   * opens (a one-token mention) and leaves the first open, which the next line closes. */
  key[0] = response[0] = '\0';
  doc(key, "d", "(1 1)(1 1)");
  doc(response, "d", "(1 (1)|1) -");
  ev = run_ok(key, response);
  /* Key: t0 opens 1; t1 opens 1 again, and its close takes that one: t1..t1; t2 closes the
   * first: t0..t2. Response: t1's (1) is t1..t1, its close takes t0's open: t0..t1. One span
   * of two on each side matches: R = P = 1/2. */
  NEAR(ev, CE_MENTION_R, 0.5);
  NEAR(ev, CE_MENTION_P, 0.5);
  ce_eval_free(ev);
}

/* Errors name the file and line. */
static void check_error(const char *text, const char *message) {
  const char *responses[] = {"#begin document (d); part 000\nw -\n#end document\n"};
  ce_status status;
  ce_eval *ev = run(text, responses, 1, 0, &status);
  CHECK(status == CE_ERR_SYNTAX);
  const ce_error *err = ce_eval_input_error(ev, 0);
  CHECK(err != NULL);
  if (err) {
    CHECK_STR_CONTAINS(err->message, message);
    CHECK(strcmp(err->source, "key.conll") == 0);
  }
  ce_eval_free(ev);
}

static void test_errors(void) {
  check_error("#begin document d\nw (1\nw 2)\n#end document\n",
              "2) closes a mention of entity 2 that is not open");
  check_error("#begin document d\nw (1\nw -\n#end document\n",
              "mention of entity 1 opened on line 2 is never closed (#end document)");
  check_error("#begin document d\nw (1\nw -\n",
              "never closed (the input ends inside the document)");
  check_error("#begin document d\nw (1x\n#end document\n", "coreference column '(1x' is not marks");
  check_error("#begin document d\nw (1)\n#end document\nw (1)\n",
              "a token line outside a document");
  check_error("#begin document d\nw -\n#begin document e\n", "#begin document inside the document");
  check_error("#begin document d\nw (1)\n#end document\n#begin document d\nw -\n#end document\n",
              "document 'd' again (first on line 1)");
  /* The line of each. */
  const char *responses[] = {"#begin document d\nw -\n#end document\n"};
  ce_status status;
  ce_eval *ev = run("#begin document d\nw -\n\nw 7)\n#end document\n", responses, 1, 0, &status);
  const ce_error *err = ce_eval_input_error(ev, 0);
  CHECK(err && err->line == 4 && err->column == 3);
  ce_eval_free(ev);
  /* A response in another format beside a conll key is the response's error. */
  const char *tagged[] = {"a\tX\nb\tY\n\n"};
  ev = run("#begin document d\nw (1)\n#end document\n", tagged, 1, 0, &status);
  CHECK(status == CE_OK);
  CHECK(ce_eval_system_error(ev, 0) != NULL);
  ce_eval_free(ev);
}

static void test_detection(void) {
  const char *conll = "#begin document (a); part 000\na 0 0 The (1)\n#end document\n";
  CHECK(ce__detect_format(conll, strlen(conll), 1) == CE_FORMAT_CONLL);
  const char *commented = "# made by a tool\n#begin document x\nw -\n#end document\n";
  CHECK(ce__detect_format(commented, strlen(commented), 1) == CE_FORMAT_CONLL);
  const char *tagged = "# begin\nThe\tDT\n\n";
  CHECK(ce__detect_format(tagged, strlen(tagged), 1) != CE_FORMAT_CONLL);
}

/* The best alignment over every permutation, of `weight` (rows × cols, rows <= cols). */
static double brute(const double *weight, size_t rows, size_t cols, size_t row, unsigned used) {
  if (row == rows) return 0;
  double best = brute(weight, rows, cols, row + 1, used); /* the row unaligned */
  for (size_t c = 0; c < cols; c++) {
    if (used >> c & 1) continue;
    double v = weight[row * cols + c] + brute(weight, rows, cols, row + 1, used | 1u << c);
    if (v > best) best = v;
  }
  return best;
}

/* CEAF's alignment against every permutation: random one-token mentions in up to 6 key and
 * 6 response entities. */
static void test_ceaf_brute_force(void) {
  uint64_t state = 12345;
  for (int round = 0; round < 300; round++) {
    ce_mention key[12], response[12];
    size_t kn = 0, rn = 0;
    unsigned ke = 1 + (unsigned)(round % 6), re = 1 + (unsigned)((round / 6) % 6);
    for (uint64_t t = 0; t < 12; t++) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      unsigned roll = (unsigned)(state >> 33);
      if (roll % 5) key[kn++] = (ce_mention){t, t, (roll >> 3) % ke};
      if ((roll >> 8) % 4) response[rn++] = (ce_mention){t, t, (roll >> 11) % re};
    }
    ce_coref_counts counts;
    ce_coref_detail detail;
    CHECK(ce__coref_document(key, kn, response, rn, &counts, &detail) == CE_OK);
    size_t rows = detail.key_count, cols = detail.response_count;
    double phi3[36] = {0}, phi4[36] = {0}, t3[36] = {0}, t4[36] = {0};
    for (size_t c = 0; c < detail.cell_count; c++) {
      const ce_coref_cell *cell = &detail.cells[c];
      phi3[cell->key * cols + cell->response] = cell->overlap;
      phi4[cell->key * cols + cell->response] =
          2.0 * cell->overlap /
          (detail.key_sizes[cell->key] + detail.response_sizes[cell->response]);
    }
    /* Brute force wants rows <= cols: transpose otherwise. */
    const double *w3 = phi3, *w4 = phi4;
    size_t br = rows, bc = cols;
    if (rows > cols) {
      for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < cols; j++) {
          t3[j * rows + i] = phi3[i * cols + j];
          t4[j * rows + i] = phi4[i * cols + j];
        }
      w3 = t3, w4 = t4, br = cols, bc = rows;
    }
    CHECK_NEAR(counts.ceafm[CE_COREF_RN], brute(w3, br, bc, 0, 0), 1e-9);
    CHECK_NEAR(counts.ceafe[CE_COREF_RN], brute(w4, br, bc, 0, 0), 1e-9);
    ce__coref_detail_free(&detail);
  }
}

/* A file's bytes (the tests run from the source root). */
static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL);
  if (!f) return calloc(1, 1);
  char *text = calloc(1, 1 << 16);
  size_t n = fread(text, 1, (1 << 16) - 1, f);
  text[n] = '\0';
  fclose(f);
  return text;
}

/* A paper's coreference table as papers print it: metric names above R, P, F1, "Avg. F1"
 * for CoNLL F1, CEAFφ4 for CEAF-e; the values are what tests/cli/coref_reference.py gives
 * for the sample files, rounded as printed. */
static void test_check_names(void) {
  char *key = slurp("tests/data/coref/key.conll"), *a = slurp("tests/data/coref/system-a.conll");
  char *b = slurp("tests/data/coref/system-b.conll");
  const char *responses[] = {a, b};
  ce_status status;
  ce_eval *ev = run(key, responses, 2, 0, &status);
  CHECK(status == CE_OK);
  const char *table =
      " & \\multicolumn{3}{c}{MUC} & \\multicolumn{3}{c}{B$^3$} & "
      "\\multicolumn{3}{c}{CEAF$_{\\phi_4}$} & Avg. F1 \\\\\n"
      "System & R & P & F1 & R & P & F1 & R & P & F1 & \\\\\n"
      "response2 & 28.6 & 33.3 & 30.8 & 38.7 & 41.2 & 39.9 & 40.0 & 62.9 & 48.9 & "
      "39.87 \\\\\n";
  size_t reported = 0, reproduced = 0;
  CHECK(ce_eval_check(ev, "paper.tex", table, strlen(table), NULL, 0, &reported, &reproduced,
                      NULL) == CE_OK);
  CHECK(reported == 10 && reproduced == 10);
  const char *markdown =
      "| System | MUC | B-cubed | CEAFe | BLANC | LEA | CoNLL F1 |\n|---|---|---|---|"
      "---|---|---|\n| response1 | 81.48 | 84.63 | 81.13 | 80.90 | 73.47 | 82.41 |\n";
  CHECK(ce_eval_check(ev, "paper.md", markdown, strlen(markdown), NULL, 0, &reported, &reproduced,
                      NULL) == CE_OK);
  CHECK(reported == 6 && reproduced == 6);
  ce_eval_free(ev);
  free(key);
  free(a);
  free(b);
}

int main(void) {
  test_worked_document();
  test_greedy_is_wrong();
  test_duplicates();
  test_documents();
  test_one_kind_blanc();
  test_marks();
  test_errors();
  test_detection();
  test_ceaf_brute_force();
  test_check_names();
  printf("test_coref: %d checks, %d failed\n", check_count, check_failures);
  return check_failures != 0;
}
