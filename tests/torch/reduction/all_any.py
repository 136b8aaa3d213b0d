# all / any on bools, numbers, with and without dim.
import torch

b = torch.tensor([[True, False, True], [True, True, True]])
print(b.all(), b.any())
print(b.all(dim=1), b.any(dim=0))
print(torch.all(b, dim=0), torch.any(b, 1))
print(b.all(dim=1, keepdim=True))
f = torch.tensor([0.0, 1.0, -2.0])
print(f.all(), f.any(), f.all().dtype)
i = torch.tensor([[0, 0], [0, 3]])
print(i.any(), i.all(), i.any(dim=1))
print(torch.tensor([]).all(), torch.tensor([]).any())
print(torch.tensor([float('nan')]).all())
print(bool(b.any()), bool(b.all()))
