#!/usr/bin/env python3
"""tests/tracer/golden.py — golden tests of the tracer's reports.

Runs one script of tests/tracer twice with vmrun: at --tier=0 (the
interpreter) and at --tier=1 with --explain and every KILN_LOGS stream. The
traced run must print exactly what the interpreter prints on stdout; its
stderr (graphs as code, guard lists, recompile reasons, graph breaks and the
--explain report) must equal <script>.golden, after timings are blanked.
Extra vmrun flags for a script come from a first-line comment
`# vmrun-flags: --hot-threshold=1 ...`.

    golden.py --vmrun build/release/vmrun tests/tracer/breaks.py
    golden.py --vmrun build/release/vmrun --update tests/tracer/*.py   # rewrite the .golden files
"""
import argparse
import os
import re
import subprocess
import sys


def flags_of(script):
    with open(script) as f:
        first = f.readline()
    m = re.match(r"#\s*vmrun-flags:(.*)", first)
    return m.group(1).split() if m else []


def run(vmrun, args, script, selfcheck=False):
    env = {k: v for k, v in os.environ.items() if not k.startswith("KILN_")}
    if selfcheck:
        env["KILN_TRACER_SELFCHECK"] = "1"  # check every resume point's live values
    vmrun = os.path.abspath(vmrun)
    p = subprocess.run([vmrun] + args + [os.path.basename(script)], cwd=os.path.dirname(os.path.abspath(script)),
                       capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr


def normalise(text):
    # Times and machine-code sizes vary (the kernels' ops and counts do not),
    # and so do the line numbers inside Kiln's own Python (torch.nn...) as
    # it grows; the scripts' own lines stay.
    text = re.sub(r"\d+ bytes of code", "N bytes of code", text)
    text = re.sub(r"(<kiln>/[\w/.]+\.py):\d+", r"\1:N", text)
    return re.sub(r"\d+\.\d+ ms", "T ms", text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vmrun", required=True)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("scripts", nargs="+")
    a = ap.parse_args()
    failed = skipped = 0
    for script in a.scripts:
        if os.path.basename(script).startswith("_") or os.path.basename(script) in ("golden.py", "random_programs.py"):
            skipped += 1
            continue  # helpers imported by the scripts, this runner and the soundness tester
        extra = flags_of(script)
        rc0, out0, err0 = run(a.vmrun, ["--tier=0"], script)
        logs = [] if any(f.startswith("--logs") for f in extra) else ["--logs=all"]  # a script may name its own
        # (--sample-interpreter=false: whether a graph beats the interpreter is
        # timed, which the report must not depend on.)
        # (--short-rows=0 unless the script sets it: reductions over short rows
        # are compiled too, so the reports show their kernels.)
        rows = [] if any(f.startswith("--short-rows") for f in extra) else ["--short-rows=0"]
        rc1, out1, err1 = run(a.vmrun, ["--tier=1", "--explain", "--sample-interpreter=false"] + rows + logs + extra,
                              script, selfcheck=True)
        golden = script[:-3] + ".golden"
        got = normalise(err1)
        if out0 != out1 or rc0 != rc1:
            print(f"FAIL {script}: the traced run printed something else than the interpreter")
            print(f"--- interpreter (exit {rc0})\n{out0}{err0}--- traced (exit {rc1})\n{out1}")
            failed += 1
            continue
        if a.update:
            with open(golden, "w") as f:
                f.write(got)
            continue
        want = open(golden).read() if os.path.exists(golden) else ""
        if got != want:
            import difflib
            print(f"FAIL {script}: the tracer's report differs from {os.path.basename(golden)}")
            sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "got"))
            failed += 1
    print(f"{len(a.scripts) - skipped - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
