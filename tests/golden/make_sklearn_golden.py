#!/usr/bin/python3
"""Golden numbers from scikit-learn for the token-level measures it shares with clustereval.

Independent of clustereval: reads the tagged files itself (token<TAB>label, label = last
column, blank lines skipped) and calls scikit-learn. Regenerate with
    /usr/bin/python3 tests/golden/make_sklearn_golden.py > tests/golden/sklearn.json
(Debian's python3-sklearn; the version used is recorded in the output.)
"""
import json
import sys

import sklearn
from sklearn import metrics

CASES = [
    ("public/demo/brown-gold.tsv", "public/demo/brown-c50.tsv", 1.0),
    ("public/demo/brown-gold.tsv", "public/demo/brown-c50-d3.tsv", 1.0),
    ("public/demo/brown-gold.tsv", "public/demo/brown-c50.tsv", 0.5),
    ("tests/data/small-gold.tsv", "tests/data/small-sys.tsv", 1.0),
    ("tests/data/small-gold.tsv", "tests/data/small-sys2.tsv", 2.0),
]


def labels(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[-1] for line in f if line.strip()]


def case(gold_path, system_path, beta):
    gold, system = labels(gold_path), labels(system_path)
    assert len(gold) == len(system), (gold_path, system_path)
    h, c, v = metrics.homogeneity_completeness_v_measure(gold, system, beta=beta)
    return {
        "gold": gold_path,
        "system": system_path,
        "beta": beta,
        "token": {
            "homogeneity": h,
            "completeness": c,
            "v_measure": v,
            "mi": metrics.mutual_info_score(gold, system),
        },
    }


json.dump(
    {
        "source": f"scikit-learn {sklearn.__version__}: homogeneity_completeness_v_measure, "
        "mutual_info_score (nats)",
        "regenerate": "/usr/bin/python3 tests/golden/make_sklearn_golden.py > tests/golden/sklearn.json",
        "cases": [case(*c) for c in CASES],
    },
    sys.stdout,
    indent=1,
)
sys.stdout.write("\n")
