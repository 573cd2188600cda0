# tests/differential/stats_cases.py: random cases of loom's statistics (median, quantile,
# percentile; nansum, nanmean, nanmax, nanmin, nanargmax, nanargmin, nanvar, nanstd; average,
# ptp, cov, corrcoef; convolve, correlate) with NumPy 1.24's expected results.
#
# Draws a function, its element types, shapes and arguments, and the operands' kinds: an array
# ('a'); a view of a larger array (a transposed one, or one with steps -1, 2 or -2 on some axes:
# NumPy's x.T, x[::-1], x[:, ::2]); or an expression over such a view (x - 0). NumPy computes the
# result, or the error, and the checker (stats_main.cpp) compares the element type, the shape and
# the values, or the kind of error, and that the operands are unchanged. Each function and element
# type is compiled for one or two of the three operand kinds only (KINDS, as stats_main.cpp's
# run_case; spread so that most functions meet all three over their types), to keep the checker's
# compile short.
#   - median, quantile, percentile: float64, float32, int32, int64 and bool (bool: median, and
#     the methods lower, higher and nearest; linear and midpoint are errors); the five methods;
#     q a number, a braced list of 1 to 3 or an array of rank 0 to 2 (q at the sorted positions
#     k / (n - 1) now and then, and out of range or NaN: errors); axes none, an integer, a braced
#     list or a range (std::vector), negative, repeated or out of range; keepdims; NaN, infinities
#     and zeros of both signs in the lanes; empty lanes. The values are selected and interpolated
#     as NumPy does (the same _lerp, in double): compared exactly, but the sign of a zero (a
#     selection may pick -0.0 or 0.0 when both are in a lane).
#   - nansum, nanmean, nanvar over float64, float32 and complex128; nanstd, nanmax, nanmin,
#     nanargmax, nanargmin over float64 and float32 (over integers and bool each is the plain
#     reduction, which reduce_cases.py draws); lanes with some, many or only NaN (either part of a
#     complex number), infinities; axes and keepdims as above (nanarg*:
#     none or one axis), correction 0, 1, 2 or 0.5 (NumPy's ddof). nanmax, nanmin and the indices
#     exactly (nanmax and nanmin: the sign of a zero not compared, NumPy's SIMD loop picks either);
#     the sums within their bounds below.
#   - average: without weights (mean's node: float64 and float32), with weights of x's shape (any
#     axes) or rank 1 along one axis (an integer), x and the weights of float64, float32, int32 or
#     bool (NumPy's result types); weights of a wrong shape or length, summing to zero along a lane
#     (integer-valued weights, so that both sums are exactly zero). ptp: float64, int32 and int64
#     (integers wrap as NumPy's: extreme values now and then), exactly.
#   - cov (rowvar, ddof 0 to 2, with y of x's type or float64) and corrcoef: x and y of rank 0 to
#     2 (3: an error), float64, float32, int32, int64 and bool; y with another number of
#     observations (an error).
#   - convolve and correlate, modes full, same and valid (and the default), operands of rank 1 (0
#     for convolve; 0 for correlate and 2: errors), empty ones (errors), lengths up to 100 (the
#     SIMD loop); float64, float32, int32, int64 (wrapping products and sums), bool, complex128,
#     int32 with float64, bool with int32 and float32 with float64.
#
# Tolerances: floating sums are compared within a bound on the rounding of any order of summing:
# n terms summed in any order err by at most (n - 1) u times the sum of their magnitudes (u =
# eps / 2, the unit roundoff); two implementations (NumPy's pairwise-along-the-fastest-axis or BLAS
# order, loom's pairwise along every axis or loop order) then differ by at most twice that, and
# tol = (n + 4) eps * sum |terms| bounds it with the roundings of the products, the divisions and
# the conversions. The bound of each function is written beside it; results that are not finite
# must be the same (NaN equals NaN), the tolerance then does not apply.
#
# Documented differences from NumPy 1.24 (docs/api.md, "Statistics", "Convolution and
# correlation", "Statistical and reduction functions"), expected as loom's:
#   - quantile and percentile of float32 are float32: NumPy's float64 value rounded to float32
#     (lower, higher and nearest pick an element: the same); of integers and bool, float64 for
#     every method (NumPy keeps the integer type for lower, higher and nearest: the same values).
#     Integers are drawn where NumPy's integer subtraction cannot overflow (|x| < 2**30 for int32,
#     < 2**61 for int64), where loom's exact interpolation gives NumPy's value.
#   - quantile of an empty lane is std::invalid_argument ('V', NumPy's IndexError), and no lanes
#     give an empty result (NumPy 1.24 raises IndexError for some shapes, (0, 0) along axis 0); so
#     does median (NumPy 1.24's ValueError "cannot reshape array of size 0 into shape (0,newaxis)"
#     over a tuple of axes when a kept axis is empty).
#   - quantile of bool with linear or midpoint is std::invalid_argument (NumPy's TypeError).
#   - nanmax, nanmin, ptp, nanargmax and nanargmin over empty axes with no outputs (shape (0, 0)
#     along axis 0) give an empty result, as max and argmax do in loom (reduce_cases.py);
#     NumPy raises ValueError.
#   - average with rank-1 weights takes its one axis as an integer here: a braced list of one axis
#     (NumPy 1.24's TypeError for a tuple) is not drawn.
#   - an axis out of range or given twice is index_error ('I'; NumPy's AxisError or ValueError),
#     decided here before NumPy is asked: NumPy 1.24 takes axis 0 and -1 of a rank-0 operand in
#     some functions (nansum, ptp, average), as reduce_cases.py expects too.
# NumPy 1.24's own failure, where loom's result is expected: np.average without weights of an
# empty result (it computes a.size / avg.size, which it does not return: ZeroDivisionError).
# Errors otherwise: NumPy's ValueError, TypeError, ZeroDivisionError are std::invalid_argument
# ('V'), its IndexError and AxisError index_error ('I').
# quantile and percentile with q of no elements: an empty result, as loom documents, also for an
# empty lane, where NumPy raises IndexError for some methods (np.quantile(np.zeros(0), np.zeros(0))).
# Not drawn: lanes long enough for quantile's threads (about 100000 elements).
#
# Line format (stats_main.cpp reads it): id func dtype args..., then 'R' and the expected array,
# optionally 'T' and an array of tolerances (absolute, per element) or 'Z' (exact but the sign of
# a zero), or the error's letter. An operand is `dtype kind n v1..vn rank extents strides offset`:
# kind 'a' an array of the extents holding the n values in C order; 'v' the strided view at offset
# into the n values (strides in elements); 'e' the expression view - 0. An array is `dtype rank
# extents values`. Axes are `mode count a1.. keep`: mode 'n' none, 'i' an integer, 'b' a braced
# list, 'l' a std::vector.
#
# Usage: stats_cases.py OUT [--seed N] [--cases N] [--run EXE]
# prints the seed and the case counts; with --run, runs `EXE OUT` and exits with its status.
import argparse
import collections
import math
import random
import subprocess
import sys
import warnings

