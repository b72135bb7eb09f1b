/*
 * Tags a corpus with a first-order hidden Markov model trained without supervision: the
 * kind of system Reichart et al. (2010) and Frank et al. (2009) score, whose word types
 * spread over many states (frequent words over many). STATES states (default 45), trained
 * by ITERATIONS rounds of Baum-Welch EM (default 8) from a seeded random start, then each
 * sentence Viterbi-decoded. The words are read from a tagged file (its labels are
 * ignored) and written with their states, sentence by sentence, so the output pairs with
 * the input token by token.
 *   gen_hmm CORPUS_IN TAGGING_OUT [STATES [ITERATIONS [SEED]]]
 * Deterministic: the same arguments give the same file (one thread, fixed sums).
 * On the full Brown corpus (1.16M tokens) a round costs about 3·T·STATES² products.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;
static uint64_t next(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}
static double unit(void) {
  return (double)(next() >> 11) / 9007199254740992.0;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fputs("gen_hmm: out of memory\n", stderr);
    exit(3);
  }
  return p;
}

/* Words: an open-addressing table of copies, ids by first sight. */
typedef struct vocab {
  char **text;
  uint32_t *slot; /* word id + 1, 0 = empty */
  size_t count, cap, slots;
} vocab;

static uint64_t hash(const char *s, size_t n) {
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211u;
  return h;
}

