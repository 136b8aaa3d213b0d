# vmrun-flags: --logs=graph,jit --hot-threshold=1 --verify
# Functionalisation (tracer/functionalize.h): an in-place op on a tensor the
# graph made itself, that nothing else holds, is captured as its pure form
# and fuses with its neighbours (one kernel for the matmul epilogue below);
# in-place ops the pass must leave alone stay as written and run eagerly:
# on an argument (the caller sees the change), on a tensor a view or `+x`
# holds, on a tensor that requires grad, and where the pure form would have
# another dtype (x += y of float32 x and float64 y stays float32). A list
# made in the traced code holds no reference the graph keeps: a read
# through it is a read of the register, renamed with the others.
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
p = torch.ones(3, requires_grad=True)
for _ in range(2):
    loss = with_grad(p)
    loss.backward()
    print(loss.item(), p.grad)
