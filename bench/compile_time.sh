#!/usr/bin/env bash
# bench/compile_time.sh: compile time of a quickstart-sized loom program against the same program in xtensor,
# `g++ -std=c++20 -O2` (compile and link), best of 3 runs each; prints both times and their ratio.
#
#   bash bench/compile_time.sh                 # CXX=clang++ to use another compiler
#   bash bench/compile_time.sh --expressions   # also: what each further expression costs
#   bash bench/compile_time.sh --scalar        # also: quickstart with loom's SIMD off (-Dsimd=false)
#   COUNT=valgrind bash bench/compile_time.sh  # instructions by cachegrind where perf cannot count them
#
# The loom program is examples/quickstart.cpp; the xtensor program is bench/compile_xtensor_equiv.cpp,
# the same operations line for line (with XTENSOR_USE_XSIMD, as the benchmarks build it). Times are CPU seconds (user + sys) of the compiler, which other jobs on the
# machine disturb less than wall time; wall time is shown too.
set -euo pipefail
cd "$(dirname "$0")/.."
expressions=no
scalar=no
case "${1:-}" in
  --expressions) expressions=yes ;;
  --scalar) scalar=yes ;;
  "") ;;
  *) echo "usage: bash bench/compile_time.sh [--expressions | --scalar]" >&2; exit 2 ;;
esac

cxx=${CXX:-g++}
runs=${RUNS:-3}
loom_src=examples/quickstart.cpp
xt_src=bench/compile_xtensor_equiv.cpp
pin=()
if command -v taskset >/dev/null 2>&1 && [ "${LOOM_BENCH_CPU:-1}" != none ]; then
  pin=(taskset -c "${LOOM_BENCH_CPU:-1}")
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best_of <label> <source> <flags...>: prints "<cpu seconds> <wall seconds>", the run with the least CPU time.
best_of() {
  local label=$1 src=$2
  shift 2
  local best_cpu="" best_wall="" i line
  for ((i = 0; i < runs; i++)); do
    local TIMEFORMAT='%R %U %S'
    { time "${pin[@]}" "$cxx" -std=c++20 -O2 "$@" "$src" -o "$tmp/a.out" 2>"$tmp/err"; } 2>"$tmp/time" || {
      cat "$tmp/err" >&2
      echo "compile_time: $label ($src) failed to compile" >&2
      exit 1
    }
    line=$(tail -1 "$tmp/time")
    read -r wall user sys <<<"$line"
    local cpu
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
      best_cpu=$cpu
      best_wall=$wall
    fi
  done
  echo "$best_cpu $best_wall"
}

# --expressions: bench/compile_exprs.cpp with 0, 1 and 8 distinct expressions, in each library, so
# the fixed cost (headers, the first assignment's shared code) and the cost of each further
# expression show apart (for each count, loom then xtensor).
if [ $expressions = yes ]; then
  declare -A cpu
  for n in 0 1 8; do
    read -r cpu[loom$n] _ < <(best_of loom bench/compile_exprs.cpp -Iinclude -DEXPRS=$n)
    read -r cpu[xt$n] _ < <(best_of xtensor bench/compile_exprs.cpp -DEXPRS_XTENSOR -DXTENSOR_USE_XSIMD -DEXPRS=$n)
  done
  echo "expressions (bench/compile_exprs.cpp), cpu seconds, best of $runs:"
  printf '%-8s %8s %8s %8s %14s %14s\n' "" "0" "1" "8" "first expr" "each further"
  for lib in loom xt; do
    awk -v l=$([ $lib = xt ] && echo xtensor || echo loom) -v a="${cpu[${lib}0]}" -v b="${cpu[${lib}1]}" -v c="${cpu[${lib}8]}" \
      'BEGIN { printf "%-8s %8.2f %8.2f %8.2f %13.2fs %13.2fs\n", l, a, b, c, b - a, (c - b) / 7 }'
  done
fi

read -r loom_cpu loom_wall < <(best_of loom "$loom_src" -Iinclude)
read -r xt_cpu xt_wall < <(best_of xtensor "$xt_src" -DXTENSOR_USE_XSIMD)

