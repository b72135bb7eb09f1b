#!/usr/bin/env bash
# Huge corpora (docs/huge-corpora.md): a corpus pair counted into joint counts by DuckDB
# (scripts/joint-counts.mjs), then scored by clustereval, against the streaming CLI on the raw
# files; wall time and peak RSS of each step, side by side in one run. DuckDB reads the tagged
# files themselves, and a table of the tokens with their places in Parquet (as data that lives
# in a warehouse would be; the one-time conversion is timed apart).
# Usage: bench/joint_bench.sh GOLD SYSTEM   (from the repository's root, after make native)
set -uo pipefail
gold=${1:?usage: joint_bench.sh GOLD SYSTEM} system=${2:?usage: joint_bench.sh GOLD SYSTEM}
cli=build/clustereval
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure LABEL COMMAND...: one run under /usr/bin/time; prints wall time, processor time
# (user + system, all threads: what a busy machine changes least) and peak RSS.
measure() {
  local label=$1
  shift
  /usr/bin/time -v "$@" >"$tmp/out" 2>"$tmp/time"
  local status=$?
  local wall cpu rss
  wall=$(grep 'Elapsed (wall clock)' "$tmp/time" | awk '{print $NF}')
  cpu=$(grep -E '(User|System) time' "$tmp/time" | awk '{s += $NF} END {printf "%.1f", s}')
  rss=$(grep 'Maximum resident' "$tmp/time" | awk '{print $NF}')
  printf '   %-56s %9s wall %7s s cpu %6d MB peak%s\n' "$label" "$wall" "$cpu" $((rss / 1024)) \
    "$([ "$status" = 0 ] || echo "  (exit $status)")"
  # A failure says why: the command's own messages come before time's report.
  [ "$status" = 0 ] || sed -n '/Command being timed/q;p' "$tmp/time" | head -3 | sed 's/^/     /'
}

bytes=$(($(stat -c %s "$gold") + $(stat -c %s "$system")))
echo "   input: $((bytes / 1000000)) MB in two tagged files"
measure "streaming CLI on the raw files, token level" \
  "$cli" --levels token --measures token.m1 "$gold" "$system"
measure "streaming CLI on the raw files, both levels (1 restart)" \
  "$cli" --restarts 1 --measures token.m1 "$gold" "$system"
measure "DuckDB: joint counts from the tagged files, token check" \
  node scripts/joint-counts.mjs "$gold" "$system" "$tmp/joint.tsv"
measure "DuckDB: the same without the token check" \
  node scripts/joint-counts.mjs --no-token-check "$gold" "$system" "$tmp/joint.tsv"
echo "   joint counts: $(($(wc -l <"$tmp/joint.tsv") - 1)) rows, $(($(stat -c %s "$tmp/joint.tsv") / 1000)) kB"
measure "clustereval on the joint counts, token level" \
  "$cli" --levels token --measures token.m1 "$tmp/joint.tsv"
measure "clustereval on the joint counts, both levels (1 restart)" \
  "$cli" --restarts 1 --measures token.m1 "$tmp/joint.tsv"

# The tokens with their places as Parquet, converted once (not part of the counting).
measure "(once) each tagged file as a Parquet table of placed tokens" \
  sh -c 'node scripts/joint-counts.mjs --placed "$1" "$3" && node scripts/joint-counts.mjs --placed "$2" "$4"' \
  sh "$gold" "$system" "$tmp/gold.parquet" "$tmp/system.parquet"
echo "   Parquet: $((($(stat -c %s "$tmp/gold.parquet") + $(stat -c %s "$tmp/system.parquet")) / 1000000)) MB"
measure "DuckDB: joint counts from Parquet, token check" \
  node scripts/joint-counts.mjs "$tmp/gold.parquet" "$tmp/system.parquet" "$tmp/joint-p.tsv"
measure "DuckDB: the same without the token check" \
  node scripts/joint-counts.mjs --no-token-check "$tmp/gold.parquet" "$tmp/system.parquet" \
  "$tmp/joint-p.tsv"
cmp -s "$tmp/joint.tsv" "$tmp/joint-p.tsv" && echo "   the two joint files are the same bytes"
