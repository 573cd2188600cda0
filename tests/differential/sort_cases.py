# tests/differential/sort_cases.py: random sorts, searches and unique sets for loom with NumPy's expected results.
#
# Draws a function (sort: sort and argsort together; searchsorted; nonzero; unique: the four unique
# functions together), an element type (int32, float64 with NaN, -0.0 and infinities among the
# values, uint8, bool, float32), a shape of rank 0 to 4 (sizes 0 to 6, some rows of 300 or 700 for
# the radix sort), whether the operand is read through a view with a negative step or is an
# expression (not an array), the axis (negative ones, out of range ones: errors) and the direction,
# and NumPy 1.24's result under loom's rules (API.md, Searching and sorting):
#   - sort, argsort: np.sort / np.argsort with kind='stable'; descending (NumPy has none) is the
#     stable ascending argsort of -x (in float64 or int64: no overflow, NaN still last, -0.0 and
#     0.0 still equal, so ties keep their order), the values taken along it.
#   - searchsorted: x1 a sorted vector (NaN last) of the element type, x2 any shape, both sides.
#   - nonzero: np.nonzero; rank 0 is an error 'V' (std::invalid_argument: the Array API), where
#     NumPy 1.24 treats it as rank 1 with a deprecation warning.
#   - unique: np.unique(x, return_index=True, return_inverse=True, return_counts=True,
#     equal_nan=False) (each NaN distinct, as the Array API; the inverse compared flattened: loom's
#     has x's shape, NumPy 1.24's is flat).
#   - errors: a bad axis 'I' (index_error); x1 of searchsorted not of rank 1 'V'.
# Floats are compared bit for bit up to NaN payloads: -0.0 and 0.0 differ.
# One case per line for sort_main.cpp.
#
# Usage: sort_cases.py OUT [--seed N] [--cases N] [--run EXE]
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

DTYPES = {'bool': np.bool_, 'int32': np.int32, 'uint8': np.uint8, 'float32': np.float32, 'float64': np.float64}
FUNCS = ['sort', 'sort', 'searchsorted', 'nonzero', 'unique', 'unique']


def part(rng):
    r = rng.random()
    if r < 0.06:
        return float('nan')
    if r < 0.12:
        return rng.choice([0.0, -0.0])
    if r < 0.14:
        return rng.choice([math.inf, -math.inf])
    if r < 0.5:
        return float(rng.randint(-3, 3))  # ties
    return round(rng.uniform(-8, 8), 2)


def values(rng, t, n):
    if t == 'bool':
        return [rng.random() < 0.5 for _ in range(n)]
    if t.startswith('float'):
        return [part(rng) for _ in range(n)]
    lo, hi = (0, 255) if t == 'uint8' else (-40, 40)
    if rng.random() < 0.5:
        lo, hi = (0, 5) if t == 'uint8' else (-3, 3)  # many ties
    return [rng.randint(lo, hi) for _ in range(n)]


def rand_shape(rng):
    rank = rng.choice([0, 1, 1, 1, 2, 2, 2, 3, 3, 4])
    shp = [rng.choice([0, 1, 1, 2, 3, 4, 5, 6]) for _ in range(rank)]
    if rank and rng.random() < 0.2 and 0 not in shp:
        shp[rng.randrange(rank)] = rng.choice([17, 40, 300, 700])  # the merge sort below 64, the radix sort from it
        if int(np.prod(shp)) > 5000:
            shp = [min(d, 3) if i != shp.index(max(shp)) else d for i, d in enumerate(shp)]
    return shp


def fmt(v, t):
    if t == 'bool':
        return '1' if v else '0'
    if t.startswith('float'):
        return 'nan' if math.isnan(v) else repr(float(v))
    return str(int(v))


def arr(a, t):
    """One array: dtype rank dims n values."""
    flat = np.asarray(a).reshape(-1)
    return [t, str(np.ndim(a))] + [str(d) for d in np.shape(a)] + [str(flat.size)] + [fmt(v, t) for v in flat.tolist()]


