#!/usr/bin/env bash
# scripts/test.sh: the whole test suite: installs what is missing, builds two configurations and runs
# every test in both, then ends with "N passed, M failed":
#   build-test        g++ -O0, portable (no -march=native: SSE2 batches), with the blas option
#                     (OpenBLAS for large matrix products) and the lapack option (LAPACKE for
#                     large eigen and singular value problems) and the python option (the
#                     example extension module and its pytest tests, each counted), the consumer
#                     builds too,
#                     and tests/eval/test_kernel.cpp once more at -mavx2 -mfma (256-bit batches),
#                     tests/core/test_fixed_array_o2.cpp at -O2 -mavx2 -mfma, warnings as errors
#   build-test-san    clang++ -O0, -march=native (AVX2/AVX-512 batches), AddressSanitizer +
#                     UndefinedBehaviorSanitizer, warnings as errors
# The two split the element types of the cases that run over them, each type in one of them
# (tests/support/reference.hpp; docs/reliability.md): with all eleven in the portable one the
# suite took 589 s on a two-core AMD EPYC guest.
# The sanitizer configuration builds no examples (the portable one builds and runs them, checking
# their output; under the sanitizers they took 50 of its 600 CPU seconds, and the header-hygiene
# files, portable only too, 51). Both use the tests' precompiled header (tests/meson.build): with
# it clang 14 compiles a small test file in 3 s instead of 6 to 7, the largest 10 to 15% faster.
# float-cast-overflow is off: xsimd 8's exp/pow convert inf/NaN lanes to int64 for the exponent
# (a scalar loop on AVX2) and mask those lanes afterwards; UBSan stops on the conversion itself.
# Tests compile at -O0: the suite's time is compile time, most of it code generation (g++ -Og took
# 1.5 times as long as -O0, clang's -O1 with the sanitizers five times); the -O2 warnings are
# checked by tests/core/test_fixed_array_o2.cpp and the -O3 code paths by bench/, whose programs
# check every result (docs/design/build-cost.md).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-deps.sh || exit 1

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/lsan.supp}

status=0
run_config() {  # dir, compiler, meson options...
  local dir=$1 cxx=$2
  shift 2
  if [ ! -f "$dir/build.ninja" ]; then
    CXX=$cxx meson setup "$dir" -Dbenchmarks=disabled "$@" >"$dir.setup.log" 2>&1 \
      || { cat "$dir.setup.log"; echo "meson setup $dir failed"; status=1; return; }
  else  # an existing build takes this script's options too (they change between versions)
    CXX=$cxx meson setup --reconfigure "$dir" -Dbenchmarks=disabled "$@" >"$dir.setup.log" 2>&1 \
      || { cat "$dir.setup.log"; echo "meson setup --reconfigure $dir failed"; status=1; return; }
  fi
  rm -f "$dir/meson-logs/testlog.json"  # never count a previous run's results
  ninja -C "$dir" -j "$(nproc)" >"$dir.ninja.log" 2>&1 \
    || { tail -50 "$dir.ninja.log"; echo "build $dir failed"; status=1; return; }
  meson test -C "$dir" --num-processes "$(nproc)" --print-errorlogs || status=1
}

start=$(date +%s)
run_config build-test g++ -Dtests=enabled -Dexamples=enabled -Dnative=false -Doptimization=0 -Dblas=enabled -Dlapack=enabled -Dpython=enabled
run_config build-test-san clang++ -Dtests=enabled -Dexamples=disabled -Dnative=true -Doptimization=0 -Db_sanitize=address,undefined -Db_lundef=false -Db_pch=true \
  -Dwerror=true -Dcpp_args='-fno-sanitize-recover=all -fno-sanitize=float-cast-overflow' \
  -Dcpp_link_args=-fno-sanitize-recover=all
echo "test suite took $(( $(date +%s) - start )) s"
python3 scripts/count_tests.py build-test build-test-san || status=1
exit $status
