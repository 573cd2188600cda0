# tests/differential/fft_cases.py: random cases of loom::fft (<loom/fft.hpp>) against NumPy 1.24's
# np.fft: the fourteen transforms (fft, ifft, rfft, irfft, hfft, ihfft, fftn, ifftn, rfftn, irfftn,
# fft2, ifft2, rfft2, irfft2), fftfreq, rfftfreq, fftshift and ifftshift.
#
# Each case draws a function, an element type (float64, float32, complex128, complex64, int32, bool;
# real ones only for rfft, rfftn, rfft2 and ihfft), a shape of rank 1 to 4 (lengths mostly 1 to 16,
# now and then up to 130, powers of 2 and 2^3 5^3 up to 1024, or the primes 257, 509, 1009 and 2003 and
# 2 1009, on one axis), n or s (None, or lengths that crop or pad, now and then 0), an axis or axes
# (the defaults, any order, negative, repeated; now and then one
# out of range), a norm, and for float64 and complex128 a layout (the array, a transposed view, a view
# with step -1, an expression; fft_main.cpp).
# Compared:
#   - the shape, and the element type loom returns: complex<float> (float for irfft, hfft, irfftn,
#     irfft2) for float32 and complex64 input, complex<double> (double) for the rest; fftshift and
#     ifftshift keep the input's, fftfreq<float> gives float;
#   - the transforms' values by the L2 norm of the whole result: |loom - NumPy|_2 <= tol |NumPy|_2,
#     tol = 8 eps sum_i log2(n_i + 2) over the transforms' lengths n_i, eps that of the type loom
#     computes in (float: 1.2e-7, double: 2.2e-16). An FFT's rounding error grows at worst as eps log n
#     (its typical one as eps sqrt(log n)); 8 covers the constants, Bluestein's transforms of about 2n
#     and NumPy's own error. NumPy 1.24 computes float32 input in double (complex128 results), so a
#     float case compares loom's float result with a more accurate one;
#   - fftshift, ifftshift, fftfreq and rfftfreq exactly (float32: NumPy's float64 values rounded);
#   - errors: NumPy's ValueError (and ZeroDivisionError, fftfreq(0)) as loom's std::invalid_argument,
#     its IndexError as loom::index_error, its AxisError (both) as either;
#   - the operand left unchanged (fft_main.cpp checks).
# Not drawn: rank-0 operands (NumPy 1.24 raises IndexError where loom raises invalid_argument;
# unit-tested) and empty axes lists (NumPy returns the input as it is).
# Usage: fft_cases.py OUT [--seed N] [--cases N] [--run EXE] [--show N]: writes the cases to OUT,
# prints the seed; with --run runs `EXE OUT`, compares, prints the first N (20) mismatches and the
# worst error / tol, and exits 1 on any mismatch.
import argparse
import math
import random
import subprocess
import sys
import warnings

import numpy as np

warnings.simplefilter('ignore')

ONE_D = ['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft']
N_D = ['fftn', 'ifftn', 'rfftn', 'irfftn']
TWO_D = ['fft2', 'ifft2', 'rfft2', 'irfft2']
SHIFTS = ['fftshift', 'ifftshift']
FREQS = ['fftfreq', 'rfftfreq']
FUNCS = ONE_D + N_D + TWO_D + SHIFTS + FREQS
REAL_ONLY = {'rfft', 'ihfft', 'rfftn', 'rfft2'}
REAL_OUT = {'irfft', 'hfft', 'irfftn', 'irfft2'}
NORMS = ['backward', 'ortho', 'forward']
DTYPES = {'float64': np.float64, 'float32': np.float32, 'complex128': np.complex128, 'complex64': np.complex64,
          'int32': np.int32, 'bool': np.bool_}
TAGS = {'float32': 'f4', 'float64': 'f8', 'complex64': 'c8', 'complex128': 'c16', 'int32': 'i4', 'bool': 'b'}
BIG = [257, 509, 1009, 2003, 2018, 512, 1000, 1024]


def token(x):
    if isinstance(x, (complex, np.complexfloating)):
        return f"{repr(float(x.real))},{repr(float(x.imag))}"
    if isinstance(x, (bool, np.bool_)):
        return '1' if x else '0'
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    return repr(float(x))


