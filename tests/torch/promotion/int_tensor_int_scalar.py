# A Python int does not widen an int32 tensor; the tensor's dtype wins.
import torch

i32 = torch.tensor([1, 2, 3], dtype=torch.int32)
i64 = torch.tensor([1, 2, 3])
for r in [i32 + 1, i32 * 3, i32 - 10, 7 - i32, i32 // 2, i32 % 2, i64 + 1, i64 * -2]:
    print(r, r.dtype)
r = torch.add(i32, 1000)
print(r, r.dtype)
r = i32.sub(1)
print(r, r.dtype)
# a bool scalar behaves like an int of the lowest category
r = i32 + True
print(r, r.dtype)
