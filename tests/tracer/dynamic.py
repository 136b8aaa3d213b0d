# Automatic dynamic shapes: a size that changes between compilations is left
# unguarded in the next graph, so a loop over growing batch sizes compiles
# twice, not every time — unless the code reads the size into Python (then
# it stays static and every new size recompiles). torch.compile(dynamic=True)
# starts dynamic, dynamic=False never goes dynamic.
import torch


def pointwise(x, w):
    return (x * w).relu().sum(0) + 1


def reads_size(x):
    return x.view(x.size(0), -1) * 2


def two_inputs(x, y):
    return torch.cat([x, y]).mean()


def split_rows(x):
    # iterating over rows reads the size: static
    total = x[0] * 0
    for row in x:
        total = total + row
    return total


w = torch.ones(3)
for n in [2, 3, 4, 5, 6]:
    x = torch.arange(n * 3.0).reshape(n, 3)
    print(pointwise(x, w), reads_size(x).shape, two_inputs(x, x + 1), split_rows(x))


@torch.compile(dynamic=True)
def from_start(x):
    return x.exp().sum()


@torch.compile(dynamic=False)
def never(x):
    return x * 2


for n in [1, 4, 7]:
    print(from_start(torch.ones(n)), never(torch.ones(n)))

# A non-contiguous argument keeps exact strides (and sizes).
base = torch.arange(24.0).reshape(4, 6)
for k in [2, 3, 4]:
    print(pointwise(base[:, :k].t(), torch.ones(4)))


# Sizes of a dynamic input read in the trace are graph values (SymInts):
# arithmetic on them and passing them to torch functions keep the graph
# dynamic. A Python branch comparing one with an int constant is guarded
# by SIZE_COMPARE (one graph per outcome, both dynamic); other Python uses
# make every size static again.
def symbolic(x, w):
    n, c = x.shape
    y = x.reshape(n * c) + 1
    z = torch.zeros(n, 2) + x[:, :2]
    return y.sum() + z.sum() + len(x) * w, x.view(x.size(0), -1).sum(1)


def branch_on_size(x):
    if x.size(0) > 4:
        return x * 2
    return x - 1


for n in [2, 3, 4, 5, 6]:
    x = torch.arange(n * 3.0).reshape(n, 3)
    print(symbolic(x, torch.ones(1)), branch_on_size(x).sum())


# Automatic dynamic ints: an int argument whose value changed becomes a
# graph input (TYPE_MATCH instead of CONST_MATCH) unless Python code uses it
# (a branch, a loop bound), which pins it again.
def step(x, i, lr):
    return x * lr + i


def gated(x, i):
    if i % 2 == 0:
        return x * i
    return x - i


def repeated(x, n):
    return x.repeat(n) + n


for i in range(6):
    print(step(torch.ones(2), i, 0.5), gated(torch.ones(2), i), repeated(torch.ones(2), i % 3 + 1))


# A tensor whose shape follows from a dynamic int (arange(n)): reading that
# shape pins the int again, so the Python branch on it stays right.
def from_int(x, n):
    t = torch.arange(n)
    if t.shape[0] > 2:
        return x + 1
    return x - 1


for n in [1, 2, 3, 4, 1, 5]:
    print(from_int(torch.ones(1), n))


# An intermediate's sizes are SymInts too while the graph is dynamic: the
# hidden layer's batch size is read from the tensor the graph computes.
def flatten_hidden(x, w):
    h = (x @ w).relu()
    return h.view(h.size(0), -1).sum(1) + h.shape[1], len(h)


w2 = torch.ones(3, 4)
for n in [2, 3, 5, 8]:
    print(flatten_hidden(torch.arange(n * 3.0).reshape(n, 3), w2))


# `assert T <= block_size` (an attention mask built from T): the assert is
# a SIZE_COMPARE guard, so T stays dynamic up to the limit; past it the
# assertion fails as in the interpreter.
class Cfg:
    block_size = 8


cfg = Cfg()


def masked(x):
    B, T = x.shape
    assert T <= cfg.block_size, "sequence too long"
    mask = torch.ones(T, T).tril()
    return (x @ mask).sum(1)


for T in [2, 3, 4, 5, 6, 8]:
    print(masked(torch.ones(2, T)))
try:
    masked(torch.ones(2, 9))
except AssertionError as e:
    print("AssertionError:", e)


# A shape check as layer_norm makes it: a tuple of sizes compared with a
# tuple argument is decided while tracing (the compared size is guarded;
# the batch size stays dynamic), with no graph break.
def shape_check(x, shape):
    nd = len(shape)
    if x.dim() < nd or tuple(x.shape[x.dim() - nd:]) != shape:
        raise RuntimeError("bad shape")
    return x * 2 + 1


for n in [2, 3, 4, 5]:
    print(shape_check(torch.ones(n, 3), (3,)).sum())
try:
    shape_check(torch.ones(2, 4), (3,))
except RuntimeError as e:
    print("RuntimeError:", e)
