# tests/differential/more_cases.py: random cases of einsum, diff, the counting and bin functions
# (bincount, digitize, histogram, interp), integer-array indexing (loom::index read, `= v`, `+= v`
# and add_at) and reshape with loom::copy_if_needed, with NumPy 1.24's expected results.
#
# Draws a function, its element types, shapes and arguments, and the operands' kinds: an array
# ('a'); a view of a larger array (a transposed one, or one with steps -1, 2 or -2 on some axes:
# NumPy's x.T, x[::-1], x[:, ::2]); or an expression over such a view (x - 0, diff only). NumPy
# computes the result, or the error, and the checker (more_main.cpp) compares the element type, the
# shape and the values, or the kind of error, and that operands not assigned to are unchanged (and
# that a failed assignment wrote nothing).
#   - einsum: 1 to 3 operands of rank 0 to 3 (extents 0 to 4; some size-1 axes, broadcast),
#     letters of both cases, letters repeated within an operand (diagonals), implicit and explicit
#     outputs, '...' with broadcast batch axes; int32, int64, float64, complex128, bool, and int32
#     with float64 (MIXED). Integers and bool exactly; floating results within 1e-12 times NumPy's
#     einsum of the operands' absolute values (the same sum of |products|: the order of the sums
#     differs), written with the case. Malformed strings and extents that differ, one fault a case.
#   - diff(x, n, axis), bincount(x[, weights], minlength), digitize(x, bins, right) (x a number
#     too), histogram(x, bins, range) and histogram(x, edges), interp(x, xp, fp[, left, right]) (x
#     a number too): values exactly (NaN equals NaN, -0.0 differs from 0.0).
#   - index: loom::index(x, i0[, i1]) with index arrays (int32, int64) or numbers that broadcast,
#     negative and out-of-range indices; read, `= v` and `+= v` (repeated indices: the last write
#     wins, NumPy's x[i] = v) and add_at (np.add.at: repeated indices accumulate); v a number or an
#     array broadcasting to the indexed shape. The whole array written through is compared.
#   - reshape(x, shape, loom::copy_if_needed) of transposed and strided views (and arrays) against
#     np.reshape: the values, and whether the result shares x's memory (np.shares_memory).
#
# Errors: NumPy's ValueError is std::invalid_argument that is not a broadcast_error ('V'), its
# IndexError and AxisError are loom::index_error ('I'), except where loom documents otherwise:
#   - einsum: extents that differ (NumPy's ValueError "operands could not be broadcast" and "dimensions
#     ... for collapsing index ... don't match") are loom::broadcast_error ('B').
#   - index: index arrays that do not broadcast together (NumPy IndexError "shape mismatch") and a
#     value that does not broadcast to the indexed shape (NumPy ValueError) are broadcast_error
#     ('B'). A value of more axes than the indexed shape is broadcast_error for `=` and `+=` (loom's
#     in-place rule; NumPy's x[i] = v drops the value's leading size-1 axes). An index out of range
#     is index_error also where NumPy 1.24 only warns (DeprecationWarning: x has no elements after
#     the indexed axes), as NumPy will.
#   - reshape: sizes that differ, two -1 and other negative sizes are index_error (NumPy ValueError).
#   - histogram(x, edges) with fewer than two edges is std::invalid_argument (NumPy returns no bins).
#   - bincount: weights not of x's shape are std::invalid_argument also for an empty x (NumPy 1.24
#     returns zeros without looking at them), and the weighted result is float64 also for an empty
#     x (NumPy 1.24: int64 zeros).
#   - digitize: bins holding NaN neither increase nor decrease: std::invalid_argument (NumPy's check
#     skips the comparisons with NaN and takes [nan, -2.0] as increasing).
#   - diff with n = 0 checks x's rank and the axis (NumPy 1.24 returns x before looking at them).
#   - reshape: a negative size other than -1 is index_error (NumPy 1.24 takes it as -1).
# Not drawn: histogram(x, bins) of int64 x beyond 2**53 without a range, where NumPy 1.24's own
# results are wrong (an IndexError from inside np.histogram, or every element counted in a bin whose
# edges are equal: it takes the range in int64 and the edges in float64); loom takes both in double.
#
# Line format (more_main.cpp reads it): id func dtype args..., then 'R' and the expected arrays, or
# the error's letter. An operand is `dtype kind n v1..vn rank extents strides offset`: kind 'a' an
# array of the extents holding the n values in C order; 'v' the strided view at offset into the
# n values (strides in elements); 'e' the expression view - 0. An array is `dtype rank extents values`.
#
# Usage: more_cases.py OUT [--seed N] [--cases N] [--run EXE]
# prints the seed and the case counts; with --run, runs `EXE OUT` and exits with its status.
import argparse
import collections
import math
import random
import string
import subprocess
import sys
import warnings

