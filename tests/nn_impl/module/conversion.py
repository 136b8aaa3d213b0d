# Module.double() / float() / to(dtype): parameters keep their identity (an
# optimizer built before still holds them), gradients and buffers are
# converted, integer buffers are left alone; to() refuses integer dtypes.
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.register_buffer('scale', torch.ones(2))
        self.register_buffer('count', torch.zeros(1, dtype=torch.int64))


m = M()
w = m.lin.weight
opt = torch.optim.SGD(m.parameters(), lr=0.5)
m.lin.weight.grad = torch.ones(2, 2)
print(m.double() is m)
print(m.lin.weight is w, w.dtype, m.lin.bias.dtype, w.grad.dtype, m.scale.dtype, m.count.dtype)
print(type(w).__name__, w.requires_grad, w.is_leaf, opt.param_groups[0]['params'][0] is w)
with torch.no_grad():
    w.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
opt.step()
print(w)
print(m.to(torch.float32) is m, w.dtype, w.grad.dtype, m.scale.dtype)
print(m.float().lin.bias.dtype, m.to(torch.float64).lin.bias.dtype, m.to(dtype=torch.float32).scale.dtype)
print(m.to(torch.zeros(1, dtype=torch.float64)).lin.weight.dtype, m.to('cpu') is m)
try:
    m.to(torch.int32)
except TypeError as e:
    print(type(e).__name__, e)
