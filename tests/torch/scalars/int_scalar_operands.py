# Python ints on either side of the arithmetic operators.
import torch

x = torch.tensor([1, 2, 3])
f = torch.tensor([0.5, 1.5, -2.0])
print(x + 1, 1 + x)
print(x - 1, 1 - x)
print(x * 3, 3 * x)
print(x / 2, 2 / x)
print(x // 2, 7 // x)
print(x % 2, 7 % x)
print(f + 1, 1 + f)
print(f - 2, 2 - f)
print(f * 2, 2 * f)
print(f / 2, 3 / f)
print(x + 0, x * 1, x * 0)
print(x - -1, -1 * x)
