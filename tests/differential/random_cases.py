# tests/differential/random_cases.py: random cases of loom::random (<loom/random.hpp>) against NumPy
# 1.24's Generator, compared exactly: every value by its bits, and the bit generator's state after
# every call.
#
# Each case draws:
#   - a bit generator: pcg64 (mostly), pcg64dxsm or philox; a seed: an integer (small, 32-bit, above
#     2^32, up to 2^64 - 1) or a list of 1 to 5 of them; now and then a spawned child
#     (SeedSequence(seed).spawn(k)[i], NumPy 1.25's default_rng(seed).spawn(k)[i]; nested, or after
#     an earlier spawn whose children are dropped, so that the numbering goes on);
#   - now and then warm-up draws that leave the 32-bit half buffer full (an odd number of next32
#     draws: integers of int32 or narrower, random and the ziggurats of float32, bytes) or a random(),
#     then now and then jumped(j) (after the warm-up: a jump empties the buffers);
#   - then 1 to 3 draws among random, integers, uniform, standard_normal, normal, standard_exponential,
#     exponential, standard_gamma, gamma, beta, binomial, poisson, choice, permutation, shuffle and
#     bytes (float32 forms of random, standard_normal and standard_exponential), with:
#       * a number without size (loom's number form), numbers with a size, or array parameters (rank 0
#         to 3, with numbers or arrays beside them) broadcast together, with or without a size (the
#         broadcast shape, or one with more leading axes); sizes of rank 0 to 3, empty ones included,
#         up to ~2000 elements (and now and then a random(size) of 98304 to 400000 elements: loom's
#         threaded fill, compared by a checksum);
#       * edge parameters: integers of every dtype (bool, int8 ... uint64) with endpoint both ways,
#         ranges of 1, 2^k - 1, 2^k, 2^k + 1 values, full width, negative lows; binomial with n p <= 30
#         and > 30, p > 0.5, p = 0 or 1, n = 0; poisson with lam 0, < 10, >= 10, huge, the largest
#         allowed; gamma and standard_gamma with shape 0, < 1, 1, > 1; beta with a, b <= 1 (tiny too)
#         and > 1; NaN and infinite parameters where NumPy takes them; choice with and without
#         replacement and p, populations small and above 10000 with sizes either side of pop / 50
#         (NumPy's Floyd and tail-shuffle paths), the rows of a 2-d array; permutation of an int and
#         of arrays along any axis; shuffle along axis 0, 1 or -1; bytes of 0 to 17 (and up to 200);
#       * invalid parameters (negative or -0.0 scale, p > 1, p NaN, low >= high, bounds outside the
#         dtype, beta a <= 0, lam too large, choice's p not summing to 1, negative, NaN or of a wrong
#         length, a sample larger than the population without replacement, shapes that do not
#         broadcast, axes out of range): NumPy raises, and loom must throw std::invalid_argument (or
#         loom::index_error where NumPy's error is an AxisError), the state unchanged.
# After each call the checker (random_main.cpp) prints the bit generator's state (PCG: state, inc,
# has_uint32, uinteger; Philox: counter, key, buffer, buffer_pos, has_uint32, uinteger), compared
# with NumPy's, so an error must leave it as it was.
#
# Documented differences from NumPy (docs/random.md), not drawn or expected as loom's: choice
# without a size gives a rank-0 array (NumPy a number); array bounds of integers are int64 values
# (so uint64 array bounds stay below 2^63); scalar bounds are within [-2^63, 2^64 - 1] (C++
# integers: uint64's exclusive 2^64 is drawn as endpoint=True and 2^64 - 1); no spawn after jumped
# (NumPy reseeds a jumped generator's SeedSequence from the OS). Not drawn, as NumPy quirks:
# integers with array bounds and a size that is not their broadcast shape (NumPy iterates the
# first elements of the larger broadcast), uint64 array bounds that are invalid by less than 2^12
# (NumPy compares int64 with uint64 in float64, so it misses low >= high near 2^63 and draws from
# the wrapped range), choice of a 2-d array with size () (NumPy 1.24 raises on its own result),
# choice of a rank-0 array (NumPy reads it as an int).
#
# Line format (random_main.cpp reads it): id bg seed nops op..., seed 'i N' or 'l K N1..NK'; the ops
# as gen_* write them below: a size is 'rank extents', an optional size '-' or 's rank extents', a
# real array 'rank extents values' (repr, exact), an int64 array likewise. The checker prints
# `id result ; state | result ; state ...`: a number as 'dtype . v', an array 'dtype rank extents
# v...' (floats as the hex of their bits, integers in decimal, bool 0/1; over 4096 elements '#' and a
# checksum: the sum of bits_i (2 i + 1) mod 2^64), bytes 'bytes n hex', an error 'E V' or 'E I'.
#
# Usage: random_cases.py OUT [--seed N] [--cases N] [--case ID] [--run EXE] [--show N]
# writes the cases to OUT and NumPy's results to OUT.expected; prints the seed; with --run runs
# `EXE OUT` and compares, printing the first N (20) mismatching cases (the line, the call, NumPy's
# and loom's results) and exiting 1 on any. --case ID keeps only that case of the run (to reproduce
# one).
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

