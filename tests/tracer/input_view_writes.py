# vmrun-flags: --logs=graph,guards,recompiles --hot-threshold=1 --jit-threshold=1 --verify
# Writes through views of graph inputs (tracer/functionalize.h): on an
# argument x, `x[k] = v`, `x[k] += 1` and `x[k].mul_(2)` (k a basic index,
# also one built from an int argument) become torch._kiln_setitem calls,
# pure, and a copy_back(x, value) ends the graph. The executor writes x
# itself at each setitem ("writes i0": eager's O(part) write, no copy of
# x), leaving x's version to the copy back, which advances it once per
# write eager made. Where a later node may raise, a view is read after
# another write, x requires grad, a view of x is returned, or x's sizes
# are dynamic, the writes stay as written and run in place. Versions,
# identities, aliasing between arguments and autograd's check of saved
# tensors are what eager shows.
import torch


def kv_step(cache, k, pos):
    cache[:, pos] = k
    return cache.sum(1)


def scale_rows(buf, x):
    buf[1:3].mul_(2)
    buf[0] = x
    return buf * 3


def accumulate(acc, x):
    acc[0] += x
    acc[-1, ::2] -= 1
    return acc.mean()


def fill(t):
    t[0] = 1.0
    return t


def keep(t):
    t[1] = 2.0
    return [t, t.sum()]


def two(a, b):
    a[0] = 5.0
    return b * 2


def stale_view(t):
    row = t[0]
    t[1] = 3.0
    return row + t[0]  # stays in place: row read after another write


def then_gather(t, idx):
    t[0] = 9.0
    return t[idx]  # stays in place: an index tensor may be out of range


def view_out(t):
    t[0] = 4.0
    return t[1]  # stays in place: a view of the argument returned


def any_batch(cache, x):
    cache[0] = x.sum(0)
    return cache * 2


def then_divides(x, s):
    x[0].mul_(2.0)
    r = 1.0 / s  # stays in place: s changes between calls, and 1.0 / 0.0 raises
    return x.sum() * r


def then_fills(x, y, t):
    x[1] = 3.0
    m = y.masked_fill(y > 1, t)  # stays in place: t's value may not fit int64
    return x.sum() + m


cache = torch.zeros(2, 6)
for pos in range(4):
    print(kv_step(cache, torch.full((2,), float(pos + 1)), pos))
print(cache, cache._version)

buf = torch.ones(4, 3)
for i in range(3):
    print(scale_rows(buf, torch.arange(3.0) + i))
print(buf, buf._version)

acc = torch.zeros(3, 4)
for i in range(3):
    print(accumulate(acc, torch.ones(4) * i))
print(acc, acc._version)

t = torch.zeros(2, 2)
for _ in range(2):
    out = fill(t)
    print(out is t, t, t._version)

t = torch.zeros(3)
for _ in range(2):
    lst = keep(t)
    print(lst[0] is t, lst[1], t._version)

a = torch.zeros(3, 2)
print(two(a, torch.ones(2)), a)
print(two(a, a), a)          # b is a: aliasing seen by the guard
a = torch.zeros(3, 2)
print(two(a, a[0]), a)       # b a view of a's first row

t = torch.zeros(3, 2)
for _ in range(2):
    print(stale_view(t), t._version)

t = torch.zeros(3)
for i in [1, 2, 5]:
    try:
        print(then_gather(t, torch.tensor([i])))
    except IndexError as e:
        print("IndexError", t, t._version)

t = torch.zeros(2, 3)
for _ in range(2):
    print(view_out(t), t._version)

for n in [2, 3, 4]:
    c = torch.zeros(n, 3)
    print(any_batch(c, torch.ones(5, 3)), c._version)

# A tensor saved for backward, then written through a view by a compiled
# graph: backward refuses, as in eager.
w = torch.ones(3, requires_grad=True)
c = torch.zeros(2, 3)
y = (w * c).sum()
fill(c)
try:
    y.backward()
    print("backward ran")
except RuntimeError as e:
    print("RuntimeError:", str(e).split(";")[0])

x = torch.ones(3)
for s in [1.0, 2.0, 4.0, 0.0]:
    try:
        print(then_divides(x, s))
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    print(x, x._version)
x = torch.ones(3)
for v in [1.0, 2.0, float("inf")]:
    try:
        print(then_fills(x, torch.tensor([1, 2, 3]), torch.tensor(v)))
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(x, x._version)
