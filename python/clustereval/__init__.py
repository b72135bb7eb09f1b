"""Score an induced clustering against a gold standard, with the clustereval C core.

    >>> import clustereval
    >>> clustereval.score(["a", "a", "b", "b"], [0, 0, 0, 1])["token"]["m1"]
    0.75

``score`` takes two label sequences, as scikit-learn's ``metrics.cluster`` functions do, and
returns every token-level measure at once (and, given the words, the type level of Reichart,
Abend & Rappoport 2010); ``clustereval.metrics`` has scikit-learn's function names, one
measure each. ``evaluate`` reads files in any input format and returns what
``clustereval --format json`` prints; ``python -m clustereval`` is the command line itself.
Options are the command line's long names with underscores: ``restarts``, ``seed``, ``beta``,
``log2``, ``nmi_mean``, ``min_share``, ``bootstrap``... (see ``OPTIONS``). Errors raise
``clustereval.Error``, a ``ValueError`` whose ``file``, ``line`` and ``column`` say where an
input went wrong.
"""

import difflib
import json
import os

from . import _core

__all__ = ["score", "evaluate", "metrics", "Error", "OPTIONS", "FORMATS", "MEASURES",
           "__version__"]

Error = _core.Error
__version__ = _core.version()

#: The core's option table, read from the core itself: id -> {"kind" ("number", "integer",
#: "flag" or "choice"), "default", "min", "max", "choices", "group", "label", "help"}.
OPTIONS = {
    name: {"number": number, "kind": kind, "default": default, "min": lo, "max": hi,
           "choices": choices, "integral": kind != "number", "group": group, "label": label,
           "help": help_text}
    for number, (name, kind, default, lo, hi, choices, group, label, help_text)
    in enumerate(_core.options())
}
#: The input formats (SPEC §2), "auto" first.
FORMATS = _core.formats()
#: The measure ids (SPEC §3), in the core's order.
MEASURES = _core.measures()
_TOKEN_MEASURES = frozenset(_core.token_measures())
_BASELINES = _core.baselines()

# Read as the command line reads a file: this many bytes at a time.
_CHUNK_BYTES = 1 << 16


def _usage(message):
    error = Error(message)
    error.code = "CE_ERR_USAGE"
    return error


# Other libraries' names for the core's options, as a researcher types them: each says which
# id to use instead (the options have one spelling, the core's).
_FOREIGN_NAMES = {"average_method": ("nmi_mean", "scikit-learn's name")}


def _unknown_option(name, value, known):
    """The error for a keyword that is no option: another library's name says which id to
    use (clustereval.Error); a typo gets the closest ids (TypeError, as Python's own)."""
    if name in _FOREIGN_NAMES:
        instead, whose = _FOREIGN_NAMES[name]
        return _usage(f"{name} is {whose}: use {instead}={value!r} (options are the core's "
                      f"ids, see OPTIONS; clustereval.metrics takes {name} as scikit-learn does)")
    close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.6)
    hint = f": did you mean {' or '.join(repr(c) for c in close)}?" if close else " (see OPTIONS)"
    return TypeError(f"unknown option '{name}'{hint}")


