# reshape returns a view when it can and a copy when it must.
import torch

x = torch.arange(6.0).reshape(2, 3)
r = x.reshape(3, 2)
r[0, 0] = 100.0
print(x[0, 0].item())
t = x.t()
c = t.reshape(6)
c[0] = -5.0
print(x[0, 0].item(), c[0].item())
print(c)
f = t.flatten()
f[1] = -9.0
print(x)
print(t.reshape(3, 2).shape, t.reshape(3, 2).is_contiguous())
