# kiln-float-tolerance: 1e-4
# sin, cos, tan, tanh.
import torch
import math

x = torch.tensor([0.0, math.pi / 6, math.pi / 4, math.pi / 3, -1.0])
print(torch.sin(x))
print(x.sin())
print(torch.cos(x))
print(x.cos())
print(torch.tan(torch.tensor([0.0, math.pi / 4, -1.0, 1.2])))
print(torch.tanh(torch.tensor([0.0, 0.5, -2.0, 20.0, -20.0])))
print(torch.tensor([1.0]).tanh())
r = torch.sin(torch.tensor([0, 1, 2]))
print(r, r.dtype)
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
print(torch.cos(d), torch.tanh(d))
print(torch.sin(x) ** 2 + torch.cos(x) ** 2)
