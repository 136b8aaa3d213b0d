# flip reverses the order along the given dims (a copy).
import torch

x = torch.arange(6).reshape(2, 3)
print(torch.flip(x, [0]))
print(x.flip(1))
print(x.flip(dims=(0, 1)))
print(x.flip(-1))
y = torch.arange(8).reshape(2, 2, 2)
print(y.flip([0, 2]))
f = x.flip(0)
f[0, 0] = 100
print(x[1, 0])
print(torch.tensor([1.5, 2.5, 3.5]).flip(0))
