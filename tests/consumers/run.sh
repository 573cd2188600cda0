#!/usr/bin/env bash
# tests/consumers/run.sh: builds and runs the consumer projects against the current tree, one line per consumer.
#
#   bash tests/consumers/run.sh                 # all of them
#   bash tests/consumers/run.sh cmake_package   # some of them
#
# Consumers: meson_subproject (loom's tree as subprojects/loom, simd=false),
# meson_pkgconfig and cmake_package (against `meson install --destdir` of this
# tree), include_path (a bare compiler with -I include/, no build system),
# precompiled_header (loom.hpp as a precompiled header, with g++ and with clang++),
# python_module (a Python extension module with <loom/python.hpp>, built by Meson with loom as a
# subproject and by docs/python.md's plain compiler line, each imported and called by check.py).
# Each builds a small program with warnings as errors and runs it; the program
# checks computed values and prints the configuration it was compiled with.
# Exits non-zero when any consumer fails. Work happens in a temporary directory.
set -uo pipefail

src=$(cd "$(dirname "$0")/../.." && pwd)
here=$src/tests/consumers
all=(meson_subproject meson_pkgconfig cmake_package include_path precompiled_header python_module)
[ $# -gt 0 ] && wanted=("$@") || wanted=("${all[@]}")

work=$(mktemp -d "${TMPDIR:-/tmp}/loom-consumers.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=/usr/local
dest=$work/dest

# Quiet steps: the log is shown only when a step fails.
step() {
  local log=$1; shift
  "$@" >>"$log" 2>&1
}

# `meson install --destdir` of this tree, once, for the consumers of the installed package.
# meson setup runs in the work directory: Meson's cmake module runs `cmake --system-information`,
# which works in ./__cmake_systeminformation, so two consumers set up from one directory (meson test
# runs them in parallel from the build directory) could remove each other's and fail.
install_log=$work/install.log
# Set up with the default options, as the README's recipe does: it must compile nothing before installing.
install_tree() {
  (cd "$work" && step "$install_log" meson setup "$work/loom-build" "$src" --prefix="$prefix" -Dblas=auto -Dlapack=auto) &&
    compiles_nothing "$work/loom-build" &&
    step "$install_log" meson install -C "$work/loom-build" --destdir "$dest"
}
compiles_nothing() {
  local n
  n=$(ninja -C "$1" -n | grep -c -E 'Compiling|Linking') || true
  [ "$n" -eq 0 ] || { echo "meson setup with default options would compile $n targets before installing" >>"$install_log"; return 1; }
}
installed=no
case " ${wanted[*]} " in
  *" meson_pkgconfig "* | *" cmake_package "*) install_tree && installed=yes ;;
esac
needs_install() {
  [ $installed = yes ] || { echo "meson install --destdir of the tree failed:"; cat "$install_log"; return 1; }
}

installed_blas=0
pkg-config --exists openblas 2>/dev/null && installed_blas=1
version=$(meson introspect --projectinfo "$src/meson.build" |
          python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')

# Checks the program's line: "loom <version> simd=<0|1> openmp=<0|1> blas=<0|1> ok" (openmp: compiled
# with OpenMP, which the Meson, pkg-config and CMake packages bring with the `threads` option on;
# blas: the installed tree is built with blas=auto (and lapack=auto), so its packages bring OpenBLAS (and
# LAPACKE) where they are installed).
check_output() {
  local out=$1 simd=$2 openmp=$3 blas=${4:-0}
  local want="loom $version simd=$simd openmp=$openmp blas=$blas ok"
  [ "$out" = "$want" ] || { echo "program printed '$out', want '$want'"; return 1; }
}

run_meson_subproject() {
  local dir=$work/meson_subproject log=$work/meson_subproject.log
  cp -r "$here/meson_subproject" "$dir" && mkdir -p "$dir/subprojects" && ln -s "$src" "$dir/subprojects/loom" || return 1
  # --force-fallback-for: never pick up a loom installed on this machine instead.
  step "$log" meson setup "$dir/build" "$dir" --force-fallback-for=loom &&
    step "$log" ninja -C "$dir/build" || { cat "$log"; return 1; }
  # loom as a subproject builds nothing of its own (no tests, examples, benchmarks).
  if meson introspect --targets "$dir/build" | python3 -c 'import json,sys; sys.exit(any(t["subproject"] for t in json.load(sys.stdin)))'; then :; else
    echo "loom built targets of its own as a subproject"; return 1
  fi
  check_output "$("$dir/build/consumer")" 0 1
}

run_meson_pkgconfig() {
  needs_install || return 1
  local dir=$work/meson_pkgconfig log=$work/meson_pkgconfig.log pcdir
  pcdir=$(dirname "$(find "$dest" -name loom.pc | head -1)")
  [ -f "$pcdir/loom.pc" ] || { echo "no loom.pc installed"; return 1; }
  cp -r "$here/meson_pkgconfig" "$dir" || return 1
  PKG_CONFIG_PATH=$pcdir step "$log" meson setup "$dir/build" "$dir" &&
    step "$log" ninja -C "$dir/build" || { cat "$log"; return 1; }
  # The headers must come from the installed tree, not from this checkout.
  grep -q -- "-I$dest/" "$dir/build/compile_commands.json" ||
    { echo "consumer not compiled against the installed headers"; return 1; }
  check_output "$("$dir/build/consumer")" 1 1 $installed_blas
}

run_cmake_package() {
  needs_install || return 1
  local dir=$work/cmake_package log=$work/cmake_package.log
  cp -r "$here/cmake_package" "$dir" || return 1
  step "$log" cmake -S "$dir" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$dest$prefix" &&
    step "$log" cmake --build "$dir/build" || { cat "$log"; return 1; }
  grep -q "^loom_DIR:PATH=$dest$prefix/" "$dir/build/CMakeCache.txt" ||
    { echo "find_package(loom) did not use the installed package"; return 1; }
  check_output "$("$dir/build/consumer")" 1 1 $installed_blas
}

run_include_path() {
  local log=$work/include_path.log
  step "$log" "${CXX:-c++}" -std=c++20 -O2 -Wall -Wextra -Werror -I"$src/include" \
      "$here/include_path/main.cpp" -o "$work/include_path_consumer" || { cat "$log"; return 1; }
  check_output "$("$work/include_path_consumer")" 1 0
}

# loom.hpp precompiled, then a program that includes nothing of loom itself, with each compiler
# found. g++ gets a directory holding only the .gch, so a header it could not use is an error
# (no silent fallback to parsing); clang++ loads its PCH explicitly with -include-pch.
run_precompiled_header() {
  local log=$work/precompiled_header.log dir=$work/pch cxx pch use found=0
  local flags=(-std=c++20 -O2 -Wall -Wextra -Werror -Winvalid-pch -I"$src/include")
  for cxx in g++ clang++; do
    command -v "$cxx" >/dev/null 2>&1 || continue
    found=1
    if [ "$cxx" = g++ ]; then
      pch=$dir/loom_pch.hpp.gch use=(-include "$dir/loom_pch.hpp")
    else
      pch=$dir/loom_pch.pch use=(-include-pch "$dir/loom_pch.pch")
    fi
    rm -rf "$dir" && mkdir -p "$dir" || return 1
    step "$log" "$cxx" "${flags[@]}" -x c++-header "$here/precompiled_header/loom_pch.hpp" -o "$pch" &&
      step "$log" "$cxx" "${flags[@]}" "${use[@]}" "$here/precompiled_header/main.cpp" -o "$dir/consumer" ||
      { echo "$cxx:"; cat "$log"; return 1; }
    check_output "$("$dir/consumer")" 1 0 || { echo "($cxx)"; return 1; }
  done
  [ $found = 1 ] || { echo "neither g++ nor clang++ found"; return 1; }
}

# Debian's Python (python3-dev, python3-numpy), ahead of any other python3 on PATH.
run_python_module() {
  local dir=$work/python_module log=$work/python_module.log out
  cp -r "$here/python_module" "$dir" && mkdir -p "$dir/subprojects" && ln -s "$src" "$dir/subprojects/loom" || return 1
  (export PATH=/usr/bin:$PATH
   step "$log" meson setup "$dir/build" "$dir" --force-fallback-for=loom &&
     step "$log" ninja -C "$dir/build" &&
     out=$(cd "$dir" && PYTHONPATH="$dir/build" python3 check.py 2>&1) && [ "$out" = ok ] ||
     { echo "meson build: ${out:-}"; cat "$log"; exit 1; }
   mkdir -p "$dir/plain" && cp "$dir/kernels.cpp" "$dir/check.py" "$dir/plain/" && ln -s "$src" "$dir/plain/loom" &&
     (cd "$dir/plain" && step "$log" bash "$here/python_module/build.sh") &&
     out=$(cd "$dir/plain" && PYTHONPATH="$dir/plain" python3 check.py 2>&1) && [ "$out" = ok ] ||
     { echo "plain compiler line: ${out:-}"; cat "$log"; exit 1; })
}

failed=0
for c in "${wanted[@]}"; do
  case " ${all[*]} " in *" $c "*) ;; *) echo "FAIL $c: unknown consumer (known: ${all[*]})"; failed=1; continue ;; esac
  if msg=$("run_$c" 2>&1); then
    echo "PASS $c"
  else
    echo "FAIL $c"
    printf '%s\n' "$msg" | tail -40 | sed 's/^/    /'
    failed=1
  fi
done
exit $failed
