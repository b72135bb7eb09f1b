#!/usr/bin/env bash
# Spoken term discovery at ZeroSpeech's size (SPEC §3.8): a generated corpus of HOURS hours
# (default 10; 60 recordings) and two systems of about FRAGMENTS fragments (default 10^5) in
# CLASSES classes (default 10^4) whose sizes follow a Zipf law, the largest in the thousands
# (bench/gen_tde.py). Times the command line scoring both systems, then with --bootstrap 20
# (each resample rescores the corpus) and --test ar --shuffles 20: wall time and peak RSS.
# Usage: bench/tde_bench.sh [HOURS] [FRAGMENTS] [CLASSES] [path/to/clustereval]
set -euo pipefail
cd "$(dirname "$0")/.."
hours=${1:-10}
fragments=${2:-100000}
classes=${3:-10000}
cli=${4:-build/clustereval}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
files=60
minutes=$(awk -v h="$hours" -v f="$files" 'BEGIN { print h * 60 / f }')
/usr/bin/python3 bench/gen_tde.py "$dir" --files "$files" --minutes "$minutes" \
  --fragments "$fragments" --classes "$classes" --systems 2 | sed 's/^/   /'
measure() { # label, then the command: wall seconds and peak RSS
  local label=$1
  shift
  /usr/bin/time -f "%e %M" -o "$dir/time" "$@" >/dev/null 2>&1
  read -r seconds kb <"$dir/time"
  printf '   %-44s %6.2f s  %5d MB\n' "$label" "$seconds" $((kb / 1024))
}
inputs=("$dir/words.wrd" "$dir/system1.class" "$dir/system2.class" --phones "$dir/phones.phn")
measure "both systems, every TDE measure" "$cli" "${inputs[@]}"
measure "the same with --detail (classes as JSON)" "$cli" --format json --detail "${inputs[@]}"
measure "--bootstrap 20 (files drawn)" "$cli" --bootstrap 20 --ci percentile "${inputs[@]}"
measure "--test ar --shuffles 20 (files swapped)" "$cli" --test ar --shuffles 20 "${inputs[@]}"