BGS = {'pcg64': np.random.PCG64, 'pcg64dxsm': np.random.PCG64DXSM, 'philox': np.random.Philox}
INT_TYPES = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']
FUNCS = ['random', 'integers', 'uniform', 'standard_normal', 'normal', 'standard_exponential', 'exponential',
         'standard_gamma', 'gamma', 'beta', 'binomial', 'poisson', 'choice', 'permutation', 'shuffle', 'bytes']
WEIGHTS = [1, 3, 1, 1, 1.2, 0.8, 0.8, 1, 1, 1.2, 1.5, 1.2, 2.5, 1, 1, 0.7]
I64_MIN, I64_MAX, U64_MAX = -2 ** 63, 2 ** 63 - 1, 2 ** 64 - 1
POISSON_LAM_MAX = float(np.iinfo('l').max - np.sqrt(np.iinfo('l').max) * 10)  # NumPy's constant
BIG = 4096  # arrays above this many elements are compared by a checksum


def int_range(t):
    return (0, 1) if t == 'bool' else (int(np.iinfo(t).min), int(np.iinfo(t).max))


# ---- tokens and results

def fmt_real(v):
    return repr(float(v))  # 'nan', 'inf', '-0.0' included: strtod reads them exactly


def size_tokens(s):
    return [str(len(s))] + [str(d) for d in s]


def opt_size(s):
    return ['-'] if s is None else ['s'] + size_tokens(s)


def arr_tokens(a):
    a = np.asarray(a)
    vals = [fmt_real(v) for v in a.reshape(-1).tolist()] if a.dtype.kind == 'f' else \
        [str(int(v)) for v in a.reshape(-1).tolist()]
    return size_tokens(a.shape) + vals


def bits_of(a, t):
    """the values' bits as uint64 (floats' bit patterns; integers modulo 2^64 through their width)"""
    a = np.ascontiguousarray(a).reshape(-1)
    if t == 'float64':
        return a.view(np.uint64)
    if t == 'float32':
        return a.view(np.uint32).astype(np.uint64)
    if t == 'bool':
        return a.astype(np.uint64)
    return a.view(np.dtype(t.replace('uint', 'int').replace('int', 'uint'))).astype(np.uint64)


def values_str(a, t):
    if a.size == 0:
        return ''
    if a.size > BIG:
        w = np.arange(a.size, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        return ' # ' + str(int((bits_of(a, t) * w).sum(dtype=np.uint64)))
    flat = a.reshape(-1)
    if t == 'float64':
        vs = [format(x, '016x') for x in flat.view(np.uint64).tolist()]
    elif t == 'float32':
        vs = [format(x, '08x') for x in np.ascontiguousarray(flat).view(np.uint32).tolist()]
    elif t == 'bool':
        vs = ['1' if x else '0' for x in flat.tolist()]
    else:
        vs = [str(int(x)) for x in flat.tolist()]
    return ' ' + ' '.join(vs)


def show(t, scalar):
    """the formatter of a result of dtype t: a number ('t . v') or an array ('t rank extents v...')"""
    def f(r):
        a = np.asarray(r)
        if scalar:  # NumPy's float32 numbers are Python floats: exact as float32
            if a.ndim != 0 or isinstance(r, np.ndarray) or a.astype(t) != a and a == a:
                raise AssertionError(f'NumPy returned {r!r} for a number of {t}')
            a = a.astype(t)
            head = f'{t} .'
        elif a.dtype != np.dtype(t):
            raise AssertionError(f'NumPy returned {a.dtype}, expected {t}')
        else:
            head = ' '.join([t] + size_tokens(a.shape))
        return head + values_str(a, t)
    return f


def show_bytes(b):
    return f'bytes {len(b)} ' + (b.hex() if b else '-')


def attempt(call, fmt):
    """NumPy's result through fmt, or its error: 'E A' an AxisError (loom: index_error or
    std::invalid_argument), 'E V' another (std::invalid_argument)"""
    try:
        r = call()
    except np.AxisError:
        return 'E A'
    except (ValueError, TypeError, OverflowError):
        return 'E V'
    return fmt(r)


def state_str(bg):
    s = bg.state
    if s['bit_generator'] == 'Philox':
        st = s['state']
        words = list(st['counter']) + list(st['key']) + list(s['buffer'])
        return 'S ' + ' '.join(format(int(w), '016x') for w in words) + \
            f" {s['buffer_pos']} {s['has_uint32']} {s['uinteger']}"
    return f"S {s['state']['state']:032x} {s['state']['inc']:032x} {s['has_uint32']} {s['uinteger']}"


# ---- NumPy's side of a case

class Ctx:
    def __init__(self, bg, entropy):
        self.cls = BGS[bg]
        self.ss = np.random.SeedSequence(entropy)
        self.set(self.cls(self.ss))

    def set(self, bg):
        self.bg = bg
        self.gen = np.random.Generator(bg)


# ---- shapes

def rand_size(rng, cap=None):
    """a size: rank 0 to 3, now and then empty, mostly small, up to 2000 elements"""
    rank = rng.choice([0, 1, 1, 1, 2, 2, 3])
    if rank == 0:
        return ()
    if rng.random() < 0.07:
        s = [rng.randint(0, 3) for _ in range(rank)]
        s[rng.randrange(rank)] = 0
        return tuple(s)
    if cap is None:
        cap = rng.choice([4, 4, 4, 4, 4, 12, 12, 12, 40, 40, 300, 2000])
    per = max(1, int(round(cap ** (1 / rank))))
    s = [rng.randint(1, per) for _ in range(rank)]
    while int(np.prod(s)) > 2000:
        s[rng.randrange(rank)] //= 2
        s = [max(e, 1) for e in s]
    return tuple(s)


def sub_shape(rng, b):
    """a shape that broadcasts to b: leading axes dropped, some extents 1"""
    k = rng.randint(0, len(b)) if rng.random() < 0.5 else len(b)
    return tuple(1 if rng.random() < 0.3 else e for e in b[len(b) - k:])


def bad_shape(rng, b):
    """a shape that does not broadcast with b (b has an extent other than 1)"""
    axes = [i for i, e in enumerate(b) if e != 1]
    if not axes:
        return None
    i = rng.choice(axes)
    s = list(b)
    s[i] = b[i] + rng.randint(1, 2)
    return tuple(s[i:])


def param_shapes(rng, n):
    """(the broadcast shape, n parameter shapes, whether they fail to broadcast)"""
    b = rand_size(rng, cap=rng.choice([4, 12, 40, 300]))
    if rng.random() < 0.2 and b:
        b = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))
    shapes = [sub_shape(rng, b) for _ in range(n)]
    if len(b):
        shapes[rng.randrange(n)] = b  # one of them of the full shape
    bad = False
    if rng.random() < 0.04:
        s = bad_shape(rng, b)
        if s is not None:
            shapes[rng.randrange(n)] = s
            bad = True
    return b, shapes, bad


