#!/usr/bin/env bash
# Installs what the build (`demo`) or the tests (`test`) need and is missing:
# Debian packages with apt-get when root (otherwise prints the command and stops),
# then the npm packages of package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
purpose=${1:-demo}

missing=()
need_command() { command -v "$1" >/dev/null 2>&1 || missing+=("$2"); }
need_command cmake cmake
need_command make make
need_command cc gcc
need_command emcc emscripten
if [ "$purpose" = test ]; then
  need_command chromium chromium
  need_command clang clang # libFuzzer and the sanitizers
  [ -x /usr/bin/time ] || missing+=(time) # peak memory in the benchmarks
  [ -n "$(find /usr/lib/llvm-*/lib/clang -name 'libclang_rt.fuzzer*.a' 2>/dev/null | head -1)" ] ||
    missing+=(libclang-rt-dev)
  /usr/bin/python3 -c 'import sklearn' >/dev/null 2>&1 || missing+=(python3-sklearn)
  /usr/bin/python3 -c 'import scipy' >/dev/null 2>&1 || missing+=(python3-scipy)
  # The Python package (python/), built with pip and tested with pytest.
  need_python() { /usr/bin/python3 -c "$1" >/dev/null 2>&1 || missing+=("$2"); }
  need_python 'import numpy' python3-numpy
  need_python 'import pytest' python3-pytest
  need_python 'import setuptools' python3-setuptools
  need_python 'import pip' python3-pip
  need_python 'import wheel' python3-wheel
  need_python 'import os, sysconfig; assert os.path.exists(sysconfig.get_paths()["include"] + "/Python.h")' python3-dev
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages. Run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

if ! command -v node >/dev/null 2>&1 || ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "setup: Node.js 20.19 or newer is needed (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

# npm ci only when node_modules is missing or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
