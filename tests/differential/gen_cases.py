# tests/differential/gen_cases.py: random expression cases for loom with NumPy's expected results.
#
# Draws random shapes (rank 0 to 6, sizes 0 to 5, many 1s, some incompatible), values,
# slices and one of the expression shapes compiled into differential.hpp, evaluates it
# with NumPy 1.24 under loom's rules and writes one case per line for the C++ runner.
#
# Where loom deliberately differs from NumPy, the expected value follows loom (API.md):
#   - element types: the Array API lattice, not NumPy's. Integer with floating gives the
#     floating type (NumPy: int32 + float32 -> float64, loom float32). A C++ scalar is
#     "weak" by kind only, never by value (NumPy 1.24 value-based casting: int8 + 1000
#     -> int16); an integer scalar that does not fit the integer type it takes is an
#     error, std::overflow_error when the expression is built (NumPy 2's OverflowError;
#     expected 'O'); an int scalar with a bool array gives int32.
#   - integer `/` is C++ truncating division with x / 0 == 0 (NumPy: true division to
#     float64); integer `%` follows C++ (sign of the dividend) with x % 0 == 0 (NumPy:
#     sign of the divisor); floating `%` is fmod (NumPy: Python's modulo).
#   - arithmetic on bool (loom computes in bool: + is or, - is xor, * is and, unary -
#     leaves it; NumPy rejects bool - bool and -bool).
#   - in-place `x op= e` and `view(x, ...) = e` follow the Array API: rejected when the
#     broadcast of the target shape with e's shape is not the target shape, so e with
#     extra leading size-1 axes is rejected (NumPy accepts it); a rejected assignment
#     throws broadcast_error and leaves the target unchanged.
#   - in-place arithmetic is computed in the promoted type and cast to the target type
#     (only same-type operands are drawn, where this equals NumPy's same_kind rule).
#   - complex numbers: complex with a real type is complex of the wider floating precision,
#     an integer adds none (NumPy: int32 with complex64 -> complex128; loom complex64); a
#     complex C++ number with a real floating array takes the array's precision (NEP 50).
#   - complex reciprocal is 1 / z by the division (Smith's method, NumPy's `/` too), so
#     that of 0 is inf+nanj (np.reciprocal has a formula of its own: nan+nanj).
#   - sign of a complex number is z / |z| (the Array API, NumPy 2; NumPy 1.24: the sign of
#     the real part).
#   - complex pow is the C library's cpow; NumPy's has its own special cases (0 ** z is
#     nan+nanj, an integer exponent is multiplied out, infinite bases included), so 'cpow'
#     draws finite, non-zero operands only (FINITE_OPERANDS).
#
# Complex values: both parts drawn as the floats are (NaN, infinities and signed zeros
# among them), some zeros, some numbers purely real or imaginary with a signed zero part.
# Results are compared in modulus (|got - want| <= tol * (1 + |want|)) where both are
# finite, else part by part with NaN and infinite parts exact; signed zeros are not told
# apart, here as for the real floats.
#
# About a tenth of the cases are aliasing patterns (ALIAS): x = transpose(x), shifted
# and reversed overlapping views of x assigned into x, a broadcast view of x in x's
# value, x += x, x = x * 2; expected values are NumPy's own in-place results.
#
# Usage: gen_cases.py OUT [--seed N] [--cases N] [--run EXE] [--combos a,b,...]
# prints the seed, the case count and the combinations drawn; with --run, runs `EXE OUT`
# (the C++ checker, tests/differential/main.cpp) and exits with its status, drawing only
# the combinations EXE compiles (`EXE --combos`). Repeat a run with its seed (and the same
# combinations).
import argparse
import random
import subprocess
import sys
import warnings

import numpy as np

warnings.simplefilter('ignore')
np.seterr(all='ignore')

NP = {'bool': np.bool_, 'int8': np.int8, 'int16': np.int16, 'int32': np.int32, 'int64': np.int64,
      'uint8': np.uint8, 'float32': np.float32, 'float64': np.float64,
      'complex64': np.complex64, 'complex128': np.complex128}
FLOATS = ('float32', 'float64')
COMPLEX = ('complex64', 'complex128')

