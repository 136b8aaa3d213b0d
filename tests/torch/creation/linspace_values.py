# torch.linspace's exact values: float32 (each point as PyTorch rounds it,
# with short and long lengths that take its vector and scalar paths),
# float64, integer dtypes (start and end truncated, the step in double),
# and bool refused.
import torch

for start, end, steps in [(-3, 3, 12), (0.1, 0.9, 17), (2, -5, 64), (-7.3, 2.9, 257), (0, 1, 1000), (1, 1000, 33)]:
    a = torch.linspace(start, end, steps)
    print(steps, a.tolist()[:40], a.tolist()[-40:])
    b = torch.linspace(start, end, steps, dtype=torch.float64)
    print(b.tolist()[-12:])
for dt in [torch.int64, torch.int32]:
    print(dt, torch.linspace(0.5, 9.7, 13, dtype=dt).tolist(), torch.linspace(2.5, 90.5, 45, dtype=dt).tolist())
print(torch.linspace(-2.5, 90.5, 45, dtype=torch.int64).tolist())
print(torch.linspace(100, -3, 70, dtype=torch.int32).tolist())
try:
    torch.linspace(0, 1, 5, dtype=torch.bool)
except RuntimeError as e:
    print("RuntimeError:", e)
