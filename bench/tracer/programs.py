#!/usr/bin/env python3
"""bench/tracer/programs.py — whole torch programs, the interpreter against the
tracer's defaults, in one run.

Each program of bench/tracer/programs/ (training loops with evaluation under
no_grad, many module instances, data loaders, counters, learning rates that
change every step) runs --runs times with `--tier=0` and with the defaults,
alternating so that drift on a shared machine hits both; the table gives the
median wall times, their ratio (> 1: the tracer is faster), and the graphs,
graph breaks and recompiles `--explain` counts. Both runs must print the same.

    python3 bench/tracer/programs.py --vmrun build/release/vmrun [--runs 5] [--filter gpt]
                                     [--flags "--cache-size-limit=16"] [--cpu] [--stat min]

--cpu compares user+system CPU time instead of wall time (steadier on a
shared machine; every thread's time counts). The runs set
OPENBLAS_NUM_THREADS=1 unless it is set: OpenBLAS's spinning threads on
two cores made wall times of one command vary by 50% between runs.
"""
import argparse
import math
import os
import re
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


def run(vmrun, flags, script, cpu=False):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run([vmrun] + flags + [script], capture_output=True, text=True, cwd=HERE)
    dt = time.perf_counter() - t
    if cpu:
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        dt = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    if p.returncode != 0:
        sys.exit(f"{script} {' '.join(flags)} failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return dt, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vmrun", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--filter", default="")
    ap.add_argument("--flags", default="", help="extra vmrun flags for the traced run")
    ap.add_argument("--cpu", action="store_true", help="compare CPU time (user + system) instead of wall time")
    ap.add_argument("--stat", choices=["median", "min"], default="median",
                    help="median of the runs (default), or the minimum (the undisturbed time on a noisy machine)")
    a = ap.parse_args()
    vmrun = os.path.abspath(a.vmrun)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    extra = a.flags.split()
    scripts = sorted(f for f in os.listdir(HERE) if f.endswith(".py") and re.search(a.filter, f))
    what = "CPU s" if a.cpu else "s"
    print(f"| program | --tier=0 ({what}) | defaults ({what}) | speed-up | graphs | breaks | recompiles |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    ratios = []
    for s in scripts:
        _, out0, _ = run(vmrun, ["--tier=0"], s)
        _, out1, err = run(vmrun, extra + ["--explain"], s)
        if out0 != out1:
            sys.exit(f"{s}: the traced run printed something else than the interpreter")
        m = re.search(r"(\d+) graphs?, (\d+) graph breaks?, (\d+) recompiles?", err)
        graphs, breaks, recompiles = m.groups() if m else ("?", "?", "?")
        t0, t1 = [], []
        for _ in range(a.runs):
            t0.append(run(vmrun, ["--tier=0"], s, a.cpu)[0])
            t1.append(run(vmrun, extra, s, a.cpu)[0])
        pick = min if a.stat == "min" else statistics.median
        m0, m1 = pick(t0), pick(t1)
        ratios.append(m0 / m1)
        print(f"| {s[:-3]} | {m0:.3f} | {m1:.3f} | {m0 / m1:.2f}x | {graphs} | {breaks} | {recompiles} |", flush=True)
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"| geometric mean | | | {geo:.2f}x | | | |")


if __name__ == "__main__":
    main()
