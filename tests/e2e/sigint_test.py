#!/usr/bin/env python3
"""SIGINT stops a running script with KeyboardInterrupt, whatever loop it is in.

For each loop shape below (each one compiles to a different back edge: a
JUMP, a for loop's, or a loop test at the bottom of a while loop, fused or
not), starts `vmrun -c`, waits until the loop is running, sends SIGINT, and
checks that the process prints a traceback ending in KeyboardInterrupt and
then ends by SIGINT, as CPython does.

    sigint_test.py path/to/vmrun
"""
import os
import signal
import subprocess
import sys
import time

SHAPES = {
    "while compare of locals": "i, n = 0, 10 ** 15\n    while i < n:\n        i += 1",
    "while compare with a constant": "i = 0\n    while i < 10 ** 15:\n        i += 1",
    "while chained comparison": "i = 1\n    while 0 < i < 10 ** 15:\n        i += 1",
    "while truth": "x = 1\n    while x:\n        x = x + 1",
    "while not": "done = False\n    while not done:\n        done = done and True",
    "while is not": "x = 0\n    while x is not None:\n        x = x",
    "while in": "d = {1: 2}\n    while 1 in d:\n        pass",
    "while True": "x = 0\n    while True:\n        x += 1",
    "while with continue": "i = 0\n    while i >= 0:\n        i += 1\n        if i % 2:\n            continue",
    "for over range": "for i in range(10 ** 15):\n        pass",
    "for over a list, storing": "xs = [1, 2, 3] * 1000\n    while True:\n        for x in xs:\n            y = x",
    "comprehension": "while True:\n        [x for x in range(1000)]",
    "recursion-free calls": "def g(v):\n        return v\n    while True:\n        g(1)",
}

PROGRAM = """\
import sys
def spin():
    {body}
print("ready", flush=True)
spin()
"""


def run_shape(vmrun, name, body):
    code = PROGRAM.format(body=body)
    p = subprocess.Popen([vmrun, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        if line.strip() != "ready":
            p.kill()
            out, err = p.communicate()
            return f"did not start: stdout {line!r}, stderr {err[-500:]!r}"
        time.sleep(0.2)  # well inside the loop
        p.send_signal(signal.SIGINT)
        try:
            _, err = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            return "still running 10 s after SIGINT"
    finally:
        if p.poll() is None:
            p.kill()
    lines = err.rstrip("\n").split("\n")
    problems = []
    if p.returncode != -signal.SIGINT:
        problems.append(f"exit status {p.returncode}, expected death by SIGINT ({-signal.SIGINT})")
    if not lines or lines[-1] != "KeyboardInterrupt":
        problems.append(f"last stderr line {lines[-1]!r}, expected 'KeyboardInterrupt'")
    if not lines or lines[0] != "Traceback (most recent call last):":
        problems.append("no traceback")
    elif not any('in spin' in l for l in lines):
        problems.append("traceback does not name the running function")
    return "; ".join(problems)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    vmrun = sys.argv[1]
    failed = 0
    for name, body in SHAPES.items():
        problem = run_shape(vmrun, name, body)
        print(f"{'FAIL' if problem else 'ok  '} {name}" + (f": {problem}" if problem else ""))
        failed += bool(problem)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
