#!/usr/bin/env python3
"""The tier manager's check that a graph beats the interpreter.

Calls 32 to 55 of a graph's entry alternate between the graph and the
function run by the interpreter, timed; a graph no faster is dropped (the
function then runs interpreted, its guards no longer checked when every
entry of it is dropped), which KILN_LOGS=jit and --explain report. Timing on
a shared machine promises nothing, so KILN_SAMPLE_VERDICT (tests only) fixes
the outcome. Checked, for each verdict:
  * the program prints exactly what --tier=0 prints (the interpreted samples
    and calls included: arguments by position, *args, keyword-only, **kwargs,
    an exception raised inside a sample);
  * "slow": the log names the graph, --explain says it is no longer used,
    and --profile counts fewer graph runs than calls;
  * "fast": the log says it is kept, and the graph runs every call but the
    twelve interpreter samples;
  * --sample-interpreter=false: no samples at all.

    sampler_test.py path/to/vmrun
"""
import os
import re
import subprocess
import sys
import tempfile

SCRIPT = r"""
import torch

def f(x, s, *rest, k=1.0, **kw):
    y = x * s + k
    for r in rest:
        y = y + r
    return y + kw.get("extra", 0.0)

x = torch.arange(4.0)
total = torch.zeros(4)
for i in range(100):
    total = total + f(x, 2.0, 1.0, 2.0, k=0.5, extra=float(i % 3))
print(total.tolist())

def g(x, i):
    if i == 40:
        return x[10]  # IndexError inside what may be an interpreter sample
    return x * 2

for i in range(60):
    try:
        g(x, i)
    except IndexError as e:
        print("IndexError at", i)
"""


def run(vmrun, path, flags, verdict):
    env = {k: v for k, v in os.environ.items() if not k.startswith("KILN_")}
    if verdict:
        env["KILN_SAMPLE_VERDICT"] = verdict
    return subprocess.run([vmrun] + flags + [path], capture_output=True, text=True, env=env, timeout=120)


def runs_of(profile_err, name):
    m = re.search(r"^" + name + r"_\d+\s+(\d+)", profile_err, re.M)
    return int(m.group(1)) if m else 0


def main():
    vmrun = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "sampler.py")
        with open(path, "w") as fh:
            fh.write(SCRIPT)
        eager = run(vmrun, path, ["--tier=0"], None)
        assert eager.returncode == 0, eager.stderr
        flags = ["--logs=jit", "--explain", "--profile"]
        slow = run(vmrun, path, flags, "slow")
        fast = run(vmrun, path, flags, "fast")
        off = run(vmrun, path, flags + ["--sample-interpreter=false"], "slow")
    for name, p in (("slow", slow), ("fast", fast), ("off", off)):
        assert p.returncode == 0, name + ": " + p.stderr
        assert p.stdout == eager.stdout, f"{name}: printed\n{p.stdout}\ninstead of\n{eager.stdout}"
    assert re.search(r"\[kiln:jit\] f_\d+: no faster than the interpreter", slow.stderr), slow.stderr
    assert "no faster than the interpreter" in slow.stderr.split("kiln --explain")[1], slow.stderr
    # 100 calls: traced on the 2nd, 31 graph runs before the samples, 12 of the 24 samples interpreted.
    n_slow, n_fast, n_off = runs_of(slow.stderr, "f"), runs_of(fast.stderr, "f"), runs_of(off.stderr, "f")
    assert 0 < n_slow < 60, n_slow
    assert re.search(r"\[kiln:jit\] f_\d+: at best [\d.]+ us a call against the interpreter's [\d.]+: kept", fast.stderr), fast.stderr
    assert n_fast == n_off - 12, (n_fast, n_off)
    assert "interpreter" not in off.stderr.split("kiln --explain")[0], off.stderr
    print("ok: slow", n_slow, "fast", n_fast, "off", n_off, "graph runs")


if __name__ == "__main__":
    main()
