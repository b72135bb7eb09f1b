#!/usr/bin/env bash
# The benchmarks, side by side in one run; ratios are what to read, not absolute times.
#   1. Full Brown corpus (1.16M tokens): the CLI computing every measure against a Python
#      process computing with scikit-learn every measure it has (whole process each), the
#      wasm core in Node on the same files, and clustereval.score in Python against
#      sklearn.metrics.v_measure_score on the same lists (bench/python_bench.py).
#   1b. Full Brown against a 45-state first-order HMM tagging (bench/gen_hmm.c: 8 rounds of
#      Baum-Welch EM from a seeded random start, then Viterbi), whose frequent types spread
#      over many states: both levels against the token level alone, natively, in wasm under
#      Node (one thread, warm and in a fresh process, and the npm package on threads), and
#      through the page in Chromium on threads and on one (page_levels_bench.mjs); and the
#      token level against `wc -l` and the scikit-learn script, with the reading rate of each
#      token format natively and in wasm (bench/read_speed.mjs).
#   2. One-to-one's assignment on 2000 x 2000 and AMI's expected MI at N = 10^8
#      (bench/measures_bench.c); the type level on Brown-shaped entries (bench/type_bench.c).
#   3. Reading: a synthetic corpus pair of BENCH_TOKENS tokens (default 100M): peak RSS and
#      throughput of the CLI (its --verbose timing of reading and counting), then the pieces
#      of it one at a time on the gold file (bench/read_bench.c: lines and reader, interning,
#      counting).
#   4. The page in Chromium (bench/page_bench.mjs): full Brown, and a large generated pair
#      with the progress bar watched.
#   5. --bootstrap on the demo sample (2,000 sentences): B = 1000 with every token measure,
#      and the type level (M-1 climbing once per resample) with B = 100, natively and in the
#      wasm core under Node (bench/bootstrap_bench.mjs); the page's time is in section 4.
#   6. The heatmap in Chromium (bench/figures_bench.mjs): how long drawing, zooming, dragging,
#      folding and searching block the page (longest frame gap, longest task), on full Brown,
#      a 1,000 x 1,000 table and 100,000 x 100,000 labels with 10^6 cells.
#   7. --test ar on the demo pair (brown-c50 against brown-c50-d3): 10,000 shuffles with
#      every token measure, 200 at the type level, natively and in the wasm core under Node
#      (bench/randomization_bench.mjs); beside them, the same two systems' 1,000 bootstrap
#      resamples, each of which scores both from scratch.
#   8. Save and reopen (bench/page_save_bench.mjs): the full Brown corpus with two systems
#      saved as one page by the command line and by the page, then reopened from disk with
#      the network blocked; with BENCH_SAVE_TOKENS set, a generated pair of that many tokens too.
#      Then how long Save as page blocks the tab at its 250 MB limit: the longest gap between
#      two frames during the save (bench/save_page_frames.mjs, on a generated pair).
#   9. Huge corpora: a pair of BENCH_JOINT_TOKENS tokens (default BENCH_TOKENS) counted into
#      joint counts by DuckDB, from the tagged files and from Parquet, then scored, against the
#      streaming CLI on the raw files (bench/joint_bench.sh): wall time and peak RSS of each.
#  10. Labels against time and memory (bench/labels_bench.sh): 10^6 tokens with 10^2 to 10^6
#      random classes and clusters, the CLI at the token level and at both levels beside
#      scikit-learn's ARI, NMI and AMI (each stopped after a minute).
#  11. Shapes (bench/shapes_bench.sh): random labels, one-token types and real-shaped
#      taggings at SHAPES_TOKENS tokens, both levels in T (the first shape's token level) and
#      against each shape's own, and whether the type-level M-1 searches ran the paper's
#      protocol or stopped at the work budget.
#  12. Spoken term discovery at ZeroSpeech's size (bench/tde_bench.sh): ten hours of generated
#      speech, two systems of 10^5 fragments in 10^4 classes: time and peak RSS of the
#      scores, of --detail, of --bootstrap and of --test ar.
# Needs ../shared/data/brown.c50.paths for 1 (skipped without it).
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cli=build/clustereval
best_of_3() { # prints the best wall time of 3 runs of the command, in seconds
  local best=""
  for _ in 1 2 3; do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    best=$(echo "$start $end ${best:-1e9}" | awk '{t=$2-$1; print (t<$3)?t:$3}')
  done
  echo "$best"
}

