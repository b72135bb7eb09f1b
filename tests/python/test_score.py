"""clustereval.score: scikit-learn's numbers on random label arrays, the CLI's on a tagged
pair, the same result whatever container holds the labels, errors, memory, the GIL."""
import json
import os
import threading

import numpy as np
import pytest
from sklearn import metrics

import clustereval
from conftest import ROOT, read_tagged, run_cli

MEANS = ["arithmetic", "geometric", "min", "max"]
TOLERANCE = 1e-9
rng = np.random.default_rng(20261125)


def zipf_labels(n, labels):
    weights = 1.0 / np.arange(1, labels + 1) ** rng.uniform(0.5, 1.5)
    return rng.choice(labels, size=n, p=weights / weights.sum())


def shapes():
    """Edge shapes first, then random sizes from 2 to 100,000 tokens and 1 to 250 labels, with
    systems that partly follow gold so that the measures sit away from 0 and 1."""
    cases = [
        ("one token", np.array([0]), np.array([0])),
        ("one class", np.zeros(50, int), rng.integers(0, 5, 50)),
        ("one cluster", rng.integers(0, 7, 80), np.zeros(80, int)),
        ("system all singletons", rng.integers(0, 4, 60), np.arange(60)),
        ("both all singletons", np.arange(40), np.arange(40)),
        ("two tokens apart", np.array([0, 1]), np.array([0, 1])),
    ]
    gold = rng.integers(0, 9, 500)
    cases.append(("identical up to names", gold, gold * 7 + 3))
    while len(cases) < 30:
        n = int(np.exp(rng.uniform(np.log(2), np.log(100000))))
        classes, clusters = int(rng.integers(1, 120)), int(rng.integers(1, 250))
        gold = zipf_labels(n, classes)
        follow = rng.uniform(0, 1)
        system = np.where(rng.uniform(size=n) < follow, gold % clusters, zipf_labels(n, clusters))
        cases.append((f"{n} tokens, {classes} x {clusters}", gold, system))
    return cases


def sklearn_values(gold, system):
    """scikit-learn's values, with SPEC §3.1's documented exceptions (tests/cli/sklearn_compare.py
    says why): AMI of identical partitions is 1, of an all-singletons side 0; FMI with no pair
    on either side is 1."""
    h, c, v = metrics.homogeneity_completeness_v_measure(gold, system)
    want = {"homogeneity": h, "completeness": c, "v_measure": v,
            "mi": metrics.mutual_info_score(gold, system),
            "ari": metrics.adjusted_rand_score(gold, system),
            "fmi": metrics.fowlkes_mallows_score(gold, system)}
    identical = len(set(zip(gold, system))) == len(set(gold)) == len(set(system))
    singletons = len(set(gold)) == len(gold) or len(set(system)) == len(system)
    for mean in MEANS:
        want[f"nmi {mean}"] = metrics.normalized_mutual_info_score(gold, system, average_method=mean)
        ami = metrics.adjusted_mutual_info_score(gold, system, average_method=mean)
        want[f"ami {mean}"] = 1.0 if identical else 0.0 if singletons else ami
    if len(set(gold)) == len(gold) and len(set(system)) == len(system):
        want["fmi"] = 1.0
    return want


@pytest.mark.parametrize("name, gold, system", shapes(), ids=lambda x: x if isinstance(x, str) else "")
def test_equal_to_sklearn(name, gold, system):
    got = {}
    for mean in MEANS:
        token = clustereval.score(gold, system, nmi_mean=mean)["token"]
        got[f"nmi {mean}"], got[f"ami {mean}"] = token["nmi"], token["ami"]
    got.update({k: token[k] for k in ["homogeneity", "completeness", "v_measure", "mi", "ari", "fmi"]})
    for key, value in sklearn_values(list(gold), list(system)).items():
        assert got[key] == pytest.approx(value, abs=TOLERANCE), f"{name}: {key}"


def test_every_token_measure_and_beta():
    gold, system = zipf_labels(3000, 20), zipf_labels(3000, 30)
    result = clustereval.score(gold, system, beta=0.5)
    assert set(result) == {"token", "warnings", "ci_withheld"}
    assert result["warnings"] == [] and result["ci_withheld"] == {}
    assert set(result["token"]) >= {m for m in clustereval.MEASURES if m in (
        "m1", "o1", "v_measure", "nvi", "ami", "ari", "bcubed_f", "grouping_f")}
    assert result["token"]["v_measure"] == pytest.approx(
        metrics.v_measure_score(gold, system, beta=0.5), abs=TOLERANCE)


