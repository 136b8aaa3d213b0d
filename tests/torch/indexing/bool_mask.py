# Boolean masks select elements (a 1-d copy) or whole slices.
import torch

x = torch.tensor([[1, -2, 3], [-4, 5, -6]])
print(x[x > 0])
print(x[x < 0], x[x == 100])
mask = torch.tensor([[True, False, False], [False, True, True]])
print(x[mask])
print(x[torch.tensor([False, True])])
print(x[:, torch.tensor([True, False, True])])
print(x[torch.tensor([True, True])].shape)
v = torch.tensor([0.5, 1.5, 2.5, 3.5])
print(v[v > 1.0], v[(v > 1.0) & (v < 3.0)])
sel = x[x > 0]
sel[0] = 100
print(x[0, 0])
print(x[x > 0].shape, x[x > 100].shape)
