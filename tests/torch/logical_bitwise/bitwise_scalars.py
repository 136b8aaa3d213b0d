# Bitwise operators with Python ints on either side.
import torch

x = torch.tensor([0, 1, 2, 3, 4, 5, 6, 7])
print(x & 1, 1 & x)
print(x | 8, 8 | x)
print(x ^ 5, 5 ^ x)
print(x & -2)
print((x & 1) == 0)
print(x & 6 | 1)
print(x ^ x)
