# Scientific notation when the largest magnitude reaches 1e8.
import torch

print(torch.tensor([1e8, 1.0]))
print(torch.tensor([1e9]))
print(torch.tensor([123456789.0, 2.5]))
print(torch.tensor([99999999.0]))
print(torch.tensor([1e20, -3.0, 0.0]))
print(torch.tensor([[1e10, 2e10], [3e10, -4e10]]))
print(torch.tensor(3e12))
print(torch.tensor([1.5e8], dtype=torch.float64))
