#!/usr/bin/python3
"""bench/numpy_cases.py: the benchmark cases of bench/*.cpp run with NumPy, timings written as JSON.

Each case is the expression as a NumPy user writes it (`r = a*b + c*d`: NumPy
allocates its temporaries and the result on every call), except
small_inplace, which stores into an existing array (`r[...] = a + 2*b`).
Shapes and names match the C++ programs: "<case>/numpy/<size>".

    /usr/bin/python3 bench/numpy_cases.py --json out.json [--quick] [--filter REGEX] [--skip-programs]

--filter matches a case's name, and for the cases of bench/linalg.cpp and bench/fft.cpp also the words
"linalg" and "fft" (their names do not say it): `--filter fft --skip-programs` runs only those; without a
filter they are left out.

Run it with OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset (scripts/bench_summary.py does).
"""
import argparse
import json
import re
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


def cases(rng, programs=True):
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
    (v,) = operands(rng, np.float64, (400_000,))
    m = rng.random(400_000) < 0.001
    yield "mask_sparse/numpy/cache", lambda v=v, m=m: v[m]
    yield "mask_mean/numpy/cache", lambda v=v, m=m: v[m].mean()
    idx = np.where(m, 5.0, (np.arange(400_000) % 8) + np.where(np.arange(400_000) % 8 >= 4, 2, 0))

    def mask_update(idx=idx):
        idx[idx == 5] -= 1
        idx[idx == 4] += 1
        return idx
    yield "mask_update/numpy/cache", mask_update
    # bench/matmul.cpp: products with a short side
    for dt, suffix in ((np.float32, "f32"), (np.float64, "f64")):
        for m, k, n in ((8, 3000, 500),) + (((16, 2000, 2000),) if dt == np.float64 else ()):
            a, b = operands(rng, dt, (m, k), (k, n))
            yield f"skinny_{suffix}/numpy/{m}x{k}x{n}", lambda a=a, b=b: a @ b
    # bench/sort.cpp: 1M random doubles into a new array
    (s,) = operands(rng, np.float64, (1 << 20,))
    yield "sort/numpy/1M", lambda s=s: np.sort(s)
    yield "stable_sort/numpy/1M", lambda s=s: np.sort(s, kind="stable")
    # bench/einsum.cpp: np.einsum on the forms programs use
    a, b = operands(rng, np.float64, (64, 128, 128), (64, 128, 128))
    yield "einsum_batch/numpy/64x128", lambda a=a, b=b: np.einsum("bij,bjk->bik", a, b)
    for n in (100, 1000):
        a, b = operands(rng, np.float64, (n, n), (n, n))
        yield f"einsum_trace/numpy/{n}", lambda a=a: np.einsum("ii", a)
        yield f"einsum_inner/numpy/{n}", lambda a=a, b=b: np.einsum("ij,ij->", a, b)
    a, x = operands(rng, np.float64, (1000, 1000), (1000,))
    yield "einsum_matvec/numpy/1000", lambda a=a, x=x: np.einsum("ij,j->i", a, x)
    x, y = operands(rng, np.float64, (1000,), (1000,))
    yield "einsum_outer/numpy/1000", lambda x=x, y=y: np.einsum("i,j->ij", x, y)
    # bench/stats.cpp: 1M elements binned and interpolated; 1000 knots, unevenly spaced (a generator
    # of their own: the operands of the cases after these stay as they were)
    srng = np.random.default_rng(2025)
    (h,) = operands(srng, np.float64, (1 << 20,), lo=0.0, hi=1.0)
    yield "histogram/numpy/1M", lambda h=h: np.histogram(h, 100, (0.0, 1.0))
    k = srng.integers(0, 100, size=1 << 20)
    yield "bincount/numpy/1M", lambda k=k: np.bincount(k)
    xp = (np.arange(1000) + 0.9 * srng.random(1000)) / 1000
    (fp,) = operands(srng, np.float64, (1000,))
    yield "interp/numpy/1M", lambda h=h, xp=xp, fp=fp: np.interp(h, xp, fp)
    s = np.sort(h)
    yield "interp_sorted/numpy/1M", lambda s=s, xp=xp, fp=fp: np.interp(s, xp, fp)
    yield "digitize/numpy/1M", lambda h=h, xp=xp: np.digitize(h, xp)
    # bench/quantile.cpp: q = 0.3 (linear) and the median, of 1M doubles and along the rows of (1000, 1000)
    (one,) = operands(srng, np.float64, (1 << 20,))
    (rows,) = operands(srng, np.float64, (1000, 1000))
    yield "quantile/numpy/1M", lambda one=one: np.quantile(one, 0.3)
    yield "median/numpy/1M", lambda one=one: np.median(one)
    yield "quantile_rows/numpy/1000x1000", lambda rows=rows: np.quantile(rows, 0.3, axis=-1)
    yield "median_rows/numpy/1000x1000", lambda rows=rows: np.median(rows, axis=-1)
    # bench/random.cpp (issue 50): draws of default_rng(42) into a new array, each case a generator of its own
    # (the operands above and below stay as they were); each call draws the stream's next n values
    for size, n in (("10M", 10_000_000), ("1M", 1_000_000)):
        for case, draw in (("random_f64", lambda g, n: g.random(n)),
                           ("random_f32", lambda g, n: g.random(n, dtype=np.float32)),
                           ("random_normal_f64", lambda g, n: g.standard_normal(n)),
                           ("random_normal_f32", lambda g, n: g.standard_normal(n, dtype=np.float32)),
                           ("random_integers_i64", lambda g, n: g.integers(0, 100, n))):  # int64, the default
            yield f"{case}/numpy/{size}", lambda g=np.random.default_rng(42), n=n, draw=draw: draw(g, n)
    # bench/linalg.cpp: the factorisations and the stacks of small matrices, the operands bench::value()'s (no
    # generator drawn from); the filter word "linalg" selects them
    for name, fn in linalg_cases():
        yield name, fn, "linalg"
    # bench/fft.cpp: the transforms, on its operands; the filter word "fft" selects them
    for name, fn in fft_cases():
        yield name, fn, "fft"
    if programs:
        yield from program_cases(rng)


