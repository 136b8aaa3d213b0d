# Assignment through ... and None.
import torch

x = torch.zeros(2, 3, 2)
x[..., 0] = 1.0
print(x)
x[1, ...] = 5.0
print(x)
x[None, 0, 0] = torch.tensor([7.0, 8.0])
print(x[0])
x[...] = 2.0
print(x.sum().item())
v = torch.zeros(3)
v[...] = torch.tensor([1.0, 2.0, 3.0])
print(v)
s = torch.tensor(4.0)
s[...] = 9.0
print(s)
