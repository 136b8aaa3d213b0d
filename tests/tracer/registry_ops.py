# vmrun-flags: --logs=jit,kernels --jit-threshold=1 --verify
# Ops of the torch op registry reach the graph compiler bound by their
# schemas, however the call spells its arguments: torch.add / torch.sub /
# torch.div without alpha or rounding_mode fuse as + - /; clamp with min=
# and max= as keywords, positionally, through its alias clip and as
# clamp_min; x.where(cond, y) binds x to where's input; reductions take
# dim= and keepdim= as keywords; views bind the same (transpose by keyword,
# permute's separate ints, torch.reshape's tuple) and x.float() of a float
# tensor is the tensor itself; add with alpha= fuses as a + b * alpha (the
# rounding of eager's one-pass kernel). What does not fuse stays eager: div
# with rounding_mode= (the executor runs the op as written).
import torch


def arith(a, b):
    return torch.div(torch.add(a, b), torch.sub(b, 3.0)) * 0.5


def clamps(x):
    return torch.clamp(x, min=-0.5, max=0.5) + x.clip(-0.25, None) + torch.clamp_min(x, 0.1) + x.clamp(max=0.2)


def selects(x, y):
    return x.where(x > 0, y) + torch.where(y < 0, x, y)


def reduce_kw(x):
    return (x * 2.0).sum(dim=-1, keepdim=True) + torch.amax(x, dim=-1, keepdim=True)


def views(x):
    return (x.transpose(dim0=0, dim1=1) * 2.0).permute(1, 0).reshape(-1) + torch.reshape(x, (-1,)).float()


def input_by_keyword(x):
    # The input given by keyword after another argument: bound right (the
    # node's first register is not the input), run eagerly where a fusion
    # would read the wrong register.
    return torch.clamp(min=0.0, input=x) + torch.transpose(dim0=0, dim1=1, input=x * 2.0).t() + torch.softmax(dim=-1, input=x)


def not_fused(a, b):
    return torch.add(a, b, alpha=2) + torch.div(a, b, rounding_mode="floor")


torch.manual_seed(0)
a = torch.randn(4, 8)
b = torch.randn(4, 8)
for _ in range(3):
    print(arith(a, b).sum().item())
    print(clamps(a).sum().item())
    print(selects(a, b).sum().item())
    print(reduce_kw(a).sum().item())
    print(views(a).sum().item())
    print(input_by_keyword(a).sum().item())
    print(not_fused(a, b).sum().item())
