# zeros_like / ones_like / full_like / empty_like keep shape and dtype unless told.
import torch

x = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int32)
z = torch.zeros_like(x)
print(z, z.dtype)
o = torch.ones_like(x)
print(o)
f = torch.full_like(x, 9)
print(f)
# the fill value is cast to the tensor's dtype
print(torch.full_like(x, 2.9))
e = torch.empty_like(x)
print(e.shape, e.dtype)

y = torch.tensor([0.5, 1.5])
print(torch.zeros_like(y), torch.ones_like(y))
print(torch.full_like(y, -1.25))
print(torch.ones_like(y, dtype=torch.int64))
print(torch.zeros_like(x, dtype=torch.float64))
print(torch.empty_like(y, dtype=torch.bool).dtype)
b = torch.tensor([True, False])
print(torch.ones_like(b), torch.full_like(b, False))
# the new tensor does not share storage with the original
o[0, 0] = 100
print(x[0, 0])
