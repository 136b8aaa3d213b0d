#!/usr/bin/env python3
"""Kiln's scalar benchmark runner: times `vmrun` against `python3` side by side.

Every `*.py` program beside this file (except this runner and files starting
with `_`) is a benchmark: a plain script in the Python subset Kiln accepts that
takes an optional size argument and prints a short checksum. For each program
the runner

  1. runs both interpreters once, untimed, and checks that vmrun prints exactly
     what python3 prints (a mismatch or a non-zero exit is a failure, reported
     in the table instead of a timing);
  2. times `--runs` runs of each, alternating which interpreter goes first so
     that machine noise is spread over both (or hands the timing to hyperfine
     with `--use-hyperfine`), checking the output of every run again;
  3. reports the median and minimum wall time of each and the ratio
     python3 median / vmrun median (above 1 means Kiln is faster).

It then prints the geometric mean of the ratios and the start-up time of
`vmrun -c pass` and `python3 -c pass`, all as a Markdown table, and writes the
raw times as JSON with `--json FILE`.

Two extra modes serve the test suite:
  --check            run every program once in quick mode under vmrun only and
                     compare with `<name>.expected` (what CTest runs);
  --update-expected  regenerate the `<name>.expected` files with python3.

Only the standard library is used, so any python3 >= 3.8 can run it.
"""

import argparse
import json
import math
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
QUICK_RE = re.compile(r"^#\s*quick-size:\s*(\S+)\s*$", re.MULTILINE)

# The targets, shown beside the results.
TARGET_GEOMEAN = 1.5
TARGET_STARTUP_MS = 10.0


class Program:
    def __init__(self, path):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            m = QUICK_RE.search(f.read())
        # The size the quick mode passes; every program must declare one.
        self.quick_size = m.group(1) if m else None
        self.expected_path = os.path.join(HERE, self.name + ".expected")

    def args(self, quick):
        if quick:
            if self.quick_size is None:
                raise SystemExit(f"{self.path}: no '# quick-size: N' line")
            return [self.path, self.quick_size]
        return [self.path]


def discover(filter_re):
    progs = []
    for fn in sorted(os.listdir(HERE)):
        if not fn.endswith(".py") or fn.startswith("_") or fn == "run.py":
            continue
        p = Program(os.path.join(HERE, fn))
        if filter_re is None or re.search(filter_re, p.name):
            progs.append(p)
    return progs


class RunResult:
    """One process run: wall seconds, child CPU seconds, exit status, output."""

    def __init__(self, wall, cpu, rc, out, err, timed_out=False):
        self.wall = wall
        self.cpu = cpu
        self.rc = rc
        self.out = out
        self.err = err
        self.timed_out = timed_out

    def failure(self, who):
        # A short reason, or None when the run succeeded.
        if self.timed_out:
            return f"{who} timed out"
        if self.rc != 0:
            last = self.err.strip().splitlines()[-1:] or [""]
            return f"{who} exited with {self.rc}: {last[0][:120]}"
        return None


def run_once(cmd, timeout):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        wall = time.perf_counter() - t0
        return RunResult(wall, wall, -9, _text(e.stdout), _text(e.stderr), True)
    except OSError as e:
        return RunResult(0.0, 0.0, 127, "", f"cannot run {cmd[0]}: {e}")
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return RunResult(wall, cpu, p.returncode, _text(p.stdout), _text(p.stderr))


def _text(b):
    if b is None:
        return ""
    return b.decode("utf-8", errors="replace") if isinstance(b, bytes) else b


def first_difference(expected, got):
    exp = expected.splitlines()
    out = got.splitlines()
    for i in range(max(len(exp), len(out))):
        e = exp[i] if i < len(exp) else "<missing>"
        g = out[i] if i < len(out) else "<missing>"
        if e != g:
            return f"line {i + 1}: expected {e[:100]!r}, got {g[:100]!r}"
    return "outputs differ"


class Timing:
    def __init__(self):
        self.wall = []
        self.cpu = []

    def add(self, r):
        self.wall.append(r.wall)
        self.cpu.append(r.cpu)

    def median(self, cpu=False):
        xs = self.cpu if cpu else self.wall
        return statistics.median(xs) if xs else None

    def min(self, cpu=False):
        xs = self.cpu if cpu else self.wall
        return min(xs) if xs else None

    def as_json(self):
        return {"wall_s": self.wall, "cpu_s": self.cpu,
                "median_s": self.median(), "min_s": self.min()}


