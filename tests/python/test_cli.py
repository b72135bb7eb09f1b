"""`python -m clustereval` and the installed `clustereval` script are the C command line
(cli/main.c compiled into clustereval._cli): the same bytes on stdout and stderr and the same
exit code as build/clustereval for the same arguments."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT

GOLD, SYS = "tests/data/small-gold.tsv", "tests/data/small-sys.tsv"

# (what, arguments): done, usage errors, input errors, a check that does not reproduce.
CALLS = [
    ("json", ["--format", "json", GOLD, SYS]),
    ("table", ["--measures", "all", "--bootstrap", "20", GOLD, SYS, "tests/data/small-sys2.tsv"]),
    ("help", ["--help"]),
    ("version", ["--version"]),
    ("no arguments", []),
    ("unknown option", ["--bogus", GOLD, SYS]),
    ("bad choice", ["--nmi-mean", "median", GOLD, SYS]),
    ("bad input", ["--format", "json", GOLD, "tests/data/bad/invalid-utf8.tsv"]),
    ("empty gold", [f"tests/data/bad/empty.tsv", SYS]),
    ("missing file", [GOLD, "tests/data/no-such-file.tsv"]),
    ("check", ["--check", "tests/data/check/wrong.tex", GOLD, SYS]),
]


def run(command, args, installed, **env):
    environment = dict(os.environ, PYTHONPATH=installed, **env)
    return subprocess.run([*command, *args], capture_output=True, cwd=ROOT, env=environment)


@pytest.mark.parametrize("what, args", CALLS, ids=[c[0] for c in CALLS])
def test_python_m_is_the_c_command_line(cli, installed, what, args):
    want = run([cli], args, installed)
    got = run([sys.executable, "-m", "clustereval"], args, installed)
    assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout, want.stderr)


def test_exit_codes_cover_the_spec(cli, installed):
    codes = {what: run([sys.executable, "-m", "clustereval"], args, installed).returncode
             for what, args in CALLS}
    assert codes["json"] == codes["help"] == 0
    assert codes["unknown option"] == codes["no arguments"] == 1
    assert codes["bad input"] == codes["missing file"] == 2
    assert codes["check"] == 4


def test_the_installed_script(cli, installed):
    script = os.path.join(installed, "bin", "clustereval")
    assert os.access(script, os.X_OK), "no console script installed"
    for args in (["--version"], ["--format", "json", GOLD, SYS], ["--bogus"]):
        want, got = run([cli], args, installed), run([script], args, installed)
        assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout, want.stderr)


def test_main_in_process_returns_the_exit_code(capfd):
    from clustereval.__main__ import main
    assert main(["--version"]) == 0
    assert capfd.readouterr().out.startswith("clustereval ")
    assert main(["--bogus"]) == 1
    assert "unknown option '--bogus'" in capfd.readouterr().err


def test_save_page_without_a_template_says_so(cli, installed, tmp_path):
    """The template named in CLUSTEREVAL_PAGE is missing: the scores are printed, then a
    message naming the file and exit code 2, as the C command line does; no page, no crash."""
    out = tmp_path / "saved.html"
    args = ["--save-page", str(out), GOLD, SYS]
    missing = str(tmp_path / "no-such-page.html")
    want = run([cli], args, installed, CLUSTEREVAL_PAGE=missing)
    got = run([sys.executable, "-m", "clustereval"], args, installed, CLUSTEREVAL_PAGE=missing)
    assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout, want.stderr)
    assert got.returncode == 2 and not out.exists()
    assert f"--save-page needs the app's single file, {missing}" in got.stderr.decode()


def test_save_page_with_the_package_template(installed, tmp_path):
    """Without CLUSTEREVAL_PAGE: the page the package carries (built after `make web`), or a
    message naming where it would be."""
    page = os.path.join(installed, "clustereval", "clustereval.html")
    out = tmp_path / "saved.html"
    environment = {k: v for k, v in os.environ.items() if k != "CLUSTEREVAL_PAGE"}
    got = subprocess.run([sys.executable, "-m", "clustereval", "--save-page", str(out), GOLD, SYS],
                         capture_output=True, cwd=ROOT, env=dict(environment, PYTHONPATH=installed))
    if os.path.exists(page):
        assert got.returncode == 0, got.stderr
        assert 'id="clustereval-page"' in out.read_text(encoding="utf-8")
    else:
        assert got.returncode == 2 and not out.exists()
        assert f"needs the app's single file, {page}" in got.stderr.decode()
        assert "CLUSTEREVAL_PAGE" in got.stderr.decode()
