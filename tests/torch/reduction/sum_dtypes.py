# Integer and bool sums accumulate in int64; floats keep their dtype.
import torch

for t in [torch.tensor([1, 2, 3], dtype=torch.int32), torch.tensor([1, 2, 3]),
          torch.tensor([True, False, True]), torch.tensor([0.5, 1.5]),
          torch.tensor([0.5, 1.5], dtype=torch.float64)]:
    s = t.sum()
    print(s, s.dtype, t.sum(dim=0).dtype)
big = torch.full((4,), 2000000000, dtype=torch.int32)
print(big.sum(), big.sum().dtype)
print(torch.tensor([[True, True], [False, True]]).sum(dim=0))
print(torch.tensor([1, 2], dtype=torch.int32).cumsum(0).dtype)
print(torch.tensor([2, 3], dtype=torch.int32).prod().dtype)
