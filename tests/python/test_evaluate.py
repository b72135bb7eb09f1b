"""clustereval.evaluate against the command line: the same JSON, key for key and value for
value, on the files of tests/data; the errors of tests/data/bad/README.tsv with their file
and line."""
import csv
import json
import os
import re

import pytest

import clustereval
from conftest import ROOT, run_cli

DATA = os.path.join(ROOT, "tests", "data")
SMALL = ["tests/data/small-gold.tsv", "tests/data/small-sys.tsv", "tests/data/small-sys2.tsv"]

# (CLI flags, the same as keyword options)
OPTION_SETS = [
    ([], {}),
    (["--bootstrap", "25", "--baselines", "random,majority", "--seed", "3"],
     {"bootstrap": 25, "baselines": ["random", "majority"], "seed": 3}),
    (["--exclude-labels", "PUNCT,DET", "--exclude-punct", "--min-share", "0.4"],
     {"exclude_labels": "PUNCT,DET", "exclude_punct": True, "min_share": 0.4}),
    (["--nmi-mean", "geometric", "--log2", "--beta", "0.5", "--restarts", "4"],
     {"nmi_mean": "geometric", "log2": True, "beta": 0.5, "restarts": 4}),
    (["--levels", "token", "--substitutable", "--no-token-check"],
     {"levels": "token", "substitutable": True, "token_check": False}),
    (["--unclustered", "split", "--unclustered-label", "k2", "--detail"],
     {"unclustered": "split", "unclustered_label": "k2", "detail": True}),
    (["--test", "ar", "--shuffles", "300", "--bootstrap", "30", "--ci", "percentile"],
     {"test": "ar", "shuffles": 300, "bootstrap": 30, "ci": "percentile"}),
]


@pytest.mark.parametrize("flags, options", [o for o in OPTION_SETS if o[1] is not None],
                         ids=lambda x: " ".join(x) if isinstance(x, list) else "")
