# numel / len / dim on tensors of many shapes.
import torch

for shape in [(), (0,), (5,), (2, 3), (4, 1, 2), (2, 0, 3), (1, 1, 1, 1)]:
    t = torch.zeros(shape)
    ln = len(t) if t.dim() > 0 else "-"
    print(shape, t.shape, t.dim(), t.numel(), ln)
print(torch.numel(torch.arange(10).reshape(2, 5)[:, 1:]))
