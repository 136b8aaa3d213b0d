# Globals and builtins read by a hot function, changed between calls: a
# global rebound, deleted and defined again, a builtin shadowed by a global
# and the shadow deleted, and instance attributes of objects whose
# attributes move from their slots to a real __dict__.
import torch

scale = 2.0


def f(x):
    return x * scale + len([1, 2, 3]) + abs(-1.5)


x = torch.tensor([1.0, 2.0])
for i in range(3):
    print(f(x))
scale = 3.0
print(f(x))
del scale
try:
    f(x)
except NameError as e:
    print("NameError:", e)
scale = 4.0
print(f(x))
len = lambda seq: 100
print(f(x))
del len
print(f(x))


class P:
    def __init__(self):
        self.a = 1.0
        self.b = 2.0


def g(t, p):
    return t * p.a + p.b


p = P()
q = P()
for i in range(3):
    print(g(x, p), g(x, q))
q.c = 5.0
del q.a
q.a = 10.0
print(g(x, p), g(x, q))
p.__dict__["b"] = 7.0
print(g(x, p), g(x, q))
