# nn.Linear with and without bias: shapes, forward on 1-D/2-D/3-D inputs,
# gradients of weight, bias and input.
import torch
from torch import nn

lin = nn.Linear(3, 2)
print(tuple(lin.weight.shape), tuple(lin.bias.shape), lin.in_features, lin.out_features)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 0.0, -1.0], [0.5, 2.0, 1.0]]))
    lin.bias.copy_(torch.tensor([0.25, -0.5]))

x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 4.0]], requires_grad=True)
y = lin(x)
print(y.detach())
y.backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(lin.weight.grad)
print(lin.bias.grad)
print(x.grad)

print(lin(torch.tensor([1.0, 1.0, 1.0])).detach())
z = lin(torch.arange(12.0).view(2, 2, 3))
print(z.shape)
print(z.detach())

nb = nn.Linear(2, 3, bias=False)
print(nb.bias)
with torch.no_grad():
    nb.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
out = nb(torch.tensor([[1.0, -1.0]]))
print(out.detach())
out.sum().backward()
print(nb.weight.grad)
print([n for n, _ in nb.named_parameters()])