def _option_value(name, value):
    option = OPTIONS[name]
    if isinstance(value, str):
        if value in option["choices"]:
            return float(option["choices"].index(value))
        allowed = ", ".join(option["choices"]) or "a number"
        raise _usage(f"option {name}: '{value}' is not one of {allowed}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise _usage(f"option {name}: {value!r} is not a number") from None


def _label_list(value):
    """A list of labels, or a comma list as --exclude-labels takes it ("\\," is a comma)."""
    if not isinstance(value, str):
        return [str(label) for label in value]
    labels, label, escaped = [], "", False
    for char in value:
        if escaped or char not in ",\\":
            label, escaped = label + char, False
        elif char == "\\":
            escaped = True
        else:
            labels.append(label)
            label = ""
    if escaped:
        label += "\\"
    return [label for label in labels + [label] if label]


def _names(value):
    return value.split(",") if isinstance(value, str) else list(value)


def _load_map(ev, side, spec):
    if spec in _core.map_presets():
        ev.map_preset(side, spec)
        return
    path = os.fspath(spec)
    with open(path, "rb") as file:
        while chunk := file.read(_CHUNK_BYTES):
            ev.map_feed(side, path, chunk)
    ev.map_close(side)


# Options beside the core's, taken by score and evaluate.
_LISTS = ("exclude_labels", "unclustered_label", "baselines", "gold_map", "induced_map")


def _configure(ev, options, extra, keywords=()):
    """Sets the core's options and the run's lists; returns the options left for the caller
    (`extra`). `keywords`: the caller's own, named in the error for an unknown one."""
    left = {}
    for name, value in options.items():
        if name not in OPTIONS and name not in _LISTS and name not in extra:
            raise _unknown_option(name, value, [*OPTIONS, *_LISTS, *extra, *keywords])
        if value is None:
            continue
        if name in OPTIONS:
            ev.set(OPTIONS[name]["number"], _option_value(name, value))
        elif name == "exclude_labels":
            for label in _label_list(value):
                ev.exclude_label(label)
        elif name == "unclustered_label":
            ev.set_unclustered_label(str(value))
        elif name == "baselines":
            for baseline in _names(value):
                if baseline not in _BASELINES:
                    raise _usage(f"unknown baseline '{baseline}' ({', '.join(_BASELINES)})")
                ev.add_baseline(_BASELINES.index(baseline))
        elif name in ("gold_map", "induced_map"):
            _load_map(ev, 0 if name == "gold_map" else 1, value)
        else:
            left[name] = value
    return left


def _resample_all(ev):
    """--bootstrap's resamples, then --test ar's shuffles (each a no-op when not asked for)."""
    for step in (ev.resample, ev.shuffle):
        done, total = step(100)
        while done < total:
            done, total = step(100)


def _measure_columns(measures):
    """--measures as the command line reads it: (level, id) pairs."""
    columns = []
    for spec in _names(measures):
        level, _, bare = spec.rpartition(".")
        if bare not in MEASURES or level not in ("", "token", "type"):
            raise _usage(f"unknown measure '{spec}'")
        if not level:
            level = "token" if bare in _TOKEN_MEASURES else "type"
        if level == "token" and bare not in _TOKEN_MEASURES:
            raise _usage(f"'{bare}' has no token level")
        columns.append((level, bare))
    return columns


def score(labels_true, labels_pred, *, words=None, measures=None, sentence_ends=None,
          sentences=None, **options):
    """Scores the clustering ``labels_pred`` against the classes ``labels_true``.

    Both are sequences of equal length: lists or tuples of str or int, or numpy arrays of an
    integer or string dtype (read in place through the buffer protocol). Returns
    ``{"token": {id: value}}`` with every token-level measure of the core (SPEC ids; None where
    one is not defined). Given ``words`` (the tokens, same length) it also returns ``"type"``:
    the type level from tokens. ``sentence_ends`` (a truth value per token, true at a
    sentence's last token) or ``sentences`` (a sentence label per token) mark sentences for
    ``bootstrap`` and the substitutable scores; with ``bootstrap`` B the result has ``"ci"``,
    the 95% intervals (without sentences the tokens are resampled one by one, and a warning
    says so), ``"ci_bias"``, each interval's bias (the mean of the resamples minus the value, plus for
    the information measures the bias of the cells the sample never saw),
    and where a value is biased beyond its spread ``"ci_notes"`` (``{"token.vi": "biased low
    by ~0.03; bias-corrected 4.1442: ..."}``; the interval is then the bias-corrected one and
    is for the population value). The result always has the row's ``"warnings"`` (a list of str) and
    ``"ci_withheld"`` (``{"token.grouping_p": why}``, ``{}`` when none), as in the JSON.
    ``measures`` (ids, "token.m1", "type.macro_i_m1", or a comma list) keeps only those (and
    their intervals); without a type-level one the type level is not computed. Options: see
    ``OPTIONS``, plus ``exclude_labels`` and ``unclustered_label``.

    A str, bytes, set or dict where a sequence belongs raises TypeError: a string is never
    read as a sequence of one-character labels, and a set or dict has no order to pair by.
    """
    if sentence_ends is not None and sentences is not None:
        raise _usage("give sentence_ends or sentences, not both")
    columns = _measure_columns(measures) if measures is not None else None
    wants_type = words is not None and (columns is None or any(l == "type" for l, _ in columns))
    if columns and words is None and any(level == "type" for level, _ in columns):
        raise _usage("type-level measures need the words")
    if "levels" not in options:
        options = dict(options, levels="both" if wants_type else "token")
    ev = _core.Eval()
    _configure(ev, options, (), ("words", "measures", "sentence_ends", "sentences"))
    ev.add_input("labels_true")
    ev.add_input("labels_pred")
    ev.feed_labels((labels_true, labels_pred), words, sentence_ends, sentences)
    ev.finish()
    _resample_all(ev)
    row = json.loads(ev.json())["systems"][0]
    if "error" in row:
        raise ev.input_error(1)
    result = {"token": row["token"]}
    if words is not None and row.get("type") is not None:
        result["type"] = row["type"]
    # ci_bias (the resamples' mean minus the value, and the unseen cells' part) beside every
    # interval, ci_notes where a value is biased beyond its spread (SPEC §3.5): as the row
    # carries them.
    for key in ("ci", "ci_bias", "ci_notes"):
        if key in row:
            result[key] = row[key]
    withheld = row.get("ci_withheld", {})
    if columns is not None:
        keep = {f"{level}.{bare}" for level, bare in columns}
        kept = {level: {k: v for k, v in values.items()
                        if (k if level.startswith("ci") else f"{level}.{k}") in keep}
                for level, values in result.items()}
        result = {level: values for level, values in kept.items() if values}
        withheld = {k: v for k, v in withheld.items() if k in keep}
    result["warnings"] = row.get("warnings", [])
    result["ci_withheld"] = withheld
    return result


def _source(spec, default_name):
    """(name, binary file) of an input: a path, a (name, str or bytes) pair, bytes, or a
    binary file object."""
    if isinstance(spec, (str, os.PathLike)):
        path = os.fspath(spec)
        return path, open(path, "rb")
    if isinstance(spec, tuple) and len(spec) == 2:
        name, data = spec
        return str(name), _Bytes(data.encode("utf-8") if isinstance(data, str) else bytes(data))
    if isinstance(spec, (bytes, bytearray, memoryview)):
        return default_name, _Bytes(bytes(spec))
    if hasattr(spec, "read"):
        return str(getattr(spec, "name", default_name)), _Borrowed(spec)
    raise TypeError(f"an input is a path, a (name, contents) pair or bytes, not {type(spec).__name__}")


class _Bytes:
    """Contents in memory, read like a file."""

    def __init__(self, data):
        self.view, self.at = memoryview(data), 0

    def read(self, size):
        chunk = self.view[self.at:self.at + size]
        self.at += len(chunk)
        return chunk

    def close(self):
        self.view.release()


class _Borrowed:
    """A file object the caller opened: read, never closed here; text is encoded."""

    def __init__(self, file):
        self.file = file

    def read(self, size):
        chunk = self.file.read(size)
        return chunk.encode("utf-8") if isinstance(chunk, str) else chunk

    def close(self):
        pass


def _feed_all(ev, files):
    """Round-robin, a chunk at a time, but for the inputs the core holds back (ce_eval_waits)."""
    open_ = [True] * len(files)
    while any(open_):
        for i, file in enumerate(files):
            if not open_[i]:
                continue
            if ev.waits(i):
                continue
            chunk = file.read(_CHUNK_BYTES)
            alive = ev.feed(i, chunk) if len(chunk) else True
            if not alive or not len(chunk):
                ev.close(i)
                open_[i] = False


def evaluate(gold, *systems, **options):
    """Scores each system against ``gold``, as ``clustereval --format json GOLD SYSTEM...``.

    Each input is a path, a ``(name, contents)`` pair (``str`` or ``bytes``), ``bytes``, or a
    file object open for reading. Returns the SPEC §4 JSON document as a dict, equal to the
    command line's. A system that fails carries its ``error`` there; when gold fails, or every
    system does, ``Error`` is raised. Options: the core's (``OPTIONS``), and ``gold_format``,
    ``induced_format`` (see ``FORMATS``), ``exclude_labels``, ``unclustered_label``,
    ``baselines``, ``gold_map``, ``induced_map`` (a preset or a path), ``sub_test`` (one
    held-out corpus per system, in order) and ``phones`` (the phone alignment of a
    spoken-term-discovery run: gold a ``tde-words`` word alignment, systems ``tde-classes``
    class files), as on the command line.
    """
    ev = _core.Eval()
    left = _configure(ev, options, ("gold_format", "induced_format", "sub_test", "phones"))
    formats = []
    for key in ("gold_format", "induced_format"):
        name = left.get(key, "auto")
        if name not in FORMATS:
            raise _usage(f"unknown input format '{name}' ({', '.join(FORMATS)})")
        formats.append(FORMATS.index(name))
    sub_tests = left.get("sub_test", [])
    if isinstance(sub_tests, (str, os.PathLike, tuple)):
        sub_tests = [sub_tests]
    if len(sub_tests) > len(systems):
        raise _usage("more sub_test corpora than systems")
    # A counts or joint file is scored alone; detected ones too: the core says when a gold
    # file read alone is neither.
    if not systems and left.get("gold_format", "auto") not in ("auto", "counts", "joint"):
        raise _usage("needs a gold input and at least one system")
    if "sub_test" in left and "substitutable" not in options:
        ev.set(OPTIONS["substitutable"]["number"], 1.0)
    files = []
    try:
        for k, spec in enumerate((gold, *systems)):
            name, file = _source(spec, "gold" if k == 0 else f"system{k}")
            files.append(file)
            ev.add_input(name)
            ev.set_format(k, formats[0] if k == 0 else formats[1])
        for k, spec in enumerate(sub_tests):
            name, file = _source(spec, f"sub_test{k + 1}")
            files.append(file)
            ev.set_format(ev.add_sub_test(k + 1, name), formats[1])
        if left.get("phones") is not None:
            name, file = _source(left["phones"], "phones")
            files.append(file)
            ev.add_phones(name)
        _feed_all(ev, files)
    finally:
        for file in files:
            file.close()
    ev.finish()
    _resample_all(ev)
    result = json.loads(ev.json())
    errors = [ev.input_error(k) for k in range(1, len(systems) + 1)]
    if errors and all(errors):
        raise errors[0]
    return result


def _options_doc():
    """The core's options in words, for the docstrings: one line each, from ``OPTIONS``."""
    lines = ["", "    The core's options (``OPTIONS``; the command line's ``--min-share`` is ``min_share``):", ""]
    for name, option in OPTIONS.items():
        if option["kind"] == "choice":
            values = " | ".join(repr(c) for c in option["choices"])
            default = repr(option["choices"][int(option["default"])])
        elif option["kind"] == "flag":
            values, default = "bool", repr(bool(option["default"]))
        else:
            values = f"{'int' if option['kind'] == 'integer' else 'float'} in [{option['min']:g}, {option['max']:g}]"
            default = f"{option['default']:g}"
        lines.append(f"    - ``{name}``: {values}, default {default}. {option['help']}.")
    return "\n".join(lines) + "\n"


score.__doc__ += _options_doc()
evaluate.__doc__ += _options_doc()

from . import metrics  # noqa: E402 (it uses score)
