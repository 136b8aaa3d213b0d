# More than 1000 elements: only the first and last three are shown.
import torch

print(torch.arange(2000.0))
print(torch.arange(1001))
print(torch.arange(1000).shape)
print(torch.ones(1500))
print(torch.arange(1200) * 2 - 1000)
print(torch.zeros(5000, dtype=torch.bool))