import numpy as np

import operands

warnings.simplefilter('ignore')
np.seterr(all='ignore')

NP = {'bool': np.bool_, 'int32': np.int32, 'int64': np.int64, 'float64': np.float64, 'complex128': np.complex128}
TYPES = ['int32', 'int64', 'float64', 'complex128', 'bool']
MIXED = [('int32', 'float64'), ('float64', 'int32'), ('float64', 'int32', 'float64')]  # einsum: float64 results
FUNCS = ['einsum', 'diff', 'bincount', 'digitize', 'histogram', 'interp', 'index', 'reshape']
WEIGHTS = [3.5, 1, 0.7, 0.7, 0.8, 0.7, 2.5, 1]
EIN_TOL = 1e-12


class Case:
    pass


# ---- values and operands

def real(rng, special=True):
    r = rng.random()
    if special:
        if r < 0.04:
            return float('nan')
        if r < 0.07:
            return rng.choice([float('inf'), float('-inf')])
        if r < 0.10:
            return rng.choice([-0.0, 0.0, 5e-324])
    if r < 0.35:
        return float(rng.randint(-3, 3))
    if r < 0.55:
        return rng.randint(-32, 32) / 8
    return round(rng.uniform(-8, 8), 4)


def values(rng, t, n, special=True, lo=-20, hi=20):
    if t == 'bool':
        return [rng.random() < 0.5 for _ in range(n)]
    if t == 'float64':
        return [real(rng, special) for _ in range(n)]
    if t == 'complex128':
        return [complex(real(rng, special), real(rng, special)) for _ in range(n)]
    return [rng.randint(lo, hi) for _ in range(n)]


def fmt(v, t):
    if t == 'bool':
        return '1' if v else '0'
    if t == 'complex128':
        return f'{fmt(v.real, "float64")},{fmt(v.imag, "float64")}'
    if t == 'float64':
        return 'nan' if math.isnan(v) else repr(float(v))
    return str(int(v))


def arr(a, t):
    a = np.asarray(a)
    return [t, str(a.ndim)] + [str(d) for d in a.shape] + [fmt(v, t) for v in a.reshape(-1).tolist()]


def ints(v):
    return [str(len(v))] + [str(int(a)) for a in v]


rand_shape = operands.rand_shape
size = operands.size


def Op(rng, t, shape, kinds='a', vals=None):
    """An operand of dtype t (operands.Op), its values this script's unless vals(n) gives them."""
    return operands.Op(rng, t, NP[t], shape, kinds, vals or (lambda n: values(rng, t, n)), fmt)


def numpy_outcome(f):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('error', DeprecationWarning)  # NumPy's future IndexError for indices
            return f()
    except DeprecationWarning:
        return 'I'
    except np.AxisError:
        return 'I'
    except IndexError as e:
        return 'B' if 'shape mismatch' in str(e) else 'I'
    except ValueError as e:
        m = str(e)
        return 'B' if ('could not be broadcast' in m or "don't match" in m) else 'V'
    except TypeError:
        return 'V'  # x[i] = v with numbers for every axis (an element) and v of many elements


# ---- einsum

EIN_FAULTS = ['char', 'count', 'rank', 'outdup', 'outmiss', 'noell', 'dots', 'extent', 'diag', 'ellext']


