# 3-d and 4-d tensors: blocks separated by blank lines.
import torch

print(torch.arange(8).reshape(2, 2, 2))
print(torch.arange(12.0).reshape(2, 3, 2) / 4)
print(torch.zeros(1, 2, 3))
print(torch.arange(16).reshape(2, 2, 2, 2))
print(torch.tensor([[[True]], [[False]]]))
