# In-place results keep the tensor's own dtype (when the cast is allowed).
import torch

f = torch.tensor([1.0, 2.0])
f += torch.tensor([1, 2])
print(f, f.dtype)
f += torch.tensor([0.25, 0.25], dtype=torch.float64)
print(f, f.dtype)
i32 = torch.tensor([1, 2], dtype=torch.int32)
i32 += torch.tensor([100, 200])
print(i32, i32.dtype)
i32 *= 3
print(i32, i32.dtype)
i64 = torch.tensor([5, 6])
i64 += torch.tensor([True, False])
print(i64)
b = torch.tensor([True, False])
b &= torch.tensor([True, True])
print(b, b.dtype)
d = torch.tensor([1.0], dtype=torch.float64)
d *= torch.tensor([3.0])
print(d, d.dtype)
