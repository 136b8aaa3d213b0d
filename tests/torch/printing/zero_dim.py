# 0-dim tensors print as tensor(value).
import torch

print(torch.tensor(3))
print(torch.tensor(-7))
print(torch.tensor(2.5))
print(torch.tensor(2.0))
print(torch.tensor(-0.25))
print(torch.tensor(True), torch.tensor(False))
print(torch.tensor(1e10), torch.tensor(1e-10))
print(torch.tensor(123.456))
print(torch.tensor(5, dtype=torch.int32))
print(torch.tensor(1.5, dtype=torch.float64))
print(torch.tensor(float('nan')), torch.tensor(float('-inf')))
print(torch.arange(10).sum(), torch.arange(4.0).mean())
