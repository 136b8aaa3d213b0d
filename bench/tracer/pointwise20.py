# bench/tracer/pointwise20.py — a 20-op pointwise function on 64-element
# tensors, called in a loop; prints the median time per call (µs) of 7
# timed loops. Run it at --tier=0 (interpreter) and --tier=1 (graph
# executor) side by side:  python3 bench/tracer/run.py --vmrun build/release/vmrun
import time
import torch


def f(x, y):
    a = x * 2.0 + y
    b = a.relu() - 0.5
    c = b * b + x
    d = c.sigmoid() * y
    e = d - a * 0.25
    g = e.tanh() + c
    h = g * 3.0 - b
    k = h.abs() + d
    m = k * 0.5 + e
    return m.exp() - g


x = torch.linspace(-1.0, 1.0, 64)
y = torch.linspace(0.5, 2.0, 64)
for _ in range(200):
    f(x, y)
times = []
for _ in range(7):
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        f(x, y)
    times.append((time.perf_counter() - t0) / n * 1e6)
times.sort()
print(f"{times[3]:.2f}")
