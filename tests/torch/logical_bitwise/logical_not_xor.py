# logical_not / logical_xor.
import torch

a = torch.tensor([True, True, False, False])
b = torch.tensor([True, False, True, False])
print(torch.logical_not(a), a.logical_not())
print(torch.logical_xor(a, b), a.logical_xor(b))
f = torch.tensor([0.0, 2.5, -1.0])
print(torch.logical_not(f))
i = torch.tensor([0, 4, -4])
print(torch.logical_not(i), torch.logical_xor(i, f))
print(torch.logical_not(torch.tensor(0)), torch.logical_not(torch.tensor(3.0)))
print(torch.logical_not(torch.logical_not(i)))
