# transpose, t, permute and mT reorder dimensions.
import torch

x = torch.arange(6).reshape(2, 3)
print(x.t())
print(torch.t(x))
print(x.transpose(0, 1))
print(torch.transpose(x, 1, 0))
print(x.mT)
y = torch.arange(24).reshape(2, 3, 4)
print(y.transpose(0, 2).shape, y.transpose(-1, -2).shape)
p = y.permute(2, 0, 1)
print(p.shape)
print(p[3])
print(torch.permute(y, (1, 2, 0)).shape)
print(y.mT.shape)
print(y.mT[1])
print(torch.tensor([1, 2, 3]).t())
print(torch.equal(y.permute(2, 1, 0), y.transpose(0, 2)))
