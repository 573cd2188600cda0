# tests/differential/linalg_cases.py: random cases of loom::linalg (<loom/linalg.hpp>) against NumPy
# 1.24's np.linalg: values where they are unique, invariants where signs or order are free.
#
# Each case draws a function, an element type (float64 mostly, float32, complex128, complex64), a
# stack shape (no batch axis, or one or two of 0 to 4 matrices), a size (0 to 8, now and then 13 or
# 30, where loom's option `lapack` takes over; non-square where the function takes it) and a kind of matrix: random normal, symmetric or Hermitian (eigh),
# positive definite (cholesky; now and then an indefinite one: both raise), rank-deficient (a
# column zero: singular for inv and solve, both raise; pinv, lstsq, matrix_rank), graded (rows and
# columns scaled by up to 1e6). float64 operands now and then go in as a transposed view.
# Compared:
#   - matrix_rank and lstsq's rank exactly;
#   - det, slogdet, inv, solve, cholesky, pinv, lstsq (x, residuals, s), the norms, cond, matrix_power
#     and qr (LAPACK's signs are loom's): values within tol n (1 + |NumPy's|) elementwise, tol 2e-14
#     for float64 (1e-5 for float32: about 90 eps; 0 mismatches in 8 runs at a tenth of it), times
#     the matrix's condition number where the value depends on it; the 2- and nuclear norms, as
#     singular values, within tol n |A|;
#   - eigh, svd, eig: the values as above (eig's sorted), the vectors by their identities:
#     |A V - V diag(w)| and |V^H V - I| (eigh, svd's U and Vh) within tol |A| n;
#   - errors: both raise (NumPy's LinAlgError or ValueError, loom's linalg_error or
#     std::invalid_argument), or neither.
# Usage: linalg_cases.py OUT [--seed N] [--cases N] [--run EXE] [--show N]: writes the cases to OUT,
# prints the seed; with --run runs `EXE OUT`, compares, prints the first N (20) mismatches and exits 1
# on any.
import argparse
import random
import subprocess
import sys
import warnings

import numpy as np

warnings.simplefilter('ignore')
np.seterr(all='ignore')

FUNCS = ['det', 'slogdet', 'inv', 'solve', 'cholesky', 'qr', 'qr_complete', 'eigh', 'eigvalsh', 'svd',
         'svd_full', 'svdvals', 'eig', 'eigvals', 'pinv', 'matrix_rank', 'lstsq', 'matrix_norm', 'vector_norm',
         'cond', 'matrix_power']
SQUARE = {'det', 'slogdet', 'inv', 'solve', 'cholesky', 'eigh', 'eigvalsh', 'eig', 'eigvals', 'matrix_power'}
DTYPES = {'float64': np.float64, 'float32': np.float32, 'complex128': np.complex128, 'complex64': np.complex64}


def tol_of(dtype):
    return 1e-5 if dtype in ('float32', 'complex64') else 2e-14


def token(x):
    if np.iscomplexobj(x):
        return f"{repr(float(x.real))},{repr(float(x.imag))}"
    return repr(float(x))


def operand(a):
    return ' '.join([str(a.ndim)] + [str(e) for e in a.shape] + [token(v) for v in a.ravel()])


def make_matrix(rng, nrng, dtype, batch, m, n, kind):
    shape = tuple(batch) + (m, n)
    a = nrng.standard_normal(shape)
    if dtype.startswith('complex'):
        a = a + 1j * nrng.standard_normal(shape)
    if kind == 'hermitian':
        a = a + np.conj(np.swapaxes(a, -1, -2))
    elif kind == 'spd':
        a = a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)
    elif kind == 'indefinite':
        a = a + np.conj(np.swapaxes(a, -1, -2))
        if n > 0:
            a[..., 0, 0] = -abs(a[..., 0, 0]) - 10
    elif kind == 'deficient' and n > 0 and m > 0:
        a[..., :, rng.randrange(n)] = 0
    elif kind == 'graded' and m > 0 and n > 0:
        a = a * (10.0 ** nrng.uniform(-3, 3, size=tuple(batch) + (m, 1))) * (10.0 ** nrng.uniform(-3, 3, size=(n,)))
    return a.astype(DTYPES[dtype])


