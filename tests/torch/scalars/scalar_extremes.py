# Large and special Python scalars as operands.
import torch

x = torch.tensor([1, 2, 3])
print(x * 1000000000, (x * 1000000000).dtype)
print(x + 2 ** 40)
print(x * 2 ** 50)
f = torch.tensor([1.0, -1.0, 0.0])
print(f * 1e30)
print(f * float('inf'))
print(f + float('nan'))
print(f / 1e-30)
print(torch.tensor([1.0, 2.0]) * 1e-3)
