# view / reshape with explicit sizes, tuples and -1.
import torch

x = torch.arange(12)
print(x.view(3, 4))
print(x.view(2, -1))
print(x.reshape(-1, 6))
print(x.reshape((2, 3, 2)))
print(x.view(12, 1).shape, x.reshape(1, -1).shape)
print(torch.reshape(x, (4, 3)))
print(x.reshape(2, 2, -1).shape)
m = torch.arange(6.0).reshape(2, 3)
print(m.t().reshape(-1))
print(m.reshape(3, 2))
s = torch.tensor([7])
print(s.reshape(()), s.reshape(()).shape, torch.tensor(5).reshape(1, 1))
print(torch.zeros(0, 4).reshape(-1, 2).shape)
print(x.view(4, 3).shape)
