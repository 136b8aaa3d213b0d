# torch.linspace: evenly spaced values including both ends.
import torch

a = torch.linspace(0, 1, 5)
print(a, a.dtype)
print(torch.linspace(-1, 1, steps=3))
print(torch.linspace(0, 10, 11))
print(torch.linspace(2, 2, 4))
print(torch.linspace(5, 1, 5))
print(torch.linspace(0, 1, 1))
print(torch.linspace(0, 1, 2))
b = torch.linspace(0, 3, 4, dtype=torch.float64)
print(b, b.dtype)
print(torch.linspace(-2.5, 2.5, 6))
print(torch.linspace(0, 1, 0).shape)