def gen_case(rng, nrng, cid):
    fn = rng.choice(FUNCS)
    dtype = rng.choices(list(DTYPES), [5, 1.5, 1.5, 1])[0]
    batch = rng.choice([(), (), (), (3,), (0,), (2, 2), (4,)])
    n = rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 8, 13, 30])  # 13 and 30: LAPACK's sizes, with the option
    m = n if fn in SQUARE or rng.random() < 0.4 else rng.choice([1, 2, 3, 5, 7, 16])
    kind = rng.choices(['normal', 'deficient', 'graded'], [6, 1.5, 1])[0]
    if fn in ('eigh', 'eigvalsh'):
        kind = 'hermitian'
    elif fn == 'cholesky':
        kind = 'spd' if rng.random() < 0.85 else 'indefinite'
    elif fn in ('det', 'slogdet', 'eig', 'eigvals', 'matrix_power') and kind == 'deficient':
        kind = 'normal'
    a = make_matrix(rng, nrng, dtype, batch, m, n, kind)
    transposed = dtype == 'float64' and rng.random() < 0.3
    stored = np.ascontiguousarray(np.swapaxes(a, -1, -2)) if transposed else a
    toks = [str(cid), fn, dtype, '1' if transposed else '0', operand(stored)]
    extra = {}
    if fn in ('solve', 'lstsq'):
        if rng.random() < 0.3:
            b = nrng.standard_normal((m,))  # one vector for every matrix (loom's and the Array API's rule)
        else:
            b = nrng.standard_normal(tuple(batch) + (m, rng.choice([1, 2, 3])))
        if dtype.startswith('complex'):
            b = b + 1j * nrng.standard_normal(b.shape)
        b = b.astype(DTYPES[dtype])
        toks.append(operand(b))
        extra['b'] = b
    elif fn == 'matrix_norm':
        ord_ = rng.choice(['fro', 'nuc', 1, -1, 2, -2, 'inf', '-inf'])
        extra['ord'] = ord_
        toks.append(str(ord_))
    elif fn == 'vector_norm':
        ord_ = rng.choice([2, 1, 'inf', '-inf', 0, 3, 0.5])
        axis = rng.choice(['all', -1, -2])
        extra['ord'], extra['axis'] = ord_, axis
        toks += [str(ord_), str(axis)]
    elif fn == 'cond':
        ord_ = rng.choice(['None', 'None', 2, -2, 'fro', 1, 'inf'])
        extra['ord'] = ord_
        toks.append(str(ord_))
    elif fn == 'matrix_power':
        extra['k'] = rng.choice([0, 1, 2, 3, -1, -2])
        toks.append(str(extra['k']))
    return ' '.join(toks), (fn, dtype, a, kind, extra)


def npord(o):
    return {'inf': np.inf, '-inf': -np.inf, 'None': None}.get(o, o) if isinstance(o, str) else o


