# 0-dim tensors act like scalars in arithmetic and broadcasting.
import torch

s = torch.tensor(2.0)
x = torch.tensor([1.0, 2.0, 3.0])
print(x * s, s * x)
print(x - s, s - x)
print(s / x, x ** s)
print(s + s, (s + s).shape)
print(s * 3, 3 - s, (3 - s).dim())
i = torch.tensor(3)
print(i + 1, 1 - i, i * 2.5)
print(i ** 2, 2 ** i)
m = torch.ones(2, 2)
print(m * i)
print(torch.tensor(5) // torch.tensor(2), torch.tensor(-5) % torch.tensor(3))
