#!/usr/bin/python3
"""The overlapping-clustering measures (SPEC §3.3) of the CLI against a plain reading of SPEC.

Usage: overlap_compare.py path/to/clustereval. Exits 77 (skipped) without numpy.

Written from the text of SPEC §3.3 alone, with dense matrices over the elements: onmi and
onmi_lfk from the membership matrices, omega from the n×n matrices of shared clusters,
ecs from the n×n walk W, P = (1−α)(I − αW)⁻¹ with a dense inverse. Compared, to 1e-9:
- the token level (tagged files: tokens as elements of two partitions), where omega must
  also equal ari and ecs the contingency closed form (1/n)·Σ n_kl²/max(a_k, b_l);
- the type level (lexicon files whose entries hold several labels: items as elements of two
  covers), measures and each item's S_i in the details, for covers with and without a
  monosemous side, and for monosemous entries (a partition of items);
- larger covers polysemous on both sides (hundreds of items, most of them distinct entries),
  their labels in one component or in several, ecs and each item's S_i alone: the path that
  compares every pair of distinct entries.
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    print("skipped: numpy is not installed")
    sys.exit(77)

CLI = sys.argv[1]
TOLERANCE = 1e-9
ALPHA = 0.9
rng = np.random.default_rng(20260511)
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)


def near(name, got, want):
    check(got is not None and abs(got - want) <= TOLERANCE,
          f"{name}: clustereval {got}, reference {want}")


def memberships(entries):
    """Element i's set of labels → an n×m 0/1 matrix over the labels that occur."""
    labels = sorted({x for e in entries for x in e})
    index = {x: j for j, x in enumerate(labels)}
    b = np.zeros((len(entries), len(labels)))
    for i, e in enumerate(entries):
        for x in e:
            b[i, index[x]] = 1
    return b


def f(c, n):
    """c·log2(n/c), f(0) = 0."""
    return c * np.log2(n / c) if c > 0 else 0.0


def conditional(bx, by, n):
    """H(X_k|Y) for every cluster of X, by SPEC's pair rule, and H(X_k)."""
    hx, hxy = [], []
    for k in range(bx.shape[1]):
        x = bx[:, k].sum()
        h = f(x, n) + f(n - x, n)
        best = h
        for l in range(by.shape[1]):
            y = by[:, l].sum()
            o = (bx[:, k] * by[:, l]).sum()
            if o <= 0:
                continue
            c11, c10, c01, c00 = o, x - o, y - o, n - x - y + o
            if not f(c11, n) + f(c00, n) > f(c01, n) + f(c10, n):
                continue
            hy = f(y, n) + f(n - y, n)
            star = f(c11, n) + f(c10, n) + f(c01, n) + f(c00, n) - hy
            best = min(best, star)
        hx.append(h)
        hxy.append(best)
    return np.array(hx), np.array(hxy)


def onmi_pair(gold, system):
    n = len(gold)
    bx, by = memberships(gold), memberships(system)
    hx, hxy = conditional(bx, by, n)
    hy, hyx = conditional(by, bx, n)
    mutual = 0.5 * (hx.sum() - hxy.sum() + hy.sum() - hyx.sum())
    most = max(hx.sum(), hy.sum())
    onmi = mutual / most if most > 0 else 1.0
    nx = np.where(hx > 0, hxy / np.where(hx > 0, hx, 1), 1.0)
    ny = np.where(hy > 0, hyx / np.where(hy > 0, hy, 1), 1.0)
    return onmi, 1 - 0.5 * (nx.mean() + ny.mean())


def omega(gold, system):
    n = len(gold)
    bx, by = memberships(gold), memberships(system)
    t1, t2 = bx @ bx.T, by @ by.T
    upper = np.triu_indices(n, 1)
    t1, t2 = t1[upper].astype(int), t2[upper].astype(int)
    m = len(t1)
    if m == 0:
        return 1.0
    obs = np.sum(t1 == t2) / m
    top = max(t1.max(), t2.max()) + 1
    exp = np.sum(np.bincount(t1, minlength=top) * np.bincount(t2, minlength=top)) / m**2
    return 1.0 if exp == 1 else (obs - exp) / (1 - exp)


