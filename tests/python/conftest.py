"""Builds the clustereval package from python/ into a temporary folder once per run (never
into the system: pip --target), puts it first on sys.path, and finds the CLI the results are
compared with (build/clustereval: `make native`)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.path.join(ROOT, "build", "clustereval")


def pytest_configure(config):
    target = tempfile.mkdtemp(prefix="clustereval-python-")
    config._clustereval_target = target
    build = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps",
         "--no-cache-dir", "--disable-pip-version-check", "--target", target,
         os.path.join(ROOT, "python")],
        capture_output=True, text=True)
    if build.returncode:
        raise pytest.UsageError(f"pip install ./python failed:\n{build.stdout}\n{build.stderr}")
    sys.path.insert(0, target)


def pytest_unconfigure(config):
    shutil.rmtree(getattr(config, "_clustereval_target", ""), ignore_errors=True)


@pytest.fixture(scope="session")
def installed(pytestconfig):
    """The folder the package was installed into (its scripts in bin/)."""
    return pytestconfig._clustereval_target


@pytest.fixture(scope="session")
def cli():
    if not os.access(CLI, os.X_OK):
        pytest.fail(f"{CLI} is missing: run 'make native' first")
    return CLI


def run_cli(*args, cwd=ROOT):
    """The CLI's JSON for these arguments (its exit code may be 2: a system failed)."""
    out = subprocess.run([CLI, "--format", "json", *args], capture_output=True, text=True,
                         cwd=cwd)
    assert out.returncode in (0, 2), out.stderr
    return json.loads(out.stdout)


def read_tagged(path):
    """(words, labels, sentence_ends) of a tagged file, as a script would read it."""
    words, labels, ends = [], [], []
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if not line.strip():
                if ends:
                    ends[-1] = True
                continue
            word, _, label = line.rpartition("\t")
            words.append(word)
            labels.append(label)
            ends.append(False)
    return words, labels, ends
