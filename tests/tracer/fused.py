# vmrun-flags: --hot-threshold=1
# The graph executor runs chains of float32 pointwise ops fused, block by
# block, when every tensor they read is a contiguous float32 tensor of one
# shape without requires_grad; otherwise op by op. Either way the results
# are the eager kernels' bits: the values are printed in full (repr of
# floats) and must equal the interpreter's.
import torch


def chain(x, y):
    a = x * 2.0 + y
    b = a.relu() - 0.5
    c = b * b + x
    d = c.sigmoid() * y
    e = d - a * 0.25
    g = e.tanh() + c
    h = g * 3.0 - b
    k = h.abs() + d
    m = k * 0.5 + e
    return m.exp() - g, (m // 0.3) % 0.7 + 2 ** h / (1 + x * x), -m, torch.maximum(m, e).sqrt()


def scalars_left(x):
    return (1.5 - x) * (3 / (x + 2)) + True


def digest(ts):
    # full precision for small tensors, sums and a few samples for big ones
    out = []
    for t in ts:
        if t.numel() <= 16:
            out.append(t.tolist())
        else:
            out.append([t.sum().item(), t[1].item(), t[-1].item(), t[t.numel() // 3].item()])
    return out


for n in [1, 7, 64, 300, 70000]:
    x = torch.linspace(-1.0, 1.0, n)
    y = torch.linspace(0.5, 2.0, n)
    print(n, digest(chain(x, y)), digest([scalars_left(x)]))

# Inputs that do not qualify run op by op: a view, float64, broadcasting,
# requires_grad, int64.
base = torch.linspace(-1.0, 1.0, 32).reshape(4, 8)
print(digest(chain(base.t(), base.t())))
print(digest(chain(torch.linspace(-1.0, 1.0, 9, dtype=torch.float64), torch.ones(9, dtype=torch.float64))))
print(digest(chain(torch.linspace(-1.0, 1.0, 8).reshape(2, 4), torch.ones(4))))
w = torch.linspace(-1.0, 1.0, 5).requires_grad_()
r = chain(w, torch.ones(5))
print(digest([t.detach() for t in r]), r[0].requires_grad)
print(scalars_left(torch.arange(6)).tolist())
