/*
 * Word-sense induction, one lemma at a time (SPEC §3.7), as the two SemEval tasks' scorers
 * compute it: SemEval-2013 Task 13 (Jurgens & Klapaftis 2013; the scorer of Jurgens'
 * cluster-comparison-tools, as shipped in the task's jars) and SemEval-2010 Task 14
 * (Manandhar et al. 2010; the task's vmeasure and fscore scorers).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measures/measures_senses_internal.h"

/* ------------------------------------------------------ fuzzy B-cubed */

/* An instance's answers on both sides: what makes two instances interchangeable. */
typedef struct signature {
  const uint32_t *gs, *ss;
  const double *gw, *sw;
  size_t gn, sn;
} signature;

static int compare_side(const uint32_t *a, const double *aw, size_t an, const uint32_t *b,
                        const double *bw, size_t bn) {
  if (an != bn) return an < bn ? -1 : 1;
  for (size_t i = 0; i < an; i++) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    if (aw[i] != bw[i]) return aw[i] < bw[i] ? -1 : 1;
  }
  return 0;
}

static int by_signature(const void *x, const void *y) {
  const signature *a = x, *b = y;
  int c = compare_side(a->gs, a->gw, a->gn, b->gs, b->gw, b->gn);
  return c ? c : compare_side(a->ss, a->sw, a->sn, b->ss, b->sw, b->sn);
}

/*
 * agreement(i, j) = Σ over the senses both carry of 1 − |w_i(s) − w_j(s)| (Jurgens &
 * Klapaftis 2013, §4.1, Eq. for fuzzy B-cubed's item agreement); *shared says whether they
 * carry one at all (then they are partners, whatever the sum).
 */
static double agreement(const uint32_t *a, const double *aw, size_t an, const uint32_t *b,
                        const double *bw, size_t bn, int *shared) {
  double sum = 0.0;
  size_t i = 0, j = 0;
  *shared = 0;
  while (i < an && j < bn) {
    if (a[i] < b[j]) {
      i++;
    } else if (b[j] < a[i]) {
      j++;
    } else {
      sum += 1.0 - fabs(aw[i] - bw[j]);
      *shared = 1;
      i++, j++;
    }
  }
  return sum;
}

/* What the instances of one signature group gather from their partners. */
typedef struct group_sums {
  size_t first, count; /* the group's instances in the sorted signatures */
  double p_num, p_den, r_num, r_den;
} group_sums;

/*
 * SemEval-2013's fuzzy B-cubed: precision, for each gold instance, the mean over the other gold
 * instances sharing a gold sense of min(g, t)/g (0 when g = 0; 0 with no partner); recall the
 * same over the system's instances with min(g, t)/t. Instances with equal answers on both
 * sides score alike, so pairs are taken between groups of them: a group meets itself
 * count − 1 times an instance.
 */
