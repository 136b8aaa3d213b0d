# transpose / t / permute are views: writes through them reach the base.
import torch

x = torch.zeros(2, 3)
t = x.t()
t[2, 0] = 5.0
print(x)
p = torch.zeros(2, 3, 4)
q = p.permute(2, 0, 1)
q[3, 1, 2] = 7.0
print(p[1, 2, 3].item(), p.sum().item())
tr = p.transpose(0, 2)
tr[0, 0, 0] = 1.0
print(p[0, 0, 0].item())
m = x.mT
m.fill_(2.0)
print(x)
x.t().t()[0, 0] = -1.0
print(x)
