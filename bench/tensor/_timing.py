# Shared timing helper of the bench/tensor scripts (plain Python: runs under
# vmrun and CPython alike). Each case is timed inside the script, after a
# warm-up, so interpreter start-up and `import torch` never count.
#
# Output protocol (parsed by run.py), one line per case:
#   CASE <name> <median seconds per op> <min seconds per op> <ops per timed loop>
#   SKIP <name> -- <reason>
#   INFO <key> <value>
import sys
import time

QUICK = len(sys.argv) > 1 and sys.argv[1] == "quick"


def measure(name, body, n, repeats=5, warmup=2, ops_per_call=1):
    # body(k) performs the operation k times; the time per op is the median
    # over `repeats` timed calls of body(n).
    if QUICK:
        n = max(1, n // 10)
        repeats = 3
    body(warmup)
    times = []
    for r in range(repeats):
        t0 = time.perf_counter()
        body(n)
        t1 = time.perf_counter()
        times.append((t1 - t0) / (n * ops_per_call))
    times.sort()
    med = times[len(times) // 2]
    print(f"CASE {name} {med:.6e} {times[0]:.6e} {n * ops_per_call}")


def skip(name, reason):
    print(f"SKIP {name} -- {reason}")
