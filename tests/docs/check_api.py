#!/usr/bin/env python3
"""tests/docs/check_api.py: docs/api.md against the headers.

docs/api.md groups the API as the Array API groups its functions: `## Group`
headings, and under them one sub-section per public header, headed
`### <loom/path.hpp>` (backticks optional). A `##` heading that names no header
is a group, not a header section; a header section runs to the next `##` or
`###` heading (`####` headings inside it stay in it).

  - every `loom::name` in a header section must be declared in that header
    (class, struct, concept, alias, enum, function or variable), or in a header
    of the same directory or below it that it includes (expr/reduction.hpp
    gathers the nodes of expr/reduction_nodes.hpp and their evaluator; random.hpp
    its files under random/, whose loom::random::name is checked by name), and every
    LOOM_ macro the page names must be #defined by loom's config headers or
    read from the environment;
  - with --complete: every public name of namespace loom must be named somewhere
    in docs/api.md, in code: an `inline code span` or a fenced block (with or
    without `loom::`; prose does not count). A public name is one
    declared at namespace scope directly in namespace loom, in any header under
    include/loom: a function, class, struct, union, enum, concept, alias
    (`using X = ...`), using-declaration or variable (template), whether or not
    it carries a `//!` doc comment. Not public: anything in a nested namespace
    (detail, ops, simd, reduce_kind, ...), members of classes, operators, names
    starting with `_`, and the names in ALLOWED_UNDOCUMENTED below, each with
    its reason. Without --complete the missing names are printed as notes.
Usage: check_api.py SOURCE_ROOT [--complete]
"""
import pathlib
import re
import sys

# Names at namespace scope in loom that are implementation, not API, and why.
# Keep this short: a name users can reach is better documented than listed here.
ALLOWED_UNDOCUMENTED = {
}

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
        rf"\busing\s+[\w:]*::{n}\s*;",  # a using-declaration: loom::linalg::matmul is loom::matmul
        rf"\bnamespace\s+(?:[\w:]*::)?{n}\b",  # a module's namespace: loom::random, loom::linalg
    ]
    return any(re.search(p, code, flags=re.M) for p in pats)


errors = []
checked = 0
# Header sections: a `##` or `###` heading naming <loom/x.hpp>, up to the next `##` or `###` heading.
for sec in re.split(r"^#{2,3} ", page, flags=re.M)[1:]:
    head = sec.splitlines()[0]
    m = re.match(r"`?<loom/([\w/]+\.hpp)>`?", head)
    if not m:
        continue
    header = inc / m.group(1)
    if not header.exists():
        errors.append(f"api.md section <loom/{m.group(1)}>: no such header")
        continue
    code = strip_comments(header.read_text())
    for sibling in re.findall(r'^\s*#\s*include\s+"([\w/]+\.hpp)"', code, flags=re.M):
        if (header.parent / sibling).exists():
            code += strip_comments((header.parent / sibling).read_text())
    for path in sorted(set(re.findall(r"\bloom::((?:\w+::)*\w+)", sec))):
        checked += 1
        parts = path.split("::")  # loom::name, loom::enum::value, or a module's loom::random::name
        name = parts[0]
        if not declares(code, name) and not (len(parts) > 1 and re.search(rf"\bnamespace\s+(?:loom::)?{parts[0]}\b", code)
                                            and declares(code, parts[-1])):
            errors.append(f"api.md: loom::{path} is not declared in <loom/{m.group(1)}>")

config_text = (inc / "config.hpp").read_text() + "".join(
    p.read_text() for p in (root / "config").rglob("*.in"))
environment = {m for h in inc.rglob("*.hpp") for m in re.findall(r'getenv\("(LOOM_[A-Z_]+)"\)', h.read_text())}
for macro in sorted(set(re.findall(r"\bLOOM_[A-Z_]+\b", page))):
    checked += 1
    if not re.search(rf"#\s*define\s+{macro}\b", config_text) and macro not in environment:
        errors.append(f"api.md: {macro} is not defined by loom's config headers nor read from the environment")


# The public names: a small scanner over each header's code (comments, literals and preprocessor
# lines removed) that counts braces and parentheses to know the namespace and whether a statement
# is at namespace scope, and takes the declared name from each such statement.
KEYWORDS = {"requires", "decltype", "noexcept", "sizeof", "alignof", "alignas", "static_assert",
            "explicit", "if", "return", "operator", "template", "typename"}

