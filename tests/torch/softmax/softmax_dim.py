# kiln-float-tolerance: 1e-4
# softmax along each dim, as torch.softmax and as a method.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
print(torch.softmax(x, dim=1))
print(x.softmax(dim=1))
print(torch.softmax(x, dim=0))
print(x.softmax(-1))
print(torch.softmax(x, dim=1).sum(dim=1))
print(torch.softmax(torch.tensor([0.0, 0.0, 0.0, 0.0]), dim=0))
print(torch.softmax(torch.tensor([1.0, 2.0], dtype=torch.float64), dim=0))
