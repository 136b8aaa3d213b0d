#!/usr/bin/env python3
"""A/B timing of two vmrun builds over the bench/scalar programs.

    python3 bench/ab.py OLD/vmrun NEW/vmrun [--runs 5] [--filter REGEX]

Each program runs alternately under A and B (A, B, A, B, ...) so that the
shared machine's slow drifts hit both alike; prints the median of each and
A/B (above 1: B is faster), then the geometric mean of A/B.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import time

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scalar")
ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("a")
ap.add_argument("b")
ap.add_argument("--runs", type=int, default=5)
ap.add_argument("--filter", default="")
args = ap.parse_args()

progs = sorted(p[:-3] for p in os.listdir(here)
               if p.endswith(".py") and p != "run.py" and not p.startswith("_") and re.search(args.filter, p[:-3]))
ratios = []
for p in progs:
    times = {args.a: [], args.b: []}
    for _ in range(args.runs):
        for exe in (args.a, args.b):
            start = time.perf_counter()
            subprocess.run([exe, os.path.join(here, p + ".py")], stdout=subprocess.DEVNULL, check=True)
            times[exe].append(time.perf_counter() - start)
    ma, mb = statistics.median(times[args.a]), statistics.median(times[args.b])
    ratios.append(ma / mb)
    print(f"{p:14s} A {ma:.3f} s  B {mb:.3f} s  A/B {ma / mb:.3f}", flush=True)
if ratios:
    print(f"geometric mean A/B {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f}")
else:
    sys.exit("no program matches --filter")
