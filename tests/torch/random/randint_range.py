# randint: integers in [low, high) as int64 by default.
import torch

torch.manual_seed(3)
a = torch.randint(0, 10, (1000,))
print(a.shape, a.dtype)
print(bool((a >= 0).all()), bool((a < 10).all()))
counts = torch.zeros(10, dtype=torch.int64).scatter_add(0, a, torch.ones(1000, dtype=torch.int64))
print(bool((counts > 50).all()), counts.sum().item())
b = torch.randint(5, (2, 3))
print(b.shape, b.dtype, bool((b >= 0).all() and (b < 5).all()))
c = torch.randint(-3, 3, (500,))
print(bool((c >= -3).all() and (c <= 2).all()), bool((c == -3).any()), bool((c == 2).any()))
d = torch.randint(0, 2, (4,), dtype=torch.int32)
print(d.dtype)
e = torch.randint(7, 8, (5,))
print(e)
f = torch.randint(0, 3, (200,), dtype=torch.float32)
print(f.dtype, bool((f == f.floor()).all()))
