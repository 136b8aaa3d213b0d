# float32 with float64: dimensioned tensors promote, Python floats do not.
import torch

f32 = torch.tensor([1.5, 2.5])
f64 = torch.tensor([1.0, 2.0], dtype=torch.float64)
r = f32 + f64
print(r, r.dtype)
r = f64 * f32
print(r, r.dtype)
r = f32 + 0.1
print(r, r.dtype)
r = f64 + 1
print(r, r.dtype)
r = f64 + torch.tensor([1, 2], dtype=torch.int32)
print(r, r.dtype)
r = f32 + torch.tensor([1, 2])
print(r, r.dtype)
r = torch.maximum(f32, f64)
print(r, r.dtype)