static uint32_t word_id(vocab *v, const char *s, size_t n) {
  if (2 * (v->count + 1) > v->slots) {
    size_t slots = v->slots ? 2 * v->slots : 1 << 16;
    uint32_t *table = calloc(slots, sizeof *table);
    if (!table) exit(3);
    for (size_t i = 0; i < v->slots; i++) {
      if (!v->slot[i]) continue;
      const char *t = v->text[v->slot[i] - 1];
      size_t at = hash(t, strlen(t)) & (slots - 1);
      while (table[at]) at = (at + 1) & (slots - 1);
      table[at] = v->slot[i];
    }
    free(v->slot);
    v->slot = table;
    v->slots = slots;
  }
  size_t at = hash(s, n) & (v->slots - 1);
  while (v->slot[at]) {
    const char *t = v->text[v->slot[at] - 1];
    if (strlen(t) == n && !memcmp(t, s, n)) return v->slot[at] - 1;
    at = (at + 1) & (v->slots - 1);
  }
  if (v->count == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 1 << 16;
    v->text = realloc(v->text, v->cap * sizeof *v->text);
    if (!v->text) exit(3);
  }
  char *copy = xmalloc(n + 1);
  memcpy(copy, s, n);
  copy[n] = 0;
  v->text[v->count] = copy;
  v->slot[at] = (uint32_t)++v->count;
  return (uint32_t)(v->count - 1);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fputs("usage: gen_hmm CORPUS_IN TAGGING_OUT [STATES [ITERATIONS [SEED]]]\n", stderr);
    return 1;
  }
  size_t K = argc > 3 ? strtoul(argv[3], NULL, 10) : 45;
  int iterations = argc > 4 ? atoi(argv[4]) : 8;
  rng_state = argc > 5 ? strtoull(argv[5], NULL, 10) : 1;
  if (K < 1 || K > 1000) return 1;
  FILE *in = fopen(argv[1], "r");
  if (!in) {
    perror(argv[1]);
    return 2;
  }
  /* The corpus as word ids, and where each sentence starts. */
  vocab v = {0};
  uint32_t *words = NULL, *starts = NULL;
  size_t T = 0, words_cap = 0, S = 0, starts_cap = 0, longest = 0;
  char line[4096];
  int in_sentence = 0;
  while (fgets(line, sizeof line, in)) {
    size_t n = strcspn(line, "\t\r\n");
    if (!n) {
      in_sentence = 0;
      continue;
    }
    if (!in_sentence) {
      if (S == starts_cap)
        starts =
            realloc(starts, (starts_cap = starts_cap ? 2 * starts_cap : 4096) * sizeof *starts);
      starts[S++] = (uint32_t)T;
      in_sentence = 1;
    }
    if (T == words_cap)
      words = realloc(words, (words_cap = words_cap ? 2 * words_cap : 1 << 20) * sizeof *words);
    if (!words || !starts) return 3;
    words[T++] = word_id(&v, line, n);
  }
  fclose(in);
  if (!T) return 2;
  starts = realloc(starts, (S + 1) * sizeof *starts);
  starts[S] = (uint32_t)T;
  for (size_t s = 0; s < S; s++)
    if (starts[s + 1] - starts[s] > longest) longest = starts[s + 1] - starts[s];
  size_t V = v.count;

  /* Parameters: start pi[j], transitions A[i*K+j], emissions B[w*K+j] (word-major, so a
   * token reads one contiguous row). A random start breaks the states' symmetry. */
  double *pi = xmalloc(K * sizeof *pi), *A = xmalloc(K * K * sizeof *A);
  double *B = xmalloc(V * K * sizeof *B);
  double *pi_n = xmalloc(K * sizeof *pi_n), *A_n = xmalloc(K * K * sizeof *A_n);
  double *B_n = xmalloc(V * K * sizeof *B_n), *state_n = xmalloc(K * sizeof *state_n);
  for (size_t j = 0; j < K; j++) pi[j] = 1.0 / (double)K;
  for (size_t i = 0; i < K; i++) {
    double sum = 0;
    for (size_t j = 0; j < K; j++) sum += A[i * K + j] = 0.5 + unit();
    for (size_t j = 0; j < K; j++) A[i * K + j] /= sum;
  }
  for (size_t j = 0; j < K; j++) state_n[j] = 0;
  for (size_t w = 0; w < V; w++)
    for (size_t j = 0; j < K; j++) state_n[j] += B[w * K + j] = 0.5 + unit();
  for (size_t w = 0; w < V; w++)
    for (size_t j = 0; j < K; j++) B[w * K + j] /= state_n[j];

  double *alpha = xmalloc(longest * K * sizeof *alpha), *beta = xmalloc(longest * K * sizeof *beta);
  double *scale = xmalloc(longest * sizeof *scale), *tmp = xmalloc(K * sizeof *tmp);
  for (int it = 0; it < iterations; it++) {
    memset(pi_n, 0, K * sizeof *pi_n);
    memset(A_n, 0, K * K * sizeof *A_n);
    memset(B_n, 0, V * K * sizeof *B_n);
    double loglik = 0;
    for (size_t s = 0; s < S; s++) {
      const uint32_t *w = words + starts[s];
      size_t n = starts[s + 1] - starts[s];
      /* Forward, scaled so each alpha_t sums to 1 (Rabiner 1989, §V.A). */
      double sum = 0;
      for (size_t j = 0; j < K; j++) sum += alpha[j] = pi[j] * B[(size_t)w[0] * K + j];
      scale[0] = sum;
      for (size_t j = 0; j < K; j++) alpha[j] /= sum;
      for (size_t t = 1; t < n; t++) {
        double *a = alpha + t * K;
        const double *prev = alpha + (t - 1) * K;
        memset(a, 0, K * sizeof *a);
        for (size_t i = 0; i < K; i++) {
          double p = prev[i];
          const double *row = A + i * K;
          for (size_t j = 0; j < K; j++) a[j] += p * row[j];
        }
        const double *b = B + (size_t)w[t] * K;
        sum = 0;
        for (size_t j = 0; j < K; j++) sum += a[j] *= b[j];
        scale[t] = sum;
        for (size_t j = 0; j < K; j++) a[j] /= sum;
      }
      for (size_t t = 0; t < n; t++) loglik += log(scale[t]);
      /* Backward with the same scales. */
      for (size_t j = 0; j < K; j++) beta[(n - 1) * K + j] = 1.0;
      for (size_t t = n - 1; t > 0; t--) {
        const double *b = B + (size_t)w[t] * K, *next_beta = beta + t * K;
        for (size_t j = 0; j < K; j++) tmp[j] = b[j] * next_beta[j];
        double *bt = beta + (t - 1) * K;
        for (size_t i = 0; i < K; i++) {
          const double *row = A + i * K;
          double acc = 0;
          for (size_t j = 0; j < K; j++) acc += row[j] * tmp[j];
          bt[i] = acc / scale[t];
        }
        /* Expected transitions t-1 -> t: alpha_{t-1}(i) A(i,j) B(j,w_t) beta_t(j) / c_t. */
        const double *prev = alpha + (t - 1) * K;
        for (size_t i = 0; i < K; i++) {
          double p = prev[i] / scale[t];
          const double *row = A + i * K;
          double *count = A_n + i * K;
          for (size_t j = 0; j < K; j++) count[j] += p * row[j] * tmp[j];
        }
      }
      /* Expected emissions and starts: gamma_t(j) = alpha_t(j) beta_t(j). */
      for (size_t t = 0; t < n; t++) {
        double *count = B_n + (size_t)w[t] * K;
        const double *a = alpha + t * K, *bt = beta + t * K;
        for (size_t j = 0; j < K; j++) count[j] += a[j] * bt[j];
      }
      for (size_t j = 0; j < K; j++) pi_n[j] += alpha[j] * beta[j];
    }
    /* M step, with a little smoothing so no word becomes impossible in every state. */
    double sum = 0;
    for (size_t j = 0; j < K; j++) sum += pi_n[j] + 1e-3;
    for (size_t j = 0; j < K; j++) pi[j] = (pi_n[j] + 1e-3) / sum;
    for (size_t i = 0; i < K; i++) {
      sum = 0;
      for (size_t j = 0; j < K; j++) sum += A_n[i * K + j] + 1e-3;
      for (size_t j = 0; j < K; j++) A[i * K + j] = (A_n[i * K + j] + 1e-3) / sum;
    }
    memset(state_n, 0, K * sizeof *state_n);
    for (size_t w = 0; w < V; w++)
      for (size_t j = 0; j < K; j++) state_n[j] += B_n[w * K + j] + 1e-6;
    for (size_t w = 0; w < V; w++)
      for (size_t j = 0; j < K; j++) B[w * K + j] = (B_n[w * K + j] + 1e-6) / state_n[j];
    fprintf(stderr, "gen_hmm: EM round %d: log-likelihood per token %.4f\n", it + 1,
            loglik / (double)T);
  }

  /* Viterbi in log space; ties go to the lower state. */
  for (size_t x = 0; x < K * K; x++) A[x] = log(A[x]);
  for (size_t x = 0; x < V * K; x++) B[x] = log(B[x]);
  for (size_t j = 0; j < K; j++) pi[j] = log(pi[j]);
  uint32_t *back = xmalloc(longest * K * sizeof *back), *path = xmalloc(longest * sizeof *path);
  FILE *out = fopen(argv[2], "w");
  if (!out) {
    perror(argv[2]);
    return 2;
  }
  static char out_buf[1 << 20];
  setvbuf(out, out_buf, _IOFBF, sizeof out_buf);
  size_t used_states = 0;
  uint64_t *per_state = calloc(K, sizeof *per_state);
  for (size_t s = 0; s < S; s++) {
    const uint32_t *w = words + starts[s];
    size_t n = starts[s + 1] - starts[s];
    double *delta = alpha, *next_delta = beta;
    for (size_t j = 0; j < K; j++) delta[j] = pi[j] + B[(size_t)w[0] * K + j];
    for (size_t t = 1; t < n; t++) {
      const double *b = B + (size_t)w[t] * K;
      for (size_t j = 0; j < K; j++) {
        size_t best = 0;
        double top = delta[0] + A[j];
        for (size_t i = 1; i < K; i++) {
          double x = delta[i] + A[i * K + j];
          if (x > top) top = x, best = i;
        }
        next_delta[j] = top + b[j];
        back[t * K + j] = (uint32_t)best;
      }
      double *swap = delta;
      delta = next_delta;
      next_delta = swap;
    }
    size_t best = 0;
    for (size_t j = 1; j < K; j++)
      if (delta[j] > delta[best]) best = j;
    path[n - 1] = (uint32_t)best;
    for (size_t t = n - 1; t > 0; t--) path[t - 1] = back[t * K + path[t]];
    for (size_t t = 0; t < n; t++) {
      fprintf(out, "%s\ts%u\n", v.text[w[t]], path[t]);
      per_state[path[t]]++;
    }
    if (s + 1 < S) fputc('\n', out);
  }
  for (size_t j = 0; j < K; j++) used_states += per_state[j] > 0;
  fprintf(stderr, "gen_hmm: %zu tokens, %zu sentences, %zu types, %zu of %zu states used\n", T, S,
          V, used_states, K);
  return fclose(out) ? 2 : 0;
}
