# nan compares unequal to everything, itself included.
import torch

nan = float('nan')
inf = float('inf')
x = torch.tensor([nan, 1.0, inf, -inf])
print(x == x)
print(x != x)
print(x < 2, x > 2, x >= -inf)
print(x == nan)
print(x == inf, x < inf)
y = torch.tensor([nan, nan])
print(torch.equal(y, y))
print(torch.eq(x, torch.tensor([nan, 1.0, inf, inf])))
