# Empty tensors: tensor([]) and, for other shapes, size=(...); dtype when not float32.
import torch

print(torch.tensor([]))
print(torch.zeros(0, 3))
print(torch.zeros(2, 0, 3))
print(torch.tensor([[]]))
print(torch.tensor([], dtype=torch.int64))
print(torch.tensor([], dtype=torch.bool))
print(torch.tensor([], dtype=torch.float64))
print(torch.zeros(0, 2, dtype=torch.int32))
print(torch.arange(0))
print(torch.arange(10)[5:2])
print(repr(torch.ones(3, 0)))