def ecs_elements(gold, system):
    """S_i of clusim's element_sim, as SPEC writes it, with dense n×n matrices."""
    n = len(gold)
    p = []
    for entries in (gold, system):
        b = memberships(entries)
        k = b.sum(axis=1)
        w = (b / k[:, None]) @ np.diag(1 / b.sum(axis=0)) @ b.T
        p.append((1 - ALPHA) * np.linalg.inv(np.eye(n) - ALPHA * w))
    return 1 - np.abs(p[0] - p[1]).sum(axis=1) / (2 * ALPHA)


def contingency(gold, system):
    """The cells n_kl and the margins a_k, b_l of two partitions, as dicts."""
    cells, a, b = {}, {}, {}
    for g, s in zip(gold, system):
        cells[(g, s)] = cells.get((g, s), 0) + 1
        a[g] = a.get(g, 0) + 1
        b[s] = b.get(s, 0) + 1
    return cells, a, b


def ecs_partition_table(gold, system):
    """(1/n)·Σ_cells n_kl²/max(a_k, b_l) from the contingency table."""
    n = len(gold)
    cells, a, b = contingency(gold, system)
    return sum(v * v / max(a[g], b[s]) for (g, s), v in cells.items()) / n


def ari(gold, system):
    from math import comb
    n = len(gold)
    cells, a, b = contingency(gold, system)
    index = sum(comb(v, 2) for v in cells.values())
    sa, sb, total = sum(comb(v, 2) for v in a.values()), sum(comb(v, 2) for v in b.values()), comb(n, 2)
    expected = sa * sb / total if total else 0
    top = (sa + sb) / 2
    return 1.0 if top == expected else (index - expected) / (top - expected)


