# Factory arguments given as one-element tensors computed in the function
# (the fill value, linspace's ends, arange's end, randint's bound): with
# the tracer on (the @trace run, KILN_TRACER_SELFCHECK), their meta
# functions cannot read the number and must say "unknown", not fail.
import torch

torch.manual_seed(0)


def f(t, x):
    a = torch.full((2,), t * 1)
    b = torch.full_like(x, t * 2)
    c = torch.linspace(t * 0, t * 1, 3)
    d = torch.arange(t.long() * 2)
    e = torch.randint(t.long() + 1, (3,)).shape
    h = (x * 1).masked_fill(x > 0.5, t * 3)
    return a, b, c, d, e, h


x = torch.tensor([[0.25, 1.0], [2.0, -1.0]])
for v in [2.0, 2.0, 3.0]:
    print(f(torch.tensor(v), x))
