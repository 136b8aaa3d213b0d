#!/usr/bin/env python3
"""bench/tracer/twelve_blocks.py — twelve identical blocks called from a
Python loop, each block call a frame of its own (issue 7: "identical
nn.Module instances share one compiled graph").

The model's loop runs at module level, which the tracer does not trace, so
every `block(x)` enters Module.__call__ as a separate frame. Printed for the
given vmrun: the graphs made for the block (from --explain), the trace and
compile time they took (--profile's compile column, summed), the recompiles,
and the time per forward pass (median of --runs processes), against
--tier=0 in the same run.

    python3 bench/tracer/twelve_blocks.py --vmrun build/release/vmrun [--runs 5]
"""
import argparse
import os
import re
import statistics
import subprocess
import tempfile

SCRIPT = r'''
import time
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        return x + self.fc2(torch.nn.functional.gelu(self.fc1(self.norm(x))))


blocks = [Block(64) for _ in range(12)]
x = torch.randn(32, 64)
with torch.no_grad():
    for _ in range(5):
        h = x
        for b in blocks:
            h = b(h)
    t = time.perf_counter()
    n = 300
    for _ in range(n):
        h = x
        for b in blocks:
            h = b(h)
    print((time.perf_counter() - t) / n * 1e6)
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vmrun", required=True)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    env = dict(os.environ)
    env.setdefault("OPENBLAS_NUM_THREADS", "1")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "twelve.py")
        with open(path, "w") as f:
            f.write(SCRIPT)
        p = subprocess.run([a.vmrun, "--explain", "--profile", path], capture_output=True, text=True, env=env, check=True)
        err = p.stderr
        section = err.split("Module.__call__", 1)[1].split("\n\n", 1)[0] if "Module.__call__" in err else ""
        graphs = len(re.findall(r"^\s+graph __call___\d+", section, re.M))
        recompiles = len(re.findall(r"^\s+recompile:", section, re.M))
        limit = "cache size limit" in section
        compile_ms = sum(float(m) for m in re.findall(r"^__call___\d+\s+\d+\s+\S+\s+\S+\s+\S+\s+([\d.]+)", err, re.M))
        t0, t1 = [], []
        for _ in range(a.runs):
            t0.append(float(subprocess.run([a.vmrun, "--tier=0", path], capture_output=True, text=True, env=env,
                                           check=True).stdout.split()[-1]))
            t1.append(float(subprocess.run([a.vmrun, path], capture_output=True, text=True, env=env,
                                           check=True).stdout.split()[-1]))
    m0, m1 = statistics.median(t0), statistics.median(t1)
    print("| graphs of Module.__call__ | recompiles | cache limit hit | trace + compile (ms) | --tier=0 (us/pass) | defaults (us/pass) | speed-up |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    print(f"| {graphs} | {recompiles} | {'yes' if limit else 'no'} | {compile_ms:.2f} | {m0:.0f} | {m1:.0f} | {m0 / m1:.2f}x |")


if __name__ == "__main__":
    main()
