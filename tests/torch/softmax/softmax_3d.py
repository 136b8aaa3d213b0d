# kiln-float-tolerance: 1e-4
# softmax of a 3-d tensor along each dim: every slice sums to 1.
import torch

x = torch.arange(24.0).reshape(2, 3, 4) / 10
for d in [0, 1, 2, -1]:
    s = torch.softmax(x, dim=d)
    print(d, s.shape)
    print(torch.allclose(s.sum(dim=d), torch.ones(1)))
print(torch.softmax(x, dim=2)[1])
print(x.softmax(dim=0)[:, 0, 0])
print(torch.softmax(x.transpose(0, 2), dim=0)[:, 0, 0])
