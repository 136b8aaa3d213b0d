# kiln-float-tolerance: 1e-4
# F.relu, gelu (exact and tanh), silu, and torch.sigmoid / torch.tanh (F.sigmoid
# and F.tanh are deprecated and warn): values and gradients.
import torch
import torch.nn.functional as F

x0 = torch.tensor([[-3.0, -1.0, -0.25], [0.25, 1.0, 3.0]])
up = torch.tensor([[1.0, -1.0, 2.0], [0.5, 3.0, -2.0]])
cases = [
    ("relu", lambda t: F.relu(t)),
    ("gelu", lambda t: F.gelu(t)),
    ("gelu tanh", lambda t: F.gelu(t, approximate="tanh")),
    ("silu", lambda t: F.silu(t)),
    ("sigmoid", lambda t: torch.sigmoid(t)),
    ("tanh", lambda t: torch.tanh(t)),
]
for name, fn in cases:
    x = x0.clone().requires_grad_()
    y = fn(x)
    y.backward(up)
    print(name)
    print(y.detach())
    print(x.grad)
