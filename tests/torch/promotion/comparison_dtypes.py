# Comparisons always give bool, whatever the operand dtypes.
import torch

i = torch.tensor([1, 2, 3])
f = torch.tensor([1.5, 2.0, 2.5])
d = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
for r in [i == f, i < f, i >= d, f != 2, i > 1.5, d == i, i == torch.tensor(2)]:
    print(r, r.dtype)
