# tests/differential/manip_cases.py: random cases of the Array API manipulation and selection
# functions for loom (flip, read and written through, moveaxis, unstack, concat, stack,
# repeat, tile, roll, take, take_along_axis, mask read and assigned) with NumPy 1.24's
# expected results.
#
# Draws a function, an element type (int32, float64 with NaN, infinities and -0.0 among
# the values, uint8, bool, complex128; concat and stack also join two types: see PAIRS), a
# shape of rank 0 to 4 (extents 0 to 5; a few rows of 9 to 40, past the SIMD widths), the
# operand's kind (an array; a strided view of a larger array with steps -1, 2 or -2 on
# some axes, NumPy's x[::-1] or x[:, ::2]; or an expression over such a view, x - 0,
# which keeps -0.0), random axes (negative ones too, some out of range), and the
# function's other arguments; NumPy computes the result, or the error, and the checker
# (manip_main.cpp) compares element type, shape and values exactly (NaN equals NaN, -0.0
# differs from 0.0), or the kind of error, and that every operand it did not assign to
# is unchanged (a failed assignment leaves its target as it was).
#
# Errors: NumPy's AxisError and IndexError are loom::index_error ('I'), its ValueError
# std::invalid_argument that is not a broadcast_error ('V'), except where loom documents
# otherwise, as encoded below:
#   - flip and moveaxis: an axis named twice, and moveaxis' source and destination of
#     different lengths, are index_error in loom (as for every list of axes: reductions
#     too); NumPy raises ValueError.
#   - unstack (not in NumPy 1.24: expected as np.moveaxis(x, axis, 0), its slices along
#     axis 0): an operand of rank 0 is index_error (NumPy 2.1: ValueError).
#   - mask: a mask that does not broadcast to x's shape, and a value whose length is not
#     the count (x[m] = v, x[m] += v), are loom::broadcast_error ('B'); NumPy raises
#     IndexError for x[m] with m of another shape (here np.broadcast_to(m, x.shape),
#     ValueError) and ValueError for the count.
#   - take_along_axis: indices that do not broadcast against x on the other axes are
#     loom::broadcast_error ('B'); NumPy's fancy indexing raises IndexError. loom's
#     default axis is -1 (the Array API's); NumPy's default flattens (axis=None), so the
#     script passes axis=-1 when the checker gives none.
#   - take and repeat with an axis, of an operand of rank 0: index_error in loom (the Array
#     API's x has one axis or more, as for roll); NumPy 1.24 takes axis 0 and -1 of it as of
#     shape (1,).
#   - take: every index is checked, an out-of-range one is index_error even when the
#     result is empty; NumPy checks none when the axes before `axis` hold no element
#     (np.take(np.zeros((0, 5)), [9], axis=1) is an empty array). take_along_axis checks
#     none when its result is empty, as NumPy.
#   - repeat and tile: a negative count or repetition is std::invalid_argument even where
#     NumPy's result is empty and it raises nothing (np.repeat(np.zeros(0), [-1])).
#   - roll with a list of shifts longer than its list of axes: loom takes one shift per
#     axis or one for all, std::invalid_argument; NumPy broadcasts one axis against the
#     shifts (np.roll(x, [1, 2], axis=[0]) rolls axis 0 by 3).
#   - concat and stack of two element types: loom promotes by the Array API lattice
#     (PAIRS): int32 with complex64 is complex64 (NumPy: complex128); the values here
#     are the same either way, the element type is checked. uint64 with a signed type
#     has no common type in loom (a compile error), so is not drawn; nor are the pairs
#     where NumPy's value is another type (int32 with float32).
# One error is drawn at a time: where loom and NumPy check in another order (np.stack
# checks the shapes before the axis), two faults would disagree on which is reported.
#
# Line format (manip_main.cpp reads it): id func dtype, the function's arguments (see
# gen_* below: an operand is `dtype rank base-extents count values rank steps kind`, a
# list of integers `n v1 .. vn`, an array `dtype rank extents values`), then 'R' and the
# expected array, or the error's letter.
#
# Usage: manip_cases.py OUT [--seed N] [--cases N] [--run EXE]
# prints the seed and the case count; with --run, runs `EXE OUT` and exits with its status.
import argparse
import math
import random
import subprocess
import sys
import warnings

