#!/bin/sh
# The command line as a script sees it: output, messages and exit codes (SPEC §4:
# 0 done, 1 usage, 2 input error). Usage: run.sh path/to/clustereval
cli=${1:?usage: run.sh CLUSTEREVAL}
data=tests/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks=0
failed=0

# expect NAME EXIT_CODE PATTERN_IN_STDOUT PATTERN_IN_STDERR -- ARGS...
expect() {
  name=$1 code=$2 out_pattern=$3 err_pattern=$4
  shift 5
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  checks=$((checks + 1))
  problem=""
  [ "$got" -eq "$code" ] || problem="exit code $got, expected $code"
  [ -z "$out_pattern" ] || grep -q -- "$out_pattern" "$tmp/out" || problem="$problem; stdout lacks '$out_pattern'"
  [ -z "$err_pattern" ] || grep -q -- "$err_pattern" "$tmp/err" || problem="$problem; stderr lacks '$err_pattern'"
  if [ -n "$problem" ]; then
    failed=$((failed + 1))
    echo "FAIL $name: $problem"
    sed 's/^/  stdout: /' "$tmp/out" | head -5
    sed 's/^/  stderr: /' "$tmp/err" | head -5
  fi
}

# check NAME COMMAND...: one check, which fails where the command does.
check() {
  name=$1
  shift
  checks=$((checks + 1))
  "$@" || { failed=$((failed + 1)); echo "FAIL $name"; }
}

expect version 0 "^clustereval 0\.1\.0$" "" -- --version
# A system that clusters none of gold's tokens, under --unclustered drop: the token level is
# n/a with a warning naming the system, never an input error without a file.
printf 'a\tX\nb\tY\n' >"$tmp/gold.tsv"
printf 'c\tk1\n' >"$tmp/lexicon.tsv"
expect no-token-left 0 "lexicon.tsv  *n/a" "lexicon.tsv: token-level measures: n/a (no token left" \
  -- --gold-format tagged --induced-format lexicon --unclustered drop "$tmp/gold.tsv" "$tmp/lexicon.tsv"
expect no-token-left-resampled 0 "" "" -- --gold-format tagged --induced-format lexicon \
  --unclustered drop --bootstrap 5 "$tmp/gold.tsv" "$tmp/lexicon.tsv"
expect help 0 "usage: clustereval" "" -- --help
expect no-arguments 1 "" "needs a GOLD file" --
expect one-file 1 "" "needs a GOLD file" -- $data/small-gold.tsv
expect unknown-option 1 "" "unknown option '--frobnicate'" -- --frobnicate $data/small-gold.tsv $data/small-sys.tsv
expect bad-format 1 "" "unknown format 'yaml'" -- --format yaml $data/small-gold.tsv $data/small-sys.tsv
expect bad-beta 1 "" "--beta takes a number from 1e-09" -- --beta 0 $data/small-gold.tsv $data/small-sys.tsv
expect two-stdin 1 "" "read only once" -- - -
expect text-table 0 "small-sys.tsv  *0\.8438  *0\.8438" "" -- $data/small-gold.tsv $data/small-sys.tsv
expect json 0 '"schema":1' "" -- --format json $data/small-gold.tsv $data/small-sys.tsv
expect log2 0 '"log":"2"' "" -- --format json --log2 $data/small-gold.tsv $data/small-sys.tsv
# M-1 restarts say whether the search proved the optimum, and bound it (SPEC §4): on the demo
# MacroI of Brown clusters is proved (one cluster a type), MicroC only bounded.
expect m1-proved 0 '"macro_i_m1":{[^}]*"optimal":true,"bound":0\.4959600997506' "" \
  -- --format json public/demo/brown-gold.tsv public/demo/brown-c50.tsv
expect m1-bounded 0 '"micro_c_m1":{"max":0\.589[^}]*"optimal":false,"bound":0\.647' "" \
  -- --format json public/demo/brown-gold.tsv public/demo/brown-c50.tsv
# --threads changes how the type level runs, never its numbers (tests/c/test_parallel.c
# compares whole runs); here the option as the command line takes it.
expect threads-one 0 '"micro_c_m1":{"max":0\.589[^}]*"optimal":false,"bound":0\.647' "" \
  -- --format json --threads 1 public/demo/brown-gold.tsv public/demo/brown-c50.tsv
expect threads-range 1 "" "--threads takes a whole number from 0 to 256, not '257'" \
  -- --threads 257 $data/small-gold.tsv $data/small-sys.tsv
