# Symbolic sizes in dynamic graphs: once a batch size changes, the next
# graph leaves it free, and every value's sizes are expressions of the free
# sizes (s0, s1), free ints (n0) and sizes no rule relates to them (u0) —
# never the example's numbers. squeeze of a free size keeps it, guarded
# not to be 1 (a call with size 1 gets its own graph); unbind along a free
# size fixes that size by a guard, the others staying free; an op whose
# rank follows from a free int (squeeze(d)) makes the graph static.
# Unpacking or iterating an op's tuple (`a, b = x.chunk(2, 1)`) stays
# dynamic when its length is fixed.
# The self-check (on in this test) evaluates every expression at each call.
import torch


def mlp(x, w1, w2):
    h = (x @ w1).relu()            # [s0, 8]
    flat = h.reshape(-1)           # [8*s0]
    back = flat.view(-1, 4)        # [2*s0, 4]
    top = back[:, :2] * 2          # a slice of a fixed dim: [2*s0, 2]
    tail = h[1:]                   # a slice of a free dim: [u0, 8]
    mi = h.max(dim=1)              # two results of [s0]
    m, i = mi[0], mi[1]
    parts = h.split([3, 5], dim=1)
    return (top.sum() + tail.sum() + m.sum() + i.sum() + parts[1].sum(), (h @ w2).t().shape)


def pieces(x):
    c = x.chunk(2, dim=1)          # along a fixed dim: both [s0, 2]
    a, b = c[0], c[1]
    e = a.unsqueeze(0).expand(3, -1, -1)   # [3, s0, 2]
    return torch.cat([a, b, x], dim=1).sum() + e.sum()


def squeezes(x):
    return (x * 2).squeeze(0) + 1  # s0 kept, guarded != 1; size 1 gets its own graph


def unpacks(x):
    a, b = x.chunk(2, dim=1)       # two pieces at every call: dynamic
    return a + b


def rows(x):
    return x.unbind(0)[0] * 2      # how many rows unbind gives follows from s0: fixed by a guard


def steps(x):
    acc = x[:, 0] * 0              # a loop over x.unbind(1): how many steps fixes
    for xt in x.unbind(1):         # x.size(1) (a guard), the batch stays free
        acc = acc + xt
    return acc


def by_dim(x, d):
    return x.squeeze(d) * 2        # which dim follows from a free int: static


def matmul_assign(x, w):
    y = x * 1
    y @= w                         # y = y @ w: [s0, k], not y's old sizes
    return y.cumsum(1)


def transposes(x):
    y = x * 1
    y.t_()                         # an in-place view: a graph break, the op runs in the interpreter
    return y.sum(0)


def counts(x, n):
    r = torch.arange(n) * 2        # [n0]
    z = torch.zeros(n, 2)          # [n0, 2]
    return r.sum() + z.sum() + x.sum()


w1 = torch.ones(4, 8)
w2 = torch.ones(8, 3)
rows_of = rows
for n in [2, 3, 5, 1, 4]:
    x = torch.arange(n * 4.0).reshape(n, 4)
    print(mlp(x, w1, w2), pieces(x), squeezes(x).shape, unpacks(x).sum(), rows_of(x), counts(x, n + 1))
    print(by_dim(x.reshape(n, 1, 4), n % 2).shape, matmul_assign(x, w1[:, :n + 1]).shape, transposes(x))
    print(steps(x.reshape(n, 2, 2)))
