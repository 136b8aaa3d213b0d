# vmrun-flags: --hot-threshold=1
# Everyday Python the tracer follows without breaking the graph: generators
# consumed in the traced code (for loops, sum, list, next, generator
# expressions, Module.parameters()), hasattr / getattr, class attributes,
# classmethods, staticmethods and enum members, object.__setattr__.
import enum

import torch
import torch.nn as nn


def squares(t, n):
    for i in range(n):
        yield t * i


def consume(x):
    acc = x
    for g in squares(x, 3):
        acc = acc + g
    it = squares(x, 4)
    first = next(it)
    second = next(it)
    return acc + sum(squares(x, 2)) + first + second, len(list(squares(x, 2))), sum(v.sum() for v in (x, x + 1))


x = torch.tensor([1.0, 2.0])
print(consume(x))
print(consume(x))


class Scale:
    factor = 2.0

    @classmethod
    def apply(cls, t):
        return t * cls.factor

    @staticmethod
    def shift(t):
        return t + 1


class Mode(enum.Enum):
    FAST = 1
    SLOW = 2


class Box:
    def __init__(self):
        self.w = 3.0


def attrs(x, box, mode):
    y = Scale.apply(x) + Scale.shift(x) * Scale.factor
    if hasattr(box, "w"):
        y = y + box.w
    if not hasattr(box, "missing"):
        y = y - getattr(box, "other", 0.5)
    if mode is Mode.FAST:
        y = y * Mode.SLOW.value
    object.__setattr__(box, "seen", 1)
    return y


box = Box()
print(attrs(x, box, Mode.FAST))
print(attrs(x, box, Mode.FAST))
Scale.factor = 3.0
print(attrs(x, box, Mode.SLOW))
box.missing = True
print(attrs(x, box, Mode.FAST))

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))


def param_norm(m):
    total = 0
    for p in m.parameters():
        total = total + (p * p).sum()
    return total, sum(p.numel() for p in m.parameters())


print(param_norm(model))
print(param_norm(model))


# try/except/finally when nothing raises while tracing (an op that could
# raise on its data inside try, an index_select, breaks instead), **kwargs,
# dict(...) and functools.partial.
import functools

table = {"a": 1.0}
calls = []


def guarded(x, idx):
    try:
        y = x * table["a"]
    except KeyError:
        y = x
    try:
        z = y + 1
    finally:
        calls.append(1)
    try:
        w = x.index_select(0, idx)
    except IndexError:
        w = x
    return y, z, w


print(guarded(x, torch.tensor([1])))
print(guarded(x, torch.tensor([1])))
del table["a"]
print(guarded(x, torch.tensor([0])), len(calls))


def blend(*ts, weight=1.0, **extra):
    return sum(ts) * weight + extra.get("bias", 0.0) + len(extra)


def scaled(t, s=1.0, **extra):
    return t * s + extra.get("c", 0.0)


half = functools.partial(scaled, s=0.5)
options = {"bias": 2.0}


def keywords(x):
    return blend(x, x, weight=2.0, bias=1.0), blend(x, **options), half(x, c=3.0), scaled(x, **dict(s=4.0, c=1.0))


print(keywords(x))
print(keywords(x))
options["bias"] = -1.0
print(keywords(x))


# A graph break hands the resume function only the locals it reads later.
def dead_locals(x):
    big = x * 100
    small = x + 1
    print("break here")
    return small * 2


print(dead_locals(x))
print(dead_locals(x))


# Dicts keyed by ints, tuples and enum members (made in the trace, or read
# from outside and changed between calls).
weights = {1: 2.0, (2, 3): 3.0, "s": 4.0}


def keyed(x):
    local = {Mode.FAST: 10.0, Mode.SLOW: 20.0, 5: 1.0, (1, 2): 2.0}
    y = x * weights[1] + weights[(2, 3)] + weights["s"] + local[Mode.FAST] + local[(1, 2)]
    if 4 in weights:
        y = y + 100
    return y, local.get(Mode.SLOW)


print(keyed(x))
print(keyed(x))
weights[4] = 0.0
print(keyed(x))
weights[1] = -1.0
print(keyed(x))


# A break inside a with block resumes inside it: the graph before the break
# is kept, and the block's __exit__ (the manager's, or the grad mode's)
# runs from the resume function.
class Tally:
    def __init__(self):
        self.exits = 0

    def __enter__(self):
        return 2.0

    def __exit__(self, *exc):
        self.exits += 1
        return False


tally = Tally()
w = torch.ones(2, requires_grad=True)


def inside_with(x):
    y = x * w
    with torch.no_grad():
        z = y * 2
        print("no_grad block, grad enabled:", torch.is_grad_enabled())
        z = z + 1
    with tally as k:
        u = z * k
        print("tally block")
    return y.requires_grad, z.requires_grad, u, torch.is_grad_enabled()


print(inside_with(x))
print(inside_with(x), tally.exits)
