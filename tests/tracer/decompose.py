# vmrun-flags: --logs=graph,jit --hot-threshold=1 --verify
# Composite ops (tracer/decompose.h): torch.lerp, addcmul and addcdiv are
# captured as their decompositions (stdlib/torch/ops/decompositions.h, the
# ops the eager entries run), so the lowering fuses them with their
# neighbours: an EMA step and an Adam-style update are one kernel each.
# lerp with a tensor weight picks its form per element (a where on a
# mask); with a number weight of magnitude 0.5 or more it takes its second
# form. addcmul's value= becomes an add with alpha, itself decomposed (the
# pass runs until no composite is left): one kernel. A composite applied
# in place to an argument is functionalised first (tracer/functionalize.h).
import torch


def ema(avg, x):
    return torch.lerp(avg, x, 0.1) * 1.0


def far(avg, x):
    return avg.lerp(x, 0.75) + 0.0


def per_element(a, b, w):
    return torch.lerp(a, b, w)


def update(p, m, v):
    denom = v.sqrt() + 1e-8
    return torch.addcdiv(p, m, denom) - torch.addcmul(m, v, v)


def scaled(p, m, v):
    return p.addcmul(m, v, value=-0.5)


def on_argument(avg, x):
    avg.lerp_(x, 0.5)
    return avg * 1.0


a = torch.linspace(-1.0, 1.0, 12).reshape(3, 4)
b = torch.linspace(2.0, -3.0, 12).reshape(3, 4)
w = torch.linspace(-0.5, 1.5, 4)
for _ in range(2):
    print(ema(a, b))
    print(far(a, b))
    print(per_element(a, b, w))
    print(update(a, b, b.abs()))
    print(scaled(a, b, w))
    print(on_argument(a.clone(), b))