def test_equal_to_cli_on_a_tagged_pair(cli):
    """score with words and sentence ends is the CLI reading the two files, type level and
    bootstrap intervals included, to the last bit."""
    gold_path, sys_path = "public/demo/brown-gold.tsv", "public/demo/brown-c50.tsv"
    words, gold, ends = read_tagged(os.path.join(ROOT, gold_path))
    _, system, _ = read_tagged(os.path.join(ROOT, sys_path))
    options = {"bootstrap": 30, "restarts": 3, "seed": 7, "nmi_mean": "max", "log2": True}
    row = run_cli("--bootstrap", "30", "--restarts", "3", "--seed", "7", "--nmi-mean", "max",
                  "--log2", gold_path, sys_path)["systems"][0]
    result = clustereval.score(gold, system, words=words, sentence_ends=ends, **options)
    notes = {"ci_notes": row["ci_notes"]} if "ci_notes" in row else {}
    assert result == {"token": row["token"], "type": row["type"], "ci": row["ci"],
                      "ci_bias": row["ci_bias"], **notes,
                      "warnings": row["warnings"], "ci_withheld": row["ci_withheld"]}
    assert result["warnings"] and result["ci_withheld"]
    sentence_of = np.cumsum([0] + ends[:-1])
    assert clustereval.score(gold, system, words=words, sentences=sentence_of, **options) == result


def test_containers_agree():
    gold = zipf_labels(5000, 40)
    system = zipf_labels(5000, 60)
    words = zipf_labels(5000, 900)
    base = clustereval.score(gold.tolist(), system.tolist(), words=words.tolist())
    assert base["type"]["macro_i_m1"] is not None
    as_str = lambda a: [str(x) for x in a]
    variants = {
        "int64 arrays": (gold, system, words),
        "int32 and uint16": (gold.astype(np.int32), system.astype(np.uint16), words.astype(np.int32)),
        "uint8 gold": (gold.astype(np.uint8), system, words),
        "str lists": (as_str(gold), as_str(system), as_str(words)),
        "tuples": (tuple(gold.tolist()), tuple(system.tolist()), tuple(words.tolist())),
        "numpy unicode": (np.array(as_str(gold)), np.array(as_str(system)), np.array(as_str(words))),
        "numpy bytes": (np.array(as_str(gold), dtype="S"), np.array(as_str(system), dtype="S"),
                        np.array(as_str(words), dtype="S")),
        "numpy object": (np.array(as_str(gold), dtype=object), system.astype(object), words),
        "big-endian": (gold.astype(">i4"), system, words),
        "strided": (np.repeat(gold, 2)[::2], system, words),
        "numpy scalars in a list": (list(gold), list(system), list(words)),
    }
    for name, (g, s, w) in variants.items():
        assert clustereval.score(g, s, words=w) == base, name
    # Other names: the type level's ties go to the label first in byte order (SPEC §3.2), the
    # token level does not look at names.
    renamed = clustereval.score(gold * 10**12 - 5, system, words=words)
    assert renamed["token"] == base["token"]
    names = ["NOUN", "VERB", "ADJ", "ADV", "DET", "ADP"]
    text = [names[x % 6] + "ü" * (x % 3) for x in gold]
    assert clustereval.score(text, system) == clustereval.score(np.array(text), system)


def test_measures_selects():
    gold, system, words = zipf_labels(2000, 10), zipf_labels(2000, 12), zipf_labels(2000, 300)
    full = clustereval.score(gold, system, words=words)
    some = clustereval.score(gold, system, words=words, measures=["m1", "type.macro_i_o1", "token.vi"])
    assert some == {"token": {"m1": full["token"]["m1"], "vi": full["token"]["vi"]},
                    "type": {"macro_i_o1": full["type"]["macro_i_o1"]},
                    "warnings": full["warnings"], "ci_withheld": {}}
    assert clustereval.score(gold, system, measures="v_measure") == {
        "token": {"v_measure": full["token"]["v_measure"]}, "warnings": [], "ci_withheld": {}}


