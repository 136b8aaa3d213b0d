# rand: uniform on [0, 1), any shape; only shapes, dtypes and ranges are checked.
import torch

torch.manual_seed(1)
a = torch.rand(5)
print(a.shape, a.dtype)
print(bool((a >= 0).all()), bool((a < 1).all()))
b = torch.rand(3, 4)
print(b.shape, b.dtype, b.is_contiguous())
c = torch.rand((2, 3, 2))
print(c.shape)
d = torch.rand(1000, dtype=torch.float64)
print(d.dtype, bool((d >= 0).all() and (d < 1).all()))
print(torch.rand(0).shape, torch.rand(()).shape)
print(bool(d.min() < 0.05), bool(d.max() > 0.95))
print(bool((d[1:] != d[:-1]).any()))