# Type combinations: operand k has type combo[k % len(combo)]. Same names and order
# as the combo types in differential.hpp.
COMBOS = {
    'i32': ['int32'], 'i64': ['int64'], 'u8': ['uint8'], 'f32': ['float32'], 'f64': ['float64'],
    'b': ['bool'],
    'u8i8': ['uint8', 'int8'], 'i32f64': ['int32', 'float64'], 'f32f64': ['float32', 'float64'],
    'bi32': ['bool', 'int32'],
    'c64': ['complex64'], 'c128': ['complex128'], 'c64f64': ['complex64', 'float64'],
    'c64i32': ['complex64', 'int32'],
}
SAME = ['i32', 'i64', 'u8', 'f32', 'f64']
NUMERIC = SAME + ['u8i8', 'i32f64', 'f32f64', 'bi32']
CSAME = ['c64', 'c128']
CPLX = CSAME + ['c64f64', 'c64i32']
FLT = ['f32', 'f64', 'f32f64']
KINDS = {
    'num': NUMERIC + CPLX,                # arithmetic on numbers
    'ord': NUMERIC,                       # arithmetic that orders values (not for complex numbers)
    'int': ['i32', 'i64', 'u8', 'u8i8'],  # integer-only operations
    'flt': FLT,                           # math functions of real numbers
    'math': FLT + CPLX,                   # math functions, complex numbers included
    'cplx': CPLX,                         # complex numbers (with a real operand in the mixed ones)
    'bool': ['b'],                        # logical operations on bool
    'any': NUMERIC + ['b'],               # comparisons, where
    'eq': NUMERIC + ['b'] + CPLX,         # == and !=, where
    'inp': SAME + CSAME,                  # x op= e, x the whole target array
    'inpv': SAME + ['b'] + CSAME,         # view(x, ...) = e
    'inpva': SAME + CSAME,                # view(x, ...) op= e
    'alias': SAME + CSAME,                # aliasing patterns
}


def restrict_combos(names):
    """Draws only the combinations in names (those the checker compiles; every kind keeps one)."""
    unknown = sorted(set(names) - set(COMBOS))
    if unknown:
        sys.exit(f'gen_cases: unknown combinations {unknown}; known: {sorted(COMBOS)}')
    for k, combos in KINDS.items():
        KINDS[k] = [c for c in combos if c in names]
        if not KINDS[k]:
            sys.exit(f'gen_cases: no combination of kind {k!r} among {sorted(names)}')


# --- loom's element-type rules (API.md) ---------------------------------------------
def kind(t):
    return 0 if t == 'bool' else 2 if t in FLOATS else 3 if t in COMPLEX else 1


def precision(t):
    """The bytes of a floating type's real part; 0 for integers and bool."""
    return {'float32': 4, 'complex64': 4, 'float64': 8, 'complex128': 8}.get(t, 0)


def complex_of(p):
    return 'complex128' if p > 4 else 'complex64'


def real_of(t):
    return {'complex64': 'float32', 'complex128': 'float64'}.get(t, t)


def promote(a, b):
    """Result type of a and b; 'wint' / 'wfloat' / 'wcplx' are weak C++ scalars (int, double,
    std::complex<double>): they take the array's type when it is of their kind or above; a
    complex one with a real floating array takes the array's precision (NEP 50)."""
    if a.startswith('w') and not b.startswith('w'):
        a, b = b, a
    if b == 'wint':
        return a if kind(a) >= 1 else 'int32'
    if b == 'wfloat':
        return a if kind(a) >= 2 else 'float64'
    if b == 'wcplx':
        return a if kind(a) == 3 else complex_of(precision(a)) if kind(a) == 2 else 'complex128'
    if kind(a) == 3 or kind(b) == 3:  # complex of the wider precision; an integer adds none
        return complex_of(max(precision(a), precision(b)))
    if kind(a) != kind(b):
        return a if kind(a) > kind(b) else b
    return np.promote_types(NP[a], NP[b]).name


class V:
    """A value with loom's element type."""

    def __init__(self, arr, t):
        self.t = t
        self.a = np.asarray(arr).astype(NP[t if not t.startswith('w') else
                                           {'wint': 'int64', 'wfloat': 'float64', 'wcplx': 'complex128'}[t]])


