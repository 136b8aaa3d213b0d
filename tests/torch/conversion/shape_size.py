# shape, size(), size(dim), dim(), ndim, numel(), torch.numel, len.
import torch

x = torch.zeros(2, 3, 4)
print(x.shape)
print(x.size())
print(x.size(0), x.size(1), x.size(-1), x.size(dim=2))
print(x.dim(), x.ndim, x.numel(), torch.numel(x))
print(len(x), len(x[0]), len(x[0, 0]))
s = torch.tensor(5.0)
print(s.shape, s.size(), s.dim(), s.ndim, s.numel())
e = torch.zeros(0, 7)
print(e.shape, e.numel(), len(e))
print(x.shape[1], x.shape[-1])
print(x.shape == (2, 3, 4), x.shape == torch.Size([2, 3, 4]), x.size() == x.shape)
print(x.shape != (2, 3))
