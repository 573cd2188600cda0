#!/usr/bin/python3
"""scripts/bench_summary.py: run the benchmark programs and bench/numpy_cases.py, print one table of ratios.

    /usr/bin/python3 scripts/bench_summary.py [--build build] [--quick] [--doc docs/performance.md]

Every Google Benchmark program in <build>/bench runs pinned to one core (taskset)
with --benchmark_repetitions=N --benchmark_report_aggregates_only=true; the table
uses the medians of CPU time. Each time ratio is other_time / loom_time in the
same run (> 1: loom is faster); bw/triad is loom's bandwidth over the STREAM
triad's, measured in the same program. The plot goes to docs/performance.png.
"""
import argparse
import datetime
import json
import math
import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROGRAMS = ["fused", "broadcast", "transpose", "math", "small", "workloads", "reductions", "complex", "select",
            "sort", "matmul", "einsum", "stats", "quantile", "special", "random", "programs"]
# --quick runs these (scripts/demo.sh builds only them): element-wise, broadcasting, programs as users write
# them, sorting and a matrix product, the quickest of the programs to compile.
QUICK_PROGRAMS = ["fused", "broadcast", "workloads", "sort", "matmul"]
OTHERS = ["hand", "restructured", "std", "xtensor", "eigen", "numpy"]
UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}

