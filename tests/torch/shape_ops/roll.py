# roll shifts elements cyclically, flat or along dims.
import torch

x = torch.arange(6)
print(torch.roll(x, 2), x.roll(-1), x.roll(6), x.roll(8))
m = torch.arange(12).reshape(3, 4)
print(torch.roll(m, 1))
print(torch.roll(m, 1, 0))
print(m.roll(shifts=-1, dims=1))
print(torch.roll(m, shifts=(1, 2), dims=(0, 1)))
print(m.roll(shifts=(1, -1), dims=(1, 0)))
