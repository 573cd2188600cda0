#!/usr/bin/env bash
# bench/compile_time.sh: compile time (CPU seconds) and compiler peak memory of loom against xtensor and Eigen,
# `g++ -std=c++20 -O2` (compile and link), best of 3 runs alternating between the libraries: the headers alone,
# the quickstart, and a 30-expression program (bench/compile/). bench/compile_time.py does the work:
#
#   bash bench/compile_time.sh                 # CXX=clang++ to use another compiler, RUNS=5 for best of 5
#   bash bench/compile_time.sh --scalar        # also loom with its SIMD off (-Dsimd=false)
#   bash bench/compile_time.sh --markdown      # the table for docs/performance.md
#   COUNT=valgrind bash bench/compile_time.sh  # instructions by cachegrind where perf cannot count them
#
# Any other option goes to bench/compile_time.py (--quick, --only loom,xtensor, --runs N, --cxx ...).
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
[ -n "${RUNS:-}" ] && args=(--runs "$RUNS" "${args[@]}")
[ "${COUNT:-}" = valgrind ] && args=(--instructions valgrind "${args[@]}")
python=/usr/bin/python3
[ -x "$python" ] || python=python3
exec "$python" bench/compile_time.py "${args[@]}"
