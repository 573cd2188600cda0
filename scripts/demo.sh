#!/usr/bin/env bash
# scripts/demo.sh: the README's first command: installs what is missing, builds loom with -march=native and
# the benchmarks, runs the quickstart example, then the quick benchmark summary (about a minute).
#
#   bash scripts/demo.sh                # build directory: build (LOOM_BUILD_DIR=... for another)
#   bash scripts/demo.sh --full         # the full benchmark run instead (about 12 minutes): rewrites the
#                                       # results in docs/performance.md, docs/performance.png, docs/threads.png
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

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" -Dnative=true -Dbenchmarks=enabled
else
  meson configure "$build" -Dnative=true -Dbenchmarks=enabled >/dev/null
fi
ninja -C "$build" -j "$(nproc)"

echo
echo "== the quickstart example ($build/examples/quickstart)"
if [ -x "$build/examples/quickstart" ]; then
  "$build/examples/quickstart"
else
  echo "demo: $build/examples/quickstart is not built (examples disabled in $build?); skipping it"
fi

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
