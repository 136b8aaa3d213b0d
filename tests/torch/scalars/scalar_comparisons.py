# Comparisons with Python scalars on either side.
import torch

x = torch.tensor([1.0, 2.0, 3.0, 2.5])
print(x > 2, 2 < x)
print(x >= 2.5, 2.5 <= x)
print(x == 2, 2 == x)
print(x != 3.0, 3 != x)
print(x < 2.5, 2.5 > x)
i = torch.tensor([1, 2, 3])
print(i > 1.5, i == 2.0, i <= 2)
print(1 < i, 2.5 >= i)
print(i == True, i > False)
