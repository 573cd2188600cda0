#!/usr/bin/python3
"""bench/compile_time.py: compile time and compiler memory of loom against xtensor and Eigen.

    /usr/bin/python3 bench/compile_time.py              # best of 3, loom, xtensor and Eigen
    /usr/bin/python3 bench/compile_time.py --quick      # one run each
    /usr/bin/python3 bench/compile_time.py --markdown   # the table in Markdown, for docs/performance.md
    options: --runs N, --cxx CXX (default $CXX or g++), --only loom,xtensor, --scalar (loom without SIMD too),
             --instructions auto|perf|valgrind|none

Each source is compiled and linked with `$CXX -std=c++20 -O2 <library flags> src -o out`:
  include only   bench/compile/include_<lib>.cpp: the library's headers and an empty main
  quickstart     examples/quickstart.cpp, bench/compile/quickstart_xtensor.cpp, bench/compile/quickstart_eigen.cpp
  program        bench/compile/program_<lib>.cpp with EXPRS=0 (operands and checksum), 1 and 30 statements
From these: the first expression (EXPRS=1 - EXPRS=0) and each further one ((EXPRS=30 - EXPRS=1) / 29).
CPU time is user + sys of the compiler and every process it waited for (cc1plus, as, collect2, ld), from
os.wait4's rusage; peak RSS is ru_maxrss, the largest of those processes (cc1plus). Best of N is the run
with the least CPU time (peak RSS: the least of the runs); the runs alternate between the libraries so
that a busy moment of the machine hits them alike. The compiler is pinned to CPU $LOOM_BENCH_CPU (default
1; `none`: not pinned) when taskset exists. The programs' checksums are compared, so that the three
compile the same computation.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

QUICKSTART = {
    "loom": "examples/quickstart.cpp",
    "xtensor": "bench/compile/quickstart_xtensor.cpp",
    "eigen": "bench/compile/quickstart_eigen.cpp",
}
# rows of the table: label, which source, extra flags
ROWS = [
    ("include only", "include", []),
    ("quickstart", "quickstart", []),
    ("program, EXPRS=0", "program", ["-DEXPRS=0"]),
    ("program, EXPRS=1", "program", ["-DEXPRS=1"]),
    ("program, EXPRS=30", "program", ["-DEXPRS=30"]),
]
GOAL_QUICKSTART = 0.6  # loom's quickstart CPU time at most this fraction of xtensor's
GOAL_FURTHER = 0.5  # each further expression: at most this fraction of xtensor's


def eigen_flags():
    """Eigen's include directory as pkg-config gives it (Debian: /usr/include/eigen3)."""
    if shutil.which("pkg-config"):
        r = subprocess.run(["pkg-config", "--cflags", "eigen3"], capture_output=True, text=True)
        if r.returncode == 0 and r.stdout.strip():
            return shlex.split(r.stdout)
    return ["-I/usr/include/eigen3"]


def scalar_config(directory):
    """Writes the <loom/config_build.hpp> a Meson build with -Dsimd=false generates (no xsimd, scalar
    loops) under `directory`; options other than SIMD are left out, so <loom/config.hpp> gives their defaults."""
    with open(os.path.join(ROOT, "include/loom/config.hpp")) as f:
        version = re.search(r'#define LOOM_VERSION_STRING "(.*)"', f.read()).group(1)
    major, minor, patch = version.split(".")
    values = {"LOOM_VERSION_STRING": version, "LOOM_VERSION_MAJOR": major, "LOOM_VERSION_MINOR": minor,
              "LOOM_VERSION_PATCH": patch, "LOOM_SIMD": "0"}
    lines = []
    with open(os.path.join(ROOT, "config/loom/config_build.hpp.in")) as f:
        for line in f:
            line = re.sub(r"@(\w+)@", lambda m: values.get(m.group(1), m.group(0)), line)
            if not re.search(r"@\w+@", line):
                lines.append(line)
    os.makedirs(os.path.join(directory, "loom"), exist_ok=True)
    with open(os.path.join(directory, "loom", "config_build.hpp"), "w") as f:
        f.writelines(lines)


def libraries(selected, scalar, tmp):
    """name -> (flags, {source kind: path}) for the libraries measured, in table order."""
    def sources(lib, src_lib):
        return {"include": f"bench/compile/include_{src_lib}.cpp", "quickstart": QUICKSTART[src_lib],
                "program": f"bench/compile/program_{src_lib}.cpp"}

    libs = {}
    if "loom" in selected:
        libs["loom"] = (["-Iinclude"], sources("loom", "loom"))
    if scalar:
        scalar_config(os.path.join(tmp, "scalar"))
        libs["loom-scalar"] = (["-Iinclude", "-I" + os.path.join(tmp, "scalar")], sources("loom", "loom"))
    if "xtensor" in selected:
        libs["xtensor"] = (["-DXTENSOR_USE_XSIMD"], sources("xtensor", "xtensor"))
    if "eigen" in selected:
        libs["eigen"] = (eigen_flags(), sources("eigen", "eigen"))
    return libs


