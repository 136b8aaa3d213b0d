#!/usr/bin/env python3
"""bench/tracer/run.py — the tracer's benchmarks, interpreter against graph
executor in one run (medians of --runs processes, each itself a median).

    python3 bench/tracer/run.py --vmrun build/release/vmrun [--runs 5]
"""
import argparse
import os
import statistics
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def time_us(vmrun, tier, script):
    out = subprocess.run([vmrun, f"--tier={tier}", os.path.join(HERE, script)], capture_output=True, text=True,
                         check=True).stdout
    return float(out.split()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vmrun", required=True)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    print("| case | interpreter (µs/call) | graph executor (µs/call) | speed-up |")
    print("|---|---:|---:|---:|")
    for script in ["pointwise20.py", "mlp_forward.py"]:
        t0, t1 = [], []
        for _ in range(a.runs):  # alternate, so drift hits both
            t0.append(time_us(a.vmrun, 0, script))
            t1.append(time_us(a.vmrun, 1, script))
        m0, m1 = statistics.median(t0), statistics.median(t1)
        print(f"| {script[:-3]} | {m0:.2f} | {m1:.2f} | {m0 / m1:.2f}x |")


if __name__ == "__main__":
    main()
