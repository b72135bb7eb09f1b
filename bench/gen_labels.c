/*
 * Writes a tagged corpus pair with random labels, for the label-scale benchmark: TOKENS
 * tokens whose words come from a Zipfian vocabulary of TYPES word types (exponent 1.05; 0:
 * every token its own word); token i has class i mod CLASSES (every class as large as the
 * next) and a cluster drawn uniformly from CLUSTERS, independently of its word. With LEAN set, a
 * word keeps one class and one cluster of its own for 7 of 8 of its tokens (a tagger's and an
 * inducer's habit) and draws the others at random. A blank line ends a sentence every 20 tokens.
 *   gen_labels GOLD_OUT SYSTEM_OUT TOKENS TYPES CLASSES CLUSTERS [LEAN]
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
static double unit(void) {
  return (double)(next() >> 11) / 9007199254740992.0;
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fputs("usage: gen_labels GOLD_OUT SYSTEM_OUT TOKENS TYPES CLASSES CLUSTERS [LEAN]\n", stderr);
    return 1;
  }
  uint64_t tokens = strtoull(argv[3], NULL, 10);
  size_t types = strtoul(argv[4], NULL, 10);
  uint64_t classes = strtoull(argv[5], NULL, 10), clusters = strtoull(argv[6], NULL, 10);
  int lean = argc > 7 && atoi(argv[7]);
  if (!tokens || !classes || !clusters) return 1;
  double *cdf = malloc((types ? types : 1) * sizeof *cdf);
  uint64_t *home_class = malloc((types ? types : 1) * sizeof *home_class);
  uint64_t *home_cluster = malloc((types ? types : 1) * sizeof *home_cluster);
  if (!cdf || !home_class || !home_cluster) return 1;
  double sum = 0, acc = 0;
  for (size_t t = 0; t < types; t++) sum += 1.0 / pow((double)(t + 1), 1.05);
  for (size_t t = 0; t < types; t++) {
    acc += 1.0 / pow((double)(t + 1), 1.05) / sum;
    cdf[t] = acc;
    home_class[t] = next() % classes;
    home_cluster[t] = next() % clusters;
  }
  FILE *gold = fopen(argv[1], "w"), *sys = fopen(argv[2], "w");
  if (!gold || !sys) return 1;
  static char gold_buf[1 << 20], sys_buf[1 << 20];
  setvbuf(gold, gold_buf, _IOFBF, sizeof gold_buf);
  setvbuf(sys, sys_buf, _IOFBF, sizeof sys_buf);
  for (uint64_t i = 0; i < tokens; i++) {
    uint64_t word = i;
    if (types) {
      double u = unit();
      size_t lo = 0, hi = types - 1;
      while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cdf[mid] < u)
          lo = mid + 1;
        else
          hi = mid;
      }
      word = lo;
    }
    uint64_t c = i % classes, k = next() % clusters;
    if (lean && types && next() % 8) c = home_class[word];
    if (lean && types && next() % 8) k = home_cluster[word];
    fprintf(gold, "w%llu\tC%llu\n", (unsigned long long)word, (unsigned long long)c);
    fprintf(sys, "w%llu\tk%llu\n", (unsigned long long)word, (unsigned long long)k);
    if (i % 20 == 19) {
      fputc('\n', gold);
      fputc('\n', sys);
    }
  }
  return fclose(gold) || fclose(sys);
}
