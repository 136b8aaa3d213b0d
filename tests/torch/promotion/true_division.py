# True division of integer tensors always gives the default float dtype.
import torch

a = torch.tensor([7, -7, 2, 0])
b = torch.tensor([2, 2, 4, 5])
r = a / b
print(r, r.dtype)
r = a / 2
print(r, r.dtype)
r = 1 / b
print(r, r.dtype)
i32 = torch.tensor([3, 6], dtype=torch.int32)
r = i32 / i32
print(r, r.dtype)
r = torch.div(a, b)
print(r, r.dtype)
r = a.div(4)
print(r, r.dtype)
f64 = torch.tensor([1.0, 3.0], dtype=torch.float64)
r = f64 / 2
print(r, r.dtype)
r = torch.tensor([1, 3]) / f64
print(r, r.dtype)
b2 = torch.tensor([True, False])
r = b2 / 2
print(r, r.dtype)
