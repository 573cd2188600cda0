#!/usr/bin/env python3
"""scripts/bench_threads.py: run bench_threads (loom on one thread against its default threads), print the speed-ups.

  /usr/bin/python3 scripts/bench_threads.py --build build-bench [--quick] [--doc docs/performance.md]

The program runs unpinned (threads need the cores) and reports wall-clock time; each case runs on
one thread ("one") and on loom's default ("all"), alternating in one process (random interleaving),
and the speed-up is one/all of the medians. Goals (issue 34): exp_sin and sum_exp at 4M doubles
>= 1.8 on two cores; fused (memory-bound) >= 0.95 (not slower than one thread, within the spread);
the 4x4 and 32 KiB assignments >= 0.95 (within 5%). With --doc, the table between the markers
`<!-- threads:begin -->` and `<!-- threads:end -->` of the page and docs/threads.png are rewritten.
"""
import argparse
import datetime
import json
import os
import pathlib
import platform
import re
import statistics
import subprocess
import sys

GOALS = {("exp_sin", 1 << 22): 1.8, ("sum_exp", 1 << 22): 1.8, ("fused", 1 << 22): 0.95,
         ("small_4x4", 16): 0.95, ("small_32k", 4096): 0.95}


def cpu_name():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown CPU"


def run(build, quick):
    prog = pathlib.Path(build) / "bench" / "bench_threads"
    reps = 3 if quick else 7
    cmd = [str(prog), "--benchmark_format=json", f"--benchmark_repetitions={reps}",
           f"--benchmark_min_time={0.05 if quick else 0.2}", "--benchmark_enable_random_interleaving=true"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    times = {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            if b.get("error_occurred"):
                sys.exit(f"{b['name']}: {b.get('error_message')}")
            continue
        name = re.sub(r"/real_time$", "", b["run_name"] if "run_name" in b else b["name"])
        kase, impl, n = name.split("/")
        unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
        times.setdefault((kase, int(n)), {}).setdefault(impl, []).append(b["real_time"] * unit)
    return data["context"], {k: {i: statistics.median(v) for i, v in d.items()} for k, d in times.items()}


def fmt(s):
    for unit, f in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if s >= f:
            return f"{s / f:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


def table(context, med):
    threads = context.get("loom threads", "?")
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"Measured {stamp} on {cpu_name()}, {os.cpu_count()} cores, loom's default {threads} threads "
             f"(wall-clock medians; `/usr/bin/python3 scripts/bench_threads.py --build build-bench`).", "",
             "| case | elements | one thread | default | speed-up | goal |", "|---|---|---|---|---|---|"]
    met = missed = 0
    for (kase, n) in sorted(med, key=lambda k: (k[0], k[1])):
        d = med[(kase, n)]
        if "one" not in d or "all" not in d:
            continue
        s = d["one"] / d["all"]
        goal = GOALS.get((kase, n))
        mark = ""
        if goal is not None:
            ok = s >= goal
            met += ok
            missed += not ok
            mark = f">= {goal} {'ok' if ok else 'MISSED'}"
        lines.append(f"| {kase} | {n} | {fmt(d['one'])} | {fmt(d['all'])} | {s:.2f} | {mark} |")
    lines += ["", f"Goals met: {met} of {met + missed}."]
    return "\n".join(lines), met, missed


def compact(context, med):
    """The page's table: one row per case, the speed-up at each size, and the goal."""
    threads = context.get("loom threads", "?")
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    sizes = sorted({n for (k, n) in med if k in ("exp_sin", "sum_exp", "fused")})
    label = lambda n: f"{n >> 20}M" if n >= 1 << 20 else f"{n >> 10}K"
    lines = [f"Measured {stamp} on {cpu_name()}, {os.cpu_count()} cores, loom's default {threads} threads: "
             "time on one thread / time on the default (wall-clock medians).", "",
             "| case | " + " | ".join(label(n) for n in sizes) + " | goal |",
             "|---|" + "---|" * len(sizes) + "---|"]
    for kase in ("exp_sin", "sum_exp", "fused"):
        cells = []
        for n in sizes:
            d = med.get((kase, n), {})
            cells.append(f"{d['one'] / d['all']:.2f}" if "one" in d and "all" in d else "-")
        goal = GOALS.get((kase, 1 << 22))
        ok = (med.get((kase, 1 << 22), {}).get("one", 0) / med.get((kase, 1 << 22), {}).get("all", 1)) >= goal
        lines.append(f"| `{kase}` | " + " | ".join(cells) + f" | 4M >= {goal}: {'met' if ok else 'missed'} |")
    for kase, n in (("small_4x4", 16), ("small_32k", 4096)):
        d = med.get((kase, n), {})
        if "one" in d and "all" in d:
            s = d["one"] / d["all"]
            cells = ["-"] * len(sizes)
            lines.append(f"| `{kase}` ({fmt(d['one'])}) | " + " | ".join(cells) +
                         f" | {s:.2f} >= 0.95: {'met' if s >= 0.95 else 'missed'} |")
    return "\n".join(lines)


def plot(med, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4))
    for kase in ("exp_sin", "sum_exp", "fused"):
        pts = sorted((n, d["one"] / d["all"]) for (k, n), d in med.items() if k == kase and "one" in d and "all" in d)
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=kase)
    ax.axhline(1.0, color="gray", lw=0.8)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("elements (doubles)")
    ax.set_ylabel("speed-up over one thread")
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    ax.set_title(f"loom threads: {cpu_name()}, {os.cpu_count()} cores, {stamp}", fontsize=9)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build-bench")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--doc", help="rewrite the threads table of this page and docs/threads.png")
    args = ap.parse_args()
    context, med = run(args.build, args.quick)
    text, met, missed = table(context, med)
    print(text)
    if args.doc:
        page = pathlib.Path(args.doc)
        s = page.read_text()
        begin, end = "<!-- threads:begin -->", "<!-- threads:end -->"
        if begin not in s or end not in s:
            sys.exit(f"{page}: no {begin} ... {end} markers")
        s = s[:s.index(begin) + len(begin)] + "\n" + compact(context, med) + "\n" + s[s.index(end):]
        page.write_text(s)
        plot(med, page.parent / "threads.png")


if __name__ == "__main__":
    main()
