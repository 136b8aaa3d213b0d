#!/usr/bin/env python3
"""--trace-dump and --profile, end to end.

Runs a script that compiles a graph, breaks a graph, recompiles and runs a
graph many times, with --trace-dump=FILE --profile, and checks:
  * the file is valid JSON in Chrome Trace Event Format (traceEvents, each
    event with name, ph, ts, pid, tid; "X" events with a dur >= 0);
  * it holds the expected events: parse and bytecode spans of the script,
    a trace span per traced frame, a tier-1 compile span, graph runs (the
    first ones individually, the rest aggregated with a `runs` count that
    adds up), a graph-break instant with its reason and line, and a
    recompile instant with its reason;
  * --profile printed its table with the hot graph, its call count and
    tier 1;
  * the script's own output is unchanged.

    trace_dump_test.py path/to/vmrun
"""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = r'''
import torch

def hot(x, y):
    return torch.relu(x * 2.0 + y) - 0.5

def breaks(x):
    y = x * 2
    print("visible", y.sum().item())
    return y + 1

def grows(x):
    return x.sin() + 1

x = torch.ones(8)
total = 0.0
for i in range(300):
    total += hot(x, x).sum().item()
print(total)
breaks(x)
breaks(x)
grows(torch.ones(2))
grows(torch.ones(2))
grows(torch.ones(3))
'''


def main():
    vmrun = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        script = os.path.join(d, "dumped.py")
        with open(script, "w") as f:
            f.write(SCRIPT)
        trace = os.path.join(d, "trace.json")
        # (--sample-interpreter=false: every call of the hot function runs its graph.)
        p = subprocess.run([vmrun, f"--trace-dump={trace}", "--profile", "--sample-interpreter=false", script], capture_output=True, text=True,
                           timeout=120)
        assert p.returncode == 0, p.stderr
        assert p.stdout == "6000.0\nvisible 16.0\nvisible 16.0\n", p.stdout
        with open(trace) as f:
            doc = json.load(f)
    events = doc["traceEvents"]
    for e in events:
        for k in ("name", "ph", "pid", "tid"):
            assert k in e, e
        if e["ph"] in ("X", "i"):
            assert isinstance(e["ts"], (int, float)) and e["ts"] >= 0, e
        if e["ph"] == "X":
            assert e["dur"] >= 0, e
    names = [e["name"] for e in events]

    def having(pred, what):
        found = [e for e in events if pred(e)]
        assert found, f"no {what} event in {names}"
        return found

    having(lambda e: e["ph"] == "X" and e["name"] == "parse " + script, "parse")
    having(lambda e: e["ph"] == "X" and e["name"] == "bytecode " + script, "bytecode compile")
    having(lambda e: e["ph"] == "X" and e["name"] == "trace hot", "trace span")
    comp = having(lambda e: e["ph"] == "X" and e["cat"] == "jit" and "hot" in e["name"], "tier compile")
    assert comp[0]["args"]["tier"] == 1, comp[0]
    runs = [e for e in events if e["ph"] == "X" and e["cat"] == "graph" and e["name"].startswith("hot_")]
    single = [e for e in runs if "aggregated" not in e["args"]]
    batched = [e for e in runs if "aggregated" in e["args"]]
    assert len(single) == 64, len(single)
    assert batched and sum(e["args"]["runs"] for e in batched) + len(single) == 299, [e["args"] for e in batched]
    brk = having(lambda e: e["ph"] == "i" and e["name"] == "graph break", "graph break")
    assert any(b["args"]["reason"] == "DataDependentScalar" and b["args"]["at"].endswith(":9") for b in brk), brk
    rec = having(lambda e: e["ph"] == "i" and e["name"].startswith("guard failure"), "recompile")
    assert any("size(0) changed from 2 to 3" in r["args"]["reason"] for r in rec), rec
    prof = p.stderr
    assert "kiln --profile" in prof, prof
    row = [l for l in prof.splitlines() if l.startswith("hot_")]
    assert row and row[0].split()[1] == "299" and row[0].split()[2] == "1", prof
    print("ok:", len(events), "events")


if __name__ == "__main__":
    main()
