#!/usr/bin/python3
"""SPEC §3.7's word-sense-induction measures, computed here from the SPEC's text alone, against
the command line's JSON on the real SemEval keys in tests/data/wsi/, to 1e-9.

Usage: semeval_reference.py path/to/clustereval

An independent reading: plain Python, every instance pair of a lemma visited (no grouping of
equal answers), every sense of a lemma as a full membership vector. For each task, the gold
key and every system and baseline key are scored in one run with --detail; each system's
averages and every lemma's values (senses.by_lemma) must agree. Also checked: the numbers
the task papers printed for these systems, to the digits printed (see PUBLISHED).
"""
import json
import math
import os
import subprocess
import sys

CLI = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "wsi")
TOLERANCE = 1e-9
IDS = ["fuzzy_bcubed_p", "fuzzy_bcubed_r", "fuzzy_bcubed_f", "fuzzy_nmi", "fuzzy_avg",
       "v_measure", "pair_f"]


def read_key(path):
    """{(lemma, instance): (lemma, [(sense, weight2013), ...])} in file order (SPEC §3.7)."""
    key = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = []
            for token in line.split():  # runs of blanks or tabs
                if token.startswith("!!"):
                    break
                fields.append(token)
            if len(fields) < 3:
                continue
            lemma, instance, senses = fields[0], fields[1], fields[2:]
            parsed = []
            for s in senses:
                if "/" in s:
                    name, w = s.rsplit("/", 1)
                    parsed.append((name, float(w)))
                else:
                    parsed.append((s, None))
            names = [n for n, _ in parsed]
            every_weight = all(w is not None for _, w in parsed)
            no_repeat = len(set(names)) == len(names)
            if every_weight and no_repeat:
                top = max(w for _, w in parsed)
                memberships = [(n, w / top) for n, w in parsed]
            else:
                memberships, seen = [], set()
                for n in names:
                    if n not in seen:
                        seen.add(n)
                        memberships.append((n, 1.0))
            assert (lemma, instance) not in key, (path, lemma, instance)
            key[(lemma, instance)] = (lemma, memberships)
    return key


def by_lemma(key):
    lemmas = {}
    for (lemma, instance), (_, memberships) in key.items():
        lemmas.setdefault(lemma, []).append((instance, dict(memberships)))
    return lemmas


# ---------------------------------------------------------------- SemEval-2013

def agreement(a, b):
    """Σ over senses both carry of 1 − |w_i(s) − w_j(s)|; and whether they share one."""
    shared = [s for s in a if s in b]
    return sum(1 - abs(a[s] - b[s]) for s in shared), bool(shared)


def fuzzy_bcubed(gold, system):
    """gold, system: {instance: {sense: w}} of one lemma. Returns (P, R) of that lemma."""
    instances = list(gold) + [i for i in system if i not in gold]
    # Every instance pair once: the gold and system agreements, and whether each side's
    # senses meet (partners on that side).
    pairs = {}
    for a in range(len(instances)):
        for b in range(a + 1, len(instances)):
            i, j = instances[a], instances[b]
            g, share_g = agreement(gold.get(i, {}), gold.get(j, {}))
            t, share_t = agreement(system.get(i, {}), system.get(j, {}))
            if share_g or share_t:
                pairs[i, j] = pairs[j, i] = (g, t, share_g, share_t)

    def side_sum(own, use_gold):
        total = 0.0
        for i in own:
            values = []
            for j in own:
                if j == i or (i, j) not in pairs:
                    continue
                g, t, share_g, share_t = pairs[i, j]
                if not (share_g if use_gold else share_t):
                    continue
                denominator = g if use_gold else t
                values.append(min(g, t) / denominator if denominator != 0 else 0.0)
            total += sum(values) / len(values) if values else 0.0
        return total
    # Precision over gold's instances; recall over the system's, both over gold's count.
    return side_sum(gold, True) / len(gold), side_sum(system, False) / len(gold)


def bin_of(v):
    for k in range(10):
        if v <= (k + 1) / 10:
            return k
    return 9


def entropy_bits(counts, n):
    return -sum(c / n * math.log2(c / n) for c in counts if c > 0)


