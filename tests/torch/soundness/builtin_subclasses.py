# Subclasses of dict, list and tuple with their own dunders and methods,
# passed to hot functions: the subclass's methods run, never the builtin's.
import collections

import torch


class D(dict):
    def __getitem__(self, k):
        return 10.0

    def get(self, k, d=None):
        return 20.0

    def __len__(self):
        return 7

    def __contains__(self, k):
        return True


class L(list):
    def __getitem__(self, i):
        return 3.0

    def __len__(self):
        return 9

    def __contains__(self, x):
        return False

    def __add__(self, o):
        return [100.0]

    def __bool__(self):
        return False

    def __iter__(self):
        return iter([5.0, 6.0])


def f(x, d, l):
    a = x * d["a"] + d.get("b") + len(d) + ("zz" in d)
    b = x * l[0] + len(l) + (1.0 in l) + (l + [1.0])[0] + (1 if l else 2)
    s = 0
    for v in l:
        s = s + v
    return a, b + s + sum(l), list(l)


x = torch.ones(2)
d = D(a=1.0, b=2.0)
l = L([1.0, 2.0])
for i in range(3):
    print(f(x, d, l))


class T(tuple):
    pass


def h(x, t):
    s = x
    for v in t:
        s = s + v
    return s


t = T((1.0, 2.0))
for i in range(3):
    print(h(x, t))
T.__iter__ = lambda self: iter([10.0])
print(h(x, t))

Out = collections.namedtuple("Out", ["loss", "logits"])


def use_named(o):
    return o.loss * 2 + o.logits, o[0], len(o)


o = Out(torch.tensor(1.0), torch.tensor([1.0, 2.0]))
for i in range(3):
    print(use_named(o))


class Plain(list):
    def total(self):
        return sum(self)


def plain(x, p):
    return x * p.total() + len(p) + p[1]


for i in range(3):
    print(plain(x, Plain([1.0, 2.0, 3.0])))
