#!/usr/bin/env python3
"""bench/python_calls.py: loom called from Python (examples/python/loom_example.cpp) against NumPy.

  meson setup build-py -Dpython=enabled -Dnative=true
  ninja -C build-py examples/python/loom_example.cpython-311-x86_64-linux-gnu.so
  OMP_NUM_THREADS=1 taskset -c 1 /usr/bin/python3 bench/python_calls.py --module-dir build-py/examples/python

Two figures (docs/python.md):
  - a fused expression on 1M doubles, exp(-0.5 x^2) cos(3x) + 0.1 x: loom's wave (one loop, a new
    array handed to NumPy) and wave_into (into a caller's array) against the same NumPy expression
    (goal: loom at least 3 times as fast); and arithmetic only, 0.5 x y + 2 x - y / 3 (blend), where
    NumPy's loops are as vectorised as loom's and the difference is its temporaries;
  - the cost of a call with a 4-element array (goal: at most 2 microseconds): address (a view in, a
    number out), scale (a view written in place), wave (a view in, a new array out), and for
    scale NumPy's np.multiply(x, a, out=x).
Each time is the median of --repeat runs of a loop timed by timeit; the inputs are checked first.
"""
import argparse
import statistics
import sys
import timeit

import numpy as np

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--module-dir", required=True, help="the build directory holding loom_example")
parser.add_argument("--repeat", type=int, default=7)
args = parser.parse_args()
sys.path.insert(0, args.module_dir)
import loom_example as ex  # noqa: E402


def wave(x):
    return np.exp(-0.5 * x * x) * np.cos(3.0 * x) + 0.1 * x


def per_call(fn, number):
    """Median seconds per call over args.repeat timings of `number` calls."""
    fn()
    times = timeit.repeat(fn, number=number, repeat=args.repeat)
    return statistics.median(times) / number


rng = np.random.default_rng(1)
x = rng.uniform(-4, 4, 1_000_000)
out = np.empty_like(x)
ex.wave_into(out, x)
np.testing.assert_allclose(ex.wave(x), wave(x), rtol=1e-13, atol=1e-15)
np.testing.assert_allclose(out, wave(x), rtol=1e-13, atol=1e-15)

numpy_t = per_call(lambda: wave(x), 20)
loom_t = per_call(lambda: ex.wave(x), 20)
into_t = per_call(lambda: ex.wave_into(out, x), 20)
print("fused expression exp(-0.5 x^2) cos(3x) + 0.1 x on 1M doubles (ms per call)")
print(f"  NumPy                 {numpy_t * 1e3:8.3f}")
print(f"  loom wave(x)          {loom_t * 1e3:8.3f}   {numpy_t / loom_t:5.2f}x NumPy")
print(f"  loom wave_into(out,x) {into_t * 1e3:8.3f}   {numpy_t / into_t:5.2f}x NumPy")

y = rng.uniform(-4, 4, 1_000_000)
np.testing.assert_allclose(ex.blend(x, y), 0.5 * x * y + 2.0 * x - y / 3.0, rtol=1e-15, atol=1e-15)
numpy_b = per_call(lambda: 0.5 * x * y + 2.0 * x - y / 3.0, 20)
loom_b = per_call(lambda: ex.blend(x, y), 20)
print("arithmetic 0.5 x y + 2 x - y / 3 on 1M doubles (ms per call)")
print(f"  NumPy                 {numpy_b * 1e3:8.3f}")
print(f"  loom blend(x, y)      {loom_b * 1e3:8.3f}   {numpy_b / loom_b:5.2f}x NumPy")

x4 = np.arange(4.0)
address_t = per_call(lambda: ex.address(x4), 200_000)
scale_t = per_call(lambda: ex.scale(x4, 1.0), 200_000)
wave4_t = per_call(lambda: ex.wave(x4), 200_000)
multiply_t = per_call(lambda: np.multiply(x4, 1.0, out=x4), 200_000)
print("a call with a 4-element array (us per call)")
print(f"  loom address(x)       {address_t * 1e6:8.3f}")
print(f"  loom scale(x, 1.0)    {scale_t * 1e6:8.3f}")
print(f"  loom wave(x)          {wave4_t * 1e6:8.3f}")
print(f"  np.multiply(x, 1.0, out=x) {multiply_t * 1e6:8.3f}")
