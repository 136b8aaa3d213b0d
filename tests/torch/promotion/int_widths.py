# int32 with int64 tensors gives int64.
import torch

i32 = torch.tensor([100, -200], dtype=torch.int32)
i64 = torch.tensor([1, 2])
for r in [i32 + i64, i64 - i32, i32 * i64, torch.maximum(i32, i64), i32 // i64, i32 % i64]:
    print(r, r.dtype)
r = torch.where(torch.tensor([True, False]), i32, i64)
print(r, r.dtype)
r = torch.cat([i32, i32])
print(r, r.dtype)
