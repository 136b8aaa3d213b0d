# narrow(dim, start, length) and select(dim, index).
import torch

x = torch.arange(20).reshape(4, 5)
print(x.narrow(0, 1, 2))
print(x.narrow(1, 2, 3))
print(torch.narrow(x, 1, 0, 1))
print(x.narrow(0, -2, 2))
print(x.select(0, 1))
print(x.select(1, -1))
print(torch.select(x, 1, 2))
print(x.select(0, 0).shape, x.narrow(0, 0, 1).shape)
print(x.narrow(1, 4, 0).shape)
