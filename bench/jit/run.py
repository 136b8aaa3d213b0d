#!/usr/bin/env python3
"""Tier 1 against Kiln eager and PyTorch eager, side by side (issue 6).

Runs bench/jit/chain.py `--runs` times under each engine, interleaved
(Kiln eager, Kiln tier 1, tier 1 with fast math, PyTorch; then again) so
that load on the shared machine lands on all of them:

  * kiln-eager: `vmrun --tier=0` (the interpreter and eager kernels);
  * kiln-tier1: `vmrun` (the tracer captures each chain, the tier manager
    compiles it with asmjit after its second call);
  * kiln-fast:  `vmrun --fast-math` (tier 1 with its float32 exp, tanh and
    sigmoid, within 2.5 ulp, instead of eager's bits);
  * pytorch:    CPython with PyTorch 1.13 (`--python`, default /usr/bin/python3).

For every case it takes the median of the per-process medians and prints a
Markdown table with the ratios eager/tier1 and PyTorch/tier1 (above 1.00x
tier 1 is faster; "fast" columns: with --fast-math) and the issue's targets: on the 8-16 op chains at 1M-16M
float32, tier 1 at least 4x faster than Kiln eager and 3x faster than
PyTorch eager; on small20 (20 ops on 64 floats) at least 10x faster than
PyTorch per call.

    python3 bench/jit/run.py --vmrun build/release/vmrun [--runs 5]
    python3 bench/jit/run.py --vmrun build/release/vmrun --script bench/jit/columns.py   # column reductions

Only the standard library is used.
"""

import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run_once(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{out.stderr[-2000:]}")
    cases = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "CASE":
            cases[parts[1]] = float(parts[2])
    return cases


def fmt_time(s):
    if s < 1e-3:
        return f"{s * 1e6:.2f} µs"
    return f"{s * 1e3:.3f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vmrun", required=True)
    ap.add_argument("--python", default="/usr/bin/python3", help="CPython with torch")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--script", default=os.path.join(HERE, "chain.py"), help="the cases (default: chain.py)")
    args = ap.parse_args()
    script = os.path.abspath(args.script)
    vmrun = os.path.abspath(args.vmrun)
    engines = {
        "kiln-eager": [vmrun, "--tier=0", script],
        "kiln-tier1": [vmrun, script],
        "kiln-fast": [vmrun, "--fast-math", script],
        "pytorch": [args.python, script],
    }
    results = {e: {} for e in engines}
    order = list(engines)
    for r in range(args.runs):
        for e in order[r % len(order):] + order[: r % len(order)]:
            for case, t in run_once(engines[e]).items():
                results[e].setdefault(case, []).append(t)
    print(f"`{args.vmrun}` (eager: --tier=0; tier 1: default; fast: --fast-math) vs `{args.python}` (PyTorch eager); "
          f"medians of {args.runs} processes per engine, time per call\n")
    print("| case | Kiln eager | tier 1 | tier 1 fast | PyTorch | eager/tier1 | PyTorch/tier1 | eager/fast | PyTorch/fast "
          "| target | met (tier 1, fast) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    nan = float("nan")
    for case in results["kiln-tier1"]:
        med = {e: statistics.median(results[e][case]) for e in engines if case in results[e]}
        t1, tf = med["kiln-tier1"], med.get("kiln-fast", nan)
        eager, torch_t = med.get("kiln-eager", nan), med.get("pytorch", nan)
        if case.startswith("small20"):
            target = "PyTorch/tier1 >= 10x"
            met = [torch_t / t >= 10 for t in (t1, tf)]
        elif case.split("/")[0] in ("affine12", "gelu12", "silu16"):
            target = "eager/tier1 >= 4x, PyTorch/tier1 >= 3x"
            met = [eager / t >= 4 and torch_t / t >= 3 for t in (t1, tf)]
        else:  # fused reductions, attention, blocks: the issue names no target
            target, met = "(no target)", None
        shown = "—" if met is None else ", ".join("yes" if m else "no" for m in met)
        print(f"| {case} | {fmt_time(eager)} | {fmt_time(t1)} | {fmt_time(tf)} | {fmt_time(torch_t)} | "
              f"{eager / t1:.2f}x | {torch_t / t1:.2f}x | {eager / tf:.2f}x | {torch_t / tf:.2f}x | {target} | {shown} |")


if __name__ == "__main__":
    main()