expect short-system 2 "small-sys.tsv  *0\.8438" "sys-one-token-short.tsv:12: token ';' differs" \
  -- $data/small-gold.tsv $data/small-sys.tsv $data/bad/sys-one-token-short.tsv
expect short-system-json 2 '"line":12' "sys-one-token-short.tsv:12:" \
  -- --format json $data/small-gold.tsv $data/bad/sys-one-token-short.tsv
expect short-unchecked 2 "" "sys-one-token-short.tsv:34: ends after 31 tokens" \
  -- --no-token-check $data/small-gold.tsv $data/bad/sys-one-token-short.tsv
# Spoken term discovery (SPEC §3.8): the table of tests/data/tde (its README's numbers), the
# phone alignment asked for when it is missing, and a class file's error at its line.
expect tde-table 0 "system1.class  *0\.6667  *0\.7500  *0\.5000  *0\.6667  *0\.5714" "" \
  -- $data/tde/words.wrd $data/tde/system1.class --phones $data/tde/phones.phn
expect tde-no-phones 1 "" "give it with --phones FILE" -- $data/tde/words.wrd $data/tde/system1.class
printf 'Class 1\na 0.10 0.40\n\na 0.50 0.80\n' >"$tmp/bad.class"
expect tde-bad-class 2 "system1.class  *0\.6667" "bad.class:4: a fragment outside any class" \
  -- $data/tde/words.wrd $data/tde/system1.class $tmp/bad.class --phones $data/tde/phones.phn
expect missing-gold 2 "" "nothing-here.tsv: cannot open" -- $data/nothing-here.tsv $data/small-sys.tsv
expect missing-system 2 "small-sys.tsv  *0\.8438" "nothing-here.tsv: cannot open" \
  -- $data/small-gold.tsv $data/small-sys.tsv $data/nothing-here.tsv
: >"$tmp/empty.tsv"
expect empty-gold 2 "" "empty.tsv: empty input" -- "$tmp/empty.tsv" $data/small-sys.tsv
printf 'a\tb\n\377\tc\n' >"$tmp/binary.tsv"
printf 'X\tk1\t3\nY\tk1\t1\nY\tk2\t4\n' >"$tmp/table.tsv"
expect binary-gold 2 "" "binary.tsv:2: invalid UTF-8 at column 1 (byte offset 4)" -- "$tmp/binary.tsv" $data/small-sys.tsv

# The corpus of tests/c/test_modes.c: sub_p = sub_r = 1 alone, 1/3 and 1 with the test corpus.
printf 'the\tA\ndog\tN\nruns\tV\n\nthe\tA\ncat\tN\nruns\tV\n\na\tA\ndog\tN\nsleeps\tV\n' >"$tmp/sg.tsv"
printf 'the\t1\ndog\t2\nruns\t3\n\nthe\t1\ncat\t2\nruns\t3\n\na\t1\ndog\t2\nsleeps\t3\n' >"$tmp/ss.tsv"
printf 'the\t1\ncat\t2\nruns\t3\n\nthe\t1\ndog\t2\nruns\t3\n' >"$tmp/st.tsv"
expect sub-own 0 "ss.tsv  *1\.0000  *1\.0000" "" -- --measures sub_p,sub_r --substitutable \
  --gold-format tagged --induced-format tagged "$tmp/sg.tsv" "$tmp/ss.tsv"
expect sub-test 0 "ss.tsv  *0\.3333  *1\.0000" "" -- --measures sub_p,sub_r --sub-test "$tmp/st.tsv" \
  --gold-format tagged --induced-format tagged "$tmp/sg.tsv" "$tmp/ss.tsv"
