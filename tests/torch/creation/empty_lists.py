# Tensors with a zero-size dimension.
import torch

a = torch.tensor([])
print(a, a.shape, a.dtype, a.numel())
b = torch.tensor([[]])
print(b.shape, b.dim())
c = torch.tensor([], dtype=torch.int64)
print(c, c.dtype)
d = torch.zeros(0, 3)
print(d.shape, d.numel(), len(d))
e = torch.ones(3, 0)
print(e.shape, len(e))
print(a.tolist(), b.tolist(), e.tolist())
print(a.sum(), d.sum(dim=0))
print(torch.arange(0).tolist())
