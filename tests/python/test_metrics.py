"""scikit-learn's names: clustereval.metrics has sklearn.metrics' cluster functions, each
exactly score()'s value for the same options and scikit-learn's to 1e-12 where the
conventions agree (docs/measures.md gives the two where they do not: FMI with no pair on
either side, AMI of identical partitions and of an all-singletons side); score and evaluate
refuse scikit-learn's average_method and name what to use; an unknown keyword names the
closest option ids."""
import math

import numpy as np
import pytest
from sklearn import metrics as sk

import clustereval
from clustereval import metrics
from conftest import ROOT

MEANS = ["arithmetic", "geometric", "min", "max"]
rng = np.random.default_rng(20261127)

# sklearn.metrics' name -> score's id
FUNCTIONS = {
    "homogeneity_score": "homogeneity",
    "completeness_score": "completeness",
    "v_measure_score": "v_measure",
    "mutual_info_score": "mi",
    "normalized_mutual_info_score": "nmi",
    "adjusted_mutual_info_score": "ami",
    "adjusted_rand_score": "ari",
    "rand_score": "rand",
    "fowlkes_mallows_score": "fmi",
}


def conventions_agree(gold, system):
    """Where docs/measures.md's conventions and scikit-learn's are the same."""
    pairs = set(zip(gold, system))
    gold_alone, system_alone = len(set(gold)) == len(gold), len(set(system)) == len(system)
    identical = len(pairs) == len(set(gold)) == len(set(system))
    return not (gold_alone or system_alone or identical)


def labelings():
    """Random pairs from 2 to 20,000 tokens, systems that partly follow gold, in the shapes a
    researcher passes (int arrays, lists of str, a mix), where the conventions agree."""
    cases = []
    while len(cases) < 12:
        k = len(cases)
        n = int(np.exp(rng.uniform(np.log(2), np.log(20000))))
        classes, clusters = int(rng.integers(1, 40)), int(rng.integers(1, 60))
        gold = rng.integers(0, classes, n)
        system = np.where(rng.uniform(size=n) < rng.uniform(), gold % clusters,
                          rng.integers(0, clusters, n))
        if k % 3 == 1:
            gold, system = [f"c{x}" for x in gold], [f"k{x}" for x in system]
        elif k % 3 == 2:
            gold = [f"c{x}" for x in gold]
        if conventions_agree(list(gold), list(system)):
            cases.append((f"{n} tokens {classes}x{clusters}", gold, system))
    return cases


CASES = labelings()


@pytest.mark.parametrize("name, gold, system", CASES, ids=[c[0] for c in CASES])
def test_each_function_is_score_and_sklearn(name, gold, system):
    token = clustereval.score(gold, system)["token"]
    for function, measure in FUNCTIONS.items():
        ours = getattr(metrics, function)(gold, system)
        assert ours == token[measure], function
        assert ours == pytest.approx(getattr(sk, function)(gold, system), abs=1e-12), function
    for mean in MEANS:
        token = clustereval.score(gold, system, nmi_mean=mean)["token"]
        for function, measure in (("normalized_mutual_info_score", "nmi"),
                                  ("adjusted_mutual_info_score", "ami")):
            ours = getattr(metrics, function)(gold, system, average_method=mean)
            assert ours == token[measure], (function, mean)
            want = getattr(sk, function)(gold, system, average_method=mean)
            assert ours == pytest.approx(want, abs=1e-12), (function, mean)
    for beta in (0.5, 2.0):
        token = clustereval.score(gold, system, beta=beta)["token"]
        assert metrics.v_measure_score(gold, system, beta=beta) == token["v_measure"]
        assert metrics.homogeneity_completeness_v_measure(gold, system, beta=beta) == (
            token["homogeneity"], token["completeness"], token["v_measure"])
        want = sk.homogeneity_completeness_v_measure(gold, system, beta=beta)
        assert metrics.homogeneity_completeness_v_measure(gold, system, beta=beta) == \
            pytest.approx(want, abs=1e-12)