expect sub-test-too-many 1 "" "more --sub-test files than systems" -- --sub-test a --sub-test b g s
expect formats 0 "" "small-gold.tsv read as tagged" -- --verbose $data/small-gold.tsv $data/small-sys.tsv
expect detail-json 0 '"detail":{"classes":' "" -- --format json --detail $data/small-gold.tsv $data/small-sys.tsv
expect markdown 0 "^| System | Token M-1 |" "" -- --format markdown --measures token.m1 $data/small-gold.tsv $data/small-sys.tsv
expect baselines 0 "^baseline:majority " "" -- --baselines majority,one $data/small-gold.tsv $data/small-sys.tsv
expect reichart 0 "token.h_k_given_c  *type.macro_i_m1" "" -- --table reichart2010 $data/small-gold.tsv $data/small-sys.tsv
expect bad-policy 1 "" "--unclustered takes merge, split or drop, not 'keep'" -- --unclustered keep $data/small-gold.tsv $data/small-sys.tsv
expect brown-map 0 "" "" -- --gold-map brown-universal public/demo/brown-gold.tsv public/demo/brown-c50.tsv
expect missing-map 2 "" "no-such.map: cannot open" -- --gold-map no-such.map $data/small-gold.tsv $data/small-sys.tsv
expect unmapped 2 "" "label 'DET' is not in the label map ptb-universal" -- --gold-map ptb-universal $data/small-gold.tsv $data/small-sys.tsv
expect counts-alone 0 "table.tsv" "" -- --gold-format counts "$tmp/table.tsv"
# Reported numbers (--check): exit 4 when one does not reproduce, the JSON's check array.
demo="public/demo/brown-gold.tsv public/demo/brown-c50.tsv public/demo/brown-c50-d3.tsv"
expect check-percent 0 "8 of 8 reproduce" "" -- --check $data/check/percent.tsv $demo
expect check-csv 0 "4 of 4 reproduce" "" -- --check $data/check/percent.csv $demo
expect check-long 0 "5 of 5 reproduce" "" -- --check $data/check/long.tsv $demo
expect check-markdown 4 "7 of 8 reproduce; 1 differs" "" -- --check $data/check/fraction.md $demo
expect check-latex 4 "no system named 'hmm45'" "" -- --check $data/check/wrong.tex $demo
expect check-latex-unknown 4 "unknown measure 'Purity@5'" "" -- --check $data/check/wrong.tex $demo
expect check-json 4 '"check":\[{"system":"brown-c50","row":0,"heading":"MTO","measure":"token.m1"' "" \
  -- --format json --check $data/check/wrong.tex $demo
expect check-tsv-stderr 4 "" "5 of 12 reproduce; 1 differs; 6 could not be compared" \
  -- --format tsv --check $data/check/wrong.tex $demo
expect check-empty 2 "" "no reported number found" -- --check $data/small-gold.tsv $data/small-gold.tsv $data/small-sys.tsv
expect check-missing 2 "" "no-such.tex: cannot open" -- --check $data/no-such.tex $demo
printf 'A\tk\t9223372036854775807\nB\tk\t9223372036854775807\nB\tj\t9223372036854775807\n' >"$tmp/wrap.tsv"
expect counts-total 2 "" "wrap.tsv:3: count '9223372036854775807' in column 3 takes the total past" \
  -- --gold-format counts "$tmp/wrap.tsv"
# Joint counts: one file is one system (detected or forced); several are systems of one gold.
expect joint-alone 0 "joint.tsv  *0\.8438  *0\.8438" "joint.tsv read as joint" \
  -- --verbose $data/formats/joint.tsv
expect joint-forced 0 "joint.tsv  *0\.8438" "" -- --gold-format joint $data/formats/joint.tsv
expect joint-two 0 "joint-noheader.tsv  *1\.0000" "" \
  -- --gold-format joint $data/formats/joint-noheader.tsv $data/formats/joint-noheader.tsv
expect joint-after-corpus 2 "small-sys.tsv  *0\.8438" "a joint file holds a gold side of its own" \
  -- $data/small-gold.tsv $data/small-sys.tsv $data/formats/joint.tsv
expect joint-other-gold 2 "" "its gold side differs from that of" \
  -- $data/formats/joint.tsv $data/formats/joint-noheader.tsv
expect joint-none 1 "" "needs one or more joint files" -- --gold-format joint
# Coreference (SPEC §3.6): a conll key and responses, detected; the default table leads with
# CoNLL F1 (tests/golden/coref.json: 0.8241 and 0.3987); --measures all gives every coref
# measure; a bare id reads the coref level; a tagged response beside a conll key fails alone.
expect coref-table 0 "system-a.conll  *0\.8241  *0\.7857" "" \
  -- $data/coref/key.conll $data/coref/system-a.conll $data/coref/system-b.conll
expect coref-all 0 "coref\.mention_f$" "" -- --measures all --format tsv $data/coref/key.conll $data/coref/system-a.conll
expect coref-bare-id 0 "system-b.conll.0\.39906" "" -- --measures bcubed_f --format tsv $data/coref/key.conll $data/coref/system-b.conll
expect coref-json 0 '"unit":"document","units":3' "" \
  -- --format json --bootstrap 20 $data/coref/key.conll $data/coref/system-a.conll
expect coref-beside-tagged 2 "" "read as tagged beside the conll key" \
  -- $data/coref/key.conll $data/small-sys.tsv
