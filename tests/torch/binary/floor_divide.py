# floor_divide and // round toward negative infinity (Python semantics).
import torch

a = torch.tensor([7, -7, 7, -7, 9, 0])
b = torch.tensor([2, 2, -2, -2, 3, 4])
print(torch.floor_divide(a, b))
print(a.floor_divide(b))
print(a // b)
print(a // 3, -20 // torch.tensor([3, -3, 7]))
f = torch.tensor([7.5, -7.5, 0.5, -0.5])
print(f // 2, f // -2)
print(torch.floor_divide(f, torch.tensor([2.0, 2.0, 0.25, 0.25])))
print(torch.tensor([1.0, -1.0, 0.0]) // 0)
i32 = torch.tensor([-5, 5], dtype=torch.int32)
print(i32 // 2, (i32 // 2).dtype)
