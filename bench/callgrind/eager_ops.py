# 3000 iterations of small tensor ops without autograd: per-op overhead.
import torch
x = torch.ones(8)
y = torch.ones(8)
for i in range(3000):
    z = x * y + 1.0
    z = z.sin().clamp(min=0.1)
    z = torch.where(z > 0.5, z, y).sum()
print(z.item())
