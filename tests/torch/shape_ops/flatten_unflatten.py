# flatten with start_dim / end_dim and unflatten back.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x.flatten().shape)
print(x.flatten(1).shape)
print(x.flatten(start_dim=0, end_dim=1).shape)
print(torch.flatten(x, 1, 2))
print(x.flatten(end_dim=-2).shape)
print(torch.tensor(5).flatten(), torch.tensor(5).flatten().shape)
f = x.flatten(1)
print(f.unflatten(1, (3, 4)).shape)
print(torch.equal(f.unflatten(1, (3, 4)), x))
print(torch.arange(12).unflatten(0, (3, -1)))
print(torch.arange(6).unflatten(-1, (2, 1, 3)).shape)