import numpy as np

warnings.simplefilter('ignore')
np.seterr(all='ignore')

NP = {'bool': np.bool_, 'int32': np.int32, 'int64': np.int64, 'float32': np.float32, 'float64': np.float64,
      'complex128': np.complex128}
EPS = {'float32': float(np.finfo(np.float32).eps), 'float64': float(np.finfo(np.float64).eps),
       'complex128': float(np.finfo(np.float64).eps)}
FUNCS = ['median', 'quantile', 'percentile', 'nansum', 'nanmean', 'nanmax', 'nanmin', 'nanargmax', 'nanargmin',
         'nanvar', 'nanstd', 'average', 'ptp', 'cov', 'corrcoef', 'convolve', 'correlate']
WEIGHTS = [1, 2.5, 1.5, 0.7, 0.7, 0.6, 0.6, 0.5, 0.5, 0.7, 0.6, 1.5, 0.6, 0.8, 0.6, 1, 1]
Q_TYPES = ['float64', 'float32', 'int32', 'int64', 'bool']
NAN_TYPES = ['float64', 'float32', 'complex128']  # integers and bool: the plain reductions (reduce_cases.py)
NAN_COMPLEX = ('nansum', 'nanmean', 'nanvar')
AVG_TYPES = ['float64', 'float32', 'int32', 'bool']
PTP_TYPES = ['float64', 'int32', 'int64']
COV_TYPES = ['float64', 'float32', 'int32', 'int64', 'bool']
CONV_PAIRS = [('float64', 'float64'), ('float32', 'float32'), ('int32', 'int32'), ('int64', 'int64'),
              ('bool', 'bool'), ('complex128', 'complex128'), ('int32', 'float64'), ('bool', 'int32'),
              ('float32', 'float64')]
METHODS = ['linear', 'lower', 'higher', 'nearest', 'midpoint']
# The operand kinds stats_main.cpp compiles for each function and element type (its run_case): 'a'
# the array, 'v' a view (transposed or strided), 'e' the expression; few, to keep its compile short.
KINDS = {
    'quantile': {'float64': 'ae', 'float32': 've', 'int32': 'a', 'int64': 'v', 'bool': 'a'},
    'nan': {'float64': 'v', 'float32': 'a', 'complex128': 'e'},
    'nanarg': {'float64': 've', 'float32': 'a'},
    'average': {'float64': 'e', 'float32': 'a', 'int32': 'v', 'bool': 'a'},
    'weights': {'float64': 'a', 'float32': 'v', 'int32': 'a', 'bool': 'v'},
    'ptp': {'float64': 'e', 'int32': 'a', 'int64': 'v'},
    'cov': {'float64': 'ae', 'float32': 'v', 'int32': 'a', 'int64': 'e', 'bool': 'v'},
    'y': {'float64': 'av', 'float32': 'v', 'int32': 'v', 'int64': 'v', 'bool': 'v'},
    'conv': {('float64', 'float64'): ('ave', 'av'), ('int32', 'float64'): ('a', 'v'), ('float64', 'int32'): ('v', 'a'),
             ('bool', 'int32'): ('a', 'v'), ('int32', 'bool'): ('v', 'a'), ('float32', 'float64'): ('a', 'v'),
             ('float64', 'float32'): ('v', 'a')},  # the other pairs: 'av' each
}


def op_kinds(k):
    """Op's kinds for KINDS' letters: a view is transposed or strided"""
    return ''.join({'a': 'aa', 'v': 'tr', 'e': 'e'}[ch] for ch in k)


class Case:
    pass


# ---- values and operands

def real(rng, special=True):
    r = rng.random()
    if special:
        if r < 0.03:
            return float('nan')
        if r < 0.06:
            return rng.choice([float('inf'), float('-inf')])
        if r < 0.10:
            return rng.choice([-0.0, 0.0])
    if r < 0.35:
        return float(rng.randint(-3, 3))
    if r < 0.55:
        return rng.randint(-32, 32) / 8
    return round(rng.uniform(-8, 8), 4)