def desc_order(x, axis, t):
    wide = x.astype(np.float64 if t.startswith('float') else np.int64)
    return np.argsort(-wide, axis=axis, kind='stable')


def gen_case(rng, cid):
    func = rng.choice(FUNCS)
    t = rng.choice(list(DTYPES))
    shp = rand_shape(rng)
    if func == 'searchsorted':
        shp = [rng.choice([0, 1, 2, 5, 9, 300])] if rng.random() < 0.95 else [2, 2]
    n = int(np.prod(shp)) if shp else 1
    vals = values(rng, t, n)
    x = np.array(vals, dtype=DTYPES[t]).reshape(shp)
    if func == 'searchsorted' and len(shp) == 1:
        x = np.sort(x, kind='stable')[::-1].copy()  # stored descending: read through the reversed view
        vals = x.reshape(-1).tolist()
    # 1: through a view with a negative step on axis 0; 2: an expression (astype to its own type)
    view = 1 if (shp and shp[0] > 1 and rng.random() < 0.3) else (2 if rng.random() < 0.3 else 0)
    if func == 'searchsorted' and len(shp) == 1:
        view = 1
    xv = x[::-1] if view == 1 else x
    rank = len(shp)
    axis, side, desc = 0, 0, 0
    extra = []
    if func == 'sort':
        axis = rng.randrange(-rank, rank) if rank else -1
        if rng.random() < 0.05:
            axis = rng.choice([rank, -rank - 1])
        desc = 1 if rng.random() < 0.4 else 0
    if func == 'searchsorted':
        side = rng.randrange(2)
        x2shape = rand_shape(rng)
        n2 = int(np.prod(x2shape)) if x2shape else 1
        v2 = values(rng, t, n2)
        x2 = np.array(v2, dtype=DTYPES[t]).reshape(x2shape)
        extra = arr(x2, t)
    head = [str(cid), func, t, str(rank)] + [str(d) for d in shp] + [str(n)] + [fmt(v, t) for v in vals]
    head += [str(view), str(axis), str(side), str(desc)] + extra
    return ' '.join(head + compute(func, xv, t, axis, side, desc, x2 if func == 'searchsorted' else None))


def compute(func, x, t, axis, side, desc, x2):
    rank = x.ndim
    if func == 'sort':
        if axis < -rank or axis >= rank:
            return ['I']
        idx = desc_order(x, axis, t) if desc else np.argsort(x, axis=axis, kind='stable')
        srt = np.take_along_axis(x, idx, axis=axis)
        if not desc:
            assert np.array_equal(srt, np.sort(x, axis=axis, kind='stable'), equal_nan=t.startswith('float'))
        return ['R', '2'] + arr(srt, t) + arr(idx.astype(np.int64), 'int64')
    if func == 'searchsorted':
        if rank != 1:
            return ['V']
        r = np.searchsorted(x, x2, side='right' if side else 'left')
        return ['R', '1'] + arr(np.asarray(r, dtype=np.int64), 'int64')
    if func == 'nonzero':
        if rank == 0:
            return ['V']
        nz = np.nonzero(x)
        return ['R', str(rank)] + sum((arr(a.astype(np.int64), 'int64') for a in nz), [])
    # unique
    v, i, inv, c = np.unique(x, return_index=True, return_inverse=True, return_counts=True, equal_nan=False)
    return (['R', '4'] + arr(v, t) + arr(i.astype(np.int64), 'int64') + arr(inv.reshape(-1).astype(np.int64), 'int64')
            + arr(c.astype(np.int64), 'int64'))


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
    lines = [gen_case(rng, cid) for cid in range(args.cases)]
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'sort_cases: seed {seed}, {len(lines)} cases of {", ".join(DTYPES)} (repeat with --seed {seed})')
    if args.run:
        sys.stdout.flush()
        sys.exit(subprocess.call([args.run, args.out]))


if __name__ == '__main__':
    main()