ce_status ce__fuzzy_bcubed(const ce_sense_answers *gold, const ce_sense_answers *system,
                           double *p_sum, double *r_sum) {
  size_t n = gold->instances;
  *p_sum = *r_sum = 0.0;
  if (!n) return CE_OK;
  signature *sig = malloc(n * sizeof *sig);
  group_sums *groups = malloc(n * sizeof *groups);
  ce_status status = sig && groups ? CE_OK : CE_ERR_NOMEM;
  size_t group_count = 0;
  if (!status) {
    for (size_t i = 0; i < n; i++) {
      size_t g0 = gold->start[i], s0 = system->start[i];
      sig[i] = (signature){gold->sense + g0,    system->sense + s0,      gold->weight + g0,
                           system->weight + s0, gold->start[i + 1] - g0, system->start[i + 1] - s0};
    }
    status = ce__sort(sig, n, sizeof *sig, by_signature);
  }
  for (size_t i = 0; !status && i < n; i++) {
    if (i == 0 || by_signature(&sig[i - 1], &sig[i]))
      groups[group_count++] = (group_sums){i, 0, 0.0, 0.0, 0.0, 0.0};
    groups[group_count - 1].count++;
  }
  for (size_t a = 0; !status && a < group_count; a++) {
    const signature *x = &sig[groups[a].first];
    if (!x->gn && !x->sn) continue;
    for (size_t b = a; b < group_count; b++) {
      const signature *y = &sig[groups[b].first];
      int share_gold, share_system;
      double g = agreement(x->gs, x->gw, x->gn, y->gs, y->gw, y->gn, &share_gold);
      double t = agreement(x->ss, x->sw, x->sn, y->ss, y->sw, y->sn, &share_system);
      if (!share_gold && !share_system) continue;
      double least = g < t ? g : t;
      /* An instance of a meets count(b) partners in b, minus itself when b is a. */
      double seen_by_a = (double)groups[b].count - (a == b);
      double seen_by_b = (double)groups[a].count;
      if (share_gold) {
        double value = g > 0 ? least / g : 0.0;
        groups[a].p_num += seen_by_a * value, groups[a].p_den += seen_by_a;
        if (a != b) groups[b].p_num += seen_by_b * value, groups[b].p_den += seen_by_b;
      }
      if (share_system) {
        double value = t > 0 ? least / t : 0.0;
        groups[a].r_num += seen_by_a * value, groups[a].r_den += seen_by_a;
        if (a != b) groups[b].r_num += seen_by_b * value, groups[b].r_den += seen_by_b;
      }
    }
  }
  for (size_t a = 0; !status && a < group_count; a++) {
    double count = (double)groups[a].count;
    if (groups[a].p_den > 0) *p_sum += count * (groups[a].p_num / groups[a].p_den);
    if (groups[a].r_den > 0) *r_sum += count * (groups[a].r_num / groups[a].r_den);
  }
  free(sig);
  free(groups);
  return status;
}

/* ---------------------------------------------------------- fuzzy NMI */

enum { BINS = 10 };

/* The scorer's bin of a membership: the smallest k with v ≤ (k + 1)/10, in doubles. */
static unsigned bin_of(double v) {
  for (unsigned k = 0; k + 1 < BINS; k++)
    if (v <= (double)(k + 1) / 10.0) return k;
  return BINS - 1;
}

/* One side's senses as membership lists over the instances (instance order), with each
 * sense's entropy over the binned memberships. */
typedef struct sense_lists {
  size_t *start; /* senses + 1 */
  uint32_t *instance;
  double *weight;
  double *entropy;
} sense_lists;

static double plogp_bits(double count, double total) {
  double p = count / total;
  return p > 0 ? -p * log2(p) : 0.0;
}

/* h(p) = −p ln p, of Lancichinetti et al.'s test that a pair of senses is comparable. */
static double h_nats(double p) {
  return p > 0 ? -p * log(p) : 0.0;
}

static void free_lists(sense_lists *l) {
  free(l->start);
  free(l->instance);
  free(l->weight);
  free(l->entropy);
}

static ce_status make_lists(const ce_sense_answers *side, sense_lists *l) {
  size_t n = side->instances, entries = side->start[n];
  memset(l, 0, sizeof *l);
  l->start = calloc((size_t)side->senses + 1, sizeof *l->start);
  l->instance = malloc((entries ? entries : 1) * sizeof *l->instance);
  l->weight = malloc((entries ? entries : 1) * sizeof *l->weight);
  l->entropy = malloc(((size_t)side->senses + 1) * sizeof *l->entropy);
  size_t *fill = calloc((size_t)side->senses + 1, sizeof *fill);
  if (!l->start || !l->instance || !l->weight || !l->entropy || !fill) {
    free(fill);
    free_lists(l);
    return CE_ERR_NOMEM;
  }
  for (size_t e = 0; e < entries; e++) l->start[side->sense[e] + 1]++;
  for (uint32_t s = 0; s < side->senses; s++) l->start[s + 1] += l->start[s];
  for (size_t i = 0; i < n; i++)
    for (size_t e = side->start[i]; e < side->start[i + 1]; e++) {
      uint32_t s = side->sense[e];
      size_t at = l->start[s] + fill[s]++;
      l->instance[at] = (uint32_t)i;
      l->weight[at] = side->weight[e];
    }
  free(fill);
  for (uint32_t s = 0; s < side->senses; s++) {
    double counts[BINS] = {0};
    counts[0] = (double)(n - (l->start[s + 1] - l->start[s]));
    for (size_t e = l->start[s]; e < l->start[s + 1]; e++) counts[bin_of(l->weight[e])] += 1;
    double h = 0.0;
    for (int k = 0; k < BINS; k++) h += plogp_bits(counts[k], (double)n);
    l->entropy[s] = h;
  }
  return CE_OK;
}