import numpy as np

warnings.simplefilter('ignore')
np.seterr(all='ignore')

NP = {'bool': np.bool_, 'int8': np.int8, 'int32': np.int32, 'int64': np.int64, 'uint8': np.uint8,
      'float64': np.float64, 'complex64': np.complex64, 'complex128': np.complex128}
TYPES = ['int32', 'float64', 'uint8', 'bool', 'complex128']
# concat / stack of two types (x1 an array, x2 an expression over a view), and loom's result type
PAIRS = {('int32', 'float64'): 'float64', ('uint8', 'int32'): 'int32', ('bool', 'int32'): 'int32',
         ('uint8', 'float64'): 'float64', ('float64', 'complex128'): 'complex128',
         ('int32', 'complex128'): 'complex128', ('bool', 'float64'): 'float64',
         ('int32', 'complex64'): 'complex64'}  # NumPy: complex128 (an integer adds no precision in loom)
INDEX_TYPES = ['int8', 'int32', 'int64', 'uint8']  # NumPy's take refuses uint64 (no safe cast to intp)
FUNCS = ['flip', 'flip_assign', 'moveaxis', 'unstack', 'concat', 'stack', 'repeat', 'tile', 'roll', 'take', 'take_along_axis',
         'mask_read', 'mask_set', 'mask_add']
WEIGHTS = [1, 0.6, 1, 1, 1.5, 1, 1.2, 1, 1.2, 1.5, 1.2, 1.2, 1.2, 1.2]


class Case:
    pass


# ---- values and operands

def real(rng, small=False):
    r = rng.random()
    if not small:
        if r < 0.04:
            return float('nan')
        if r < 0.07:
            return rng.choice([float('inf'), float('-inf')])
        if r < 0.10:
            return rng.choice([-0.0, 0.0, 5e-324, -1.7976931348623157e308])
    if r < 0.25:
        return float(rng.randint(-3, 3))
    return round(rng.uniform(-8, 8), 3)


def values(rng, t, n, small=False):
    if t == 'bool':
        return [rng.random() < 0.5 for _ in range(n)]
    if t == 'float64':
        return [real(rng, small) for _ in range(n)]
    if t.startswith('complex'):
        return [complex(real(rng, small), real(rng, small)) for _ in range(n)]
    if t == 'uint8':
        return [rng.randint(0, 255) for _ in range(n)]
    if t == 'int32' and not small and rng.random() < 0.1:
        return [rng.choice([-2 ** 31, 2 ** 31 - 1, rng.randint(-9, 9)]) for _ in range(n)]
    return [rng.randint(-20, 20) for _ in range(n)]


def fmt(v, t):
    if t == 'bool':
        return '1' if v else '0'
    if t.startswith('complex'):
        return f'{fmt(v.real, "float64")},{fmt(v.imag, "float64")}'
    if t.startswith('float'):
        return 'nan' if math.isnan(v) else repr(float(v))
    return str(int(v))


def rand_shape(rng, rank=None):
    if rank is None:
        rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
    shp = [rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5]) for _ in range(rank)]
    if rank and rng.random() < 0.08 and 0 not in shp and np.prod(shp[:-1]) <= 4:
        shp[-1] = rng.choice([9, 17, 33, 40])  # a few rows past the SIMD widths
    return shp


def strided(base, steps):
    """base[::s0, ::s1, ...], a view (of rank 0 too: base[...], not an element)"""
    return base[tuple(slice(None, None, s) for s in steps)] if steps else base[...]


