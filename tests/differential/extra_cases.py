# tests/differential/extra_cases.py: random cases of NumPy's manipulation, index and set functions
# beyond the Array API for loom (pad, split, array_split, hstack, vstack, dstack, column_stack,
# swapaxes, rot90, diagonal (read and written through), trace, outer, inner, kron, argwhere,
# unravel_index, ravel_multi_index, coordinate_array, isin, intersect1d, union1d, setdiff1d,
# partition, argpartition) with NumPy 1.24's expected results.
#
# Draws a function, its element types (float64 and float32 with NaN, infinities and -0.0 among the
# values, int32, uint8, bool; int64 index arrays; two types where a function takes two operands:
# see PAIRS), shapes of rank 0 to 4 (extents 0 to 6, a few longer lanes), the operands' kinds and
# the function's other arguments (negative axes and offsets too, some out of range); NumPy computes
# the result, or the error, and the checker (extra_main.cpp) compares the element type, the shape
# and the values (exactly: NaN equals NaN, -0.0 differs from 0.0; see below), or the kind of
# error, and that every operand it did not assign to is unchanged (and that a failed assignment
# wrote nothing). An operand is an array ('a'); a view of a larger array (a transposed one, or one
# with steps -1, 2 or -2 on some axes: NumPy's x.T, x[::-1], x[:, ::2]); or an expression over such
# a view (x - 0, which keeps -0.0); not for trace nor for diagonal written through.
#   - pad: every pad_mode (constant with a value or the default 0, edge, reflect, symmetric, wrap),
#     widths as one integer, one pair, a braced list of pairs or a std::vector of them, one pair or
#     one per axis; wide pads (up to three times the axis and more), empty axes.
#   - split, array_split: a count of sections (split mostly a divisor) or a list of cut indices
#     (braced or a std::vector; negative, past the end, out of order), default or given axis; the
#     pieces compared one by one, and checked to be views of x (x an array or a view).
#   - hstack, vstack, dstack, column_stack: 1 to 3 operands of ranks 0 to 3 whose raised shapes
#     mostly fit (now and then not), as a braced list of arrays, a std::vector of views (no
#     operand too) or std::tie of two element types (an array and an expression).
#   - swapaxes, rot90 (k from -9 to 9; default k and axes, or axes as a braced list or a
#     std::vector, of 1 to 3 entries), diagonal (offset, axis1, axis2, past the corner) read, and
#     written through (`diagonal(x, ...) = v`, v a number or an array broadcasting to the diagonal;
#     NumPy: the diagonal's positions in a copy of x's memory, assigned by index), trace.
#   - outer, inner, kron: ranks 0 to 3, one element type (a view, of an array's whole memory
#     now and then, and an expression) or two (PAIRS: an array and a view); floating values are
#     small multiples of 1/8 (and now and then NaN and infinities), so any order of the sums is exact.
#   - argwhere; unravel_index of a number, an index array (int32, int64, uint8) or a view of one;
#     ravel_multi_index of a braced list or std::vector of coordinates (index arrays broadcasting
#     together, numbers); coordinate_array of int32, uint8 and int64 operands and of a number.
#   - isin (invert), intersect1d (assume_unique), union1d, setdiff1d (assume_unique): one element
#     type or two, operands of any shape (values drawn from small pools: many equal, NaN, -0.0 and
#     0.0), a C++ number for either operand (int32, float64). With assume_unique the operands are
#     drawn unique (setdiff1d's ar1 always: NumPy's result is undefined otherwise).
#   - partition, argpartition: kth a number, a braced list or a std::vector (negative too), default
#     or given axis, NaN among the values. NumPy's order within the two sides is its own, so the
#     checker tests invariants against np.sort(x, axis): each lane a permutation of x's lane
#     (argpartition: the indices a permutation, gathering such a lane), the element at each kth
#     equal to the sorted one, none before it larger, none after it smaller (NaN last).
#
# Errors: NumPy's ValueError is std::invalid_argument that is not a broadcast_error ('V'), its
# IndexError and AxisError are loom::index_error ('I'), except where loom documents otherwise:
#   - rot90: every error (axes named twice, out of range, not two of them) is index_error; NumPy
#     raises ValueError.
#   - diagonal and trace: axis1 and axis2 naming one axis is index_error (NumPy ValueError); below
#     rank 2 std::invalid_argument as NumPy's ValueError.
#   - diagonal written through: a value that does not broadcast to the diagonal, or of more axes
#     than it, is loom::broadcast_error ('B') (loom's in-place rule; NumPy's broadcast_to raises
#     ValueError).
#   - unravel_index and ravel_multi_index: an index or coordinate out of range (negative, too
#     large, any for a shape with an axis of 0) is index_error (NumPy ValueError); coordinates
#     that do not broadcast are broadcast_error ('B'); a count of coordinates other than the
#     shape's rank, and shapes of more elements than int64 counts, std::invalid_argument.
#   - split and array_split: sections below 1 are std::invalid_argument (NumPy's np.split(x, 0)
#     raises ZeroDivisionError).
#   - pad: an empty list of widths is valid for x of rank 0 (one pair per axis; x returned) and
#     std::invalid_argument otherwise (NumPy cannot take an empty list: its minimum raises).
# Other documented differences:
#   - sets with a C++ number: the number takes the other operand's element type (weak, as in an
#     expression; setdiff1d's result is the number's type when it is ar1: int32 for an int, float64
#     for a double); NumPy 1.24 makes it an int64 or float64 array. The values are the same.
#   - two element types (and a rank-0 operand): NumPy 1.24 casts a rank-0 array by its value
#     (np.kron(np.float64(2), float32 array) is float32; np.union1d(float32 array, np.array(2.9))
#     compares and returns float32), loom promotes (NumPy 2's rule): the expected results are
#     NumPy's of the operands converted to the promoted type first (setdiff1d's converted back to ar1's).
#   - inner with a rank-0 operand is np.multiply (np.inner's documented rule): NumPy 1.24 scales by
#     BLAS there, which makes 0 * nan 0 and -0.375 * 0.0 0.0.
#   - unravel_index with shape (): index arrays whose elements are all 0 give no arrays, others
#     index_error (NumPy refuses any index array for shape ()).
#   - partition and argpartition with an empty list of kth: a copy, x's lanes as they are (NumPy
#     refuses the empty list as not integers).
#   - inner and trace: sums; the signs of zero results are not compared (the order of the sums
#     decides them). Set results: the signs of zeros are not compared either (-0.0 and 0.0 are one
#     value, and which one is kept depends on NumPy's sort, not stable beyond 16 elements).
#
# Line format (extra_main.cpp reads it): id func dtype args..., then 'R', the number of result
# arrays and the arrays, or the error's letter. An operand is `dtype kind n v1..vn rank extents
# strides offset`: kind 'a' an array of the extents holding the n values in C order; 'v' the
# strided view at offset into the n values (strides in elements); 'e' the expression view - 0. An
# array is `dtype rank extents values`; a list of integers `n v1 .. vn`.
#
# Usage: extra_cases.py OUT [--seed N] [--cases N] [--run EXE]
# prints the seed and the case counts; with --run, runs `EXE OUT` and exits with its status.
import argparse
import collections
import math
import random
import subprocess
import sys
import warnings

