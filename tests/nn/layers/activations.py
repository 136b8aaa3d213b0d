# kiln-float-tolerance: 1e-4
# The activation modules and their gradients.
import torch
from torch import nn

x0 = torch.tensor([-2.0, -0.5, 0.5, 1.0, 3.0])
up = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
for mod in [nn.ReLU(), nn.GELU(), nn.GELU(approximate="tanh"), nn.SiLU(), nn.Tanh(), nn.Sigmoid(),
            nn.Softmax(dim=0), nn.LogSoftmax(dim=0), nn.Identity()]:
    x = x0.clone().requires_grad_()
    y = mod(x)
    y.backward(up)
    print(mod)
    print(" ", y.detach())
    print(" ", x.grad)