def expected(case):
    """NumPy's results (a list of arrays) or 'E' when NumPy raises."""
    fn, dtype, a, kind, ex = case
    la = np.linalg
    if a.shape[-1] == 0 or a.shape[-2] == 0:
        if fn in ('cond', 'matrix_rank', 'lstsq', 'vector_norm', 'matrix_norm', 'eig', 'eigvals', 'qr',
                  'qr_complete', 'svd', 'svd_full', 'svdvals', 'pinv', 'eigh', 'eigvalsh', 'cholesky',
                  'solve', 'matrix_power'):
            return None  # empty matrices: NumPy's rules differ by function; loom's are unit-tested
    try:
        if fn == 'det':
            return [np.asarray(la.det(a))]
        if fn == 'slogdet':
            s, l = la.slogdet(a)
            return [np.asarray(s), np.asarray(l)]
        if fn == 'inv':
            return [la.inv(a)]
        if fn == 'solve':
            b = ex['b']
            if b.ndim == 1:  # loom: one vector for every matrix
                return [la.solve(a, np.broadcast_to(b[:, None], a.shape[:-2] + (b.shape[0], 1)))[..., 0]]
            return [la.solve(a, b)]
        if fn == 'cholesky':
            return [la.cholesky(a)]
        if fn in ('qr', 'qr_complete'):
            if a.ndim > 2:
                return None  # NumPy 1.24's qr takes one matrix
            q, r = la.qr(a, mode='reduced' if fn == 'qr' else 'complete')
            return [q, r]
        if fn in ('eigh', 'eigvalsh'):
            return [la.eigvalsh(a)]
        if fn in ('svd', 'svd_full', 'svdvals'):
            return [la.svd(a, compute_uv=False)]
        if fn in ('eig', 'eigvals'):
            return [la.eigvals(a)]
        if fn == 'pinv':
            m, n = a.shape[-2:]
            return [la.pinv(a, rcond=max(m, n) * np.finfo(a.dtype).eps)]
        if fn == 'matrix_rank':
            return [np.asarray(la.matrix_rank(a))]
        if fn == 'lstsq':
            if a.ndim > 2 or (ex['b'].ndim > 2):
                return None  # NumPy 1.24's lstsq takes one matrix
            x, res, rank, s = la.lstsq(a, ex['b'], rcond=None)
            return [x, res, np.asarray(rank), s]
        if fn == 'matrix_norm':
            return [np.asarray(la.norm(a, npord(ex['ord']), axis=(-2, -1)))]
        if fn == 'vector_norm':
            o, ax = npord(ex['ord']), ex['axis']
            if ax == 'all':
                return [np.asarray(la.norm(a.ravel(), o))]
            return [np.asarray(la.norm(a, o, axis=int(ax)))]
        if fn == 'cond':
            return [np.asarray(la.cond(a, npord(ex['ord'])))]
        if fn == 'matrix_power':
            return [la.matrix_power(a, ex['k'])]
    except (np.linalg.LinAlgError, ValueError):
        return 'E'
    raise RuntimeError(fn)


def parse(line):
    parts = line.split(' | ')
    head = parts[0].split()
    if len(head) > 2 and head[1] == 'E':
        return head[0], 'E' if head[2] in ('L', 'V') else 'X ' + ' '.join(head[2:])
    out = []
    for p in parts[1:]:
        t = p.split()
        rank = int(t[0])
        shape = tuple(int(x) for x in t[1:1 + rank])
        vals = [complex(*map(float, v.split(','))) if ',' in v else float(v) for v in t[1 + rank:]]
        out.append(np.array(vals).reshape(shape))
    return head[0], out


def close(got, want, tol):
    if got.shape != np.shape(want):
        return f"shape {got.shape} != {np.shape(want)}"
    want = np.asarray(want)
    if want.size == 0:
        return None
    both_nan = np.isnan(got) & np.isnan(want)
    both_inf = np.isinf(got) & np.isinf(want) & (np.sign(got) == np.sign(want)) if not np.iscomplexobj(want) else False
    ok = (np.abs(got - want) <= tol * (1 + np.abs(want))) | both_nan | both_inf
    if not np.all(ok):
        i = np.argmin(ok.ravel())
        return f"element {i}: {got.ravel()[i]!r} vs NumPy's {want.ravel()[i]!r}"
    return None


def matched(w, ref):
    """w's and ref's eigenvalues of each matrix in one order: each of ref's paired with the nearest of
    w's not yet taken (their order is free)."""
    w2, r2 = w.reshape(-1, w.shape[-1]) if w.ndim else w, ref.reshape(-1, ref.shape[-1]) if ref.ndim else ref
    out = np.empty_like(r2)
    for b in range(r2.shape[0]):
        free = list(range(w2.shape[1]))
        for i in range(r2.shape[1]):
            j = min(free, key=lambda k: abs(w2[b, k] - r2[b, i]))
            free.remove(j)
            out[b, i] = w2[b, j]
    return out.reshape(ref.shape), ref


def cond_of(a):
    if a.shape[-1] == 0 or a.shape[-2] == 0:
        return 1.0
    s = np.linalg.svd(a.astype(np.complex128 if np.iscomplexobj(a) else np.float64), compute_uv=False)
    c = s[..., 0] / np.maximum(s[..., -1], 1e-300)
    return float(np.max(c)) if np.size(c) else 1.0


