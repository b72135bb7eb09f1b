#!/usr/bin/python3
"""The CLI's rank correlations between measures against scipy, ties included.

Usage: scipy_rank_compare.py path/to/clustereval. Exits 77 (skipped) without python3-scipy.
Five systems and four baselines on the demo files (a system given twice ties with itself
on every measure; baseline:one ties on several), then random taggings: for every pair of
measures in rank_correlation.measures, Spearman's rho and Kendall's tau-b are recomputed
with scipy.stats.spearmanr and kendalltau (its default, tau-b) from the systems' values
in the same JSON, to 1e-12; scipy's nan (a constant measure) must be the CLI's null.
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile

try:
    import warnings

    import scipy
    from scipy import stats
except ImportError:
    print("skipped: python3-scipy is not installed")
    sys.exit(77)

CLI = sys.argv[1]
TOLERANCE = 1e-12
DEMO = "public/demo"


def run(files, *extra):
    out = subprocess.run(
        [CLI, "--format", "json", "--baselines", "random,one,singletons,majority", *extra, *files],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def value(system, qualified):
    level, measure = qualified.split(".", 1)
    return system[level][measure]


def compare(result, label):
    ranked = result["rank_correlation"]
    systems = [s for s in result["systems"] if "error" not in s]
    assert ranked["systems"] == len(systems), (label, ranked["systems"], len(systems))
    checked = 0
    failures = 0
    for a in ranked["measures"]:
        x = [value(s, a) for s in systems]
        for b in ranked["measures"]:
            y = [value(s, b) for s in systems]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # scipy warns on a constant input
                rho = stats.spearmanr(x, y).correlation
                tau = stats.kendalltau(x, y).correlation
            for name, expected, got in (("spearman", rho, ranked["spearman"][a][b]),
                                        ("kendall", tau, ranked["kendall"][a][b])):
                checked += 1
                if math.isnan(expected):
                    ok = got is None
                else:
                    ok = got is not None and abs(got - expected) <= TOLERANCE
                if not ok:
                    failures += 1
                    if failures <= 10:
                        print(f"{label}: {name}({a}, {b}) = {got}, scipy {expected}")
    return checked, failures


def main():
    demo = [f"{DEMO}/brown-gold.tsv", f"{DEMO}/brown-c50.tsv", f"{DEMO}/brown-c50-d3.tsv",
            f"{DEMO}/brown-c50.tsv"]
    total = failed = 0
    checked, failures = compare(run(demo), "demo")
    total += checked
    failed += failures
    rng = random.Random(20261122)
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(5):
            words = [f"w{rng.randrange(200)}" for _ in range(3000)]
            gold = [f"T{int(w[1:]) % 7}" for w in words]
            paths = [os.path.join(tmp, "gold.tsv")]
            with open(paths[0], "w") as f:
                f.writelines(f"{w}\t{t}\n" + ("\n" if i % 15 == 14 else "")
                             for i, (w, t) in enumerate(zip(words, gold)))
            for s in range(rng.randrange(1, 5)):
                noise = rng.uniform(0, 1)
                path = os.path.join(tmp, f"sys{s}.tsv")
                with open(path, "w") as f:
                    f.writelines(
                        f"{w}\tK{rng.randrange(9) if rng.random() < noise else t}\n"
                        + ("\n" if i % 15 == 14 else "")
                        for i, (w, t) in enumerate(zip(words, gold)))
                paths.append(path)
            checked, failures = compare(run(paths), f"random case {case}")
            total += checked
            failed += failures
    print(f"{total} correlations checked against scipy {scipy.__version__}, {failed} differ")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