class Operand:
    """x = base[steps], base an array of dtype t; kind 'a' (the array itself), 'v' (the
    strided view) or 'e' (an expression over the view: x - 0)."""

    def __init__(self, rng, t, shape, kinds='ave', small=False):
        self.t = t
        self.kind = rng.choice(kinds)
        rank = len(shape)
        self.steps = [1] * rank
        if self.kind != 'a' and rank:
            self.steps = [rng.choice([1, 1, -1, 2, -2]) for _ in range(rank)]
            if self.kind == 'v' and all(s == 1 for s in self.steps):
                self.steps[rng.randrange(rank)] = rng.choice([-1, 2, -2])
        self.base_shape = [e if abs(s) == 1 or e == 0 else 2 * e - rng.randint(0, 1)
                           for e, s in zip(shape, self.steps)]
        n = int(np.prod(self.base_shape)) if rank else 1
        self.vals = values(rng, t, n, small)
        self.base = np.array(self.vals, dtype=NP[t]).reshape(self.base_shape)
        self.x = strided(self.base, self.steps)
        assert list(self.x.shape) == list(shape)

    def tokens(self):
        r = len(self.base_shape)
        return ([self.t, str(r)] + [str(d) for d in self.base_shape] + [str(len(self.vals))] +
                [fmt(v, self.t) for v in self.vals] + [str(r)] + [str(s) for s in self.steps] + [self.kind])


def ints(v):
    return [str(len(v))] + [str(int(a)) for a in v]


def arr(a, t):
    a = np.asarray(a)
    return [t, str(a.ndim)] + [str(d) for d in a.shape] + [fmt(v, t) for v in a.reshape(-1).tolist()]


def rand_axis(rng, rank, bad=0.04, extra=0):
    """An axis of rank + extra positions, negative ones too; out of range with probability bad."""
    n = rank + extra
    if n == 0 or rng.random() < bad:
        return rng.choice([n, -n - 1, n + rng.randint(0, 3), -n - 1 - rng.randint(0, 3)])
    return rng.randrange(-n, n)


def numpy_outcome(f):
    try:
        return f()
    except np.AxisError:
        return 'I'
    except IndexError:
        return 'I'
    except ValueError:
        return 'V'


# ---- the functions

def gen_flip(rng, c):
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp)
    rank = len(shp)
    mode = rng.choice('nil')
    axes = []
    if mode == 'i':
        axes = [rand_axis(rng, rank)]
    elif mode == 'l':
        axes = rng.sample(range(rank), rng.randint(0, rank))
        axes = [a - rank if rng.random() < 0.4 else a for a in axes]
        if rng.random() < 0.05:
            axes.append(rand_axis(rng, rank, bad=1))
        elif axes and rng.random() < 0.05:
            axes.append(axes[0] - rank if axes[0] >= 0 else axes[0] + rank)  # named twice
    arg = None if mode == 'n' else (axes[0] if mode == 'i' else tuple(axes))
    want = numpy_outcome(lambda: np.flip(x.x, arg))
    if want == 'V':
        want = 'I'  # an axis named twice: loom index_error, NumPy ValueError
    c.args = x.tokens() + [mode] + ints(axes)
    return want


def gen_flip_assign(rng, c):
    """flip(x, axes) = v, writing through the view: v an array of x's shape ('a') or x
    itself ('r': the value reads the target, reversed in place; NumPy copies it first)."""
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp, 'av')
    rank = len(shp)
    mode = rng.choice('nil')
    axes = []
    if mode == 'i':
        axes = [rand_axis(rng, rank)]
    elif mode == 'l':
        axes = [a - rank if rng.random() < 0.4 else a for a in rng.sample(range(rank), rng.randint(0, rank))]
    vform = rng.choice('ar')
    val = np.array(values(rng, c.t, x.x.size if vform == 'a' else 0), dtype=NP[c.t])
    if vform == 'a':
        val = val.reshape(shp)
    c.args = x.tokens() + [mode] + ints(axes) + [vform] + arr(val, c.t)
    arg = None if mode == 'n' else (axes[0] if mode == 'i' else tuple(axes))
    base = x.base.copy()
    view = strided(base, x.steps)
    want = numpy_outcome(lambda: np.flip(view, arg))
    if isinstance(want, str):
        return want
    if not isinstance(want, np.ndarray):
        want = view[...]  # rank 0: np.flip gives the element, loom the (unflipped) view
    want[...] = view if vform == 'r' else val
    return base  # the whole array after the assignment


