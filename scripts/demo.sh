#!/usr/bin/env bash
# scripts/demo.sh: the README's first command: installs what is missing, builds with -march=native the
# quickstart example and the benchmark programs of the quick summary (nothing else: no tests), runs the
# example, then the quick benchmark summary (about two minutes in all on two cores).
#
#   bash scripts/demo.sh                # build directory: build (LOOM_BUILD_DIR=... for another)
#   bash scripts/demo.sh --full         # every benchmark program and the full run instead (about 15 minutes):
#                                       # rewrites the results in docs/performance.md, docs/performance.png,
#                                       # docs/threads.png
set -euo pipefail
cd "$(dirname "$0")/.."
build=${LOOM_BUILD_DIR:-build}
full=false
case "${1:-}" in
  --full) full=true ;;
  "") ;;
  *) echo "usage: bash scripts/demo.sh [--full]" >&2; exit 2 ;;
esac

bash scripts/setup-deps.sh

options=(-Dnative=true -Dexamples=enabled -Dbenchmarks=enabled)
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "${options[@]}" >/dev/null
else
  meson configure "$build" "${options[@]}" >/dev/null
fi
# only what this script runs: the example and the summary's programs (bench_threads too for --full)
mode=(--quick)
$full && mode=()
read -ra programs < <(/usr/bin/python3 scripts/bench_summary.py "${mode[@]}" --list-programs)
targets=(examples/quickstart "${programs[@]}")
$full && targets+=(bench/bench_threads)
ninja -C "$build" -j "$(nproc)" "${targets[@]}"

echo
echo "== the quickstart example ($build/examples/quickstart)"
"$build/examples/quickstart"

echo
if $full; then
  echo "== full benchmark run (medians of 7 repetitions), written to docs/performance.md and docs/performance.png"
  /usr/bin/python3 scripts/bench_summary.py --build "$build" --doc docs/performance.md
  echo
  echo "== threads: one thread against the default, written to docs/performance.md and docs/threads.png"
  /usr/bin/python3 scripts/bench_threads.py --build "$build" --doc docs/performance.md
else
  echo "== quick benchmark summary (medians of 3 short repetitions; docs/performance.md has a full run)"
  /usr/bin/python3 scripts/bench_summary.py --build "$build" --quick --plot "$build/performance-quick.png"
fi
