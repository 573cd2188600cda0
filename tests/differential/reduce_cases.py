# tests/differential/reduce_cases.py: random reductions for loom with NumPy's expected results.
#
# Draws a function (sum prod mean var stddev max min all any count_nonzero argmax argmin
# cumulative_sum cumulative_prod vecdot), an element type (complex ones too, with every
# function but max, min, argmax and argmin, which do not compile for them), a shape of
# rank 0 to 4 (sizes 0 to 6, some longer rows), values (NaN among floats and in either part
# of complex numbers), whether the operand is read through a view with negative steps and
# whether it is an expression (not an array), the axes (none, one, several in any order,
# negative ones, repeated or out of range ones: errors), keepdims and correction /
# include_initial, and NumPy 1.24's result under loom's rules (API.md, Reductions):
#   - result element types: the Array API's (sum of int32 is int64, of uint8 uint64, mean
#     of integers float64, var of float32 float32, of complex64 float32: the mean of
#     |x - mean|^2); NumPy agrees on these for Linux.
#   - vecdot of complex numbers conjugates its first operand (here x with itself: the sum
#     of |x|^2, imaginary parts 0), as the Array API's and np.vdot.
#   - prod of a single complex number is that number; NumPy multiplies it by the identity
#     first, which makes nan+1j nan+nanj (its cumprod copies the first element).
#   - var and stddev: NaN where N - correction <= 0 (NumPy gives inf or NaN there).
#   - include_initial (NumPy 1.24 has none): the identity prepended along the axis.
#   - floating sums are compared within a few ulps of the sum of magnitudes times log2(N),
#     since loom groups sums pairwise along every axis and NumPy only along the fastest
#     (complex ones in modulus; a NaN part must be NaN in both).
#   - errors: max/min/argmax/argmin of an empty selection 'V' (std::invalid_argument),
#     a bad axis 'I' (index_error).
# One case per line for reduce_main.cpp.
#
# Usage: reduce_cases.py OUT [--seed N] [--cases N] [--run EXE]
# With --run, draws only the element types EXE compiles (`EXE --dtypes`) and runs `EXE OUT`.
import argparse
import math
import random
import subprocess
import sys
import warnings

import numpy as np

warnings.simplefilter('ignore')
np.seterr(all='ignore')

DTYPES = {'bool': np.bool_, 'int8': np.int8, 'int32': np.int32, 'int64': np.int64, 'uint8': np.uint8,
          'float32': np.float32, 'float64': np.float64, 'complex64': np.complex64, 'complex128': np.complex128}
ORDERING = ('max', 'min', 'argmax', 'argmin')  # not for complex numbers


def inexact(t):
    return t.startswith('float') or t.startswith('complex')
FUNCS = ['sum', 'prod', 'mean', 'var', 'stddev', 'max', 'min', 'all', 'any', 'count_nonzero', 'argmax', 'argmin',
         'cumulative_sum', 'cumulative_prod', 'vecdot']


def result_dtype(func, t):
    isf = inexact(t)
    if func in ('sum', 'prod', 'cumulative_sum', 'cumulative_prod'):
        return t if isf else ('uint64' if t == 'uint8' else 'int64')
    if func == 'mean':
        return t if isf else 'float64'
    if func in ('var', 'stddev'):
        return {'complex64': 'float32', 'complex128': 'float64'}.get(t, t) if isf else 'float64'
    if func in ('max', 'min'):
        return t
    if func in ('all', 'any'):
        return 'bool'
    if func in ('count_nonzero', 'argmax', 'argmin'):
        return 'int64'
    if func == 'vecdot':
        return t if t != 'bool' else 'bool'
    raise ValueError(func)


def part(rng, nan=True):
    r = rng.random()
    if r < 0.03 and nan:
        return float('nan')
    if r < 0.15:
        return float(rng.randint(-3, 3))  # ties
    return round(rng.uniform(-8, 8), 3)


