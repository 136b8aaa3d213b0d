# matmul of transposed and sliced (non-contiguous) operands.
import torch

a = torch.arange(12.0).reshape(3, 4)
print(a @ a.t())
print(a.t() @ a)
print(a[:, ::2] @ a[:2, 1:3])
print(a.mT @ torch.ones(3))
print(torch.mm(a[1:], a.t()[:, 1:]))
b = torch.arange(24.0).reshape(2, 3, 4)
print(b @ b.transpose(1, 2))
print(b.mT.shape, (b.mT @ b).shape)
