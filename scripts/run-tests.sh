#!/usr/bin/env bash
# Runs every test level and sums them: C unit and CLI tests (ctest), JS unit tests
# (node:test against the wasm core and the npm package), end-to-end tests (Playwright in
# Chromium against the production build), the Python package's tests (pytest) and the fuzz
# targets (FUZZ_SECONDS each). Expects `make native wasm web` to have run (make test does).
# Ends with one line "N passed, N failed"; exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT
passed=0
failed=0

count() { # LEVEL PASSED FAILED
  echo "== $1: $2 passed, $3 failed"
  passed=$((passed + $2))
  failed=$((failed + $3))
}

echo "== C unit and CLI tests (ctest)"
ctest --test-dir build --output-on-failure 2>&1 | tee "$log_dir/ctest"
summary=$(grep -E '[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log_dir/ctest" | tail -1)
if [ -n "$summary" ]; then
  total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$summary")
  bad=$(sed -E 's/.* ([0-9]+) tests? failed.*/\1/' <<<"$summary")
  count ctest $((total - bad)) "$bad"
else
  count ctest 0 1
fi

node_level() { # NAME DIR
  echo "== $1"
  node --test --test-reporter=spec --test-concurrency=1 "$2" 2>&1 | tee "$log_dir/$1"
  local status=${PIPESTATUS[0]}
  local pass fail
  pass=$(grep -E '^ℹ pass [0-9]+' "$log_dir/$1" | tail -1 | awk '{print $3}')
  fail=$(grep -E '^ℹ fail [0-9]+' "$log_dir/$1" | tail -1 | awk '{print $3}')
  if [ -z "$pass" ] || { [ "$status" -ne 0 ] && [ "${fail:-0}" -eq 0 ]; }; then
    count "$1" "${pass:-0}" 1 # the runner itself failed
  else
    count "$1" "$pass" "$fail"
  fi
}
node_level js-unit tests/js/
node_level end-to-end tests/e2e/

# The Python package: tests/python/conftest.py builds it from python/ into a temporary folder.
echo "== python (pytest)"
PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/python 2>&1 |
  tee "$log_dir/python"
py_pass=$(grep -oE '[0-9]+ passed' "$log_dir/python" | tail -1 | awk '{print $1}')
py_fail=$(grep -oE '[0-9]+ (failed|errors?)' "$log_dir/python" | awk '{n += $1} END {print n + 0}')
[ -n "$py_pass" ] || py_fail=$((py_fail + 1))
count python "${py_pass:-0}" "$py_fail"

# Each fuzz target is one test: it passes when FUZZ_SECONDS of fuzzing find nothing.
echo "== fuzzing (${FUZZ_SECONDS:-30} s per target)"
bash fuzz/run.sh "${FUZZ_SECONDS:-30}" 2>&1 | tee "$log_dir/fuzz"
fuzz_pass=$(grep -cE '^ok ' "$log_dir/fuzz")
fuzz_fail=$(grep -cE '^FAIL ' "$log_dir/fuzz")
[ "$fuzz_pass" -gt 0 ] || fuzz_fail=$((fuzz_fail + 1))
count fuzzing "$fuzz_pass" "$fuzz_fail"

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