def values(rng, t, n, nan=True):
    if t == 'bool':
        return [rng.random() < 0.5 for _ in range(n)]
    if t.startswith('float'):
        return [part(rng) for _ in range(n)]
    if t.startswith('complex'):
        return [complex(part(rng, nan), part(rng, nan)) for _ in range(n)]
    lo, hi = (0, 9) if t == 'uint8' else (-6, 6)
    return [rng.randint(lo, hi) for _ in range(n)]


def rand_shape(rng):
    rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
    shp = [rng.choice([0, 1, 1, 2, 3, 4, 5, 6]) for _ in range(rank)]
    if rank and rng.random() < 0.25 and 0 not in shp:
        shp[-1] = rng.choice([17, 33, 70, 130])  # rows past the SIMD widths
    return shp


def fmt(v, t):
    if t == 'bool':
        return '1' if v else '0'
    if t.startswith('complex'):
        return f'{fmt(v.real, "float64")},{fmt(v.imag, "float64")}'
    if t.startswith('float'):
        return 'nan' if math.isnan(v) else repr(float(v))
    return str(int(v))


def gen_case(rng, cid):
    func = rng.choice(FUNCS)
    t = rng.choice(list(DTYPES))
    if (func == 'vecdot' and t == 'bool') or (t.startswith('complex') and func in ORDERING):
        return None
    shp = rand_shape(rng)
    n = int(np.prod(shp)) if shp else 1
    if func in ('prod', 'cumulative_prod') and n > 40:
        shp = [min(d, 3) for d in shp]
        n = int(np.prod(shp)) if shp else 1
    if func in ('prod', 'cumulative_prod') and t.startswith('complex') and n > 16:
        shp = [min(d, 2) for d in shp]  # |x| up to 11: 16 of them stay finite in complex64
        n = int(np.prod(shp)) if shp else 1
    vals = values(rng, t, n)
    x = np.array(vals, dtype=DTYPES[t]).reshape(shp)
    # 1: through a view with negative steps; 2: an expression (astype to its own type)
    view = 1 if (shp and shp[0] > 1 and rng.random() < 0.3) else (2 if rng.random() < 0.35 else 0)
    xv = x[::-1] if view == 1 else x
    rank = len(shp)
    keep = 0
    extra = 0.0
    axes_mode, axes = 'n', []
    if func in ('argmax', 'argmin', 'cumulative_sum', 'cumulative_prod', 'vecdot'):
        if rank and (rng.random() < 0.7 or (func.startswith('cumulative') and rank > 1)):
            axes_mode, axes = 'i', [rng.randrange(-rank, rank)]
        if func.startswith('arg') and rng.random() < 0.3:
            keep = 1
        if func.startswith('cumulative') and rng.random() < 0.4:
            extra = 1.0  # include_initial
        if func == 'vecdot':
            if rank == 0:
                return None
            if axes_mode == 'n':
                axes_mode, axes = 'i', [-1]
    else:
        r = rng.random()
        if r < 0.25:
            axes_mode = 'n'
        elif r < 0.55 and rank:
            axes_mode, axes = 'i', [rng.randrange(-rank, rank)]
        else:
            axes_mode = 'l'
            k = rng.randint(0, rank)
            axes = rng.sample(range(rank), k)
            axes = [a - rank if rng.random() < 0.3 else a for a in axes]
        keep = 1 if rng.random() < 0.4 else 0
        if func in ('var', 'stddev'):
            extra = float(rng.choice([0, 0, 1, 2]))
    if rng.random() < 0.03 and func not in ('vecdot',):  # a bad axis
        bad = rng.choice([rank, -rank - 1, 'dup'])
        if bad == 'dup' and rank and axes_mode == 'l' and axes:
            axes = axes + [axes[0] - rank if axes[0] >= 0 else axes[0] + rank]
        elif bad != 'dup':
            axes_mode = 'i' if axes_mode != 'l' else 'l'
            axes = [bad] if axes_mode == 'i' else axes + [bad]
    rt = result_dtype(func, t)
    expect = compute(func, xv, t, rt, axes_mode, axes, keep, extra)
    head = [f'{cid}', func, t, str(rank)] + [str(d) for d in shp] + [str(n)] + [fmt(v, t) for v in vals]
    head += [str(view), axes_mode, str(len(axes))] + [str(a) for a in axes] + [str(keep), repr(extra)]
    if isinstance(expect, str):
        return ' '.join(head + [expect])
    arr, tol = expect
    flat = arr.reshape(-1)
    tail = ['R', rt, str(arr.ndim)] + [str(d) for d in arr.shape] + [str(flat.size)] + [fmt(v, rt) for v in flat.tolist()]
    return ' '.join(head + tail + [repr(tol)])


