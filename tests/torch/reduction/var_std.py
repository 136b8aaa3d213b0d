# kiln-float-tolerance: 1e-4
# var / std: unbiased by default; unbiased=False and correction= change the divisor.
import torch

x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0]])
print(x.var(), x.std())
print(torch.var(x, unbiased=False), torch.std(x, unbiased=False))
print(x.var(dim=1), x.std(dim=1))
print(x.var(dim=0, unbiased=False))
print(x.var(dim=1, keepdim=True))
print(torch.var(x, dim=1, correction=0))
print(torch.std(x, dim=1, correction=2))
print(x.std(dim=(0, 1)))
d = torch.tensor([1.0, 3.0], dtype=torch.float64)
print(d.var(), d.std(), d.var().dtype)
print(torch.tensor([5.0, 5.0, 5.0]).std())
print(torch.tensor([2.0]).var(unbiased=False))