def gen_einsum(rng, c):
    nops = rng.choices([1, 2, 3], [0.35, 0.45, 0.2])[0]
    if rng.random() < 0.12 and nops > 1:
        types = list(rng.choice([m for m in MIXED if len(m) == nops]))
    else:
        types = [c.t] * nops
    c.t = ','.join(types)
    fault = rng.choice(EIN_FAULTS) if rng.random() < 0.1 else None
    alphabet = string.ascii_lowercase if rng.random() < 0.7 else string.ascii_letters
    pool = rng.sample(alphabet, rng.randint(1, 5))
    use_ell = rng.random() < 0.3 or fault in ('noell', 'ellext', 'dots')
    for _ in range(100):
        ext = {l: (0 if rng.random() < 0.04 else rng.choice([1, 2, 2, 3, 3, 4])) for l in pool}
        ell = [rng.choice([1, 2, 3, 3]) for _ in range(rng.choice([0, 1, 1, 2]))] if use_ell else []
        loop = int(np.prod([ext[l] for l in pool])) * int(np.prod(ell))
        if loop <= 2000:
            break
    terms, shapes = [], []
    for o in range(nops):
        r = rng.choice([0, 1, 1, 2, 2, 2, 3, 3])
        letters = [rng.choice(pool) for _ in range(r)]
        if rng.random() < 0.6:  # mostly distinct letters; repeats (diagonals) now and then
            letters = rng.sample(pool, min(r, len(pool)))
        own = {l: (1 if rng.random() < 0.12 else ext[l]) for l in sorted(set(letters))}
        shp = [own[l] for l in letters]
        term = ''.join(letters)
        if use_ell and rng.random() < 0.85:
            p = rng.randint(0, len(letters))
            k = rng.randint(0, len(ell))
            dims = [1 if rng.random() < 0.2 else e for e in ell[len(ell) - k:]]
            term = term[:p] + '...' + term[p:]
            shp = shp[:p] + dims + shp[p:]
        terms.append(term)
        shapes.append(shp)
    used = sorted(set(''.join(terms)) - {'.'})
    has_ell = any('...' in t for t in terms)
    explicit = rng.random() < 0.6 or fault in ('outdup', 'outmiss', 'noell')
    out = None
    if explicit:
        out = rng.sample(used, rng.randint(0, len(used)))
        out = ''.join(out)
        # without '...' the operands' '...' must stand for no axes: a fault, so not with another
        if (has_ell and (fault is not None or rng.random() < 0.95)) or rng.random() < 0.05:
            p = rng.randint(0, len(out))
            out = out[:p] + '...' + out[p:]
    # one fault at a time
    if fault == 'extent':
        cands = [(o, ch) for o in range(nops) for ch in terms[o].replace('...', '')]
        if cands:
            o, letter = rng.choice(cands)
            e = max(ext[letter], 1) + rng.choice([1, 2])
            for a in _letter_axes(terms[o], len(shapes[o]), letter):  # a diagonal keeps its extents equal
                shapes[o][a] = e
    elif fault == 'diag':
        o = rng.randrange(nops)
        if terms[o].replace('...', ''):
            letter = rng.choice(terms[o].replace('...', ''))
            axes = _letter_axes(terms[o], len(shapes[o]), letter)
            terms[o] = terms[o] + letter  # the last axis (after any '...')
            shapes[o].append(shapes[o][axes[0]] + rng.choice([1, 2]))
    elif fault == 'ellext':
        os = [o for o in range(nops) if '...' in terms[o]]
        if os:  # an extra leading '...' axis of 5 (the others have 1 to 3); one operand: valid
            o = rng.choice(os)
            shapes[o].insert(terms[o].index('...'), 5)
    elif fault == 'char':
        s = _join(terms, out)
        p = rng.randint(0, len(s))
        ins = rng.choice(['1', '#', '_', '.', '>', '-', '*'])
        s = s[:p] + ins + s[p:]
        return _finish_einsum(rng, c, types, s, shapes)
    elif fault == 'count':
        if nops > 1 and rng.random() < 0.5:
            terms = terms[:-1]
        else:
            terms = terms + [rng.choice(['', 'i', 'ab'])]
    elif fault == 'rank':
        o = rng.randrange(nops)
        if rng.random() < 0.5 or not terms[o].replace('...', ''):
            terms[o] = terms[o] + rng.choice(pool)
        else:
            t = terms[o]
            letters = [i for i, ch in enumerate(t) if ch != '.']
            i = rng.choice(letters)
            terms[o] = t[:i] + t[i + 1:]
    elif fault == 'outdup':
        if used:
            out = (out or '') + rng.choice(used)
            out = out + out[-1] if out.count(out[-1]) < 2 else out
    elif fault == 'outmiss':
        missing = [ch for ch in string.ascii_letters if ch not in used]
        out = (out or '') + rng.choice(missing)
    elif fault == 'noell':
        if out is not None:
            out = out.replace('...', '')
    elif fault == 'dots':
        os = [o for o in range(nops) if '...' in terms[o]]
        if os:
            o = rng.choice(os)
            terms[o] = terms[o].replace('...', rng.choice(['..', '.', '....', '......']), 1)
        elif out is not None:
            out = out + '..'
    return _finish_einsum(rng, c, types, _join(terms, out), shapes)


def _letter_axes(term, rank, letter):
    """The axes of an operand of `rank` axes named `letter` by its term (the '...' axes fill the rest)."""
    if '...' in term:
        a, b = term.split('...', 1)
        k = rank - len(a) - len(b)
        names = list(a) + ['.'] * k + list(b)
    else:
        names = list(term)
    return [i for i, ch in enumerate(names) if ch == letter]


