#!/usr/bin/env python3
"""Instruction counts of two vmrun builds on bench/callgrind/*.py (callgrind).

    python3 bench/callgrind_ab.py OLD/vmrun NEW/vmrun [--filter REGEX] [--tier 0]

Wall-clock A/B on a shared machine is noise for changes of a few percent;
callgrind's count of executed instructions is deterministic. Each script
runs once per build under `valgrind --tool=callgrind`; prints both counts
and the change (negative: NEW executes fewer instructions). Needs valgrind.
"""
import argparse
import os
import re
import subprocess
import sys

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "callgrind")
ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("a")
ap.add_argument("b")
ap.add_argument("--filter", default="")
ap.add_argument("--tier", default="0", help="vmrun --tier (default 0: eager, the tracer off)")
args = ap.parse_args()


def instructions(vmrun, script):
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", vmrun, f"--tier={args.tier}", script],
                       capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        sys.exit(f"{vmrun} {script} failed:\n{p.stderr[-2000:]}")
    return int(m.group(1)), p.stdout


scripts = sorted(s for s in os.listdir(here) if s.endswith(".py") and re.search(args.filter, s))
print(f"{'script':<24} {'A instructions':>16} {'B instructions':>16} {'change':>8}")
for s in scripts:
    path = os.path.join(here, s)
    a, out_a = instructions(args.a, path)
    b, out_b = instructions(args.b, path)
    note = "" if out_a == out_b else "  (outputs differ)"
    print(f"{s[:-3]:<24} {a:>16,} {b:>16,} {100.0 * (b - a) / a:>+7.2f}%{note}")
