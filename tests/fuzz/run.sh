#!/usr/bin/env bash
# tests/fuzz/run.sh: builds the libFuzzer target with clang (ASan + UBSan) and runs it for a bounded time.
#
# Usage: run.sh SOURCE_ROOT BUILD_DIR [SECONDS]   (default 20 s). Starts from the corpus kept
# in tests/fuzz/corpus (new inputs go to a scratch copy, the repository is not changed) and
# prints the number of executions. Exits non-zero on any crash, sanitizer report or failed
# check; the failing input is written to BUILD_DIR/fuzz/.
set -euo pipefail
root=$1
build=$2
seconds=${3:-20}
cxx=${CXX_FUZZ:-clang++}
out=$build/fuzz
mkdir -p "$out"
rm -rf "$out/corpus"
cp -r "$root/tests/fuzz/corpus" "$out/corpus"
"$cxx" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$root/include" -I"$root/config" -I"$build/config" \
    "$root/tests/fuzz/fuzz_shapes.cpp" -o "$out/fuzz_shapes"
cd "$out"
status=0
./fuzz_shapes -max_total_time="$seconds" -max_len=64 -print_final_stats=1 corpus > log.txt 2>&1 || status=$?
grep -E "runtime error|ERROR|fuzz_shapes:|SUMMARY" log.txt || true
runs=$(grep -E "stat::number_of_executed_units" log.txt | awk '{print $2}')
echo "fuzz_shapes: ${runs:-?} executions in ${seconds} s, exit status $status"
exit $status
