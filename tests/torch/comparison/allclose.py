# torch.allclose: |a - b| <= atol + rtol * |b|, defaults rtol=1e-5, atol=1e-8.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
print(torch.allclose(a, a))
print(torch.allclose(a, a + 1e-6))
print(torch.allclose(a, a + 1e-3))
print(torch.allclose(a, a + 1e-3, atol=1e-2))
print(torch.allclose(a, a * 1.01, rtol=0.02))
print(torch.allclose(a, a * 1.01, rtol=0.001))
print(a.allclose(a + 0.05, atol=0.1))
print(torch.allclose(torch.tensor([0.0]), torch.tensor([1e-9])))
print(torch.allclose(torch.tensor([0.0]), torch.tensor([1e-7])))
nan = float('nan')
print(torch.allclose(torch.tensor([nan]), torch.tensor([nan])))
print(torch.allclose(torch.tensor([nan]), torch.tensor([nan]), equal_nan=True))
print(torch.allclose(torch.tensor([1.0, 2.0]), torch.tensor([[1.0, 2.0], [1.0, 2.0000001]])))
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
print(torch.allclose(d, d + 1e-10))
