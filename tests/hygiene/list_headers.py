#!/usr/bin/env python3
"""tests/hygiene/list_headers.py: the headers under include/loom, one per line, for the header-hygiene TUs
(all but python.hpp, whose TU examples/python/meson.build builds with pybind11).

  list_headers.py INCLUDE_DIR                  print them (paths relative to include/loom)
  list_headers.py INCLUDE_DIR --check H1 H2 ... exit 1 when the headers on disk differ from
                                               H1 H2 ... (the set Meson generated TUs for)
"""
import pathlib
import sys

root = pathlib.Path(sys.argv[1]) / "loom"
# python.hpp needs pybind11 and Python's headers: its TU is built with them (examples/python).
headers = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.hpp") if p.name != "python.hpp")
if len(sys.argv) > 2 and sys.argv[2] == "--check":
    configured = sorted(sys.argv[3:])
    missing = sorted(set(headers) - set(configured))
    gone = sorted(set(configured) - set(headers))
    for h in missing:
        print(f"no hygiene TU for loom/{h}: re-run `meson setup --reconfigure` on this build dir")
    for h in gone:
        print(f"hygiene TU for loom/{h}, which no longer exists: re-run `meson setup --reconfigure`")
    print(f"{len(configured)} headers have a hygiene TU")
    sys.exit(1 if missing or gone else 0)
print("\n".join(headers))