def broadcast_or(shapes, b):
    """the shapes' broadcast shape, or b when they do not broadcast"""
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        return b


def out_empty(size, shapes):
    """whether a draw of these parameter shapes (and size) has no elements"""
    try:
        s = size if size is not None else np.broadcast_shapes(*shapes)
    except ValueError:
        return False
    return int(np.prod(s)) == 0


def size_for(rng, b, bad_ok=True):
    """a size for parameters of broadcast shape b: None, b, b with leading axes, or (now and then) one
    they do not broadcast to"""
    r = rng.random()
    if r < 0.45:
        return None
    if r < 0.75:
        return b
    if r < 0.95 or not bad_ok:
        lead = tuple(rng.randint(0 if rng.random() < 0.1 else 1, 3) for _ in range(rng.randint(1, 2)))
        s = lead + tuple(b)
        return s if len(s) <= 3 else tuple(b)
    s = bad_shape(rng, b)
    if s is None:
        return tuple(b) + (2,) if len(b) < 3 else None
    return s


# ---- parameter values

def v_real(rng):
    r = rng.random()
    if r < 0.05:
        return rng.choice([0.0, -0.0])
    if r < 0.08:
        return rng.choice([float('nan'), float('inf'), float('-inf'), 1e300, -1e300])
    if r < 0.3:
        return float(rng.randint(-5, 5))
    return rng.uniform(-10, 10) * rng.choice([1, 1, 1, 100, 1e-3])


def v_scale(rng, bad):
    if bad:
        return rng.choice([-0.0, -1.0, -rng.uniform(0, 5), -1e-300, float('-inf')])
    r = rng.random()
    if r < 0.06:
        return 0.0
    if r < 0.09:
        return rng.choice([float('nan'), float('inf'), 1e-300, 1e300])
    return rng.uniform(0, 5) * rng.choice([1, 1, 1, 100, 1e-3])


def v_shape(rng, bad):
    if bad:
        return rng.choice([-0.0, -1.0, -rng.uniform(0, 3), -1e-300])
    r = rng.random()
    if r < 0.08:
        return 0.0
    if r < 0.16:
        return 1.0
    if r < 0.19:
        return rng.choice([float('nan'), 1e-300, 1e6, 1e12])
    if r < 0.5:
        return rng.uniform(0, 1) * rng.choice([1, 1, 0.01, 1e-4])
    return rng.uniform(1, 30) * rng.choice([1, 1, 1, 10])


def v_beta(rng, bad):
    if bad:
        return rng.choice([0.0, -0.0, -1.0, -rng.uniform(0, 3)])
    r = rng.random()
    if r < 0.1:
        return 1.0
    if r < 0.15:
        return rng.choice([1e-3, 1e-5, float('nan')])
    if r < 0.55:
        return rng.uniform(0.01, 1)
    return rng.uniform(1, 30)


def v_lam(rng, bad):
    if bad:
        return rng.choice([-1.0, -1e-300, -2.5, float('nan'), 1e19, float('inf'),
                           math.nextafter(POISSON_LAM_MAX, math.inf)])
    r = rng.random()
    if r < 0.08:
        return rng.choice([0.0, 0.0, -0.0])  # -0.0 >= 0: valid
    if r < 0.45:
        return rng.uniform(0, 10)
    if r < 0.5:
        return rng.choice([10.0, math.nextafter(10.0, 0)])
    if r < 0.85:
        return rng.uniform(10, 1000)
    return rng.choice([1e6, 1e12, 1e15 * rng.random(), 4e18, POISSON_LAM_MAX])


