# vmrun-flags: --hot-threshold=1
# Objects constructed inside traced code: functools.partial (whose __new__
# is Python), user classes with a __new__ of their own (singletons, caches,
# a __new__ that returns something other than an instance, so __init__ does
# not run), and dicts from outside the trace keyed by enum members and
# plain objects, indexed by a value the caller passes in.
import enum
import functools

import torch


def scale_shift(t, scale, shift=0.0):
    return t * scale + shift


def with_partials(x, s):
    double = functools.partial(scale_shift, scale=2.0)
    moved = functools.partial(scale_shift, shift=s)
    return double(x), moved(x, 3.0), double(x, shift=1.0)


x = torch.tensor([1.0, 2.0, 3.0])
print(with_partials(x, 0.5))
print(with_partials(x, 0.5))
print(with_partials(x, -1.0))


class Counted:
    made = 0

    def __new__(cls, value):
        cls.made += 1
        obj = object.__new__(cls)
        obj.serial = cls.made
        return obj

    def __init__(self, value):
        self.value = value


class Singleton:
    instance = None

    def __new__(cls):
        if cls.instance is None:
            cls.instance = object.__new__(cls)
            cls.instance.hits = 0
        return cls.instance

    def __init__(self):
        self.hits += 1


class Coerce:
    # __new__ returns a number or a tensor for some inputs: __init__ must not
    # run on them.
    def __new__(cls, v):
        if isinstance(v, float):
            return v * 10
        if isinstance(v, torch.Tensor):
            return v + 100
        return object.__new__(cls)

    def __init__(self, v):
        self.v = v


def build(x, v):
    c = Counted(x * 2)
    s1 = Singleton()
    s2 = Singleton()
    k = Coerce(v)
    t = Coerce(x)
    o = Coerce("text")
    return c.value + c.serial, s1 is s2, s1.hits, k, t, o.v


print(build(x, 1.5))
print(build(x, 2.5))
Counted.made = 100
print(build(x, 1.5), Counted.made)
Singleton.instance = None
print(build(x, 1.5), Singleton.instance.hits)


# Dicts from outside the trace keyed by enum members and by objects compared
# by identity, indexed by an argument.
class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Tag:
    def __repr__(self):
        return "Tag()"


first_tag, second_tag = Tag(), Tag()
gains = {Color.RED: 2.0, Color.GREEN: 3.0, 7: 4.0, (1, 2): 5.0}
by_tag = {first_tag: 10.0, second_tag: 20.0}


def lookup(x, color, tag):
    y = x * gains[color] + by_tag[tag]
    if Color.BLUE in gains:
        y = y + gains[Color.BLUE]
    if tag in by_tag:
        y = y + 1
    return y, gains.get(color, -1.0), gains[7], gains[(1, 2)]


print(lookup(x, Color.RED, first_tag))
print(lookup(x, Color.RED, first_tag))
print(lookup(x, Color.GREEN, second_tag))
gains[Color.BLUE] = 0.5
print(lookup(x, Color.GREEN, first_tag))
gains[Color.RED] = -2.0
print(lookup(x, Color.RED, first_tag))
del gains[Color.GREEN]
try:
    print(lookup(x, Color.GREEN, first_tag))
except KeyError as e:
    print("KeyError", e)
try:
    print(lookup(x, Color.RED, Tag()))
except KeyError:
    print("KeyError for a new tag")


# super().__new__(cls) in a __new__ (the receiver is the class): object's
# __new__, or a base's Python __new__.
class Registry:
    made = []

    def __new__(cls, name):
        obj = super().__new__(cls)
        obj.name = name
        return obj


class Named(Registry):
    def __new__(cls, name):
        obj = super().__new__(cls, name.upper())
        obj.extra = len(name)
        return obj

    def __init__(self, name):
        self.seen = name


def registry(x, name):
    r = Registry(name)
    n = Named(name)
    return x * n.extra, r.name, n.name, n.seen, type(n).__name__


print(registry(x, "ab"))
print(registry(x, "ab"))
print(registry(x, "abc"))
