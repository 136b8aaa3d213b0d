# vmrun-flags: --logs=graph,jit --hot-threshold=1 --verify
# Functionalisation (tracer/functionalize.h): an in-place op on a tensor the
# graph made itself, that nothing else holds, is captured as its pure form
# and fuses with its neighbours (one kernel for the matmul epilogue below).
# Writes to an argument become pure too, with a copy_back into the argument
# at the graph's end (the caller sees the change, the same object, the
# version counter advanced once per write); a NO_ALIASING guard keeps the
# argument's storage its own, so a call with aliased arguments compiles
# another graph that writes in place. An optimizer-style update of
# parameters that require grad, under no_grad, is pure the same way.
# In-place ops the pass must leave alone stay as written and run eagerly:
# on a tensor a view or `+x` holds, on a tensor that requires grad, on an
# argument a view is taken of or that autograd saves after the write, on an
# argument written before a node that may raise (the handler sees it
# written), and where the pure form would have another
# dtype (x += y of float32 x and float64 y stays float32). A list made in
# the traced code holds no reference the graph keeps: a read through it is
# a read of the register, renamed with the others.
import torch


def epilogue(x, w, b):
    h = x @ w
    h += b
    h.relu_()
    h.mul_(2.0).clamp_(max=3.0)
    return h.sum(dim=1)


def chain(x):
    y = x * 0.5
    y.add_(1.0, alpha=2.0)
    y.exp_()
    y -= 1.0
    return y


def on_argument(x):
    x.add_(1.0)
    return x * 2.0


def momentum(p, g, buf):
    buf.mul_(0.9).add_(g)
    p.add_(buf, alpha=-0.1)
    return p


def sgd(params, lr):
    with torch.no_grad():
        for p in params:
            p.sub_(p.grad * lr)


def returns_itself(x):
    y = x.mul_(2.0)
    return y, x.add_(1.0), x


def viewed_argument(x):
    row = x[0]
    x.mul_(2.0)
    return row * 1.0


def saved_for_backward(x, w):
    x.add_(1.0)
    return (w * x).sum()  # autograd saves x itself: the write stays in place


def raises_after_write(x, idx):
    x.add_(1.0)
    return torch.gather(x * 2.0, 0, idx)  # may raise on idx's data: x must be written first


def through_view(x):
    h = x * 2.0
    row = h[0]
    h.add_(1.0)
    return row + 0.0


def through_list(x):
    h = x * 2.0
    keep = [h]
    h.mul_(3.0)
    return keep[0] + 0.0


def through_unary_plus(x):
    h = +x  # x itself: the caller sees the write
    h.add_(1.0)
    k = x * 1.0
    alias = +k  # k itself: the alias sees the write
    k.mul_(3.0)
    return h * 2.0 + alias


def keeps_dtype(x, y):
    h = x * 1.0
    h += y
    return h


def with_grad(p):
    h = p * 2.0
    h.add_(1.0)
    return h.sum()


torch.manual_seed(0)
x = torch.randn(4, 8)
w = torch.randn(8, 16)
b = torch.randn(16)
for _ in range(2):
    print(epilogue(x, w, b))
    print(chain(x).sum().item())
a = torch.zeros(3)
for _ in range(2):
    print(on_argument(a), a)
    print(through_view(torch.ones(2, 3)))
    print(through_list(torch.ones(2)))
    c = torch.zeros(2)
    print(through_unary_plus(c), c)
    print(keeps_dtype(torch.ones(3), torch.ones(3, dtype=torch.float64) / 3))
p, g, buf = torch.ones(4), torch.full((4,), 0.5), torch.zeros(4)
for _ in range(2):
    print(momentum(p, g, buf) is p, p, buf)
print(momentum(buf, g, buf), buf)  # aliased: another graph
ws = [torch.ones(2, requires_grad=True), torch.ones(3, requires_grad=True)]
for w in ws:
    (w * w).sum().backward()
for _ in range(2):
    sgd(ws, 0.5)
    print(ws, ws[0]._version)
for _ in range(2):
    y, z, x = returns_itself(a)
    print(y is a, z is a, x is a, a._version)
for _ in range(2):
    print(viewed_argument(torch.ones(2, 2)))
w = torch.ones(3, requires_grad=True)
for _ in range(2):
    x = torch.ones(3)
    y = saved_for_backward(x, w)
    x.mul_(2.0)  # after the graph: backward sees x changed
    try:
        y.backward()
    except RuntimeError as e:
        print("RuntimeError:", str(e)[:70])
x = torch.zeros(3)
for idx in [torch.tensor([0, 2]), torch.tensor([1, 0]), torch.tensor([5, 0])]:
    try:
        print(raises_after_write(x, idx), x)
    except (IndexError, RuntimeError) as e:
        print(type(e).__name__, x)
p = torch.ones(3, requires_grad=True)
for _ in range(2):
    loss = with_grad(p)
    loss.backward()
    print(loss.item(), p.grad)


# An in-place op on a tensor the graph made that autograd saved before the
# write stays in place: backward then fails its version check, as eager's.
def saved_then_written(x, w):
    n = x * 2
    y = (w * n).sum()
    n.add_(1)
    return y, n


# A tensor the graph made, written in place (made pure), then returned:
# its version counts the writes (a copy_back of it to itself).
def fresh_returned(x):
    n = x * 2
    n.add_(1)
    n.mul_(3)
    return n


# An argument written twice, the second time with an operand of a wider
# dtype: every write of the chain is made pure, or none.
def wider_second(x, y):
    x.add_(1)
    x.add_(y)
    return x * 3


w = torch.ones(3, requires_grad=True)
for _ in range(2):
    y, n = saved_then_written(torch.ones(3), w)
    try:
        y.backward()
        print("backward ran")
    except RuntimeError as e:
        print("RuntimeError:", str(e).split(";")[0][-40:])
for _ in range(2):
    n = fresh_returned(torch.ones(2))
    print(n, n._version)
x = torch.zeros(3)
for _ in range(3):
    v = x._version
    print(wider_second(x, torch.ones(3, dtype=torch.float64)), x, x._version - v)


# The in-place op on the base of a family of view writes is made pure and
# counted with them (b._version 2); a tensor written, then used by
# autograd, then returned has eager's version when autograd saves it; a
# written tensor kept in an attribute has its version before a later op
# raises; a compiled graph's reused output buffer starts at version 0.
class Holder:
    pass


holder = Holder()


def base_then_view(x):
    b = x * 2
    b.add_(1)
    b[0] = 5.0
    return b


def written_then_saved(x, w):
    h = x * 2
    h.add_(1)
    return (h * w).sum(), h


def kept_then_raises(x, idx):
    h = x * 2
    h.add_(1)
    holder.h = h
    return x[idx]


def epilogue(x, w):
    return (x @ w).relu()


for _ in range(2):
    r = base_then_view(torch.ones(3))
    print(r, r._version)
w = torch.ones(3, requires_grad=True)
for _ in range(2):
    y, h = written_then_saved(torch.ones(3), w)
    y.backward()
    print(h._version, w.grad)
for i in [0, 1, 7]:
    try:
        kept_then_raises(torch.ones(3), torch.tensor([i]))
    except IndexError:
        print("IndexError")
    print(holder.h, holder.h._version)
for _ in range(4):
    o = epilogue(torch.ones(2, 3), torch.ones(3, 2))
    print(o._version)
    o.add_(1)
    del o
