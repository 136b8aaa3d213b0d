# Basic slicing makes views with offset and strides; modifying them changes the base.
import torch

x = torch.arange(20).reshape(4, 5)
s = x[1:3, ::2]
print(s, s.shape, s.stride(), s.storage_offset())
s[0, 0] = -100
print(x[1, 0])
s.fill_(0)
print(x)
r = x[-1]
print(r, r.storage_offset())
e = x[..., 2]
e += 50
print(x[:, 2])
n = x[None, 1:2, 3:]
print(n.shape, n.stride())
n[0, 0, 0] = 7
print(x[1])
