#!/bin/sh
# Every bad input of tests/data/bad/README.tsv through the command line (SPEC §2): read as the
# row's format, it gives the row's error, naming file:line and what was expected, and exit
# code 2. A bad gold stops the run and prints no result; a bad system is a row with its error
# while the other systems are still scored. Then the inputs that look odd but are valid (a
# BOM, mixed CRLF/LF) score exactly as the clean files do.
# It runs in tests/data/, so that a message names the gold file as the manifest does.
# Usage: bad_inputs.sh path/to/clustereval (from the repository's root)
cli=${1:?usage: bad_inputs.sh CLUSTEREVAL}
case $cli in /*) ;; *) cli=$PWD/$cli ;; esac
cd tests/data || exit 1
manifest=bad/README.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
checks=0
failed=0

miss() { # NAME PROBLEM
  failed=$((failed + 1))
  echo "FAIL $1: $2"
}

fail() { # NAME PROBLEM: a problem with the last run, shown with its output
  miss "$1" "$2"
  cut -c1-300 "$tmp/out" | head -8 | sed 's/^/  stdout: /'
  cut -c1-300 "$tmp/err" | head -5 | sed 's/^/  stderr: /'
}

# run NAME EXIT_CODE ARGS...: runs the command line, checks its exit code.
run() {
  name=$1 code=$2
  shift 2
  "$cli" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  got=$?
  checks=$((checks + 1))
  [ "$got" -eq "$code" ] || fail "$name" "exit code $got, expected $code"
}

# has NAME FILE TEXT: FILE (out or err) holds TEXT, as is.
has() {
  checks=$((checks + 1))
  grep -qF -- "$3" "$tmp/$2" || fail "$1" "$2 lacks '$3'"
}

# The 10 MB line is made here, not stored: line 2 is 10 MiB of 'x', a TAB and a label.
{
  printf 'The\tk3\n'
  head -c 10485760 /dev/zero | tr '\0' x
  printf '\tk5\n'
} >"$tmp/long-line.tsv"

# Every file of tests/data/bad/ has its row.
for path in bad/*; do
  file=${path##*/}
  [ "$file" = README.tsv ] && continue
  checks=$((checks + 1))
  cut -f1 "$manifest" | grep -qxF -- "$file" || miss "$file" "no row in $manifest"
done

rows=0
while IFS=$tab read -r file kind role format column paired error; do
  [ "$file" = file ] && continue # the header
  rows=$((rows + 1))
  what="$file ($kind)"
  bad=bad/$file
  [ -f "$bad" ] || bad=$tmp/$file
  if [ ! -f "$bad" ]; then
    miss "$file" "neither in tests/data/bad/ nor made by this script"
    continue
  fi
  column_args=""
  [ "$column" = - ] || column_args="--column $column"
  if [ "$role" = gold ]; then
    others=""
    [ "$paired" = - ] || for f in $paired; do others="$others $f"; done
    format_args=""
    [ "$format" = auto ] || format_args="--gold-format $format"
    # shellcheck disable=SC2086 # the option lists split on purpose
    run "$what as gold" 2 --measures token.m1 $format_args $column_args "$bad" $others
    has "$what as gold" err "$error"
    checks=$((checks + 1))
    [ ! -s "$tmp/out" ] || fail "$what as gold" "a result was printed although gold failed"
  elif [ "$format" = auto ]; then
    # Detected: between two good systems, which are still scored.
    run "$what as a system" 2 --measures token.m1 "$paired" small-sys.tsv "$bad" small-sys2.tsv
    has "$what as a system" err "$error"
    has "$what as a system" out "error: "
    has "$what as a system" out "$error"
    for good in small-sys.tsv small-sys2.tsv; do
      checks=$((checks + 1))
      grep -qE "^$good +[0-9]+\.[0-9]{4}\$" "$tmp/out" ||
        fail "$what as a system" "$good is not scored"
    done
  else
    # --induced-format applies to every system: this one is alone with its gold.
    # shellcheck disable=SC2086
    run "$what as a $format system" 2 --measures token.m1 --induced-format "$format" \
      $column_args "$paired" "$bad"
    has "$what as a $format system" err "$error"
    has "$what as a $format system" out "$error"
  fi
  # The message quotes a little of the line, never all of it (the 10 MB line).
  checks=$((checks + 1))
  [ "$(wc -c <"$tmp/err")" -lt 1024 ] || fail "$what" "stderr holds $(wc -c <"$tmp/err") bytes"
done <"$manifest"
checks=$((checks + 1))
[ "$rows" -ge 20 ] || miss "$manifest" "only $rows rows"

# Accepted: a BOM on gold and mixed CRLF/LF line ends on a system give the clean files' numbers.
run clean 0 --format json --detail small-gold.tsv small-sys.tsv
sed 's/"name":"[^"]*"//g' "$tmp/out" >"$tmp/clean.json"
run bom-and-mixed-eol 0 --format json --detail small-gold-bom.tsv small-sys-mixed-eol.tsv
sed 's/"name":"[^"]*"//g' "$tmp/out" >"$tmp/odd.json"
checks=$((checks + 1))
cmp -s "$tmp/clean.json" "$tmp/odd.json" ||
  miss bom-and-mixed-eol "the result differs from the clean files'"
run bom-formats 0 --verbose small-gold-bom.tsv small-sys-mixed-eol.tsv
has bom-formats err "small-gold-bom.tsv read as tagged"
has bom-formats err "small-sys-mixed-eol.tsv read as tagged"

echo "bad inputs: $rows rows, $checks checks, $failed failed"
[ "$failed" -eq 0 ]
