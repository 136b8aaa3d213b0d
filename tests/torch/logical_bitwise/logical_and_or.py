# logical_and / logical_or treat any nonzero value as True and return bool.
import torch

a = torch.tensor([True, True, False, False])
b = torch.tensor([True, False, True, False])
print(torch.logical_and(a, b), a.logical_and(b))
print(torch.logical_or(a, b), a.logical_or(b))
f = torch.tensor([0.0, 1.5, -2.0, 0.0])
i = torch.tensor([3, 0, 7, 0])
print(torch.logical_and(f, i), torch.logical_or(f, i))
print(torch.logical_and(f, torch.tensor(True)))
print(torch.logical_or(torch.tensor([[0, 1], [2, 0]]), torch.tensor([0, 0])))
print(torch.logical_and(torch.tensor([float('nan'), 0.0]), torch.tensor([1.0, 1.0])))
