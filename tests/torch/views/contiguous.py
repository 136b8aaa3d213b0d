# is_contiguous() and contiguous(): a copy for non-contiguous tensors only.
import torch

x = torch.arange(6.0).reshape(2, 3)
print(x.is_contiguous())
t = x.t()
print(t.is_contiguous(), t.stride())
c = t.contiguous()
print(c.is_contiguous(), c.stride())
print(torch.equal(c, t))
c[0, 0] = 99.0
print(x[0, 0])
print(x.contiguous() is x)
s = x[:, ::2]
print(s.is_contiguous(), s.contiguous().stride())
print(x[1].is_contiguous(), x[:, 1].is_contiguous())
print(x[:1].is_contiguous(), x[1:, 1:].is_contiguous())
print(torch.zeros(2, 3).expand(4, 2, 3).is_contiguous())
