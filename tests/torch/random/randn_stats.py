# randn: standard normal; loose statistics of a large sample.
import torch

torch.manual_seed(2)
x = torch.randn(10000)
print(x.shape, x.dtype)
print(abs(x.mean().item()) < 0.1)
print(abs(x.std().item() - 1.0) < 0.1)
print(bool((x > 0).float().mean().sub(0.5).abs() < 0.05))
print(bool((x.abs() < 1).float().mean().sub(0.6827).abs() < 0.05))
print(bool(x.min() < -2.5), bool(x.max() > 2.5))
y = torch.randn(3, 2, dtype=torch.float64)
print(y.shape, y.dtype)
print(torch.randn(2, 3).shape, torch.randn((4,)).shape)
