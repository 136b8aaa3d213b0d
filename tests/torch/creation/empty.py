# torch.empty: only the shape and dtype are defined, never the values.
import torch

a = torch.empty(2, 3)
print(a.shape, a.dtype, a.numel())
b = torch.empty((4,), dtype=torch.int64)
print(b.shape, b.dtype)
c = torch.empty([2, 0, 5], dtype=torch.float64)
print(c.shape, c.dtype, c.numel())
d = torch.empty(3, dtype=torch.bool)
print(d.shape, d.dtype, d.is_contiguous(), d.stride())
e = torch.empty(0)
print(e.shape, e.numel(), e)
# writing into an empty tensor then reading gives what was written
f = torch.empty(2, 2)
f.fill_(3.5)
print(f)
