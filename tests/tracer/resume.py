# vmrun-flags: --hot-threshold=1
# Graph breaks that resume: the graph before the break runs, the interpreter
# runs the instruction the tracer could not, and a resume function (traced in
# turn) carries on. Each function prints what it prints without the tracer.
import math
import torch


def nested_inner(x):
    print("inner", x.shape)
    return x * 3


def nested(x):
    # The break inside the inlined call backs up to the call.
    a = x + 1
    b = nested_inner(a) - 2
    return a * b


def branchy(x, y):
    # Both ways out of a data-dependent branch have a resume function.
    s = x.sum()
    if s > 0:
        r = x * y
    else:
        r = x - y
    return r + 1


def in_loop(x, n):
    # A break inside a loop resumes before the loop.
    y = x * 2
    acc = []
    for i in range(n):
        acc.append(y + i)
        print("step", i)
    return torch.stack(acc).sum(0) + y


def in_try(x):
    y = x.exp()
    try:
        z = y + 1
    except RuntimeError:
        z = y
    return z * 2


def null_marker(x):
    # math.pow is loaded with LOAD_METHOD's marker still on the stack.
    y = x + 1
    return math.pow(2.0, len(str(print("side")))) + y


def unbound(x, flag):
    y = x * 2
    if flag:
        w = y + 1
    print("mid")
    if flag:
        return w + y
    return y


def aliasing(x, lst):
    out = [x + 1]
    same = out
    print("alias")
    same.append(x * 2)
    return lst is lst, len(out), out[1], lst


def or_pop(x, y):
    t = x.sum() > 100 or y
    return t


def inplace(x):
    x.add_(1)
    print("inplace", x)
    x.mul_(2)
    return x


def method_call(x):
    y = x.abs()
    z = y.tolist()
    return y + len(z)


def raising(x):
    y = x * 2
    print("before")
    return y + torch.ones(5)


x = torch.tensor([1.0, -2.0, 3.0])
arg = [1, 2]
for i in range(2):
    print(nested(x))
    print(branchy(x, x + i), branchy(-x - 5, x))
    print(in_loop(x, 2))
    print(in_try(x))
    print(null_marker(x))
    print(unbound(x, True), unbound(x, False))
    print(aliasing(x, arg))
    print(or_pop(x, x + 1), or_pop(x * 100, 5))
    print(inplace(x.clone()))
    print(method_call(x))
    try:
        raising(x)
    except RuntimeError as e:
        print("RuntimeError", e)


# A function with closure cells resumes too: the transformed code writes
# the frame's cells back, makes the closures the trace made for real, and
# the resume function closes over the same cells.
def with_cells(x, k):
    scale = k * 2
    act = lambda t: t * scale
    y = act(x) + 1
    print("cells", y.shape)
    return act(y)


def nonlocal_store(x):
    y = x + 1

    def inner():
        return y * 3

    print("nonlocal")
    y = y * 2
    return inner()


for i in range(2):
    print(with_cells(torch.ones(2), 3), nonlocal_store(torch.ones(2)))
