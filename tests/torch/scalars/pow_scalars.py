# kiln-float-tolerance: 1e-4
# ** with scalars on each side.
import torch

x = torch.tensor([1.0, 2.0, 3.0, 0.5])
print(x ** 2)
print(x ** 3)
print(x ** 0.5)
print(x ** -1)
print(x ** -2.0)
print(x ** 0)
print(2 ** x)
print(2.0 ** x)
print(0.5 ** x)
print(10 ** torch.tensor([0, 1, 2, 3]))
print(1 ** x, 0 ** x)
i = torch.tensor([0, 1, 2, 3])
print(i ** 2, i ** 1, i ** 0)
print((-1) ** i)
print(3 ** i, (3 ** i).dtype)
print((-2.0) ** torch.tensor([2.0, 3.0, 0.5]))
