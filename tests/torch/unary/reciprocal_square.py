# reciprocal always gives floats; square keeps integer dtypes.
import torch

f = torch.tensor([1.0, 2.0, -4.0, 0.5, 0.0])
print(torch.reciprocal(f))
print(f.reciprocal())
i = torch.tensor([1, 2, -4, 0])
r = torch.reciprocal(i)
print(r, r.dtype)
print(torch.square(f), f.square())
r = torch.square(i)
print(r, r.dtype)
i32 = torch.tensor([3, -5], dtype=torch.int32)
print(torch.square(i32))
b = torch.tensor([True, False])
print(torch.square(b), torch.square(b).dtype)
print(torch.reciprocal(torch.tensor([4.0], dtype=torch.float64)))
