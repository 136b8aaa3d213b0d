# Long rows wrap at 80 characters.
import torch

print(torch.arange(30.0) * 1.5)
print(torch.arange(40))
print(torch.arange(25.0))
print(torch.arange(12.0).reshape(1, 12) / 3)
print(torch.arange(100, 140).reshape(2, 20))
print(torch.tensor([True, False] * 12))
print(torch.arange(20.0, dtype=torch.float64) / 4)
