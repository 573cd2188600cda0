# tests/differential/print_cases.py: loom's printing against NumPy's str(), on random arrays.
#
# Draws arrays (float64/float32 of mixed magnitudes with nan, inf and -0.0; complex128/
# complex64 with such parts, the two parts of one scale or of two; int8, int32, uint64,
# bool; ranks 1 to 3, some long enough to wrap lines, some over 1000 elements to
# be summarized), has loom print them (print_main.cpp) and compares each text with
# str() of the same NumPy array. A fresh seed each run, printed; --seed repeats one.
#
# Usage: print_cases.py OUT --run EXE [--seed N] [--cases N]
import argparse
import random
import subprocess
import sys

import numpy as np


def draw(rng):
    dtype = rng.choice(['float64', 'float64', 'float32', 'int32', 'int8', 'uint64', 'bool', 'complex128', 'complex64'])
    rank = rng.choice([1, 1, 2, 2, 3])
    if rng.random() < 0.05:
        shape = [1001] if rank == 1 else [rng.randint(30, 40)] * rank  # summarized
    else:
        shape = [rng.randint(1, 9) for _ in range(rank)]
    n = int(np.prod(shape))
    if dtype.startswith('float'):
        a = np.array(floats(rng, n, draw_scale(rng)), dtype=np.float64).astype(dtype).reshape(shape)
    elif dtype.startswith('complex'):
        scale = draw_scale(rng)
        iscale = scale if rng.random() < 0.6 else draw_scale(rng)
        re, im = floats(rng, n, scale), floats(rng, n, iscale)
        if rng.random() < 0.15:  # one part all (signed) zeros: purely imaginary or real numbers
            zeros = [rng.choice([0.0, -0.0]) for _ in range(n)]
            re, im = (zeros, im) if rng.random() < 0.5 else (re, zeros)
        z = np.empty(n, dtype=np.complex128)
        z.real, z.imag = re, im
        a = z.astype(dtype).reshape(shape)
    elif dtype == 'bool':
        a = np.array([rng.random() < 0.5 for _ in range(n)]).reshape(shape)
    else:
        info = np.iinfo(dtype)
        hi = min(info.max, rng.choice([9, 100, 10 ** 6, info.max]))
        lo = max(info.min, -hi)
        a = np.array([rng.randint(lo, hi) for _ in range(n)], dtype=dtype).reshape(shape)
    return a


def draw_scale(rng):
    return 10.0 ** rng.choice([-12, -6, -4, -2, 0, 0, 0, 1, 3, 5, 8, 12])


def floats(rng, n, scale):
    vals = []
    for _ in range(n):
        r = rng.random()
        if r < 0.03:
            vals.append(rng.choice([float('nan'), float('inf'), float('-inf'), -0.0]))
        elif r < 0.25:
            vals.append(float(rng.randint(-20, 20)))
        else:
            vals.append(rng.uniform(-1, 1) * scale * rng.choice([1, 1, 10, 1000]))
    return vals


def encode(a):
    if a.dtype.kind == 'f':
        vals = [float(v).hex() for v in a.ravel()]
    elif a.dtype.kind == 'c':  # the parts as C hex literals, separated by a comma
        vals = [f'{float(v.real).hex()},{float(v.imag).hex()}' for v in a.ravel()]
    else:
        vals = [str(int(v)) for v in a.ravel()]
    return ' '.join([str(a.dtype), str(a.ndim)] + [str(d) for d in a.shape] + [str(a.size)] + vals)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--run', required=True)
    ap.add_argument('--seed', type=int)
    ap.add_argument('--cases', type=int, default=400)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    print(f'print: seed {seed}, {args.cases} arrays (NumPy {np.__version__})')
    rng = random.Random(seed)
    arrays = [draw(rng) for _ in range(args.cases)]
    with open(args.out, 'w') as f:
        for a in arrays:
            f.write(encode(a) + '\n')
    out = subprocess.run([args.run, args.out], capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stdout[-2000:], out.stderr[-2000:])
        return 1
    texts = out.stdout.split('\n@@\n')
    bad = 0
    for k, a in enumerate(arrays):
        want = str(a)
        got = texts[k] if k < len(texts) else '<missing>'
        if got != want:
            bad += 1
            if bad <= 5:
                print(f'MISMATCH array {k} ({a.dtype}, shape {a.shape}):\nloom:\n{got}\nNumPy:\n{want}\n')
    print(f'print: {len(arrays)} arrays compared, {bad} mismatches')
    if bad:
        print(f'print: FAILED; repeat with --seed {seed} --cases {args.cases}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
