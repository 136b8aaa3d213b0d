# Closure cells read and written by hot functions: a cell rebound by another
# function, `nonlocal` counters inside inlined calls, a cell shared by two
# closures, a closure over a tensor, and a nonlocal store in the hot
# function itself. Each change between calls must be seen.
import torch


def make():
    scale = 2.0

    def f(x):
        return x * scale

    def set_scale(v):
        nonlocal scale
        scale = v

    return f, set_scale


f, set_scale = make()


def g(x):
    return f(x) + 1


x = torch.ones(2)
for i in range(3):
    print(g(x))
set_scale(5.0)
for i in range(3):
    print(g(x))


def counter():
    n = 0

    def inc(t):
        nonlocal n
        n += 1
        return t + n

    def get():
        return n

    return inc, get


inc, get = counter()


def h(t):
    return inc(t) * 2


for i in range(5):
    print(h(x))
print("count", get())


def over_tensor():
    w = torch.tensor([1.0, 2.0])

    def apply(t):
        return t * w

    def replace():
        nonlocal w
        w = torch.tensor([10.0, 20.0])

    return apply, replace


apply, replace = over_tensor()


def k(t):
    return apply(t) - 1


print(k(x))
print(k(x))
replace()
print(k(x))


def accumulator():
    total = torch.zeros(2)

    def add(t):
        nonlocal total
        total = total + t
        return total

    return add


add = accumulator()
for i in range(4):
    print(add(x * i))
