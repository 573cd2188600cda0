#!/usr/bin/python3
"""bench/quantile_numpy.py: NumPy's times for the cases of bench/quantile.cpp, best of several runs.

np.quantile(a, 0.3) and np.median(a) of 1M random doubles, and the same along axis -1 of a
(1000, 1000) array: shapes and q as the C++ program's, names "<case>/numpy/<size>".

    /usr/bin/python3 bench/quantile_numpy.py [--repeat 7]
"""
import argparse
import timeit

import numpy as np


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=7, help="timings taken; the best is printed")
    args = p.parse_args()
    rng = np.random.default_rng(2024)
    one = rng.uniform(0.0, 1.0, size=1 << 20)
    rows = rng.uniform(0.0, 1.0, size=(1000, 1000))
    cases = [
        ("quantile/numpy/1M", lambda: np.quantile(one, 0.3)),
        ("median/numpy/1M", lambda: np.median(one)),
        ("quantile_rows/numpy/1000x1000", lambda: np.quantile(rows, 0.3, axis=-1)),
        ("median_rows/numpy/1000x1000", lambda: np.median(rows, axis=-1)),
    ]
    print(f"numpy {np.__version__}")
    for name, fn in cases:
        timer = timeit.Timer(fn)
        number, _ = timer.autorange()  # calls per timing: about 0.2 s of them
        best = min(timer.repeat(repeat=args.repeat, number=number)) / number
        print(f"{name:32s} {best * 1e3:9.3f} ms")


if __name__ == "__main__":
    main()
