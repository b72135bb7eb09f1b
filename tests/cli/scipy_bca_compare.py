#!/usr/bin/env python3
"""The core's bootstrap intervals against scipy.stats.bootstrap (SPEC §3.5), on the same
resample values: scipy draws the resamples of a simple statistic and makes its interval by
each method ('BCa', its default, then 'percentile' and 'basic' on the same distribution,
passed back as `bootstrap_result`); the core's interval code (through tests/c/bca_values)
gets those values, the value on the data and the leave-one-out jackknife, and must give
the same ends to 1e-12. Where BCa reads a quantile beyond the 10th smallest or largest
resample, the core shows an end extended along a normal tail: those are listed too. Cases: means and standard deviations of normal, exponential and
log-normal samples of 15 to 200 values, 2,000 to 9,999 resamples. Exit 77 when scipy is
missing. Usage: scipy_bca_compare.py BCA_VALUES
"""
import subprocess
import sys

try:
    import numpy as np
    from scipy import stats
except ImportError:
    print("scipy is not installed: skipped")
    sys.exit(77)

METHODS = ["BCa", "percentile", "basic"]


def core_interval(tool, method, value, resamples, jackknife):
    numbers = [str(METHODS.index(method)), repr(float(value)), str(len(resamples))]
    numbers += [repr(float(v)) for v in resamples]
    numbers += [str(len(jackknife))] + [repr(float(v)) for v in jackknife]
    out = subprocess.run([tool], input=" ".join(numbers), capture_output=True, text=True, check=True)
    plain, extended = [line.split() for line in out.stdout.splitlines()]
    return [float(x) for x in plain[:2]], [float(x) for x in extended[:2]]


def main(tool):
    rng = np.random.default_rng(20261124)
    cases = []
    for n in (15, 40, 200):
        for name, draw in (("normal", rng.normal), ("exponential", rng.exponential),
                           ("lognormal", rng.lognormal)):
            for statistic in (np.mean, np.std):
                cases.append((name, n, statistic, draw(size=n)))
    failures = compared = extended = 0
    for i, (name, n, statistic, data) in enumerate(cases):
        resamples = 9999 if i % 3 == 0 else 2000
        result = stats.bootstrap((data,), statistic, n_resamples=resamples, method="BCa",
                                 random_state=np.random.default_rng(i), vectorized=True)
        distribution = result.bootstrap_distribution
        value = statistic(data)
        jackknife = [statistic(np.delete(data, j)) for j in range(n)]
        for method in METHODS:
            if method == "BCa":
                ci = result.confidence_interval
            else:
                ci = stats.bootstrap((data,), statistic, n_resamples=0, method=method,
                                     bootstrap_result=result, vectorized=True).confidence_interval
            (lo, hi), shown = core_interval(tool, method, value, distribution, jackknife)
            scale = max(abs(ci.low), abs(ci.high), 1e-300)
            ok = abs(lo - ci.low) <= 1e-12 * scale and abs(hi - ci.high) <= 1e-12 * scale
            compared += 1
            failures += not ok
            # The core shows BCa with an end far out in a tail extended along a normal one.
            note = ""
            if shown != [lo, hi]:
                extended += 1
                note = f"; shown [{shown[0]:.12g}, {shown[1]:.12g}] (tail extended)"
            print(f"{'ok  ' if ok else 'FAIL'} {statistic.__name__:4} of {n:3} {name:11} "
                  f"B={resamples:5} {method:10} scipy [{ci.low:.12g}, {ci.high:.12g}] "
                  f"core [{lo:.12g}, {hi:.12g}]{note}")
    print(f"{compared} intervals compared with scipy {__import__('scipy').__version__}, "
          f"{failures} differ; {extended} BCa ends shown with an extended tail")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