# The targets of issue 4, as (column, minimum). bw/triad targets apply to the
# memory-bound out-of-cache cases (the math cases, COMPUTE, are compute-bound and have none).
GOALS = {
    "fused_f64": [("hand", 0.95)], "fused_f32": [("hand", 0.95)],
    "row_f64": [("hand", 0.90)], "row_f32": [("hand", 0.90)],
    "column": [("hand", 0.90), ("xtensor", 5.0)],
    "outer": [("hand", 0.90), ("xtensor", 5.0)],
    "bcast4d": [("hand", 0.80)],
    "transpose": [],
    "exp_sin": [],
    # bench/math.cpp, issue 49: a user-defined sigmoid (vectorize) in batches, the same with operators, and
    # element by element, each against the loop calling std::exp on each element
    "sigmoid": [("hand", 1.0)], "sigmoid_ops": [("hand", 1.0)], "sigmoid_elements": [("hand", 0.90)],
    "small_inplace": [("hand", 0.25), ("xtensor", 3.0)],
    "small_tensor": [],
    "small_fixed": [("hand", 1 / 1.2)],
    "small_new": [],
    # bench/workloads.cpp, issue 32: programs as users write them, each against its hand loop
    "jacobi": [("hand", 0.90)], "rgb_gray": [("hand", 0.90)], "u8_norm": [("hand", 0.90)],
    "f32_f64": [("hand", 0.90)], "i32_shift": [("hand", 0.90)], "leaky_relu": [("hand", 0.90)],
    "mask": [("hand", 0.90)], "black_scholes": [("hand", 0.90)],
    # bench/reductions.cpp, issue 33: single reductions against the expert's loop, the axis
    # reductions also against xtensor; the composed programs against their hand loops
    "sum": [("hand", 0.90)], "dot": [("hand", 0.90)],
    "row_sum": [("hand", 0.90), ("xtensor", 5.0)], "col_sum": [("hand", 0.90), ("xtensor", 5.0)],
    "row_max": [("hand", 0.90), ("xtensor", 5.0)],
    "softmax": [("hand", 0.80)], "normalise": [("hand", 0.80)], "distances": [("hand", 0.80)],
    # bench/complex.cpp, issue 35: 1M complex<double> against a hand loop over std::complex
    "complex_fma": [("hand", 1.0)], "complex_abs": [("hand", 1.0)],
    # bench/select.cpp, issue 36: concat against memcpy-based code; take and mask against their plain loops
    "concat0": [("hand", 0.90)], "concat1": [("hand", 0.90)], "take_rows": [], "mask_select": [],
    # bench/sort.cpp, issue 36: 1M doubles into a new array against std::sort (and std::stable_sort) of a
    # new copy, and NumPy's np.sort
    "sort": [("hand", 0.90), ("numpy", 1.0)], "stable_sort": [("hand", 0.90), ("numpy", 1.0)],
    # bench/matmul.cpp, issue 37: loom::matmul against OpenBLAS called directly (hand, blas builds), loom's own
    # kernel against Eigen from 512 on (goals_for), the batch against Eigen's loop over it, a matrix times a
    # vector against a loop of dot products and Eigen
    "matmul_f64": [("hand", 0.90)], "gemm_kernel_f64": [], "matmul_batch": [("eigen", 1.0)],
    "matvec_f64": [("hand", 1.0), ("eigen", 0.9)],
    # bench/einsum.cpp, issue 49: einsum against loom::matmul (the batch) and plain loops, and np.einsum
    "einsum_batch": [("hand", 0.90), ("numpy", 1.0)], "einsum_trace": [("hand", 0.90), ("numpy", 1.0)],
    "einsum_inner": [("numpy", 1.0)], "einsum_matvec": [("numpy", 1.0)], "einsum_outer": [("numpy", 1.0)],
    # bench/stats.cpp, issue 49: 1M elements binned and interpolated, against hand loops (the bin by a multiplication,
    # a count per value, std::upper_bound per point) and NumPy
    "histogram": [("hand", 0.90), ("numpy", 2.0)], "bincount": [("hand", 0.90), ("numpy", 2.0)],
    "interp": [("hand", 0.90), ("numpy", 2.0)], "interp_sorted": [("hand", 0.90), ("numpy", 2.0)],
    "digitize": [("hand", 0.90), ("numpy", 2.0)],
    # bench/quantile.cpp: quantile (q = 0.3) and median of 1M doubles and of each row of (1000, 1000), against
    # std::nth_element on a copy of each lane, and NumPy
    "quantile": [("hand", 0.90), ("numpy", 1.0)], "median": [("hand", 0.90), ("numpy", 1.0)],
    "quantile_rows": [("hand", 0.90), ("numpy", 1.0)], "median_rows": [("hand", 0.90), ("numpy", 1.0)],
    # bench/special.cpp: the special functions on 4096 elements against the loop over the C library
    **{f"{f}_{t}": [("hand", 2.0)] for f in ("exp2", "erf", "erfc", "lgamma", "tgamma", "expit", "logit", "sinc")
       for t in ("f64", "f32")},
    # bench/random.cpp, issue 50: 10M (and 1M) draws of default_rng(42), NumPy's streams, one thread, against NumPy's
    # Generator and against std::mt19937_64 with the standard distributions (std); the hand loop (pcg64's
    # next_double into a preallocated buffer, random only) is shown without a goal
    **{c: [("numpy", 2.0), ("std", 1.0)] for c in ("random_f64", "random_f32", "random_normal_f64",
                                                   "random_normal_f32", "random_integers_i64")},
    # bench/programs.cpp: NumPy programs ported statement by statement, against the same statements as hand loops
    # and against NumPy
    "jacobi_steps": [("hand", 0.90), ("numpy", 1.0)], "heat3d": [("hand", 0.90), ("numpy", 1.0)],
    "thomas": [("hand", 0.90), ("numpy", 1.0)], "cavity": [("hand", 0.90), ("numpy", 1.0)],
    "nbody": [("hand", 0.90), ("numpy", 1.0)], "azimuthal": [("hand", 0.90), ("numpy", 1.0)],
    "matvec_chain": [("hand", 0.90), ("numpy", 1.0)], "mlp": [("hand", 0.90), ("numpy", 1.0)],
}
WORKLOADS = ("jacobi", "rgb_gray", "u8_norm", "f32_f64", "i32_shift", "leaky_relu", "mask", "black_scholes")
SMALL = ("small_inplace", "small_tensor", "small_fixed", "small_new")
REDUCTIONS = ("sum", "dot", "row_sum", "col_sum", "row_max", "softmax", "normalise", "distances")
COMPLEX = ("complex_fma", "complex_abs")
SELECT = ("concat0", "concat1", "take_rows", "mask_select")
MATMUL = ("matmul_f64", "gemm_kernel_f64", "matmul_batch", "matvec_f64")
EINSUM = ("einsum_batch", "einsum_trace", "einsum_inner", "einsum_matvec", "einsum_outer")
STATS = ("histogram", "bincount", "interp", "interp_sorted", "digitize",
         "quantile", "median", "quantile_rows", "median_rows")