import numpy as np

import operands

warnings.simplefilter('ignore')
np.seterr(all='ignore')

NP = {'bool': np.bool_, 'int32': np.int32, 'int64': np.int64, 'uint8': np.uint8, 'float32': np.float32,
      'float64': np.float64, 'uint64': np.uint64}
TYPES = ['float64', 'float32', 'int32', 'uint8', 'bool']
# two element types (x1's, x2's) where NumPy's result type is loom's (promote_t); int32 with float32
# is not drawn (NumPy float64, loom float32)
PAIRS = [('int32', 'float64'), ('uint8', 'int32'), ('bool', 'float64'), ('float32', 'float64')]
FUNCS = ['pad', 'split', 'array_split', 'hstack', 'vstack', 'dstack', 'column_stack', 'swapaxes', 'rot90',
         'diagonal', 'diagonal_set', 'trace', 'outer', 'inner', 'kron', 'argwhere', 'unravel_index',
         'ravel_multi_index', 'coordinate_array', 'isin', 'intersect1d', 'union1d', 'setdiff1d', 'partition',
         'argpartition']
WEIGHTS = [2.5, 1, 1, 0.8, 0.8, 0.8, 0.8, 0.8, 1, 1, 1, 0.8, 0.8, 1, 0.8, 0.8, 1, 1, 0.5, 1, 1, 0.8, 1, 1.2, 1.2]
NAN, INF = float('nan'), float('inf')


class Case:
    pass


class Many(list):
    """A result of several arrays (split's pieces, unravel_index's coordinates)."""


# ---- values and operands

def real(rng, special=True, exact=False):
    r = rng.random()
    if special:
        if r < 0.04:
            return NAN
        if r < 0.07:
            return rng.choice([INF, -INF])
        if r < 0.10:
            return rng.choice([-0.0, 0.0] if exact else [-0.0, 0.0, 5e-324, -1.7976931348623157e308])
    if r < 0.4:
        return float(rng.randint(-3, 3))
    if r < 0.65 or exact:
        return rng.randint(-32, 32) / 8
    return round(rng.uniform(-8, 8), 4)


FLOAT_POOL = [-2.0, -1.0, -0.5, -0.0, 0.0, 0.5, 1.0, 2.0, 3.0, INF, -INF, NAN]


