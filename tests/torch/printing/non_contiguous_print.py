# Printing views prints their logical order, not the storage order.
import torch

x = torch.arange(12).reshape(3, 4)
print(x.t())
print(x[:, ::2])
print(x.flip(0))
print(x.expand(2, 3, 4)[1])
print(x[1:, 1:3])
print(torch.arange(6.0).reshape(2, 3).t() / 2)
