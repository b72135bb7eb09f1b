#!/usr/bin/env bash
# The shapes the type level once took minutes on, at SHAPES_TOKENS tokens (default 10^6): the
# command line at the token level alone and at both levels with default options, wall time and
# peak RSS of each, both levels in T (the token level of the first shape, random labels of
# 10^3 a side: the unit the targets are set in) and against the shape's own token level, and
# which type-level M-1 searches stopped at their work budget (--m1-budget) or were left out. Shapes: random labels of 10^3, 10^4 and
# 10^5 a side and of 10^6 classes x 6·10^5 clusters over a Zipfian vocabulary of 10^5 types
# (bench/gen_labels.c), one-token types each
# its own class in 0.6·TOKENS clusters, and real-shaped taggings of 7,100 x 8,700 and
# 12,000 x 19,600 labels (bench/gen_shapes.mjs).
# Each shape runs SHAPES_ROUNDS times (default 3), the first SHAPES_FIRST_ROUNDS (default 7),
# the two levels in turn: the medians are shown, and the peak RSS the largest. Against its
# own token level a shape's both levels are taken round by round (the median of each round's
# ratio, steadier than a ratio of medians on a machine whose speed drifts); so is the first
# shape's figure in T, T being its own token level.
#   bash bench/shapes_bench.sh [CLI]
set -uo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/clustereval}
tokens=${SHAPES_TOKENS:-1000000}
rounds=${SHAPES_ROUNDS:-3}
first_rounds=${SHAPES_FIRST_ROUNDS:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -std=c11 bench/gen_labels.c -lm -o "$tmp/gen_labels" || exit 1

timed() { # prints "WALL s RSS MB" of the command; its output in $tmp/out
  /usr/bin/time -f "%e %M %x" -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
  awk '{printf "%.2f s %d MB%s", $1, $2 / 1024, ($3 != 0 ? " (exit " $3 ")" : "")}' "$tmp/time"
}

# What the JSON says of the type level's M-1: stopped at the budget (and after how many
# starts), left out, or run to the end.
verdict() {
  node -e '
    const row = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).systems[0];
    const ids = ["macro_i_m1", "micro_i_m1", "micro_c_m1"];
    const said = ids.map((id) => {
      const r = row.restarts?.[id];
      if (!r) return `${id}: n/a`;
      return r.budget_reached ? `${id}: budget, ${r.starts} starts` : `${id}: ${r.optimal ? "optimal" : "protocol"}`;
    });
    console.log(said.join("; "));' "$1"
}

# "WALL s RSS MB" of a list of such lines: the median wall, the largest RSS, an exit noted.
median_of() {
  sort -n | awk '{ wall[NR] = $1; if ($3 > rss) rss = $3; if (NF > 4) note = " " $5 " " $6 }
    END { printf "%.2f s %d MB%s", wall[int((NR + 1) / 2)], rss, note }'
}

unit= # T: the first shape's token level, in seconds
shape() { # NAME GOLD SYSTEM
  local name=$1 gold=$2 system=$3 t="" both="" pairs="" r n=${unit:+$rounds}
  for ((r = 0; r < ${n:-$first_rounds}; r++)); do
    local one two
    one="$(timed "$cli" --levels token "$gold" "$system")"
    two="$(timed "$cli" --format json "$gold" "$system")"
    t+="$one"$'\n'
    both+="$two"$'\n'
    pairs+="$(awk -v a="${two%% s*}" -v b="${one%% s*}" 'BEGIN { printf "%.4f", a / b }')"$'\n'
  done
  t=$(printf '%s' "$t" | median_of)
  both=$(printf '%s' "$both" | median_of)
  local own first=${unit:+no}
  own=$(printf '%s' "$pairs" | sort -n | awk '{ x[NR] = $1 } END { print x[int((NR + 1) / 2)] }')
  unit=${unit:-${t%% s*}}
  local ratio
  ratio=$(awk -v a="${both%% s*}" -v u="$unit" -v own="$own" -v first="${first:-yes}" \
    'BEGIN { printf "%.1f T  %.1fx", first == "yes" ? own : a / u, own }')
  printf '   %-34s %-18s %-20s %-14s %s\n' "$name" "$t" "$both" "$ratio" "$(verdict "$tmp/out")"
}

printf '   %-34s %-18s %-20s %-14s %s\n' "shape ($tokens tokens)" "token level" "both levels" \
  "in T, own" "type-level M-1"
for labels in 1000 10000 100000; do
  "$tmp/gen_labels" "$tmp/g.tsv" "$tmp/s.tsv" "$tokens" 100000 "$labels" "$labels"
  shape "random, $labels x $labels" "$tmp/g.tsv" "$tmp/s.tsv"
done
"$tmp/gen_labels" "$tmp/g.tsv" "$tmp/s.tsv" "$tokens" 100000 1000000 600000
shape "random, 1,000,000 x 600,000" "$tmp/g.tsv" "$tmp/s.tsv"
node bench/gen_shapes.mjs one-token "$tmp/g.tsv" "$tmp/s.tsv" "$tokens"
shape "one-token types" "$tmp/g.tsv" "$tmp/s.tsv"
node bench/gen_shapes.mjs real "$tmp/g.tsv" "$tmp/s.tsv" "$tokens" 7100 8700
shape "real-shaped, 7,100 x 8,700" "$tmp/g.tsv" "$tmp/s.tsv"
node bench/gen_shapes.mjs real "$tmp/g.tsv" "$tmp/s.tsv" "$tokens" 12000 19600
shape "real-shaped, 12,000 x 19,600" "$tmp/g.tsv" "$tmp/s.tsv"
