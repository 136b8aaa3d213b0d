# A function that breaks its graph (print) and then reads a named tuple or
# tuple subclass argument sees each call's values: a tuple subclass of
# constants is guarded by value, never baked in with dynamic items.
# (Importing torch turns the tracer on.)
import torch
from collections import namedtuple
P = namedtuple("P", "x y")
def f(p):
    print("p", end=" ")
    return p.x * 10 + p[1]
for n in range(1, 6):
    print(f(P(n, n + 1)))
class T(tuple):
    pass
def g(t):
    print("t", end=" ")
    return t[0] * 2
for n in range(4):
    print(g(T((n, 5))))

# A named tuple's __repr__ (traced once hot) on records with changing items.
R = namedtuple("R", ["epoch", "loss", "acc"])
history = [R(e, round(1.0 / (e + 1), 3), e * 0.25) for e in range(6)]
print(history)
