# Reductions of transposed and sliced (non-contiguous) tensors.
import torch

x = torch.arange(12.0).reshape(3, 4)
t = x.t()
print(t.is_contiguous())
print(t.sum(dim=0), t.sum(dim=1))
print(t.max(dim=1))
print(x[:, ::2].sum(dim=1), x[::2].mean(dim=0))
print(x[:, 1].prod(), x[1:, 2:].cumsum(dim=0))
print(t.argmax(dim=1), t[1:].amin(dim=0))