SPECIAL = tuple(f"{f}_{t}" for f in ("exp2", "erf", "erfc", "lgamma", "tgamma", "expit", "logit", "sinc")
                for t in ("f64", "f32"))
RANDOM = ("random_f64", "random_f32", "random_normal_f64", "random_normal_f32", "random_integers_i64")
COMPUTE = ("exp_sin", "sigmoid", "sigmoid_ops", "sigmoid_elements")  # bound by computing: no bandwidth goal
# Programs run in several processes (--processes: 5, quick 3), each result the
# median over them: a 4x4 assignment takes 1 to 20 ns, and where ASLR puts the
# stack and the heap moves one process's times by up to 2x (the hand loop and
# Eigen as much as loom).
MULTI_PROCESS = ("small",)


def loom_version():
    """The version of the measured headers (meson.build's), for the page: commit hashes stay in git."""
    m = re.search(r"version\s*:\s*'([^']+)'", (ROOT / "meson.build").read_text(encoding="utf-8"))
    return m.group(1) if m else "?"


def overhead(row):
    """loom's time over the hand loop's in one row (seconds), or None."""
    if "loom" in row and "hand" in row:
        return row["loom"]["seconds"] - row["hand"]["seconds"]
    return None


def goals_for(case, size):
    goals = list(GOALS.get(case, []))
    if case == "transpose":
        goals = [("hand", 3.0)] if size == "memory" else []
    if case in EINSUM + STATS + SPECIAL + RANDOM:  # neither xtensor nor Eigen has these
        pass
    elif case in MATMUL:  # Eigen's product is the reference of issue 37: 0.8 of it from 512 on
        if case == "gemm_kernel_f64" and size.isdigit() and int(size) >= 512:
            goals.append(("eigen", 0.80))
    else:  # every case xtensor or Eigen can express (the small ones included)
        goals += [("xtensor", 1.0), ("eigen", 1.0)]
    if size == "memory" and case not in COMPUTE + WORKLOADS + REDUCTIONS + COMPLEX + SELECT + MATMUL:
        goals.append(("bw/triad", 0.90))
    # one goal per column: the strictest
    best = {}
    for col, v in goals:
        best[col] = max(v, best.get(col, 0.0))
    return best


def pin(cpu):
    if cpu in (None, "", "none") or not shutil.which("taskset"):
        return []
    return ["taskset", "-c", str(cpu)]


