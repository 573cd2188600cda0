#!/usr/bin/env bash
# scripts/setup-deps.sh: install the Debian 12 packages loom builds, tests and benchmarks with, when missing
# (libgomp comes with g++; libomp-dev is OpenMP for clang++).
set -euo pipefail

packages=(g++ clang libclang-rt-14-dev libomp-dev meson ninja-build pkg-config cmake libxsimd-dev libboost1.81-dev catch2
          libbenchmark-dev libopenblas-dev liblapacke-dev libfftw3-dev xtensor-dev libeigen3-dev python3-numpy python3-matplotlib
          pybind11-dev python3-dev python3-pytest)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup-deps: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo_cmd=()
elif command -v sudo >/dev/null 2>&1; then
  sudo_cmd=(sudo)
else
  echo "setup-deps: need root (or sudo) to install: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