/*
 * H(x, y) in bits over the 10 × 10 bins of two senses' memberships, and whether the pair is
 * skipped: h(p11) + h(p00) < h(p10) + h(p01) over the shares of instances with x > 0, y > 0
 * (Lancichinetti et al. 2009, Eq. B.14's condition). Instances neither sense holds sit in
 * bin (0, 0), so only the two lists are walked.
 */
static double joint_entropy(const sense_lists *gl, uint32_t g, const sense_lists *sl, uint32_t t,
                            size_t n, int *skipped) {
  double cells[BINS][BINS] = {{0}};
  double pos[2][2] = {{0}};
  size_t i = gl->start[g], ie = gl->start[g + 1], j = sl->start[t], je = sl->start[t + 1];
  size_t touched = 0;
  while (i < ie || j < je) {
    double x = 0.0, y = 0.0;
    if (j >= je || (i < ie && gl->instance[i] < sl->instance[j])) {
      x = gl->weight[i++];
    } else if (i >= ie || sl->instance[j] < gl->instance[i]) {
      y = sl->weight[j++];
    } else {
      x = gl->weight[i++];
      y = sl->weight[j++];
    }
    cells[bin_of(x)][bin_of(y)] += 1;
    pos[x > 0][y > 0] += 1;
    touched++;
  }
  cells[0][0] += (double)(n - touched);
  pos[0][0] += (double)(n - touched);
  double total = (double)n;
  *skipped = h_nats(pos[1][1] / total) + h_nats(pos[0][0] / total) <
             h_nats(pos[1][0] / total) + h_nats(pos[0][1] / total);
  double h = 0.0;
  for (int a = 0; a < BINS; a++)
    for (int b = 0; b < BINS; b++) h += plogp_bits(cells[a][b], total);
  return h;
}

/*
 * Fuzzy NMI: H(g|T) = min over the unskipped system senses t of H(g, t) − H(t), H(g) when all
 * are skipped (Lancichinetti et al. 2009, Eq. B.14-B.15); H(G|T) = Σ_g H(g|T), likewise
 * H(T|G); MI = ½(H_G − H(G|T) + H_T − H(T|G)) and NMI = MI / max(H_G, H_T) (McDaid, Greene &
 * Hurley 2011), H_G = Σ_g H(g) in bits.
 */
ce_status ce__fuzzy_nmi(const ce_sense_answers *gold, const ce_sense_answers *system, double *nmi) {
  size_t n = gold->instances;
  sense_lists gl, sl;
  *nmi = NAN;
  if (!n) return CE_OK;
  if (make_lists(gold, &gl)) return CE_ERR_NOMEM;
  if (make_lists(system, &sl)) {
    free_lists(&gl);
    return CE_ERR_NOMEM;
  }
  double *t_given = malloc(((size_t)system->senses + 1) * sizeof *t_given);
  if (!t_given) {
    free_lists(&gl);
    free_lists(&sl);
    return CE_ERR_NOMEM;
  }
  double h_g = 0.0, h_t = 0.0, g_given_t = 0.0, t_given_g = 0.0;
  for (uint32_t t = 0; t < system->senses; t++) {
    t_given[t] = INFINITY;
    h_t += sl.entropy[t];
  }
  for (uint32_t g = 0; g < gold->senses; g++) {
    double best = INFINITY;
    h_g += gl.entropy[g];
    for (uint32_t t = 0; t < system->senses; t++) {
      int skipped;
      double joint = joint_entropy(&gl, g, &sl, t, n, &skipped);
      if (skipped) continue;
      double g_t = joint - sl.entropy[t], t_g = joint - gl.entropy[g];
      if (g_t < best) best = g_t;
      if (t_g < t_given[t]) t_given[t] = t_g;
    }
    g_given_t += best == INFINITY ? gl.entropy[g] : best;
  }
  for (uint32_t t = 0; t < system->senses; t++)
    t_given_g += t_given[t] == INFINITY ? sl.entropy[t] : t_given[t];
  double mi = 0.5 * (h_g - g_given_t + h_t - t_given_g);
  double norm = h_g > h_t ? h_g : h_t;
  if (norm > 0) *nmi = mi / norm;
  free(t_given);
  free_lists(&gl);
  free_lists(&sl);
  return CE_OK;
}

