#!/usr/bin/env python3
# tests/codegen/check_prefetch.py: the evaluator's loops of heavy expressions prefetch, and no other loop
# does (kernel_traits::prefetches in include/loom/eval/kernel_traits.hpp).
# Usage: check_prefetch.py -- COMPILER [FLAGS...]
# Compiles two assignments to assembly at -O2 with the given compiler and flags:
#   heavy  r = exp(a) * c (shapes known at run time only, so every path is compiled: the flat loop for
#          same shapes, the row loops of broadcasts such as c(M,1)): both hold a prefetch
#          (GCC once dropped the calls of a not-inlined prefetch helper from the row loops alone, taking a
#          function that only prefetches for one without effect; the flat loops kept theirs), so
#          prefetch instructions are required in a function named for the row loops ("rows") and in
#          at least three functions in all;
#   light  r = a * c + 1.0, the same paths: no prefetch instruction in its loops (memory-bound loops
#          gain nothing from one); only in the driver (driver::block, shared by every expression of an
#          element type and leaf count, or what it is inlined into), whose turned tiles of streamed
#          assignments prefetch the next tile (driver::prefetch_tile), which must be there.
#   heavy  expressions never stream, so their driver has no such prefetch (it is another instance).
# Function names are matched in their mangled form, so that no demangler is needed.
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PROGRAM = """#include <loom/loom.hpp>
void assign(loom::array<double>& r, const loom::array<double>& a, const loom::array<double>& c) {{ r = {expr}; }}
"""
LABEL = re.compile(r"^([_A-Za-z][\w.$]*):")


def functions_with_prefetch(command, expr, tmp):
    src = Path(tmp) / "probe.cpp"
    src.write_text(PROGRAM.format(expr=expr), encoding="utf-8")
    cmd = command + ["-std=c++20", "-O2", "-S", "-o", "-", str(src)]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        print(proc.stderr)
        sys.exit("FAIL: " + " ".join(cmd) + " did not compile")
    found, current = {}, None
    for line in proc.stdout.splitlines():
        m = LABEL.match(line)
        if m and not m.group(1).startswith(".L"):
            current = m.group(1)
        elif "prefetch" in line and not line.lstrip().startswith((".", "#")):
            found[current] = found.get(current, 0) + 1
    return found


def main(argv):
    if "--" not in argv:
        sys.exit("usage: check_prefetch.py -- COMPILER [FLAGS...]")
    command = argv[argv.index("--") + 1:]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        heavy = functions_with_prefetch(command, "loom::exp(a) * c", tmp)
        light = functions_with_prefetch(command, "a * c + 1.0", tmp)
    print("heavy: prefetch instructions per function:", heavy)
    print("light: prefetch instructions per function:", light)
    if not any("rows" in name for name in heavy):
        failures.append("heavy: no row loop function (mangled name with 'rows') holds a prefetch")
    if len(heavy) < 3:
        failures.append("heavy: prefetch in %d functions, expected the flat loop and the row loops (3 or more)"
                        % len(heavy))
    outside = [name for name in light if "6driver" not in name]
    if outside:
        failures.append("light: prefetch instructions outside the driver, in " + ", ".join(sorted(outside)))
    if not any("6driver" in name for name in light):
        failures.append("light: no prefetch in the driver (the next turned tile of streamed assignments)")
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
