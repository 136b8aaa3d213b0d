# bench/tracer/trace_cost.py — what tracing a function costs when its
# arguments and parameters are large: a stack of Linear(1024, 1024) layers
# (8 of them: 32 MiB of weights) run on one row under no_grad. The second
# call traces (--hot-threshold 2), the later ones run the graph. Prints the
# traced call's milliseconds and the median warm call's microseconds.
# Tracing runs the ops on the arguments' own memory until something may
# write them (tracer/values_tensor.cpp: copy on write), so the traced call
# costs the ops and the trace, not a copy of every weight.
#
#   vmrun bench/tracer/trace_cost.py            (or vmrun ... trace_cost.py write: the function also
#                                                writes a row of a 32 MiB KV cache it is given)
import sys
import time

import torch

write = len(sys.argv) > 1 and sys.argv[1] == "write"
torch.manual_seed(0)
model = torch.nn.Sequential(*[torch.nn.Linear(1024, 1024) for _ in range(8)])
cache = torch.zeros(8, 1024, 1024)
x = torch.randn(1, 1024)


def step(x, pos):
    y = model(x)
    if write:
        cache[0, pos] = y[0]
    return y


times = []
with torch.no_grad():
    for i in range(12):
        t = time.perf_counter()
        step(x, i)
        times.append(time.perf_counter() - t)
warm = sorted(times[3:])[len(times[3:]) // 2]
print(f"traced call {times[1] * 1e3:.2f} ms  warm call {warm * 1e6:.1f} us")
