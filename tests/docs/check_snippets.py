#!/usr/bin/env python3
"""tests/docs/check_snippets.py: every code block in README.md and docs/*.md is a file the test suite builds.

A fenced block is preceded by a marker naming its source, as an HTML comment that
Markdown does not render:

    <!-- snippet: examples/quickstart.cpp -->            the whole file
    <!-- snippet: examples/concepts.cpp#inplace -->      the lines between
                                                         `// snippet: inplace` and `// end snippet`
                                                         (`#` comments for CMake and Meson files)

The block must equal that text exactly (regions dedented; marker lines removed).
Every ```cpp block must carry a marker, and every examples/**.cpp it names must be
listed in the meson.build beside it, which builds each example (and runs it as a test).
Usage: check_snippets.py SOURCE_ROOT
"""
import pathlib
import re
import sys
import textwrap

root = pathlib.Path(sys.argv[1])
pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))

marker_re = re.compile(r"^<!--\s*snippet:\s*(\S+?)(?:#(\S+))?\s*-->\s*$")
begin_re = re.compile(r"^\s*(?://|#)\s*snippet:\s*(\S+)\s*$")
end_re = re.compile(r"^\s*(?://|#)\s*end snippet\s*$")

errors = []
checked = 0


def source_text(path, region):
    lines = path.read_text().splitlines()
    if region is None:
        return "\n".join(l for l in lines if not begin_re.match(l) and not end_re.match(l))
    out, inside, found = [], False, False
    for l in lines:
        m = begin_re.match(l)
        if m and m.group(1) == region:
            inside, found = True, True
            continue
        if inside and end_re.match(l):
            inside = False
            continue
        if inside and not begin_re.match(l) and not end_re.match(l):
            out.append(l)
    if not found:
        return None
    return textwrap.dedent("\n".join(out))


for page in pages:
    if not page.exists():
        errors.append(f"{page.relative_to(root)}: missing")
        continue
    lines = page.read_text().splitlines()
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        lang, start = fence.group(1), i
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        body = "\n".join(lines[i + 1:j])
        where = f"{page.relative_to(root)}:{start + 1}"
        k = start - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        m = marker_re.match(lines[k]) if k >= 0 else None
        if m is None:
            if lang == "cpp":
                errors.append(f"{where}: ```cpp block without a <!-- snippet: examples/... --> marker")
        else:
            src, region = m.group(1), m.group(2)
            path = root / src
            if not path.exists():
                errors.append(f"{where}: snippet source {src} does not exist")
            else:
                text = source_text(path, region)
                if text is None:
                    errors.append(f"{where}: {src} has no region '{region}'")
                elif text.strip("\n") != body.strip("\n"):
                    errors.append(f"{where}: block differs from {src}" + (f"#{region}" if region else ""))
                checked += 1
            if src.startswith("examples/") and src.endswith(".cpp"):
                build = root / pathlib.Path(src).parent / "meson.build"  # examples/ or its subdirectory
                if not build.exists() or f"'{pathlib.Path(src).stem}'" not in build.read_text():
                    errors.append(f"{where}: {src} is not built by {build.relative_to(root)}")
        i = j + 1

for e in errors:
    print(e)
print(f"{checked} snippets match their sources, {len(errors)} problems")
sys.exit(1 if errors or checked == 0 else 0)
