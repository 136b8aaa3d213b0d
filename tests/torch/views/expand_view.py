# expand creates stride-0 views of the original data.
import torch

x = torch.tensor([[1.0], [2.0], [3.0]])
e = x.expand(3, 4)
print(e, e.stride())
x[1, 0] = 20.0
print(e)
print(x.expand(2, 3, 4).stride())
y = torch.tensor([1, 2, 3])
print(y.expand(2, 3), y.expand(2, 3).stride())
print(y.expand(2, -1).shape)
print(e.contiguous().stride())
print(e.sum(), e.sum(dim=1))
