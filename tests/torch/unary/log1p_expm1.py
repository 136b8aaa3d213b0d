# kiln-float-tolerance: 1e-4
# log1p and expm1 are accurate for tiny arguments.
import torch

x = torch.tensor([0.0, 1e-10, 1.0, -0.5])
print(torch.log1p(x))
print(x.log1p())
print(torch.expm1(x))
print(x.expm1())
print(torch.log1p(x)[1].item() > 0, torch.expm1(x)[1].item() > 0)
print(torch.log1p(torch.tensor([-1.0, -2.0])))
d = torch.tensor([1e-12, 2.0], dtype=torch.float64)
print(torch.log1p(d), torch.expm1(d))
r = torch.expm1(torch.tensor([0, 1]))
print(r, r.dtype)
