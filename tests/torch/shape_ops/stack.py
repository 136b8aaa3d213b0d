# stack joins tensors along a new dim.
import torch

a = torch.tensor([1, 2, 3])
b = torch.tensor([4, 5, 6])
print(torch.stack([a, b]))
print(torch.stack([a, b], dim=1))
print(torch.stack((a, b, a), dim=-1).shape)
m = torch.arange(6).reshape(2, 3)
print(torch.stack([m, m * 10]).shape)
print(torch.stack([m, m * 10], dim=1))
print(torch.stack([m, m], dim=2).shape)
print(torch.stack([torch.tensor(1.0), torch.tensor(2.0)]))
print(torch.stack([a]).shape)