def pin_prefix():
    cpu = os.environ.get("LOOM_BENCH_CPU", "1")
    if cpu != "none" and shutil.which("taskset"):
        return ["taskset", "-c", cpu]
    return []


def compile_once(cmd, label, tmp):
    """Runs one compile; returns (CPU seconds, peak RSS in KiB). Exits on a failed compile."""
    err_path = os.path.join(tmp, "stderr")
    with open(err_path, "wb") as err:
        p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)  # the rusage of the compiler and the children it waited for
        p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        with open(err_path, errors="replace") as f:
            sys.stderr.write(f.read())
        sys.exit(f"compile_time: {label} failed to compile: {shlex.join(cmd)}")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def checksum(binary):
    r = subprocess.run([binary], capture_output=True, text=True)
    m = re.search(r"checksum (\S+)", r.stdout)
    if r.returncode != 0 or not m:
        sys.exit(f"compile_time: {binary} did not print its checksum: {r.stdout}{r.stderr}")
    return float(m.group(1))


def measure(cxx, libs, runs, tmp):
    """best[(row label, lib)] = (CPU seconds, peak MB); sums[(row label, lib)] = the program's checksum."""
    pin = pin_prefix()
    best, sums = {}, {}
    for label, kind, extra in ROWS:
        print(f"compile_time: {label} ...", file=sys.stderr, flush=True)
        for run in range(runs):
            for lib, (flags, sources) in libs.items():  # alternating: loom, xtensor, eigen, loom, ...
                out = os.path.join(tmp, lib + ".out")
                cmd = pin + cxx + ["-std=c++20", "-O2"] + flags + extra + [sources[kind], "-o", out]
                cpu, rss = compile_once(cmd, f"{lib} {label}", tmp)
                old = best.get((label, lib))
                best[(label, lib)] = (min(cpu, old[0]) if old else cpu, min(rss, old[1]) if old else rss)
                if kind == "program" and run == 0:
                    sums[(label, lib)] = checksum(out)
    best = {k: (cpu, rss / 1024.0) for k, (cpu, rss) in best.items()}
    return best, sums


def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0 and a >= 0 else None


def fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def table(best, libs, markdown):
    names = list(libs)
    pairs = [(a, b) for a in ("loom", "loom-scalar") for b in ("xtensor", "eigen") if a in names and b in names]
    header = ["measurement"]
    for lib in names:
        header += [f"{lib} s", f"{lib} MB"]
    for a, b in pairs:
        header += [f"{a}/{b} s", f"{a}/{b} MB"]

    rows = []
    for label, _, _ in ROWS:
        row = [label]
        for lib in names:
            cpu, mb = best[(label, lib)]
            row += [fmt(cpu), fmt(mb, 0)]
        for a, b in pairs:
            row += [fmt(ratio(best[(label, a)][0], best[(label, b)][0])),
                    fmt(ratio(best[(label, a)][1], best[(label, b)][1]))]
        rows.append(row)

    def derived(label, per_lib):
        row = [label]
        for lib in names:
            row += [fmt(per_lib[lib], 3), ""]
        for a, b in pairs:
            row += [fmt(ratio(per_lib[a], per_lib[b])), ""]
        rows.append(row)

    first = {lib: best[("program, EXPRS=1", lib)][0] - best[("program, EXPRS=0", lib)][0] for lib in names}
    further = {lib: (best[("program, EXPRS=30", lib)][0] - best[("program, EXPRS=1", lib)][0]) / 29 for lib in names}
    derived("first expression (EXPRS=1 - 0)", first)
    derived("each further expression ((30 - 1) / 29)", further)

    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
        for row in [header] + rows:
            print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip())
    return further


def goals(best, further, libs, markdown):
    bullet = "- " if markdown else ""
    if "loom" not in libs or "xtensor" not in libs:
        print(f"{bullet}goals: not evaluated (they compare loom with xtensor)")
        return

    def line(text, value, goal_met):
        print(f"{bullet}goal: {text}: {value}: {'met' if goal_met else 'not met'}")

    q = ratio(best[("quickstart", "loom")][0], best[("quickstart", "xtensor")][0])
    line(f"quickstart CPU time <= {GOAL_QUICKSTART} of xtensor's", f"loom/xtensor {fmt(q)}",
         q is not None and q <= GOAL_QUICKSTART)
    f = ratio(further["loom"], further["xtensor"])
    line(f"each further expression <= {GOAL_FURTHER} of xtensor's CPU time",
         f"{fmt(further['loom'], 3)} s against {fmt(further['xtensor'], 3)} s, loom/xtensor {fmt(f)}",
         f is not None and f <= GOAL_FURTHER)
    lm, xm = best[("program, EXPRS=30", "loom")][1], best[("program, EXPRS=30", "xtensor")][1]
    line("peak memory of the 30-expression program <= xtensor's", f"{lm:.0f} MB against {xm:.0f} MB", lm <= xm)