def values(rng, t, n, special=True, lo=-20, hi=20):
    if t == 'bool':
        return [rng.random() < 0.5 for _ in range(n)]
    if t in ('float64', 'float32'):
        return [real(rng, special) for _ in range(n)]
    if t == 'complex128':
        return [complex(real(rng, special), real(rng, special)) for _ in range(n)]
    return [rng.randint(lo, hi) for _ in range(n)]


def fmt(v, t):
    if t == 'bool':
        return '1' if v else '0'
    if t == 'complex128':
        return f'{fmt(v.real, "float64")},{fmt(v.imag, "float64")}'
    if t in ('float64', 'float32'):
        return 'nan' if math.isnan(v) else repr(float(v))
    return str(int(v))


def arr(a, t):
    a = np.asarray(a)
    return [t, str(a.ndim)] + [str(d) for d in a.shape] + [fmt(v, t) for v in a.reshape(-1).tolist()]


def rand_shape(rng, ranks=(0, 1, 1, 2, 2, 2, 3, 3), exts=(0, 1, 1, 2, 2, 3, 3, 4, 5), long=0.15):
    shp = [rng.choice(exts) for _ in range(rng.choice(ranks))]
    if shp and rng.random() < long and 0 not in shp:
        shp[rng.randrange(len(shp))] = rng.choice([9, 17, 33])  # past the SIMD widths
        if int(np.prod(shp)) > 400:
            shp = [min(e, 3) if i else e for i, e in enumerate(shp)]
    return shp