def _join(terms, out):
    s = ','.join(terms)
    return s if out is None else s + '->' + out


def _finish_einsum(rng, c, types, subs, shapes):
    ops = [Op(rng, t, s, 'aatr', vals=_ein_values(rng, t)) for t, s in zip(types, shapes)]
    if rng.random() < 0.3:  # all arrays now and then (einsum of arrays, not views)
        ops = [Op(rng, t, s, 'a', vals=_ein_values(rng, t)) for t, s in zip(types, shapes)]
    c.args = ['s:' + subs, str(len(ops))]
    for o in ops:
        c.args += o.tokens()
    xs = [o.x for o in ops]
    want = numpy_outcome(lambda: np.asarray(np.einsum(subs, *xs)))
    if isinstance(want, str):
        return want
    # a repeated label over axes of unequal extents, one of them 0: NumPy 1.24 skips its check and returns
    # an uninitialised array; loom raises broadcast_error, as NumPy does for any other unequal extents
    # (only for strings NumPy takes: a malformed one is its ValueError, and loom's invalid_argument, first)
    for term, x in zip(subs.split('->')[0].split(','), xs):
        for letter in set(term) - {'.'}:
            ext = {x.shape[a] for a in _letter_axes(term, x.ndim, letter) if 0 <= a < x.ndim}
            if len(ext) > 1 and 0 in ext:
                return 'B'
    rt = np.result_type(*[x.dtype for x in xs])
    assert want.dtype == rt, (want.dtype, rt)
    c.rt = str(rt)
    if rt.kind in 'fc':  # the sums of |products|: the bound on the rounding of any order of the sums
        scale = np.asarray(np.einsum(subs, *[np.abs(x).astype(np.float64) for x in xs]))
        c.tol = (EIN_TOL * scale).astype(np.float64)
    return want


def _ein_values(rng, t):
    def f(n):
        if t == 'bool':
            return [rng.random() < 0.6 for _ in range(n)]
        if t in ('int32', 'int64'):
            if t == 'int64' and rng.random() < 0.1:
                return [rng.randint(-2 ** 20, 2 ** 20) for _ in range(n)]
            return [rng.randint(-5, 5) for _ in range(n)]
        return values(rng, t, n, special=False)
    return f


# ---- diff and the bins

def rand_axis(rng, rank, bad=0.05):
    if rank == 0 or rng.random() < bad:
        return rng.choice([rank, -rank - 1, rank + 2, -rank - 3])
    return rng.randrange(-rank, rank)


def gen_diff(rng, c):
    shp = rand_shape(rng, ranks=(0, 1, 1, 1, 2, 2, 3, 3))
    small = (lambda n: values(rng, c.t, n, lo=-1000, hi=1000)) if c.t != 'int64' else \
        (lambda n: [rng.randint(-2 ** 40, 2 ** 40) for _ in range(n)])
    x = Op(rng, c.t, shp, 'aatre', vals=small)
    rank = len(shp)
    n = rng.choice([0, 1, 1, 1, 2, 2, 3, 5]) if rng.random() > 0.03 else -1
    axis = rand_axis(rng, rank)
    c.args = x.tokens() + [str(n), str(axis)]
    if n == 0:  # loom checks x's rank and the axis for n = 0 too; NumPy 1.24 returns x unchecked
        want = numpy_outcome(lambda: np.diff(x.x, 1, axis))
        return want if isinstance(want, str) else x.x
    return numpy_outcome(lambda: np.diff(x.x, n, axis))


BIN_X = ['int32', 'int64', 'bool']
BIN_W = ['float64', 'int32']


