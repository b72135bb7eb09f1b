#!/usr/bin/env bash
# Two builds of the command line on the same arguments, whole processes in ABBA blocks
# (old, new, new, old), so that a drift of the machine's speed within a block and any
# penalty of running second cancel: a series that alternates old, new, old, new on a busy
# 2-core machine gave the second of two copies of one build 0.96 of the first's speed.
#
#   bash bench/builds_abba.sh OLD NEW [BLOCKS] -- ARGS...
#
# prints each block's new/old wall-time ratio (the two runs of each build summed), their
# median, and the medians of each build's wall time, processor time and peak RSS.
set -euo pipefail
export LC_ALL=C # the decimal point of EPOCHREALTIME
if [ $# -lt 3 ]; then
  echo "usage: bash bench/builds_abba.sh OLD NEW [BLOCKS] -- ARGS..." >&2
  exit 1
fi
old=$1 new=$2
shift 2
blocks=10
if [ "$1" != "--" ]; then
  blocks=$1
  shift
fi
[ "$1" = "--" ] && shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for ((b = 0; b < blocks; b++)); do
  for which in old new new old; do
    binary=$old
    [ "$which" = new ] && binary=$new
    start=$EPOCHREALTIME
    /usr/bin/time -f "%U %S %M" -o "$log.one" "$binary" "$@" >/dev/null 2>&1 || {
      echo "$which exited $?: $binary $*" >&2
      exit 1
    }
    end=$EPOCHREALTIME
    echo "$which $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }') $(cat "$log.one")" >>"$log"
  done
done
rm -f "$log.one"
awk -v blocks="$blocks" '
  function median(list, n,    sorted, i, j, t) {
    for (i = 1; i <= n; i++) sorted[i] = list[i]
    for (i = 2; i <= n; i++)
      for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) {
        t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t
      }
    return n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
  }
  {
    run = NR - 1; block = int(run / 4)
    wall[$1, ++count[$1]] = $2; cpu[$1, count[$1]] = $3 + $4; rss[$1, count[$1]] = $5
    sum[block, $1] += $2
  }
  END {
    printf "new/old wall, block by block:"
    for (b = 0; b < blocks; b++) { ratio[b + 1] = sum[b, "new"] / sum[b, "old"]; printf " %.3f", ratio[b + 1] }
    printf "\nmedian new/old wall: %.3f (%d blocks)\n", median(ratio, blocks), blocks
    split("old new", names, " ")
    for (k = 1; k <= 2; k++) {
      w = names[k]
      for (i = 1; i <= count[w]; i++) { a[i] = wall[w, i]; c[i] = cpu[w, i]; r[i] = rss[w, i] / 1024 }
      printf "%s: wall %.3f s, processor %.3f s, peak %.0f MiB (medians of %d runs)\n",
             w, median(a, count[w]), median(c, count[w]), median(r, count[w]), count[w]
    }
  }' "$log"