def value(seed, n, lo=0.5, hi=1.5):
    """bench::value(seed, i, {lo, hi}) of bench/common.hpp for i = 0 .. n-1: the C++ programs' operands, bit for bit."""
    z = np.uint64(seed << 40) + np.arange(n, dtype=np.uint64) + np.uint64(0x9E3779B97F4A7C15)  # wraps, as uint64_t
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return lo + (hi - lo) * ((z >> np.uint64(11)).astype(np.float64) * 2.0**-53)


def reflected_symmetric(d, u):
    """H diag(d) H with H = I - 2 u u^T, u of unit length along the last axis: the eigenvalues d."""
    s = (d * u * u).sum(-1)[..., None, None]
    return (d[..., :, None] * np.eye(d.shape[-1]) + u[..., :, None] * u[..., None, :]
            * (4 * s - 2 * (d[..., :, None] + d[..., None, :])))


def unit_rows(u):
    return u / np.sqrt((u * u).sum(-1, keepdims=True))


def linalg_cases():
    """The cases of bench/linalg.cpp on the same operands (bench::value, the seeds there)."""
    for n in (64, 128, 256, 512, 1024, 2048):
        a = value(1, n * n, -1.0, 1.0).reshape(n, n)
        b = a @ value(9, n).reshape(n, 1)
        yield f"lu_solve_f64/numpy/{n}", lambda a=a, b=b: np.linalg.solve(a, b)
        g = value(2, n * n, -1.0, 1.0).reshape(n, n)
        s = g @ g.T / n + np.eye(n)
        yield f"cholesky_f64/numpy/{n}", lambda s=s: np.linalg.cholesky(s)
        if n > 1024:  # as the C++ program: the others take long at 2048
            continue
        q = value(3, n * n, -1.0, 1.0).reshape(n, n)
        yield f"qr_f64/numpy/{n}", lambda q=q: np.linalg.qr(q)
        d = np.arange(n) + 0.5 * value(6, n)
        h = reflected_symmetric(d, unit_rows(value(5, n)))
        yield f"eigh_f64/numpy/{n}", lambda h=h: np.linalg.eigh(h)
        sigma = n - np.arange(n) + 0.5 * value(7, n)
        u, v = unit_rows(value(8, n)), unit_rows(value(10, n))
        t = (u * sigma * v).sum()
        m = (np.diag(sigma) - 2 * np.outer(u, u * sigma) - 2 * np.outer(sigma * v, v) + 4 * t * np.outer(u, v))
        yield f"svd_f64/numpy/{n}", lambda m=m: np.linalg.svd(m, full_matrices=False)
    # stacks of 100,000 k x k matrices: entries in [-1, 1) plus k on the diagonal; eigh's H D H
    count = 100_000
    for k, ops in ((3, ("solve", "det", "inv")), (2, ("solve", "det")), (4, ("solve", "det"))):
        a = value(20, count * k * k, -1.0, 1.0).reshape(count, k, k) + k * np.eye(k)
        b = a @ value(9, count * k).reshape(count, k, 1)
        for op in ops:
            fn = {"solve": lambda a=a, b=b: np.linalg.solve(a, b), "det": lambda a=a: np.linalg.det(a),
                  "inv": lambda a=a: np.linalg.inv(a)}[op]
            yield f"{op}_{k}x{k}_f64/numpy/100k", fn
    d = np.arange(3) + 0.5 * value(22, count * 3).reshape(count, 3)
    e = reflected_symmetric(d, unit_rows(value(21, count * 3).reshape(count, 3)))
    yield "eigh_3x3_f64/numpy/100k", lambda e=e: np.linalg.eigh(e)


