# clamp with scalar and tensor bounds, one or both sides.
import torch

x = torch.tensor([-3.0, -1.0, 0.0, 0.5, 2.0, 7.0])
print(torch.clamp(x, -1.0, 1.0))
print(torch.clamp(x, min=0.0))
print(torch.clamp(x, max=0.5))
print(x.clamp(-2, 2))
print(x.clamp(min=1))
lo = torch.tensor([-2.0, 0.0, 0.0, 1.0, 1.0, 1.0])
hi = torch.tensor([0.0, 0.0, 1.0, 2.0, 1.5, 10.0])
print(torch.clamp(x, min=lo, max=hi))
print(x.clamp(max=hi))
# min greater than max: every element becomes max
print(torch.clamp(x, min=3.0, max=1.0))
i = torch.tensor([-5, 0, 5, 10])
print(torch.clamp(i, 0, 6), torch.clamp(i, 0, 6).dtype)
print(i.clamp(min=-1))
print(torch.clamp(torch.tensor([[1.0, 9.0], [4.0, -4.0]]), -2.0, 5.0))
print(torch.clamp(torch.tensor([float('nan'), 1.0]), 0.0, 0.5))
