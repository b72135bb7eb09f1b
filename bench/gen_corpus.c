/*
 * Writes a synthetic tagged corpus pair for the reading benchmark: TOKENS tokens drawn
 * from a Zipfian vocabulary of TYPES word types; each type has a gold class (of CLASSES)
 * and a cluster (of CLUSTERS) that mostly follow it, with some tokens of a type taking a
 * second class or cluster, as real taggers and inducers do. A blank line every ~20 tokens.
 *   gen_corpus GOLD_OUT SYSTEM_OUT [TOKENS [TYPES [CLASSES [CLUSTERS]]]]
 * Deterministic: the same arguments give the same files.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t next(void) { /* xorshift64* */
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545f4914f6cdd1du;
}
static double unit(void) { return (double)(next() >> 11) / 9007199254740992.0; }

int main(int argc, char **argv) {
  if (argc < 3) {
    fputs("usage: gen_corpus GOLD_OUT SYSTEM_OUT [TOKENS [TYPES [CLASSES [CLUSTERS]]]]\n", stderr);
    return 1;
  }
  uint64_t tokens = argc > 3 ? strtoull(argv[3], NULL, 10) : 100000000u;
  size_t types = argc > 4 ? strtoul(argv[4], NULL, 10) : 200000;
  unsigned classes = argc > 5 ? (unsigned)strtoul(argv[5], NULL, 10) : 45;
  unsigned clusters = argc > 6 ? (unsigned)strtoul(argv[6], NULL, 10) : 200;
  double *cdf = malloc(types * sizeof *cdf);
  unsigned *cls = malloc(types * sizeof *cls), *clu = malloc(types * sizeof *clu);
  if (!cdf || !cls || !clu) return 1;
  double sum = 0;
  for (size_t t = 0; t < types; t++) sum += 1.0 / pow((double)(t + 1), 1.05);
  double acc = 0;
  for (size_t t = 0; t < types; t++) {
    acc += 1.0 / pow((double)(t + 1), 1.05) / sum;
    cdf[t] = acc;
    cls[t] = (unsigned)(next() % classes);
    clu[t] = (cls[t] * 4 + (unsigned)(next() % 6)) % clusters; /* leans on the class */
  }
  FILE *gold = fopen(argv[1], "w"), *sys = fopen(argv[2], "w");
  if (!gold || !sys) return 1;
  static char gold_buf[1 << 20], sys_buf[1 << 20];
  setvbuf(gold, gold_buf, _IOFBF, sizeof gold_buf);
  setvbuf(sys, sys_buf, _IOFBF, sizeof sys_buf);
  for (uint64_t i = 0; i < tokens; i++) {
    double u = unit();
    size_t lo = 0, hi = types - 1;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    unsigned c = next() % 10 == 0 ? (cls[lo] + 1) % classes : cls[lo];
    unsigned k = next() % 8 == 0 ? (unsigned)(next() % clusters) : clu[lo];
    fprintf(gold, "w%zu\tC%u\n", lo, c);
    fprintf(sys, "w%zu\tk%u\n", lo, k);
    if (next() % 20 == 0) {
      fputc('\n', gold);
      fputc('\n', sys);
    }
  }
  return fclose(gold) || fclose(sys);
}
