# vmrun-flags: --logs=graph,jit --hot-threshold=1 --verify
# Writes through views (tracer/functionalize.h): on a tensor the graph made,
# `b[k] = v`, `b[k] += 1` and `b[k].mul_(2)` (k a constant basic index)
# become torch._kiln_setitem calls, pure: each is a new value of b that b's
# later reads read. The executor writes b itself when nothing else holds its
# storage ("may write"). Where a view is still read after another write of
# its base, kept in a container before a write, returned, taken of a view,
# or where a value requires grad, the writes stay as written and run in
# place.
import torch


def assemble(a, b):
    out = torch.zeros(4, 5)
    out[:, 0] = a
    out[:, 1:] = b
    out[0] = 7.0
    return out * 2


def scale_row(x):
    h = x * 2
    h[0].mul_(3)
    h[1:, ::2] += 1
    return h + 1


def row_reused(x):
    h = x + 0
    row = h[1]
    row.mul_(2)
    row.add_(1)
    return h.sum(dim=0) + row


def masks(x):
    m = torch.ones(3, 4, dtype=torch.int64)
    m[..., 1] = 0
    m[None, 2] = 5
    m[::2, 3] = 2.7
    return x * m


def read_before(x):
    b = x * 3
    v = b[1]
    c = v * 2
    b[1] = 0.0
    return b + c.sum()


def chained(x):
    b = x - 1
    b.add_(1)
    b[0, 0] = 9.0
    b.mul_(2)
    b[-1] = b[0]
    return b


# Refused: the view reads b's later write (eager sees it through the view).
def stale_view(x):
    b = x * 1
    v = b[:, 0]
    b[0] = 5.0
    return v * 1


# Refused: one view live while another is written.
def two_views(x):
    b = x * 1
    v0 = b[0]
    v1 = b[:, 0]
    v1.mul_(2)
    return v0 + 1


# Refused: a reference kept before the write.
def kept(x):
    b = x * 1
    keep = [b]
    b[0] = 1.0
    return keep[0] + 0


# A write through a view that reads the base: the base's new value (the
# first write's) is put back first.
def reads_base(x):
    b = x * 1
    v = b[:]
    v.mul_(2)
    v.add_(b)
    return b


# Refused: the base stored in a dict, or its items added to a list, before
# the write (the container sees it).
def stored(x, d, lst):
    b = x * 1
    d["t"] = b
    lst += b
    b[1:].mul_(10)
    return b.sum()


# Refused: a view returned.
def view_out(x):
    b = x * 1
    b[1] = 2.0
    return b[0]


# Refused: the assigned value requires grad (autograd records the write).
def with_grad(w):
    out = torch.zeros(3)
    out[1] = w.sum()
    return out


# Not a tensor the graph made: an argument written through a view stays
# in place (the caller sees it).
def arg_write(x):
    x[0] = -1.0
    return x * 1


x = torch.arange(12.0).reshape(3, 4)
for _ in range(2):
    print(assemble(torch.arange(4.0), torch.ones(4, 4)))
    print(scale_row(x))
    print(row_reused(x))
    print(masks(x))
    print(read_before(x))
    print(chained(x))
    print(stale_view(x))
    print(two_views(x))
    print(kept(x))
    print(view_out(x))
    w = torch.ones(2, requires_grad=True)
    r = with_grad(w)
    r.sum().backward()
    print(r, w.grad)
    print(reads_base(torch.arange(4.0)))
    d, lst = {}, []
    print(stored(torch.arange(4.0), d, lst), d["t"], lst)
    y = torch.arange(6.0).reshape(2, 3)
    print(arg_write(y), y)
