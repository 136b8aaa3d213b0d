# Defaults of functions inlined into a hot caller: replaced __defaults__, a
# mutable default changed in place, replaced and mutated __kwdefaults__,
# and a default list the function appends to.
import torch


def helper(x, s=2.0, d={"k": 1.0}, *, kw=3.0):
    return x * s + d["k"] + kw


def g(x):
    return helper(x)


x = torch.ones(2)
for i in range(3):
    print(g(x))
helper.__defaults__ = (5.0, {"k": 1.0})
print(g(x))
helper.__defaults__[1]["k"] = 7.0
print(g(x))
helper.__kwdefaults__ = {"kw": 100.0}
print(g(x))
helper.__kwdefaults__["kw"] = -1.0
print(g(x))


def remember(t, seen=[]):
    seen.append(t.sum())
    return len(seen)


def uses(t):
    return remember(t) * t


for i in range(3):
    print(uses(x))
print(len(remember.__defaults__[0]))
