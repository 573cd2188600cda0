#!/usr/bin/env bash
# tests/fuzz/run.sh: builds a libFuzzer target with clang (ASan + UBSan) and runs it for a bounded time.
#
# Usage: run.sh SOURCE_ROOT BUILD_DIR [SECONDS [TARGET [MAX_LEN]]]   (default 20 s, fuzz_shapes, 64 bytes).
# TARGET is tests/fuzz/TARGET.cpp; it starts from the corpus kept in tests/fuzz/corpus
# (fuzz_shapes) or tests/fuzz/corpus_NAME (fuzz_NAME); new inputs go to a scratch copy, the
# repository is not changed. Prints the number of executions. Exits non-zero on any crash,
# sanitizer report or failed check; the failing input is written to BUILD_DIR/fuzz/ (fuzz_shapes)
# or BUILD_DIR/fuzz/TARGET/.
set -euo pipefail
root=$1
build=$2
seconds=${3:-20}
target=${4:-fuzz_shapes}
max_len=${5:-64}
cxx=${CXX_FUZZ:-clang++}
if [ "$target" = fuzz_shapes ]; then
    out=$build/fuzz
    corpus=$root/tests/fuzz/corpus
else
    out=$build/fuzz/$target
    corpus=$root/tests/fuzz/corpus_${target#fuzz_}
fi
mkdir -p "$out"
rm -rf "$out/corpus"
cp -r "$corpus" "$out/corpus"
"$cxx" -std=c++20 -O1 -gline-tables-only -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$root/include" -I"$root/config" -I"$build/config" \
    "$root/tests/fuzz/$target.cpp" -o "$out/$target"
cd "$out"
status=0
"./$target" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 corpus > log.txt 2>&1 || status=$?
grep -E "runtime error|ERROR|$target:|SUMMARY" log.txt || true
runs=$(grep -E "stat::number_of_executed_units" log.txt | awk '{print $2}')
echo "$target: ${runs:-?} executions in ${seconds} s, exit status $status"
exit $status
