# unsqueeze / squeeze / flatten of contiguous tensors share storage.
import torch

x = torch.zeros(3, 1, 2)
s = x.squeeze()
print(s.shape)
s[2, 1] = 5.0
print(x[2, 0, 1].item())
u = x.unsqueeze(0)
u[0, 0, 0, 0] = 1.0
print(x[0, 0, 0].item())
print(x.squeeze(1).shape, x.unsqueeze(-1).shape)
f = x.flatten()
f[3] = 9.0
print(x)
print(f.shape, f.stride())