def gen_moveaxis(rng, c):
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp)
    rank = len(shp)
    mode = rng.choice('il')
    if mode == 'i':
        src, dst = [rand_axis(rng, rank)], [rand_axis(rng, rank)]
    else:
        k = rng.randint(0, rank)
        src = [a - rank if rng.random() < 0.4 else a for a in rng.sample(range(rank), k)]
        dst = [a - rank if rng.random() < 0.4 else a for a in rng.sample(range(rank), k)]
        r = rng.random()
        if r < 0.03:
            src.append(rand_axis(rng, rank, bad=1))
            dst.append(rand_axis(rng, rank))
        elif r < 0.06 and src:
            src.append(src[0])  # named twice
            dst.append(rand_axis(rng, rank))
        elif r < 0.09:
            dst.append(rand_axis(rng, rank))  # lengths differ
    want = numpy_outcome(lambda: np.moveaxis(x.x, src[0] if mode == 'i' else src, dst[0] if mode == 'i' else dst))
    if want == 'V':
        want = 'I'  # loom: index_error for axes named twice and for lists of different lengths
    c.args = x.tokens() + [mode] + ints(src) + ints(dst)
    return want


def gen_unstack(rng, c):
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp)
    rank = len(shp)
    mode = rng.choice('ni')
    axis = rand_axis(rng, rank) if mode == 'i' else 0
    c.args = x.tokens() + [mode] + ints([axis] if mode == 'i' else [])
    if rank == 0:
        return 'I'  # loom: index_error (no axis to split)
    return numpy_outcome(lambda: np.moveaxis(x.x, axis, 0))


def gen_join(rng, c, stack):
    form = rng.choice('rrlt')
    if form == 't':
        ta, tb = rng.choice(list(PAIRS)) if rng.random() < 0.7 else (c.t, c.t)
        if rng.random() < 0.5:
            ta, tb = tb, ta
        rt = PAIRS.get((ta, tb)) or PAIRS.get((tb, ta)) or ta
        types = [ta, tb]
        c.t = f'{ta},{tb}'
    else:
        n = rng.choice([2, 3]) if form == 'l' else rng.choice([1, 1, 2, 2, 3, 3, 4])
        if form == 'r' and rng.random() < 0.02:
            n = 0  # no operands: std::invalid_argument (NumPy ValueError)
        types = [c.t] * n
        rt = c.t
    n = len(types)
    rank = rng.choice([1, 1, 2, 2, 3, 4] if not stack else [0, 1, 1, 2, 2, 3, 4])
    shp = rand_shape(rng, rank)
    mode = 'i' if rng.random() < 0.8 else 'n'
    fault = rng.choice(['axis', 'shape', 'rank', 'rank0']) if rng.random() < 0.12 else None
    extra = 1 if stack else 0
    axis = 0
    if mode == 'i':
        axis = rand_axis(rng, rank, bad=1 if fault == 'axis' else 0, extra=extra)
    if fault == 'rank0' and not stack:
        rank, shp, axis = 0, [], 0
    if rank + extra == 0:
        mode, axis = 'n', 0
    shapes = []
    for i in range(n):
        s = list(shp)
        if not stack and rank and fault != 'axis':
            s[axis % rank] = rng.choice([0, 1, 2, 3])
        shapes.append(s)
    if fault == 'shape' and n >= 2 and rank:
        k = rng.randrange(rank)
        if stack or k != axis % rank:
            shapes[-1][k] += 1
    elif fault == 'rank' and n >= 2 and rank < 4:
        shapes[rng.randrange(1, n)].insert(0, 1)
    kinds = ['a' if form == 'l' or (form == 't' and i == 0) else ('e' if form == 't' else 'av') for i in range(n)]
    parts = [Operand(rng, types[i], shapes[i], kinds[i]) for i in range(n)]
    c.args = [form, mode] + ints([axis] if mode == 'i' else []) + [str(n)]
    for p in parts:
        c.args += p.tokens()
    f = np.stack if stack else np.concatenate
    want = numpy_outcome(lambda: f([p.x for p in parts], axis=axis))
    c.rt = rt
    if not isinstance(want, str):
        want = want.astype(NP[rt])  # loom's promotion: see PAIRS
    return want


