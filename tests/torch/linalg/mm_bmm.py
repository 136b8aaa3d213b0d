# mm for 2-d only, bmm for batches of matrices.
import torch

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4)
print(torch.mm(a, b))
x = torch.arange(12.0).reshape(2, 2, 3)
y = torch.arange(12.0).reshape(2, 3, 2)
r = torch.bmm(x, y)
print(r, r.shape)
print(x.bmm(y))
print(torch.equal(torch.bmm(x, y)[1], torch.mm(x[1], y[1])))
print(torch.bmm(torch.ones(3, 1, 2), torch.ones(3, 2, 1)).shape)
