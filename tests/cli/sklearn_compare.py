#!/usr/bin/python3
"""The CLI against scikit-learn on random label pairs and the demo files, to 1e-9.

Usage: sklearn_compare.py path/to/clustereval. Exits 77 (skipped) without python3-sklearn.
Every measure the two share is compared: homogeneity, completeness, v_measure (beta 1
and 0.5), mi, nmi and ami under each of the four means, ari, rand, fmi, and the pair
counts behind pair_p and pair_r (pair_confusion_matrix). Two documented exceptions follow
SPEC §3.1 instead: ami of identical partitions is 1, and fmi is sqrt(PP*PR) with 0/0 = 1,
so it is 1 where neither side puts any two tokens together (scikit-learn says 0). A third
is a 0/0 of scikit-learn's own: where one side is all singletons, every permutation gives
the same table, so MI - EMI is exactly 0 and ami is 0; scikit-learn's MI and EMI there
differ by rounding alone, which can turn its result into 1.0 under the min mean.
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import sklearn
    from sklearn import metrics
except ImportError:
    print("skipped: python3-sklearn is not installed")
    sys.exit(77)

CLI = sys.argv[1]
TOLERANCE = 1e-9
MEANS = ["arithmetic", "geometric", "min", "max"]
rng = np.random.default_rng(20261122)


def zipf_labels(n, labels):
    weights = 1.0 / np.arange(1, labels + 1) ** rng.uniform(0.5, 1.5)
    return rng.choice(labels, size=n, p=weights / weights.sum())


def random_cases():
    cases = [
        ("one token", [0], [0]),
        ("one class", [0] * 50, list(rng.integers(0, 5, 50))),
        ("one cluster", list(rng.integers(0, 7, 80)), [0] * 80),
        ("system all singletons", list(rng.integers(0, 4, 60)), list(range(60))),
        ("both all singletons", list(range(40)), list(range(40))),
        ("identical up to names", list(rng.integers(0, 9, 500)), None),
        ("two tokens apart", [0, 1], [0, 1]),
        ("100000 tokens, 45 x 200", zipf_labels(100000, 45), zipf_labels(100000, 200)),
    ]
    name, gold, _ = cases[5]
    cases[5] = (name, gold, [g * 7 + 3 for g in gold])
    while len(cases) < 36:
        n = int(np.exp(rng.uniform(np.log(2), np.log(100000))))
        classes, clusters = int(rng.integers(1, 120)), int(rng.integers(1, 250))
        gold = zipf_labels(n, classes)
        # Systems that partly follow gold, so the measures sit away from 0 and 1.
        follow = rng.uniform(0, 1)
        system = np.where(rng.uniform(size=n) < follow, gold % clusters, zipf_labels(n, clusters))
        cases.append((f"random {n} tokens, {classes} x {clusters}", gold, system))
    return cases


def write_tagged(path, labels):
    with open(path, "w") as f:
        f.writelines(f"w\t{label}\n" for label in labels)


def read_labels(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[-1] for line in f if line.strip()]


def run_cli(gold_path, system_path, *options):
    forced = ["--gold-format", "tagged", "--induced-format", "tagged"]
    out = subprocess.run([CLI, "--format", "json", *forced, *options, gold_path, system_path],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["systems"][0]["token"]


def expected(gold, system):
    h, c, v = metrics.homogeneity_completeness_v_measure(gold, system)
    (tn, fp), (fn, tp) = metrics.cluster.pair_confusion_matrix(gold, system) // 2
    want = {
        "homogeneity": h, "completeness": c, "v_measure": v,
        "v_measure beta 0.5": metrics.v_measure_score(gold, system, beta=0.5),
        "mi": metrics.mutual_info_score(gold, system),
        "ari": metrics.adjusted_rand_score(gold, system),
        "rand": metrics.rand_score(gold, system),
        "fmi": metrics.fowlkes_mallows_score(gold, system),
        "pair_p": 1.0 if tp + fp == 0 else tp / (tp + fp),
        "pair_r": 1.0 if tp + fn == 0 else tp / (tp + fn),
    }
    for mean in MEANS:
        want[f"nmi {mean}"] = metrics.normalized_mutual_info_score(gold, system, average_method=mean)
        want[f"ami {mean}"] = metrics.adjusted_mutual_info_score(gold, system, average_method=mean)
    identical = len(set(zip(gold, system))) == len(set(gold)) == len(set(system))
    all_singletons = len(set(gold)) == len(gold) or len(set(system)) == len(system)
    for mean in MEANS:
        if identical:
            want[f"ami {mean}"] = 1.0
        elif all_singletons:
            want[f"ami {mean}"] = 0.0
    if tp + fp == 0 and tp + fn == 0:
        want["fmi"] = 1.0
    return want


def actual(gold_path, system_path):
    base = run_cli(gold_path, system_path)
    got = {k: base[k] for k in ["homogeneity", "completeness", "v_measure", "mi", "ari", "rand",
                                "fmi", "pair_p", "pair_r"]}
    got["v_measure beta 0.5"] = run_cli(gold_path, system_path, "--beta", "0.5")["v_measure"]
    for mean in MEANS:
        token = run_cli(gold_path, system_path, "--nmi-mean", mean)
        got[f"nmi {mean}"], got[f"ami {mean}"] = token["nmi"], token["ami"]
    return got


def main():
    compared = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        cases = [(name, gold, system, None) for name, gold, system in random_cases()]
        for system in ["brown-c50.tsv", "brown-c50-d3.tsv"]:
            gold_path, system_path = "public/demo/brown-gold.tsv", f"public/demo/{system}"
            cases.append((f"demo {system}", read_labels(gold_path), read_labels(system_path),
                          (gold_path, system_path)))
        for name, gold, system, paths in cases:
            if paths is None:
                paths = (os.path.join(tmp, "gold.tsv"), os.path.join(tmp, "sys.tsv"))
                write_tagged(paths[0], gold)
                write_tagged(paths[1], system)
            want, got = expected(list(gold), list(system)), actual(*paths)
            for key, value in want.items():
                compared += 1
                if got[key] is None or not abs(got[key] - value) <= TOLERANCE:
                    failed += 1
                    print(f"FAIL {name}: {key} = {got[key]!r}, scikit-learn {value!r}")
    print(f"sklearn {sklearn.__version__}: {len(cases)} cases, {compared} comparisons, "
          f"{compared - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