def gen_repeat(rng, c):
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp)
    rank = len(shp)
    mode = rng.choice('ni')
    axis = rand_axis(rng, rank) if mode == 'i' else None
    form = rng.choice('sa')
    ct = rng.choice(['int32', 'int64'])
    if form == 's':
        counts = [rng.choice([0, 1, 2, 3]) if rng.random() > 0.04 else -1]
    else:
        along = x.x.size if axis is None else (shp[axis] if -rank <= axis < rank else 2)
        k = along if rng.random() < 0.8 else 1
        if rng.random() < 0.05:
            k = along + rng.choice([-1, 1]) if along else 2
        counts = [rng.randint(0, 3) for _ in range(max(k, 0))]
        if counts and rng.random() < 0.04:
            counts[rng.randrange(len(counts))] = -1
    if mode == 'i' and not -rank <= axis < rank:
        counts = [abs(v) for v in counts]  # one fault at a time: loom checks the counts' signs first
    c.args = x.tokens() + [mode] + ints([axis] if mode == 'i' else []) + [form, ct] + ints(counts)
    rep = counts[0] if form == 's' else np.array(counts, dtype=NP[ct])
    if min(counts, default=0) < 0:
        return 'V'  # loom: a negative count is an error even where NumPy has nothing to repeat (x empty)
    if rank == 0 and mode == 'i':
        return 'I'  # loom: x of rank 0 has no axis; NumPy 1.24 takes axis 0 and -1 of it as of shape (1,)
    return numpy_outcome(lambda: np.repeat(x.x, rep, axis=axis))


def gen_tile(rng, c):
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp)
    reps = [rng.choice([0, 1, 1, 2, 2, 3]) for _ in range(rng.randint(0, 5))]
    size = x.x.size * int(np.prod(reps))
    while size > 3000:
        reps = [min(r, 1) for r in reps]
        size = x.x.size * int(np.prod(reps))
    if reps and rng.random() < 0.04:
        reps[rng.randrange(len(reps))] = -1
    c.args = x.tokens() + ints(reps)
    if min(reps, default=0) < 0:
        return 'V'  # loom: a negative repetition is an error even where NumPy's result is empty
    return numpy_outcome(lambda: np.tile(x.x, tuple(reps)))


def gen_roll(rng, c):
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp)
    rank = len(shp)
    mode = rng.choice('nisll')
    shift = lambda: rng.randint(-7, 7)
    if mode == 'n':
        shifts, axes = [shift()], []
        want = numpy_outcome(lambda: np.roll(x.x, shifts[0]))
    elif mode == 'i':
        shifts, axes = [shift()], [rand_axis(rng, rank)]
        want = numpy_outcome(lambda: np.roll(x.x, shifts[0], axis=axes[0]))
    else:
        k = rng.randint(1, 3)
        axes = [rand_axis(rng, rank, bad=0.02) for _ in range(k)]  # repeated axes add up
        ns = 1 if mode == 's' else (k if rng.random() < 0.9 else rng.randint(1, 3))
        shifts = [shift() for _ in range(ns)]
        bad_axis = any(not -rank <= a < rank for a in axes)
        if ns not in (1, k):
            if bad_axis:  # one fault at a time (NumPy checks the axes first, loom the lengths)
                axes = [rng.randrange(-rank, rank) for _ in axes] if rank else axes
            want = 'V'  # loom: one shift per axis or one for all (NumPy broadcasts one axis to the shifts)
        else:
            want = numpy_outcome(lambda: np.roll(x.x, shifts if mode == 'l' else shifts[0], axis=tuple(axes)))
    c.args = x.tokens() + [mode] + ints(shifts) + ints(axes)
    return want


