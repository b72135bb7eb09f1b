#!/usr/bin/env python3
"""The shape of core/src holds (scripts/check_layers.py), and the check sees a break of it:
on a small made-up tree, a use that points up a layer, a circle of calls, a circle through a
header, and a file outside the layers must each be reported."""
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = [sys.executable, str(ROOT / "scripts" / "check_layers.py")]


def check(src):
    run = subprocess.run(CHECK + [str(src)], capture_output=True, text=True)
    return run.returncode, run.stdout


def made_up_tree(root):
    files = {
        "README.md": " ".join(f"`{l}/`" for l in
                              ["common", "text", "formats", "measures", "run", "stats", "output"]),
        "common/util_internal.h": "int ce__low(void);\n",
        "common/util.c": '#include "common/util_internal.h"\nint ce__low(void) { return 1; }\n',
        # text/ reaches up into run/: an include and a call
        "text/lines.c": '#include "run/eval_internal.h"\nint ce__lines(void) { return ce__run(); }\n',
        "run/eval_internal.h": "int ce__run(void);\n",
        "run/eval.c": '#include "run/eval_internal.h"\n#include "run/score_internal.h"\n'
                      "int ce__run(void) { return ce__score(); }\n",
        # a circle of calls inside run/: eval.c -> score.c -> eval.c
        "run/score_internal.h": "int ce__score(void);\n",
        "run/score.c": '#include "run/score_internal.h"\n'
                       "int ce__score(void) { return ce__run(); }\n",
        # a circle through headers inside formats/: record.c -> reader.c -> record.c
        "formats/record_internal.h": '#include "formats/reader_internal.h"\n',
        "formats/record.c": '#include "formats/record_internal.h"\n',
        "formats/reader_internal.h": '#include "formats/record_internal.h"\n',
        "formats/reader.c": '#include "formats/reader_internal.h"\n',
        "stray.c": "int ce__stray(void) { return 0; }\n",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


failures = 0
code, out = check(ROOT / "core" / "src")
print(out.strip())
if code != 0:
    failures += 1
    print("FAIL: core/src breaks its layers")

with tempfile.TemporaryDirectory() as tmp:
    made_up_tree(Path(tmp))
    code, out = check(Path(tmp))
    expected = [
        ("an include pointing up", 'text/lines.c:1: #include "run/eval_internal.h": text/ may not use run/'),
        ("a call pointing up", "calls ce__run: text/ may not use run/"),
        ("a circle of calls", "circle run/eval.c -> run/score.c -> run/eval.c"),
        ("a circle through a header", "circle formats/reader.c -> formats/record.c -> formats/reader.c"),
        ("a file outside the layers", "stray.c: every core file sits in a layer folder"),
    ]
    if code != 1:
        failures += 1
        print(f"FAIL: the made-up tree passed the check (exit {code})")
    for what, text in expected:
        found = text in out
        print(f"{'ok' if found else 'FAIL'}: the check reports {what}")
        failures += not found
    if failures:
        print(out)

sys.exit(1 if failures else 0)
