# Floats that are all integers print as "1." with no decimals.
import torch

print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([0.0, -1.0, 100.0]))
print(torch.tensor([[1.0, 20.0], [-300.0, 4.0]]))
print(torch.zeros(3))
print(torch.tensor([-0.0, 0.0]))
print(torch.tensor([1000.0, 1.0]))
print(torch.tensor([5.0], dtype=torch.float64))
print(torch.arange(6.0).reshape(2, 3))
print(torch.tensor([1e7, 1.0]))
