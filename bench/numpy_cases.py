#!/usr/bin/python3
"""bench/numpy_cases.py: the benchmark cases of bench/*.cpp run with NumPy, timings written as JSON.

Each case is the expression as a NumPy user writes it (`r = a*b + c*d`: NumPy
allocates its temporaries and the result on every call), except
small_inplace, which stores into an existing array (`r[...] = a + 2*b`).
Shapes and names match the C++ programs: "<case>/numpy/<size>".

    /usr/bin/python3 bench/numpy_cases.py --json out.json [--quick]

Run it with OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset (scripts/bench_summary.py does).
"""
import argparse
import json
import statistics
import sys
import time
import timeit

import numpy as np

CACHE_BYTES = 32 << 10
MEMORY_BYTES = 32 << 20


def dims(dtype, nbytes):
    rows = 2048 if nbytes >= MEMORY_BYTES else 64
    return rows, nbytes // np.dtype(dtype).itemsize // rows


def operands(rng, dtype, *shapes, lo=0.5, hi=1.5):
    return [rng.uniform(lo, hi, size=s).astype(dtype) for s in shapes]


def cases(rng):
    """Yield (name, fn) pairs; each fn runs one evaluation."""
    sizes = [("cache", CACHE_BYTES), ("memory", MEMORY_BYTES)]
    for dtype, suffix in ((np.float64, "_f64"), (np.float32, "_f32")):
        for size, nbytes in sizes:
            m, n = dims(dtype, nbytes)
            a, b, c, d = operands(rng, dtype, (m, n), (m, n), (m, n), (m, n))
            yield f"fused{suffix}/numpy/{size}", lambda a=a, b=b, c=c, d=d: a * b + c * d
    for dtype, suffix in ((np.float64, "_f64"), (np.float32, "_f32")):
        for size, nbytes in sizes:
            m, n = dims(dtype, nbytes)
            a, b = operands(rng, dtype, (m, n), (n,))
            yield f"row{suffix}/numpy/{size}", lambda a=a, b=b: a + b
    for size, nbytes in sizes:
        m, n = dims(np.float64, nbytes)
        a, c = operands(rng, np.float64, (m, n), (m, 1))
        yield f"column/numpy/{size}", lambda a=a, c=c: a + c
    for size, nbytes in sizes:
        m, n = dims(np.float64, nbytes)
        x, y = operands(rng, np.float64, (m, 1), (1, n))
        yield f"outer/numpy/{size}", lambda x=x, y=y: x * y
    for size, k in (("cache", 2), ("memory", 8)):
        a, b = operands(rng, np.float64, (8 * k, 1, 6 * k, 1), (7 * k, 1, 5 * k))
        yield f"bcast4d/numpy/{size}", lambda a=a, b=b: a + b
    for size, n in (("cache", 64), ("memory", 2048)):
        a, b = operands(rng, np.float64, (n, n), (n, n))
        yield f"transpose/numpy/{size}", lambda a=a, b=b: a + b.T
    for size, nbytes in sizes:
        m, n = dims(np.float64, nbytes)
        (a,) = operands(rng, np.float64, (m, n), lo=-4.0, hi=4.0)
        (b,) = operands(rng, np.float64, (m, n), lo=-8.0, hi=8.0)
        yield f"exp_sin/numpy/{size}", lambda a=a, b=b: np.exp(a) * np.sin(b)
    a, b, r = operands(rng, np.float64, (4, 4), (4, 4), (4, 4))

    def inplace(a=a, b=b, r=r):
        r[...] = a + 2 * b

    yield "small_inplace/numpy/4x4", inplace
    yield "small_new/numpy/4x4", lambda a=a, b=b: a + 2 * b
    # bench/reductions.cpp
    (v, w) = operands(rng, np.float64, (1 << 20,), (1 << 20,))
    yield "sum/numpy/memory", lambda v=v: v.sum()
    yield "dot/numpy/memory", lambda v=v, w=w: (v * w).sum()
    (x,) = operands(rng, np.float64, (2048, 2048))
    yield "row_sum/numpy/memory", lambda x=x: x.sum(1)
    yield "col_sum/numpy/memory", lambda x=x: x.sum(0)
    yield "row_max/numpy/memory", lambda x=x: x.max(1)
    (f,) = operands(rng, np.float32, (4096, 1024))

    def softmax(f=f):
        e = np.exp(f - f.max(1, keepdims=True))
        e /= e.sum(1, keepdims=True)
        return e

    yield "softmax/numpy/memory", softmax
    (c,) = operands(rng, np.float64, (4096, 256))
    yield "normalise/numpy/memory", lambda c=c: (c - c.mean(0, keepdims=True)) / c.std(0, keepdims=True)
    X, Y = operands(rng, np.float64, (2000, 1, 3), (1, 2000, 3))
    yield "distances/numpy/memory", lambda X=X, Y=Y: np.sqrt(np.square(X - Y).sum(-1))
    # bench/select.cpp
    a, b = operands(rng, np.float64, (2048, 2048), (2048, 2048))
    yield "concat0/numpy/memory", lambda a=a, b=b: np.concatenate((a, b), axis=0)
    yield "concat1/numpy/memory", lambda a=a, b=b: np.concatenate((a, b), axis=1)
    (x,) = operands(rng, np.float64, (1 << 18, 8))
    idx = rng.integers(0, 1 << 18, size=1 << 20)
    yield "take_rows/numpy/memory", lambda x=x, idx=idx: np.take(x, idx, axis=0)
    (v,) = operands(rng, np.float64, (1 << 22,))
    m = rng.random(1 << 22) < 0.5
    yield "mask_select/numpy/memory", lambda v=v, m=m: v[m]
    # bench/sort.cpp: 1M random doubles into a new array
    (s,) = operands(rng, np.float64, (1 << 20,))
    yield "sort/numpy/1M", lambda s=s: np.sort(s)
    yield "stable_sort/numpy/1M", lambda s=s: np.sort(s, kind="stable")


def measure(fn, min_time, repetitions):
    """Median CPU seconds per call over `repetitions` runs of at least `min_time` seconds each.

    CPU time of the process, as the C++ programs report it: on a machine shared
    with other jobs, wall time would also count the time this process waits.
    """
    timer = timeit.Timer(fn, timer=time.process_time)
    number = 1
    while True:
        t = timer.timeit(number)
        if t >= min_time:
            break
        number = max(number * 2, int(number * min_time / max(t, 1e-9) * 1.2))
    runs = [timer.timeit(number) / number for _ in range(repetitions)]
    return statistics.median(runs), number


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", required=True, help="where to write the timings")
    ap.add_argument("--quick", action="store_true", help="fewer and shorter repetitions")
    ap.add_argument("--repetitions", type=int, default=None)
    ap.add_argument("--min-time", type=float, default=None, help="seconds per repetition")
    args = ap.parse_args()
    repetitions = args.repetitions or (3 if args.quick else 7)
    min_time = args.min_time or (0.02 if args.quick else 0.1)

    rng = np.random.default_rng(2024)
    results = []
    for name, fn in cases(rng):
        seconds, number = measure(fn, min_time, repetitions)
        results.append({"name": name, "seconds": seconds, "calls_per_repetition": number})
        print(f"{name:32s} {seconds * 1e9:14.1f} ns", file=sys.stderr)
    with open(args.json, "w") as f:
        json.dump({"numpy": np.__version__, "python": sys.version.split()[0],
                   "repetitions": repetitions, "min_time": min_time, "benchmarks": results}, f, indent=1)


if __name__ == "__main__":
    main()
