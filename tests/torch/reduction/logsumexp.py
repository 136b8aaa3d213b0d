# kiln-float-tolerance: 1e-4
# logsumexp along a dim, stable for large inputs.
import torch

x = torch.tensor([[0.0, 0.0], [1.0, 2.0], [1000.0, 1000.0]])
print(torch.logsumexp(x, dim=1))
print(x.logsumexp(dim=1))
print(torch.logsumexp(x, dim=0))
print(torch.logsumexp(x, dim=1, keepdim=True))
y = torch.tensor([[-1.0, 0.5, 2.0, -3.0]])
print(torch.logsumexp(y, dim=-1))
print(torch.logsumexp(y, dim=(0, 1)))
print(torch.logsumexp(torch.tensor([-float('inf'), 0.0]), dim=0))
print(torch.logsumexp(torch.tensor([1.0, 2.0], dtype=torch.float64), dim=0))