def gen_bincount(rng, c):
    c.t = rng.choice(BIN_X)
    rank = 1 if rng.random() > 0.05 else rng.choice([0, 2])
    shp = rand_shape(rng, ranks=(rank,), exts=(0, 1, 2, 3, 5, 8, 13, 20))
    top = rng.choice([1, 3, 8, 12, 40, 200])
    neg = rng.random() < 0.04
    kinds = 'ar'

    def xv(n):
        v = [rng.randint(0, top) for _ in range(n)] if c.t != 'bool' else [rng.random() < 0.5 for _ in range(n)]
        if neg and n and c.t != 'bool':
            v[rng.randrange(n)] = -rng.randint(1, 3)
        return v
    x = Op(rng, c.t, shp, kinds, vals=xv)
    minlength = rng.choice([0, 0, 0, 1, 5, 15, 60])
    form = rng.choice('nw')
    c.args = x.tokens()
    w = None
    if form == 'w':
        wt = rng.choice(BIN_W)
        wshape = list(shp)
        if rng.random() < 0.05 and wshape:
            wshape[0] += rng.choice([1, -1]) if wshape[0] else 1
        w = Op(rng, wt, wshape, kinds, vals=(lambda n: values(rng, wt, n, special=rng.random() < 0.2)))
        c.args += ['w'] + w.tokens()
        c.t += ',' + wt
    else:
        c.args += ['n']
    c.args += [str(minlength)]
    if w is not None and w.x.shape != x.x.shape and x.x.size == 0 and x.x.ndim == 1:
        return 'V'  # loom checks the weights' shape for an empty x too
    want = numpy_outcome(lambda: np.bincount(x.x, None if w is None else w.x, minlength))
    if w is not None and not isinstance(want, str):
        want = want.astype(np.float64)  # NumPy 1.24: int64 zeros for an empty x, weights or not
    return want


DIGITIZE = [('float64', 'float64'), ('int32', 'float64'), ('int64', 'float64'), ('float64', 'int64'),
            ('int64', 'int64'), ('int32', 'int32')]


def sorted_edges(rng, t, n, dup=0.15):
    """n increasing values (repeats now and then) of dtype t."""
    if t == 'float64':
        v = sorted(rng.choice([float(rng.randint(-6, 6)), round(rng.uniform(-6, 6), 3)]) for _ in range(n))
    else:
        v = sorted(rng.randint(-8, 8) for _ in range(n))
    for i in range(1, n):
        if rng.random() < dup:
            v[i] = v[i - 1]
    return v


def near_values(rng, t, edges, n, special=True):
    """values of dtype t, many of them equal to an edge (ties for `right`)"""
    out = []
    edges = [e for e in edges if not math.isnan(e)]
    for _ in range(n):
        r = rng.random()
        if edges and r < 0.35:
            out.append(rng.choice(edges))
        elif t == 'float64' and special and r < 0.45:
            out.append(rng.choice([float('nan'), float('inf'), float('-inf'), -0.0]))
        elif t == 'float64':
            out.append(round(rng.uniform(-9, 9), rng.choice([0, 1, 3])))
        else:
            out.append(rng.randint(-10, 10))
    if t == 'float64':
        return [float(v) for v in out]
    if t == 'int64' and rng.random() < 0.05:  # beyond float64's integers
        return [rng.choice([2 ** 53 + 1, -2 ** 53 - 1, 2 ** 62 + 3, int(v)]) for v in out]
    return [int(v) for v in out]


def gen_digitize(rng, c):
    xt, bt = rng.choice(DIGITIZE)
    nb = rng.choice([0, 1, 2, 3, 4, 6, 9])
    bins = sorted_edges(rng, bt, nb)
    r = rng.random()
    if r < 0.25:
        bins = bins[::-1]
    elif r < 0.29 and nb >= 3:
        bins[0], bins[-1] = bins[-1], bins[0]
        if bins[0] == bins[-1]:
            bins[1] = bins[0] + 1 if bins[0] == bins[2] else bins[1]  # best effort; NumPy decides
    elif r < 0.31 and bt == 'float64' and nb >= 2:
        bins[rng.randrange(nb)] = float('nan')
    bshape = [nb] if rng.random() > 0.03 else [1, nb]
    barr = np.array(bins, dtype=NP[bt]).reshape(bshape)
    right = rng.random() < 0.5
    form = 'o' if rng.random() > 0.12 or xt != 'float64' else 'n'
    c.t = f'{xt},{bt}'
    if form == 'n':
        v = near_values(rng, 'float64', bins, 1)[0]
        c.args = ['n', fmt(v, 'float64')]
        xarg = v
    else:
        shp = rand_shape(rng)
        x = Op(rng, xt, shp, 'ar', vals=(lambda n: near_values(rng, xt, bins, n)))
        c.args = ['o'] + x.tokens()
        xarg = x.x
    c.args += arr(barr, bt) + ['1' if right else '0']
    if bt == 'float64' and any(math.isnan(b) for b in bins):
        return 'V'  # loom: bins with NaN neither increase nor decrease
    return numpy_outcome(lambda: np.asarray(np.digitize(xarg, barr, right)))


HIST_X = ['float64', 'int32', 'int64']


