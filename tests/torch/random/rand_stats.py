# Loose statistics of uniform samples.
import torch

torch.manual_seed(5)
u = torch.rand(10000)
print(abs(u.mean().item() - 0.5) < 0.02)
print(abs(u.var().item() - 1.0 / 12.0) < 0.01)
print(bool(((u < 0.25).float().mean() - 0.25).abs() < 0.03))
h = torch.floor(u * 4).long()
counts = [int((h == k).sum()) for k in range(4)]
print(all(2200 < c < 2800 for c in counts), sum(counts))
m = torch.rand(100, 100)
print(bool((m.mean(dim=0) - 0.5).abs().max() < 0.2))