# The token level alone (which leaves gold's words in id order, unsorted) says what both
# levels say of gold and of the token level: the same counts, the same numbers.
for level in token both; do
  "$cli" --format json --levels $level public/demo/brown-gold.tsv public/demo/brown-c50.tsv \
    public/demo/brown-c50-d3.tsv | tr -d '\n' | grep -o '"gold":{[^}]*}\|"token":{[^}]*}' >"$tmp/level-$level"
done
check "levels: the token level alone differs from both levels'" \
  sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' _ "$tmp/level-token" "$tmp/level-both"
# A tagged system whose every token is unclustered, dropped: the token level's warning comes
# before the type level's, though the token level runs on a thread of its own beside them.
awk -F'\t' 'NF == 2 { print $1 "\tNONE"; next } { print }' $data/small-sys.tsv >"$tmp/none.tsv"
expect warnings-in-order 0 '"warnings":\["token-level measures: n/a (no token left[^"]*","type-level measures: n/a (no item left)"\]' "" \
  -- --format json --unclustered drop --unclustered-label NONE $data/small-gold.tsv "$tmp/none.tsv"
# Reports are written where asked, as TSV with a header.
"$cli" --details "$tmp/d.tsv" --mapping "$tmp/m.tsv" --contingency "$tmp/c.tsv" --sizes "$tmp/z.tsv" \
  $data/small-gold.tsv $data/small-sys.tsv >/dev/null
for report in d m c z; do
  check "report $report.tsv is empty" [ "$(wc -l <"$tmp/$report.tsv")" -gt 2 ]
done
check "details header" sh -c 'head -1 "$1" | grep -q "^system	item	gold	system_entry"' _ "$tmp/d.tsv"

# Standard input gives the same numbers as the file.
"$cli" --format json $data/small-gold.tsv $data/small-sys.tsv | sed 's/"name":"[^"]*"//g' >"$tmp/file.json"
"$cli" --format json - $data/small-sys.tsv <$data/small-gold.tsv | sed 's/"name":"[^"]*"//g' >"$tmp/stdin.json"
check "stdin: differs from the file's result" cmp -s "$tmp/file.json" "$tmp/stdin.json"

# Files of many chunks (256 KB each), read a chunk ahead on a thread of their own except on one
# thread: the numbers are those of one thread, from files and from standard input; a system that
# fails in its first chunk stops being read, and the other's numbers stay what they are alone.
for copy in 1 2 3 4; do
  cat public/demo/brown-gold.tsv >>"$tmp/long-gold.tsv"
  cat public/demo/brown-c50.tsv >>"$tmp/long-sys.tsv"
done
sed '3s/^[^	]*/nonsense/' "$tmp/long-sys.tsv" >"$tmp/long-bad.tsv"
"$cli" --format json --levels token --threads 1 "$tmp/long-gold.tsv" "$tmp/long-sys.tsv" \
  | sed 's/"name":"[^"]*"//g; s/"threads":[0-9]*//' >"$tmp/long-one.json"
for how in files stdin failing; do
  case $how in
    files) "$cli" --format json --levels token "$tmp/long-gold.tsv" "$tmp/long-sys.tsv" ;;
    stdin) "$cli" --format json --levels token - "$tmp/long-sys.tsv" <"$tmp/long-gold.tsv" ;;
    failing) "$cli" --format json --levels token "$tmp/long-gold.tsv" "$tmp/long-bad.tsv" \
      "$tmp/long-sys.tsv" 2>"$tmp/long.err" |
      sed 's/{"name":"[^"]*long-bad\.tsv"[^{}]*"error":{[^{}]*}},//' ;;
  esac | sed 's/"name":"[^"]*"//g; s/"threads":[0-9]*//' >"$tmp/long-$how.json"
  check "long files ($how): differ from one thread's numbers" \
    cmp -s "$tmp/long-one.json" "$tmp/long-$how.json"
done
check "long files: the failing system's message" \
  grep -q "long-bad.tsv:3: token 'nonsense' differs" "$tmp/long.err"

# A saved page's link holds every option given, those another one implies too: --test bootstrap
# without --bootstrap takes 1000 resamples, which have no text as typed (make web builds the page).
if [ -f dist/clustereval.html ]; then
  expect save-page-implied 0 "" "" -- --levels token --test bootstrap --save-page "$tmp/page.html" \
    $data/small-gold.tsv $data/small-sys.tsv $data/small-sys2.tsv
  check "save-page-implied: the link lacks bootstrap=1000" \
    grep -q '"options":"levels=token&bootstrap=1000&test=bootstrap"' "$tmp/page.html"
fi

echo "cli: $checks checks, $failed failed"
[ "$failed" -eq 0 ]
