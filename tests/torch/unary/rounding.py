# floor, ceil, round (half to even), trunc.
import torch

x = torch.tensor([-2.5, -1.5, -0.7, 0.2, 0.5, 1.5, 2.5, 3.7])
print(torch.floor(x))
print(torch.ceil(x))
print(torch.round(x))
print(torch.trunc(x))
print(x.floor(), x.ceil())
print(x.round(), x.trunc())
# on integer tensors they are the identity and keep the dtype
i = torch.tensor([-3, 0, 4])
for r in [torch.floor(i), torch.ceil(i), torch.round(i), torch.trunc(i)]:
    print(r, r.dtype)
d = torch.tensor([0.5, 1.5, 2.5, -0.5], dtype=torch.float64)
print(torch.round(d))
print(torch.floor(torch.tensor([1e10 + 0.5], dtype=torch.float64)).item())
