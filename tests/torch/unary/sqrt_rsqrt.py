# kiln-float-tolerance: 1e-4
# sqrt and rsqrt, with exact squares, negative inputs and zero.
import torch

x = torch.tensor([0.0, 1.0, 4.0, 2.25, 100.0])
print(torch.sqrt(x))
print(x.sqrt())
print(torch.rsqrt(torch.tensor([1.0, 4.0, 0.25, 16.0])))
print(torch.tensor([4.0, 9.0]).rsqrt())
print(torch.sqrt(torch.tensor([-1.0, 2.0])))
print(torch.rsqrt(torch.tensor([0.0, -4.0])))
r = torch.sqrt(torch.tensor([9, 16, 2]))
print(r, r.dtype)
print(torch.sqrt(torch.tensor([2.0], dtype=torch.float64)))
print(torch.sqrt(torch.tensor(6.25)))
