# Reflected operators: the scalar is the left operand, so order matters.
import torch

x = torch.tensor([1.0, 2.0, 4.0])
print(10 - x, x - 10)
print(8 / x, x / 8)
print(9 // x, x // 9)
print(9 % x, x % 9)
print(2 ** x, x ** 2)
i = torch.tensor([2, 3, 5])
r = 10 - i
print(r, r.dtype)
r = 30 / i
print(r, r.dtype)
r = 17 // i
print(r, r.dtype)
r = 17 % i
print(r, r.dtype)
r = 2 ** i
print(r, r.dtype)
r = 1.5 - i
print(r, r.dtype)
r = True + i
print(r, r.dtype)
