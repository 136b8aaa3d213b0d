# Reductions of a 3-d tensor along each dim agree with step-by-step reductions.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x.sum(dim=0))
print(x.sum(dim=1))
print(x.max(dim=2).values)
print(x.min(dim=1).indices)
print(torch.equal(x.sum(dim=(1, 2)), x.sum(dim=2).sum(dim=1)))
print(x.float().mean(dim=(0, 2)))
print(x.prod(dim=2))
print(x.argmax(dim=0))
print(x.amax(dim=(0, 1)))
t = x.transpose(0, 2)
print(t.sum(dim=0))
