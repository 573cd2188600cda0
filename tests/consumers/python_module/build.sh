#!/usr/bin/env bash
# The plain compiler line of docs/python.md, run by tests/consumers/run.sh in a directory holding
# kernels.cpp and a link `loom` to loom's source tree.
set -euo pipefail
# snippet: plain
c++ -std=c++20 -O3 -fopenmp -shared -fPIC -fvisibility=hidden $(python3-config --includes) \
    -I loom/include kernels.cpp -o kernels$(python3-config --extension-suffix)
# end snippet
