#!/usr/bin/env python3
"""tests/docs/check_pages.py: the user pages read as documentation, not as the project's notes.

README.md and docs/*.md (not docs/design/, where investigations belong) name no
commit (a 7 to 40 digit hexadecimal word with a letter and a digit in it) and
no run history ("before -> after" figures, "this session", the project's
issue numbers), and
docs/performance.md stays under 300 lines.
Usage: check_pages.py SOURCE_ROOT
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
errors = []
hash_re = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b")
history_re = re.compile(r"\d\s*->\s*\d|\bthis session\b|\blast session\b|\bsession \d|\bissues? \d", re.I)
fence_re = re.compile(r"^\s*```")
for page in pages:
    inside = False
    for n, line in enumerate(page.read_text().splitlines(), 1):
        if fence_re.match(line):
            inside = not inside
            continue
        if inside:  # code blocks are compiled files, checked elsewhere
            continue
        for m in hash_re.finditer(line):
            errors.append(f"{page.relative_to(root)}:{n}: '{m.group(0)}' looks like a commit hash")
        m = history_re.search(line)
        if m:
            errors.append(f"{page.relative_to(root)}:{n}: '{m.group(0)}' reads as a run history")
lines = len((root / "docs" / "performance.md").read_text().splitlines())
if lines >= 300:
    errors.append(f"docs/performance.md has {lines} lines; keep it under 300 (detail goes to docs/design/)")
for e in errors:
    print(e)
print(f"{len(pages)} pages checked; {len(errors)} problems")
sys.exit(1 if errors else 0)