def v_binomial(rng, bad, mode=None):
    """(n, p): n p <= 30 (inversion) or > 30 (BTPE; mode 'i' or 'b', else either), p either side of
    0.5, p 0 or 1, n 0"""
    if bad:
        if rng.random() < 0.3:
            return rng.choice([-1, -100]), rng.random()
        return rng.randint(0, 50), rng.choice([1.0000001, 1.5, -0.1, -1e-300, float('nan'), float('inf')])
    r = rng.random()
    if r < 0.06:
        return 0, rng.random()
    if r < 0.12:
        return rng.randint(0, 1000), rng.choice([0.0, 1.0, 0.5])
    n = rng.choice([rng.randint(1, 10), rng.randint(1, 100), rng.randint(1, 10000), 10 ** 6, 2 ** 40,
                    2 ** 62])
    if mode == 'i' or (mode is None and rng.random() < 0.5):  # inversion: min(p, 1 - p) n <= 30
        q = rng.uniform(0, min(0.5, 30 / n))
    else:
        q = rng.uniform(min(0.5, 30 / n), 0.5)
    return n, (1 - q if rng.random() < 0.4 else q)


# ---- the draws: each returns (tokens, run(ctx) -> result string)

def gen_simple(rng, fn, size=None, f32=None):
    """random, standard_normal, standard_exponential: float64 or float32, a number or a size"""
    if f32 is None:
        f32 = rng.random() < 0.3
    t = 'float32' if f32 else 'float64'
    if size is None:
        r = rng.random()
        if fn == 'random' and not f32 and r < 0.03:  # loom's threads: from 3 * 2^18 bytes, 2^16-element chunks
            size = rng.choice([(rng.randint(98304, 400000),), (3, rng.randint(32768, 100000))])
        elif r < 0.3:
            size = None
        else:
            size = rand_size(rng)
    elif size == 'none':
        size = None
    npt = np.float32 if f32 else np.float64

    def run(c):
        m = getattr(c.gen, fn)
        if size is None:
            return attempt(lambda: m(dtype=npt), show(t, True))
        return attempt(lambda: m(size, dtype=npt), show(t, False))
    return [fn, 'f32' if f32 else 'f64'] + opt_size(size), run


def closed_bounds(rng, lb, ub):
    """(low, high) closed: widths 1, 2^k - 1, 2^k, 2^k + 1, random, full; negative lows"""
    span = ub - lb + 1
    bits = span.bit_length() - 1
    r = rng.random()
    if r < 0.08:
        return lb, ub
    if r < 0.7:
        k = rng.randint(0, bits)
        w = max(1, min(span, 2 ** k + rng.choice([-1, 0, 0, 1])))
    elif r < 0.8:
        w = min(span, rng.choice([1, 2, 3]))
    else:
        w = rng.randint(1, span)
    q = rng.random()
    if q < 0.2:
        low = lb
    elif q < 0.35:
        low = ub - w + 1
    elif q < 0.5 and lb < 0:
        low = rng.randint(lb, min(-1, ub - w + 1))
    else:
        low = rng.randint(lb, ub - w + 1)
    return low, low + w - 1


def representable(*vs):
    return all(I64_MIN <= v <= U64_MAX for v in vs)


def gen_integers(rng, warm=False):
    t = 'int32' if warm else rng.choice(INT_TYPES)
    lb, ub = int_range(t)
    npt = np.bool_ if t == 'bool' else getattr(np, t)  # a type: NumPy 1.24 calls dtype(ret) when dtype == int
    form = 's' if warm else rng.choices(['n1', 'n2', 'n3', 's', 'a'], [0.5, 0.5, 1, 3.5, 2])[0]
    if form == 'a':
        return gen_integers_arrays(rng, t, lb, ub, npt)
    endpoint = form in ('n3', 's') and rng.random() < 0.4
    low, hi = closed_bounds(rng, lb, ub)
    if form == 'n1':
        low, hi = 0, closed_bounds(rng, 0, ub)[1]
    if warm:
        low, hi, endpoint = 0, 9, False
    high = hi if endpoint else hi + 1
    bad = rng.random() < 0.08 and not warm
    if bad:  # invalid bounds
        k = rng.choice(['order', 'order', 'low', 'high'])
        if k == 'low' and representable(lb - 1):
            low = lb - rng.choice([1, 1, 100])
        elif k == 'high' and representable(ub + 2):
            high = ub + (1 if endpoint else 2)
        else:
            high = low - (1 if endpoint else 0) - rng.choice([0, 0, 1, 5])
    if not representable(high):  # uint64's exclusive 2^64: as [low, 2^64 - 1]
        high, endpoint = U64_MAX, True
        form = 's' if form in ('n1', 'n2') else form
    if form == 'n1' and (low != 0 or not -I64_MAX <= high <= I64_MAX):
        form = 'n2'
    if form == 'n2' and not (I64_MIN <= low <= I64_MAX and I64_MIN <= high <= I64_MAX):
        form = 'n3'
    size = None
    if form == 'n1':
        toks = ['n1', str(high)]
        call = lambda g: g.integers(high, dtype=npt)
    elif form == 'n2':
        toks = ['n2', str(low), str(high)]
        call = lambda g: g.integers(low, high, dtype=npt)
    else:
        if form == 's':
            size = (rng.randrange(1, 40, 2),) if warm else rand_size(rng)
        toks = [form, str(low), str(high), '1' if endpoint else '0'] + (size_tokens(size) if form == 's' else [])
        call = lambda g: g.integers(low, high, size=size, dtype=npt, endpoint=endpoint)

    def run(c):
        return attempt(lambda: call(c.gen), show(t, size is None))
    return ['integers', t] + toks, run