def norm_axes(axes_mode, axes, rank):
    if axes_mode == 'n':
        return None
    out = []
    for a in axes:
        if a < -rank or a >= rank:
            return 'I'
        a = a + rank if a < 0 else a
        if a in out:
            return 'I'
        out.append(a)
    return tuple(out)


def compute(func, x, t, rt, axes_mode, axes, keep, extra):
    rank = x.ndim
    # a rank-0 operand counts as one element along one axis for the cumulative ones
    ax = norm_axes(axes_mode, axes, max(rank, 1) if func.startswith('cumulative') else rank)
    if ax == 'I':
        return 'I'
    single = rt in ('float32', 'complex64')
    eps = float(np.finfo(np.float32 if single else np.float64).eps) if inexact(rt) else 0.0
    cplx = t.startswith('complex')
    xf = x.astype(np.complex128 if cplx else np.float64)
    mag = np.abs(np.nan_to_num(xf))  # the moduli, NaN as 0: the scale of the rounding errors
    nan = complex(np.nan, np.nan) if cplx else np.nan  # 0 / 0 in every part
    kd = bool(keep)
    if func in ('argmax', 'argmin'):
        a = None if ax is None else ax[0]
        cnt = x.size if a is None else x.shape[a]
        outsz = 1 if a is None else int(np.prod([d for i, d in enumerate(x.shape) if i != a]))
        if cnt == 0 and outsz > 0:
            return 'V'
        if cnt == 0:
            shp = [d for i, d in enumerate(x.shape) if i != a] if not kd else [1 if i == a else d for i, d in enumerate(x.shape)]
            return np.zeros(shp, dtype=np.int64), 0.0
        r = (np.argmax if func == 'argmax' else np.argmin)(x, axis=a)
        if kd:
            r = np.asarray(r).reshape([1] * rank if a is None else [1 if i == a else d for i, d in enumerate(x.shape)])
        return np.asarray(r, dtype=np.int64), 0.0
    if func in ('cumulative_sum', 'cumulative_prod'):
        a = 0 if ax is None else ax[0]
        y = x.reshape(1) if rank == 0 else x
        f = np.cumsum if func == 'cumulative_sum' else np.cumprod
        r = f(y, axis=a, dtype=np.dtype(rt))
        if extra:
            ident = 0 if func == 'cumulative_sum' else 1
            pad = [(0, 0)] * y.ndim
            pad[a] = (1, 0)
            r = np.pad(r, pad, constant_values=ident)
        tol = 0.0
        if inexact(rt):
            ymag = mag.reshape(1) if rank == 0 else mag
            tol = 8 * eps * float(np.max(np.cumsum(ymag, axis=a), initial=0) + 1) * (y.shape[a] + 1)
            if func == 'cumulative_prod':
                tol = -1.0  # relative
        return r, tol
    if func == 'vecdot':
        a = ax[0]
        r = np.sum(np.conj(x) * x, axis=a, dtype=np.dtype(rt)) if rt != 'bool' else np.any(x & x, axis=a)
        tol = 0.0
        if inexact(rt):
            tol = 8 * eps * float(np.max(np.sum(mag * mag, axis=a), initial=0) + 1) * (math.log2(x.shape[a] + 2) + 2)
        return np.asarray(r), tol
    red = ax if ax is not None else tuple(range(rank))
    cnt = int(np.prod([x.shape[i] for i in red])) if red else 1
    kept = [x.shape[i] for i in range(rank) if i not in red]
    outsz = int(np.prod(kept)) if kept else 1
    if func in ('max', 'min') and cnt == 0 and outsz > 0:
        return 'V'
    npax = red
    tol = 0.0
    if func == 'sum':
        r = np.sum(x, axis=npax, keepdims=kd, dtype=xf.dtype if inexact(rt) else np.dtype(rt)).astype(rt)
        if inexact(rt):
            tol = 8 * eps * float(np.max(np.sum(mag, axis=npax), initial=0) + 1) * (math.log2(cnt + 2) + 2)
    elif func == 'prod':
        r = np.prod(x, axis=npax, keepdims=kd, dtype=np.dtype(rt))
        if cplx and cnt == 1:  # the number itself (0 + x keeps its parts)
            r = np.sum(x, axis=npax, keepdims=kd, dtype=np.dtype(rt))
        if inexact(rt):
            tol = -1.0
    elif func == 'mean':
        r = np.mean(xf, axis=npax, keepdims=kd).astype(rt) if cnt else np.full(
            [1 if (i in red) else d for i, d in enumerate(x.shape)] if kd else kept, nan, dtype=rt)
        tol = 8 * eps * float(np.max(np.mean(mag, axis=npax), initial=0) + 1) * (math.log2(cnt + 2) + 2) if cnt else 0.0
    elif func in ('var', 'stddev'):
        shp = [1 if (i in red) else d for i, d in enumerate(x.shape)] if kd else kept
        if cnt - extra <= 0:
            r = np.full(shp, np.nan, dtype=rt)
        else:
            v = np.var(xf, axis=npax, keepdims=kd, ddof=extra)
            r = (np.sqrt(v) if func == 'stddev' else v).astype(rt)
        tol = 64 * eps * float(np.max(mag, initial=0) ** 2 + 1) * (math.log2(cnt + 2) + 2)
        if func == 'stddev':
            tol = math.sqrt(tol) * 4
    elif func == 'max':
        r = np.max(x, axis=npax, keepdims=kd) if cnt else np.zeros(
            [1 if (i in red) else d for i, d in enumerate(x.shape)] if kd else kept, dtype=rt)
    elif func == 'min':
        r = np.min(x, axis=npax, keepdims=kd) if cnt else np.zeros(
            [1 if (i in red) else d for i, d in enumerate(x.shape)] if kd else kept, dtype=rt)
    elif func == 'all':
        r = np.all(x, axis=npax, keepdims=kd)
    elif func == 'any':
        r = np.any(x, axis=npax, keepdims=kd)
    else:
        r = np.count_nonzero(x, axis=npax, keepdims=kd)
        r = np.asarray(r, dtype=np.int64)
        if not kd and rank and red and len(red) == rank:
            r = r.reshape(())
    r = np.asarray(r, dtype=rt)
    return r, tol


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--seed', type=int)
    ap.add_argument('--cases', type=int, default=3000)
    ap.add_argument('--run')
    args = ap.parse_args()
    if args.run:
        have = subprocess.run([args.run, '--dtypes'], capture_output=True, text=True, check=True).stdout.split()
        for t in list(DTYPES):
            if t not in have:
                del DTYPES[t]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    lines = []
    cid = 0
    while len(lines) < args.cases:
        line = gen_case(rng, cid)
        cid += 1
        if line is not None:
            lines.append(line)
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'reduce_cases: seed {seed}, {len(lines)} cases of {", ".join(DTYPES)} (repeat with --seed {seed})')
    if args.run:
        sys.stdout.flush()
        sys.exit(subprocess.call([args.run, args.out]))


if __name__ == '__main__':
    main()
