# `local.attr`, `local.method(...)` and `expr op constant` run as fused
# instructions; every receiver and operand they do not handle themselves
# must behave exactly as the unfused instructions would.
import math


class P:
    def __init__(self, x):
        self.x = x

    def get(self):
        return self.x

    @property
    def double(self):
        return self.x * 2


class Slotless:
    def __getattr__(self, name):
        return "dyn:" + name


class Shadow:
    def __init__(self):
        self.get = lambda: "instance attribute wins"

    def get(self):
        return "class method"


def loads(objs):
    out = []
    for o in objs:
        try:
            out.append(o.x)
        except AttributeError as e:
            out.append("AttributeError: " + str(e))
        try:
            out.append(o.get())
        except (AttributeError, TypeError) as e:
            out.append(type(e).__name__ + ": " + str(e))
    return out


print(loads([P(1), P("s"), Slotless(), Shadow(), math, "str", 3]))

# The same site sees instances of many shapes (polymorphic, then megamorphic).
class Q:
    pass


shapes = []
for i in range(12):
    q = Q()
    for j in range(i % 5):
        setattr(q, "a%d" % j, j)
    q.x = i
    shapes.append(q)
print(loads(shapes)[::2])

# An attribute deleted between two runs of the same site.
p = P(5)
print(p.x, p.double)
del p.x
try:
    print(p.x)
except AttributeError as e:
    print("AttributeError:", e)
p.x = 7
print(p.x, p.get())

# A method replaced on the class after the site has cached it.
def patched(self):
    return "patched " + str(self.x)


print(p.get())
P.get = patched
print(p.get())


# An unbound local reaches the fused load.
def unbound(flag):
    if flag:
        o = P(1)
    return o.x


print(unbound(True))
try:
    unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def unbound_method(flag):
    if flag:
        o = P(2)
    return o.get()


print(unbound_method(True))
try:
    unbound_method(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


# `expr op constant` on numbers and on everything else.
class Num:
    def __init__(self, v):
        self.v = v

    def __add__(self, k):
        return Num(self.v + k)

    def __mul__(self, k):
        return "Num*" + repr(k)

    def __repr__(self):
        return "Num(%r)" % (self.v,)


def with_constants(x):
    out = [x + 1, x * 2, x - 0.5, x / 4, x // 3, x % 7]
    if abs(x) < 2 ** 31:
        out.append(x ** 2)
    try:
        out += [x << 3, x & 6, x >> 1, x | 1, x ^ 5]
    except TypeError as e:
        out.append("TypeError: " + str(e))
    return out


for v in [5, -5, 2.5, True, 2 ** 46, 2 ** 47 - 1, -(2 ** 47), 2 ** 59]:
    print(with_constants(v))

print((Num(1) + 1), (Num(2) * 3))
print("ab" * 3, "ab" + "c", [1] * 3, (1, 2) + (3,))
big = 1
for i in range(35):
    big = big * 3 + 1
print(big, big % 1000003, big // 7)
print((2 ** 45) * 4, (2 ** 45) * 4 * 3, -(2 ** 46) * 2 - 1)
for bad in [None, "s", [1]]:
    try:
        print(bad - 1)
    except TypeError as e:
        print("TypeError:", e)
try:
    print(5 // 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(5.0 % 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
acc = 0
for i in range(10):
    acc += 3
    acc -= 1
    acc *= 1
print(acc)
s = "x"
for i in range(3):
    s += "y"
print(s)


# Pairs of a local and a constant (`f(v, 5)`, `f(5, v)`) with the local unbound.
def pair(a, b):
    return (a, b)


def local_then_const(flag):
    if flag:
        v = "v"
    return pair(v, 5)


def const_then_local(flag):
    if flag:
        v = "v"
    return pair(5, v)


for fn in [local_then_const, const_then_local]:
    print(fn(True))
    try:
        fn(False)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)


# `x = a op b` stored straight into a local: small ints growing past the
# inline range, floats, strings, and a result stored over an operand.
def store_results(n):
    i = 0
    big = 2 ** 45
    f = 0.5
    s = ""
    t = "x"
    while i < n:
        i += 1
        big = big + big
        f = f * 2
        s = s + t
        t = t * 2
        k = i - n
    return i, big, f, s, t, k


print(store_results(6))