def check(case, got):
    fn, dtype, a, kind, ex = case
    want = expected(case)
    if want is None:
        return None
    if isinstance(got, str) and got.startswith('X'):
        return f"loom threw another exception: {got[2:]}"
    if want == 'E' or got == 'E':
        return None if want == got else f"NumPy {'raises' if want == 'E' else 'does not raise'}, loom {'raises' if got == 'E' else 'does not'}"
    tol = tol_of(dtype)
    wide = np.float64 if dtype in ('float64', 'complex128') else np.float32
    c = min(cond_of(a), 1 / np.finfo(wide).eps)
    depends = fn in ('inv', 'solve', 'pinv', 'lstsq', 'cond', 'matrix_power', 'det', 'slogdet', 'cholesky', 'qr',
                     'qr_complete')
    vtol = tol * (c if depends else 1) * max(1, a.shape[-1])
    if fn == 'matrix_norm' and ex['ord'] in (2, -2, 'nuc'):
        vtol = tol * max(1, np.abs(a).sum(axis=-1).max() if a.size else 0) * max(1, a.shape[-1])  # singular values: to eps |A|
    if kind in ('deficient', 'graded') and fn in ('pinv', 'lstsq', 'matrix_rank', 'cond', 'inv', 'solve', 'det',
                                                  'slogdet', 'matrix_power', 'eig', 'eigvals'):
        return None  # the values hinge on rounding at the rank's edge: unit tests check the identities
    an = np.abs(a).sum(axis=-1).max() if a.size else 0.0
    if fn in ('eigh', 'eigvalsh', 'svd', 'svd_full', 'svdvals', 'eig', 'eigvals'):
        w = got[1] if fn in ('svd', 'svd_full') else got[0]
        ref = want[0]
        if fn in ('eig', 'eigvals'):
            if c > 1e6:
                return None  # nonnormal and ill-conditioned: eigenvalues unstable
            w, ref = matched(w, ref)
        why = close(w, ref, tol * max(1, an) * max(1, a.shape[-1]) * (10 if fn in ('eig', 'eigvals') else 1))
        if why:
            return why
        if fn in ('eigh', 'eig'):
            v = got[1]
            r = a @ v - v * w[..., None, :] if fn == 'eigh' else None
            if fn == 'eig':
                w0 = got[0]
                r = a @ v - v * w0[..., None, :]
            if r.size and np.abs(r).sum(axis=-1).max() > tol * 30 * max(1, an) * max(1, a.shape[-1]):
                return f"|A V - V diag(w)| = {np.abs(r).sum(axis=-1).max()}"
        if fn in ('svd', 'svd_full'):
            u, s, vh = got
            k = s.shape[-1]
            us = u[..., :, :k] * s[..., None, :]
            r = us @ vh[..., :k, :] - a
            if r.size and np.abs(r).sum(axis=-1).max() > tol * 30 * max(1, an) * max(1, a.shape[-1]):
                return f"|A - U S Vh| = {np.abs(r).sum(axis=-1).max()}"
        return None
    if len(got) != len(want):
        return f"{len(got)} results, NumPy {len(want)}"
    if fn == 'matrix_rank':
        return None if np.array_equal(got[0], want[0]) else f"rank {got[0]} vs NumPy's {want[0]}"
    for i, (g, w) in enumerate(zip(got, want)):
        if fn == 'lstsq' and i == 2:
            if not np.array_equal(g, w):
                return f"rank {g} vs NumPy's {w}"
            continue
        why = close(g, w, vtol)
        if why:
            return f"result {i}: {why}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--seed', type=int, default=None)
    ap.add_argument('--cases', type=int, default=1500)
    ap.add_argument('--run')
    ap.add_argument('--show', type=int, default=20)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    print(f"linalg_cases: seed {seed} (repeat with --seed {seed})")
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    cases = {}
    with open(args.out, 'w') as f:
        for cid in range(args.cases):
            line, case = gen_case(rng, nrng, cid)
            cases[str(cid)] = (line, case)
            f.write(line + '\n')
    if not args.run:
        return 0
    out = subprocess.run([args.run, args.out], capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stderr)
        return 1
    bad = 0
    for line in out.stdout.splitlines():
        cid, got = parse(line)
        why = check(cases[cid][1], got)
        if why:
            bad += 1
            if bad <= args.show:
                fn, dtype, a, kind, ex = cases[cid][1]
                print(f"MISMATCH case {cid} ({fn} {dtype} {kind} shape {a.shape} {ex.get('ord', '')}): {why}")
    print(f"{len(cases)} linalg cases compared, {bad} mismatches")
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
