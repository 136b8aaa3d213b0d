# kiln-float-tolerance: 1e-4
# softmax is shift-invariant and keeps the order of its inputs.
import torch

x = torch.tensor([[0.5, -1.0, 2.0, 0.0]])
a = torch.softmax(x, dim=1)
b = torch.softmax(x + 5.0, dim=1)
print(a)
print(torch.allclose(a, b))
print(a.argmax(dim=1), x.argmax(dim=1))
print(torch.equal(a.max(dim=1).indices, x.max(dim=1).indices))
print(torch.softmax(x * 0, dim=1))
print(torch.exp(torch.log_softmax(x, dim=1)))
print(a.dtype, torch.log_softmax(x, dim=1).dtype)
