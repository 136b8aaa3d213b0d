# vmrun-flags: --hot-threshold=1
# Inlined calls: a helper with defaults and keywords, a closure, a lambda, a
# list comprehension, *args, and loops over ranges, lists and tensor rows.
import torch


def norm(t, eps=1e-5, *, dim=-1):
    return t / (t.abs().sum(dim=dim, keepdim=True) + eps)


def f(x, ws):
    k = 3
    g = lambda t: t * k
    parts = [g(norm(x, dim=1)) + w for w in ws]
    total = sum(parts)
    for i in range(2):
        total = total - i
    rows = [r.max() for r in x]
    return torch.cat(parts, 0), total, torch.stack(rows)


def varargs(*ts):
    return torch.stack(ts).sum(0)


x = torch.tensor([[1.0, -2.0], [3.0, 4.0]])
ws = [torch.ones(2), torch.zeros(2)]
for _ in range(2):
    print(f(x, ws))
    print(varargs(x[0], x[1], x[0]))