class Op:
    """An operand x of dtype t and the given shape: kind 'a' the array itself, 't' a transposed
    view (base.transpose(q), with a reversed axis now and then), 'r' a view with steps (base[::s]),
    'e' an expression over such a view (x - 0). base is C-contiguous."""

    def __init__(self, rng, t, shape, kinds='a', vals=None):
        self.t = t
        shape = list(shape)
        rank = len(shape)
        kind = rng.choice(kinds)
        if kind == 't' and rank < 2:
            kind = 'r'
        self.kind = kind
        if kind == 'a' or rank == 0:  # a rank-0 view or expression: of the one element
            base_shape, fn = shape, (lambda b: b)
        elif kind == 't':
            q = list(range(rank))
            while q == sorted(q):
                rng.shuffle(q)
            base_shape = [0] * rank
            for i in range(rank):
                base_shape[q[i]] = shape[i]
            flip = rng.randrange(rank) if rng.random() < 0.3 else None
            sl = tuple(slice(None, None, -1 if k == flip else 1) for k in range(rank))
            fn = (lambda b, q=tuple(q), sl=sl: b.transpose(q)[sl])
        else:
            steps = [rng.choice([1, 1, -1, 2, -2]) for _ in range(rank)]
            if all(s == 1 for s in steps):
                steps[rng.randrange(rank)] = rng.choice([-1, 2, -2])
            base_shape = [e if abs(s) == 1 or e == 0 else 2 * e - rng.randint(0, 1) for e, s in zip(shape, steps)]
            sl = tuple(slice(None, None, s) for s in steps)
            fn = (lambda b, sl=sl: b[sl])
        n = int(np.prod(base_shape)) if base_shape else 1
        vs = vals(n) if vals else values(rng, t, n)
        self.base = np.array(vs, dtype=NP[t]).reshape(base_shape)
        self.x = fn(self.base)
        assert list(self.x.shape) == shape, (self.x.shape, shape)

    def tokens(self):
        x, b = self.x, self.base
        if self.kind == 'a':
            return [self.t, 'a', str(b.size)] + [fmt(v, self.t) for v in b.reshape(-1).tolist()] + \
                [str(x.ndim)] + [str(d) for d in x.shape] + ['0'] * x.ndim + ['0']
        item = b.itemsize
        if x.size == 0:
            strides, offset = [0] * x.ndim, 0
        else:
            strides = [s // item for s in x.strides]
            offset = (x.__array_interface__['data'][0] - b.__array_interface__['data'][0]) // item
        return [self.t, 'e' if self.kind == 'e' else 'v', str(b.size)] + \
            [fmt(v, self.t) for v in b.reshape(-1).tolist()] + \
            [str(x.ndim)] + [str(d) for d in x.shape] + [str(s) for s in strides] + [str(offset)]


def numpy_outcome(f):
    try:
        return f()
    except np.AxisError:
        return 'I'
    except IndexError:
        return 'I'
    except ValueError as e:
        m = str(e)
        return 'I' if ('repeated axis' in m or "duplicate value in 'axis'" in m) else 'V'
    except (TypeError, ZeroDivisionError):
        return 'V'


# ---- axes

def rand_axes(rng, rank, bad=0.04, forms='nnilb'):
    """(mode, axes): 'n' none, 'i' one integer, 'b' a braced list (1 to 3), 'l' a std::vector
    (0 to rank); now and then (bad) an axis out of range or given twice."""
    mode = rng.choice(forms)
    if mode == 'i' and rank == 0:
        mode = 'n'
    axes = []
    if mode == 'i':
        axes = [rng.randrange(-rank, rank)]
    elif mode in 'bl':
        k = rng.randint(1 if mode == 'b' else 0, rank) if rank else 0
        if mode == 'b' and k == 0:
            mode = 'l'
        axes = [a - rank if rng.random() < 0.3 else a for a in rng.sample(range(rank), k)]
    if rng.random() < bad:
        if mode == 'n':
            mode = rng.choice([m for m in 'il' if m in forms])
        if rng.random() < 0.5 and axes and mode != 'i':
            axes = axes + [axes[0] - rank if axes[0] >= 0 else axes[0] + rank]  # twice
        else:
            b = rng.choice([rank, -rank - 1, rank + 2])
            axes = [b] if mode == 'i' else axes + [b]
        if mode == 'b' and len(axes) > 3:
            mode = 'l'
    return mode, axes


def axes_ok(rank, axes):
    """the axes normalized, or None when one is out of range or repeated"""
    out = []
    for a in axes:
        if a < -rank or a >= rank:
            return None
        a = a + rank if a < 0 else a
        if a in out:
            return None
        out.append(a)
    return out


def np_axis(mode, axes):
    if mode == 'n':
        return None
    if mode == 'i':
        return axes[0]
    return tuple(axes)


def axes_tokens(mode, axes, keep):
    return [mode, str(len(axes))] + [str(a) for a in axes] + ['1' if keep else '0']


def reduced(shape, mode, axes, keep):
    """(count per output, outputs, result shape) of a reduction over valid axes"""
    rank = len(shape)
    red = set(range(rank)) if mode == 'n' else set(axes_ok(rank, axes))
    cnt = int(np.prod([shape[i] for i in red])) if red else 1
    kept = [shape[i] for i in range(rank) if i not in red]
    rshape = [1 if i in red else shape[i] for i in range(rank)] if keep else kept
    return cnt, (int(np.prod(kept)) if kept else 1), rshape


def finite(a):
    """the values with NaN and infinities as 0 (the scale of rounding errors)"""
    a = np.asarray(a)
    if a.dtype.kind == 'c':
        return np.nan_to_num(a.astype(np.complex128), nan=0.0, posinf=0.0, neginf=0.0)
    return np.nan_to_num(a.astype(np.float64), nan=0.0, posinf=0.0, neginf=0.0)


# ---- median, quantile, percentile

def q_values(rng, t, nan_p):
    def f(n):
        if t == 'bool':
            return [rng.random() < 0.5 for _ in range(n)]
        if t in ('int32', 'int64'):
            lim = 2 ** 30 if t == 'int32' else 2 ** 61  # NumPy's b - a cannot overflow
            big = rng.random() < 0.15
            return [rng.randint(-lim, lim - 1) if big and rng.random() < 0.7 else rng.randint(-9, 9) for _ in range(n)]
        out = []
        for _ in range(n):
            r = rng.random()
            out.append(float('nan') if r < nan_p else real(rng, special=rng.random() < 0.3))
        return out
    return f


def q_number(rng, n, scale, bad):
    """a q (times scale: 100 for percentile): positions k / (n - 1), ends, random"""
    if rng.random() < bad:
        return rng.choice([-0.25, -1e-9, 1 + 1e-9, 1.5, float('nan')]) * scale
    r = rng.random()
    if r < 0.25 and n > 1:
        q = rng.randint(0, n - 1) / (n - 1)
    elif r < 0.35:
        q = rng.choice([0.0, 1.0, 0.5, 0.25, 0.75])
    else:
        q = round(rng.random(), rng.choice([1, 2, 3, 6]))
    if scale != 1:
        q = round(q * scale, rng.choice([0, 1, 2, 8]))
        q = min(max(q, 0.0), 100.0)
    return q


def gen_quantile(rng, c):
    f = c.func
    t = rng.choice(Q_TYPES)
    c.t = t
    shp = rand_shape(rng, exts=(0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6))  # fewer empty lanes (errors)
    rank = len(shp)
    x = Op(rng, t, shp, op_kinds(KINDS['quantile'][t]), vals=q_values(rng, t, rng.choice([0, 0, 0, 0.05, 0.3])))
    m = rng.choice(METHODS) if f != 'median' else None
    interp = f != 'median' and t == 'bool' and m in ('linear', 'midpoint')
    mode, axes = rand_axes(rng, rank, bad=0.0 if interp else 0.04)  # one fault at a time
    keep = rng.random() < 0.3
    c.args = x.tokens()
    lane = int(np.prod(shp)) if shp else 1
    if mode != 'n' and axes_ok(rank, axes) is not None:
        lane = int(np.prod([shp[a] for a in axes_ok(rank, axes)])) if axes else 1
    ax = np_axis(mode, axes)
    if f == 'median':
        c.args += axes_tokens(mode, axes, keep)
        if mode != 'n' and axes_ok(rank, axes) is None:
            return 'I'
        cnt, outs, rshape = reduced(shp, mode, axes, keep)
        if outs == 0:
            want = np.zeros(rshape)  # no lanes: an empty result (see above)
        else:
            want = numpy_outcome(lambda: np.median(x.x, axis=ax, keepdims=keep))
    else:
        scale = 100.0 if f == 'percentile' else 1.0
        bad = 0.04 if not interp else 0.0
        qform = rng.choice('nnlla')
        if qform == 'n':
            q = q_number(rng, lane, scale, bad)
            qnp = q
            c.args += ['n', fmt(q, 'float64')]
        elif qform == 'l':
            q = [q_number(rng, lane, scale, bad / 2) for _ in range(rng.randint(1, 3))]
            qnp = q
            c.args += ['l', str(len(q))] + [fmt(v, 'float64') for v in q]
        else:
            qs = rand_shape(rng, ranks=(0, 1, 1, 2), exts=(0, 1, 2, 3), long=0)
            qa = np.array([q_number(rng, lane, scale, bad / 2) for _ in range(int(np.prod(qs)) if qs else 1)],
                          dtype=np.float64).reshape(qs)
            qnp = qa
            c.args += ['a'] + arr(qa, 'float64')
        dflt = m == 'linear' and rng.random() < 0.3  # the default method
        c.args += ['default' if dflt else m] + axes_tokens(mode, axes, keep)
        fn = np.quantile if f == 'quantile' else np.percentile
        qv = np.asarray(qnp, dtype=np.float64) / scale
        qshape = list(np.shape(qnp))
        if not (np.all(qv >= 0) and np.all(qv <= 1)):
            return 'V'
        if interp:
            return 'V'  # loom checks this before the axes and the lanes (NumPy's TypeError comes later)
        norm = axes_ok(rank, axes) if mode != 'n' else list(range(rank))
        if norm is None:
            return 'I'
        cnt, outs, rshape = reduced(shp, mode, axes, keep)
        if outs == 0 or qv.size == 0:
            want = np.zeros(qshape + rshape)  # no lanes, or no q: an empty result (loom's, documented)
        else:
            want = numpy_outcome(lambda: fn(x.x, qnp, axis=ax, method=m, keepdims=keep))
            if isinstance(want, str) and want == 'I':
                want = 'V'  # an empty lane: NumPy's IndexError (the axes are valid)
    if isinstance(want, str):
        return want
    rt = t if t in ('float32', 'float64') else 'float64'
    c.rt = rt
    want = np.asarray(want).astype(rt)
    c.tol = 'Z'
    return want


# ---- the nan reductions

def nan_values(rng, t, p, special):
    def f(n):
        def one():
            r = rng.random()
            if r < p:
                return float('nan')
            return real(rng, special=rng.random() < special)
        if t == 'complex128':
            return [complex(one() if rng.random() < 0.5 else real(rng, False),
                            one() if rng.random() < 0.5 else real(rng, False)) for _ in range(n)]
        return [one() for _ in range(n)]
    return f


def gen_nan(rng, c):
    f = c.func
    types = NAN_TYPES if f in NAN_COMPLEX else [t for t in NAN_TYPES if t != 'complex128']
    t = rng.choice(types)
    c.t = t
    shp = rand_shape(rng)
    rank = len(shp)
    arg = f in ('nanargmax', 'nanargmin')
    # the share of NaN: none, some, most, all (all-NaN slices: errors for nanargmax and nanargmin)
    p = rng.choice([0, 0, 0.1, 0.3, 0.6, 1.0])
    moment = f in ('nanvar', 'nanstd')  # an infinity makes a whole lane NaN: seldom
    x = Op(rng, t, shp, op_kinds(KINDS['nanarg' if arg else 'nan'][t]),
           vals=nan_values(rng, t, p, 0.05 if moment else 0.2))
    mode, axes = rand_axes(rng, rank, forms='nni' if arg else 'nnilb')
    keep = rng.random() < 0.3
    c.args = x.tokens() + axes_tokens(mode, axes, keep)
    ddof = 0
    if f in ('nanvar', 'nanstd'):
        ddof = rng.choice([0, 0, 1, 1, 2, 0.5])
        c.args += [repr(float(ddof))]
    if mode != 'n' and axes_ok(rank, axes) is None:
        return 'I'
    cnt, outs, rshape = reduced(shp, mode, axes, keep)
    ax = np_axis(mode, axes)
    if f in ('nanmax', 'nanmin', 'nanargmax', 'nanargmin') and cnt == 0 and outs == 0:
        rt = 'int64' if arg else t
        c.rt = rt
        return np.zeros(rshape, dtype=NP[rt])  # loom: no outputs, no error (as max and argmax)
    fn = getattr(np, f)
    kw = {'ddof': ddof} if f in ('nanvar', 'nanstd') else {}
    want = numpy_outcome(lambda: np.asarray(fn(x.x, axis=ax, keepdims=keep, **kw)))
    if isinstance(want, str):
        return want
    if arg:
        if keep and mode == 'n':
            want = want.reshape([1] * rank)
        c.rt = 'int64'
        return want.astype(np.int64)
    c.rt = str(want.dtype)
    if f in ('nanmax', 'nanmin'):
        c.tol = 'Z'
        return want
    xf = finite(x.x)
    mag = np.abs(xf)
    eps = EPS.get(t, EPS['float64'])
    nk = float(cnt + 4)
    if f == 'nansum':
        tol = nk * eps * np.sum(mag, axis=ax, keepdims=keep)
    elif f == 'nanmean':
        # the sum's bound over the count of numbers, and the division's rounding
        num = np.sum(~np.isnan(x.x), axis=ax, keepdims=keep)
        tol = nk * eps * np.sum(mag, axis=ax, keepdims=keep) / np.maximum(num, 1)
    else:
        # the mean's rounding moves each deviation by at most (n + 2) u mean|x|, the squares and
        # their sum add (n + 2) u of sum (|x| + |mean|)^2: 4 (n + 4) eps sum (|x| + |mean|)^2 / dof
        # bounds the difference of two such computations (of either element type)
        isn = np.isnan(x.x)
        num = np.sum(~isn, axis=ax, keepdims=True)
        mu = np.abs(np.sum(xf, axis=ax, keepdims=True)) / np.maximum(num, 1)
        sq = np.where(isn, 0.0, (mag + mu) ** 2)
        dof = np.sum(~isn, axis=ax, keepdims=keep) - ddof
        tol = 4 * nk * eps * np.sum(sq, axis=ax, keepdims=keep) / np.where(dof > 0, dof, 1)
        if f == 'nanstd':
            v = np.where(np.isfinite(want), np.asarray(want, dtype=np.float64) ** 2, 0.0)
            # |sqrt(a) - sqrt(b)| <= |a - b| / (sqrt(a) + sqrt(b)) and <= sqrt(|a - b|); sqrt's rounding
            lo = np.sqrt(np.maximum(v - tol, 0))
            with np.errstate(all='ignore'):
                d = np.where(np.sqrt(v) + lo > 0, tol / (np.sqrt(v) + lo), np.inf)
            tol = np.minimum(np.sqrt(tol), d) + 2 * eps * np.sqrt(v)
    c.tol = np.asarray(tol, dtype=np.float64).reshape(want.shape)
    return want


# ---- average and ptp

def avg_rt(xt, wt):
    if xt in ('int32', 'bool'):
        return 'float64'
    return str(np.result_type(NP[xt], NP[wt]))


def gen_average(rng, c):
    xt = rng.choice(AVG_TYPES)
    shp = rand_shape(rng)
    rank = len(shp)
    x = Op(rng, xt, shp, op_kinds(KINDS['average'][xt]), vals=lambda n: values(rng, xt, n, special=rng.random() < 0.1, lo=-9, hi=9))
    # unweighted (mean's node: float64 and float32 only), weights of x's shape, rank-1 weights
    form = rng.choice('uffw1' if xt in ('float64', 'float32') else 'ffw1')
    if form == 'w':
        form = 'f' if rng.random() < 0.5 or rank == 0 else '1'
    keep = rng.random() < 0.3
    if form == 'u':
        mode, axes = rand_axes(rng, rank)
        c.t = xt
        c.args = x.tokens() + axes_tokens(mode, axes, keep) + ['-']
        if mode != 'n' and axes_ok(rank, axes) is None:
            return 'I'
        ax = np_axis(mode, axes)
        cnt, outs, rshape = reduced(shp, mode, axes, keep)
        # np.average without weights is np.mean; NumPy 1.24 then computes a.size / avg.size, which it
        # does not return (ZeroDivisionError for an empty result)
        want = numpy_outcome(lambda: np.asarray(np.mean(x.x, axis=ax, keepdims=keep) if outs == 0 else
                                                np.average(x.x, axis=ax, keepdims=keep)))
        if isinstance(want, str):
            return want
        c.rt = str(want.dtype)
        if xt in ('int32', 'bool'):
            return want  # exact sums of small integers, one division
        tol = (cnt + 4) * EPS[xt] * np.sum(np.abs(finite(x.x)), axis=ax, keepdims=keep) / max(cnt, 1)
        c.tol = np.asarray(tol, dtype=np.float64).reshape(want.shape)
        return want
    wt = rng.choice(AVG_TYPES)
    c.t = f'{xt},{wt}'
    rt = avg_rt(xt, wt)
    zero = rng.random() < 0.08
    ints = zero or wt in ('int32', 'bool') or rng.random() < 0.3

    def wvals(n):
        # integer-valued weights (exact sums: zero in both or in neither), else positive ones
        if wt == 'bool':
            return [rng.random() < 0.85 for _ in range(n)]
        if ints:
            return [rng.randint(-1, 5) for _ in range(n)]
        return [round(rng.uniform(0.01, 4), 2) for _ in range(n)]
    if form == 'f':
        fault = rng.random() < 0.06
        # with weights of another shape, no axis or an integer (a list of one axis: see above)
        mode, axes = rand_axes(rng, rank, forms='ni' if fault else 'nnilb')
        wshape = list(shp)
        if fault:
            if wshape and rng.random() < 0.5:
                wshape[rng.randrange(len(wshape))] += 1
            else:
                wshape = wshape + [2]
    else:
        mode = 'i'
        if rank == 0:
            mode, axes = 'n', []
        else:
            axes = [rng.randrange(-rank, rank)]
            if rng.random() < 0.04:
                axes = [rng.choice([rank, -rank - 1])]
        a = axes_ok(rank, axes) if axes else None
        n1 = shp[a[0]] if a else 2
        wshape = [n1]
        r = rng.random()
        if r < 0.05:
            wshape = [n1 + 1]  # the wrong length
        elif r < 0.08:
            wshape = [1, n1]  # not rank 1
        elif r < 0.11:
            mode, axes = 'n', []  # no axis
    w = Op(rng, wt, wshape, op_kinds(KINDS['weights'][wt]), vals=wvals)
    if zero:  # every lane sums to zero
        w.base[...] = 0
    c.args = x.tokens() + axes_tokens(mode, axes, keep) + ['w'] + w.tokens()
    if list(w.x.shape) == shp and mode != 'n' and axes_ok(rank, axes) is None:
        return 'I'  # (NumPy 1.24 takes axis 0 of a rank-0 x and w)
    ax = np_axis(mode, axes)
    want = numpy_outcome(lambda: np.asarray(np.average(x.x, axis=ax, weights=w.x, keepdims=keep)))
    if isinstance(want, str):
        return want
    c.rt = rt
    assert str(want.dtype) == rt, (want.dtype, rt)
    # the quotient of two sums: each within (n + 1) u of its sum of magnitudes (products rounded
    # too), so two computations differ by (n + 4) eps (sum|x w| + |avg| sum|w|) / |sum w|
    xf, wf = finite(x.x.astype(rt)), finite(w.x.astype(rt))
    if list(w.x.shape) != shp:
        a0 = axes_ok(rank, axes)[0]
        wf = np.moveaxis(np.broadcast_to(wf, shp[:a0] + shp[a0 + 1:] + [shp[a0]]), -1, a0)
    cnt, outs, rshape = reduced(shp, mode, axes, keep)
    sw = np.abs(np.sum(wf, axis=ax, keepdims=keep))
    num = np.sum(np.abs(xf * wf), axis=ax, keepdims=keep) + np.abs(finite(want)) * np.sum(np.abs(wf), axis=ax, keepdims=keep)
    tol = (cnt + 4) * EPS[rt] * num / np.where(sw > 0, sw, 1)
    c.tol = np.asarray(tol, dtype=np.float64).reshape(want.shape)
    return want


def gen_ptp(rng, c):
    t = rng.choice(PTP_TYPES)
    c.t = t
    shp = rand_shape(rng)
    rank = len(shp)

    def vals(n):
        if t in ('int32', 'int64'):
            info = np.iinfo(NP[t])
            if rng.random() < 0.15:  # the difference wraps, as NumPy's
                return [rng.choice([int(info.min), int(info.max), int(info.min) + 1, 0, -1]) for _ in range(n)]
            return [rng.randint(-20, 20) for _ in range(n)]
        return values(rng, t, n, special=rng.random() < 0.3)
    x = Op(rng, t, shp, op_kinds(KINDS['ptp'][t]), vals=vals)
    mode, axes = rand_axes(rng, rank)
    keep = rng.random() < 0.3
    c.args = x.tokens() + axes_tokens(mode, axes, keep)
    if mode != 'n' and axes_ok(rank, axes) is None:
        return 'I'
    cnt, outs, rshape = reduced(shp, mode, axes, keep)
    c.rt = t
    c.tol = 'Z'
    if cnt == 0 and outs == 0:
        return np.zeros(rshape, dtype=NP[t])  # loom: no outputs, no error (as max)
    return numpy_outcome(lambda: np.asarray(np.ptp(x.x, axis=np_axis(mode, axes), keepdims=keep)))


# ---- cov and corrcoef

def gen_cov(rng, c):
    f = c.func
    xt = rng.choice(COV_TYPES)
    yt = xt if rng.random() < 0.6 else 'float64'
    use_y = rng.random() < 0.3
    rowvar = rng.random() < 0.6
    ddof = rng.choice([1, 1, 1, 0, 2]) if f == 'cov' else 1
    exact = xt in ('int32', 'int64', 'bool') or rng.random() < 0.3  # small integers
    nvar = rng.choice([0, 1, 1, 2, 2, 3, 4, 5]) if rng.random() > 0.05 else 0
    nobs = rng.choice([1, 2, 2, 3, 4, 5, 6, 8, 13, 40])
    fact_bad = f == 'cov' and rng.random() < 0.06
    if fact_bad:  # observations - ddof <= 0: exact data only (a dyadic mean: all sums exact)
        exact = True
        nobs = rng.choice([0, 1, 2, 4])
        ddof = nobs + rng.choice([0, 1, 2])
    if not exact and nobs - ddof <= 0:
        ddof = 0 if nobs > 0 else ddof
        if nobs - ddof <= 0:
            nobs = 3

    def vals_of(t):
        def f(n):
            if t == 'bool':
                return [rng.random() < 0.5 for _ in range(n)]
            if exact or t in ('int32', 'int64'):
                return [rng.randint(-6, 6) for _ in range(n)]
            nan = rng.random() < 0.03
            return [float('nan') if nan and rng.random() < 0.1 else round(rng.uniform(-5, 5), 3) for _ in range(n)]
        return f

    def shape_of(nv, rank):
        if rank == 0:
            return []
        if rank == 1:
            return [nobs]
        return [nv, nobs] if rowvar else [nobs, nv]
    xrank = rng.choice([0, 1, 1, 2, 2, 2, 2, 2, 2, 2]) if rng.random() > 0.03 else 3
    if xrank == 0:
        nobs = 1
        if fact_bad:
            ddof = 1
    xs = shape_of(nvar, xrank) if xrank < 3 else [2, nobs, 2]
    x = Op(rng, xt, xs, op_kinds(KINDS['cov'][xt]), vals=vals_of(xt))
    c.t = xt
    c.args = x.tokens()
    y = None
    if use_y:
        yrank = rng.choice([1, 2, 2]) if rng.random() > 0.04 else rng.choice([0, 3])
        ny = rng.choice([1, 2, 3])
        ys = shape_of(ny, yrank) if yrank < 3 else [1, nobs, 2]
        if yrank == 0:
            ys = []
        if rng.random() < 0.04 and ys:
            ys = list(ys)
            ys[-1 if rowvar else 0] += 1  # another number of observations
        y = Op(rng, yt, ys, op_kinds(KINDS['y'][yt]), vals=vals_of(yt))
        c.t += ',' + yt
        c.args += ['y'] + y.tokens()
    else:
        c.args += ['-']
    c.args += ['1' if rowvar else '0']
    if f == 'cov':
        c.args += [str(ddof)]
        want = numpy_outcome(lambda: np.asarray(np.cov(x.x, None if y is None else y.x, rowvar, ddof=ddof)))
    else:
        want = numpy_outcome(lambda: np.asarray(np.corrcoef(x.x, None if y is None else y.x, rowvar)))
    if isinstance(want, str):
        return want
    c.rt = 'float64'
    # cov: the means within (m + 2) u sum|x| / m, each centred value within (m + 2) u (|x| + |mean|),
    # the products summed: 4 (m + 4) eps sum (|x_i| + |mean_i|)(|x_j| + |mean_j|) / fact bounds the
    # difference of two computations
    X = np.array(x.x, ndmin=2, dtype=np.float64)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if X.shape[0] == 0:
        return want
    if y is not None:
        Y = np.array(y.x, ndmin=2, dtype=np.float64)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = np.concatenate((X, Y), axis=0)
    m = X.shape[1]
    Xf = finite(X)
    mu = np.abs(Xf.mean(axis=1, keepdims=True)) if m else np.zeros((X.shape[0], 1))
    A = np.abs(Xf) + mu
    fact = m - ddof
    S = 4 * (m + 4) * EPS['float64'] * (A @ A.T) / (fact if fact > 0 else 1)
    if f == 'cov':
        tol = S
    else:
        # r = c_ij / s_i / s_j: the covariance's bound over s_i s_j, and r times the relative
        # bounds of the two variances (halved by the square roots), and 4 roundings
        cv = np.asarray(np.cov(Xf, rowvar=True, ddof=1)).reshape(X.shape[0], X.shape[0])
        d = np.abs(np.diag(cv))
        sd = np.sqrt(d)
        dS = np.diag(S)
        with np.errstate(all='ignore'):
            rel = np.where(d > 0, dS / (2 * d), 0.0)
            tol = np.where(np.outer(sd, sd) > 0, S / np.outer(sd, sd), 0.0) + \
                np.abs(np.nan_to_num(want.reshape(cv.shape))) * (rel[:, None] + rel[None, :]) + 4 * EPS['float64']
    c.tol = np.asarray(tol, dtype=np.float64).reshape(want.shape)
    return want


# ---- convolve and correlate

def gen_conv(rng, c):
    f = c.func
    at, vt = rng.choice(CONV_PAIRS)
    if rng.random() < 0.5:
        at, vt = vt, at
    c.t = f'{at},{vt}'
    big = rng.random() < 0.15  # integers: products and sums that wrap

    def vals_of(t):
        def g(n):
            if t == 'bool':
                return [rng.random() < 0.3 for _ in range(n)]
            if t in ('int32', 'int64'):
                lim = (2 ** 30 if t == 'int32' else 2 ** 62) if big else 9
                return [rng.randint(-lim, lim) for _ in range(n)]
            return values(rng, t, n, special=t != 'complex128' and rng.random() < 0.1)
        return g

    def length():
        r = rng.random()
        if r < 0.04:
            return 0
        if r < 0.2:
            return rng.randint(30, 100)
        return rng.randint(1, 12)

    def shape():
        r = rng.random()
        if r < 0.03:
            return []
        if r < 0.06:
            return [rng.randint(1, 3), rng.randint(1, 3)]
        return [length()]
    ks = KINDS['conv'].get((at, vt), ('av', 'av'))
    ops = [Op(rng, t, shape(), op_kinds(k), vals=vals_of(t)) for t, k in zip((at, vt), ks)]
    mode = rng.choice(['full', 'same', 'valid', 'default'])
    c.args = ops[0].tokens() + ops[1].tokens() + [mode]
    npmode = mode if mode != 'default' else ('full' if f == 'convolve' else 'valid')
    fn = np.convolve if f == 'convolve' else np.correlate
    want = numpy_outcome(lambda: np.asarray(fn(ops[0].x, ops[1].x, npmode)))
    if isinstance(want, str):
        return want
    rt = str(want.dtype)
    c.rt = rt
    if rt not in EPS:
        return want  # integers (modulo 2**bits) and bool: exact
    # each output sums at most min(M, N) products in BLAS's order or loom's: (n + 4) eps times
    # the sum of |products| (complex: each part, its products' sums bounded by 2 |a| |v|)
    k = min(ops[0].x.size, ops[1].x.size)
    mags = fn(np.abs(finite(np.atleast_1d(ops[0].x))), np.abs(finite(np.atleast_1d(ops[1].x))), npmode)
    tol = (k + 4) * EPS[rt] * mags * (2 if rt.startswith('complex') else 1)
    c.tol = np.asarray(tol, dtype=np.float64)
    return want


# ----

GENS = {'median': gen_quantile, 'quantile': gen_quantile, 'percentile': gen_quantile, 'average': gen_average,
        'ptp': gen_ptp, 'cov': gen_cov, 'corrcoef': gen_cov, 'convolve': gen_conv, 'correlate': gen_conv}


def gen_case(rng, cid):
    c = Case()
    c.func = rng.choices(FUNCS, WEIGHTS)[0]
    c.t = None
    c.rt = None
    c.tol = None
    want = GENS.get(c.func, gen_nan)(rng, c)
    if want is None:
        return None  # a case not drawn (see its generator)
    head = [str(cid), c.func, c.t] + c.args
    if isinstance(want, str):
        return c.func, want, ' '.join(head + [want])
    want = np.asarray(want)
    rt = c.rt or str(want.dtype)
    tail = ['R'] + arr(want.astype(NP[rt]), rt)
    if isinstance(c.tol, str):
        tail += [c.tol]
    elif c.tol is not None:
        tail += ['T'] + arr(c.tol, 'float64')
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
    funcs = [fn for fn in FUNCS if counts[(fn, True)] + counts[(fn, False)]]
    summary = ', '.join(f'{fn} {counts[(fn, True)] + counts[(fn, False)]} ({counts[(fn, False)]} errors)' for fn in funcs)
    print(f'stats_cases: seed {seed}, {len(lines)} cases (repeat with --seed {seed}): {summary}')
    if args.run:
        sys.stdout.flush()
        sys.exit(subprocess.call([args.run, args.out]))


if __name__ == '__main__':
    main()