echo "== 1. full Brown corpus: gold tags vs Brown clustering (50 clusters)"
paths=../shared/data/brown.c50.paths
if [ -f "$paths" ]; then
  node scripts/make-demo.mjs "$paths" --per-file all --out "$tmp/brown" | sed 's/^/   /'
  gold=$tmp/brown/brown-gold.tsv system=$tmp/brown/brown-c50.tsv
  brown_gold=$gold brown_system=$system
  native=$(best_of_3 "$cli" --measures all "$gold" "$system")
  native_token=$(best_of_3 "$cli" --restarts 1 --measures token.m1 "$gold" "$system")
  python=$(best_of_3 /usr/bin/python3 bench/sklearn_all.py "$gold" "$system")
  echo "   clustereval, every measure (token + type, 10 restarts): ${native} s"
  echo "   python3 + scikit-learn, its 9 shared measures:          ${python} s"
  echo "   ratio scikit-learn / clustereval: $(echo "$python $native" | awk '{printf "%.1f", $1/$2}')x"
  echo "   (clustereval with 1 restart: ${native_token} s)"
  node bench/wasm_bench.mjs "$gold" "$system" | sed 's/^/   /'
  echo "   the Python package (python/, built into a temporary folder) on the same tags as lists:"
  /usr/bin/python3 -m pip install -q --no-build-isolation --no-deps --disable-pip-version-check \
    --target "$tmp/python" ./python 2>&1 | grep -v 'as the .root. user' | sed 's/^/   /'
  PYTHONPATH=$tmp/python /usr/bin/python3 bench/python_bench.py "$gold" "$system" | sed 's/^/   /'
else
  echo "   skipped: $paths is not there"
fi

echo "== 1b. full Brown corpus against a 45-state HMM tagging (very polysemous types)"
node scripts/make-demo.mjs --gold-only --per-file all --out "$tmp/hmm" | sed 's/^/   /'
hmm_gold=$tmp/hmm/brown-gold.tsv hmm_system=$tmp/hmm/brown-hmm45.tsv
if cc -O2 -std=c11 bench/gen_hmm.c -lm -o "$tmp/gen_hmm" &&
  "$tmp/gen_hmm" "$hmm_gold" "$hmm_system" 45 8 2>"$tmp/hmm.log"; then
  echo "   the system: a first-order HMM, 8 EM rounds from seed 1, Viterbi ($(tail -1 "$tmp/hmm.log" | sed 's/^gen_hmm: //'))"
  both=$(best_of_3 "$cli" "$hmm_gold" "$hmm_system")
  token=$(best_of_3 "$cli" --levels token "$hmm_gold" "$hmm_system")
  echo "   clustereval, both levels (10 restarts): ${both} s; --levels token: ${token} s"
  echo "   both levels take $(echo "$both $token" | awk '{printf "%.1f", $1/$2}')x as long as the token level alone"
  node bench/wasm_bench.mjs "$hmm_gold" "$hmm_system" --levels-ratio --rounds 5 | sed 's/^/   /'
  node bench/wasm_bench.mjs "$hmm_gold" "$hmm_system" --levels-ratio --rounds 3 --first | sed 's/^/   /'
  node bench/wasm_bench.mjs "$hmm_gold" "$hmm_system" --levels-ratio --rounds 5 --npm | sed 's/^/   /'
  node bench/page_levels_bench.mjs "$hmm_gold" "$hmm_system" | sed 's/^/   /'
  echo "   reading at the speed of memory: the token level against wc -l and scikit-learn, MB/s a format"
  node bench/read_speed.mjs "$hmm_gold" "$hmm_system" | sed 's/^/   /'
