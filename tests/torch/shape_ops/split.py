# split by a chunk size or by a list of sizes.
import torch

x = torch.arange(10)
print(x.split(4))
print(torch.split(x, 5))
print(x.split([2, 3, 5]))
print(x.split([10]))
m = torch.arange(12).reshape(2, 6)
a, b, c = m.split(2, dim=1)
print(a, b, c, sep="\n")
p, q = torch.split(m, [1, 5], dim=1)
print(p.shape, q.shape)
print(q)
print(len(x.split(3)), x.split(3)[-1])
print(torch.split(m, [1, 1], dim=0)[1])
