#!/usr/bin/env python3
# tests/compile_fail/run.py: compiles one compile-fail case and checks that it fails with the expected diagnostics.
# Usage: run.py CASE.cpp [--also-expect TEXT] -- COMPILER... [FLAGS...]
# The case's leading comments say what to expect: each `// expect: TEXT` line is a substring the
# compiler's output must contain (the compilation must fail); `// expect-success` means it must compile.
import subprocess
import sys


def expectations(path):
    texts, success = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("//"):
                break
            body = line[2:].strip()
            if body == "expect-success":
                success = True
            elif body.startswith("expect:"):
                texts.append(body[len("expect:"):].strip())
    return texts, success


def main(argv):
    if "--" not in argv:
        sys.exit("usage: run.py CASE.cpp [--also-expect TEXT] -- COMPILER [FLAGS...]")
    split = argv.index("--")
    ours, command = argv[1:split], argv[split + 1:]
    case, extra = ours[0], []
    rest = ours[1:]
    while rest:
        if rest[0] == "--also-expect" and len(rest) > 1:
            extra.append(rest[1])
            rest = rest[2:]
        else:
            sys.exit("unknown argument " + rest[0])
    texts, success = expectations(case)
    texts += extra
    if not success and not texts:
        sys.exit(case + ": no `// expect:` line and no `// expect-success`: nothing to check")
    cmd = command + ["-std=c++20", "-fsyntax-only", "-fno-diagnostics-color", case]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = proc.stdout
    if success:
        if proc.returncode != 0:
            print(out)
            print("FAIL: " + case + " should compile and did not")
            return 1
        print("ok: " + case + " compiles")
        return 0
    if proc.returncode == 0:
        print(out)
        print("FAIL: " + case + " compiled; it must not")
        return 1
    missing = [t for t in texts if t not in out]
    if missing:
        print(out)
        for t in missing:
            print("FAIL: the diagnostics of " + case + " do not contain: " + t)
        return 1
    print("ok: " + case + " fails to compile with " + "; ".join(texts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