def fft_cases():
    """The cases of bench/fft.cpp on the same operands (bench::value, the seeds there)."""
    for n in (1024, 65536, 1048576, 1000, 1000003):
        z = value(1, 2 * n, -1.0, 1.0)
        c = z[0::2] + 1j * z[1::2]
        yield f"c2c_f64/numpy/{n}", lambda c=c: np.fft.fft(c)
        r = value(2, n, -1.0, 1.0)
        yield f"r2c_f64/numpy/{n}", lambda r=r: np.fft.rfft(r)
    img = value(3, 2048 * 2048, -1.0, 1.0).reshape(2048, 2048)
    yield "rfft2_f64/numpy/2048x2048", lambda img=img: np.fft.rfft2(img)
    z = value(4, 2 * 10000 * 256, -1.0, 1.0)
    b = (z[0::2] + 1j * z[1::2]).reshape(10000, 256)
    yield "batch_c2c_f64/numpy/10000x256", lambda b=b: np.fft.fft(b)


# bench/programs.cpp: real programs, each written as a NumPy user writes it; single thread (pinned).
def jacobi_steps(u0, steps):
    u = u0.copy()
    v = u0.copy()
    for _ in range(steps):
        v[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        u, v = v, u
    return u


def heat3d(u0, steps, alpha):
    u = u0.copy()
    un = u0.copy()
    for _ in range(steps):
        un[1:-1, 1:-1, 1:-1] = u[1:-1, 1:-1, 1:-1] + alpha * (
            u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 2:, 1:-1] + u[1:-1, :-2, 1:-1]
            + u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2] - 6 * u[1:-1, 1:-1, 1:-1])
        u, un = un, u
    return u


def thomas(a, b, c, d):
    n = d.shape[-1]
    cp = np.empty_like(d)
    dp = np.empty_like(d)
    x = np.empty_like(d)
    cp[:, :, 0] = c[:, :, 0] / b[:, :, 0]
    dp[:, :, 0] = d[:, :, 0] / b[:, :, 0]
    for k in range(1, n):
        denom = b[:, :, k] - a[:, :, k] * cp[:, :, k - 1]
        cp[:, :, k] = c[:, :, k] / denom
        dp[:, :, k] = (d[:, :, k] - a[:, :, k] * dp[:, :, k - 1]) / denom
    x[:, :, -1] = dp[:, :, -1]
    for k in range(n - 2, -1, -1):
        x[:, :, k] = dp[:, :, k] - cp[:, :, k] * x[:, :, k + 1]
    return x


