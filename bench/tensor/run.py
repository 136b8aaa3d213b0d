#!/usr/bin/env python3
"""Kiln's tensor benchmark runner: Kiln vs PyTorch eager vs NumPy, side by side.

Each benchmark script beside this file (overhead.py, elementwise.py,
matmul.py) runs unchanged under Kiln's `vmrun --tier=0` (eager: the tracer
off, so it compares like with like) and under CPython with
PyTorch; its `<name>_np.py` twin runs the same cases on NumPy. The scripts
time themselves (time.perf_counter around a loop, after a warm-up, so
start-up and `import torch` do not count) and print one line per case:

    CASE <name> <median s/op> <min s/op> <ops per timed loop>
    SKIP <name> -- <reason>
    INFO <key> <value>

The runner starts each script `--runs` times under each engine, interleaved
(kiln, torch, numpy, then torch, numpy, kiln, ...) so that a burst of load on
the shared machine lands on all three, takes for every case the median of the
per-process medians, and prints a Markdown table with the ratios
PyTorch/Kiln and NumPy/Kiln (above 1.00x Kiln is faster) and the issue's
targets:

  * per-op overhead (`overhead/...`): Kiln at least 5x lower than PyTorch;
  * large elementwise ops, reductions and matmul: Kiln within 1.2x of PyTorch
    (PyTorch/Kiln >= 0.83x);
  * a training step of an MLP 784-256-10 (train.py, issue 4): within 1.2x of
    PyTorch at batch 64, at least 3x faster at batch 1.

Only the standard library is used.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = ["overhead", "elementwise", "matmul", "train"]
ENGINES = ["kiln", "torch", "numpy"]

TARGET_OVERHEAD = 5.0     # PyTorch time / Kiln time at least this
TARGET_LARGE = 1 / 1.2    # Kiln at most 1.2x PyTorch's time
TARGET_TRAIN_SMALL = 3.0  # a training step at batch 1: Kiln at least 3x faster (issue 4)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def parse(out):
    cases, skips, info = {}, {}, {}
    for line in out.splitlines():
        if line.startswith("CASE "):
            m = re.match(r"CASE (.+) (\S+) (\S+) (\S+)$", line)
            cases[m.group(1)] = (float(m.group(2)), float(m.group(3)))
        elif line.startswith("SKIP "):
            name, _, reason = line[5:].partition(" -- ")
            skips[name] = reason
        elif line.startswith("INFO "):
            _, key, val = line.split(" ", 2)
            info[key] = val
    return cases, skips, info


def out_names(out):
    names = []
    for line in out.splitlines():
        if line.startswith("CASE "):
            names.append(re.match(r"CASE (.+) (\S+) (\S+) (\S+)$", line).group(1))
        elif line.startswith("SKIP "):
            names.append(line[5:].partition(" -- ")[0])
    return names


def run_one(cmd, timeout, env=None):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=HERE, capture_output=True, text=True, timeout=timeout, env=env)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}")
    return p.stdout, wall


def target_for(case):
    if case.startswith("train/") and case.endswith("batch 1"):
        return TARGET_TRAIN_SMALL
    return TARGET_OVERHEAD if case.startswith("overhead/") else TARGET_LARGE


def fmt_time(s):
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.2f} µs"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.3f} s"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Time Kiln's torch against PyTorch and NumPy on bench/tensor/*.py.")
    ap.add_argument("--vmrun", required=True, help="path to the vmrun executable")
    ap.add_argument("--python", default="/usr/bin/python3", help="CPython with torch 1.13 and numpy (default /usr/bin/python3)")
    ap.add_argument("--runs", type=int, default=3, help="processes per engine per script (default 3)")
    ap.add_argument("--quick", action="store_true", help="a tenth of the iterations, 3 repeats (a fast look)")
    ap.add_argument("--filter", metavar="REGEX", help="only scripts whose name matches (re.search)")
    ap.add_argument("--no-numpy", action="store_true", help="skip the NumPy column")
    ap.add_argument("--json", metavar="FILE", help="write every per-process result as JSON")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds before one process counts as hung")
    ap.add_argument("--strict", action="store_true", help="exit 2 when a target is missed")
    ap.add_argument("--torch-threads", type=int, metavar="N",
                    help="run PyTorch and NumPy with OMP_NUM_THREADS=N (and OPENBLAS_NUM_THREADS=N); Debian's "
                         "PyTorch 1.13 otherwise runs its ATen ops on 1 thread while Kiln uses every core through TBB")
    args = ap.parse_args(argv)

    vmrun = os.path.abspath(args.vmrun)
    extra = ["quick"] if args.quick else []
    scripts = [s for s in SCRIPTS if not args.filter or re.search(args.filter, s)]
    engines = [e for e in ENGINES if not (args.no_numpy and e == "numpy")]

    # results[case][engine] = list of (median, min) per process
    results, skipped, info, raw = {}, {}, {}, []
    order_by = {e: [] for e in ENGINES}  # case order as each engine printed them
    for script in scripts:
        cmds = {
            "kiln": [vmrun, "--tier=0", script + ".py"] + extra,  # eager (the tracer off), as PyTorch eager
            "torch": [args.python, script + ".py"] + extra,
            "numpy": [args.python, script + "_np.py"] + extra,
        }
        for r in range(args.runs):
            rot = engines[r % len(engines):] + engines[:r % len(engines)]
            for eng in rot:
                if eng == "numpy" and not os.path.exists(os.path.join(HERE, script + "_np.py")):
                    continue
                log(f"[{script}] run {r + 1}/{args.runs}: {eng}")
                env = None
                if args.torch_threads and eng != "kiln":
                    env = dict(os.environ, OMP_NUM_THREADS=str(args.torch_threads),
                               OPENBLAS_NUM_THREADS=str(args.torch_threads))
                out, wall = run_one(cmds[eng], args.timeout, env)
                cases, skips, inf = parse(out)
                raw.append({"script": script, "engine": eng, "run": r, "wall": wall, "stdout": out})
                for k, v in inf.items():
                    info[f"{eng}.{k}"] = v
                for name, reason in skips.items():
                    skipped.setdefault(name, {})[eng] = reason
                for name in out_names(out):
                    if name not in order_by[eng]:
                        order_by[eng].append(name)
                for name, t in cases.items():
                    results.setdefault(name, {}).setdefault(eng, []).append(t)

    # Rows in the order PyTorch printed them (every case runs there), then any others.
    order = []
    for eng in ["torch", "kiln", "numpy"]:
        order += [n for n in order_by[eng] if n not in order]

    def med(name, eng):
        xs = results.get(name, {}).get(eng)
        return statistics.median(x[0] for x in xs) if xs else None

    rows = []
    missed = []
    header = "| case | Kiln | PyTorch | " + ("NumPy | " if "numpy" in engines else "") + \
             "PyTorch/Kiln | " + ("NumPy/Kiln | " if "numpy" in engines else "") + "target | met |"
    sep = "|---|" + "---:|" * (len(header.split("|")) - 3)
    rows.append(header)
    rows.append(sep)
    for name in order:
        k, t, n = med(name, "kiln"), med(name, "torch"), med(name, "numpy")
        tr = (t / k) if (k and t) else None
        nr = (n / k) if (k and n) else None
        target = target_for(name)
        extra_case = "a.t()" in name or name.startswith("overhead/x+x")
        if extra_case:
            tgt, met = "(extra)", ""
        elif tr is None:
            tgt, met = (f"≥ {target:.2f}x" if target > 1 else "≥ 0.83x"), "not run"
            missed.append(name)
        else:
            ok = tr >= target
            tgt, met = (f"≥ {target:.0f}x" if target > 1 else "≥ 0.83x (1.2x)"), ("yes" if ok else "**no**")
            if not ok:
                missed.append(name)
        cells = [name, fmt_time(k) if k else ("skipped" if "kiln" in skipped.get(name, {}) else "—"), fmt_time(t)]
        if "numpy" in engines:
            cells.append(fmt_time(n))
        cells.append(f"{tr:.2f}x" if tr else "—")
        if "numpy" in engines:
            cells.append(f"{nr:.2f}x" if nr else "—")
        cells += [tgt, met]
        rows.append("| " + " | ".join(cells) + " |")

    print(f"Kiln `{args.vmrun}` vs `{args.python}` (torch, numpy); medians of {args.runs} processes per engine, "
          f"each the median of its own timed loops{' (quick)' if args.quick else ''}.")
    if "torch.torch_threads" in info:
        print(f"PyTorch intra-op threads: {info['torch.torch_threads']}.")
    print()
    print("\n".join(rows))
    print()
    print("Ratios are other/Kiln times: above 1.00x Kiln is faster. Targets: overhead ≥ 5x; "
          "elementwise, reductions, matmul, training at batch 64 ≥ 0.83x (Kiln within 1.2x of PyTorch); "
          "training at batch 1 ≥ 3x.")
    if skipped:
        for name, by in skipped.items():
            for eng, reason in by.items():
                print(f"- skipped under {eng}: {name} ({reason})")
    print(f"Targets missed or not run: {', '.join(missed) if missed else 'none'}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"results": results, "skipped": skipped, "info": info, "raw": raw}, f, indent=1)
    return 2 if (args.strict and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
