"""What a label sequence is: a str, bytes or bytearray where one belongs is a TypeError, never
a sequence of characters; so are a set, frozenset or dict, whose order means nothing while
labels pair up by position. Lists, tuples, arrays, ranges and iterators still are sequences."""
import re

import numpy as np
import pytest

import clustereval

NOT_SEQUENCES = [
    ("a str", "gold.tsv", "is a str, not a sequence of labels (each character would be one)"),
    ("bytes", b"abc", "is a bytes, not a sequence of labels (each byte would be one)"),
    ("a bytearray", bytearray(b"abc"), "is a bytearray, not a sequence of labels"),
    ("a numpy str", np.str_("abc"), "is a numpy.str_, not a sequence of labels"),
    ("a set", {"a", "b", "c"}, "is a set, which has no meaningful order"),
    ("a frozenset", frozenset("abc"), "is a frozenset, which has no meaningful order"),
    ("a dict", {"a": 1, "b": 2, "c": 3}, "is a dict, which has no meaningful order"),
]
LABELS = ["x", "y", "x"]


@pytest.mark.parametrize("what, value, message", NOT_SEQUENCES, ids=[c[0] for c in NOT_SEQUENCES])
def test_not_a_label_sequence_is_a_type_error(what, value, message):
    for place in ("labels_true", "labels_pred"):
        args = (value, LABELS) if place == "labels_true" else (LABELS, value)
        with pytest.raises(TypeError, match=f"^{place} {re.escape(message)}"):
            clustereval.score(*args)
    with pytest.raises(TypeError, match=f"^words {re.escape(message)}"):
        clustereval.score(LABELS, LABELS, words=value)
    with pytest.raises(TypeError, match=f"^sentences {re.escape(message)}"):
        clustereval.score(LABELS, LABELS, sentences=value)
    truth = message.replace("sequence of labels", "sequence of truth values")
    with pytest.raises(TypeError, match=f"^sentence_ends {re.escape(truth)}"):
        clustereval.score(LABELS, LABELS, sentence_ends=value)


def test_two_file_names_are_not_two_labelings():
    """The mistake this guards against: score given paths, meaning evaluate."""
    with pytest.raises(TypeError, match="labels_true is a str"):
        clustereval.score("gold.tsv", "sys1.tsv")
    with pytest.raises(TypeError, match="labels_true is a bytes"):
        clustereval.score(b"abc", b"abd")


def test_sequences_that_are_sequences():
    base = clustereval.score(["a", "a", "b", "b"], [0, 0, 0, 1])
    assert base["token"]["m1"] == 0.75
    for gold, system in [(("a", "a", "b", "b"), (0, 0, 0, 1)),
                         (np.array(["a", "a", "b", "b"]), [0, 0, 0, 1]),
                         (iter(["a", "a", "b", "b"]), (x for x in [0, 0, 0, 1])),
                         ([b"a", b"a", b"b", b"b"], np.array([0, 0, 0, 1], dtype=np.uint8)),
                         (["a", "a", "b", "b"], memoryview(bytes([0, 0, 0, 1])))]:
        assert clustereval.score(gold, system) == base
    assert clustereval.score(range(4), [5, 6, 7, 8])["token"]["m1"] == 1.0
    # A list of strings is labels, however long each string.
    assert clustereval.score(["gold.tsv"], ["sys1.tsv"])["token"]["m1"] == 1.0


class Label(str):
    """A str subclass: Python keeps its characters apart from the object."""


def test_a_label_is_its_text_whatever_holds_it():
    """Equal text is one label however it comes: str, a str subclass, UTF-8 bytes, numpy's
    str, an int for its decimal digits; text that differs is two labels, however alike (the
    same first 8 bytes, ASCII and Latin-1 and wider characters)."""
    texts = ["1", "NOUN", "é", "ü̈", "😀", "Āx", "", "shared-prefix-1", "shared-prefix-2",
             "a" * 100, "a" * 99 + "b"]
    local = np.random.default_rng(3)
    gold_codes = local.integers(0, len(texts), 3000)
    system = local.integers(0, 7, 3000)
    forms = [lambda t: t, Label, lambda t: t.encode("utf-8"), np.str_,
             lambda t: int(t) if t.isdigit() else t]
    gold = [forms[k % len(forms)](texts[c]) for k, c in enumerate(gold_codes)]
    want = clustereval.score(gold_codes, system)["token"]
    assert clustereval.score(gold, system)["token"] == want
    assert clustereval.score(system, gold)["token"] == clustereval.score(system, gold_codes)["token"]
    many = [f"label-{c:06d}" for c in local.integers(0, 50000, 200000)]
    codes = [int(t[6:]) for t in many]
    assert clustereval.score(many, codes)["token"]["v_measure"] == 1.0


def test_a_list_that_changes_while_it_is_read():
    """A label's __index__ that empties the list: an error, not a read past its end."""
    labels = []

    class Shrinking:
        def __index__(self):
            labels.clear()
            return 1

    labels.extend([Shrinking(), 2, 3, 4])
    with pytest.raises(RuntimeError, match="labels_true changed size while it was read"):
        clustereval.score(labels, [1, 2, 3, 4])
