# kiln-float-tolerance: 1e-4
# torch.nn.utils.clip_grad_norm_ (2-norm, other norms, inf, nothing to clip,
# a single tensor, no gradients) and clip_grad_value_.
import math
import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_, clip_grad_value_


def params():
    a = nn.Parameter(torch.zeros(2, 2))
    b = nn.Parameter(torch.zeros(3))
    c = nn.Parameter(torch.zeros(1))
    a.grad = torch.tensor([[3.0, -4.0], [1.0, 2.0]])
    b.grad = torch.tensor([0.5, -6.0, 2.0])
    return [a, b, c]


for norm_type in [2.0, 1, 3.0, math.inf]:
    ps = params()
    print(norm_type, clip_grad_norm_(ps, 5.0, norm_type=norm_type), ps[0].grad, ps[1].grad, ps[2].grad)
ps = params()
print(clip_grad_norm_(ps, 100.0), ps[0].grad)
ps = params()
print(clip_grad_norm_(ps[1], 1.0), ps[1].grad)
print(clip_grad_norm_([nn.Parameter(torch.ones(2))], 1.0))
ps = params()
clip_grad_value_(ps, 1.5)
print(ps[0].grad, ps[1].grad)
m = nn.Linear(2, 1)
m.weight.grad = torch.tensor([[30.0, 40.0]])
print(nn.utils.clip_grad_norm_(m.parameters(), max_norm=1), m.weight.grad)
