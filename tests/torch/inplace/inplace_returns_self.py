# In-place methods return the tensor itself, so they chain.
import torch

x = torch.zeros(3)
y = x.fill_(2.0).add_(1.0).mul_(2.0)
print(y, y is x)
z = x.zero_()
print(z is x, x)
s = torch.tensor([4.0, 16.0])
r = s.sqrt_().neg_().abs_()
print(r is s, s)
c = torch.zeros(2)
print(c.copy_(torch.tensor([1.0, 2.0])) is c)
print(torch.ones(2).clamp_(max=0.5).pow_(2))
