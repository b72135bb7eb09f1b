#!/usr/bin/python3
"""The peer in the benchmark: reads a gold and a system tagged file (token<TAB>label) and
computes, with scikit-learn, every measure it has that clustereval computes too.
Usage: sklearn_all.py GOLD SYSTEM"""
import sys

from sklearn import metrics


def labels(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[-1] for line in f if line.strip()]


gold, system = labels(sys.argv[1]), labels(sys.argv[2])
h, c, v = metrics.homogeneity_completeness_v_measure(gold, system)
results = {
    "homogeneity": h, "completeness": c, "v_measure": v,
    "mi": metrics.mutual_info_score(gold, system),
    "nmi": metrics.normalized_mutual_info_score(gold, system),
    "ami": metrics.adjusted_mutual_info_score(gold, system),
    "ari": metrics.adjusted_rand_score(gold, system),
    "rand": metrics.rand_score(gold, system),
    "fmi": metrics.fowlkes_mallows_score(gold, system),
}
print(" ".join(f"{k}={v:.6f}" for k, v in results.items()))