def gen_histogram(rng, c):
    xt = rng.choice(HIST_X)
    shp = rand_shape(rng, exts=(0, 1, 2, 3, 5, 8, 13))
    nan = xt == 'float64' and rng.random() < 0.08

    def xv(n):
        if xt == 'float64':
            v = [rng.choice([round(rng.uniform(-5, 5), rng.choice([0, 1, 2, 6])), rng.randint(-3, 3) / 4]) for _ in range(n)]
            if nan and n:
                v[rng.randrange(n)] = rng.choice([float('nan'), float('inf')])
            if rng.random() < 0.1:
                v = [rng.choice([1e-300, 3.0, 3.0 + 4e-16]) for _ in range(n)]  # a narrow range
            return v
        if xt == 'int64' and rng.random() < 0.08:
            b = rng.choice([2 ** 53, 2 ** 62])
            return [b + rng.randint(-3, 3) for _ in range(n)]
        return [rng.randint(-6, 9) for _ in range(n)]
    x = Op(rng, xt, shp, 'atr', vals=xv)
    mode = rng.choice('bbe')
    if mode == 'b':
        bins = rng.choice([1, 2, 3, 5, 7, 10, 12]) if rng.random() > 0.03 else 0
        rng_mode = rng.choice('nnr')
        lo = hi = 0.0
        if rng_mode == 'r':
            a = rng.choice([-6.0, -2.5, 0.0, 1.0, round(rng.uniform(-6, 6), 2)])
            lo, hi = a, a + rng.choice([0.0, 0.5, 1.0, 3.0, 7.5, round(rng.uniform(0, 9), 3)])
            r = rng.random()
            if r < 0.04:
                lo, hi = hi + 1, lo
            elif r < 0.07:
                hi = float('inf')
        c.t = xt
        c.args = x.tokens() + ['b', str(bins), rng_mode, fmt(lo, 'float64'), fmt(hi, 'float64')]
        rg = (lo, hi) if rng_mode == 'r' else None
        if rg is None and xt == 'int64' and x.x.size and int(np.abs(x.x).max()) >= 2 ** 52:
            return None  # NumPy's results are wrong there (see above)
        if rg is None and xt == 'float64' and x.x.size:
            v = x.x.ravel()
            zeros = v[v == 0]
            if np.any(np.signbit(zeros)) and not np.all(np.signbit(zeros)) and (np.nanmin(v) == 0 or np.nanmax(v) == 0):
                return None  # the extreme is a zero of either sign: NumPy's max keeps the first, loom's may not
        want = numpy_outcome(lambda: np.histogram(x.x, bins, rg))
    else:
        et = rng.choice(['float64', 'float64', 'int64'])
        ne = rng.choice([2, 2, 3, 4, 6, 9]) if rng.random() > 0.03 else rng.choice([0, 1])
        edges = sorted_edges(rng, et, ne, dup=0.1)
        eshape = [ne]
        r = rng.random()
        if r < 0.04 and ne >= 2 and edges[0] != edges[-1]:
            edges = edges[::-1]
        elif r < 0.06:
            eshape = [1, ne]
        earr = np.array(edges, dtype=NP[et]).reshape(eshape)
        c.t = f'{xt},{et}'
        c.args = x.tokens() + ['e'] + arr(earr, et)
        if ne < 2 and eshape == [ne]:
            return 'V'  # loom: at least two edges (NumPy: no bins)
        want = numpy_outcome(lambda: np.histogram(x.x, earr))
    if isinstance(want, str):
        return want
    counts, edges = want
    c.extra = arr(edges, str(edges.dtype))
    return counts


def gen_interp(rng, c):
    xt = rng.choice(['float64', 'float64', 'int32'])
    n = rng.choice([1, 2, 3, 4, 6, 9]) if rng.random() > 0.03 else 0
    xp = sorted(set(round(rng.uniform(-6, 6), rng.choice([0, 1, 3])) for _ in range(n)))
    while len(xp) < n:
        xp.append(xp[-1] + 1 if xp else 0.0)
    if n >= 2 and rng.random() < 0.1:
        i = rng.randrange(1, n)
        xp[i] = xp[i - 1]  # a repeated point
    fp = [real(rng, special=rng.random() < 0.15) for _ in range(n)]
    fp = [v if not math.isnan(v) else 1.0 for v in fp]
    r = rng.random()
    xps, fps = [n], [n]
    if r < 0.03:
        fp = fp + [1.0]
        fps = [n + 1]
    elif r < 0.05 and n:
        xps = fps = [1, n]
    xparr = np.array(xp, dtype=np.float64).reshape(xps)
    fparr = np.array(fp, dtype=np.float64).reshape(fps)
    form = 'n' if rng.random() < 0.1 else 'o'
    c.t = xt if form == 'o' else 'float64'
    if form == 'n':
        v = near_values(rng, 'float64', xp, 1)[0]
        c.args = ['n', fmt(v, 'float64')]
        xarg = v
    else:
        shp = rand_shape(rng)
        x = Op(rng, xt, shp, 'atr', vals=(lambda m: near_values(rng, xt, xp, m)))
        c.args = ['o'] + x.tokens()
        xarg = x.x
    left = right = None
    if rng.random() < 0.3:
        left = real(rng)
    if rng.random() < 0.3:
        right = real(rng)
    c.args += arr(xparr, 'float64') + arr(fparr, 'float64')
    c.args += ['-' if left is None else fmt(left, 'float64'), '-' if right is None else fmt(right, 'float64')]
    return numpy_outcome(lambda: np.asarray(np.interp(xarg, xparr, fparr, left, right)))


