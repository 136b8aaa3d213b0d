# Containers changed while the hot function iterates over them: a list grown
# inside its own for loop (seen, as CPython's list iterator does), enumerate
# and zip over a list that changes, and a dict that changes size (CPython
# raises RuntimeError).
import torch


def grow(x, lst):
    s = x
    for v in lst:
        s = s + v
        if len(lst) < 5:
            lst.append(1.0)
    return s


x = torch.ones(2)
for i in range(3):
    print(grow(x, [1.0, 2.0]))


def grow_local(x):
    lst = [1.0, 2.0]
    s = x
    for v in lst:
        s = s + v
        if len(lst) < 5:
            lst.append(1.0)
    return s, len(lst)


for i in range(3):
    print(grow_local(x))


def enum_grow(x):
    lst = [x, x * 2]
    out = []
    for i, v in enumerate(lst):
        out.append(v + i)
        if i == 0:
            lst.append(x * 3)
            lst[1] = x * 5
    return out


for i in range(2):
    print(enum_grow(x))


def zip_two(x):
    a = [x, x + 1, x + 2]
    b = [10.0, 20.0]
    out = x
    for p, q in zip(a, b):
        out = out + p * q
        b.append(30.0)
    return out


for i in range(2):
    print(zip_two(x))


def dict_grows(x):
    d = {"a": 1.0}
    for k in d:
        d["b"] = 2.0
    return x


for i in range(2):
    try:
        dict_grows(x)
    except RuntimeError as e:
        print("RuntimeError:", e)


def iter_then_list(x):
    it = iter([x, x + 1, x + 2])
    first = next(it)
    return first, list(it)


for i in range(2):
    print(iter_then_list(x))
