# view() returns a tensor sharing storage: writes go both ways.
import torch

x = torch.arange(6.0)
v = x.view(2, 3)
print(v)
v[0, 1] = 100.0
print(x)
x[5] = -1.0
print(v)
v.add_(1)
print(x)
w = v.view(-1)
w[0] = 42.0
print(x, v[0, 0])
print(v.view(3, 2))
print(x.view(1, 6).shape, x.view(-1, 2).shape, x.view(2, -1).shape)
