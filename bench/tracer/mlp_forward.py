# bench/tracer/mlp_forward.py — an nn.Module forward (3 Linear layers,
# activations, a residual) on a small batch, called in a loop under
# torch.no_grad(); prints the median time per call (µs) of 7 timed loops.
# Run at --tier=0 and --tier=1 side by side: python3 bench/tracer/run.py
import time
import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 32)
        self.fc3 = nn.Linear(32, 4)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = h + torch.tanh(self.fc2(h)) * 0.5
        return self.fc3(h).sigmoid()


torch.manual_seed(0)
m = MLP()
x = torch.randn(8, 16)
with torch.no_grad():
    for _ in range(200):
        m(x)
    times = []
    for _ in range(7):
        n = 2000
        t0 = time.perf_counter()
        for _ in range(n):
            m(x)
        times.append((time.perf_counter() - t0) / n * 1e6)
times.sort()
print(f"{times[3]:.2f}")