# ---- index

INDEX_COMBOS = [('int32',), ('int64',), ('n',), ('int64', 'int64'), ('int32', 'int64'), ('int64', 'n'), ('n', 'int32')]


def gen_index(rng, c):
    how = rng.choice(['read', 'read', 'set', 'set', 'iadd', 'addat', 'addat1'])
    combo = rng.choice([k for k in INDEX_COMBOS if how != 'addat1' or len(k) == 1])
    k = len(combo)
    rank = rng.choice([k, k, k + 1, k + 1, k + 2]) if rng.random() > 0.03 else k - 1
    shp = rand_shape(rng, ranks=(rank,), exts=(0, 1, 2, 2, 3, 3, 4, 5))
    if rng.random() < 0.9:  # mostly extents the indices can point into
        shp = [e if e else rng.randint(1, 4) for e in shp[:k]] + shp[k:]
    small = how != 'read'
    x = Op(rng, c.t, shp, 'aatr', vals=(lambda n: values(rng, c.t, n, lo=-50 if not small else -9, hi=50 if not small else 9)))
    # the indices' shapes: broadcasting together (now and then not)
    bshape = rand_shape(rng, ranks=(0, 1, 1, 2, 2, 3), exts=(0, 1, 1, 2, 3, 4, 6))
    idx_shapes = []
    for kind in combo:
        if kind == 'n':
            idx_shapes.append([])
            continue
        s = bshape[rng.randint(0, len(bshape)):] if rng.random() < 0.4 else list(bshape)
        s = [1 if rng.random() < 0.2 else e for e in s]
        idx_shapes.append(s)
    arrays = [i for i, kind in enumerate(combo) if kind != 'n']
    if rng.random() < 0.04 and arrays:
        i = rng.choice(arrays)
        s = idx_shapes[i]
        if s:
            j = rng.randrange(len(s))
            s[j] = bshape[j - len(s) + len(bshape)] + rng.choice([1, 2]) if s[j] != 1 else 7
    bad = 0.03
    idx_tokens, idx_np = [], []
    for a, kind in enumerate(combo):
        n = shp[a] if a < len(shp) else 3
        cnt = int(np.prod(idx_shapes[a])) if idx_shapes[a] else 1
        vals = []
        for _ in range(cnt):
            if n == 0 or rng.random() < bad:
                vals.append(rng.choice([n, -n - 1, n + rng.randint(0, 9), -n - 1 - rng.randint(0, 9)]))
            elif rng.random() < 0.3 and vals:
                vals.append(rng.choice(vals))  # repeated indices
            else:
                vals.append(rng.randrange(-n, n))
        if kind == 'n':
            idx_tokens += ['n', str(vals[0])]
            idx_np.append(vals[0])
        else:
            ia = np.array(vals, dtype=NP[kind]).reshape(idx_shapes[a])
            idx_tokens += ['a'] + arr(ia, kind)
            idx_np.append(ia)
    idx = tuple(idx_np)
    c.func = 'index_' + how
    c.args = x.tokens() + [str(k)] + idx_tokens
    if how == 'read':
        return numpy_outcome(lambda: np.asarray(x.x[idx]))
    # the value: a number, or an array broadcasting to the indexed shape (now and then not)
    read = numpy_outcome(lambda: x.x[idx])
    target = [] if isinstance(read, str) else list(np.shape(read))
    vform = 's' if isinstance(read, str) else rng.choice('saa')  # one fault at a time
    small = lambda n: values(rng, c.t, n, special=True, lo=-9, hi=9)
    if vform == 's':
        val = np.array(small(1)[0], dtype=NP[c.t])
        vshape = []
    else:
        vshape = target[rng.randint(0, len(target)):] if rng.random() < 0.5 else list(target)
        vshape = [1 if rng.random() < 0.25 else e for e in vshape]
        r = rng.random()
        if r < 0.05:
            vshape = [1] + vshape  # more axes than the target
        elif r < 0.09:
            vshape = vshape + [2] if not vshape or rng.random() < 0.5 else [e + 1 if e != 1 else 3 for e in vshape]
        val = np.array(small(int(np.prod(vshape)) if vshape else 1), dtype=NP[c.t]).reshape(vshape)
    c.args += [vform] + arr(val, c.t)
    b2 = x.base.copy()
    view = x.view_of(b2)

    def act():
        if how == 'set':
            view[idx] = val
        elif how == 'iadd':
            view[idx] += val
        else:
            np.add.at(view, idx, val)
        return b2.reshape(-1)
    want = numpy_outcome(act)
    if want == 'V':
        return 'B'  # a value that does not broadcast to the indexed shape
    if not isinstance(want, str) and how in ('set', 'iadd') and val.ndim > len(target):
        return 'B'  # loom's in-place rule: the value may not have more axes than the target
    return want


