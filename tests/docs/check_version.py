#!/usr/bin/env python3
"""tests/docs/check_version.py: one version everywhere: meson.build, include/loom/config.hpp, CHANGELOG.md.

config.hpp spells the version twice (its defaults, and the check that a generated
config_build.hpp belongs to the same release); CHANGELOG.md's newest release
heading, `## [X.Y.Z] - date`, must be the same version.
Usage: check_version.py SOURCE_ROOT
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
found = {}
m = re.search(r"project\([^)]*?version\s*:\s*'([\d.]+)'", (root / "meson.build").read_text(), re.S)
found["meson.build project()"] = m.group(1) if m else None

cfg = (root / "include" / "loom" / "config.hpp").read_text()
parts = [re.search(rf"#define LOOM_VERSION_{p} (\d+)", cfg) for p in ("MAJOR", "MINOR", "PATCH")]
found["config.hpp defaults"] = ".".join(p.group(1) for p in parts) if all(parts) else None
m = re.search(r'#define LOOM_VERSION_STRING "([\d.]+)"', cfg)
found["config.hpp LOOM_VERSION_STRING"] = m.group(1) if m else None
m = re.search(r"#if LOOM_VERSION_MAJOR != (\d+) \|\| LOOM_VERSION_MINOR != (\d+) \|\| LOOM_VERSION_PATCH != (\d+)", cfg)
found["config.hpp generated-header check"] = ".".join(m.groups()) if m else None

m = re.search(r"^## \[(\d+\.\d+\.\d+)\]", (root / "CHANGELOG.md").read_text(), re.M)
found["CHANGELOG.md newest release"] = m.group(1) if m else None

for where, v in found.items():
    print(f"{where}: {v}")
ok = None not in found.values() and len(set(found.values())) == 1
print("versions agree" if ok else "versions DISAGREE")
sys.exit(0 if ok else 1)
