# kiln-float-tolerance: 1e-4
# erf: odd, bounded by -1 and 1.
import torch

x = torch.tensor([0.0, 0.5, 1.0, -1.0, 2.0, 3.0, -10.0])
print(torch.erf(x))
print(x.erf())
print(torch.erf(torch.tensor([0, 1])), torch.erf(torch.tensor([0, 1])).dtype)
print(torch.erf(torch.tensor([0.25], dtype=torch.float64)))
print(torch.erf(x) + torch.erf(-x))
