# Index assignment on a view writes into the base tensor.
import torch

base = torch.zeros(4, 4)
v = base[1:3, 1:3]
v[0, 0] = 1.0
v[:, 1] = 2.0
print(base)
t = base.t()
t[0] = 9.0
print(base)
flat = base.view(-1)
flat[flat == 2.0] = -2.0
print(base)
r = base.reshape(2, 8)
r[1, ::2] = 5.0
print(base)
