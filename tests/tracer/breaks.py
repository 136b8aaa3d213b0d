# vmrun-flags: --hot-threshold=1
# One function per graph-break trigger: the graph before the break runs, the
# interpreter runs the rest (in a resume function, traced in turn), and each
# prints what it would print without the tracer.
import time
import torch



def printing(x):
    y = x + 1
    print("inside", y)
    return y * 2


def item(x):
    return x.sum().item() + 1


def branch(x):
    if x.sum() > 0:
        return x
    return -x


def mask(x):
    return x[x > 0]


def clock(x):
    time.sleep(0)
    return x * 0 + 1


def raising(x, y):
    return x + y


def dict_store(x, d):
    d["last"] = x
    return x + 1


def backward(x):
    x = x.clone().requires_grad_()
    (x * x).sum().backward()
    return x.grad


def helper(x):
    print("helper", x.shape)
    return x + 1


def inlined(x):
    return helper(x * 2) - 1


def try_block(x):
    try:
        return x + 1
    except RuntimeError:
        return x


x = torch.tensor([1.0, -2.0, 3.0])
for fn in [printing, item, branch, mask, clock, backward, inlined, try_block]:
    print(fn.__name__, fn(x))
d = {}
print(dict_store(x, d), d)
try:
    raising(x, torch.ones(2))
except RuntimeError as e:
    print("RuntimeError", e)
