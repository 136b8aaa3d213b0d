# Comparisons promote the operands before comparing.
import torch

i = torch.tensor([1, 2, 3])
f = torch.tensor([1.0, 2.5, 3.0])
d = torch.tensor([1.0, 2.0, 2.9999999], dtype=torch.float64)
print(i == f, i < f)
print(i == d, i > d)
print(f == d)
i32 = torch.tensor([1, 2, 3], dtype=torch.int32)
print(i32 == i, i32 >= torch.tensor([2]))
b = torch.tensor([True, False, True])
print(b == i, b < f)
print(b == torch.tensor([True, True, True]))
