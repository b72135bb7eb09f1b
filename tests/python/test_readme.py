"""The Python examples of the manual run as shown: each print prints what its comment says
(the comment up to its first comma)."""
import contextlib
import io
import os
import re

from conftest import ROOT


def _examples():
    for name in ("README.md", os.path.join("docs", "bindings.md")):
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            for block in re.findall(r"^```python\n(.*?)^```$", f.read(), re.S | re.M):
                yield name, block


def test_the_python_examples_print_what_their_comments_say(monkeypatch):
    monkeypatch.chdir(ROOT)
    examples = list(_examples())
    assert len(examples) >= 2
    for name, block in examples:
        expected = [m.group(1).split(", ")[0].strip()
                    for m in re.finditer(r"^print\(.*\)\s+# (.*)$", block, re.M)]
        assert expected, name
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, name, "exec"), {})
        assert printed.getvalue().split("\n")[:-1] == expected, name
