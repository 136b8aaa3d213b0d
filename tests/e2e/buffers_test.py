#!/usr/bin/env python3
"""Buffer planning: a warm call of a compiled graph allocates only what it
returns (issue 6: "no allocation on the hot path of a compiled graph call").

The script counts tensor allocations with torch._kiln_allocations() around
many calls of each function, after warm-up, and prints them. The graphs
have intermediates between kernels (a matmul's product, the hidden layer of
an MLP, the pieces of a chain too long for one kernel, a reduction's input
after a matmul); each must live in the compiled graph's planned buffers.
Checked:
  * at tier 1, each warm call allocates exactly its outputs (count and
    bytes), while the interpreter (--tier=0) allocates its intermediates;
  * results are the interpreter's, bit for bit, including values returned
    by earlier calls and kept (a planned buffer never leaks into a result
    that a later call overwrites) and calls at several sizes (a planned
    buffer grows and is reused when the size shrinks);
  * --profile prints allocations per call, and --explain the planned
    buffers: fewer than the intermediates where lifetimes do not overlap.

    buffers_test.py path/to/vmrun
"""
import os
import subprocess
import sys
import tempfile

SCRIPT = r"""
import torch
import torch.nn.functional as F
torch.manual_seed(0)

def mlp(x, w1, b1, w2, b2, w3):
    h = torch.relu(F.linear(x, w1, b1))
    h = F.gelu(F.linear(h, w2, b2), approximate="tanh")
    return torch.tanh(h @ w3).sum(-1)

def attention_scores(q, k):
    a = torch.softmax((q @ k.t()) * 0.125, -1)
    return (a * 2.0 + 1.0).tanh().mean(-1)

def long_chain(x):
    y = x
    for i in range(50):
        y = torch.relu(y * 1.0001 + 0.001) - x * 0.5
    return y

def sizes(x):
    return torch.exp(F.linear(x, W) * 0.1).sum(-1, keepdim=True)

x = torch.randn(64, 32)
w1 = torch.randn(48, 32); b1 = torch.randn(48)
w2 = torch.randn(40, 48); b2 = torch.randn(40)
w3 = torch.randn(40, 8)
q = torch.randn(16, 24); k = torch.randn(20, 24)
W = torch.randn(24, 32)

# The measuring loop runs interpreted; what it calls is traced.
@torch.compiler.disable(recursive=False)
def count(name, f, args, n=50):
    kept = [f(*args) for _ in range(3)]
    for _ in range(5):
        f(*args)
    n0, b0 = torch._kiln_allocations()
    for _ in range(n):
        out = f(*args)
    n1, b1 = torch._kiln_allocations()
    same = all(bool((t == out).all()) for t in kept)
    print("ALLOC", name, n, n1 - n0, b1 - b0, out.numel() * 4)
    print(name, same, out.flatten()[:6].tolist())

count("mlp", mlp, (x, w1, b1, w2, b2, w3))
count("attention_scores", attention_scores, (q, k))
count("long_chain", long_chain, (x,))
outs = []
for rows in [8, 64, 3, 64, 1, 17]:
    outs.append(sizes(torch.arange(rows * 32.0).reshape(rows, 32) / 100.0))
for o in outs:
    print("sizes", o.flatten().tolist())
count("sizes", sizes, (torch.randn(5, 32),))
"""


def run(vmrun, path, flags):
    env = {k: v for k, v in os.environ.items() if not k.startswith("KILN_")}
    return subprocess.run([vmrun] + flags + [path], capture_output=True, text=True, env=env, timeout=120)


def main():
    vmrun = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "buffers.py")
        with open(path, "w") as f:
            f.write(SCRIPT)
        eager = run(vmrun, path, ["--tier=0"])
        # Every reduction compiled (--short-rows=0: these rows are short), and
        # no graph dropped for being no faster than the interpreter.
        jit = run(vmrun, path, ["--profile", "--explain", "--short-rows=0", "--sample-interpreter=false"])
    for p in (eager, jit):
        assert p.returncode == 0, p.stdout + p.stderr

    def split(out):
        allocs = {}
        rest = []
        for line in out.splitlines():
            if line.startswith("ALLOC "):
                _, name, calls, count, nbytes, out_bytes = line.split()
                allocs[name] = (int(calls), int(count), int(nbytes), int(out_bytes))
            else:
                rest.append(line)
        return allocs, rest

    eager_allocs, eager_rest = split(eager.stdout)
    jit_allocs, jit_rest = split(jit.stdout)
    assert eager_rest == jit_rest, "tier 1 printed other values than the interpreter:\n" + "\n".join(
        f"  {a}\n  {b}" for a, b in zip(eager_rest, jit_rest) if a != b)
    assert all(" True " in l for l in jit_rest if not l.startswith("sizes")), jit_rest
    for name, (calls, count, nbytes, out_bytes) in jit_allocs.items():
        # One output per call; one call may find the buffer its output took
        # free again (the previous result was dropped) and allocate nothing.
        assert calls - 1 <= count <= calls and nbytes == count * out_bytes, (
            f"{name}: {calls} warm tier-1 calls allocated {count} tensors ({nbytes} bytes); "
            f"expected only their outputs ({out_bytes} bytes each)\n{jit.stderr}")
        assert eager_allocs[name][1] > 2 * calls, (name, eager_allocs[name])  # the test sees intermediates at all

    # --profile: the allocations per call of each hot graph (warm-up calls
    # included, so at least 1 and close to it).
    prof = jit.stderr[jit.stderr.index("kiln --profile"):]
    header = prof.splitlines()[1].split()
    assert header[-1] == "allocs/call", header
    rows = {l.split()[0]: l.split() for l in prof.splitlines()[2:] if l.strip()}
    mlp_row = next(v for k, v in rows.items() if k.startswith("mlp_"))
    assert 1.0 <= float(mlp_row[-1]) < 1.5, mlp_row
    # --explain: the long chain's kernels share planned buffers (their
    # intermediates' lifetimes do not overlap).
    expl = jit.stderr
    chain = expl[expl.index("long_chain ("):]
    line = next(l for l in chain.splitlines() if "tier 1 (asmjit)" in l)
    kernels = int(line.split("tier 1 (asmjit): ")[1].split(" kernel")[0])
    planned = int(line.split(" planned buffer")[0].rsplit(" ", 1)[1])
    assert kernels >= 3 and planned <= 2, line
    print("buffers: ok", {k: (v[1], e[1]) for (k, v), e in zip(jit_allocs.items(), eager_allocs.values())},
          "(allocations in the warm calls: tier 1, interpreter)")


if __name__ == "__main__":
    main()