# Lorena Barba's "12 steps to Navier-Stokes", step 11 (cavity flow), as published
def build_up_b(b, rho, dt, u, v, dx, dy):
    b[1:-1, 1:-1] = (rho * (1 / dt *
                    ((u[1:-1, 2:] - u[1:-1, 0:-2]) /
                     (2 * dx) + (v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy)) -
                    ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx))**2 -
                    2 * ((u[2:, 1:-1] - u[0:-2, 1:-1]) / (2 * dy) *
                         (v[1:-1, 2:] - v[1:-1, 0:-2]) / (2 * dx)) -
                    ((v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))**2))
    return b


def pressure_poisson(p, dx, dy, b, nit):
    pn = np.empty_like(p)
    pn = p.copy()
    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = (((pn[1:-1, 2:] + pn[1:-1, 0:-2]) * dy**2 +
                          (pn[2:, 1:-1] + pn[0:-2, 1:-1]) * dx**2) /
                         (2 * (dx**2 + dy**2)) -
                         dx**2 * dy**2 / (2 * (dx**2 + dy**2)) *
                         b[1:-1, 1:-1])
        p[:, -1] = p[:, -2]  # dp/dx = 0 at x = 2
        p[0, :] = p[1, :]    # dp/dy = 0 at y = 0
        p[:, 0] = p[:, 1]    # dp/dx = 0 at x = 0
        p[-1, :] = 0         # p = 0 at y = 2
    return p


