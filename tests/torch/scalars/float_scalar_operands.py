# Python floats on either side of the arithmetic operators.
import torch

f = torch.tensor([1.0, 2.0, 4.0])
print(f + 0.5, 0.5 + f)
print(f - 0.25, 0.25 - f)
print(f * 1.5, 1.5 * f)
print(f / 0.5, 2.0 / f)
print(f // 1.5, 5.5 // f)
print(f % 1.5, 5.5 % f)
i = torch.tensor([1, 2, 4])
for r in [i + 0.5, 0.5 - i, 2.5 * i, 1.0 / i, 5.0 // i, 5.5 % i]:
    print(r, r.dtype)
