# narrow / select / indexing with ints and slices are views.
import torch

x = torch.arange(12.0).reshape(3, 4)
n = x.narrow(1, 1, 2)
print(n, n.storage_offset(), n.stride())
n.zero_()
print(x)
s = x.select(0, 2)
s.mul_(10)
print(x)
row = x[1]
row[:] = -1.0
print(x)
col = x[:, 3]
col += 1000
print(x)