def cavity_flow(nx, nt=10, nit=50, rho=1.0, nu=0.1, dt=0.001):
    ny = nx
    dx = 2 / (nx - 1)
    dy = 2 / (ny - 1)
    u = np.zeros((ny, nx))
    v = np.zeros((ny, nx))
    p = np.zeros((ny, nx))
    b = np.zeros((ny, nx))
    for n in range(nt):
        un = u.copy()
        vn = v.copy()
        b = build_up_b(b, rho, dt, u, v, dx, dy)
        p = pressure_poisson(p, dx, dy, b, nit)
        u[1:-1, 1:-1] = (un[1:-1, 1:-1] -
                         un[1:-1, 1:-1] * dt / dx *
                         (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy *
                         (un[1:-1, 1:-1] - un[0:-2, 1:-1]) -
                         dt / (2 * rho * dx) * (p[1:-1, 2:] - p[1:-1, 0:-2]) +
                         nu * (dt / dx**2 *
                               (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                               dt / dy**2 *
                               (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1])))
        v[1:-1, 1:-1] = (vn[1:-1, 1:-1] -
                         un[1:-1, 1:-1] * dt / dx *
                         (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy *
                         (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) -
                         dt / (2 * rho * dy) * (p[2:, 1:-1] - p[0:-2, 1:-1]) +
                         nu * (dt / dx**2 *
                               (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                               dt / dy**2 *
                               (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1])))
        u[0, :] = 0
        u[:, 0] = 0
        u[:, -1] = 0
        u[-1, :] = 1  # the lid
        v[0, :] = 0
        v[-1, :] = 0
        v[:, 0] = 0
        v[:, -1] = 0
    return u, v, p


def nbody(x, y, z, m, soft):
    dx = x[:, None] - x[None, :]
    dy = y[:, None] - y[None, :]
    dz = z[:, None] - z[None, :]
    r2 = dx**2 + dy**2 + dz**2 + soft**2
    inv_r3 = r2 ** -1.5
    ax = np.sum(dx * inv_r3 * m, axis=1)
    ay = np.sum(dy * inv_r3 * m, axis=1)
    az = np.sum(dz * inv_r3 * m, axis=1)
    return ax, ay, az


def azimuthal(r, data, rmax, nbins):
    edges = np.linspace(0, rmax, nbins + 1)
    profile = np.empty(nbins)
    for i in range(nbins):
        m = (r >= edges[i]) & (r < edges[i + 1])
        profile[i] = data[m].mean()
    return profile


def matvec_chain(A, B, x, alpha, beta):
    return alpha * A @ x + beta * B @ x


def mlp(X, W1, b1, W2, b2):
    h = np.maximum(X @ W1 + b1, 0)
    z = h @ W2 + b2
    e = np.exp(z - z.max(axis=1, keepdims=True))
    probs = e / e.sum(axis=1, keepdims=True)
    return probs


def program_cases(rng):
    """The cases of bench/programs.cpp, same shapes and parameters."""
    (u0,) = operands(rng, np.float64, (256, 256))
    yield "jacobi_steps/numpy/256", lambda u0=u0: jacobi_steps(u0, 50)
    (u0,) = operands(rng, np.float64, (64, 64, 64))
    yield "heat3d/numpy/64", lambda u0=u0: heat3d(u0, 10, 0.1)
    a, c, d = operands(rng, np.float64, *[(64, 64, 32)] * 3)
    (b,) = operands(rng, np.float64, (64, 64, 32), lo=4.0, hi=5.0)
    yield "thomas/numpy/64x64x32", lambda a=a, b=b, c=c, d=d: thomas(a, b, c, d)
    for n in (41, 101):
        yield f"cavity/numpy/{n}", lambda n=n: cavity_flow(n)
    x, y, z = operands(rng, np.float64, *[(1000,)] * 3, lo=0.0, hi=1.0)
    (m,) = operands(rng, np.float64, (1000,))
    yield "nbody/numpy/1000", lambda x=x, y=y, z=z, m=m: nbody(x, y, z, m, 0.1)
    i, j = np.indices((640, 640))
    r = np.sqrt((i - 319.3)**2 + (j - 320.6)**2)
    (data,) = operands(rng, np.float64, (640, 640))
    yield "azimuthal/numpy/640", lambda r=r, data=data: azimuthal(r, data, 320.0, 50)
    A, B, x = operands(rng, np.float64, (2000, 2000), (2000, 2000), (2000,))
    yield "matvec_chain/numpy/2000", lambda A=A, B=B, x=x: matvec_chain(A, B, x, 1.5, -0.5)
    (X,) = operands(rng, np.float32, (8, 3000), lo=-1.0, hi=1.0)
    (W1,) = operands(rng, np.float32, (3000, 500), lo=-0.03, hi=0.03)
    (W2,) = operands(rng, np.float32, (500, 10), lo=-0.3, hi=0.3)
    b1, b2 = operands(rng, np.float32, (500,), (10,), lo=-0.1, hi=0.1)
    yield "mlp/numpy/8x3000x500", lambda X=X, W1=W1, b1=b1, W2=W2, b2=b2: mlp(X, W1, b1, W2, b2)


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
    ap.add_argument("--filter", help="run only the cases whose name, or program word (linalg), this regex matches "
                                     "(re.search)")
    ap.add_argument("--skip-programs", action="store_true", help="leave out the cases of bench/programs.cpp")
    args = ap.parse_args()
    repetitions = args.repetitions or (3 if args.quick else 7)
    min_time = args.min_time or (0.02 if args.quick else 0.1)

    rng = np.random.default_rng(2024)
    results = []
    for name, fn, *words in cases(rng, programs=not args.skip_programs):
        if args.filter and not any(re.search(args.filter, w) for w in (name, *words)):
            continue
        if ("linalg" in words or "fft" in words) and not args.filter:  # only when asked for (bench_summary has neither)
            continue
        seconds, number = measure(fn, min_time, repetitions)
        results.append({"name": name, "seconds": seconds, "calls_per_repetition": number})
        print(f"{name:32s} {seconds * 1e9:14.1f} ns", file=sys.stderr)
    with open(args.json, "w") as f:
        json.dump({"numpy": np.__version__, "python": sys.version.split()[0],
                   "repetitions": repetitions, "min_time": min_time, "benchmarks": results}, f, indent=1)


if __name__ == "__main__":
    main()