def index_values(rng, it, n, count, bad=0.04):
    lo, hi = {'int8': (-128, 127), 'uint8': (0, 255)}.get(it, (-2 ** 31, 2 ** 31 - 1))
    out = []
    for _ in range(count):
        if n == 0 or rng.random() < bad:
            v = rng.choice([n, -n - 1, n + rng.randint(0, 50), -n - 1 - rng.randint(0, 50)])
        else:
            v = rng.randrange(-n, n)
        out.append(min(max(v, lo), hi))
    return out


def gen_take(rng, c):
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp)
    rank = len(shp)
    mode = 'i' if rng.random() < 0.7 else 'n'
    axis = rand_axis(rng, rank) if mode == 'i' else None
    it = rng.choice(INDEX_TYPES)
    ishape = rand_shape(rng, rng.choice([0, 1, 1, 1, 2]))
    ok_axis = mode == 'n' or -rank <= axis < rank
    n = x.x.size if mode == 'n' else (shp[axis] if ok_axis else 3)
    idx = np.array(index_values(rng, it, n, int(np.prod(ishape)), bad=0.04 if ok_axis else 0), dtype=NP[it]).reshape(ishape)
    if not ok_axis:
        idx = np.zeros(ishape, dtype=NP[it])
    c.args = x.tokens() + [mode] + ints([axis] if mode == 'i' else []) + arr(idx, it)
    if rank == 0 and mode == 'i':
        return 'I'  # loom (the Array API): x needs an axis; NumPy 1.24 takes axis 0 and -1 of a rank-0 x
    if ok_axis and any(not -n <= int(v) < n for v in idx.reshape(-1).tolist()):
        return 'I'  # loom checks every index; NumPy none when the axes before `axis` hold no element
    return numpy_outcome(lambda: np.take(x.x, idx, axis=axis))


def gen_take_along(rng, c):
    rank = rng.choice([0, 1, 1, 2, 2, 3, 3, 4])
    shp = rand_shape(rng, rank)
    x = Operand(rng, c.t, shp)
    mode = 'i' if rng.random() < 0.7 else 'n'
    axis = rand_axis(rng, rank, bad=0.03) if mode == 'i' else -1
    it = rng.choice(INDEX_TYPES)
    ok_axis = -rank <= axis < rank
    fault = rng.choice(['rank', 'bcast']) if rng.random() < 0.06 and ok_axis else None
    ishape = []
    for k in range(rank):
        if k == axis % max(rank, 1):
            ishape.append(rng.choice([0, 1, 2, 3, 4]))
        elif shp[k] == 1:
            ishape.append(rng.choice([0, 1, 1, 2, 3]))
        else:
            ishape.append(shp[k] if rng.random() < 0.7 else 1)
    if fault == 'rank':
        ishape.insert(0, 1) if rng.random() < 0.5 or not ishape else ishape.pop()
    elif fault == 'bcast':
        ks = [k for k in range(rank) if k != axis % rank and shp[k] != 1]
        if ks:
            k = rng.choice(ks)
            ishape[k] = shp[k] + rng.choice([1, 2]) if shp[k] else 2
        else:
            fault = None
    n = shp[axis] if ok_axis and rank else 1
    cnt = int(np.prod(ishape)) if ishape else 1
    idx = np.array(index_values(rng, it, n, cnt, bad=0.04 if not fault and ok_axis else 0), dtype=NP[it]).reshape(ishape)
    c.args = x.tokens() + [mode] + ints([axis] if mode == 'i' else []) + arr(idx, it)
    want = numpy_outcome(lambda: np.take_along_axis(x.x, idx, axis=axis))
    if fault == 'bcast':
        assert want == 'I', want
        return 'B'  # loom: broadcast_error; NumPy's fancy indexing: IndexError
    return want


def mask_operand(rng, xshape):
    """A bool mask of x's shape, or one that broadcasts to it, or (rarely) one that does not."""
    ms = list(xshape)
    r = rng.random()
    if r < 0.35 and ms:
        ms = ms[rng.randint(0, len(ms)):]  # fewer axes
        ms = [1 if rng.random() < 0.4 else e for e in ms]
    elif r < 0.5 and ms:
        ms = [1 if rng.random() < 0.5 else e for e in ms]
    elif r < 0.55:
        if ms and rng.random() < 0.7:
            k = rng.randrange(len(ms))
            ms[k] = ms[k] + rng.choice([1, 2]) if ms[k] != 1 else 2
        else:
            ms = [2] + ms
    return Operand(rng, 'bool', ms, 'ave')  # 'e': an expression (evaluated when the mask is made)


