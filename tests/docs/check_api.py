#!/usr/bin/env python3
"""tests/docs/check_api.py: docs/api.md against the headers.

docs/api.md has one section per public header, headed `## <loom/path.hpp>`.
  - every `loom::name` in a section must be declared in that header (class,
    struct, concept, alias, enum, function or variable), and every LOOM_ macro
    the page names must be #defined by loom's config headers;
  - with --complete: every declaration at namespace scope in namespace loom
    (not detail, ops or simd) that carries a `//!` doc comment must be named
    somewhere in docs/api.md.
Usage: check_api.py SOURCE_ROOT [--complete]
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
complete = "--complete" in sys.argv[2:]
inc = root / "include" / "loom"
page = (root / "docs" / "api.md").read_text()


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def declares(code, name):
    n = re.escape(name)
    pats = [
        rf"\b(?:class|struct|union|concept|using|enum\s+class|enum\s+struct|enum)\s+{n}\b",
        rf"^\s*(?:(?:inline|constexpr|static|friend|explicit)\s+)*(?!return\b|else\b|throw\b|new\b)[\w:<>,&*]*[\w>&*]\s+[&*]*{n}\s*\(",
        rf"\b(?:inline|constexpr)\b[^;=(){{}}]*\b{n}\s*[{{=;]",
        rf"^\s*auto\s+{n}\s*\(",
    ]
    return any(re.search(p, code, flags=re.M) for p in pats)


errors = []
checked = 0
sections = re.split(r"^## ", page, flags=re.M)[1:]
for sec in sections:
    head = sec.splitlines()[0]
    m = re.match(r"`?<loom/([\w/]+\.hpp)>`?", head)
    if not m:
        continue
    header = inc / m.group(1)
    if not header.exists():
        errors.append(f"api.md section <loom/{m.group(1)}>: no such header")
        continue
    code = strip_comments(header.read_text())
    for name in sorted(set(re.findall(r"\bloom::(\w+)", sec))):
        checked += 1
        if not declares(code, name):
            errors.append(f"api.md: loom::{name} is not declared in <loom/{m.group(1)}>")

config_text = (inc / "config.hpp").read_text() + "".join(
    p.read_text() for p in (root / "config").rglob("*.in"))
environment = {m for h in inc.rglob("*.hpp") for m in re.findall(r'getenv\("(LOOM_[A-Z_]+)"\)', h.read_text())}
for macro in sorted(set(re.findall(r"\bLOOM_[A-Z_]+\b", page))):
    checked += 1
    if not re.search(rf"#\s*define\s+{macro}\b", config_text) and macro not in environment:
        errors.append(f"api.md: {macro} is not defined by loom's config headers nor read from the environment")

# Namespace-scope declarations with a //! comment, in public namespace loom. Braces are
# counted (comments and literals removed) to know the namespace and whether a line is at
# namespace scope rather than inside a class or function.
documented = []
for header in sorted(inc.rglob("*.hpp")):
    stack = []  # (namespace name, brace depth of its body)
    depth, pending = 0, False
    for idx, line in enumerate(header.read_text().splitlines()):
        code = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', '""', line.split("//")[0])
        if line.startswith("//!"):
            pending = True
        elif pending and line.strip() and not re.match(r"^\s*(template\s*<|requires\b)", line):
            pending = False
            scope = "::".join(n for n, _ in stack)
            at_ns_scope = bool(stack) and depth == stack[-1][1]
            if (at_ns_scope and scope.startswith("loom") and not re.search(r"\b(detail|ops|simd)\b", scope)):
                d = (re.match(r"^\s*(?:class|struct|concept|using|enum\s+class|enum)\s+(\w+)", line)
                     or re.match(r"^\s*(?:inline\s+)?(?:constexpr\s+)?[\w:<>,\s&*]*?\b(\w+)\s*\(", line)
                     or re.match(r"^\s*inline\s+(?:constexpr\s+)?[\w:<>]+\s+(\w+)\s*[{=;]", line))
                if d and not d.group(1).startswith("operator"):
                    documented.append((d.group(1), header.relative_to(inc.parent).as_posix(), idx + 1))
        ns = re.match(r"^\s*namespace\s+([\w:]*)\s*\{", code)
        for ch in code:
            if ch == "{":
                depth += 1
                if ns:
                    stack.append((ns.group(1), depth))
                    ns = None
            elif ch == "}":
                if stack and stack[-1][1] == depth:
                    stack.pop()
                depth -= 1

missing = [(n, h, l) for n, h, l in documented if not re.search(rf"\b{re.escape(n)}\b", page)]
for n, h, l in missing:
    print(f"{'error' if complete else 'note'}: {h}:{l}: loom::{n} has a //! doc comment but docs/api.md does not name it")
if complete:
    errors += [f"{len(missing)} documented names missing from docs/api.md"] if missing else []

for e in errors:
    print(e)
print(f"{checked} names in docs/api.md found in the headers; {len(documented) - len(missing)} of "
      f"{len(documented)} documented entry points are in docs/api.md; {len(errors)} problems")
sys.exit(1 if errors or checked == 0 else 0)