/* ------------------------------------------------------- SemEval-2010 */

/* Pairs of a group of `size` instances; a group of one makes the pair (i, i) (SemEval-2010's
 * fscore scorer, SPEC §3.7). */
static double pairs_of(uint64_t size) {
  return size >= 2 ? (double)size * (double)(size - 1) / 2.0 : (double)size;
}

ce_status ce__senses_hard(const uint32_t *cls, const uint32_t *cluster, size_t n, double *v,
                          double *pair_f) {
  *v = *pair_f = 0.0;
  if (!n) return CE_OK;
  uint32_t classes = 0, clusters = 0;
  for (size_t i = 0; i < n; i++) {
    if (cls[i] >= classes) classes = cls[i] + 1;
    if (cluster[i] >= clusters) clusters = cluster[i] + 1;
  }
  uint64_t *class_size = calloc(classes, sizeof *class_size);
  uint64_t *cluster_size = calloc(clusters, sizeof *cluster_size);
  uint64_t *cells = malloc(n * sizeof *cells);
  if (!class_size || !cluster_size || !cells) {
    free(class_size);
    free(cluster_size);
    free(cells);
    return CE_ERR_NOMEM;
  }
  for (size_t i = 0; i < n; i++) {
    class_size[cls[i]]++;
    cluster_size[cluster[i]]++;
    cells[i] = (uint64_t)cls[i] << 32 | cluster[i];
  }
  ce__sort_u64(cells, n);
  /* Entropies in bits (Rosenberg & Hirschberg 2007, §4; the ratio does not depend on the
   * base). */
  double total = (double)n, h_c = 0.0, h_k = 0.0, h_c_k = 0.0, h_k_c = 0.0;
  double gold_pairs = 0.0, system_pairs = 0.0, both = 0.0;
  for (uint32_t c = 0; c < classes; c++) {
    h_c += plogp_bits((double)class_size[c], total);
    gold_pairs += pairs_of(class_size[c]);
  }
  for (uint32_t k = 0; k < clusters; k++) {
    h_k += plogp_bits((double)cluster_size[k], total);
    system_pairs += pairs_of(cluster_size[k]);
  }
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && cells[j] == cells[i]) j++;
    uint32_t c = (uint32_t)(cells[i] >> 32), k = (uint32_t)cells[i];
    double count = (double)(j - i);
    h_c_k -= count / total * log2(count / (double)cluster_size[k]);
    h_k_c -= count / total * log2(count / (double)class_size[c]);
    /* A shared pair (i, j), or (i, i) where the instance is alone on both sides. */
    both += j - i >= 2 ? count * (count - 1) / 2.0
                       : (class_size[c] == 1 && cluster_size[k] == 1 ? 1.0 : 0.0);
    i = j;
  }
  /* V-measure: h = 1 − H(C|K)/H(C), 1 when H(C) = 0; c likewise; V their harmonic mean. */
  double h = h_c > 0 ? 1.0 - h_c_k / h_c : 1.0;
  double c = h_k > 0 ? 1.0 - h_k_c / h_k : 1.0;
  *v = h + c > 0 ? 2.0 * h * c / (h + c) : 0.0;
  /* Paired F-score (Manandhar et al. 2010, §4.1.2): P = |G∩S|/|S|, R = |G∩S|/|G|. */
  double p = both / system_pairs, r = both / gold_pairs;
  *pair_f = p + r > 0 ? 2.0 * p * r / (p + r) : 0.0;
  free(class_size);
  free(cluster_size);
  free(cells);
  return CE_OK;
}
