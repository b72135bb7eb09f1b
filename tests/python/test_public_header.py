"""The binding sees the core through its public header only (SPEC §4 "Bindings"): _core.c
includes nothing but Python.h, the C library's headers and clustereval.h, calls no ce__
function, and compiles with the public header alone on the include path."""
import os
import re
import shlex
import subprocess
import sysconfig

import pytest

from conftest import ROOT
SOURCES = [os.path.join(ROOT, "python", "clustereval", name) for name in ("_core.c", "_cli.c")]
STANDARD = {"stdint.h", "stdio.h", "stdlib.h", "string.h", "stddef.h", "stdarg.h", "limits.h",
            "math.h"}


@pytest.mark.parametrize("path", SOURCES, ids=os.path.basename)
def test_includes_only_the_public_header(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    included = re.findall(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', text, re.M)
    others = [name for name in included if name not in STANDARD | {"Python.h", "clustereval.h"}]
    assert others == [], f"{os.path.basename(path)} includes {others}"
    assert not re.search(r"\bce__\w+", text), "calls or names an internal ce__ function"
    assert not re.search(r"\bce_(intern|buf)\b", text), "uses an internal type"


def test_compiles_with_the_public_header_alone(tmp_path):
    """Not core/src on the include path: what setup.py gives the extension."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    include = [f"-I{os.path.join(ROOT, 'core', 'include')}", f"-I{sysconfig.get_paths()['include']}"]
    out = subprocess.run([*compiler, "-std=c11", "-fsyntax-only", "-Wall", *include, SOURCES[0]],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_setup_gives_the_extensions_the_public_header_only():
    """core/src is on the include path of the core's own library, never an extension's."""
    with open(os.path.join(ROOT, "python", "setup.py"), encoding="utf-8") as f:
        setup = f.read()
    for extension in re.findall(r"Extension\((.*?)\n        \)", setup, re.S):
        includes = re.search(r"include_dirs=\[(.*?)\]", extension, re.S).group(1)
        assert '"src"' not in includes, extension
