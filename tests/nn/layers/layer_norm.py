# kiln-float-tolerance: 1e-4
# nn.LayerNorm over the last dim and the last two dims, with its affine
# parameters, and gradients; elementwise_affine=False has no parameters.
import torch
from torch import nn

ln = nn.LayerNorm(4)
print(ln.weight.detach(), ln.bias.detach(), ln.eps)
with torch.no_grad():
    ln.weight.copy_(torch.tensor([1.0, 2.0, 0.5, -1.0]))
    ln.bias.copy_(torch.tensor([0.0, 0.1, 0.2, 0.3]))
x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, -2.0, 0.0, 8.0]], requires_grad=True)
y = ln(x)
print(y.detach())
y.backward(torch.tensor([[1.0, 0.0, -1.0, 2.0], [0.5, 0.5, 1.0, -1.0]]))
print(x.grad)
print(ln.weight.grad)
print(ln.bias.grad)

ln2 = nn.LayerNorm([2, 3], elementwise_affine=False)
print(list(ln2.parameters()))
z = torch.arange(12.0).view(2, 2, 3)
out = ln2(z)
print(out)
print(out.mean(dim=(1, 2)).abs().max().item() < 1e-6)