def clean(text):
    """The code without comments, string and character literals (kept as "" and '') and preprocessor lines."""
    token = re.compile(r'//[^\n]*|/\*.*?\*/|R"(\w*)\(.*?\)\1"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)

    def keep(m):
        t = m.group(0)
        if t.startswith(("//", "/*")):
            return "\n" * t.count("\n")
        return "''" if t.startswith("'") else '""'
    text = token.sub(keep, text)
    return re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", "", text, flags=re.M)


def strip_template_heads(s):
    s = s.strip()
    while True:
        m = re.match(r"(?:\[\[[^\]]*\]\]\s*)*template\s*<", s)
        if not m:
            return s
        depth, i = 1, m.end()
        while i < len(s) and depth:
            depth += {"<": 1, ">": -1}.get(s[i], 0)
            i += 1
        s = s[i:].strip()
        if s.startswith("requires"):
            # a requires-clause: up to the declaration's first keyword we know
            m2 = re.search(r"\b(class|struct|union|concept|enum|using|inline|constexpr|consteval|auto|void|bool|static|extern|friend)\b", s[8:])
            s = s[8 + m2.start():] if m2 else s

def name_of(stmt):
    s = strip_template_heads(re.sub(r"\s+", " ", stmt))
    if not s or s.startswith(("namespace ", "static_assert", "using namespace", "extern template", "template ")):
        return None
    m = re.match(r"(?:\[\[[^\]]*\]\]\s*)*(?:enum\s+(?:class|struct)\s+|enum\s+|class\s+|struct\s+|union\s+|concept\s+)(?:\[\[[^\]]*\]\]\s*)*(\w+)", s)
    if m:
        return m.group(1)
    m = re.match(r"using\s+(\w+)\s*=", s)
    if m:
        return m.group(1)
    m = re.match(r"using\s+(?:typename\s+)?[\w:]*::(\w+)$", s)
    if m:
        return m.group(1)
    if "operator" in s and re.search(r"\boperator\b", s.split("(")[0] + "("):
        return None
    # first top-level '(' or '=' (outside <>)
    depth = 0
    for i, ch in enumerate(s):
        if ch == "<" and i > 0 and (s[i-1].isalnum() or s[i-1] in "_ ") and not s[i+1:i+2] in ("<", "="):
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        elif depth == 0 and ch == "(":
            m = re.search(r"(\w+)\s*$", s[:i])
            if m and m.group(1) not in KEYWORDS and not m.group(1).isupper():
                return m.group(1)
            if m and m.group(1) in ("decltype", "alignas", "requires", "noexcept") or (m and m.group(1).isupper()):
                # skip the balanced parentheses
                continue
            return None
        elif depth == 0 and ch == "=" and s[i+1:i+2] != "=" and s[i-1:i] not in "<>!=":
            m = re.search(r"(\w+)\s*$", s[:i])
            return m.group(1) if m else None
    m = re.search(r"(\w+)\s*$", s)
    return m.group(1) if m else None

def has_initializer(stmt):
    s = strip_template_heads(re.sub(r"\s+", " ", stmt))
    return bool(re.search(r"(?<![<>!=])=(?!=)", s.split("(")[0]))


def public_declarations(inc):
    out = []
    for header in sorted(inc.rglob("*.hpp")):
        raw = header.read_text()
        code = clean(raw)
        stack, depth, paren, buf, start = [("", 0)], 0, 0, [], 0
        line = 1
        for ch in code:
            if ch == "\n":
                line += 1
            at_scope = bool(stack) and depth == stack[-1][1]
            in_loom = at_scope and "::".join(n for n, _ in stack[1:]) == "loom"
            if at_scope and not "".join(buf).strip() and not ch.isspace():
                start = line
            if ch == "(":
                paren += 1
            elif ch == ")":
                paren -= 1
            if ch == "{":
                depth += 1
                if at_scope and paren == 0:
                    stmt = "".join(buf)
                    m = re.match(r"\s*(?:inline\s+)?namespace\s+([\w:]*)\s*$", stmt)
                    if m:
                        stack.append((m.group(1) or "<anon>", depth))
                        buf = []
                        continue
                    elif has_initializer(stmt):
                        pass  # a brace in an initializer (`= T{1} << 22`, `= requires {...}`): the statement goes on
                    elif in_loom:
                        n = name_of(stmt)
                        if n:
                            out.append((n, header, start))
                        buf = []
                        continue
                    else:
                        buf = []
                        continue
            elif ch == "}":
                if len(stack) > 1 and stack[-1][1] == depth:
                    stack.pop()
                    buf = []
                depth -= 1
                continue
            elif ch == ";" and at_scope and paren == 0:
                if in_loom:
                    n = name_of("".join(buf))
                    if n:
                        out.append((n, header, start))
                buf = []
                continue
            if at_scope:
                buf.append(ch)
    return out


public = [(n, h, l) for n, h, l in public_declarations(inc) if not n.startswith("_")]
for n in sorted(ALLOWED_UNDOCUMENTED):
    if n not in {p[0] for p in public}:
        errors.append(f"check_api.py: ALLOWED_UNDOCUMENTED names {n}, which no header declares in namespace loom")
# Where the page names code: fenced blocks and `inline code` (so that `all`, `range` or `empty` in prose do not count).
code_text = "\n".join(re.findall(r"^```[^\n]*\n(.*?)^```", page, flags=re.S | re.M)
                      + re.findall(r"`([^`\n]+)`", re.sub(r"^```[^\n]*\n.*?^```", "", page, flags=re.S | re.M)))
seen, missing = set(), []
for n, h, l in public:
    if n in seen or n in ALLOWED_UNDOCUMENTED:
        continue
    seen.add(n)
    if not re.search(rf"\b{re.escape(n)}\b", code_text):
        missing.append((n, h.relative_to(inc.parent).as_posix(), l))
for n, h, l in missing:
    print(f"{'error' if complete else 'note'}: {h}:{l}: loom::{n} is declared in namespace loom but docs/api.md does not name it")
if complete and missing:
    errors.append(f"{len(missing)} public names missing from docs/api.md")

for e in errors:
    print(e)
print(f"{checked} names in docs/api.md found in the headers; {len(seen) - len(missing)} of "
      f"{len(seen)} public names of namespace loom are in docs/api.md; {len(errors)} problems")
sys.exit(1 if errors or checked == 0 else 0)