def test_small_files_equal_cli(cli, flags, options, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert clustereval.evaluate(*SMALL, **options) == run_cli(*flags, *SMALL)


def test_contents_and_paths_alike(cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    texts = []
    for path in SMALL:
        with open(path, encoding="utf-8") as f:
            texts.append((path, f.read()))
    expected = run_cli(*SMALL)
    assert clustereval.evaluate(*texts) == expected
    assert clustereval.evaluate(*[(name, text.encode()) for name, text in texts]) == expected
    with open(SMALL[1], "rb") as system:
        assert clustereval.evaluate(texts[0], system, SMALL[2]) == expected


@pytest.mark.parametrize("name", sorted(os.listdir(os.path.join(DATA, "formats"))))
def test_every_format_equal_cli(cli, name, monkeypatch):
    """Each file scored against itself, detected (counts alone, forced), and with a tagged gold
    where it is a lexicon or a corpus of the same tokens."""
    monkeypatch.chdir(ROOT)
    path = f"tests/data/formats/{name}"
    if name.startswith("counts"):
        assert clustereval.evaluate(path, gold_format="counts") == run_cli(
            "--gold-format", "counts", path)
        return
    expected = run_cli("--baselines", "one,singletons", path, path)
    assert clustereval.evaluate(path, path, baselines="one,singletons") == expected
    assert expected["systems"][0].get("error") is None
    mixed = run_cli(SMALL[0], path)
    if "error" not in mixed["systems"][0]:
        assert clustereval.evaluate(SMALL[0], path) == mixed
    else:  # a corpus of other tokens: the one system fails, so evaluate raises its error
        with pytest.raises(clustereval.Error) as raised:
            clustereval.evaluate(SMALL[0], path)
        assert str(raised.value) == mixed["systems"][0]["error"]["message"]


def manifest():
    with open(os.path.join(DATA, "bad", "README.tsv"), encoding="utf-8") as f:
        return [row for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
                if os.path.exists(os.path.join(DATA, "bad", row["file"]))]


@pytest.mark.parametrize("row", manifest(), ids=lambda row: row["file"])
def test_bad_inputs_raise_with_file_and_line(cli, row, monkeypatch):
    """Run in tests/data as the command line's check is, so that messages name the files as
    the manifest does. A bad gold raises; a bad system alone raises too (every system
    failed); beside a good system it is a row with its error, as in the CLI's JSON."""
    monkeypatch.chdir(DATA)
    bad = f"bad/{row['file']}"
    options, flags = {}, []
    if row["column"] != "-":
        options["column"], flags = int(row["column"]), ["--column", row["column"]]
    side = "gold_format" if row["role"] == "gold" else "induced_format"
    if row["format"] != "auto":
        options[side] = row["format"]
        flags += [f"--{side.replace('_', '-')}", row["format"]]
    paired = [] if row["paired_with"] == "-" else row["paired_with"].split()
    inputs = [bad, *paired] if row["role"] == "gold" else [*paired, bad]
    with pytest.raises(clustereval.Error) as raised:
        clustereval.evaluate(*inputs, **options)
    error = raised.value
    assert str(error) == row["error"].replace(row["file"], bad, 1) or row["error"] in str(error)
    assert error.file == bad
    where = re.match(re.escape(bad) + r":(\d+):", str(error))
    assert error.line == (int(where.group(1)) if where else 0)
    assert error.code.startswith("CE_ERR_")
    if row["role"] == "system" and row["format"] == "auto":
        both = [*paired, "small-sys.tsv", bad]
        result = clustereval.evaluate(*both)
        assert result == run_cli(*both, cwd=DATA)
        assert row["error"] in result["systems"][1]["error"]["message"]
        assert "error" not in result["systems"][0]


def test_usage_errors():
    with pytest.raises(clustereval.Error, match="unknown input format 'tsv'"):
        clustereval.evaluate(*SMALL, gold_format="tsv")
    with pytest.raises(clustereval.Error, match="unknown baseline 'best'"):
        clustereval.evaluate(*SMALL, baselines="best")
    # A gold corpus alone: the core names it and what it was read as, as the CLI does.
    with pytest.raises(clustereval.Error, match="read as tagged, a gold standard with no system"):
        clustereval.evaluate(SMALL[0])
    with pytest.raises(clustereval.Error, match="needs a gold input and at least one system"):
        clustereval.evaluate(SMALL[0], gold_format="tagged")
    with pytest.raises(FileNotFoundError):
        clustereval.evaluate(SMALL[0], "no/such/file.tsv")
    with pytest.raises(TypeError, match="unknown option 'bootstraps'"):
        clustereval.evaluate(*SMALL, bootstraps=3)


def test_maps_and_sub_tests_equal_cli(cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    demo = ["public/demo/brown-gold.tsv", "public/demo/brown-c50.tsv", "public/demo/brown-c50-d3.tsv"]
    assert clustereval.evaluate(*demo, gold_map="brown-universal", levels="token") == run_cli(
        "--gold-map", "brown-universal", "--levels", "token", *demo)
    map_file = "data/tagmaps/" + sorted(f for f in os.listdir("data/tagmaps") if f.endswith(".map"))[0]
    assert clustereval.evaluate(*demo[:2], gold_map=map_file, map_keep=True) == run_cli(
        "--gold-map", map_file, "--map-keep", *demo[:2])
    assert clustereval.evaluate(*SMALL, sub_test=[SMALL[2], SMALL[1]]) == run_cli(
        "--sub-test", SMALL[2], "--sub-test", SMALL[1], *SMALL)


def test_sense_run_equals_cli(cli, monkeypatch):
    """A SemEval-2013 sense run (SPEC §3.7) with intervals over lemmas: evaluate() is the
    command line's JSON; the published AI-KU and Unimelb figures (Jurgens & Klapaftis 2013,
    Table 4) print from it."""
    monkeypatch.chdir(ROOT)
    folder = "tests/data/wsi/semeval2013"
    files = [f"{folder}/gold/all.key", f"{folder}/systems/y-22-cluster-test.key",
             f"{folder}/systems/hdp-wsi-sample-50k.key"]
    got = clustereval.evaluate(*files, bootstrap=50, detail=True)
    assert got == run_cli("--bootstrap", "50", "--detail", *files)
    assert got["bootstrap"]["unit"] == "lemma"
    printed = {s["name"].split("/")[-1]: (round(s["senses"]["fuzzy_bcubed_f"], 3),
                                          round(s["senses"]["fuzzy_nmi"], 3))
               for s in got["systems"]}
    assert printed == {"y-22-cluster-test.key": (0.390, 0.065),
                       "hdp-wsi-sample-50k.key": (0.483, 0.060)}


def test_sense_run_resampling_instances_equals_cli(cli, monkeypatch):
    """resample="lemmas+instances" is --resample lemmas+instances: the same JSON, which names
    what the resamples drew; two systems' intervals differ from the lemmas-only ones."""
    monkeypatch.chdir(ROOT)
    folder = "tests/data/wsi/semeval2013"
    files = [f"{folder}/gold/all.key", f"{folder}/systems/y-22-cluster-test.key",
             f"{folder}/systems/hdp-wsi-sample-50k.key"]
    got = clustereval.evaluate(*files, bootstrap=20, resample="lemmas+instances")
    assert got == run_cli("--bootstrap", "20", "--resample", "lemmas+instances", *files)
    assert got["options"]["resample"] == "lemmas+instances"
    assert got["bootstrap"]["resample"] == "lemmas+instances"
    assert got["bootstrap"]["instance_share"] == 0.5
    lemmas = clustereval.evaluate(*files, bootstrap=20)
    assert "resample" not in lemmas["bootstrap"]
    assert got["systems"][0]["ci"] != lemmas["systems"][0]["ci"]


def test_spoken_term_discovery_as_the_command_line(cli, monkeypatch):
    """A tde run (SPEC §3.8): the phone alignment by ``phones``, the JSON of the command line
    with intervals over files and p-values, and the numbers tests/data/tde/README.md gives
    (brute force from the SPEC's definitions, tests/cli/tde_reference.py)."""
    monkeypatch.chdir(ROOT)
    folder = "tests/data/tde"
    files = [f"{folder}/words.wrd", f"{folder}/system1.class", f"{folder}/system2.class"]
    phones = f"{folder}/phones.phn"
    got = clustereval.evaluate(*files, phones=phones, bootstrap=40, test="ar", shuffles=60)
    assert got == run_cli("--bootstrap", "40", "--test", "ar", "--shuffles", "60", *files,
                          "--phones", phones)
    assert got["bootstrap"]["unit"] == "file"
    one, two = (s["tde"] for s in got["systems"])
    assert one["ned"] == pytest.approx(2 / 3, abs=1e-12)
    assert one["boundary_f"] == pytest.approx(18 / 23, abs=1e-12)
    assert two["coverage"] == pytest.approx(0.85, abs=1e-12)
    assert two["grouping_f"] == pytest.approx(1.0, abs=1e-12)
    # Bytes, as a page or a notebook holds them, give the same numbers.
    with open(os.path.join(ROOT, phones), "rb") as f:
        by_bytes = clustereval.evaluate(*files, phones=("phones.phn", f.read()))
    assert by_bytes["systems"][0]["tde"] == clustereval.evaluate(*files, phones=phones)["systems"][0]["tde"]
    with pytest.raises(clustereval.Error, match="--phones FILE"):
        clustereval.evaluate(*files)


def test_coref_run_equals_cli(cli, monkeypatch):
    """A coreference run (SPEC §3.6) with intervals over documents and per-document detail:
    evaluate() is the command line's JSON, and every measure is the independent reading's of
    tests/golden/coref.json."""
    monkeypatch.chdir(ROOT)
    folder = "tests/data/coref"
    files = [f"{folder}/key.conll", f"{folder}/system-a.conll", f"{folder}/system-b.conll"]
    got = clustereval.evaluate(*files, bootstrap=30, detail=True)
    assert got == run_cli("--bootstrap", "30", "--detail", *files)
    assert got["bootstrap"]["unit"] == "document"
    with open(os.path.join(ROOT, "tests", "golden", "coref.json"), encoding="utf-8") as f:
        golden = json.load(f)["cases"]
    for system, case in zip(got["systems"], golden):
        for measure, want in case["coref"].items():
            assert abs(system["coref"][measure] - want) <= 1e-12, (system["name"], measure)
    bad = ("bad.conll", b"#begin document d\nw (1\nw -\n#end document\n")
    with pytest.raises(clustereval.Error) as error:
        clustereval.evaluate(bad, f"{folder}/system-a.conll")
    assert (error.value.file, error.value.line) == ("bad.conll", 4)