def values(rng, t, n, style='any'):
    """n values of dtype t: 'any' (extremes and specials), 'exact' (sums and products exact in any
    order; specials now and then), 'ties' (small pools: many equal values, zeros, NaN)."""
    if t == 'bool':
        p = rng.choice([0.2, 0.5, 0.8])
        return [rng.random() < p for _ in range(n)]
    if t.startswith('float'):
        if style == 'ties':
            return [rng.choice(FLOAT_POOL) if rng.random() < 0.85 else round(rng.uniform(-4, 4), 1) for _ in range(n)]
        special = style == 'any' or rng.random() < 0.25
        return [real(rng, special, style == 'exact') for _ in range(n)]
    if t == 'uint8':
        if style == 'ties':
            return [rng.randint(0, 4) if rng.random() < 0.85 else rng.choice([200, 254, 255]) for _ in range(n)]
        return [rng.randint(0, 255) for _ in range(n)]
    if style == 'ties':
        return [rng.randint(-4, 4) for _ in range(n)]
    if style == 'any' and rng.random() < 0.1:
        return [rng.choice([-2 ** 31, 2 ** 31 - 1, rng.randint(-9, 9)]) for _ in range(n)]
    return [rng.randint(-20, 20) for _ in range(n)]


def unique_values(rng, t, n):
    """n distinct values of dtype t (-0.0 and 0.0 count as one; one NaN at most), or None."""
    if t == 'bool':
        pool = [False, True]
    elif t.startswith('float'):
        pool = [v for v in FLOAT_POOL if v != 0.0] + [rng.choice([-0.0, 0.0])] + [k / 4 for k in range(-30, 30) if k % 2]
    elif t == 'uint8':
        pool = list(range(256)) if rng.random() < 0.3 else list(range(12))
    else:
        pool = list(range(-12, 12))
    if n > len(pool):
        return None
    return rng.sample(pool, n)


def fmt(v, t):
    if t == 'bool':
        return '1' if v else '0'
    if t.startswith('float'):
        return 'nan' if math.isnan(v) else repr(float(v))
    return str(int(v))


def arr(a, t=None):
    a = np.asarray(a)
    t = t or str(a.dtype)
    return [t, str(a.ndim)] + [str(d) for d in a.shape] + [fmt(v, t) for v in a.reshape(-1).tolist()]


def ints(v):
    return [str(len(v))] + [str(int(a)) for a in v]


rand_shape = operands.rand_shape
size = operands.size


def Op(rng, t, shape, kinds='a', style='any', vals=None):
    """An operand of dtype t (operands.Op), its values this script's of `style` unless vals(n) gives them."""
    return operands.Op(rng, t, NP[t], shape, kinds, vals or (lambda n: values(rng, t, n, style)), fmt)


def rand_axis(rng, rank, bad=0.04):
    if rank == 0 or rng.random() < bad:
        return rng.choice([rank, -rank - 1, rank + rng.randint(1, 3), -rank - 1 - rng.randint(1, 3)])
    return rng.randrange(-rank, rank)


def numpy_outcome(f):
    try:
        return f()
    except (np.AxisError, IndexError):
        return 'I'
    except (ValueError, ZeroDivisionError, TypeError):
        return 'V'


# ---- pad

PAD_MODES = ['constant', 'constant', 'edge', 'reflect', 'symmetric', 'wrap']


