# cumsum / cumprod along a dim.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(torch.cumsum(x, dim=0))
print(torch.cumsum(x, dim=1))
print(x.cumsum(-1))
print(torch.cumprod(x, dim=1))
print(x.cumprod(dim=0))
i = torch.tensor([1, 2, 3, 4, 5])
print(i.cumsum(0), i.cumprod(0), i.cumsum(0).dtype)
b = torch.tensor([True, False, True, True])
print(b.cumsum(dim=0), b.cumsum(dim=0).dtype)
print(torch.tensor([2.0, -0.5, 4.0]).cumprod(0))
print(torch.tensor([]).cumsum(0))