def gen_integers_arrays(rng, t, lb, ub, npt):
    """integers with int64 arrays of bounds (one may be rank 0), broadcast, with or without a size"""
    endpoint = rng.random() < 0.4
    if t == 'uint64':
        ub = I64_MAX - 1  # int64 array bounds
    if t == 'int64' and not endpoint:
        ub -= 1  # high = ub + 1 is not an int64
    b, shapes, bad_shape_ = param_shapes(rng, 2)
    if all(len(s) == 0 for s in shapes):
        shapes[rng.randrange(2)] = (1,)
    # low values in [lb, m], closed highs in [m, ub]: every pair valid
    low0, hi0 = closed_bounds(rng, lb, ub)
    m = rng.randint(low0, hi0)

    def vals(shape, lo, hi):
        n = int(np.prod(shape)) if shape else 1
        pick = [lo, hi, lo, hi] + [rng.randint(lo, hi) for _ in range(4)]
        return np.array([rng.choice(pick) for _ in range(n)], dtype=np.int64).reshape(shape)
    low = vals(shapes[0], low0, m)
    high = vals(shapes[1], m, hi0) + (0 if endpoint else 1)
    bshape = np.broadcast_shapes(*shapes) if not bad_shape_ else b
    size = size_for(rng, bshape, bad_ok=False)
    inject = rng.random() < 0.1
    if inject:  # one invalid value
        which = rng.randrange(2)
        a, other = (low, high) if which == 0 else (high, low)
        if a.size:
            k = rng.choice(['order', 'out']) if other.size else 'out'
            gap = rng.choice([0, 1]) if t != 'uint64' else 2 ** 12  # uint64: see the header (NumPy's float compare)
            if which == 0:
                out = lb - 1 if lb > I64_MIN else None
                v = out if k == 'out' and out is not None or not other.size else int(high.max()) + gap
            else:
                out = ub + 2 if ub + 2 <= I64_MAX else None
                v = out if k == 'out' and out is not None or not other.size else int(low.min()) - gap
            if v is not None and I64_MIN <= v <= I64_MAX:
                a.reshape(-1)[rng.randrange(a.size)] = v
    toks = ['a'] + arr_tokens(low) + arr_tokens(high) + ['1' if endpoint else '0'] + opt_size(size)

    def run(c):
        return attempt(lambda: c.gen.integers(low, high, size=size, dtype=npt, endpoint=endpoint), show(t, False))
    return ['integers', t] + toks, run


# the two-parameter and one-parameter distributions: their parameters' values, and NumPy's call
DISTS = {
    'uniform': 2, 'normal': 2, 'gamma': 2, 'beta': 2, 'exponential': 1, 'standard_gamma': 1, 'poisson': 1,
}


def dist_values(rng, fn, bad):
    """one value of each parameter; bad: one of them invalid"""
    which = rng.randrange(DISTS[fn]) if bad else -1
    if fn == 'uniform':
        low = v_real(rng) if rng.random() < 0.2 else rng.uniform(-50, 0)
        high = v_real(rng) if rng.random() < 0.2 else rng.uniform(0, 50)
        if bad:
            k = rng.choice(['order', 'order', 'inf', 'zero'])
            if k == 'order':
                low, high = 10.0, rng.choice([9.0, -5.0])
            elif k == 'inf':
                low, high = rng.choice([(-1.5e308, 1.5e308), (0.0, float('inf')), (float('nan'), 1.0)])
            else:
                low, high = 0.0, -0.0  # high - low = -0.0: negative, as NumPy's check
        elif rng.random() < 0.05:
            low = high = v_real(rng) if rng.random() < 0.5 else 3.0
            if not math.isfinite(low):
                low = high = 2.0
        if not bad and not (math.isfinite(high - low) and high - low >= 0):
            low, high = min(low, high), max(low, high)
            if not math.isfinite(high - low):
                low, high = -1.0, 1.0
        return [low, high]
    if fn == 'normal':
        return [v_real(rng), v_scale(rng, bad)]  # loc has no constraint
    if fn == 'exponential':
        return [v_scale(rng, bad)]
    if fn == 'standard_gamma':
        return [v_shape(rng, bad)]
    if fn == 'gamma':
        return [v_shape(rng, which == 0), v_scale(rng, which == 1)]
    if fn == 'beta':
        small = rng.random() < 0.5  # Johnk's algorithm: both at most 1
        vs = [v_beta(rng, False) for _ in range(2)]
        if small:
            vs = [v if not v > 1 else v / 31 for v in vs]
        if bad:
            vs[which] = v_beta(rng, True)
        return vs
    if fn == 'poisson':
        return [v_lam(rng, bad)]
    raise AssertionError(fn)


