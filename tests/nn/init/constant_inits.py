# nn.init.zeros_, ones_, constant_, eye_: in place on parameters (no grad
# recorded), returning the tensor itself.
import torch
from torch import nn

w = nn.Parameter(torch.empty(2, 3))
r = nn.init.zeros_(w)
print(r is w, w.detach(), w.is_leaf, w.requires_grad, w.grad_fn is None)
nn.init.ones_(w)
print(w.detach())
nn.init.constant_(w, 0.25)
print(w.detach())
nn.init.constant_(w, -3)
print(w.detach())
e = torch.empty(2, 3)
nn.init.eye_(e)
print(e)

lin = nn.Linear(3, 2)
nn.init.zeros_(lin.bias)
nn.init.constant_(lin.weight, 0.5)
print(lin(torch.tensor([[1.0, 2.0, 3.0]])).detach())

d = torch.empty(3, dtype=torch.float64)
nn.init.constant_(d, 1.5)
print(d)
