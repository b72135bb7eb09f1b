#!/usr/bin/env bash
# Builds every fuzz target (fuzz/build.sh) and runs each for SECONDS (default 60), on a
# corpus seeded from tests/data/ and fuzz/corpus/, several targets at a time (FUZZ_JOBS,
# default: the number of processors). Exits non-zero when any target finds a crash, a
# leak, undefined behaviour or a hang; its log and the input that did it are in
# build-fuzz/logs/ and build-fuzz/artifacts/.
# Usage: fuzz/run.sh [SECONDS]
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
jobs=${FUZZ_JOBS:-$(nproc)}
out=build-fuzz

bash fuzz/build.sh || exit 1
mkdir -p "$out/logs" "$out/artifacts"

# Each target keeps its own corpus between runs (build-fuzz/ is not tracked); the seeds are
# copied in every time so that new test files reach the fuzzer.
run_target() {
  local target=$1 corpus="$out/corpus/$1"
  mkdir -p "$corpus"
  find tests/data fuzz/corpus -type f -size -1M -exec cp -f {} "$corpus/" \;
  "$out/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 \
    -artifact_prefix="$out/artifacts/$target-" "$corpus" >"$out/logs/$target.log" 2>&1
  echo $? >"$out/logs/$target.status"
}

targets=()
for binary in "$out"/fuzz_*; do targets+=("$(basename "$binary")"); done
echo "fuzzing ${#targets[@]} targets for ${seconds}s each, $jobs at a time"
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
  rm -f "$out/logs/$target.status"
  run_target "$target" &
done
wait

failed=0
for target in "${targets[@]}"; do
  status=$(cat "$out/logs/$target.status" 2>/dev/null || echo missing)
  runs=$(grep -o 'Done [0-9]* runs' "$out/logs/$target.log" | grep -o '[0-9]*')
  if [ "$status" = 0 ]; then
    echo "ok   $target (${runs:-?} runs)"
  else
    failed=1
    echo "FAIL $target (exit $status): see $out/logs/$target.log"
    grep -E 'ERROR|SUMMARY|artifact' "$out/logs/$target.log" | head -5 | sed 's/^/     /'
  fi
done
exit $failed