def gen_dist(rng, fn):
    """a distribution of DISTS: numbers (without size: loom's number form; with a size) or arrays"""
    n = DISTS[fn]
    t = 'int64' if fn == 'poisson' else 'float64'
    r = rng.random()
    bad = rng.random() < 0.07
    if r < 0.45:  # numbers
        vals = dist_values(rng, fn, bad)
        size = None if rng.random() < 0.4 else rand_size(rng)
        toks = [fn, 'n' * n] + [fmt_real(v) for v in vals] + opt_size(size)
        args = [float(v) for v in vals]
        scalar = size is None
    else:  # arrays, numbers beside them ('an', 'na' for two parameters)
        b, shapes, _ = param_shapes(rng, n)
        form = 'a' if n == 1 else rng.choice(['aa', 'aa', 'an', 'na'])
        shapes = [s if f == 'a' else () for s, f in zip(shapes, form)]
        size = size_for(rng, broadcast_or(shapes, b))
        arrays = []
        for k in range(n):
            cnt = int(np.prod(shapes[k])) if shapes[k] else 1
            arrays.append([dist_values(rng, fn, False)[k] for _ in range(cnt)])
        if bad:  # one invalid value somewhere
            row = dist_values(rng, fn, True)
            for j in range(n):
                if form[j] == 'a' and arrays[j]:
                    arrays[j][rng.randrange(len(arrays[j]))] = row[j]
        args, toks = [], [fn, form]
        for k in range(n):
            if form[k] == 'n':
                args.append(float(arrays[k][0]))
                toks.append(fmt_real(arrays[k][0]))
            else:
                a = np.array(arrays[k], dtype=np.float64).reshape(shapes[k])
                args.append(a)
                toks += arr_tokens(a)
        toks += opt_size(size)
        scalar = False

    def run(c):
        return attempt(lambda: getattr(c.gen, fn)(*args, size=size), show(t, scalar))
    return toks, run


def gen_binomial(rng):
    r = rng.random()
    bad = rng.random() < 0.07
    if r < 0.45:
        n, p = v_binomial(rng, bad)
        size = None if rng.random() < 0.4 else rand_size(rng)
        toks = ['binomial', 'nn', str(n), fmt_real(p)] + opt_size(size)
        args, scalar = [n, p], size is None
    else:
        b, shapes, _ = param_shapes(rng, 2)
        form = rng.choice(['aa', 'aa', 'an', 'na'])
        shapes = [s if f == 'a' else () for s, f in zip(shapes, form)]
        size = size_for(rng, broadcast_or(shapes, b))
        mode = rng.choice(['i', 'b', None])  # inversion, BTPE or both
        pairs = []
        for k in range(2):
            cnt = int(np.prod(shapes[k])) if shapes[k] else 1
            pairs.append([v_binomial(rng, False, mode) for _ in range(cnt)])
        ns = [q[0] for q in pairs[0]]
        ps = [q[1] for q in pairs[1]]
        if bad:
            bn, bp = v_binomial(rng, True)
            if bn < 0 and form[0] == 'a' and ns:
                ns[rng.randrange(len(ns))] = bn
            elif form[1] == 'a' and ps:
                ps[rng.randrange(len(ps))] = bp
        args, toks = [], ['binomial', form]
        if form[0] == 'n':
            args.append(ns[0])
            toks.append(str(args[0]))
        else:
            a = np.array(ns, dtype=np.int64).reshape(shapes[0])
            args.append(a)
            toks += arr_tokens(a)
        if form[1] == 'n':
            args.append(ps[0])
            toks.append(fmt_real(args[1]))
        else:
            a = np.array(ps, dtype=np.float64).reshape(shapes[1])
            args.append(a)
            toks += arr_tokens(a)
        toks += opt_size(size)
        scalar = False

    def run(c):
        return attempt(lambda: c.gen.binomial(args[0], args[1], size=size), show('int64', scalar))
    return toks, run


def rand_p(rng, pop):
    """probabilities for choice: normalized (zeros among them), or invalid"""
    w = [0.0 if rng.random() < 0.2 else rng.random() ** rng.choice([1, 3]) for _ in range(pop)]
    if sum(w) == 0:
        w[rng.randrange(pop)] = 1.0
    s = sum(w)
    p = [v / s for v in w]
    r = rng.random()
    if r < 0.05:
        p = [v * (1 + 1e-9) for v in p]  # within NumPy's tolerance
    elif r < 0.1:
        p = [v * 1.001 for v in p]  # do not sum to 1
    elif r < 0.12:
        p[rng.randrange(pop)] = float('nan')
    elif r < 0.15 and pop > 1:
        i, j = rng.sample(range(pop), 2)
        p[i] -= 0.5
        p[j] += 0.5  # negative, summing to 1
    elif r < 0.17:
        p = p + [0.0] if rng.random() < 0.5 else p[:-1]  # a wrong length
    return p


