# torch.tensor from Python lists: dtype inferred from the elements, shape from the nesting.
import torch

a = torch.tensor([1, 2, 3])
print(a, a.dtype, a.shape)

b = torch.tensor([[1.5, 2.0], [3.0, -4.25]])
print(b)
print(b.dtype, b.shape)

c = torch.tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
print(c)
print(c.shape, c.dim())

d = torch.tensor([True, False, True])
print(d, d.dtype)

# mixing int and float gives the default float dtype, bool and int give int64
e = torch.tensor([1, 2.5, 3])
print(e, e.dtype)
f = torch.tensor([True, 2, 3])
print(f, f.dtype)
g = torch.tensor([[True, 1.5], [0, 2]])
print(g, g.dtype)

# tuples work like lists
h = torch.tensor(((1, 2), (3, 4)))
print(h)
