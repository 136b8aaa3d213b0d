# copy_ copies values in place, broadcasting and converting dtypes.
import torch

x = torch.zeros(2, 3)
x.copy_(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print(x)
x.copy_(torch.tensor([7, 8, 9]))
print(x, x.dtype)
x.copy_(torch.tensor(0.5))
print(x)
i = torch.zeros(3, dtype=torch.int64)
i.copy_(torch.tensor([1.9, -1.9, 2.5]))
print(i)
src = torch.arange(6.0).reshape(3, 2)
d = torch.zeros(2, 3)
d.copy_(src.t())
print(d)
src[0, 0] = 100.0
print(d[0, 0])
v = torch.zeros(4)
v[1:3].copy_(torch.tensor([5.0, 6.0]))
print(v)