# ---- reshape

def factor_shape(rng, size, rank):
    """a random shape of `rank` axes holding `size` elements"""
    if rank == 0:
        return [] if size == 1 else [size]
    if size == 0:
        s = [rng.choice([0, 1, 2, 3]) for _ in range(rank)]
        s[rng.randrange(rank)] = 0
        return s
    s = [1] * rank
    m = size
    p = 2
    primes = []
    while m > 1:
        while m % p == 0:
            primes.append(p)
            m //= p
        p += 1
    for f in primes:
        s[rng.randrange(rank)] *= f
    return s


def gen_reshape(rng, c):
    shp = rand_shape(rng, ranks=(0, 1, 2, 2, 3, 3, 4), exts=(0, 1, 1, 2, 2, 3, 4, 6))
    x = Op(rng, c.t, shp, 'atrr')
    size = x.x.size
    new = factor_shape(rng, size, rng.choice([0, 1, 1, 2, 2, 3, 4]))
    r = rng.random()
    if new and r < 0.35:
        new[rng.randrange(len(new))] = -1
    elif r < 0.39:
        new = new + [2] if rng.random() < 0.5 or not new else [e + 1 for e in new]
    elif r < 0.41 and len(new) >= 2:
        new[0] = new[1] = -1
    elif r < 0.43 and new:
        new[rng.randrange(len(new))] = -2
    c.args = x.tokens() + ints(new)
    if any(e < -1 for e in new):
        return 'I'  # loom: a negative size other than -1 (NumPy 1.24 takes any negative size as -1)
    want = numpy_outcome(lambda: np.reshape(x.x, new))
    if isinstance(want, str):
        return 'I'  # loom: index_error for sizes that differ (NumPy ValueError)
    c.extra = ['-' if want.size == 0 else ('1' if np.shares_memory(want, x.base) else '0')]
    return want


# ----

def gen_case(rng, cid):
    c = Case()
    c.func = rng.choices(FUNCS, WEIGHTS)[0]
    c.t = rng.choice(TYPES)
    c.rt = None
    c.tol = None
    c.extra = []
    f = c.func
    want = {'einsum': gen_einsum, 'diff': gen_diff, 'bincount': gen_bincount, 'digitize': gen_digitize,
            'histogram': gen_histogram, 'interp': gen_interp, 'index': gen_index, 'reshape': gen_reshape}[f](rng, c)
    if want is None:
        return None  # a case not drawn (see its generator)
    head = [str(cid), c.func, c.t] + c.args
    if isinstance(want, str):
        return c.func, want, ' '.join(head + [want])
    want = np.asarray(want)
    rt = str(want.dtype)
    tail = ['R'] + arr(want, rt)
    if c.tol is not None:
        tail += ['T'] + arr(c.tol, 'float64')
    return c.func, 'R', ' '.join(head + tail + c.extra)


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
    funcs = sorted({k[0] for k in counts})
    summary = ', '.join(f'{fn} {counts[(fn, True)] + counts[(fn, False)]} ({counts[(fn, False)]} errors)' for fn in funcs)
    print(f'more_cases: seed {seed}, {len(lines)} cases (repeat with --seed {seed}): {summary}')
    if args.run:
        sys.stdout.flush()
        sys.exit(subprocess.call([args.run, args.out]))


if __name__ == '__main__':
    main()
