# 0-dim tensors from Python scalars.
import torch

a = torch.tensor(3)
print(a, a.dtype, a.shape, a.dim(), a.numel())
b = torch.tensor(2.5)
print(b, b.dtype, b.shape)
c = torch.tensor(True)
print(c, c.dtype)
d = torch.tensor(-7, dtype=torch.int32)
print(d, d.dtype)
e = torch.tensor(1e-3)
print(e)
print(a.item(), b.item(), c.item())
print(a + b, (a + b).shape)
print(a.tolist(), b.tolist())
print(torch.tensor([3]).shape, torch.tensor([[3]]).shape)
