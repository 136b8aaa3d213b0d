# remainder and % take the sign of the divisor (Python semantics).
import torch

a = torch.tensor([7, -7, 7, -7, 9, 0])
b = torch.tensor([3, 3, -3, -3, 3, 4])
print(torch.remainder(a, b))
print(a.remainder(b))
print(a % b)
print(a % 4, a % -4)
print(20 % torch.tensor([3, -3, 7]))
f = torch.tensor([7.5, -7.5, 1.25, -1.25])
print(f % 2, f % -2)
print(torch.remainder(f, torch.tensor([2.0, 2.0, 0.5, 0.5])))
print(torch.remainder(torch.tensor([5.0, 1.0]), 0.0))
i32 = torch.tensor([-5, 5], dtype=torch.int32)
print(i32 % 3, (i32 % 3).dtype)
# a == (a // b) * b + a % b
print(torch.equal((a // b) * b + a % b, a))
