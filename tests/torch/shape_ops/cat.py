# cat joins tensors along an existing dim.
import torch

a = torch.tensor([[1, 2], [3, 4]])
b = torch.tensor([[5, 6]])
print(torch.cat([a, b]))
print(torch.cat((a, b), dim=0))
c = torch.tensor([[7], [8]])
print(torch.cat([a, c], dim=1))
print(torch.cat([a, c, a], dim=-1))
print(torch.cat([torch.arange(3), torch.arange(2), torch.tensor([9])]))
print(torch.cat([a]))
x = torch.zeros(2, 3, 1)
y = torch.ones(2, 3, 2)
print(torch.cat([x, y], dim=2).shape)
print(torch.cat([torch.tensor([1.5]), torch.tensor([2, 3])]))
print(torch.cat([torch.zeros(0, 2), a]))
print(torch.cat([a.t(), a], dim=0))