def fuzzy_nmi(gold, system):
    instances = list(gold) + [i for i in system if i not in gold]
    n = len(instances)

    def vectors(side):
        senses = {}
        for i in side:
            for s in side[i]:
                senses.setdefault(s, None)
        return [[side.get(i, {}).get(s, 0.0) for i in instances] for s in senses]

    def h(p):
        return -p * math.log(p) if p > 0 else 0.0

    def h1(x):
        counts = [0] * 10
        for v in x:
            counts[bin_of(v)] += 1
        return entropy_bits(counts, n)

    def pair(x, y):
        """H(x, y) and whether the pair is skipped (Lancichinetti et al.'s test)."""
        joint = {}
        p = {(a, b): 0 for a in (0, 1) for b in (0, 1)}
        for u, v in zip(x, y):
            joint[(bin_of(u), bin_of(v))] = joint.get((bin_of(u), bin_of(v)), 0) + 1
            p[(int(u > 0), int(v > 0))] += 1
        skipped = h(p[1, 1] / n) + h(p[0, 0] / n) < h(p[1, 0] / n) + h(p[0, 1] / n)
        return entropy_bits(joint.values(), n), skipped

    gv, tv = vectors(gold), vectors(system)
    hg = [h1(x) for x in gv]
    ht = [h1(y) for y in tv]
    table = [[pair(x, y) for y in tv] for x in gv]
    g_given_t = 0.0
    for a, x in enumerate(gv):
        options = [table[a][b][0] - ht[b] for b in range(len(tv)) if not table[a][b][1]]
        g_given_t += min(options) if options else hg[a]
    t_given_g = 0.0
    for b, y in enumerate(tv):
        options = [table[a][b][0] - hg[a] for a in range(len(gv)) if not table[a][b][1]]
        t_given_g += min(options) if options else ht[b]
    HG, HT = sum(hg), sum(ht)
    mi = 0.5 * (HG - g_given_t + HT - t_given_g)
    return mi / max(HG, HT) if max(HG, HT) > 0 else None


# ---------------------------------------------------------------- SemEval-2010

def first_sense(memberships):
    return next(iter(memberships))


def hard_measures(gold, system):
    """V-measure and paired F of one lemma: first senses; unanswered gold instances one extra
    cluster; system instances not in gold ignored."""
    instances = list(gold)
    cls = {i: first_sense(gold[i]) for i in instances}
    clu = {i: (first_sense(system[i]) if i in system else ("extra",)) for i in instances}
    n = len(instances)

    def counts(labels):
        out = {}
        for i in instances:
            out[labels[i]] = out.get(labels[i], 0) + 1
        return out

    nc, nk = counts(cls), counts(clu)
    cells = {}
    for i in instances:
        cells[(cls[i], clu[i])] = cells.get((cls[i], clu[i]), 0) + 1
    hc, hk = entropy_bits(nc.values(), n), entropy_bits(nk.values(), n)
    hck = -sum(v / n * math.log2(v / nk[k]) for (c, k), v in cells.items())
    hkc = -sum(v / n * math.log2(v / nc[c]) for (c, k), v in cells.items())
    hom = 1.0 if hc == 0 else 1 - hck / hc
    com = 1.0 if hk == 0 else 1 - hkc / hk
    v = 0.0 if hom + com == 0 else 2 * hom * com / (hom + com)

    def pairs(labels):
        out = set()
        groups = {}
        for i in instances:
            groups.setdefault(labels[i], []).append(i)
        for members in groups.values():
            if len(members) == 1:
                out.add((members[0], members[0]))
            for a in range(len(members)):
                for b in range(a + 1, len(members)):
                    out.add((members[a], members[b]))
        return out

    G, S = pairs(cls), pairs(clu)
    both = len(G & S)
    p, r = both / len(S), both / len(G)
    f = 0.0 if p + r == 0 else 2 * p * r / (p + r)
    return v, f


# ---------------------------------------------------------------- a run

def score(gold_path, system_path):
    gold, system = by_lemma(read_key(gold_path)), by_lemma(read_key(system_path))
    per_lemma, P, R, NMI, V, F, N = {}, [], [], [], 0.0, 0.0, 0
    for lemma, instances in gold.items():
        g = dict(instances)
        s = dict(system.get(lemma, []))
        if s:
            p, r = fuzzy_bcubed(g, s)
            nmi = fuzzy_nmi(g, s)
        else:  # a gold lemma with no system line scores 0 and counts
            p = r = nmi = 0.0
        v, f = hard_measures(g, s)
        fb = 2 * p * r / (p + r) if p + r > 0 else 0.0
        per_lemma[lemma] = {"fuzzy_bcubed_p": p, "fuzzy_bcubed_r": r, "fuzzy_bcubed_f": fb,
                            "fuzzy_nmi": nmi,
                            "fuzzy_avg": None if nmi is None else math.sqrt(max(nmi * fb, 0.0)),
                            "v_measure": v, "pair_f": f}
        P.append(p)
        R.append(r)
        if nmi is not None:
            NMI.append(nmi)
        V += len(g) * v
        F += len(g) * f
        N += len(g)
    p, r = sum(P) / len(P), sum(R) / len(R)
    fb = 2 * p * r / (p + r) if p + r > 0 else 0.0
    nmi = sum(NMI) / len(NMI) if NMI else None
    overall = {"fuzzy_bcubed_p": p, "fuzzy_bcubed_r": r, "fuzzy_bcubed_f": fb, "fuzzy_nmi": nmi,
               "fuzzy_avg": None if nmi is None else math.sqrt(max(nmi * fb, 0.0)), "v_measure": V / N,
               "pair_f": F / N, "lemmas": len(gold)}
    return overall, per_lemma