def check_sums(sums, libs):
    """The three programs compute the same numbers: their checksums agree to 1e-9 relative."""
    ok = True
    for label, kind, _ in ROWS:
        if kind != "program":
            continue
        values = {lib: sums[(label, lib)] for lib in libs}
        ref = next(iter(values.values()))
        if any(abs(v - ref) > 1e-9 * max(abs(ref), 1.0) for v in values.values()):
            ok = False
            print(f"checksums DIFFER for {label}: " + ", ".join(f"{k} {v!r}" for k, v in values.items()))
    if ok:
        print("checksums of the programs agree between " + ", ".join(libs) + " (1e-9 relative)")
    return ok


def perf_count(cmd):
    r = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", "--"] + cmd, cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in r.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and "instructions" in fields[2] and fields[0].isdigit():
            return int(fields[0])
    return None


def valgrind_count(cmd):
    # every process of the compile (driver, cc1plus, as, collect2, ld), summed
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
                        "--cachegrind-out-file=/dev/null"] + cmd, cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    total = sum(int(m.group(1).replace(",", "")) for m in re.finditer(r"I\s+refs:\s+([\d,]+)", r.stderr))
    return total or None


def instructions(mode, cxx, libs, tmp):
    """Instructions the compiler ran for each quickstart: unlike seconds, this hardly moves between runs on
    a shared machine. perf where it can count them; valgrind's cachegrind otherwise (exact, but each
    compile takes some 40 times as long)."""
    if mode == "none":
        return
    perf_ok = shutil.which("perf") is not None and perf_count(["true"]) is not None
    if mode == "auto":
        mode = "perf" if perf_ok else None
    elif mode == "perf" and not perf_ok:
        mode = None
    elif mode == "valgrind" and not shutil.which("valgrind"):
        mode = None
    if mode is None:
        print("instructions: not counted (perf cannot read the instruction counter here, as in a VM without "
              "one; --instructions valgrind counts them with cachegrind, slowly)")
        return
    count = perf_count if mode == "perf" else valgrind_count
    out = os.path.join(tmp, "count.out")
    parts = []
    for lib, (flags, sources) in libs.items():
        n = count(cxx + ["-std=c++20", "-O2"] + flags + [sources["quickstart"], "-o", out])
        parts.append(f"{lib} {fmt(n / 1e9 if n else None)} G")
    if "loom" in libs:
        n = count(cxx + ["-std=c++20", "-fsyntax-only"] + libs["loom"][0] + [QUICKSTART["loom"]])
        parts.append(f"loom parsing alone (-fsyntax-only) {fmt(n / 1e9 if n else None)} G")
    print(f"instructions ({mode}), quickstart: " + ", ".join(parts))


def main():
    ap = argparse.ArgumentParser(description="Compile time and compiler memory of loom, xtensor and Eigen.")
    ap.add_argument("--runs", type=int, default=3, help="runs of each compile, the best kept (default 3)")
    ap.add_argument("--quick", action="store_true", help="one run each (--runs 1)")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"), help="the compiler (default $CXX or g++)")
    ap.add_argument("--only", default="loom,xtensor,eigen", help="a subset, as loom,xtensor")
    ap.add_argument("--scalar", action="store_true", help="also loom without SIMD (what -Dsimd=false generates)")
    ap.add_argument("--markdown", action="store_true", help="the table in Markdown")
    ap.add_argument("--instructions", choices=["auto", "perf", "valgrind", "none"], default="auto",
                    help="count the quickstarts' instructions (auto: with perf when it can)")
    args = ap.parse_args()
    runs = 1 if args.quick else args.runs
    selected = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = set(selected) - {"loom", "xtensor", "eigen"}
    if unknown or runs < 1:
        ap.error(f"unknown libraries {sorted(unknown)}" if unknown else "--runs must be at least 1")
    cxx = shlex.split(args.cxx)

    with tempfile.TemporaryDirectory() as tmp:
        libs = libraries(selected, args.scalar, tmp)
        if not libs:
            ap.error("no library selected")
        best, sums = measure(cxx, libs, runs, tmp)

        version = subprocess.run(cxx + ["--version"], capture_output=True, text=True).stdout.splitlines()[0]
        pin = pin_prefix()
        print(f"compiler: {version}")
        print(f"command: {args.cxx} -std=c++20 -O2 <flags> <source> -o <out>; flags: "
              + "; ".join(f"{lib} {' '.join(flags)}" for lib, (flags, _) in libs.items()))
        print(f"CPU seconds (user + sys of the compile) and peak RSS in MB, best of {runs} run(s), the libraries "
              f"alternating; {'pinned with ' + shlex.join(pin) if pin else 'not pinned'}")
        if args.markdown:
            print()
        further = table(best, libs, args.markdown)
        if args.markdown:
            print()
        goals(best, further, libs, args.markdown)
        ok = check_sums(sums, libs)
        instructions(args.instructions, cxx, libs, tmp)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
