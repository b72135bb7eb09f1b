#!/usr/bin/env bash
# Builds the libFuzzer targets into build-fuzz/ with clang (14 or later): fuzz_<format> for
# each input format of SPEC §2, §3.7 and §3.8, fuzz_auto (detection, then reading) and
# fuzz_labelmap.
# The core is compiled once with the sanitizers and linked into every target.
# Usage: fuzz/build.sh        (CC=clang-14 fuzz/build.sh to pick the compiler)
set -euo pipefail
cd "$(dirname "$0")/.."

CC=${CC:-clang}
out=build-fuzz
sanitizers=address,undefined
common=(-g -O1 -std=c11 -pthread -Wall -Wextra -fno-sanitize-recover=all -fno-omit-frame-pointer
  -Icore/include -Icore/src)
formats=(auto tagged conllu inline lexicon clusters paths counts joint csv senses tde_words
  tde_classes conll)

mkdir -p "$out/obj"
objects=()
for source in core/src/*/*.c; do
  object="$out/obj/$(basename "$source" .c).o"
  "$CC" "${common[@]}" -fsanitize=fuzzer-no-link,$sanitizers -c "$source" -o "$object"
  objects+=("$object")
done

for format in "${formats[@]}"; do
  "$CC" "${common[@]}" -fsanitize=fuzzer,$sanitizers \
    -DCE_FUZZ_FORMAT="CE_FORMAT_${format^^}" fuzz/fuzz_reader.c "${objects[@]}" -lm \
    -o "$out/fuzz_$format"
done
"$CC" "${common[@]}" -fsanitize=fuzzer,$sanitizers fuzz/fuzz_labelmap.c "${objects[@]}" -lm \
  -o "$out/fuzz_labelmap"
"$CC" "${common[@]}" -fsanitize=fuzzer,$sanitizers fuzz/fuzz_eval.c "${objects[@]}" -lm \
  -o "$out/fuzz_eval"
echo "built: $(cd "$out" && ls fuzz_* | tr '\n' ' ')"