echo "compiler: $("$cxx" --version | head -1); flags: -std=c++20 -O2; best of $runs"
printf '%-8s %-36s %8ss cpu %8ss wall\n' loom "$loom_src" "$loom_cpu" "$loom_wall"
printf '%-8s %-36s %8ss cpu %8ss wall\n' xtensor "$xt_src" "$xt_cpu" "$xt_wall"
awk -v l="$loom_cpu" -v x="$xt_cpu" 'BEGIN {
  printf "loom / xtensor compile time: %.2f (goal <= 0.33); xtensor / loom: %.2fx\n", l / x, x / l
}'

# --scalar: quickstart once more with loom built without SIMD (what Meson's -Dsimd=false generates:
# no xsimd included, scalar loops), how far from the goal even a loom without its vector loops is.
# The streaming threshold is left out of the generated header: <loom/config.hpp> then supplies its default.
if [ $scalar = yes ]; then
  mkdir -p "$tmp/scalar/loom"
  version=$(sed -n 's/.*#define LOOM_VERSION_STRING "\(.*\)"/\1/p' include/loom/config.hpp)
  IFS=. read -r major minor patch <<<"$version"
  sed -e "s/@LOOM_VERSION_STRING@/$version/; s/@LOOM_VERSION_MAJOR@/$major/; s/@LOOM_VERSION_MINOR@/$minor/" \
      -e "s/@LOOM_VERSION_PATCH@/$patch/; s/@LOOM_SIMD@/0/; /@LOOM_STREAMING_THRESHOLD@/d" \
      config/loom/config_build.hpp.in >"$tmp/scalar/loom/config_build.hpp"
  read -r sc_cpu sc_wall < <(best_of "loom without SIMD" "$loom_src" -Iinclude -I"$tmp/scalar")
  printf '%-8s %-36s %8ss cpu %8ss wall\n' "loom" "$loom_src (SIMD off)" "$sc_cpu" "$sc_wall"
  awk -v l="$sc_cpu" -v x="$xt_cpu" 'BEGIN { printf "loom without SIMD / xtensor compile time: %.2f\n", l / x }'
fi

# Instructions the compiler ran (user space, compile and link), where perf can count them: unlike
# seconds, this hardly moves between runs on a shared machine. Where perf cannot (a VM without the
# counter), COUNT=valgrind counts them with valgrind's cachegrind instead: exact and the same in
# every run, but each compile takes about 40 times as long (some minutes for the three).
perf_count() {
  perf stat -x, -e instructions:u "$@" 2>&1 >/dev/null | awk -F, '/instructions/ && $1 ~ /^[0-9]+$/ { print $1 }'
}
valgrind_count() {
  # every process of the compile (driver, cc1plus, as, collect2, ld), summed
  valgrind --tool=cachegrind --cache-sim=no --trace-children=yes --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/I *refs:/ { gsub(",", "", $NF); n += $NF } END { if (n) print n }'
}
counter=""
if command -v perf >/dev/null 2>&1 && [ -n "$(perf_count true)" ]; then
  counter=perf_count
elif [ "${COUNT:-}" = valgrind ] && command -v valgrind >/dev/null 2>&1; then
  counter=valgrind_count
fi
if [ -n "$counter" ]; then
  loom_i=$($counter "$cxx" -std=c++20 -O2 -Iinclude "$loom_src" -o "$tmp/a.out")
  xt_i=$($counter "$cxx" -std=c++20 -O2 -DXTENSOR_USE_XSIMD "$xt_src" -o "$tmp/a.out")
  syn_i=$($counter "$cxx" -std=c++20 -fsyntax-only -Iinclude "$loom_src")
  awk -v l="$loom_i" -v x="$xt_i" -v s="$syn_i" -v c="${counter%_count}" 'BEGIN {
    printf "instructions (%s): loom %.2f G, xtensor %.2f G, loom / xtensor %.2f; loom parsing alone (-fsyntax-only) %.2f G\n",
      c, l / 1e9, x / 1e9, l / x, s / 1e9
  }'
else
  echo "instructions: not counted (perf cannot read the instruction counter here, as in a VM without one; COUNT=valgrind counts them with cachegrind, slowly)"
fi