else
  echo "   skipped: the HMM tagging could not be made"
fi

echo "== 2. measures alone: assignment 2000 x 2000, expected MI at N = 10^8"
cc -O2 -std=c11 -Icore/include -Icore/src bench/measures_bench.c core/src/*/*.c -lm -pthread -o "$tmp/measures_bench" &&
  "$tmp/measures_bench" | sed 's/^/   /'

echo "== 2b. type level on Brown-shaped entries"
cc -O2 -std=c11 -Icore/include -Icore/src bench/type_bench.c core/src/*/*.c -lm -pthread -o "$tmp/type_bench" &&
  "$tmp/type_bench" | sed 's/^/   /'

echo "== 3. reading: ${BENCH_TOKENS:=100000000} synthetic tokens, 200K types, 45 classes, 200 clusters"
cc -O2 -std=c11 bench/gen_corpus.c -lm -o "$tmp/gen_corpus" &&
  "$tmp/gen_corpus" "$tmp/gold.tsv" "$tmp/sys.tsv" "$BENCH_TOKENS"
bytes=$(($(stat -c %s "$tmp/gold.tsv") + $(stat -c %s "$tmp/sys.tsv")))
/usr/bin/time -v "$cli" --verbose --levels token --measures token.m1 "$tmp/gold.tsv" "$tmp/sys.tsv" \
  >"$tmp/out" 2>"$tmp/time"
rss=$(grep 'Maximum resident' "$tmp/time" | awk '{print $NF}')
echo "   input: $((bytes / 1000000)) MB in two files; peak RSS $((rss / 1024)) MB (token level)"
grep 'read and counted' "$tmp/time" | sed 's/^clustereval: /   /'
/usr/bin/time -v "$cli" --verbose --restarts 1 --measures token.m1 "$tmp/gold.tsv" "$tmp/sys.tsv" \
  >"$tmp/out" 2>"$tmp/time"
