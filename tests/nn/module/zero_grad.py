# Module.zero_grad(): in PyTorch 1.13 the default is set_to_none=False, so
# existing gradients are zeroed in place; set_to_none=True resets them to None.
import torch
from torch import nn

lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, -1.0]]))
    lin.bias.fill_(0.5)
print(lin.weight.grad, lin.bias.grad)
lin.zero_grad()
print(lin.weight.grad, lin.bias.grad)

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
lin(x).sum().backward()
print(lin.weight.grad, lin.bias.grad)
lin(x).sum().backward()
print(lin.weight.grad, lin.bias.grad)
g = lin.weight.grad
lin.zero_grad()
print(lin.weight.grad, lin.bias.grad, g is lin.weight.grad)

lin(x).sum().backward()
lin.zero_grad(set_to_none=True)
print(lin.weight.grad, lin.bias.grad)
