# In-place ops on a base are visible in all of its views and vice versa.
import torch

base = torch.ones(2, 4)
row = base[0]
col = base[:, 1]
t = base.t()
flat = base.view(-1)
base.mul_(3)
print(row, col)
t.add_(1)
print(base)
flat[::2] = 0.0
print(base)
col.copy_(torch.tensor([7.0, 8.0]))
print(row, t[1])
base.zero_()
print(row.sum(), col.sum(), flat.sum())
