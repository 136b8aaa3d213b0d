# Arithmetic on bool tensors.
import torch

t = torch.tensor([True, False, True, False])
u = torch.tensor([True, True, False, False])
print(t + u, (t + u).dtype)
print(t * u, (t * u).dtype)
print(t + 1, (t + 1).dtype)
print(t * 2.5, (t * 2.5).dtype)
print(t.sum(), t.sum().dtype)
print(t.long() - u.long())
print(t / u)
print(t.float().mean())
print(t.any(), t.all(), (t | u).all())
