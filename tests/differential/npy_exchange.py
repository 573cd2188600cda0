# tests/differential/npy_exchange.py: .npy files between NumPy and loom, both ways.
#
# NumPy writes random arrays of every element type with np.save (random shapes, rank 0 and
# empty ones included; C order, Fortran order and big-endian ones); loom (npy_main.cpp)
# loads each, as its own type or as one NumPy casts it to safely (which loom's can_cast
# allows too), and saves it back. NumPy then checks that loom's file loads to the same
# values and holds exactly the bytes np.save writes for them. Some cases ask loom for a
# type the file's does not convert to (a narrower one, or one of a lower kind): loom must
# refuse, naming the path and both types. A fresh seed each run, printed; --seed repeats one.
#
# Usage: npy_exchange.py WORKDIR --run EXE [--seed N] [--cases N]
import argparse
import io
import pathlib
import random
import shutil
import subprocess
import sys

import numpy as np

DTYPES = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
          'float32', 'float64', 'complex64', 'complex128']


def kind(dt):
    """loom's order of kinds: bool < unsigned < signed < floating < complex."""
    return {'b': 0, 'u': 1, 'i': 2, 'f': 3, 'c': 4}[np.dtype(dt).kind]


def floats(rng, n):
    vals = []
    for _ in range(n):
        r = rng.random()
        if r < 0.05:
            vals.append(rng.choice([float('nan'), float('inf'), float('-inf'), -0.0]))
        elif r < 0.3:
            vals.append(float(rng.randint(-100, 100)))
        else:
            vals.append(rng.uniform(-1, 1) * 10.0 ** rng.randint(-30, 30))
    return vals


def draw_array(rng, dtype):
    rank = rng.choice([0, 1, 1, 2, 2, 3, 4])
    shape = tuple(rng.choice([0, 1, 2, 3, 4, 5, 7]) if rng.random() < 0.1 else rng.randint(1, 6)
                  for _ in range(rank))
    n = int(np.prod(shape, dtype=np.int64))
    if dtype == 'bool':
        a = np.array([rng.random() < 0.5 for _ in range(n)], dtype=bool)
    elif dtype.startswith('float'):
        a = np.array(floats(rng, n), dtype=np.float64).astype(dtype)
    elif dtype.startswith('complex'):
        z = np.empty(n, dtype=np.complex128)
        z.real, z.imag = floats(rng, n), floats(rng, n)
        a = z.astype(dtype)
    else:
        info = np.iinfo(dtype)
        a = np.array([rng.randint(int(info.min), int(info.max)) for _ in range(n)], dtype=dtype)
    a = a.reshape(shape)
    if rng.random() < 0.3:
        a = np.asfortranarray(a)
    if rng.random() < 0.3 and a.dtype.itemsize > 1:
        a = a.astype(a.dtype.newbyteorder('>'))  # keeps a Fortran layout
    return a


def draw_target(rng, src):
    """(dtype loom loads the file as, whether loom must accept it)."""
    r = rng.random()
    if r < 0.6:
        return src, True
    if r < 0.85:
        ok = [d for d in DTYPES if d != src and np.can_cast(src, d, 'safe')]
        if ok:
            return rng.choice(ok), True
        return src, True
    # a lower kind, or the same kind narrower: loom's can_cast refuses both
    bad = [d for d in DTYPES
           if kind(d) < kind(src) or (kind(d) == kind(src) and np.dtype(d).itemsize < np.dtype(src).itemsize)]
    if bad:
        return rng.choice(bad), False
    return src, True


def np_save_bytes(a):
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('workdir')
    ap.add_argument('--run', required=True)
    ap.add_argument('--seed', type=int)
    ap.add_argument('--cases', type=int, default=400)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    print(f'npy_exchange: seed {seed} (repeat with --seed {seed})')
    rng = random.Random(seed)
    work = pathlib.Path(args.workdir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    cases = []
    for i in range(args.cases):
        src = rng.choice(DTYPES)
        a = draw_array(rng, src)
        dst, accept = draw_target(rng, src)
        path_in, path_out = work / f'in_{i}.npy', work / f'out_{i}.npy'
        np.save(path_in, a)
        cases.append((a, src, dst, accept, path_in, path_out))
    listing = work / 'cases.txt'
    listing.write_text(''.join(f'{dst} {p_in} {p_out}\n' for (_, _, dst, _, p_in, p_out) in cases))
    run = subprocess.run([args.run, str(listing)], capture_output=True, text=True)
    if run.returncode != 0:
        print(f'npy_exchange: the checker failed ({run.returncode}): {run.stderr}')
        return 1
    lines = run.stdout.splitlines()
    if len(lines) != len(cases):
        print(f'npy_exchange: {len(lines)} answers for {len(cases)} cases')
        return 1

    failures = 0
    counts = {'same': 0, 'converted': 0, 'refused': 0, 'fortran': 0, 'big-endian': 0}
    for (a, src, dst, accept, p_in, p_out), line in zip(cases, lines):
        what = f'{p_in.name}: {a.dtype.str} shape {a.shape} fortran {np.isfortran(a)} loaded as {dst}'
        if not accept:
            expected = f"loom::load_npy: {p_in}: the file's dtype '{a.dtype.str}' ({src}) does not convert to {dst}"
            if not line.startswith('error ' + expected):
                print(f'FAIL {what}: expected an error "{expected}...", got: {line}')
                failures += 1
            else:
                counts['refused'] += 1
            continue
        if line != 'ok':
            print(f'FAIL {what}: {line}')
            failures += 1
            continue
        want = a.astype(np.dtype(dst).newbyteorder('<'), order='C')  # (ascontiguousarray makes rank 0 rank 1)
        got_bytes = p_out.read_bytes()
        got = np.load(p_out)
        if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
            print(f'FAIL {what}: values differ:\n  loom  {got.dtype} {got.shape} {got.ravel()[:8]}\n'
                  f'  numpy {want.dtype} {want.shape} {want.ravel()[:8]}')
            failures += 1
        elif got_bytes != np_save_bytes(want):
            print(f'FAIL {what}: the bytes differ from np.save\'s:\n  loom  {got_bytes[:128]!r}\n'
                  f'  numpy {np_save_bytes(want)[:128]!r}')
            failures += 1
        else:
            counts['same' if dst == src else 'converted'] += 1
            counts['fortran'] += bool(np.isfortran(a))
            counts['big-endian'] += a.dtype.byteorder == '>'
    print(f'npy_exchange: {len(cases)} files, {failures} failures; ' +
          ', '.join(f'{v} {k}' for k, v in counts.items()))
    if failures:
        return 1
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
