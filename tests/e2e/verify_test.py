#!/usr/bin/env python3
"""--verify catches a wrong kernel, and tier 1 runs on the kernel otherwise.

With KILN_JIT_FAULT=1 the tier manager flips one bit of each kernel's first
result (a fault injected for this test). Without --verify the script then
prints a (slightly) different number; with --verify the run fails with a
RuntimeError naming the graph and the kernel. Without the fault, --verify
passes and the output is the interpreter's. With --fast-math (exp by
tier 1's float32 sequence), --verify passes within its tolerance, the
output is the interpreter's within 1e-5 + 1e-4 |x|, and a fault in the
exponent (KILN_JIT_FAULT=exponent) is still caught.

    verify_test.py path/to/vmrun
"""
import ast
import os
import subprocess
import sys
import tempfile

SCRIPT = """
import torch
def f(x):
    return torch.exp(x * 0.5) + 1.0
x = torch.linspace(-1, 1, 9)
for i in range(3):
    r = f(x)
print(r.tolist())
"""


def run(vmrun, path, flags, fault):
    env = {k: v for k, v in os.environ.items() if not k.startswith("KILN_")}
    if fault:
        env["KILN_JIT_FAULT"] = "1" if fault is True else fault
    return subprocess.run([vmrun] + flags + [path], capture_output=True, text=True, env=env, timeout=60)


def main():
    vmrun = sys.argv[1]
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(SCRIPT)
        path = f.name
    eager = run(vmrun, path, ["--tier=0"], False)
    assert eager.returncode == 0, eager.stderr
    good = run(vmrun, path, ["--jit-threshold=1", "--verify"], False)
    assert good.returncode == 0 and good.stdout == eager.stdout, (good.stdout, good.stderr)
    probe = run(vmrun, path, ["--jit-threshold=1", "--logs=jit"], False)
    if "tier 1" not in probe.stderr:
        print("skipped: no tier-1 backend on this host:", probe.stderr.strip())
        return
    wrong = run(vmrun, path, ["--jit-threshold=1"], True)
    assert wrong.returncode == 0 and wrong.stdout != eager.stdout, "the injected fault changed nothing"
    caught = run(vmrun, path, ["--jit-threshold=1", "--verify"], True)
    assert caught.returncode != 0, caught.stdout
    last = caught.stderr.strip().splitlines()[-1]
    assert last.startswith("RuntimeError: --verify: graph f_0, kernel f_0_k0 (asmjit)"), caught.stderr
    assert "differs from the reference executor" in last, last
    fast = run(vmrun, path, ["--jit-threshold=1", "--verify", "--fast-math", "--logs=jit"], False)
    assert fast.returncode == 0, fast.stderr
    assert "tier 1 (asmjit, fast math)" in fast.stderr, fast.stderr
    got, want = ast.literal_eval(fast.stdout.strip()), ast.literal_eval(eager.stdout.strip())
    assert len(got) == len(want) and all(abs(g - w) <= 1e-5 + 1e-4 * abs(w) for g, w in zip(got, want)), (got, want)
    caught_fast = run(vmrun, path, ["--jit-threshold=1", "--verify", "--fast-math"], "exponent")
    assert caught_fast.returncode != 0, caught_fast.stdout
    last_fast = caught_fast.stderr.strip().splitlines()[-1]
    assert "kernel f_0_k0 (asmjit, fast math: beyond its tolerance)" in last_fast, caught_fast.stderr
    print("ok:", last)
    print("ok:", last_fast)


if __name__ == "__main__":
    main()
