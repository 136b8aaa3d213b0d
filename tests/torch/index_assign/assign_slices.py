# Assignment through slices broadcasts the value.
import torch

x = torch.zeros(3, 4)
x[:, 1] = 5.0
print(x)
x[1:, 2:] = -1.0
print(x)
x[::2, ::3] = 8.0
print(x)
x[0, :] = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(x)
x[:, 0] = torch.tensor([10.0, 20.0, 30.0])
print(x)
x[1:] = torch.tensor([0.5, 0.5, 0.5, 0.5])
print(x)
x[:] = 0
print(x.sum())
