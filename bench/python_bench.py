#!/usr/bin/python3
"""clustereval.score against sklearn.metrics.v_measure_score on the same Python lists of str
(the gold and induced tags of a tagged pair), each the best of 3 in this process; then the
ratio. clustereval computes every token-level measure; scikit-learn V-measure alone.
Usage: PYTHONPATH=<where clustereval is installed> python_bench.py GOLD SYSTEM"""
import sys
import time

import clustereval
from sklearn import metrics


def labels(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[-1] for line in f if line.strip()]


def best_of_3(fn):
    best, value = float("inf"), None
    for _ in range(3):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return best, value


gold, system = labels(sys.argv[1]), labels(sys.argv[2])
ours, result = best_of_3(lambda: clustereval.score(gold, system))
theirs, v = best_of_3(lambda: metrics.v_measure_score(gold, system))
token = result["token"]
assert abs(token["v_measure"] - v) < 1e-9, (token["v_measure"], v)
print(f"{len(gold):,} tokens as Python lists of str, best of 3:")
print(f"clustereval.score, all {sum(x is not None for x in token.values())} token measures: {ours:.3f} s")
print(f"sklearn.metrics.v_measure_score alone:             {theirs:.3f} s")
print(f"ratio: {theirs / ours:.1f}x (v_measure {token['v_measure']:.6f} both)")