def run(gold_path, system_path, *options):
    out = subprocess.run([CLI, "--format", "json", *options, gold_path, system_path],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["systems"][0]


def token_cases():
    cases = [("one token", [0], [0]), ("two tokens apart", [0, 1], [0, 1]),
             ("one cluster", list(rng.integers(0, 4, 30)), [0] * 30),
             ("all singletons", list(rng.integers(0, 3, 25)), list(range(25)))]
    while len(cases) < 24:
        n = int(rng.integers(2, 240))
        classes, clusters = int(rng.integers(1, 12)), int(rng.integers(1, 16))
        gold = rng.integers(0, classes, n)
        follow = rng.uniform()
        system = np.where(rng.uniform(size=n) < follow, gold % clusters, rng.integers(0, clusters, n))
        cases.append((f"{n} tokens, {classes} x {clusters}", list(gold), list(system)))
    return cases


def write_tagged(path, labels):
    with open(path, "w") as f_out:
        f_out.writelines(f"w{i}\tL{label}\n" for i, label in enumerate(labels))


def write_lexicon(path, entries):
    with open(path, "w") as f_out:
        f_out.writelines(f"item{i}\t{' '.join(f'L{x}' for x in sorted(e))}\n"
                         for i, e in enumerate(entries))


def random_cover(n, labels, most, share):
    """n entries over `labels` labels, a `share` of them with 2..most labels."""
    entries = []
    for _ in range(n):
        size = int(rng.integers(2, most + 1)) if rng.uniform() < share else 1
        entries.append(set(int(x) for x in rng.choice(labels, size=min(size, labels), replace=False)))
    return entries


def type_cases():
    cases = []
    for _ in range(20):
        n = int(rng.integers(2, 150))
        classes, clusters = int(rng.integers(1, 10)), int(rng.integers(1, 14))
        kind = rng.integers(0, 4)
        gold_share = 0.0 if kind == 1 or kind == 3 else rng.uniform(0.1, 0.8)
        system_share = 0.0 if kind == 2 or kind == 3 else rng.uniform(0.1, 0.8)
        gold = random_cover(n, classes, 3, gold_share)
        system = random_cover(n, clusters, 4, system_share)
        # Systems that partly follow gold, so that pairs of clusters pass the pair rule.
        follow = rng.uniform()
        for i in range(n):
            if rng.uniform() < follow:
                mapped = {g % clusters for g in gold[i]}
                system[i] = mapped if system_share > 0 else {min(mapped)}
        cases.append((f"{n} items, {classes} x {clusters}, kind {kind}", gold, system))
    return cases


def grouped_cover(n, labels, groups, share):
    """random_cover with the labels in `groups` runs that an entry keeps to: as many
    components (or fewer, where a run goes unused or its labels never meet)."""
    width = labels // groups
    return [{width * int(rng.integers(groups)) + x for x in entry}
            for entry in random_cover(n, width, 4, share)]


def large_cases():
    cases = []
    for groups in (1, 1, 3, 6):
        n = int(rng.integers(300, 600))
        classes, clusters = groups * int(rng.integers(4, 12)), groups * int(rng.integers(4, 16))
        gold = grouped_cover(n, classes, groups, rng.uniform(0.2, 0.9))
        system = grouped_cover(n, clusters, groups, rng.uniform(0.2, 0.9))
        cases.append((f"{n} items, {classes} x {clusters} in {groups} groups", gold, system))
    return cases


def main():
    with tempfile.TemporaryDirectory() as tmp:
        gold_path, system_path = os.path.join(tmp, "gold.tsv"), os.path.join(tmp, "system.tsv")
        forced = ["--gold-format", "tagged", "--induced-format", "tagged"]
        for name, gold, system in token_cases():
            write_tagged(gold_path, gold)
            write_tagged(system_path, system)
            got = run(gold_path, system_path, *forced)["token"]
            as_sets = [[{g} for g in gold], [{s} for s in system]]
            onmi, lfk = onmi_pair(*as_sets)
            near(f"{name}: token.onmi", got["onmi"], onmi)
            near(f"{name}: token.onmi_lfk", got["onmi_lfk"], lfk)
            near(f"{name}: token.omega", got["omega"], omega(*as_sets))
            near(f"{name}: token.omega = ari", got["omega"], got["ari"])
            near(f"{name}: token.omega = ari (reference)", got["omega"], ari(gold, system))
            dense = ecs_elements(*as_sets).mean()
            near(f"{name}: token.ecs", got["ecs"], dense)
            near(f"{name}: ecs closed form = dense form", ecs_partition_table(gold, system), dense)
        for name, gold, system in type_cases():
            write_lexicon(gold_path, gold)
            write_lexicon(system_path, system)
            row = run(gold_path, system_path, "--gold-format", "lexicon", "--induced-format",
                      "lexicon", "--detail")
            got = row["type"]
            onmi, lfk = onmi_pair(gold, system)
            near(f"{name}: type.onmi", got["onmi"], onmi)
            near(f"{name}: type.onmi_lfk", got["onmi_lfk"], lfk)
            near(f"{name}: type.omega", got["omega"], omega(gold, system))
            elements = ecs_elements(gold, system)
            near(f"{name}: type.ecs", got["ecs"], elements.mean())
            by_item = {r[0]: r[7] for r in row["detail"]["items"]}
            for i, s in enumerate(elements):
                near(f"{name}: item{i} S_i", by_item.get(f"item{i}"), s)
        for name, gold, system in large_cases():
            write_lexicon(gold_path, gold)
            write_lexicon(system_path, system)
            row = run(gold_path, system_path, "--gold-format", "lexicon", "--induced-format",
                      "lexicon", "--detail")
            elements = ecs_elements(gold, system)
            near(f"{name}: type.ecs", row["type"]["ecs"], elements.mean())
            by_item = {r[0]: r[7] for r in row["detail"]["items"]}
            for i, s in enumerate(elements):
                near(f"{name}: item{i} S_i", by_item.get(f"item{i}"), s)
    if failures:
        print(f"{len(failures)} differences:")
        for message in failures[:40]:
            print("  " + message)
        sys.exit(1)
    print("overlapping measures agree with the dense reading of SPEC §3.3 to 1e-9")


main()