rss=$(grep 'Maximum resident' "$tmp/time" | awk '{print $NF}')
echo "   with the type level too (1 restart): peak RSS $((rss / 1024)) MB"
grep 'read and counted' "$tmp/time" | sed 's/^clustereval: /   /'
echo "   the pieces, gold file alone, in memory (processor time):"
cc -O2 -std=c11 -Icore/include -Icore/src bench/read_bench.c core/src/*/*.c -lm -pthread -o "$tmp/read_bench" &&
  "$tmp/read_bench" "$tmp/gold.tsv" 1 | sed 's/^/   /'

echo "== 4. through the page in Chromium: full Brown, and a ${BENCH_PAGE_TOKENS:=17000000}-token pair"
if [ -n "${brown_gold:-}" ] && [ -f dist/index.html ]; then
  "$tmp/gen_corpus" "$tmp/page-gold.tsv" "$tmp/page-sys.tsv" "$BENCH_PAGE_TOKENS" 50000 45 200
  node bench/page_bench.mjs "$brown_gold" "$brown_system" "$tmp/page-gold.tsv" "$tmp/page-sys.tsv" |
    sed 's/^/   /'
else
  echo "   skipped: needs the Brown files of section 1 and a built dist/ (make web)"
fi
if [ -f dist/clustereval.html ]; then
  echo "   Save as page at the 250 MB limit, the longest frame gap:"
  node bench/save_page_frames.mjs | sed 's/^/   /'
fi

echo "== 5. --bootstrap on the demo sample: public/demo/brown-gold.tsv vs brown-c50.tsv"
demo_gold=public/demo/brown-gold.tsv demo_system=public/demo/brown-c50.tsv
for run in "token 1000" "type 100"; do
  set -- $run
  start=$(date +%s.%N)
  "$cli" --levels "$1" --bootstrap "$2" --measures all "$demo_gold" "$demo_system" >"$tmp/out"
  end=$(date +%s.%N)
  echo "   native, B = $2, $1 level: $(echo "$start $end" | awk '{printf "%.2f", $2-$1}') s"
  node bench/bootstrap_bench.mjs "$demo_gold" "$demo_system" "$2" "$1" | sed 's/^/   /'
done

echo "== 6. the heatmap in Chromium: how long it blocks the page"
if [ -f dist/index.html ]; then
  node bench/figures_bench.mjs ${brown_gold:+"$brown_gold" "$brown_system"} | sed 's/^/   /'
else
  echo "   skipped: needs a built dist/ (make web)"
fi

echo "== 7. --test ar on the demo pair: brown-c50.tsv against brown-c50-d3.tsv"
demo_b=public/demo/brown-c50-d3.tsv
for run in "token 10000" "type 200"; do
  set -- $run
  start=$(date +%s.%N)
  "$cli" --levels "$1" --test ar --shuffles "$2" --measures all "$demo_gold" "$demo_system" "$demo_b" >"$tmp/out"
  end=$(date +%s.%N)
  echo "   native, R = $2, $1 level: $(echo "$start $end" | awk '{printf "%.2f", $2-$1}') s"
  node bench/randomization_bench.mjs "$demo_gold" "$demo_system" "$demo_b" "$2" "$1" | sed 's/^/   /'
done
start=$(date +%s.%N)
"$cli" --levels token --bootstrap 1000 --ci percentile --measures all "$demo_gold" "$demo_system" "$demo_b" >"$tmp/out"
end=$(date +%s.%N)
echo "   native, the same two systems, B = 1000 percentile (no jackknife), token level: $(echo "$start $end" | awk '{printf "%.2f", $2-$1}') s"

echo "== 8. save and reopen as one page: full Brown, gold and two systems"
if [ -n "${brown_gold:-}" ] && [ -f dist/clustereval.html ]; then
  node bench/page_save_bench.mjs "$brown_gold" "$brown_system" "$tmp/brown/brown-c50-d3.tsv" | sed 's/^/   /'
  if [ -n "${BENCH_SAVE_TOKENS:-}" ]; then
    "$tmp/gen_corpus" "$tmp/save-gold.tsv" "$tmp/save-sys.tsv" "$BENCH_SAVE_TOKENS" 50000 45 200
    node bench/page_save_bench.mjs "$tmp/save-gold.tsv" "$tmp/save-sys.tsv" | sed 's/^/   /'
  fi
else
  echo "   skipped: needs the Brown files of section 1 and a built dist/ (make web)"
fi
if [ -f dist/clustereval.html ]; then
  echo "   Save as page at the 250 MB limit, the longest frame gap:"
  node bench/save_page_frames.mjs | sed 's/^/   /'
fi

echo "== 9. huge corpora: DuckDB's joint counts, then clustereval, against the streaming CLI"
if [ "${BENCH_JOINT_TOKENS:=$BENCH_TOKENS}" != "$BENCH_TOKENS" ]; then
  "$tmp/gen_corpus" "$tmp/gold.tsv" "$tmp/sys.tsv" "$BENCH_JOINT_TOKENS"
fi
echo "   ${BENCH_JOINT_TOKENS} tokens, 200K types, 45 classes, 200 clusters"
bash bench/joint_bench.sh "$tmp/gold.tsv" "$tmp/sys.tsv"

echo "== 10. labels against time and memory: 10^6 tokens, 10^2 to 10^6 random labels a side"
bash bench/labels_bench.sh "$cli"

echo "== 11. shapes: random labels, one-token types, real-shaped taggings"
bash bench/shapes_bench.sh "$cli"

echo "== 12. spoken term discovery: 10 hours, two systems of 10^5 fragments in 10^4 classes"
bash bench/tde_bench.sh 10 100000 10000 "$cli"

echo "== 13. coreference: time and memory against the mention count (CoNLL files)"
/usr/bin/python3 bench/coref_bench.py "$cli" | sed 's/^/   /'
