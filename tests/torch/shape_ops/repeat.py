# repeat tiles a tensor (a copy).
import torch

x = torch.tensor([1, 2, 3])
print(x.repeat(2))
print(x.repeat(2, 2))
print(x.repeat(3, 1, 2).shape)
m = torch.tensor([[1, 2], [3, 4]])
print(m.repeat(2, 3))
print(m.repeat(1, 1))
r = m.repeat(2, 1)
r[0, 0] = 100
print(m[0, 0])
print(torch.tensor(5).repeat(3))
print(m.repeat(2, 1, 1))
