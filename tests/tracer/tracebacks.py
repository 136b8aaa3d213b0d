# A graph that raises at run time (here a shape mismatch that the dynamic
# graph's guards let through) shows the interpreter's traceback: the line of
# the op that raised, inside the inlined call, and the callers.
import torch

def inner(a, b):
    c = a * 2
    return c + b

def f(x, y):
    z = x.exp()
    w = inner(z, y)
    return w.sum()

for n in [3, 3, 4, 4, 5]:
    print(f(torch.ones(n), torch.ones(n)))
f(torch.ones(3), torch.ones(4))