def gen_choice(rng):
    r = rng.random()
    arr = None
    if r < 0.25:  # a 1-d or 2-d array's rows
        rows = rng.choice([0, 1, 2, 5, 17, 30, rng.randint(1, 300)])
        shp = (rows,) if rng.random() < 0.4 else (rows, rng.randint(1, 4))
        arr = (np.arange(int(np.prod(shp)), dtype=np.int64) * 3 - 7).reshape(shp)
        pop = rows
    else:
        q = rng.random()
        if q < 0.5:
            pop = rng.randint(1, 20)
        elif q < 0.75:
            pop = rng.randint(21, 2000)
        elif q < 0.97:
            pop = rng.choice([10000, 10001, rng.randint(10002, 60000)])
        else:
            pop = rng.choice([0, -2])  # NumPy: an empty result for size 0, else an error
    replace = rng.random() < 0.5
    p = None
    if 0 < pop <= 300 and rng.random() < 0.4:
        p = rand_p(rng, pop)
    q = rng.random()
    if q < 0.2:
        size = None
    elif not replace and pop > 10000 and q < 0.7:  # either side of pop / 50 (Floyd, tail shuffle)
        k = pop // 50
        size = (rng.choice([k, k + 1, rng.randint(1, k), rng.randint(k + 1, 2000)]),)  # k < 1200
        if rng.random() < 0.2:
            size = (1, size[0]) if rng.random() < 0.5 else (size[0], 1)
    else:
        size = rand_size(rng)
        if not replace and pop > 0 and rng.random() < 0.5:  # mostly within the population
            n = rng.randint(0, min(pop, 300))
            if rng.random() < 0.05:
                n = max(pop, 0) + 1  # larger than the population
            size = (n,) if rng.random() < 0.7 else ((1, n) if n else (0, 2))
    if arr is not None and arr.ndim == 2 and size == ():
        size = (1,)  # NumPy 1.24 raises on a 2-d array with size ()
    if pop <= 0 and arr is None and size is not None and int(np.prod(size)) != 0 and rng.random() < 0.5:
        size = (0,)
    toks = ['choice'] + (['a'] + arr_tokens(arr) if arr is not None else ['i', str(pop)])
    toks += opt_size(size) + ['1' if replace else '0']
    toks += ['-'] if p is None else ['p', str(len(p))] + [fmt_real(v) for v in p]
    src = arr if arr is not None else pop

    def run(c):
        return attempt(lambda: c.gen.choice(src, size=size, replace=replace, p=p), show('int64', False))
    return toks, run


def rand_int_array(rng, ranks=(0, 1, 1, 2, 2, 3)):
    rank = rng.choice(ranks)
    shp = rand_size(rng, cap=rng.choice([8, 40, 300])) if rank else ()
    while len(shp) != rank:
        shp = rand_size(rng, cap=40)
    n = int(np.prod(shp)) if shp else 1
    return (np.arange(n, dtype=np.int64) * 5 - 11).reshape(shp)


def rand_axis(rng, rank):
    r = rng.random()
    if r < 0.06 or rank == 0:
        return rng.choice([rank, -rank - 1, 3])
    return rng.choice([0, 0, 1, -1]) if rank > 1 else rng.choice([0, 0, -1])


def gen_permutation(rng):
    if rng.random() < 0.5:
        n = rng.choice([0, 1, 2, rng.randint(3, 50), rng.randint(50, 2000)])
        if rng.random() < 0.03:
            n = -3  # NumPy: arange(-3), an empty result

        def run(c):
            return attempt(lambda: c.gen.permutation(n), show('int64', False))
        return ['permutation', 'i', str(n)], run
    a = rand_int_array(rng)
    axis = rand_axis(rng, a.ndim)

    def run(c):
        return attempt(lambda: c.gen.permutation(a, axis=axis), show('int64', False))
    return ['permutation', 'a'] + arr_tokens(a) + [str(axis)], run


def gen_shuffle(rng):
    a = rand_int_array(rng, ranks=(0, 1, 1, 2, 2, 2, 3))
    axis = rand_axis(rng, a.ndim)

    def run(c):
        x = a.copy()

        def call():
            c.gen.shuffle(x, axis=axis)
            return x
        return attempt(call, show('int64', False))
    return ['shuffle'] + arr_tokens(a) + [str(axis)], run


def gen_bytes(rng, n=None):
    if n is None:
        n = rng.randint(0, 17) if rng.random() < 0.85 else rng.randint(18, 200)

    def run(c):
        return attempt(lambda: c.gen.bytes(n), show_bytes)
    return ['bytes', str(n)], run


def gen_draw(rng, fn):
    if fn in ('random', 'standard_normal', 'standard_exponential'):
        return gen_simple(rng, fn)
    if fn == 'integers':
        return gen_integers(rng)
    if fn in DISTS:
        return gen_dist(rng, fn)
    return {'binomial': gen_binomial, 'choice': gen_choice, 'permutation': gen_permutation,
            'shuffle': gen_shuffle, 'bytes': gen_bytes}[fn](rng)


def gen_warmup(rng):
    """a draw that leaves the 32-bit half buffer full (an odd number of next32 draws), or a random()"""
    r = rng.random()
    odd = (rng.randrange(1, 40, 2),)
    if r < 0.3:
        return gen_integers(rng, warm=True)
    if r < 0.45:
        return gen_simple(rng, 'random', size=odd, f32=True)
    if r < 0.55:
        return gen_simple(rng, rng.choice(['standard_normal', 'standard_exponential']), size=odd, f32=True)
    if r < 0.7:
        return gen_bytes(rng, rng.choice([1, 2, 3, 4, 9, 12]))
    return gen_simple(rng, 'random', size='none', f32=False)


# ---- a case

def rand_seed_int(rng):
    r = rng.random()
    if r < 0.3:
        return rng.randint(0, 1000)
    if r < 0.6:
        return rng.randint(0, 2 ** 32 - 1)
    if r < 0.9:
        return rng.randint(2 ** 32, 2 ** 64 - 1)
    return rng.choice([0, 2 ** 32 - 1, 2 ** 32, 2 ** 63, 2 ** 64 - 1])


