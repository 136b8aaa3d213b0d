# An int tensor combined with a Python float becomes the default float dtype.
import torch

i64 = torch.tensor([1, 2, 3])
i32 = torch.tensor([1, 2, 3], dtype=torch.int32)
for r in [i64 + 1.5, i64 * 0.5, i64 - 0.25, 1.5 + i64, i32 + 1.5, i32 * 2.0, 0.5 * i32]:
    print(r, r.dtype)
# a float that happens to be integral still promotes
r = i64 + 1.0
print(r, r.dtype)
r = torch.add(i32, 2.0)
print(r, r.dtype)
r = i64.mul(0.5)
print(r, r.dtype)