def gen_mask(rng, c, how):
    """x[m] read ('d' assigned to an array, 'c' eval, 'g' inside an expression), or x[m] = v and
    x[m] += v with v a number ('s'), a rank-1 array of the count or of one element ('a'), or
    x[m] itself ('r': x[m] = x[m] + x[m], x[m] += x[m]; the value reads the target)."""
    vform = rng.choice('dcg' if how == 'read' else 'sar')
    small = how == 'add' or vform == 'r'  # no int32 overflow (undefined in C++)
    shp = rand_shape(rng)
    x = Operand(rng, c.t, shp, 'ave' if how == 'read' else 'av', small=small)
    m = mask_operand(rng, shp)
    c.args = x.tokens() + m.tokens() + [vform]
    try:
        bm = np.broadcast_to(m.x, x.x.shape)
    except ValueError:
        bm = None  # loom: broadcast_error (NumPy's x[m]: IndexError)
    if how == 'read':
        return 'B' if bm is None else x.x[bm]
    count = int(bm.sum()) if bm is not None else 2
    if vform == 's':
        val = np.array(values(rng, c.t, 1, small=small)[0], dtype=NP[c.t])
    else:
        k = count if rng.random() < 0.75 else 1
        if rng.random() < 0.06:
            k = count + rng.choice([-1, 1]) if count > 1 else count + 2
        val = np.array(values(rng, c.t, k if vform == 'a' else 0, small=small), dtype=NP[c.t])
    c.args += arr(val, c.t)
    if bm is None:
        return 'B'
    base = x.base.copy()
    view = strided(base, x.steps)
    try:
        if vform == 'r':
            if how == 'set':
                view[bm] = view[bm] + view[bm]
            else:
                view[bm] += view[bm]
        elif how == 'set':
            view[bm] = val
        else:
            view[bm] += val
    except ValueError:
        return 'B'  # a value of another count: loom broadcast_error, NumPy ValueError
    c.rt = c.t
    return base  # the whole array after the assignment


def gen_case(rng, cid):
    c = Case()
    c.func = rng.choices(FUNCS, WEIGHTS)[0]
    c.t = rng.choice(TYPES)
    c.rt = c.t
    f = c.func
    if f == 'flip':
        want = gen_flip(rng, c)
    elif f == 'flip_assign':
        want = gen_flip_assign(rng, c)
    elif f == 'moveaxis':
        want = gen_moveaxis(rng, c)
    elif f == 'unstack':
        want = gen_unstack(rng, c)
    elif f in ('concat', 'stack'):
        want = gen_join(rng, c, f == 'stack')
    elif f == 'repeat':
        want = gen_repeat(rng, c)
    elif f == 'tile':
        want = gen_tile(rng, c)
    elif f == 'roll':
        want = gen_roll(rng, c)
    elif f == 'take':
        want = gen_take(rng, c)
    elif f == 'take_along_axis':
        want = gen_take_along(rng, c)
    else:
        want = gen_mask(rng, c, f[5:])
    if want is None:
        return None  # a case kind not drawn (see its generator)
    head = [str(cid), f, c.t] + c.args
    if isinstance(want, str):
        return ' '.join(head + [want])
    return ' '.join(head + ['R'] + arr(want, c.rt))


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
    cid = 0
    while len(lines) < args.cases:
        line = gen_case(rng, cid)
        cid += 1
        if line is not None:
            lines.append(line)
    with open(args.out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'manip_cases: seed {seed}, {len(lines)} cases (repeat with --seed {seed})')
    if args.run:
        sys.stdout.flush()
        sys.exit(subprocess.call([args.run, args.out]))


if __name__ == '__main__':
    main()
