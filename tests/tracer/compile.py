# vmrun-flags: --hot-threshold=1000000
# torch.compile and torch.compiler.disable. Compiled functions are traced on
# their first call (the threshold is high here, so nothing else is), as are
# the frames they start; fullgraph=True turns a graph break into an error
# naming the reason and line (written to stderr, so stdout stays what the
# interpreter prints); a disabled function breaks the graph of its caller.
import sys
import time
import torch


def f(x, y):
    return (x * y).relu() + 1


cf = torch.compile(f)
x = torch.arange(4.0) - 1
print(cf.__name__, cf(x, x), cf(x, x + 1))


@torch.compile(fullgraph=True)
def strict(x):
    y = x * 2
    time.sleep(0)
    return y


for _ in range(2):
    try:
        strict(x)
        sys.stderr.write("no error\n")
    except RuntimeError as e:
        sys.stderr.write(f"RuntimeError: {e}\n")


@torch.compile(fullgraph=True, dynamic=False, backend="inductor", mode="max-autotune")
def whole(x):
    return x.sin() * 2


print(whole(x))


@torch.compiler.disable
def helper(x):
    return x * 3


@torch.compile
def calls_disabled(x):
    return helper(x + 1) - 1


@torch.compile
def calls_compiled(x):
    # a compiled function called from traced code is inlined
    return cf(x, x) * 2


def nested_under_compile(x):
    return x.exp()


@torch.compile
def outer(x):
    time.sleep(0)
    return nested_under_compile(x) + 1


print(calls_disabled(x), calls_compiled(x), outer(x))
print(torch.compile(f, disable=True) is f, torch.compiler.is_compiling())
for bad in [3, "f"]:
    try:
        torch.compile(bad)
    except TypeError as e:
        print("TypeError:", e)


# recursive=False: the loop itself runs in the interpreter (its frames are
# never traced, and a traced caller breaks at it), but the function it calls
# is traced and compiled as usual.
def chain_step(x):
    return (x * 2).relu() + 1


@torch.compiler.disable(recursive=False)
def driver(x, k):
    for i in range(k):
        x = chain_step(x)
    return x


def calls_driver(x):
    return driver(x + 1, 2) * 3


print(driver(torch.ones(3), 4), calls_driver(torch.ones(3)), calls_driver(torch.ones(3)))
try:
    torch.compiler.disable(3, recursive=False)
except NotImplementedError as e:
    print("NotImplementedError:", e)

# torch.compile of an nn.Module compiles its __call__ frame (forward inlined).
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))
cmodel = torch.compile(model)
with torch.no_grad():
    for i in range(2):
        print(cmodel(torch.ones(2, 3) * i))
