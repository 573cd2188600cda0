#!/usr/bin/env python3
"""examples/run_example.py: runs an example program as a test.

  run_example.py EXE --expect FILE     exit status 0 and standard output exactly FILE
                                       (the output docs/ shows, kept in examples/expected/)
  run_example.py EXE --same-as PY      exit status 0, and the same numbers, in the same order,
                                       as the Python program PY prints (NumPy twins; relative
                                       tolerance 1e-6, since the two print different digits)
"""
import math
import re
import subprocess
import sys


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited with {r.returncode}\n{r.stdout}{r.stderr}")
    return r.stdout


def numbers(text):
    out = []
    for tok in re.findall(r"-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|\bnan\b|\binf\b|\btrue\b|\bfalse\b", text, re.I):
        t = tok.lower()
        out.append(1.0 if t == "true" else 0.0 if t == "false" else float(t))
    return out


exe, mode, other = sys.argv[1], sys.argv[2], sys.argv[3]
got = run([exe])
if mode == "--expect":
    want = open(other).read()
    if got != want:
        sys.exit(f"output of {exe} differs from {other}\n--- got\n{got}--- want\n{want}")
elif mode == "--same-as":
    want = run([sys.executable, other])
    a, b = numbers(got), numbers(want)
    bad = [i for i, (x, y) in enumerate(zip(a, b))
           if not (x == y or (math.isnan(x) and math.isnan(y)) or math.isclose(x, y, rel_tol=1e-6, abs_tol=1e-12))]
    if len(a) != len(b) or bad or not a:
        sys.exit(f"{exe} and {other} disagree ({len(a)} and {len(b)} numbers; first difference at "
                 f"{bad[0] if bad else min(len(a), len(b))})\n--- loom\n{got}--- numpy\n{want}")
    print(f"{len(a)} numbers agree with {other}")
else:
    sys.exit(f"unknown mode {mode}")
print(got, end="")