def test_errors():
    with pytest.raises(clustereval.Error, match="labels_pred has 3 labels, labels_true 4") as e:
        clustereval.score([1, 2, 3, 4], [1, 2, 3])
    assert isinstance(e.value, ValueError) and e.value.code == "CE_ERR_USAGE"
    with pytest.raises(clustereval.Error, match=r"labels_true\[1\] is a float"):
        clustereval.score([1, 2.5], [1, 2])
    with pytest.raises(clustereval.Error, match="floating-point"):
        clustereval.score(np.array([1.0, 2.0]), [1, 2])
    with pytest.raises(clustereval.Error, match="one-dimensional"):
        clustereval.score(np.zeros((2, 2), int), [1, 2])
    with pytest.raises(clustereval.Error, match="not valid Unicode"):
        clustereval.score(["a", "\ud800"], ["a", "b"])
    with pytest.raises(clustereval.Error, match=r"option restarts: value 0 is out of range \(from 1 to 100000\)"):
        clustereval.score([1], [1], restarts=0)
    with pytest.raises(clustereval.Error, match="option nmi_mean: 'median' is not one of arithmetic, geometric, min, max"):
        clustereval.score([1], [1], nmi_mean="median")
    with pytest.raises(clustereval.Error, match="unknown measure 'v'"):
        clustereval.score([1], [1], measures=["v"])
    with pytest.raises(clustereval.Error, match="need the words"):
        clustereval.score([1], [1], measures=["type.macro_i_m1"])
    with pytest.raises(clustereval.Error, match="labels_true: empty input") as e:
        clustereval.score([], [])
    assert e.value.file == "labels_true" and e.value.code == "CE_ERR_EMPTY"
    with pytest.raises(clustereval.Error, match="name 0 is not UTF-8 text: a NUL byte") as e:
        clustereval.score(["a\0b"], ["x"])
    assert e.value.file == "labels_true" and e.value.code == "CE_ERR_ENCODING"
    with pytest.raises(TypeError, match="unknown option 'restart': did you mean 'restarts'"):
        clustereval.score([1], [1], restart=3)


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_memory_stays_flat():
    """A million labels scored again and again: the process does not grow (after the first
    calls have settled the allocator)."""
    gold = [f"t{x}" for x in zipf_labels(10**6, 45)]
    system = zipf_labels(10**6, 200)
    for _ in range(3):
        clustereval.score(gold, system)
    before = rss_bytes()
    for _ in range(12):
        clustereval.score(gold, system)
    grown = rss_bytes() - before
    print(f"RSS {before / 2**20:.1f} MiB, then {grown / 2**20:+.1f} MiB after 12 more calls")
    assert grown < 8 * 2**20


def test_scoring_releases_the_gil():
    """While one thread's labels are in the core, another thread runs Python: it finds the run
    busy instead of waiting for the call to end."""
    from clustereval import _core
    ev = _core.Eval()
    ev.add_input("labels_true")
    ev.add_input("labels_pred")
    gold, system = zipf_labels(3 * 10**6, 45), zipf_labels(3 * 10**6, 200)
    seen = []
    worker = threading.Thread(target=ev.feed_labels, args=((gold, system), None, None, None))
    worker.start()
    while worker.is_alive() and not seen:
        try:
            ev.backlog(0)
        except RuntimeError as error:
            seen.append(str(error))
    worker.join()
    assert seen == ["Eval is in use by another thread"]
    ev.finish()
    assert json.loads(ev.json())["gold"]["tokens"] == 3 * 10**6


def random_pair(n=2000, seed=5):
    """A gold of 8 classes and a system that follows it for about half the tokens."""
    local = np.random.default_rng(seed)
    gold = local.integers(0, 8, n)
    return gold, np.where(local.uniform(size=n) < 0.5, gold, local.integers(0, 10, n))


def test_the_rows_warnings_and_withheld_intervals_always():
    """score returns the JSON row's warnings and ci_withheld beside the measures, whatever
    `measures` keeps; ci_withheld keeps the kept measures' reasons."""
    gold, system = random_pair()
    plain = clustereval.score(gold, system)
    assert plain["warnings"] == [] and plain["ci_withheld"] == {}
    full = clustereval.score(gold, system, bootstrap=50)
    assert set(full["ci_withheld"]) == {"token.grouping_p", "token.grouping_r", "token.grouping_f"}
    assert all(isinstance(w, str) for w in full["warnings"])
    some = clustereval.score(gold, system, bootstrap=50, measures=["ari", "grouping_p"])
    assert set(some) - {"ci_notes"} == {"token", "ci", "ci_bias", "warnings", "ci_withheld"}
    assert some["ci_bias"] == {"token.ari": full["ci_bias"]["token.ari"]}
    assert some["warnings"] == full["warnings"]
    assert some["ci_withheld"] == {"token.grouping_p": full["ci_withheld"]["token.grouping_p"]}
    assert some["ci"] == {"token.ari": full["ci"]["token.ari"]}
    assert clustereval.score(gold, system, bootstrap=50, measures="m1")["ci_withheld"] == {}


def test_bootstrap_without_sentences_resamples_tokens_and_says_so():
    """Labels alone mark no sentence: the bootstrap draws tokens one by one, so a non-trivial
    pair gets an interval of some width around its value, and a warning."""
    gold, system = random_pair()
    result = clustereval.score(gold, system, bootstrap=100)
    low, high = result["ci"]["token.ari"]
    assert low < result["token"]["ari"] < high and high - low > 0.01
    assert any("no sentence boundaries" in w for w in result["warnings"])
    ends = [t % 20 == 19 for t in range(len(gold))]
    marked = clustereval.score(gold, system, bootstrap=100, sentence_ends=ends)
    assert not any("no sentence boundaries" in w for w in marked["warnings"])
