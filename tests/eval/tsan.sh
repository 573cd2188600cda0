#!/usr/bin/env bash
# tests/eval/tsan.sh: tests/eval/test_threads.cpp under ThreadSanitizer: clang++ with Debian's libomp
# (libomp-dev), whose OpenMP runtime TSan understands through its Archer tool (libarcher.so, loaded by
# OMP_TOOL_LIBRARIES): without it, TSan does not see libomp's barriers and reports races that are
# not there. Run by tests/meson.build in the portable configuration.
#   tsan.sh SOURCE_ROOT CONFIG_DIR CATCH_MAIN_LIBRARY [Catch2 options...]
set -euo pipefail
src=$1 config=$2 catch_main=$3
shift 3
archer=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | sort -V | tail -1 || true)
if ! command -v clang++ >/dev/null || [ -z "$archer" ]; then
  echo "tsan.sh: clang++ and libomp-dev's libarcher.so are needed (scripts/setup-deps.sh installs them)"
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/loom-tsan.XXXXXX")
trap 'rm -rf "$work"' EXIT
flags=(-std=c++20 -O0 -gline-tables-only -fsanitize=thread -fopenmp -DLOOM_TRACE_STRATEGY=1 -I"$src/include" -I"$config")
clang++ "${flags[@]}" -c "$src/tests/eval/test_threads.cpp" -o "$work/threads.o"
clang++ -fsanitize=thread -fopenmp "$work/threads.o" "$catch_main" -o "$work/threads"
# halt at the first report; libomp's own threads are left to Archer
OMP_TOOL_LIBRARIES=$archer TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}" "$work/threads" "$@"
