# sum over everything, one dim, several dims, keepdim.
import torch

x = torch.arange(24.0).reshape(2, 3, 4)
print(x.sum(), torch.sum(x))
print(x.sum(dim=0))
print(x.sum(1))
print(x.sum(dim=-1))
print(x.sum(dim=(0, 2)))
print(x.sum(dim=(0, 1, 2)), x.sum(dim=[1, 2]))
print(x.sum(dim=1, keepdim=True).shape, x.sum(dim=(0, 2), keepdim=True).shape)
print(torch.sum(x, 2, keepdim=True))
m = torch.tensor([[1, 2], [3, 4]])
print(m.sum(), m.sum(0), m.sum(1))
print(torch.tensor(5.0).sum(), torch.tensor([]).sum())
