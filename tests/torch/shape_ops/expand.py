# expand / expand_as broadcast size-1 dims without copying.
import torch

x = torch.tensor([[1], [2], [3]])
print(x.expand(3, 4))
print(x.expand(-1, 2))
print(x.expand(2, 3, 2).shape)
row = torch.tensor([1.0, 2.0])
print(row.expand(3, 2))
target = torch.zeros(4, 2)
print(row.expand_as(target))
print(torch.tensor(7).expand(2, 2))
print(x.expand(3, 1).shape)
print(x.expand(3, 3) + torch.tensor([10, 20, 30]))
