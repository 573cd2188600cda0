#!/usr/bin/env python3
"""tests/core/index_assert.py: runs tests/core/index_assert.cpp's cases (built without NDEBUG).

Each bad case must stop the program (abort) with its message on stderr; `ok` must run to the
end. Usage: index_assert.py EXE
"""
import subprocess
import sys

exe = sys.argv[1]
cases = {
    'count': 'operator() got 1 indices for an array of rank 2',
    'too_many': 'operator() got 3 indices for an array of rank 2',
    'range': 'index 3 is out of bounds for axis 1 with size 3',
    'negative': 'index -1 is out of bounds for axis 0 with size 2',
    'fixed': 'index 3 is out of bounds for axis 0 with size 3',
    'tensor': 'index 2 is out of bounds for axis 0 with size 2',
    'view': 'index 2 is out of bounds for axis 0 with size 2',
}
failed = 0
ok = subprocess.run([exe, 'ok'], capture_output=True, text=True)
if ok.returncode != 0 or ok.stdout.strip() != 'ok 53':
    print(f'ok: exit {ok.returncode}, stdout {ok.stdout!r}, stderr {ok.stderr!r}')
    failed += 1
for case, text in cases.items():
    r = subprocess.run([exe, case], capture_output=True, text=True)
    if r.returncode == 0 or 'loom: ' + text not in r.stderr:
        print(f'{case}: exit {r.returncode}, stderr {r.stderr!r}; wanted an abort saying {text!r}')
        failed += 1
print(f'index_assert: {len(cases) + 1 - failed} of {len(cases) + 1} cases as expected')
sys.exit(1 if failed else 0)