def time_builtin(cmds, runs, timeout, reference):
    """Interleaved timing loop. cmds: {label: argv}. Returns ({label: Timing}, failure)."""
    labels = list(cmds)
    timings = {label: Timing() for label in labels}
    for i in range(runs):
        # Alternate the order so neither interpreter always runs on a machine
        # the other has just warmed (or heated).
        order = labels if i % 2 == 0 else list(reversed(labels))
        for label in order:
            r = run_once(cmds[label], timeout)
            why = r.failure(label)
            if why is None and reference is not None and r.out != reference:
                why = f"{label} output differs: {first_difference(reference, r.out)}"
            if why:
                return timings, why
            timings[label].add(r)
    return timings, None


def time_hyperfine(cmds, runs, timeout, warmup):
    """Hands timing to hyperfine (no interleaving, but a careful timer)."""
    labels = list(cmds)
    with tempfile.TemporaryDirectory() as tmp:
        out_json = os.path.join(tmp, "hf.json")
        hf = ["hyperfine", "-N", "--style", "none", "--runs", str(runs),
              "--warmup", str(warmup), "--export-json", out_json]
        for label in labels:
            hf += ["--command-name", label, " ".join(shlex.quote(a) for a in cmds[label])]
        try:
            p = subprocess.run(hf, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=timeout * (runs + warmup) * len(labels) + 60)
        except subprocess.TimeoutExpired:
            return None, "hyperfine timed out"
        if p.returncode != 0:
            msg = _text(p.stderr).strip().splitlines()
            return None, "hyperfine failed: " + (msg[-1] if msg else f"exit {p.returncode}")
        with open(out_json) as f:
            data = json.load(f)
    timings = {}
    for label, res in zip(labels, data["results"]):
        t = Timing()
        t.wall = list(res["times"])
        # hyperfine reports only the mean CPU times; spread them over the runs.
        cpu = (res.get("user") or 0.0) + (res.get("system") or 0.0)
        t.cpu = [cpu] * len(t.wall)
        timings[label] = t
    return timings, None


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def fmt_s(x):
    return "—" if x is None else f"{x:.3f}"


def fmt_ms(x):
    return "—" if x is None else f"{x * 1000:.1f}"


def find_exe(name):
    path = shutil.which(name) if os.sep not in name else name
    if not path or not os.path.exists(path):
        raise SystemExit(f"run.py: cannot find executable {name!r}")
    return os.path.abspath(path)


# ---------------------------------------------------------------- modes

def mode_update_expected(args, progs):
    python = find_exe(args.python)
    failed = 0
    for p in progs:
        r = run_once([python] + p.args(True), args.timeout)
        why = r.failure("python3")
        if why:
            print(f"{p.name}: {why}")
            failed += 1
            continue
        with open(p.expected_path, "w", encoding="utf-8") as f:
            f.write(r.out)
        print(f"{p.name}: wrote {os.path.relpath(p.expected_path)} ({r.wall:.2f} s)")
    return 1 if failed else 0


def mode_check(args, progs):
    vmrun = find_exe(args.vmrun)
    failed = 0
    for p in progs:
        if not os.path.exists(p.expected_path):
            print(f"{p.name}: FAIL: no {os.path.basename(p.expected_path)} (run --update-expected)")
            failed += 1
            continue
        with open(p.expected_path, encoding="utf-8") as f:
            expected = f.read()
        r = run_once([vmrun] + args.vmrun_arg + p.args(True), args.timeout)
        why = r.failure("vmrun")
        if why is None and r.out != expected:
            why = "output differs from .expected: " + first_difference(expected, r.out)
        if why:
            print(f"{p.name}: FAIL: {why}")
            if r.err.strip():
                print("  stderr: " + "\n  stderr: ".join(r.err.strip().splitlines()[-10:]))
            failed += 1
        else:
            print(f"{p.name}: ok ({r.wall:.2f} s)")
    return 1 if failed else 0


def measure_startup(args, python, vmrun, spawn_runs):
    cmds = {"python3": [python, "-c", "pass"],
            "vmrun": [vmrun] + args.vmrun_arg + ["-c", "pass"]}
    if args.use_hyperfine:
        timings, why = time_hyperfine(cmds, spawn_runs, args.timeout, 3)
    else:
        # Untimed warm-up for the page cache, then the interleaved loop.
        for cmd in cmds.values():
            run_once(cmd, args.timeout)
        timings, why = time_builtin(cmds, spawn_runs, args.timeout, None)
    baseline = None
    true_exe = shutil.which("true")
    if true_exe and not args.use_hyperfine:
        # What starting any process costs this runner, for reading the numbers.
        t, _ = time_builtin({"true": [true_exe]}, spawn_runs, args.timeout, None)
        baseline = t["true"].median()
    return timings, why, baseline


