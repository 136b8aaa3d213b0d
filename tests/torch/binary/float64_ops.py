# Arithmetic in float64 keeps double precision.
import torch

a = torch.tensor([0.1, 0.2, 1e-8], dtype=torch.float64)
b = torch.tensor([0.2, 0.1, 1.0], dtype=torch.float64)
s = a + b
print(s, s.dtype)
print(s.tolist())
print((a * b).tolist())
print((a / b).tolist())
print((b - a).tolist())
print((a + b)[2].item() == 1.00000001)
f = a.float() + b.float()
print(f[2].item() == 1.0)
print(torch.tensor([1.0], dtype=torch.float64) / 3)
print((torch.tensor([1.0], dtype=torch.float64) / 3).item())