def gen_pad(rng, c):
    shp = rand_shape(rng, ranks=(0, 1, 1, 1, 2, 2, 2, 3, 3))
    x = Op(rng, c.t, shp, 'aatre')
    rank = len(shp)
    mode = rng.choice(PAD_MODES)
    form = rng.choice('ipllr')

    def width(n):
        r = rng.random()
        if r < 0.3:
            return 0
        if r < 0.7:
            return rng.randint(1, 3)
        return rng.choice([n, n + 1, 2 * n + 1, 3 * n + 2, rng.randint(4, 9)])  # past the data: rounds
    short = min(shp) if shp else 1
    if form == 'i':
        w = width(short)
        pairs = [(w, w)]
    elif form == 'p':
        pairs = [(width(short), width(short))]
    else:
        pairs = [(width(e), width(e)) for e in shp]
        r = rng.random()
        if rank == 0 and r < 0.5:
            pairs = [(width(1), width(1))]  # one pair for all axes (none)
        elif rank >= 2 and r < 0.15:
            pairs = [pairs[0]]  # one pair for every axis
        elif r < 0.19:
            if pairs and rng.random() < 0.5:
                pairs.pop(rng.randrange(len(pairs)))  # a pair too few
            else:
                pairs.append((1, 2))  # a pair too many
    # the result's size: at most ~3000 elements
    for _ in range(20):
        full = [pairs[0] if len(pairs) == 1 else (pairs[k] if k < len(pairs) else (0, 0)) for k in range(rank)]
        if size([e + b + a for e, (b, a) in zip(shp, full)]) <= 3000:
            break
        pairs = [(b // 2, a // 2) for b, a in pairs]
    if pairs and rng.random() < 0.04:
        k = rng.randrange(len(pairs))
        b, a = pairs[k]
        pairs[k] = (-rng.randint(1, 3), a) if rng.random() < 0.5 or form == 'i' else (b, -rng.randint(1, 3))
        if form == 'i':
            pairs[k] = (pairs[k][0], pairs[k][0])
    value = '-'
    if mode == 'constant':
        mode = rng.choice(['-', 'constant', 'constant', 'constant'])  # '-': pad(x, widths), the default 0
        if mode == 'constant' and rng.random() < 0.8:
            value = values(rng, c.t, 1)[0]
    elif rng.random() < 0.3:
        value = values(rng, c.t, 1)[0]  # given, and ignored
    c.args = x.tokens() + [form, str(len(pairs))] + [str(v) for p in pairs for v in p] + \
        [mode, '-' if value == '-' else fmt(np.array(value, dtype=NP[c.t]).item(), c.t)]
    if any(b < 0 or a < 0 for b, a in pairs):
        return 'V'
    if not pairs:
        return x.x.copy() if rank == 0 else 'V'  # loom: one pair per axis (NumPy: no empty list)
    npmode = 'constant' if mode == '-' else mode
    kw = {}
    if npmode == 'constant':
        kw['constant_values'] = np.array(0 if value == '-' else value, dtype=NP[c.t])
    return numpy_outcome(lambda: np.pad(x.x, np.array(pairs, dtype=np.intp).reshape(-1, 2), npmode, **kw))


# ---- split

def gen_split(rng, c):
    rank = rng.choice([0, 1, 1, 1, 2, 2, 3, 3]) if rng.random() > 0.03 else 0
    shp = rand_shape(rng, ranks=(rank,), exts=(0, 1, 2, 3, 4, 5, 6))
    x = Op(rng, c.t, shp, 'aatre')
    amode = rng.choice('nii')
    axis = rand_axis(rng, rank) if amode == 'i' else 0
    ok = -rank <= axis < rank
    n = shp[axis] if ok else 4
    form = rng.choice('sssllr')
    f = np.split if c.func == 'split' else np.array_split
    if form == 's':
        if c.func == 'split' and rng.random() < 0.75:
            sections = rng.choice([d for d in range(1, max(n, 4) + 1) if n % d == 0])
        else:
            sections = rng.randint(1, max(n, 1) + 2)
        if rng.random() < 0.04:
            sections = rng.choice([0, -1, -3])
        c.args = x.tokens() + [amode, str(axis), 's'] + ints([sections])
        if not ok:
            return 'I'
        if sections < 1:
            return 'V'  # loom: std::invalid_argument (NumPy's np.split(x, 0): ZeroDivisionError)
        want = numpy_outcome(lambda: f(x.x, sections, axis=axis))
    else:
        k = rng.choice([0, 1, 1, 2, 2, 3, 4])
        idx = [rng.randint(-n - 2, n + 2) if rng.random() < 0.3 else rng.randint(0, n) for _ in range(k)]
        if rng.random() < 0.7:
            idx.sort()
        c.args = x.tokens() + [amode, str(axis), form] + ints(idx)
        want = numpy_outcome(lambda: f(x.x, idx, axis=axis))
    return want if isinstance(want, str) else Many(want)


# ---- hstack, vstack, dstack, column_stack

def deraise(func, raised):
    """the shapes NumPy's atleast_1d/2d/3d (column_stack: a column) raises to `raised`"""
    r = len(raised)
    opts = [list(raised)]
    if func == 'hstack' and raised == [1]:
        opts.append([])
    elif func == 'vstack' and r == 2 and raised[0] == 1:
        opts.append([raised[1]])
        if raised[1] == 1:
            opts.append([])
    elif func == 'dstack' and r == 3 and raised[2] == 1:
        opts.append(raised[:2])
        if raised[0] == 1:
            opts.append([raised[1]])
            if raised[1] == 1:
                opts.append([])
    elif func == 'column_stack' and r == 2 and raised[1] == 1:
        opts.append([raised[0]])
        if raised[0] == 1:
            opts.append([])
    return opts


def gen_join(rng, c):
    func = c.func
    form = rng.choice('llrrt')
    if form == 't':
        ta, tb = rng.choice(PAIRS)
        types = [ta, tb]
        c.t = f'{ta},{tb}'
    else:
        n = rng.choice([1, 2, 2, 3, 3])
        if form == 'r' and rng.random() < 0.03:
            n = 0  # no operands
        types = [c.t] * n
    n = len(types)
    rr = {'hstack': rng.choice([1, 1, 2, 3]), 'vstack': rng.choice([2, 2, 3]), 'dstack': 3,
          'column_stack': rng.choice([2, 2, 3])}[func]
    ax = {'hstack': 0 if rr == 1 else 1, 'vstack': 0, 'dstack': 2, 'column_stack': 1}[func]
    base = [rng.choice([0, 1, 1, 1, 2, 3]) for _ in range(rr)]
    shapes = []
    for _ in range(n):
        raised = list(base)
        raised[ax] = rng.choice([0, 1, 1, 2, 3])
        shapes.append(list(rng.choice(deraise(func, raised))))
    if n and rng.random() < 0.1:  # one operand that does not fit (now and then it still does)
        s = shapes[rng.randrange(n)]
        r = rng.random()
        if s and r < 0.5:
            k = rng.randrange(len(s))
            s[k] += rng.choice([1, 2])
        elif r < 0.75 and len(s) < 4:
            s.insert(0, rng.choice([1, 2]))
        elif s:
            s.pop()
    kinds = 'a' if form == 'l' else ('atr' if form == 'r' else None)
    parts = []
    for i in range(n):
        k = kinds if kinds else ('a' if i == 0 else 'e')
        parts.append(Op(rng, types[i], shapes[i], k))
    c.args = [form, str(n)]
    for p in parts:
        c.args += p.tokens()
    f = {'hstack': np.hstack, 'vstack': np.vstack, 'dstack': np.dstack, 'column_stack': np.column_stack}[func]
    return numpy_outcome(lambda: f([p.x for p in parts]))


# ---- swapaxes, rot90, diagonal, trace

def gen_swapaxes(rng, c):
    shp = rand_shape(rng, ranks=(0, 1, 2, 2, 3, 3, 4), exts=(0, 1, 2, 3, 4))
    x = Op(rng, c.t, shp, 'aatre')
    rank = len(shp)
    a1, a2 = rand_axis(rng, rank), rand_axis(rng, rank)
    if rank and rng.random() < 0.1:
        a2 = a1  # one axis twice: x's layout
    c.args = x.tokens() + [str(a1), str(a2)]
    return numpy_outcome(lambda: np.swapaxes(x.x, a1, a2))


def gen_rot90(rng, c):
    shp = rand_shape(rng, ranks=(1, 2, 2, 2, 3, 3, 4), exts=(0, 1, 2, 3, 4))
    if rng.random() < 0.02:
        shp = []
    x = Op(rng, c.t, shp, 'aatre')
    rank = len(shp)
    kmode = rng.choice('nkllrr')
    k = rng.randint(-9, 9)
    axes = [0, 1]
    if kmode in 'lr':
        axes = rng.sample(range(rank), 2) if rank >= 2 else [0, 1]
        axes = [a - rank if rng.random() < 0.4 else a for a in axes]
        r = rng.random()
        if r < 0.03:
            axes[1] = axes[0]
        elif r < 0.05 and rank:
            axes[1] = axes[0] - rank if axes[0] >= 0 else axes[0] + rank  # one axis, named twice
        elif r < 0.08:
            axes[rng.randrange(2)] = rand_axis(rng, rank, bad=1)
        elif r < 0.11:
            axes = axes[:1] if rng.random() < 0.5 else axes + [rng.randrange(max(rank, 1))]
    c.args = x.tokens() + [kmode, str(k)] + ints(axes)
    if kmode == 'n':
        want = numpy_outcome(lambda: np.rot90(x.x))
    else:
        want = numpy_outcome(lambda: np.rot90(x.x, k, axes))
    return 'I' if want == 'V' else want  # loom: index_error for every fault of the axes


def diag_args(rng, rank):
    form = rng.choice('nofff')
    offset = rng.choice([0, 0, 1, -1, 2, -2, 3, -3, 4, -5]) if form != 'n' else 0
    a1, a2 = 0, 1
    if form == 'f':
        a1 = rand_axis(rng, rank, bad=0.03) if rank else 0
        a2 = rand_axis(rng, rank, bad=0.03) if rank else 1
        if rank >= 2 and rng.random() < 0.85:
            a1, a2 = rng.sample(range(rank), 2)
            a1 = a1 - rank if rng.random() < 0.3 else a1
            a2 = a2 - rank if rng.random() < 0.3 else a2
    return form, offset, a1, a2


def diag_outcome(f):
    try:
        return f()
    except np.AxisError:
        return 'I'
    except ValueError as e:
        return 'V' if 'at least two' in str(e) else 'I'  # axis1 == axis2: loom index_error


def gen_diagonal(rng, c):
    how = c.func
    shp = rand_shape(rng, ranks=(0, 1, 2, 2, 2, 3, 3, 4), exts=(0, 1, 2, 3, 4, 5))
    if how == 'diagonal_set' and rng.random() < 0.9:
        shp = shp if len(shp) >= 2 else shp + [rng.randint(1, 4) for _ in range(2 - len(shp))]
    rank = len(shp)
    style = 'exact' if how == 'trace' else 'any'
    x = Op(rng, c.t, shp, 'aatre' if how == 'diagonal' else 'aatr', style=style)  # see extra_main.cpp
    form, offset, a1, a2 = diag_args(rng, rank)
    c.args = x.tokens() + [form, str(offset), str(a1), str(a2)]
    if how == 'diagonal':
        return diag_outcome(lambda: np.diagonal(x.x, offset, a1, a2))
    if how == 'trace':
        want = diag_outcome(lambda: np.trace(x.x, offset, a1, a2))
        return want if isinstance(want, str) else np.asarray(want)
    # written through: the diagonal's positions in x's memory (a copy), assigned by index
    pos = np.arange(x.base.size).reshape(x.base.shape)
    d = diag_outcome(lambda: np.diagonal(x.view_of(pos), offset, a1, a2))
    target = list(d.shape) if not isinstance(d, str) else [2]
    vform = rng.choice('saa')
    if vform == 's':
        val = np.array(values(rng, c.t, 1)[0], dtype=NP[c.t])
    else:
        vshape = target[rng.randint(0, len(target)):] if rng.random() < 0.5 else list(target)
        vshape = [1 if rng.random() < 0.25 else e for e in vshape]
        r = rng.random()
        if r < 0.05:
            vshape = [1] + vshape  # more axes than the diagonal
        elif r < 0.09:
            vshape = vshape + [2] if not vshape or rng.random() < 0.5 else [e + 1 if e != 1 else 3 for e in vshape]
        val = np.array(values(rng, c.t, size(vshape)), dtype=NP[c.t]).reshape(vshape)
    c.args += [vform] + arr(val, c.t)
    if isinstance(d, str):
        return d
    try:
        vb = np.broadcast_to(val, d.shape)
    except ValueError:
        return 'B'  # loom: broadcast_error (more axes than the diagonal too)
    flat = x.base.copy().reshape(-1)
    flat[d.reshape(-1)] = vb.reshape(-1)
    return flat


# ---- outer, inner, kron

def gen_product(rng, c):
    func = c.func
    pair = rng.random() < 0.25
    ta, tb = rng.choice(PAIRS) if pair else (c.t, c.t)
    c.t = f'{ta},{tb}' if pair else c.t
    form = 'av' if pair else 've'
    exts = (0, 1, 2, 3) if func == 'kron' else (0, 1, 1, 2, 3, 4)
    s1 = rand_shape(rng, ranks=(0, 1, 1, 2, 2, 3), exts=exts)
    s2 = rand_shape(rng, ranks=(0, 1, 1, 2, 2, 3), exts=exts)
    if func == 'inner' and s1 and s2:
        s2[-1] = s1[-1]
        if rng.random() < 0.06:
            s2[-1] += rng.choice([1, 2])
    kinds = {'a': 'a', 'v': 'atr', 'e': 'e'}
    x1 = Op(rng, ta, s1, kinds[form[0]], style='exact')
    x2 = Op(rng, tb, s2, kinds[form[1]], style='exact')
    c.args = [form] + x1.tokens() + x2.tokens()
    f = {'outer': np.outer, 'inner': np.inner, 'kron': np.kron}[func]
    rt = np.result_type(x1.x.dtype, x2.x.dtype)
    # in the promoted type: NumPy 1.24 multiplies a rank-0 operand by value-based casting
    # (np.kron(np.float64(2), float32 array) is float32), loom by promotion, as NumPy 2
    if func == 'inner' and (x1.x.ndim == 0 or x2.x.ndim == 0):
        f = np.multiply  # np.inner's own rule; NumPy 1.24 scales by BLAS, where 0 * nan is 0 (and -0.0 0.0)
    want = numpy_outcome(lambda: np.asarray(f(x1.x.astype(rt), x2.x.astype(rt))))
    if not isinstance(want, str):
        assert want.dtype == rt, (func, want.dtype)
    return want


# ---- argwhere, unravel_index, ravel_multi_index, coordinate_array

def gen_argwhere(rng, c):
    shp = rand_shape(rng, ranks=(0, 1, 1, 2, 2, 3, 4), exts=(0, 1, 2, 3, 4, 5))
    x = Op(rng, c.t, shp, 'aatre', style='ties' if rng.random() < 0.7 else 'any')
    c.args = x.tokens()
    return np.argwhere(x.x)


INDEX_TYPES = ['int32', 'int64', 'uint8']


def flat_index_values(rng, total, n, it):
    out = []
    for _ in range(n):
        if total == 0 or rng.random() < 0.03:
            v = rng.choice([-1, -rng.randint(2, 9), total, total + rng.randint(1, 9)])
        else:
            v = rng.randrange(total)
        if it == 'uint8':
            v = min(max(v, 0), 255)
        out.append(v)
    return out


def index_outcome(f):
    try:
        return f()
    except ValueError as e:
        m = str(e)
        if 'too large' in m or 'invalid dims' in m or 'sequence of length' in m:
            return 'V'
        if 'broadcast' in m:
            return 'B'
        return 'I'  # an index or coordinate out of range: loom index_error


def gen_unravel(rng, c):
    shape = rand_shape(rng, ranks=(0, 1, 1, 2, 2, 3, 3), exts=(0, 1, 2, 3, 4, 5))
    huge = rng.random() < 0.02
    if huge:
        shape = [2 ** 32, 2 ** 32]
    total = size(shape)
    form = rng.choice('naav')
    if form == 'n':
        it = 'int64'
        v = flat_index_values(rng, total if not huge else 10, 1, it)[0]
        c.args = ['n', str(v)]
        idx = v
    else:
        it = rng.choice(INDEX_TYPES) if form == 'a' else 'int64'
        ishape = rand_shape(rng, ranks=(0, 1, 1, 1, 2), exts=(0, 1, 2, 3, 4, 6))
        vals = (lambda n: flat_index_values(rng, total if not huge else 10, n, it))
        if form == 'a':
            idx = np.array(vals(size(ishape)), dtype=NP[it]).reshape(ishape)
            c.args = ['a'] + arr(idx, it)
        else:
            op = Op(rng, it, ishape, 'tr', vals=vals)
            idx = op.x
            c.args = ['v'] + op.tokens()
    c.args += ints(shape)
    c.t = it
    if not shape and form != 'n':
        # loom: shape () has one element, index 0 (NumPy refuses index arrays for it)
        return 'I' if np.any(np.asarray(idx) != 0) else Many()
    return index_outcome(lambda: Many(np.asarray(a) for a in np.unravel_index(idx, shape)))


def gen_ravel(rng, c):
    shape = rand_shape(rng, ranks=(0, 1, 1, 2, 2, 3, 3), exts=(0, 1, 2, 3, 4, 5))
    huge = rng.random() < 0.02
    if huge:
        shape = [2 ** 32, 2 ** 32]
    k = len(shape)
    if rng.random() < 0.04:
        k = k + 1 if k == 0 or rng.random() < 0.5 else k - 1
    bshape = rand_shape(rng, ranks=(0, 1, 1, 2, 2), exts=(0, 1, 2, 3, 4))
    form = rng.choice('llr')
    if form == 'l' and k > 4:
        form = 'r'
    coords, tokens = [], []
    for a in range(k):
        e = shape[a] if a < len(shape) else 3
        e = min(e, 10)

        def cv(n):
            out = []
            for _ in range(n):
                if e == 0 or rng.random() < 0.03:
                    out.append(rng.choice([-1, -rng.randint(2, 5), e, e + rng.randint(1, 5)]))
                else:
                    out.append(rng.randrange(e))
            return out
        if rng.random() < 0.3:
            v = cv(1)[0]
            coords.append(v)
            tokens += ['n', str(v)]
        else:
            it = rng.choice(['int32', 'int64'])
            s = bshape[rng.randint(0, len(bshape)):] if rng.random() < 0.4 else list(bshape)
            s = [1 if rng.random() < 0.2 else d for d in s]
            if rng.random() < 0.04:
                s = s + [5] if not s or rng.random() < 0.5 else [d + 1 if d != 1 else 7 for d in s]
            ca = np.array(cv(size(s)), dtype=NP[it]).reshape(s)
            coords.append(ca)
            tokens += ['a'] + arr(ca, it)
    c.args = [form, str(k)] + tokens + ints(shape)
    c.t = 'int64'
    want = index_outcome(lambda: np.asarray(np.ravel_multi_index(tuple(coords), shape)))
    if isinstance(want, np.ndarray) and want.dtype != np.int64:
        want = want.astype(np.int64)
    return want


def gen_coord(rng, c):
    t = rng.choice(['int32', 'uint8', 'int64', 'n'])
    c.t = t
    if t == 'n':
        v = rng.choice([0, 3, -7, 2 ** 40, -2 ** 63])
        c.args = [str(v)]
        return np.array(v, dtype=np.int64)
    shp = rand_shape(rng)
    x = Op(rng, t, shp, 'aatre')
    c.args = x.tokens()
    return x.x.astype(np.int64)


# ---- isin, intersect1d, union1d, setdiff1d

class NoUnique(Exception):
    pass


def set_operand(rng, t, unique, kinds):
    for _ in range(50):
        if rng.random() < 0.1:
            shp = [rng.choice([17, 24, 40])]  # longer than NumPy's insertion sort
        else:
            shp = rand_shape(rng, ranks=(0, 1, 1, 1, 2, 2, 3), exts=(0, 1, 2, 3, 4))
        if not unique:
            return Op(rng, t, shp, kinds, style='ties')

        def vals(n):
            v = unique_values(rng, t, n)
            if v is None:
                raise NoUnique()
            return v
        try:  # distinct values in the whole base: in any view of it too
            return Op(rng, t, shp, kinds, vals=vals)
        except NoUnique:
            continue
    return Op(rng, t, [], 'a', vals=lambda n: unique_values(rng, t, n))


def set_number(rng, t):
    return rng.choice([-1.0, -0.0, 0.0, 0.5, 2.0, NAN, INF]) if t == 'float64' else rng.randint(-4, 4)


def gen_set(rng, c):
    func = c.func
    pair = rng.random() < 0.2
    ta, tb = rng.choice(PAIRS) if pair else (c.t, c.t)
    c.t = f'{ta},{tb}' if pair else c.t
    forms = ['aa', 've', 've'] + (['na', 'an'] if c.t in ('int32', 'float64') else [])
    form = 'av' if pair else rng.choice(forms)
    flag = '-'
    if func != 'union1d':
        flag = rng.choice(['-', '0', '1'])
    unique = flag == '1' and func != 'isin'
    kinds = {'a': 'a', 'v': 'atr', 'e': 'e'}
    ops, npx, tokens = [], [], []
    for i, (f, t) in enumerate(zip(form, (ta, tb))):
        if f == 'n':
            v = set_number(rng, t)
            npx.append(v)
            tokens += ['n', fmt(v, t)]
        else:
            # setdiff1d(assume_unique) takes ar1 unique; intersect1d's may repeat now and then
            u = unique and (func == 'setdiff1d' or rng.random() < 0.85)
            o = set_operand(rng, t, u, kinds[f])
            ops.append(o)
            npx.append(o.x)
            tokens += o.tokens()
    c.args = [form, flag] + tokens
    a, b = npx
    if pair:  # compared in the promoted type (NumPy 1.24 casts a rank-0 operand by its value: 2.9 to float32)
        ct = np.result_type(NP[ta], NP[tb])
        a, b = a.astype(ct), b.astype(ct)
    kw = {}
    if flag != '-':
        kw = {'invert': flag == '1'} if func == 'isin' else {'assume_unique': flag == '1'}
    f = {'isin': np.isin, 'intersect1d': np.intersect1d, 'union1d': np.union1d, 'setdiff1d': np.setdiff1d}[func]
    want = np.asarray(f(a, b, **kw))
    if func == 'isin':
        return want
    # the result's element type: loom's (a C++ number is weak: it takes the other operand's type)
    if form in ('na', 'an'):
        rt = c.t  # the array's type, and a number's own (int32 for an int, float64 for a double)
    elif func == 'setdiff1d':
        rt = ta
    else:
        rt = str(np.result_type(NP[ta], NP[tb]))
    return want.astype(NP[rt])


# ---- partition, argpartition

def gen_partition(rng, c):
    rank = rng.choice([0, 1, 1, 1, 2, 2, 3, 3]) if rng.random() > 0.03 else 0
    shp = rand_shape(rng, ranks=(rank,), exts=(0, 1, 2, 3, 4, 5, 6))
    if rank and rng.random() < 0.12 and 0 not in shp:
        shp[rng.randrange(rank)] = rng.choice([17, 33, 40])
        while size(shp) > 400:
            shp = [e if e > 10 else 1 for e in shp]
    x = Op(rng, c.t, shp, 'aatre', style='ties' if rng.random() < 0.6 else 'any')
    amode = rng.choice('nii')
    axis = rand_axis(rng, rank, bad=0.03) if amode == 'i' else -1
    lane = [1] if rank == 0 and c.func == 'argpartition' else shp
    ok = -len(lane) <= axis < len(lane)
    n = lane[axis] if ok and lane else 3
    form = rng.choice('sllr')
    k = 1 if form == 's' else rng.choice([0, 1, 2, 2, 3] if form == 'r' else [1, 2, 2, 3])

    def kv():
        if n == 0 or rng.random() < 0.03:
            return rng.choice([n, -n - 1, n + rng.randint(1, 4)])
        return rng.randrange(-n, n)
    kth = [kv() for _ in range(k)]
    c.args = x.tokens() + [form] + ints(kth) + [amode, str(axis)]
    f = np.partition if c.func == 'partition' else np.argpartition
    kt = kth[0] if form == 's' else kth
    if not kth:  # NumPy refuses an empty list (not integers); loom partitions about none: a copy
        f, kt = (lambda a, k, axis: np.sort(a.reshape(lane), axis=axis)), None
    want = numpy_outcome(lambda: f(x.x, kt, axis=axis))
    if isinstance(want, str):
        return want
    return np.sort(x.x.reshape(lane), axis=axis)  # the invariants' reference


# ----

GENS = {'pad': gen_pad, 'split': gen_split, 'array_split': gen_split, 'hstack': gen_join, 'vstack': gen_join,
        'dstack': gen_join, 'column_stack': gen_join, 'swapaxes': gen_swapaxes, 'rot90': gen_rot90,
        'diagonal': gen_diagonal, 'diagonal_set': gen_diagonal, 'trace': gen_diagonal, 'outer': gen_product,
        'inner': gen_product, 'kron': gen_product, 'argwhere': gen_argwhere, 'unravel_index': gen_unravel,
        'ravel_multi_index': gen_ravel, 'coordinate_array': gen_coord, 'isin': gen_set, 'intersect1d': gen_set,
        'union1d': gen_set, 'setdiff1d': gen_set, 'partition': gen_partition, 'argpartition': gen_partition}


def gen_case(rng, cid):
    c = Case()
    c.func = rng.choices(FUNCS, WEIGHTS)[0]
    c.t = rng.choice(TYPES)
    want = GENS[c.func](rng, c)
    if want is None:
        return None  # a case not drawn (see its generator)
    head = [str(cid), c.func, c.t] + c.args
    if isinstance(want, str):
        return c.func, want, ' '.join(head + [want])
    results = list(want) if isinstance(want, Many) else [want]
    tail = ['R', str(len(results))]
    for r in results:
        tail += arr(r)
    return c.func, 'R', ' '.join(head + tail)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--seed', type=int)
    ap.add_argument('--cases', type=int, default=2000)
    ap.add_argument('--run')
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    lines = []
    counts = collections.Counter()
    while len(lines) < args.cases:
        drawn = gen_case(rng, len(lines))
        if drawn is None:
            continue
        func, outcome, line = drawn
        counts[(func, outcome == 'R')] += 1
        lines.append(line)
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    funcs = [fn for fn in FUNCS if (fn, True) in counts or (fn, False) in counts]
    summary = ', '.join(f'{fn} {counts[(fn, True)] + counts[(fn, False)]} ({counts[(fn, False)]} errors)' for fn in funcs)
    print(f'extra_cases: seed {seed}, {len(lines)} cases (repeat with --seed {seed}): {summary}')
    if args.run:
        sys.stdout.flush()
        sys.exit(subprocess.call([args.run, args.out]))


if __name__ == '__main__':
    main()
