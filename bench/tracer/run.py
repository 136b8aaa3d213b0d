#!/usr/bin/env python3
"""bench/tracer/run.py — the tracer's benchmarks, interpreter against graph
executor in one run (medians of --runs processes, each itself a median).
The executor column runs with --jit=off (issue 5's target is the executor's);
a third column shows the same with tier 1's compiled kernels.

    python3 bench/tracer/run.py --vmrun build/release/vmrun [--runs 5]
"""
import argparse
import os
import statistics
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def time_us(vmrun, flags, script):
    out = subprocess.run([vmrun] + flags + [os.path.join(HERE, script)], capture_output=True, text=True,
                         check=True).stdout
    return float(out.split()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vmrun", required=True)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    print("| case | interpreter (µs/call) | graph executor (µs/call) | speed-up | tier 1 (µs/call) | speed-up |")
    print("|---|---:|---:|---:|---:|---:|")
    for script in ["pointwise20.py", "mlp_forward.py"]:
        t0, t1, t2 = [], [], []
        for _ in range(a.runs):  # alternate, so drift hits all three
            t0.append(time_us(a.vmrun, ["--tier=0"], script))
            t1.append(time_us(a.vmrun, ["--tier=1", "--jit=off"], script))
            t2.append(time_us(a.vmrun, ["--tier=1"], script))
        m0, m1, m2 = statistics.median(t0), statistics.median(t1), statistics.median(t2)
        print(f"| {script[:-3]} | {m0:.2f} | {m1:.2f} | {m0 / m1:.2f}x | {m2:.2f} | {m0 / m2:.2f}x |")


if __name__ == "__main__":
    main()