def mode_bench(args, progs):
    python = find_exe(args.python)
    vmrun = find_exe(args.vmrun)
    if args.use_hyperfine and not shutil.which("hyperfine"):
        print("run.py: hyperfine not found, using the built-in timing loop", file=sys.stderr)
        args.use_hyperfine = False
    runs = args.runs
    results = []
    for p in progs:
        cmds = {"python3": [python] + p.args(args.quick),
                "vmrun": [vmrun] + args.vmrun_arg + p.args(args.quick)}
        entry = {"name": p.name, "args": p.args(args.quick)[1:], "status": "ok",
                 "python3": None, "vmrun": None, "ratio": None}
        results.append(entry)
        log(f"{p.name}: checking output ...")
        # The untimed first runs double as warm-up and as the correctness check.
        ref = run_once(cmds["python3"], args.timeout)
        why = ref.failure("python3")
        if why is None:
            got = run_once(cmds["vmrun"], args.timeout)
            why = got.failure("vmrun")
            if why is None and got.out != ref.out:
                why = "output differs: " + first_difference(ref.out, got.out)
        if why:
            entry["status"] = "FAIL: " + why
            log(f"{p.name}: {entry['status']}")
            continue
        entry["output"] = ref.out
        log(f"{p.name}: timing {runs} runs each ...")
        if args.use_hyperfine:
            timings, why = time_hyperfine(cmds, runs, args.timeout, 0)
        else:
            timings, why = time_builtin(cmds, runs, args.timeout, ref.out)
        if why:
            entry["status"] = "FAIL: " + why
            log(f"{p.name}: {entry['status']}")
            continue
        entry["python3"] = timings["python3"].as_json()
        entry["vmrun"] = timings["vmrun"].as_json()
        py_med = timings["python3"].median(args.cpu)
        vm_med = timings["vmrun"].median(args.cpu)
        entry["ratio"] = py_med / vm_med if vm_med > 0 else float("inf")
        entry["_t"] = timings
        log(f"{p.name}: python3 {py_med:.3f} s, vmrun {vm_med:.3f} s, ratio {entry['ratio']:.2f}x")

    startup = None
    if not args.no_startup:
        log("start-up: timing '-c pass' ...")
        st, why, baseline = measure_startup(args, python, vmrun, args.startup_runs)
        startup = {"status": "ok" if why is None else "FAIL: " + why,
                   "spawn_baseline_s": baseline}
        if why is None:
            startup["python3"] = st["python3"].as_json()
            startup["vmrun"] = st["vmrun"].as_json()
            startup["_t"] = st

    report = render(args, results, startup, python, vmrun)
    print(report)
    if args.json:
        dump = {
            "python": python, "vmrun": vmrun, "vmrun_args": args.vmrun_arg,
            "quick": args.quick, "runs": runs, "timer": "hyperfine" if args.use_hyperfine else "builtin",
            "ratio_basis": "cpu" if args.cpu else "wall",
            "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                        "python_version": subprocess.run([python, "--version"], stdout=subprocess.PIPE,
                                                         stderr=subprocess.STDOUT).stdout.decode().strip()},
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "programs": [{k: v for k, v in e.items() if not k.startswith("_")} for e in results],
            "geomean": geomean([e["ratio"] for e in results if e["ratio"]]),
            "startup": None if startup is None else {k: v for k, v in startup.items() if not k.startswith("_")},
        }
        with open(args.json, "w") as f:
            json.dump(dump, f, indent=2)
            f.write("\n")
        log(f"wrote {args.json}")

    failed = any(e["status"] != "ok" for e in results) or (startup is not None and startup["status"] != "ok")
    if failed:
        return 1
    if args.strict and not targets_met(results, startup):
        return 2
    return 0


def targets_met(results, startup):
    ratios = [e["ratio"] for e in results if e["ratio"]]
    ok = bool(ratios) and min(ratios) > 1.0 and geomean(ratios) >= TARGET_GEOMEAN
    if startup is not None and "_t" in startup:
        ok = ok and startup["_t"]["vmrun"].median() * 1000 < TARGET_STARTUP_MS
    return ok


