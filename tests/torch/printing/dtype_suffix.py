# dtype= suffix for dtypes that the values alone would not imply.
import torch

print(torch.tensor([1.0, 2.0]))
print(torch.tensor([1.0, 2.0], dtype=torch.float64))
print(torch.tensor([1, 2]))
print(torch.tensor([1, 2], dtype=torch.int32))
print(torch.tensor([True, False]))
print(torch.tensor(1.0, dtype=torch.float64))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32))
print(torch.tensor([1.5, 2.5], dtype=torch.float64))
print(torch.arange(12, dtype=torch.float64) * 1.5)
print(torch.tensor([1e10], dtype=torch.float64))
