#!/usr/bin/env bash
# Times a sense run (SPEC §3.7) on one lemma of N instances (default 10000), the case where
# fuzzy B-cubed is quadratic in the instances. "graded": gold gives each instance one to
# three of 8 senses with weights 1-5 (as SemEval-2013's graded key does) and the system one
# to three of 20 with weights 1-5; "decimal": the system's weights have four decimals
# (Unimelb's style): nearly every answer is unique, so every pair is visited; "single": one
# sense each, no weights (SemEval-2010's shape), where answers repeat and the pairs are taken
# between groups of equal answers. Prints the distinct (gold, system) answers and the seconds.
# Usage: bench/senses_bench.sh [N] [path/to/clustereval]   (default build/clustereval)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}
cli=${2:-build/clustereval}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# One key: instance i of lemma big.n with k senses of `senses`, weights by `style`.
make_key() { # senses style seed out
  awk -v n="$n" -v senses="$1" -v style="$2" -v seed="$3" 'BEGIN {
    srand(seed)
    for (i = 1; i <= n; i++) {
      line = "big.n big.n." i
      k = style == "single" ? 1 : 1 + int(rand() * 3)
      delete used
      for (j = 0; j < k; j++) {
        do s = int(rand() * senses); while (s in used)
        used[s] = 1
        w = style == "decimal" ? sprintf("%.4f", 0.0001 + rand()) : 1 + int(rand() * 5)
        line = line " s" s (style == "single" ? "" : "/" w)
      }
      print line
    }
  }' >"$4"
}

for style in graded decimal single; do
  make_key 8 "$([ "$style" = single ] && echo single || echo graded)" 1 "$dir/gold.key"
  make_key 20 "$style" 2 "$dir/$style.key"
  distinct=$(cut -d' ' -f3- "$dir/$style.key" | paste -d'|' - <(cut -d' ' -f3- "$dir/gold.key") |
    sort -u | wc -l)
  start=$(date +%s.%N)
  "$cli" --format json "$dir/gold.key" "$dir/$style.key" >"$dir/out.json"
  end=$(date +%s.%N)
  printf '%s instances, system weights %-9s: %6d distinct answers, %.2f s\n' "$n" "$style" \
    "$distinct" "$(echo "$end - $start" | bc)"
done
