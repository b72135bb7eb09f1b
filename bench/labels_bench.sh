#!/usr/bin/env bash
# Labels against time and memory: 10^6 tokens (Zipfian vocabulary of 10^5 word types, random
# labels, bench/gen_labels.c) with 10^2 to 10^6 classes and as many clusters drawn (10^6
# drawn from 10^6 tokens gives about 632,000 distinct). For each: the CLI at the token level
# alone (T, the unit of the ratios), the CLI at both levels with default options (10
# restarts), and scikit-learn's adjusted_rand_score, normalized_mutual_info_score and
# adjusted_mutual_info_score on the same labels, each in a process of its own (wall time of
# the call itself, peak RSS of the process). A scikit-learn call is stopped after
# LABELS_SKLEARN_LIMIT seconds (default 60), and the larger sizes then skip it.
#   bash bench/labels_bench.sh [CLI] [SIZES...]
set -uo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/clustereval}
shift || true
sizes=${*:-100 1000 10000 100000 1000000}
limit=${LABELS_SKLEARN_LIMIT:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -std=c11 bench/gen_labels.c -lm -o "$tmp/gen_labels" || exit 1

timed() { # prints "WALL s RSS MB" of the command (exit status appended when not 0)
  /usr/bin/time -f "%e %M %x" -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err"
  awk '{printf "%.2f s %d MB%s", $1, $2 / 1024, ($3 != 0 ? " (exit " $3 ")" : "")}' "$tmp/time"
}

cat >"$tmp/sk.py" <<'EOF'
import resource, sys, time
from sklearn import metrics
def labels(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t")[-1] for line in f if line.strip()]
gold, system = labels(sys.argv[2]), labels(sys.argv[3])
start = time.perf_counter()
getattr(metrics, sys.argv[1])(gold, system)
wall = time.perf_counter() - start
print(f"{wall:.2f} s {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
EOF

declare -A stopped
printf '   %-9s %-22s %-22s %-7s %-18s %-18s %-18s\n' labels "token level (T)" "both levels" ratio \
  "sklearn ARI" "sklearn NMI" "sklearn AMI"
for n in $sizes; do
  "$tmp/gen_labels" "$tmp/g.tsv" "$tmp/s.tsv" 1000000 100000 "$n" "$n"
  token=$(timed "$cli" --levels token "$tmp/g.tsv" "$tmp/s.tsv")
  both=$(timed "$cli" "$tmp/g.tsv" "$tmp/s.tsv")
  warned=$(grep -c 'exceed the budget' "$tmp/out")
  ratio=$(echo "$token $both" | awk '{printf "%.1f T", $5 / $1}')
  cells=()
  for metric in adjusted_rand_score normalized_mutual_info_score adjusted_mutual_info_score; do
    if [ -n "${stopped[$metric]:-}" ]; then
      cells+=("skipped")
      continue
    fi
    if timeout "$limit" /usr/bin/python3 "$tmp/sk.py" "$metric" "$tmp/g.tsv" "$tmp/s.tsv" \
      >"$tmp/sk" 2>&1; then
      cells+=("$(cat "$tmp/sk")")
    else
      cells+=("over ${limit} s")
      stopped[$metric]=1
    fi
  done
  printf '   %-9s %-22s %-22s %-7s %-18s %-18s %-18s\n' "$n" "$token" "$both" "$ratio" "${cells[@]}"
  [ "$warned" -gt 0 ] && echo "             (both levels: type-level 1-1 and M-1 n/a, past the budget)"
done
echo "   ratio: both levels over T; 'skipped': stopped at a smaller size"