def operand(a):
    return ' '.join([str(a.ndim)] + [str(e) for e in a.shape] + [token(v) for v in a.ravel()])


def small_len(rng):
    r = rng.random()
    if r < 0.65:
        return rng.randint(1, 16)
    if r < 0.9:
        return rng.randint(17, 130)
    return rng.choice([32, 64, 128, 256, 243, 125, 169, 121])


def draw_shape(rng, rank, big_ok):
    shape = [small_len(rng) if rng.random() < 0.5 else rng.randint(1, 8) for _ in range(rank)]
    if rng.random() < 0.03:
        shape[rng.randrange(rank)] = 0  # an empty axis
    if big_ok and rng.random() < 0.15:
        shape = [rng.randint(1, 3) for _ in range(rank)]
        shape[rng.randrange(rank)] = rng.choice(BIG)
    while int(np.prod(shape)) > 1200:  # keep the case file small
        i = max(range(rank), key=lambda k: shape[k])
        shape[i] = max(1, shape[i] // 3)
    return shape


def draw_values(nrng, dtype, shape):
    if dtype == 'bool':
        return nrng.random(shape) < 0.5
    if dtype == 'int32':
        return nrng.integers(-100, 101, size=shape).astype(np.int32)
    a = nrng.standard_normal(shape)
    if dtype.startswith('complex'):
        a = a + 1j * nrng.standard_normal(shape)
    return a.astype(DTYPES[dtype])


def draw_n(rng):
    r = rng.random()
    if r < 0.55:
        return None
    if r < 0.02 + 0.55:
        return 0
    if r < 0.9:
        return small_len(rng)
    return rng.choice(BIG)


def draw_axes(rng, fn, rank):
    """None or a list of axes (some out of range now and then)."""
    if rng.random() < 0.35:
        return None
    k = rng.randint(1, min(rank + 1, 4))
    if rng.random() < 0.75:
        axes = rng.sample(range(rank), min(k, rank))
    else:
        axes = [rng.randrange(rank) for _ in range(k)]  # may repeat
    axes = [a - rank if rng.random() < 0.4 else a for a in axes]
    if rng.random() < 0.03:
        axes[rng.randrange(len(axes))] = rng.choice([rank, rank + 2, -rank - 1])
    return axes


def draw_s(rng, count, shape, axes):
    """count lengths, their product times the other axes' small enough for the case file."""
    s = []
    for _ in range(count):
        r = rng.random()
        if r < 0.02:
            s.append(0)
        elif r < 0.85:
            s.append(rng.randint(1, 20))
        else:
            s.append(rng.choice([64, 100, 127, 257]))
    rank = len(shape)
    inside = {a % rank for a in axes if -rank <= a < rank}
    rest = int(np.prod([shape[d] for d in range(rank) if d not in inside]))
    while int(np.prod(s)) * rest > 8000 and max(s) > 1:
        i = s.index(max(s))
        s[i] = max(1, s[i] // 3)
    return s


def lst(v):
    if v is None:
        return 'None'
    return '[]' if not v else ','.join(str(x) for x in v)


def gen_case(rng, nrng, cid):
    fn = rng.choice(FUNCS)
    if fn in FREQS:
        n = rng.choice([0] + list(range(1, 40)) + [100, 1001, 1024]) if rng.random() < 0.98 else 0
        d = rng.choice([1.0, 0.1, 0.5, 2.5, 1 / 3, 7.0, 1e-3])
        dtype = 'float64' if rng.random() < 0.7 else 'float32'
        return f"{cid} {fn} {dtype} 0 {n} {repr(d)}", (fn, dtype, None, {'n': n, 'd': d})
    if fn in REAL_ONLY:
        dtype = rng.choices(['float64', 'float32', 'int32', 'bool'], [5, 2, 1, 0.3])[0]
    else:
        dtype = rng.choices(list(DTYPES), [4, 2, 3, 2, 1, 0.3])[0]
    rank = rng.choices([1, 2, 3, 4], [4, 4, 2, 1])[0]
    if fn in TWO_D and rng.random() < 0.95:
        rank = max(rank, 2)
    big_ok = fn in ONE_D or rank <= 2
    shape = draw_shape(rng, rank, big_ok)
    a = draw_values(nrng, dtype, shape)
    p = {}
    if fn in ONE_D:
        p['n'] = draw_n(rng)
        p['axis'] = rng.randrange(-rank, rank) if rng.random() < 0.97 else rng.choice([rank, -rank - 1])
        p['norm'] = rng.choice(NORMS)
        if p['n'] and -rank <= p['axis'] < rank:
            rest = int(np.prod([e for d, e in enumerate(shape) if d != p['axis'] % rank]))
            while p['n'] > 1 and p['n'] * rest > 8000:
                p['n'] //= 3
        params = f"{'None' if p['n'] is None else p['n']} {p['axis']} {p['norm']}"
    elif fn in N_D or fn in TWO_D:
        axes = draw_axes(rng, fn, rank)
        if fn in TWO_D and rng.random() < 0.5:
            axes = None  # the default (-2, -1)
        s = None
        if rng.random() < 0.45:
            count = len(axes) if axes is not None else (2 if fn in TWO_D else rng.randint(1, rank))
            if rng.random() < 0.03:
                count += 1  # s and axes of different lengths, or s longer than the rank
            default = [-2, -1] if fn in TWO_D else list(range(-count, 0))
            s = draw_s(rng, count, shape, axes if axes is not None else default)
        p['s'], p['axes'], p['norm'] = s, axes, rng.choice(NORMS)
        params = f"{lst(s)} {lst(axes)} {p['norm']}"
    else:
        axes = None if rng.random() < 0.4 else draw_axes(rng, fn, rank)
        p['axes'] = axes
        params = lst(axes)
    layout = 0
    stored = a
    if dtype in ('float64', 'complex128') and rng.random() < 0.4:
        layout = rng.choice([1, 2, 3]) if rank >= 2 else rng.choice([2, 3])
        if layout == 1:
            stored = np.ascontiguousarray(np.transpose(a))
        elif layout == 2:
            stored = np.ascontiguousarray(a[::-1])
    return f"{cid} {fn} {dtype} {layout} {operand(stored)} {params}", (fn, dtype, a, p)


def cooked(shape, s, axes, inverse_real):
    """NumPy's _cook_nd_args: the transforms' lengths."""
    shapeless = s is None
    if s is None:
        s = list(shape) if axes is None else [shape[a] for a in axes]
    s = list(s)
    if inverse_real and shapeless:
        s[-1] = (shape[axes[-1] if axes is not None else -1] - 1) * 2
    return s


def expected(case):
    """(NumPy's result, the transforms' lengths) or ('E', kinds loom may raise)."""
    fn, dtype, a, p = case
    f = np.fft
    try:
        if fn in FREQS:
            r = getattr(f, fn)(p['n'], p['d'])
            return (r.astype(np.float32) if dtype == 'float32' else r), []
        if fn in SHIFTS:
            return getattr(f, fn)(a, axes=p['axes']), []
        if fn in ONE_D:
            r = getattr(f, fn)(a, n=p['n'], axis=p['axis'], norm=p['norm'])
            ax = p['axis']
            n = p['n'] if p['n'] is not None else (a.shape[ax] if fn in ('fft', 'ifft', 'rfft', 'ihfft')
                                                   else 2 * (a.shape[ax] - 1))
            return r, [n]
        kw = {'s': p['s'], 'norm': p['norm']}
        if p['axes'] is not None or fn in N_D:
            kw['axes'] = p['axes']
        r = getattr(f, fn)(a, **kw)
        axes = p['axes'] if p['axes'] is not None else ([-2, -1] if fn in TWO_D else None)
        if axes is None and p['s'] is not None:
            axes = list(range(-len(p['s']), 0))
        return r, cooked(a.shape, p['s'], axes, fn in ('irfftn', 'irfft2'))
    except np.AxisError:
        return 'E', {'I', 'V'}
    except (ValueError, ZeroDivisionError):
        return 'E', {'V'}
    except IndexError:
        return 'E', {'I'}


def defects(case):
    """The kinds of error a case's arguments give besides the one NumPy raises first: I for an axis
    out of range, V for a length of 0 or s and axes of different lengths (loom checks the axes and s
    before any length, NumPy as it reaches them)."""
    fn, dtype, a, p = case
    kinds = set()
    if a is None:
        return kinds
    rank = a.ndim
    axes = [p['axis']] if 'axis' in p else (p.get('axes') or ([-2, -1] if fn in TWO_D else []))
    if any(not -rank <= ax < rank for ax in axes):
        kinds.add('I')
    s = p.get('s')
    if p.get('n') == 0 or (s is not None and (0 in s or (p.get('axes') is not None and len(s) != len(p['axes']))
                                                or (p.get('axes') is None and fn in N_D and len(s) > rank))):
        kinds.add('V')
    return kinds


def parse(line):
    parts = line.split(' | ')
    head = parts[0].split()
    if len(head) > 2 and head[1] == 'E':
        return head[0], ('E', head[2] if head[2] in ('I', 'V') else 'X ' + ' '.join(head[3:]))
    t = parts[1].split()
    tag, rank = t[0], int(t[1])
    shape = tuple(int(x) for x in t[2:2 + rank])
    vals = [complex(*map(float, v.split(','))) if ',' in v else float(v) for v in t[2 + rank:]]
    return head[0], (tag, np.array(vals).reshape(shape))


def loom_tag(fn, dtype):
    if fn in SHIFTS:
        return TAGS[dtype]
    if fn in FREQS:
        return 'f4' if dtype == 'float32' else 'f8'
    single = dtype in ('float32', 'complex64')
    if fn in REAL_OUT:
        return 'f4' if single else 'f8'
    return 'c8' if single else 'c16'


def check(case, got):
    """(None or why, error / tol)."""
    fn, dtype, a, p = case
    want, lengths = expected(case)
    if isinstance(want, str):
        if got[0] != 'E':
            return f"NumPy raises, loom does not (loom's shape {got[1].shape})", 0
        if got[1].startswith('X'):
            return f"loom threw another exception: {got[1][2:]}", 0
        allowed = lengths | defects(case)
        return (None if got[1] in allowed else f"loom raises {got[1]}, NumPy {sorted(lengths)}"), 0
    if got[0] == 'E':
        return f"loom raises {got[1]}, NumPy does not", 0
    tag, g = got
    if tag != loom_tag(fn, dtype):
        return f"element type {tag}, expected {loom_tag(fn, dtype)}", 0
    if g.shape != want.shape:
        return f"shape {g.shape} != NumPy's {want.shape}", 0
    if fn in SHIFTS or fn in FREQS:
        return (None if np.array_equal(g, want) else "values differ"), 0
    if want.size == 0:
        return None, 0
    eps = np.finfo(np.float32 if dtype in ('float32', 'complex64') else np.float64).eps
    tol = 8 * eps * sum(math.log2(n + 2) for n in lengths)
    w = want.astype(np.complex128)
    err = np.linalg.norm((g - w).ravel())
    ref = np.linalg.norm(w.ravel())
    if ref == 0:
        return (None if err == 0 else f"NumPy's result is 0, loom's |.| {err}"), 0
    ratio = err / (tol * ref)
    return (None if ratio <= 1 else f"|loom - NumPy| / |NumPy| = {err / ref:.3g} > tol {tol:.3g}"), ratio


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--seed', type=int, default=None)
    ap.add_argument('--cases', type=int, default=2000)
    ap.add_argument('--run')
    ap.add_argument('--show', type=int, default=20)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    print(f"fft_cases: seed {seed} (repeat with --seed {seed})")
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    cases = {}
    with open(args.out, 'w') as f:
        for cid in range(args.cases):
            line, case = gen_case(rng, nrng, cid)
            cases[str(cid)] = case
            f.write(line + '\n')
    if not args.run:
        return 0
    out = subprocess.run([args.run, args.out], capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stderr)
        return 1
    bad, seen, worst, errors = 0, 0, 0.0, 0
    for line in out.stdout.splitlines():
        cid, got = parse(line)
        seen += 1
        why, ratio = check(cases[cid], got)
        worst = max(worst, ratio)
        errors += got[0] == 'E'
        if why:
            bad += 1
            if bad <= args.show:
                fn, dtype, a, p = cases[cid]
                shape = None if a is None else a.shape
                print(f"MISMATCH case {cid} ({fn} {dtype} shape {shape} {p}): {why}")
    if seen != len(cases):
        print(f"loom answered {seen} of {len(cases)} cases")
        bad += 1
    print(f"{len(cases)} fft cases compared ({errors} raise in both), {bad} mismatches; "
          f"worst error / tol {worst:.3f}")
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