def render(args, results, startup, python, vmrun):
    basis = "CPU (user+sys)" if args.cpu else "wall"
    mode = "quick" if args.quick else "full"
    timer = "hyperfine" if args.use_hyperfine else "built-in interleaved loop"
    lines = [f"Kiln scalar benchmarks ({mode} sizes, {args.runs} runs each, {timer}, {basis} time)", "",
             f"python3: `{python}`; vmrun: `{' '.join([vmrun] + args.vmrun_arg)}`", "",
             "| program | python3 median (s) | python3 min (s) | vmrun median (s) | vmrun min (s) | ratio (py/vm) |",
             "|---|---:|---:|---:|---:|---:|"]
    ratios = []
    for e in results:
        if e["status"] != "ok":
            lines.append(f"| {e['name']} | — | — | — | — | **{e['status']}** |")
            continue
        t = e["_t"]
        py, vm = t["python3"], t["vmrun"]
        ratios.append(e["ratio"])
        mark = "" if e["ratio"] > 1.0 else " (slower)"
        lines.append(f"| {e['name']} | {fmt_s(py.median(args.cpu))} | {fmt_s(py.min(args.cpu))} | "
                     f"{fmt_s(vm.median(args.cpu))} | {fmt_s(vm.min(args.cpu))} | {e['ratio']:.2f}x{mark} |")
    g = geomean(ratios)
    n_fail = sum(1 for e in results if e["status"] != "ok")
    note = f" over {len(ratios)} of {len(results)} programs" if n_fail else ""
    lines.append(f"| **geometric mean**{note} | | | | | **{g:.2f}x** |" if g else
                 "| **geometric mean** | | | | | — |")
    lines.append("")
    if startup is not None:
        lines += ["| start-up (`-c pass`) | median (ms) | min (ms) |", "|---|---:|---:|"]
        if "_t" in startup:
            st = startup["_t"]
            lines.append(f"| python3 | {fmt_ms(st['python3'].median())} | {fmt_ms(st['python3'].min())} |")
            lines.append(f"| vmrun | {fmt_ms(st['vmrun'].median())} | {fmt_ms(st['vmrun'].min())} |")
            if startup.get("spawn_baseline_s") is not None:
                lines.append(f"| (spawning `true`, the timer's own overhead) | "
                             f"{fmt_ms(startup['spawn_baseline_s'])} | |")
        else:
            lines.append(f"| **{startup['status']}** | — | — |")
        lines.append("")
    # The targets, stated plainly.
    if ratios:
        slower = [e["name"] for e in results if e["ratio"] is not None and e["ratio"] <= 1.0]
        lines.append(f"- faster than python3 on every program: "
                     f"{'yes' if not slower and not n_fail else 'no'}"
                     + (f" (not on: {', '.join(slower)})" if slower else "")
                     + (f" ({n_fail} failed)" if n_fail else ""))
        lines.append(f"- geometric mean ≥ {TARGET_GEOMEAN}x: {'yes' if g >= TARGET_GEOMEAN else 'no'} ({g:.2f}x)")
    if startup is not None and "_t" in startup:
        ms = startup["_t"]["vmrun"].median() * 1000
        lines.append(f"- `vmrun -c pass` under {TARGET_STARTUP_MS:.0f} ms: {'yes' if ms < TARGET_STARTUP_MS else 'no'} ({ms:.1f} ms)")
    return "\n".join(lines)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Time Kiln's vmrun against python3 on bench/scalar/*.py.")
    ap.add_argument("--vmrun", help="path to the vmrun executable (required except with --update-expected)")
    ap.add_argument("--python", default="python3", help="the CPython to compare with (default: python3)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs of each interpreter per program (default 5)")
    ap.add_argument("--quick", action="store_true", help="use each program's small '# quick-size'")
    ap.add_argument("--filter", metavar="REGEX", help="only programs whose name matches (re.search), e.g. 'fib|nbody'")
    ap.add_argument("--json", metavar="FILE", help="write the raw times and results as JSON")
    ap.add_argument("--use-hyperfine", action="store_true", help="time with hyperfine instead of the built-in loop")
    ap.add_argument("--startup-runs", type=int, default=20, help="runs of '-c pass' for start-up time (default 20)")
    ap.add_argument("--no-startup", action="store_true", help="skip the start-up measurement")
    ap.add_argument("--cpu", action="store_true", help="compare user+sys CPU time instead of wall time")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds before one run counts as hung (default 300)")
    ap.add_argument("--vmrun-arg", action="append", default=[], metavar="ARG",
                    help="extra argument for vmrun before the script, repeatable (e.g. --vmrun-arg=--tier=0)")
    ap.add_argument("--strict", action="store_true", help="exit 2 when a performance target is missed")
    ap.add_argument("--check", action="store_true",
                    help="correctness only: quick mode under vmrun, compared with <name>.expected")
    ap.add_argument("--update-expected", action="store_true",
                    help="regenerate <name>.expected from python3 in quick mode")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.startup_runs < 1:
        ap.error("--runs and --startup-runs must be at least 1")

    progs = discover(args.filter)
    if not progs:
        ap.error(f"no program matches --filter {args.filter!r}")
    if args.update_expected:
        return mode_update_expected(args, progs)
    if not args.vmrun:
        ap.error("--vmrun PATH is required")
    if args.check:
        return mode_check(args, progs)
    return mode_bench(args, progs)


if __name__ == "__main__":
    sys.exit(main())
