# kiln-float-tolerance: 1e-4
# mean over everything, dims, keepdim; float dtypes only.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]])
print(x.mean(), torch.mean(x))
print(x.mean(dim=0), x.mean(dim=1))
print(x.mean(dim=-1, keepdim=True))
print(x.mean(dim=(0, 1)))
print(torch.mean(x, 0, keepdim=True))
d = torch.tensor([1.0, 2.0, 4.0], dtype=torch.float64)
print(d.mean(), d.mean().dtype)
print(torch.arange(10.0).reshape(2, 5).mean(1))
print(torch.tensor([1, 2, 4]).float().mean())
print(torch.ones(2, 3, 4).mean(dim=(0, 2)))
