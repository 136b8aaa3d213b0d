# amax / amin reduce over one or several dims and return values only.
import torch

x = torch.arange(24.0).reshape(2, 3, 4) % 7
print(x)
print(x.amax(dim=0))
print(torch.amin(x, dim=1))
print(x.amax(dim=(1, 2)), x.amin(dim=(0, 2)))
print(torch.amax(x, dim=-1, keepdim=True).shape)
print(x.amax(), x.amin())
print(torch.amax(x, dim=(0, 1, 2)))
i = torch.tensor([[3, -7], [1, 4]])
print(i.amax(dim=0), i.amin(dim=1), i.amax(0).dtype)
