# kiln-float-tolerance: 1e-6
# F.normalize: the default 2-norm over dim 1, other dims and p (1, inf),
# zero rows (eps), a 3-d input, and a hot function compiled at tier 1
# (its norm and division fused into one kernel).
import torch
import torch.nn.functional as F

x = torch.arange(12.0).reshape(3, 4) - 5.0
print(F.normalize(x))
print(F.normalize(x, dim=0))
print(F.normalize(x, p=1.0, dim=-1))
print(F.normalize(x, p=float('inf'), dim=1))
print(F.normalize(torch.zeros(2, 3), dim=1))
print(F.normalize(torch.ones(2, 2, 3) * torch.tensor([1.0, -2.0, 3.0]), dim=-1, eps=0.5))


def f(t):
    return F.normalize(t * 2.0 + 1.0, dim=-1) * 3.0


for _ in range(4):
    r = f(x)
print(r)
