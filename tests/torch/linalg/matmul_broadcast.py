# Batched matmul broadcasts the batch dimensions.
import torch

a = torch.arange(24.0).reshape(2, 1, 3, 4)
b = torch.arange(40.0).reshape(5, 4, 2)
r = a @ b
print(r.shape)
print(torch.equal(r[1, 3], a[1, 0] @ b[3]))
print(torch.equal(r[0, 4], a[0, 0] @ b[4]))
print(r[1, 2])
c = torch.arange(6.0).reshape(3, 2)
r = torch.ones(4, 2, 3) @ c
print(r.shape)
print(r[0])
r = torch.matmul(torch.ones(2, 1, 2, 3), torch.ones(3, 3, 1))
print(r.shape, r.sum())
d = torch.arange(8.0).reshape(2, 2, 2)
print(d @ d)
