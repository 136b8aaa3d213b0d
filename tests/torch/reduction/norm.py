# kiln-float-tolerance: 1e-4
# norm: the 2-norm by default, p=1 on request, over everything or along a dim.
import torch

x = torch.tensor([[3.0, -4.0], [0.0, 12.0]])
print(torch.norm(x), x.norm())
print(torch.norm(x, p=1), x.norm(p=1))
print(torch.norm(x, dim=1), x.norm(dim=0))
print(x.norm(p=1, dim=1))
print(x.norm(dim=1, keepdim=True))
print(torch.norm(torch.tensor([3.0, 4.0])))
print(torch.norm(torch.tensor([1.0, 2.0, 2.0], dtype=torch.float64)))
print(torch.tensor([1.0, -1.0, 1.0, -1.0]).norm(p=2))
print(torch.norm(torch.zeros(3)))
