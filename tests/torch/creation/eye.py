# torch.eye: square and rectangular identity matrices.
import torch

print(torch.eye(3))
print(torch.eye(2, 3))
print(torch.eye(3, 2))
print(torch.eye(1))
i = torch.eye(3, dtype=torch.int64)
print(i, i.dtype)
print(torch.eye(2, dtype=torch.bool))
print(torch.eye(2, dtype=torch.float64))
print(torch.eye(0).shape)
print(torch.eye(4).sum())
