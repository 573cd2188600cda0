#!/usr/bin/env bash
# scripts/test.sh: the whole test suite: installs what is missing, builds portable and -march=native
# configurations, runs every test, and ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-deps.sh || exit 1

status=0
configs=("build-test:-Dnative=false" "build-test-native:-Dnative=true")
for c in "${configs[@]}"; do
  dir=${c%%:*}; opt=${c#*:}
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" -Dbenchmarks=disabled "$opt" >/dev/null || { echo "meson setup $dir failed"; exit 1; }
  fi
  ninja -C "$dir" -j "$(nproc)" >"$dir.ninja.log" 2>&1 || { tail -50 "$dir.ninja.log"; echo "build $dir failed"; status=1; continue; }
  meson test -C "$dir" --num-processes "$(nproc)" --print-errorlogs || status=1
done
python3 scripts/count_tests.py build-test build-test-native || status=1
exit $status
