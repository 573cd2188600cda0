#!/usr/bin/env python3
"""examples/semantics_check_doc.py: docs/semantics.md quotes each examples/semantics_*.cpp whole, with its output.

Usage: semantics_check_doc.py DOC NAME=SOURCE=EXECUTABLE ... [--update]

Between `<!-- example: NAME -->` and `<!-- end example -->` the page holds the
source in a cpp block (under the `<!-- snippet: examples/NAME.cpp -->` marker
tests/docs/check_snippets.py reads) and the program's standard output in a
text block. This
checks both against the file and a fresh run (exit status 0 required); with
--update it rewrites those regions instead.
"""
import re
import subprocess
import sys


def block(name, source, exe):
    code = open(source).read()
    run = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        sys.exit(f"{name}: exited with {run.returncode}\n{run.stdout}{run.stderr}")
    marker = f"<!-- snippet: examples/{name}.cpp -->"  # tests/docs/check_snippets.py's marker
    return f"{marker}\n```cpp\n{code}```\n\nOutput:\n\n```text\n{run.stdout}```\n"


def main():
    args = [a for a in sys.argv[1:] if a != "--update"]
    update = "--update" in sys.argv
    doc_path, specs = args[0], args[1:]
    doc = open(doc_path).read()
    failed = []
    for spec in specs:
        name, source, exe = spec.split("=")
        pattern = re.compile(r"(<!-- example: %s -->\n)(.*?)(<!-- end example -->)" % re.escape(name), re.S)
        m = pattern.search(doc)
        if not m:
            failed.append(f"{name}: no '<!-- example: {name} -->' ... '<!-- end example -->' region in {doc_path}")
            continue
        want = block(name, source, exe)
        if update:
            doc = doc[: m.start(2)] + want + doc[m.end(2):]
        elif m.group(2) != want:
            failed.append(f"{name}: the page differs from {source} or its output; run with --update")
    if update:
        open(doc_path, "w").write(doc)
    for f in failed:
        print(f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