class Overflow(Exception):
    """loom's std::overflow_error: a C++ integer that does not fit the integer type it takes."""


def conv(v, t):
    if v.t == 'wint' and kind(t) == 1:
        info, val = np.iinfo(NP[t]), int(v.a)
        if not info.min <= val <= info.max:
            raise Overflow
    return np.asarray(v.a).astype(NP[t])


def arith(op, x, y):
    c = promote(x.t, y.t)
    a, b = conv(x, c), conv(y, c)
    if c == 'bool':
        r = {'+': a | b, '-': a ^ b, '*': a & b, '/': a & b, '%': np.zeros_like(a)}[op]
    elif op == '+':
        r = a + b
    elif op == '-':
        r = a - b
    elif op == '*':
        r = a * b
    elif kind(c) == 3:
        r = a / b  # only / is drawn for complex numbers: Smith's method in both
    elif kind(c) == 2:
        r = a / b if op == '/' else np.fmod(a, b)
    else:
        a64, b64 = a.astype(np.int64), b.astype(np.int64)
        nz = np.where(b64 == 0, 1, b64)
        q = np.sign(a64) * np.sign(nz) * (np.abs(a64) // np.abs(nz))
        q = np.where(b64 == 0, 0, q)
        r = q if op == '/' else np.where(b64 == 0, 0, a64 - q * b64)
    return V(np.asarray(r).astype(NP[c]), c)


def fn(f, *xs):
    c = xs[0].t
    for x in xs[1:]:
        c = promote(c, x.t)
    args = [conv(x, c) for x in xs]
    return V(f(*args), c)


def flt(f, x):
    c = x.t if x.t in FLOATS + COMPLEX else 'float64'
    return V(f(conv(x, c)), c)


def absv(x):
    """abs: of a complex number, its modulus (a real number)."""
    return V(np.abs(x.a), real_of(x.t)) if x.t in COMPLEX else fn(np.abs, x)


def parts(re, im, t):
    """The complex array of type t with these parts (re + 1j * im would turn an infinite im into a NaN re)."""
    re, im = np.broadcast_arrays(np.asarray(re, dtype=np.float64), np.asarray(im, dtype=np.float64))
    out = np.empty(re.shape, dtype=NP[t])
    out.real, out.imag = re, im
    return out


def neg(x):
    return x if x.t == 'bool' else V(-x.a, x.t)


def cmp(f, x, y):
    c = promote(x.t, y.t)
    return V(f(conv(x, c), conv(y, c)), 'bool')


def where(cnd, x, y):
    c = promote(x.t, y.t)
    return V(np.where(cnd.a != 0, conv(x, c), conv(y, c)), c)


def land(x, y):
    return V(np.logical_and(x.a != 0, y.a != 0), 'bool')


def lor(x, y):
    return V(np.logical_or(x.a != 0, y.a != 0), 'bool')


def lnot(x):
    return V(x.a == 0, 'bool')


def sign(x):
    if x.t == 'bool':
        return x
    if x.t in COMPLEX:  # z / |z| (the Array API; NumPy 1.24: the sign of the real part)
        m = np.abs(x.a)
        zero = x.a == 0
        safe = np.where(zero, 1, m)
        return V(parts(np.where(zero, 0, x.a.real / safe), np.where(zero, 0, x.a.imag / safe), x.t), x.t)
    return V(np.sign(x.a), x.t)


def floordiv(a, b):
    """floor_divide with the Array API's special cases: an infinite or zero operand gives
    floor(a / b) (NumPy pairs // with % there: -5.0 // inf is -1.0 in NumPy, -0.0 in loom)."""
    if a.dtype.kind == 'f':
        return np.where(~np.isfinite(a) | ~np.isfinite(b) | (b == 0), np.floor(a / b), np.floor_divide(a, b))
    return np.floor_divide(a, b)


def realv(x):
    return V(x.a.real, real_of(x.t)) if x.t in COMPLEX else x


def imagv(x):
    return V(x.a.imag, real_of(x.t)) if x.t in COMPLEX else V(np.zeros_like(x.a), x.t)


def conjv(x):
    return V(np.conj(x.a), x.t) if x.t in COMPLEX else x


def astype(x, t):
    return V(x.a != 0, t) if t == 'bool' else V(x.a.astype(NP[t]), t)


def recip(x):
    if x.t in COMPLEX:  # 1 / z by the division: inf+nanj for 0 (np.reciprocal: nan+nanj)
        return V(np.ones_like(x.a) / x.a, x.t)
    return flt(np.reciprocal, x)


def signbit(x):
    return V(np.signbit(x.a if x.t in FLOATS else x.a.astype(np.float64)), 'bool')


# name -> (operands, kind, expected(a, b, c, d, s, f)); the C++ bodies are in
# differential.hpp under the same names. s: an int scalar, f: a double scalar.
TEMPLATES = {
    'add': (2, 'num', lambda a, b, c, d, s, f: arith('+', a, b)),
    'sub': (2, 'num', lambda a, b, c, d, s, f: arith('-', a, b)),
    'mul': (2, 'num', lambda a, b, c, d, s, f: arith('*', a, b)),
    'div': (2, 'num', lambda a, b, c, d, s, f: arith('/', a, b)),
    'mod': (2, 'int', lambda a, b, c, d, s, f: arith('%', a, b)),
    'neg_add_mul': (3, 'num', lambda a, b, c, d, s, f: arith('+', neg(a), arith('*', b, c))),
    'sum_times_diff': (4, 'num', lambda a, b, c, d, s, f: arith('*', arith('+', a, b), arith('-', c, d))),
    'mul_int_scalar_add': (2, 'num', lambda a, b, c, d, s, f: arith('+', arith('*', a, s), b)),
    'mul_float_scalar': (1, 'num', lambda a, b, c, d, s, f: arith('*', a, f)),
    'int_scalar_sub': (1, 'num', lambda a, b, c, d, s, f: arith('-', s, a)),
    'div_by_scalar': (1, 'num', lambda a, b, c, d, s, f: arith('/', a, s)),
    'min_plus_max': (3, 'ord', lambda a, b, c, d, s, f:
                     arith('+', fn(np.minimum, a, b), fn(np.maximum, b, c))),
    'abs_diff': (2, 'num', lambda a, b, c, d, s, f: absv(arith('-', a, b))),
    'square_sub': (2, 'num', lambda a, b, c, d, s, f: arith('-', fn(np.square, a), b)),
    'clip3': (3, 'ord', lambda a, b, c, d, s, f:
              fn(lambda x, lo, hi: np.minimum(np.maximum(x, lo), hi), a, b, c)),
    'sign_diff': (2, 'num', lambda a, b, c, d, s, f: sign(arith('-', a, b))),
    'where_gt': (3, 'any', lambda a, b, c, d, s, f: where(cmp(np.greater, a, b), a, c)),
    'where_eq_scalar': (3, 'eq', lambda a, b, c, d, s, f: where(cmp(np.equal, a, b), c, s)),
    'where_numeric_cond': (3, 'num', lambda a, b, c, d, s, f: where(a, b, c)),
    'less': (2, 'any', lambda a, b, c, d, s, f: cmp(np.less, a, b)),
    'le_eq_ne': (4, 'any', lambda a, b, c, d, s, f:
                 cmp(np.equal, cmp(np.less_equal, a, b), cmp(np.not_equal, c, d))),
    'and_gt_lt': (3, 'any', lambda a, b, c, d, s, f: land(cmp(np.greater, a, s), cmp(np.less, b, c))),
    'sqrt_abs_add': (2, 'math', lambda a, b, c, d, s, f: arith('+', flt(np.sqrt, absv(a)), b)),
    'exp_mul': (2, 'math', lambda a, b, c, d, s, f: arith('*', flt(np.exp, a), b)),
    'trig': (3, 'math', lambda a, b, c, d, s, f:
             arith('+', flt(np.sin, a), arith('*', flt(np.cos, b), flt(np.tanh, c)))),
    'rounding': (4, 'flt', lambda a, b, c, d, s, f:
                 arith('-', arith('+', flt(np.floor, a), flt(np.ceil, b)),
                       arith('*', flt(np.round, c), flt(np.trunc, d)))),
    'atan2': (2, 'flt', lambda a, b, c, d, s, f: fn(np.arctan2, a, b)),
    'pow_log1p': (2, 'flt', lambda a, b, c, d, s, f:
                  arith('+', fn(np.power, fn(np.abs, a), b), flt(np.log1p, fn(np.abs, b)))),
    'nan_inf': (2, 'math', lambda a, b, c, d, s, f:
                lor(V(np.isnan(a.a), 'bool'), land(V(np.isinf(b.a), 'bool'), V(np.isfinite(a.a), 'bool')))),
    'floor_divide': (2, 'ord', lambda a, b, c, d, s, f: fn(floordiv, a, b)),
    'remainder': (2, 'ord', lambda a, b, c, d, s, f: fn(np.remainder, a, b)),
    'hypot_copysign': (2, 'flt', lambda a, b, c, d, s, f: arith('+', fn(np.hypot, a, b), fn(np.copysign, a, b))),
    'logaddexp': (2, 'flt', lambda a, b, c, d, s, f: fn(np.logaddexp, a, b)),
    'nextafter': (2, 'flt', lambda a, b, c, d, s, f: fn(np.nextafter, a, b)),
    'inv_hyperbolic': (3, 'math', lambda a, b, c, d, s, f:
                       arith('+', flt(np.arcsinh, a), arith('*', flt(np.arccosh, b), flt(np.arctanh, c)))),
    'real_complex_scalar': (2, 'flt', lambda a, b, c, d, s, f:
                            arith('-', arith('*', a, V(complex(f.a, s.a), 'wcplx')), b)),
    'reciprocal_signbit': (2, 'flt', lambda a, b, c, d, s, f: where(signbit(a), flt(np.reciprocal, b), a)),
    'xor_signbit': (2, 'any', lambda a, b, c, d, s, f: V(np.logical_xor(signbit(a).a, b.a != 0), 'bool')),
    'logical': (3, 'bool', lambda a, b, c, d, s, f: lor(land(a, b), lnot(c))),
    'where_bool': (3, 'bool', lambda a, b, c, d, s, f: where(a, b, c)),
    'parts': (3, 'cplx', lambda a, b, c, d, s, f: arith('+', arith('*', realv(a), imagv(b)), conjv(c))),
    'complex_scalar': (2, 'cplx', lambda a, b, c, d, s, f:
                       arith('+', arith('*', a, V(complex(f.a, s.a), 'wcplx')), arith('*', b, V(complex(s.a, -f.a), 'wcplx')))),
    'exp_log': (3, 'cplx', lambda a, b, c, d, s, f:
                arith('-', flt(np.exp, a), arith('*', flt(np.log, b), flt(np.sqrt, c)))),
    'log_family': (4, 'cplx', lambda a, b, c, d, s, f:
                   arith('-', arith('+', flt(np.log2, a), arith('*', flt(np.log10, b), flt(np.log1p, c))),
                         flt(np.expm1, d))),
    'inv_trig': (3, 'cplx', lambda a, b, c, d, s, f:
                 arith('+', flt(np.arcsin, a), arith('*', flt(np.arccos, b), flt(np.arctan, c)))),
    'tan_sinh_cosh': (3, 'cplx', lambda a, b, c, d, s, f:
                      arith('+', flt(np.tan, a), arith('*', flt(np.sinh, b), flt(np.cosh, c)))),
    'cpow': (3, 'cplx', lambda a, b, c, d, s, f: arith('+', fn(np.power, a, b), fn(np.power, c, s))),
    'reciprocal_square': (2, 'cplx', lambda a, b, c, d, s, f: arith('+', recip(a), fn(np.square, b))),
    'truth': (4, 'cplx', lambda a, b, c, d, s, f: V(np.logical_xor(land(a, b).a, lor(lnot(c), d).a), 'bool')),
    'astype_where': (3, 'cplx', lambda a, b, c, d, s, f:
                     where(astype(a, 'bool'), astype(b, 'complex64'), c)),
    'eq_conj': (3, 'cplx', lambda a, b, c, d, s, f:
                lor(V(a.a == np.conj(a.a), 'bool'), cmp(np.not_equal, b, c))),
}
# Templates whose operands are drawn finite and (complex ones) non-zero: NumPy's complex power
# has its own special cases (0 ** z is NaN, an integer exponent multiplies out), loom's is cpow.
FINITE_OPERANDS = {'cpow'}
# In-place: operand a is the target (with a view spec for the view forms).
INPLACE = {
    'iadd': (2, 'inp', '+'), 'isub_mul': (3, 'inp', '-*'), 'imul': (2, 'inp', '*'),
    'vassign': (2, 'inpv', '='), 'vadd': (2, 'inpva', '+'),
}

# Aliasing: the target x is also read (NumPy's rule: as if every operand were copied
# first). The expected value is NumPy's own in-place result on a copy of x.
def _bcast_row(x):
    x[...] = np.broadcast_to(x[0:1], x.shape) + x


def _iadd_self(x):
    x += x


def _scale(x):
    x[...] = x * np.array(2).astype(x.dtype)


def _minus_reversed(x):
    x[::-2] -= x[::2]


ALIAS = {
    'alias_transpose': lambda x: x.__setitem__(Ellipsis, x.T),
    'alias_shift': lambda x: x.__setitem__(slice(1, len(x)), x[0:len(x) - 1]),
    'alias_shift_back': lambda x: x.__setitem__(slice(0, len(x) - 1), x[1:len(x)]),
    'alias_broadcast_row': _bcast_row,
    'alias_iadd_self': _iadd_self,
    'alias_scale': _scale,
    'alias_reverse_overlap': lambda x: x.__setitem__(slice(len(x) - 1, 0, -1), x[0:len(x) - 1]),
    'alias_plus_reversed': _minus_reversed,
}


# --- random shapes, values and slices -----------------------------------------------
def rand_size(rng):
    return rng.choices([0, 1, 2, 3, 4, 5], weights=[1, 8, 4, 3, 2, 2])[0]


def operand_shape(rng, base):
    """A shape that usually broadcasts to base: a suffix with some axes set to 1."""
    k = rng.randint(0, len(base))
    shp = [1 if rng.random() < 0.3 else n for n in base[len(base) - k:]]
    if shp and rng.random() < 0.15:
        i = rng.randrange(len(shp))
        shp[i] = rand_size(rng)  # maybe incompatible
    return shp


def rand_part(rng, finite=False):
    """A floating value: some special ones (NaN, infinities, signed zeros), some small halves."""
    r = rng.random()
    if r < 0.03 and not finite:
        return rng.choice([float('nan'), float('inf'), -float('inf'), 0.0, -0.0])
    if r < 0.15:
        return float(rng.randint(-4, 4)) + rng.choice([0.0, 0.5])
    return rng.uniform(-5, 5)


def rand_values(rng, t, n, finite=False):
    if t in COMPLEX:  # both parts drawn as floats; some zeros, some purely real or imaginary (signed zero parts)
        out = []
        while len(out) < n:
            r = rng.random()
            if r < 0.05:
                z = complex(rng.choice([0.0, -0.0]), rng.choice([0.0, -0.0]))
            elif r < 0.13:
                z = complex(rand_part(rng, finite), rng.choice([0.0, -0.0]))
            elif r < 0.17:
                z = complex(rng.choice([0.0, -0.0]), rand_part(rng, finite))
            else:
                z = complex(rand_part(rng, finite), rand_part(rng, finite))
            if not (finite and z == 0):
                out.append(z)
        return out
    if t == 'bool':
        return [rng.random() < 0.5 for _ in range(n)]
    if t == 'uint8':
        return [rng.choice([rng.randint(0, 12), rng.randint(0, 255)]) for _ in range(n)]
    if t in ('int8', 'int16'):
        return [rng.randint(-9, 9) for _ in range(n)]
    if t in ('int32', 'int64'):
        return [rng.randint(-20, 20) for _ in range(n)]
    return [rand_part(rng, finite) for _ in range(n)]


def slice_for(rng, d):
    """(underlying size, python slice) selecting exactly d elements."""
    for _ in range(4):
        step = rng.choice([1, 1, 1, 2, 3, -1, -1, -2])
        extra = rng.randint(0, 2)
        u = max(d, 1) * abs(step) + extra if d > 0 else rng.randint(0, 3)
        if d == 0:
            start = rng.randint(-u - 1, u + 1)
            stop = start if rng.random() < 0.5 else None
            sl = slice(start, stop, step)
        else:
            span = (d - 1) * abs(step) + 1
            lo = rng.randint(0, u - span)
            if step > 0:
                start, stop = lo, lo + span
            else:
                start, stop = lo + span - 1, lo - 1
            if rng.random() < 0.3:
                start -= u  # negative spelling
            if stop < 0:
                stop = None
            elif rng.random() < 0.3 and ((step > 0 and stop >= u) or (step < 0 and stop < 0)):
                stop = None
            elif rng.random() < 0.2:
                stop -= u
                if stop < -u:
                    stop = None
            if start == (0 if step > 0 else u - 1) and rng.random() < 0.5:
                start = None
            sl = slice(start, stop, step)
        if len(range(*sl.indices(u))) == d:
            return u, sl
    return d, slice(None, None, 1)


def view_spec(rng, shp):
    """Underlying shape and an index tuple (slices, ints, newaxis) giving shape shp."""
    base, idx = [], []
    for d in shp:
        while rng.random() < 0.12:  # an axis dropped by an integer index
            u = rng.randint(1, 3)
            base.append(u)
            idx.append(rng.randint(-u, u - 1))
        if d == 1 and rng.random() < 0.15:
            idx.append(None)
            continue
        u, sl = slice_for(rng, d)
        base.append(u)
        idx.append(sl)
    return base, idx


def fmt_val(t, v):
    if t == 'bool':
        return '1' if v else '0'
    if t in FLOATS:
        return repr(float(v))
    if t in COMPLEX:
        return f'{float(v.real)!r},{float(v.imag)!r}'
    return str(int(v))


def fmt_array(t, arr):
    arr = np.asarray(arr)
    return [t, str(arr.ndim)] + [str(n) for n in arr.shape] + [str(arr.size)] + \
        [fmt_val(t, v) for v in arr.reshape(-1).tolist()]


def fmt_spec(idx):
    if idx is None:
        return ['-1']
    out = [str(len(idx))]
    for it in idx:
        if it is None:
            out.append('A')
        elif isinstance(it, int):
            out += ['I', str(it)]
        else:
            b = lambda x: 'N' if x is None else str(x)
            out += ['S', b(it.start), b(it.stop), str(it.step)]
    return out


def make_operand(rng, t, shp, use_view, finite=False):
    if use_view:
        base, idx = view_spec(rng, shp)
    else:
        base, idx = shp, None
    n = int(np.prod(base)) if base else 1
    arr = np.array(rand_values(rng, t, n, finite), dtype=NP[t]).reshape(base)
    return arr, idx


def gen_alias_case(rng, cid, name):
    combo = rng.choice(KINDS['alias'])
    t = COMBOS[combo][0]
    n = rand_size(rng) if rng.random() < 0.5 else rng.randint(2, 5)
    if name == 'alias_transpose':
        shp = [n] * rng.choice([2, 3])
    else:
        shp = [n] + [rand_size(rng) for _ in range(rng.randint(0, 3))]
    size = int(np.prod(shp))
    x = np.array(rand_values(rng, t, size), dtype=NP[t]).reshape(shp)
    line = [str(cid), name, combo] + fmt_array(t, x) + ['-1']
    for k in range(1, 4):
        line += fmt_array(COMBOS[combo][0], np.zeros((), dtype=NP[t])) + ['-1']
    y = x.copy()
    ALIAS[name](y)
    line += ['0', '0.5', 'V'] + fmt_array(t, y)
    return ' '.join(line)


def gen_case(rng, cid):
    names = list(TEMPLATES) + list(INPLACE)
    if rng.random() < 0.1:
        return gen_alias_case(rng, cid, rng.choice(list(ALIAS)))
    name = rng.choice(names)
    inplace = name in INPLACE
    nops, knd = (INPLACE[name][0], INPLACE[name][1]) if inplace else TEMPLATES[name][:2]
    combo = rng.choice(KINDS[knd])
    types = [COMBOS[combo][k % len(COMBOS[combo])] for k in range(4)]
    rank = rng.choices(range(7), weights=[1, 3, 4, 4, 3, 2, 1])[0]
    base = [rand_size(rng) for _ in range(rank)]
    shapes = [operand_shape(rng, base) for _ in range(nops)]
    if inplace:
        shapes[0] = base
        for k in range(1, nops):
            if rng.random() < 0.1:  # extra leading axes: rejected by loom's in-place rule
                shapes[k] = [rng.choice([1, 1, 2])] + shapes[k]
    ops = []
    for k in range(4):
        if k < nops:
            if inplace and k == 0:
                use_view = knd != 'inp'
            else:
                use_view = rng.random() < 0.35
            ops.append(make_operand(rng, types[k], shapes[k], use_view, name in FINITE_OPERANDS))
        else:
            ops.append((np.zeros((), dtype=NP[types[k]]), None))
    s = rng.choice([-3, -1, 0, 1, 2, 3, 7])
    f = rng.choice([0.5, -1.25, 2.0, 3.0, -0.75])
    vals = [V(a[tuple(idx)] if idx is not None else a, types[k]) for k, (a, idx) in enumerate(ops)]
    sv, fv = V(s, 'wint'), V(f, 'wfloat')

    if not inplace:
        # loom checks the scalar when the expression is built, before any shape is
        # broadcast: a dry run over rank-0 operands finds an overflow first
        try:
            TEMPLATES[name][2](*[V(np.zeros((), NP[v.t]), v.t) for v in vals], sv, fv)
            r = TEMPLATES[name][2](*vals, sv, fv)
            expect = ['V'] + fmt_array(r.t, r.a)
        except ValueError:
            expect = ['E']
        except Overflow:
            expect = ['O']
    else:
        target, idx = ops[0]
        t0 = types[0]
        x = target.copy()
        tv = x[tuple(idx) + (Ellipsis,)] if idx is not None else x
        opd = INPLACE[name][2]
        if opd == '-*':
            e_shape = np.broadcast_shapes(*(_shape(o) for o in ops[1:3])) \
                if _compatible(ops[1:3]) else None
        else:
            e_shape = _shape(ops[1])
        ok = e_shape is not None and _compatible_shapes(tv.shape, e_shape) and \
            np.broadcast_shapes(tv.shape, e_shape) == tv.shape
        if ok:
            cur = V(tv.copy(), t0)
            if opd == '=':
                res = vals[1]
            elif opd == '-*':
                res = arith('-', cur, arith('*', vals[1], vals[2]))
            else:
                res = arith(opd, cur, vals[1])
            tv[...] = np.broadcast_to(res.a.astype(NP[t0]), tv.shape)
            expect = ['V'] + fmt_array(t0, x)
        else:
            expect = ['E'] + fmt_array(t0, x)

    line = [str(cid), name, combo]
    for k in range(4):
        a, idx = ops[k]
        line += fmt_array(types[k], a) + fmt_spec(idx)
    line += [str(s), repr(f)] + expect
    return ' '.join(line)


def _shape(op):
    a, idx = op
    return a.shape if idx is None else np.asarray(a[tuple(idx)]).shape


def _compatible_shapes(*shapes):
    try:
        np.broadcast_shapes(*shapes)
        return True
    except ValueError:
        return False


def _compatible(ops):
    return _compatible_shapes(*(_shape(o) for o in ops))


def main():
    p = argparse.ArgumentParser()
    p.add_argument('out')
    p.add_argument('--seed', type=int, default=None)
    p.add_argument('--cases', type=int, default=6000)
    p.add_argument('--run', default=None, help='the differential checker to run on OUT')
    p.add_argument('--combos', default=None,
                   help='comma-separated combinations to draw (default: with --run, those the checker '
                        'compiles, as `EXE --combos` lists them; else all)')
    args = p.parse_args()
    if args.combos is not None:
        names = args.combos.split(',')
    elif args.run:
        names = subprocess.run([args.run, '--combos'], capture_output=True, text=True, check=True).stdout.split()
    else:
        names = list(COMBOS)
    restrict_combos(names)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    with open(args.out, 'w') as out:
        for cid in range(args.cases):
            out.write(gen_case(rng, cid) + '\n')
    print(f'differential: seed {seed}, {args.cases} cases (NumPy {np.__version__}), combinations '
          f'{" ".join(c for c in COMBOS if c in names)}', flush=True)
    if args.run:
        rc = subprocess.call([args.run, args.out])
        if rc != 0:
            print(f'differential: FAILED; repeat with --seed {seed} --cases {args.cases}')
        return rc
    return 0


if __name__ == '__main__':
    sys.exit(main())
