#!/usr/bin/env python3
"""A long pointwise chain compiles as several bounded kernels, quickly.

A function of 1200 pointwise ops (400 rounds of tanh(x * 1.01 + 0.01)) is
one run for lowering; a single kernel of it took asmjit about a second to
compile (its register allocation grows faster than the body). Lowering
splits runs into kernels of at most 64 instructions, so the graph compiles
in tens of milliseconds. The test checks, from `--logs=jit`, that the
graph became several kernels covering all 1200 ops and compiled in under a
second (a generous bound on any machine; the single kernel needed more),
and that the results are the interpreter's.

    long_chain_test.py path/to/vmrun
"""
import os
import re
import subprocess
import sys
import tempfile

SCRIPT = """
import torch
def f(x):
    for i in range(400):
        x = torch.tanh(x * 1.01 + 0.01)
    return x
x = torch.linspace(-2, 2, 37)
for i in range(3):
    y = f(x)
print([float(v) for v in y.tolist()])
"""


def run(vmrun, path, flags):
    env = {k: v for k, v in os.environ.items() if not k.startswith("KILN_")}
    return subprocess.run([vmrun] + flags + [path], capture_output=True, text=True, env=env, timeout=120)


def main():
    vmrun = sys.argv[1]
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(SCRIPT)
        path = f.name
    eager = run(vmrun, path, ["--tier=0"])
    jit = run(vmrun, path, ["--logs=jit", "--verify"])
    if eager.returncode != 0 or jit.returncode != 0:
        sys.exit(f"FAIL: exit codes {eager.returncode} / {jit.returncode}\n{eager.stderr}\n{jit.stderr}")
    if eager.stdout != jit.stdout:
        sys.exit(f"FAIL: tier 1 printed something else\n--- eager\n{eager.stdout}\n--- tier 1\n{jit.stdout}")
    m = re.search(r"tier 1 \(asmjit\): (\d+) kernels? of (\d+) ops, \d+ bytes of code, compiled in ([0-9.]+) ms", jit.stderr)
    if not m:
        sys.exit(f"FAIL: no tier-1 summary in the log\n{jit.stderr}")
    kernels, ops, ms = int(m.group(1)), int(m.group(2)), float(m.group(3))
    if ops != 1200 or kernels < 1200 // 64:
        sys.exit(f"FAIL: {kernels} kernels of {ops} ops (want every op, kernels of at most 64 instructions)")
    if ms >= 1000:
        sys.exit(f"FAIL: compiled in {ms} ms")
    print(f"ok: {kernels} kernels of {ops} ops, compiled in {ms:.1f} ms")


if __name__ == "__main__":
    main()