def pair_counts(gold, system):
    """tp, pairs together in a class, pairs together in a cluster."""
    def pairs(counts):
        return sum(c * (c - 1) // 2 for c in counts)
    _, cells = np.unique(np.stack([gold, system]), axis=1, return_counts=True)
    return (pairs(cells), pairs(np.unique(gold, return_counts=True)[1]),
            pairs(np.unique(system, return_counts=True)[1]))


def test_where_the_conventions_differ_the_documented_formula():
    """docs/measures.md: fmi = sqrt(pair_p * pair_r) with 0/0 = 1; AMI 1 for identical
    partitions, 0 where one side is all singletons."""
    for gold, system in [(np.arange(30), np.arange(30) * 3), (np.arange(7), np.arange(7)[::-1])]:
        tp, gold_pairs, system_pairs = pair_counts(gold, system)
        assert tp == gold_pairs == system_pairs == 0
        assert metrics.fowlkes_mallows_score(gold, system) == 1.0
        assert sk.fowlkes_mallows_score(gold, system) == 0.0  # scikit-learn's convention
    gold = rng.integers(0, 6, 500)
    system = rng.integers(0, 9, 500)
    tp, gold_pairs, system_pairs = pair_counts(gold, system)
    assert metrics.fowlkes_mallows_score(gold, system) == pytest.approx(
        math.sqrt(tp / system_pairs * tp / gold_pairs), abs=1e-12)
    for mean in MEANS:
        assert metrics.adjusted_mutual_info_score(gold, gold * 5 + 1, average_method=mean) == 1.0
        for singletons in ((gold, np.arange(500)), (np.arange(500), system)):
            assert metrics.adjusted_mutual_info_score(*singletons, average_method=mean) == 0.0


def test_the_sklearn_signatures():
    gold, system = [0, 0, 1, 1], [0, 0, 1, 2]
    with pytest.raises(TypeError):
        metrics.v_measure_score(gold, system, 0.5)  # beta is keyword-only, as in scikit-learn
    with pytest.raises(TypeError):
        metrics.normalized_mutual_info_score(gold, system, "max")
    with pytest.raises(clustereval.Error, match="option nmi_mean: 'median' is not one of"):
        metrics.normalized_mutual_info_score(gold, system, average_method="median")
    assert set(metrics.__all__) == set(FUNCTIONS) | {"homogeneity_completeness_v_measure"}
    # A float, as scikit-learn's, though the JSON writes 1.0 as 1.
    value = metrics.v_measure_score(gold, gold)
    assert type(value) is float and value == 1.0


def test_average_method_given_to_score_or_evaluate_says_use_nmi_mean():
    gold, system = [0, 0, 1, 1], [0, 0, 1, 2]
    with pytest.raises(clustereval.Error, match=r"use nmi_mean='max'") as error:
        clustereval.score(gold, system, average_method="max")
    assert error.value.code == "CE_ERR_USAGE"
    with pytest.raises(clustereval.Error, match=r"use nmi_mean='geometric'"):
        clustereval.evaluate(f"{ROOT}/tests/data/small-gold.tsv", f"{ROOT}/tests/data/small-sys.tsv",
                             average_method="geometric")


@pytest.mark.parametrize("typed, suggested", [
    ("restart", "'restarts'"), ("nmi_means", "'nmi_mean'"), ("minshare", "'min_share'"),
    ("sentence_end", "'sentence_ends' or 'sentences'\\?"), ("exclude_label", "'exclude_labels' or"),
])
def test_an_unknown_keyword_names_the_closest_ids(typed, suggested):
    with pytest.raises(TypeError, match=f"^unknown option '{typed}': did you mean {suggested}"):
        clustereval.score([0, 1], [0, 1], **{typed: 1})


def test_evaluate_suggests_its_own_options_too():
    with pytest.raises(TypeError, match="unknown option 'gold_fromat': did you mean 'gold_format'"):
        clustereval.evaluate(f"{ROOT}/tests/data/small-gold.tsv", f"{ROOT}/tests/data/small-sys.tsv",
                             gold_fromat="tagged")
    with pytest.raises(TypeError, match=r"unknown option 'zzz' \(see OPTIONS\)"):
        clustereval.score([0, 1], [0, 1], zzz=1)