def run_program(path, args, cpu):
    cmd = pin(cpu) + [str(path), "--benchmark_format=json",
                      f"--benchmark_repetitions={args.repetitions}",
                      "--benchmark_report_aggregates_only=true",
                      "--benchmark_enable_random_interleaving=true",
                      f"--benchmark_min_time={args.min_time}"]
    if args.filter:
        cmd.append(f"--benchmark_filter={args.filter}")
    print("running", " ".join(cmd[len(pin(cpu)):]), file=sys.stderr, end=" ", flush=True)
    start = time.monotonic()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    print(f"({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)
    data = json.loads(out)
    results, errors = {}, {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "error")
            continue
        if b.get("run_type") != "aggregate":
            continue
        if b.get("aggregate_name") == "median":
            results.setdefault(name, {}).update({"seconds": b["cpu_time"] * UNIT[b.get("time_unit", "ns")],
                                                 "bytes_per_second": b.get("bytes_per_second")})
        elif b.get("aggregate_name") == "cv":
            results.setdefault(name, {})["cv"] = b["cpu_time"]  # a fraction: stddev / mean
    return {k: v for k, v in results.items() if "seconds" in v}, errors, data.get("context", {})


def run_numpy(args, cpu):
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "numpy.json"
        cmd = pin(cpu) + ["/usr/bin/python3", str(ROOT / "bench" / "numpy_cases.py"), "--json", str(out),
                          f"--repetitions={args.repetitions}", f"--min-time={args.min_time}"]
        if "programs" not in args.programs:  # (the quick summary) their NumPy versions take seconds
            cmd.append("--skip-programs")
        print("running bench/numpy_cases.py", file=sys.stderr, end=" ", flush=True)
        start = time.monotonic()
        subprocess.run(cmd, check=True, env=env, stderr=subprocess.DEVNULL)
        print(f"({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)
        data = json.loads(out.read_text())
    return {b["name"]: {"seconds": b["seconds"]} for b in data["benchmarks"]}, data.get("numpy", "?")


def run_processes(path, args, cpu, times):
    """run_program `times` times in fresh processes; each benchmark's time and bandwidth are the
    medians over the processes and its cv the spread of the processes' medians."""
    if times <= 1:
        return run_program(path, args, cpu)
    runs = [run_program(path, args, cpu) for _ in range(times)]
    results, errors = {}, {}
    for _, errs, _ in runs:
        errors.update(errs)
    for name in set().union(*(r for r, _, _ in runs)):
        per = [r[name] for r, _, _ in runs if name in r]
        secs = [p["seconds"] for p in per]
        mean = sum(secs) / len(secs)
        cv = math.sqrt(sum((x - mean) ** 2 for x in secs) / len(secs)) / mean if mean else 0.0
        bws = [p["bytes_per_second"] for p in per if p.get("bytes_per_second")]
        results[name] = {"seconds": median(secs), "bytes_per_second": median(bws) if bws else None, "cv": cv}
    return results, errors, runs[-1][2]


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def split(name):
    case, impl, size = name.split("/")
    return case, impl, size


def collect(args):
    bench_dir = pathlib.Path(args.build) / "bench"
    rows, errors, context = {}, {}, {}
    order = []
    for prog in args.programs:
        path = bench_dir / f"bench_{prog}"
        if not path.exists():
            sys.exit(f"bench_summary: {path} is missing; build with -Dbenchmarks=enabled first")
        results, errs, context = run_processes(path, args, args.cpu, args.processes if prog in MULTI_PROCESS else 1)
        errors.update(errs)
        triad = results.get("triad/hand/memory")
        for name, r in results.items():
            case, impl, size = split(name)
            if case == "triad":
                continue
            key = (case, size)
            if key not in rows:
                rows[key] = {"program": prog}
                order.append(key)
            rows[key][impl] = r
            if triad and size == "memory":
                rows[key]["triad"] = triad
        for name in errs:
            case, impl, size = split(name)
            if (case, size) not in rows and case != "triad":
                rows[(case, size)] = {"program": prog}
                order.append((case, size))
    numpy_version = None
    if not args.no_numpy:
        numpy, numpy_version = run_numpy(args, args.cpu)
        for name, r in numpy.items():
            case, impl, size = split(name)
            if (case, size) in rows:
                rows[(case, size)]["numpy"] = r
    # the programs report in random order (random interleaving): sort by the order of the cases above
    rank = {c: i for i, c in enumerate(GOALS)}
    sizes = {"cache": 0, "memory": 1}
    order.sort(key=lambda k: (rank.get(k[0], len(rank)), k[0], sizes.get(k[1], 2),
                              int(k[1]) if k[1].isdigit() else 0, k[1]))  # 64 before 256
    return [(k, rows[k]) for k in order], errors, context, numpy_version


def ratios(row):
    """{column: value} for one (case, size) row; missing entries are absent."""
    out = {}
    loom = row.get("loom")
    if not loom:
        return out
    for impl in OTHERS:
        if impl in row:
            out[impl] = row[impl]["seconds"] / loom["seconds"]
    if "triad" in row and loom.get("bytes_per_second") and row["triad"].get("bytes_per_second"):
        out["bw/triad"] = loom["bytes_per_second"] / row["triad"]["bytes_per_second"]
    return out


def noisy_runs(rows, limit=0.10):
    out, seen = [], set()
    for (case, size), row in rows:
        for impl in ["loom", "hand", "restructured", "std", "xtensor", "eigen", "triad"]:
            cv = row.get(impl, {}).get("cv")
            name = f"triad/hand/memory (bench_{row['program']})" if impl == "triad" else f"{case}/{impl}/{size}"
            if cv is not None and cv > limit and name not in seen:
                seen.add(name)
                out.append(f"{name} {cv:.0%}")
    return out


def fmt_time(s):
    for unit, f in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if s >= f:
            return f"{s / f:.3g} {unit}"
    return f"{s / 1e-9:.3g} ns"


# std: the standard library's engine and distributions (bench/random.cpp)
COLUMNS = ["hand", "restructured", "std", "xtensor", "eigen", "numpy", "bw/triad"]
# restructured (bench/programs.cpp: the hand loops interchanged and fused) is in the table, not in the plot
PLOT_COLUMNS = [c for c in COLUMNS if c != "restructured"]
HEADER = ["case", "size", "loom time"] + [
    "hand/loom", "restructured/loom", "std/loom", "xtensor/loom", "eigen/loom", "numpy/loom", "loom bw/triad", "goals"]


def table(rows, errors):
    lines = []
    met = total = spread_misses = 0
    array_overhead = next((overhead(row) for (case, _), row in rows if case == "small_inplace"), None)
    for (case, size), row in rows:
        r = ratios(row)
        goals = goals_for(case, size)
        cells = [case, size, fmt_time(row["loom"]["seconds"]) if "loom" in row else "ERROR"]
        for col in COLUMNS:
            v = r.get(col)
            if v is None:
                failed = [n for n in errors if n.startswith(f"{case}/") and n.endswith(f"/{size}")]
                cells.append("ERROR" if failed and col in ("hand", "std", "xtensor", "eigen") else "-")
                continue
            mark = ""
            if col in goals:
                total += 1
                ok = v >= goals[col]
                met += ok
                mark = "" if ok else " *"
            cells.append(f"{v:.2f}{mark}")
        missed = [f"{c}>={g:.3g}" + (" ~" if within_spread(row, c, r[c], g) else "")
                  for c, g in goals.items() if c in r and r[c] < g]
        spread_misses += sum(m.endswith(" ~") for m in missed)
        note = ""
        if case == "small_tensor" and array_overhead and overhead(row) is not None:
            # issue 7: tensor<double, 2>'s fixed cost over the hand loop at most half of array<double>'s.
            # An overhead below 0 (faster than the hand loop: noise of a ~2 ns loop) counts as none:
            # no overhead is at most half of any, and a negative one is not "half" of a more negative one.
            ov = overhead(row)
            total += 1
            ok = max(ov, 0.0) <= 0.5 * max(array_overhead, 0.0)
            met += ok
            note = f"overhead {fmt_time(ov)} vs array {fmt_time(array_overhead)}"  # < 0: faster than the hand loop
            if not ok:
                missed.append("overhead<=array/2")
            goals = goals or {"overhead": 0.5}
        cells.append(("ok" if goals and not missed else ("miss " + " ".join(missed) if missed else "")) +
                     (f" ({note})" if note else ""))
        lines.append(cells)
    return lines, met, total, spread_misses


def within_spread(row, col, value, goal):
    """Whether a missed goal misses by less than the spread of the two runs it compares: the
    shortfall (goal - value) / goal below sqrt(cv_loom^2 + cv_other^2), the coefficients of
    variation of their repetitions. False when either has no cv (NumPy's script gives none)."""
    other = "triad" if col == "bw/triad" else col
    cvs = [row.get(impl, {}).get("cv") for impl in ("loom", other)]
    if any(cv is None for cv in cvs):
        return False
    return (goal - value) / goal < math.sqrt(cvs[0] ** 2 + cvs[1] ** 2)


SPREAD_NOTE = ("~ after a missed goal: it misses by less than the spread of the two runs compared "
               "(shortfall below the root sum of squares of their coefficients of variation)")


def print_table(lines, met, total, spread):
    widths = [max(len(HEADER[i]), *(len(l[i]) for l in lines)) for i in range(len(HEADER))]
    print("time ratios are other/loom (> 1: loom faster); bw/triad is loom bandwidth / STREAM triad "
          "bandwidth; * marks a missed goal (issues 4, 7 and 32); " + SPREAD_NOTE)
    print("  ".join(h.ljust(w) for h, w in zip(HEADER, widths)))
    print("  ".join("-" * w for w in widths))
    for l in lines:
        print("  ".join(c.ljust(w) for c, w in zip(l, widths)))
    print(f"goals met (issues 4, 7 and 32): {met} of {total}; of the {total - met} missed, {spread} by less "
          "than the spread of the runs compared (~)")


def markdown_table(lines, met, total, spread):
    out = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for l in lines:
        out.append("| " + " | ".join(l) + " |")
    out.append("")
    out.append(f"The project's goals met in this run: **{met} of {total}** (`*` marks a missed goal). "
               f"Of the {total - met} missed, {spread} miss by less than the spread of the two runs "
               "they compare (`~`: the shortfall is below the root sum of squares of the two "
               "coefficients of variation).")
    return "\n".join(out)


def plot(rows, path, info):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    labels, data = [], {c: [] for c in PLOT_COLUMNS}
    for (case, size), row in rows:
        r = ratios(row)
        if not r:
            continue
        labels.append(f"{case} {size}")
        for c in PLOT_COLUMNS:
            data[c].append(r.get(c, math.nan))
    n = len(labels)
    fig, ax = plt.subplots(figsize=(9, 0.55 * n + 2.0))
    h = 0.8 / len(PLOT_COLUMNS)
    colors = {"hand": "#4c72b0", "std": "#937860", "xtensor": "#dd8452", "eigen": "#55a868", "numpy": "#c44e52",
              "bw/triad": "#8172b2"}
    names = {"hand": "hand loop / loom", "std": "std:: / loom", "xtensor": "xtensor / loom", "eigen": "Eigen / loom",
             "numpy": "NumPy / loom", "bw/triad": "loom bandwidth / triad"}
    for k, c in enumerate(PLOT_COLUMNS):
        ys = [i + (k - (len(PLOT_COLUMNS) - 1) / 2) * h for i in range(n)]
        ax.barh(ys, data[c], height=h, color=colors[c], label=names[c])
    ax.set_xscale("log")
    plain = matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}")
    ax.xaxis.set_major_formatter(plain)
    ax.xaxis.set_minor_formatter(matplotlib.ticker.FuncFormatter(  # 2 and 5 of each decade
        lambda v, _: f"{v:g}" if f"{v:g}".lstrip("0.")[:1] in ("2", "5") else ""))
    ax.tick_params(axis="x", which="minor", labelsize=7)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(range(n))
    ax.set_yticklabels(labels)
    ax.invert_yaxis()
    ax.set_xlabel("ratio (time ratios: other / loom, > 1 means loom is faster)")
    ax.set_title("loom against a hand loop, the standard library, xtensor, Eigen, NumPy and the STREAM triad "
                 "(medians)\n"
                 f"{info['cpu']}, {info['cores']} cores; {info['compiler']}, {info['flags']}; {info['date']}",
                 fontsize=9)
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.legend(*ax.get_legend_handles_labels(), loc="lower center", ncol=3, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def machine(args, context, numpy_version):
    model = cores = "?"
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        m = re.search(r"Model name:\s*(.+)", lscpu)
        model = m.group(1).strip() if m else model
        m = re.search(r"^CPU\(s\):\s*(\d+)", lscpu, re.M)
        cores = m.group(1) if m else cores
    except OSError:
        pass
    compiler = "?"
    log = pathlib.Path(args.build) / "meson-logs" / "meson-log.txt"
    if log.exists():
        m = re.search(r"C\+\+ compiler for the host machine: \S+ \((\S+) ([^ )]+)", log.read_text(errors="replace"))
        compiler = f"{m.group(1)} {m.group(2)}" if m else compiler
    native = "?"
    opts = pathlib.Path(args.build) / "meson-info" / "intro-buildoptions.json"
    if opts.exists():
        for o in json.loads(opts.read_text()):
            if o.get("name") == "native":
                native = "-O3 -march=native" if o.get("value") else "-O3 (no -march=native)"
    caches = ", ".join(f"L{c['level']} {c['size'] // 1024} KiB" + (" (data)" if c["type"] == "Data" else "")
                       for c in context.get("caches", []) if c["type"] != "Instruction")
    revision = "?"
    try:
        git = ["git", "-C", str(ROOT)]
        revision = subprocess.run(git + ["rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                  check=True).stdout.strip()
        dirty = subprocess.run(git + ["status", "--porcelain", "--", "include", "bench"], capture_output=True,
                               text=True).stdout.strip()
        if dirty:
            revision += " with uncommitted changes in include/ or bench/"
    except (OSError, subprocess.CalledProcessError):
        pass
    return {"revision": revision, "cpu": model, "cores": cores, "caches": caches, "compiler": compiler, "flags": native,
            "kernel": platform.release(), "numpy": numpy_version or "not run",
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def update_doc(path, text):
    doc = pathlib.Path(path)
    src = doc.read_text()
    begin, end = "<!-- results:begin -->", "<!-- results:end -->"
    if begin not in src or end not in src:
        sys.exit(f"bench_summary: {path} has no {begin} ... {end} section")
    head, rest = src.split(begin, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(head + begin + "\n" + text + "\n" + end + tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=str(ROOT / "build"), help="meson build directory (default: build)")
    ap.add_argument("--quick", action="store_true", help="3 short repetitions: about a minute in all")
    ap.add_argument("--repetitions", type=int, help="repetitions per benchmark (default 7, quick 3)")
    ap.add_argument("--min-time", type=float, help="seconds per repetition (default 0.1, quick 0.02)")
    ap.add_argument("--cpu", default=os.environ.get("LOOM_BENCH_CPU", "1"),
                    help="core to pin to with taskset, or 'none' (default: $LOOM_BENCH_CPU or 1)")
    ap.add_argument("--programs", nargs="+", choices=PROGRAMS,
                    help="the programs to run (default: all of them; with --quick, " + " ".join(QUICK_PROGRAMS) + ")")
    ap.add_argument("--list-programs", action="store_true",
                    help="print the build targets of the programs this run would use, and stop")
    ap.add_argument("--filter", help="--benchmark_filter regex passed to every program")
    ap.add_argument("--processes", type=int,
                    help="processes for bench_small, the median over them (default 5, quick 3)")
    ap.add_argument("--no-numpy", action="store_true", help="skip bench/numpy_cases.py")
    ap.add_argument("--plot", default=str(ROOT / "docs" / "performance.png"), help="PNG to write ('' for none)")
    ap.add_argument("--doc", help="Markdown file whose results section is replaced by this run's")
    ap.add_argument("--save-json", help="write the medians of this run here")
    args = ap.parse_args()
    args.programs = args.programs or (QUICK_PROGRAMS if args.quick else PROGRAMS)
    if args.list_programs:
        print(" ".join(f"bench/bench_{p}" for p in args.programs))
        return 0
    args.repetitions = args.repetitions or (3 if args.quick else 7)
    args.min_time = args.min_time or (0.02 if args.quick else 0.1)
    args.processes = args.processes or (3 if args.quick else 5)

    rows, errors, context, numpy_version = collect(args)
    lines, met, total, spread = table(rows, errors)
    print()
    print_table(lines, met, total, spread)
    for name, msg in errors.items():
        print(f"ERROR {name}: {msg}")
    noisy = noisy_runs(rows)
    if noisy:
        print("noisy (coefficient of variation over the repetitions > 10%): " + ", ".join(noisy))
    info = machine(args, context, numpy_version)
    print(f"\nmachine: {info['cpu']}, {info['cores']} cores; {info['compiler']}; NumPy {info['numpy']}; "
          f"{args.repetitions} repetitions of >= {args.min_time} s, pinned to cpu {args.cpu}")
    if args.plot:
        plot(rows, args.plot, info)
        print(f"plot: {args.plot}")
    if args.save_json:
        pathlib.Path(args.save_json).write_text(json.dumps(
            {"machine": info, "rows": [{"case": c, "size": s, **row} for (c, s), row in rows],
             "errors": errors}, indent=1))
    if args.doc:
        mode = "quick" if args.quick else "full"
        text = "\n".join([
            f"Measured {info['date']} ({mode} mode: {args.repetitions} repetitions of at least "
            f"{args.min_time} s, medians of CPU time, pinned to cpu {args.cpu}; `bench_small` in "
            f"{args.processes} processes, the median over them).",
            "",
            f"- loom: version {loom_version()}" + (" with uncommitted changes" if "uncommitted" in info['revision'] else ""),
            f"- CPU: {info['cpu']}, {info['cores']} cores ({info['caches']})",
            f"- compiler: {info['compiler']}, `{info['flags']}`; Linux {info['kernel']}; NumPy {info['numpy']}",
            "",
            markdown_table(lines, met, total, spread),
        ])
        if errors:
            text += "\n\n" + "\n".join(f"- ERROR `{n}`: {m}" for n, m in errors.items())
        noisy = noisy_runs(rows)
        text += ("\n\nRuns whose repetitions varied by more than 10% (coefficient of variation; for "
                 "`bench_small`, of the processes' medians): ") + (
            ", ".join(f"`{n}`" for n in noisy) if noisy else "none") + "."
        update_doc(args.doc, text)
        print(f"updated {args.doc}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