def gen_case(rng, cid):
    bg = rng.choices(list(BGS), [6, 2, 2])[0]
    if rng.random() < 0.7:
        entropy = rand_seed_int(rng)
        toks = [str(cid), bg, 'i', str(entropy)]
    else:
        entropy = [rand_seed_int(rng) for _ in range(rng.randint(1, 5))]
        toks = [str(cid), bg, 'l', str(len(entropy))] + [str(v) for v in entropy]
    ops = []  # (tokens, run, name)
    if rng.random() < 0.2:  # spawned children, nested now and then
        for _ in range(1 if rng.random() < 0.8 else 2):
            skip = rng.choice([0, 0, 0, 1, 3])
            k = rng.randint(1, 5)
            i = rng.randrange(k)

            def run(c, skip=skip, k=k, i=i):
                if skip:
                    c.ss.spawn(skip)
                c.ss = c.ss.spawn(k)[i]
                c.set(c.cls(c.ss))
                return 'ok'
            ops.append((['spawn', str(skip), str(k), str(i)], run, 'spawn'))
    if rng.random() < 0.35:
        for _ in range(rng.randint(1, 2)):
            ops.append(gen_warmup(rng) + ('warmup',))
    if rng.random() < 0.15:
        j = rng.choice([1, 2, 3, rng.randint(4, 1000), 2 ** 40 + 3, 2 ** 64 - 1])

        def run(c, j=j):
            c.set(c.bg.jumped(j))
            return 'ok'
        ops.append((['jump', str(j)], run, 'jump'))
    for _ in range(rng.choices([1, 2, 3], [3, 2, 1])[0]):
        fn = rng.choices(FUNCS, WEIGHTS)[0]
        ops.append(gen_draw(rng, fn) + (fn,))
    c = Ctx(bg, entropy)
    want = []
    for op in ops:
        want.append(op[1](c) + ' ; ' + state_str(c.bg))
    line = ' '.join(toks + [str(len(ops))] + [t for op in ops for t in op[0]])
    return line, want, [op[2] for op in ops], [op[0] for op in ops]


# ---- comparing

def same(want, got):
    if want.startswith('E A'):
        return got.startswith(('E V ', 'E I ')) and want[4:] == got[4:]
    return want == got


def clip(s, at=0, width=300):
    lo = max(0, at - width // 2)
    return ('...' if lo else '') + s[lo:lo + width] + ('...' if lo + width < len(s) else '')


def first_diff(a, b):
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return i


def compare(cases, out_text, seed, shown=20):
    got = {}
    for ln in out_text.splitlines():
        if ln.strip():
            cid, _, rest = ln.partition(' ')
            got[cid] = rest.split(' | ')
    bad = 0
    for cid, (line, want, names, optoks) in cases.items():
        g = got.get(str(cid))
        why = None
        if g is None:
            why = 'no output from the checker'
        elif len(g) != len(want):
            why = f'{len(g)} results, {len(want)} expected'
        else:
            for k, (w, h) in enumerate(zip(want, g)):
                if not same(w, h):
                    at = first_diff(w, h)
                    why = (f'op {k} ({names[k]}: {clip(" ".join(optoks[k]), 0, 200)}) differs at char {at}:\n'
                           f'    numpy: {clip(w, at)}\n    loom:  {clip(h, at)}')
                    break
        if why:
            bad += 1
            if bad <= shown:
                print(f'MISMATCH case {cid} (reproduce: --seed {seed} --case {cid}): {why}\n'
                      f'  {clip(line, 0, 1500)}')
    print(f'{len(cases)} random cases compared, {bad} mismatches')
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--seed', type=int)
    ap.add_argument('--cases', type=int, default=3000)
    ap.add_argument('--case', type=int, help='keep only this case of the run')
    ap.add_argument('--run')
    ap.add_argument('--show', type=int, default=20, help='mismatches printed')
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    cases = {}
    counts = collections.Counter()
    for cid in range(args.cases):
        drawn = gen_case(rng, cid)
        if args.case is None or args.case == cid:
            cases[cid] = drawn
            for name, w in zip(drawn[2], drawn[1]):
                counts[(name, w.startswith('E'))] += 1
    with open(args.out, 'w') as f:
        f.write(''.join(c[0] + '\n' for c in cases.values()))
    with open(args.out + '.expected', 'w') as f:
        f.write(''.join(f'{cid} ' + ' | '.join(c[1]) + '\n' for cid, c in cases.items()))
    names = [n for n in ['spawn', 'warmup', 'jump'] + FUNCS if counts[(n, False)] + counts[(n, True)]]
    summary = ', '.join(f'{n} {counts[(n, False)] + counts[(n, True)]} ({counts[(n, True)]} errors)' for n in names)
    print(f'random_cases: seed {seed}, {len(cases)} cases (repeat with --seed {seed}): {summary}')
    if args.run:
        sys.stdout.flush()
        p = subprocess.run([args.run, args.out], stdout=subprocess.PIPE, text=True)
        if p.returncode != 0:
            print(f'{args.run} exited with {p.returncode}')
        sys.exit(1 if compare(cases, p.stdout, seed, args.show) or p.returncode else 0)


if __name__ == '__main__':
    main()
