# In-place ops on views update the base and every other view.
import torch

base = torch.arange(12.0).reshape(3, 4)
row = base[1]
col = base[:, 2]
t = base.t()
row.mul_(-1)
print(base)
col.add_(100)
print(row)
t[0].fill_(0)
print(base)
base.view(-1)[::5].zero_()
print(t)
d = base[1:, 1:]
d.clamp_(min=0.0, max=50.0)
print(base)
col.neg_()
print(base[:, 2], t[2])
