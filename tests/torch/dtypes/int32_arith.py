# int32 tensors keep int32 through arithmetic with ints and other int32 tensors.
import torch

a = torch.tensor([10, -7, 3], dtype=torch.int32)
b = torch.tensor([3, 2, -2], dtype=torch.int32)
for r in [a + b, a - b, a * b, a + 5, 5 * a, a - 100, -a, abs(a), a // b, a % b]:
    print(r, r.dtype)
print(a.sum(), a.sum().dtype)
print(a.max(), a.max().dtype)
print((a / b).dtype)
print((a + 0.5).dtype)
