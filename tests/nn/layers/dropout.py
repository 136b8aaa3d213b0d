# nn.Dropout is the identity in eval mode and with p=0; in training mode with
# p>0 it zeroes some entries and scales the rest by 1/(1-p).
import torch
from torch import nn

x = torch.arange(1.0, 9.0).view(2, 4).requires_grad_()
d = nn.Dropout(0.5)
d.eval()
y = d(x)
print(torch.equal(y, x), y.requires_grad)
y.sum().backward()
print(x.grad)

d0 = nn.Dropout(p=0.0)
print(d0.training, torch.equal(d0(x), x))

torch.manual_seed(0)
d.train()
big = torch.ones(10000)
out = d(big)
kept = out != 0
print(((out == 0) | (out == 2)).all().item())
print(0.45 < kept.float().mean().item() < 0.55)

# the gradient goes only through the kept entries, scaled the same way
v = torch.ones(1000, requires_grad=True)
o = d(v)
o.sum().backward()
print(torch.equal(v.grad, o.detach()))

d1 = nn.Dropout(p=1.0)
print(d1(torch.ones(4)))
