# Binary ops broadcast shapes right-aligned.
import torch

col = torch.tensor([[1.0], [2.0], [3.0]])
row = torch.tensor([10.0, 20.0, 30.0, 40.0])
r = col + row
print(r, r.shape)
m = torch.arange(6.0).reshape(2, 3)
print(m * torch.tensor([1.0, 0.0, -1.0]))
print(m - torch.tensor([[1.0], [2.0]]))
a = torch.ones(2, 1, 3)
b = torch.arange(4.0).reshape(4, 1)
print((a * b).shape)
print(a * b)
print((torch.ones(5, 1, 4) + torch.ones(3, 1)).shape)
print((torch.tensor(2.0) * m).shape)
print((torch.ones(1, 1) + torch.ones(3)).shape)
print((torch.zeros(0, 3) + torch.ones(3)).shape)
print(torch.maximum(col, row))
