# add / sub with tensors, scalars and alpha=, as functions, methods and operators.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([0.5, -1.0, 4.0])
print(torch.add(a, b), a.add(b), a + b)
print(torch.sub(a, b), a.sub(b), a - b)
print(torch.add(a, b, alpha=2))
print(a.add(b, alpha=-0.5))
print(torch.sub(a, b, alpha=3))
print(a.sub(1, alpha=2))
print(torch.add(a, 10))
i = torch.tensor([1, 2, 3])
j = torch.tensor([10, 20, 30])
print(torch.add(i, j, alpha=2), torch.sub(i, j, alpha=3))
print(i.add(1, alpha=5))
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
print(torch.add(d, d, alpha=0.25))
print(a)
