# & | ^ ~ on int64 and int32, negatives included (two's complement).
import torch

a = torch.tensor([12, 10, -1, 0, -8])
b = torch.tensor([10, 6, 5, 7, 3])
print(a & b, torch.bitwise_and(a, b), a.bitwise_and(b))
print(a | b, torch.bitwise_or(a, b), a.bitwise_or(b))
print(a ^ b, torch.bitwise_xor(a, b), a.bitwise_xor(b))
print(~a, torch.bitwise_not(a), a.bitwise_not())
c = torch.tensor([255, -256, 1 << 40], dtype=torch.int64)
print(c & 0xF0, c | 1, c ^ -1)
i32 = torch.tensor([5, -6], dtype=torch.int32)
r = i32 & 3
print(r, r.dtype)
r = ~i32
print(r, r.dtype)
r = i32 | torch.tensor([8, 8])
print(r, r.dtype)