# Numbers the task papers printed for these very files, to the digits printed: Jurgens &
# Klapaftis (2013), Table 4 (all instances, Fuzzy NMI and Fuzzy B-Cubed F); Manandhar et al.
# (2010), Tables 2 and 4 (all 8,915 test instances, V-measure and paired F-score, in %).
PUBLISHED = {
    "semeval2013": {
        "y-22-cluster-test.key": {"fuzzy_nmi": 0.065, "fuzzy_bcubed_f": 0.390},  # AI-KU base
        "hdp-wsi-sample-50k.key": {"fuzzy_nmi": 0.060, "fuzzy_bcubed_f": 0.483},  # Unimelb 50k
    },
    "semeval2010": {
        "1cl1inst.key": {"v_measure": 0.317},
        "mfs_all.key": {"v_measure": 0.000},
        "302-108_senseval-gap": {"v_measure": 0.162, "pair_f": 0.267},  # Hermit
        "402-186_task14_ksu": {"v_measure": 0.157},  # KSU KDD
    },
}


def close(a, b, measure=None):
    if a is None or b is None:
        return a is None and b is None
    if measure == "fuzzy_avg":
        # √(NMI · F): where NMI is 0 but for round-off (±1e-17), the root makes that 1e-9;
        # compared as the product, which is what the two computations share.
        return abs(a * a - b * b) <= TOLERANCE
    return abs(a - b) <= TOLERANCE


def check_task(task, gold_name):
    root = os.path.join(DATA, task)
    gold = os.path.join(root, "gold", gold_name)
    systems = sorted(os.path.join(root, d, f) for d in ("systems", "baselines")
                     for f in os.listdir(os.path.join(root, d)))
    out = subprocess.run([CLI, "--format", "json", "--detail", gold, *systems],
                         capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    failures = 0
    for row, path in zip(result["systems"], systems):
        name = os.path.basename(path)
        assert row["name"] == path, (row["name"], path)
        overall, per_lemma = score(gold, path)
        got = row["senses"]
        for m in IDS + ["lemmas"]:
            if not close(got[m], overall[m], m):
                print(f"FAIL {task} {gold_name} {name} {m}: cli {got[m]} reference {overall[m]}")
                failures += 1
        assert list(got["by_lemma"]) == list(per_lemma), name
        for lemma, values in per_lemma.items():
            for m in IDS:
                if not close(got["by_lemma"][lemma][m], values[m], m):
                    print(f"FAIL {task} {name} {lemma} {m}: cli {got['by_lemma'][lemma][m]} "
                          f"reference {values[m]}")
                    failures += 1
        if gold_name == "all.key":
            for m, printed in PUBLISHED[task].get(name, {}).items():
                if abs(round(got[m], 3) - printed) > 1e-12:
                    print(f"FAIL {task} {name} {m}: {got[m]} does not print as {printed}")
                    failures += 1
        print(f"{task} {gold_name} {name}: " +
              " ".join(f"{m}={overall[m]:.6f}" if overall[m] is not None else f"{m}=null"
                       for m in IDS))
    return failures


def check_paper_table():
    """The published Table 4 rows as a paper prints them (F-BC, F-NMI in %), through
    --check: every number reproduces, by the names WSI papers use."""
    import tempfile
    rows = "System\tF-BC\tF-NMI\ny-22-cluster-test\t39.0\t6.5\nhdp-wsi-sample-50k\t48.3\t6.0\n"
    folder = os.path.join(DATA, "semeval2013")
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
        f.write(rows)
    out = subprocess.run([CLI, "--format", "json", "--check", f.name,
                          os.path.join(folder, "gold", "all.key"),
                          os.path.join(folder, "systems", "y-22-cluster-test.key"),
                          os.path.join(folder, "systems", "hdp-wsi-sample-50k.key")],
                         capture_output=True, text=True)
    os.unlink(f.name)
    check = json.loads(out.stdout)["check"]
    bad = [c for c in check if not c["reproduced"] or not c["measure"].startswith("senses.")]
    for c in bad:
        print(f"FAIL --check {c['system']} {c['heading']}: {c}")
    print(f"--check of the paper's table: {len(check) - len(bad)} of {len(check)} reproduce")
    return len(bad) + (out.returncode != 0) + (len(check) != 4)


failures = check_task("semeval2013", "all.key")
failures += check_paper_table()
failures += check_task("semeval2013", "all.singlesense.key")
failures += check_task("semeval2010", "all.key")
print("semeval: %s" % ("ok" if not failures else f"{failures} failures"))
sys.exit(1 if failures else 0)
