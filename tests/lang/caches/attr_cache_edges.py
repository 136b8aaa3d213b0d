# Attribute caches: every way a cached resolution can go stale must be seen.


class A:
    kind = "A-class"

    def __init__(self, v):
        self.v = v

    def get(self):
        return ("A.get", self.v)

    @property
    def double(self):
        return self.v * 2

    @classmethod
    def make(cls, v):
        return (cls.__name__, v)

    @staticmethod
    def helper(x):
        return x + 1


class B(A):
    def get(self):
        return ("B.get", self.v)


class C(A):
    kind = "C-class"


class D(A):
    pass


class E(B):
    pass


class F(C):
    pass


def read(o):
    # One site for each access form, shared by many classes (polymorphic,
    # then megamorphic once more than four classes pass through).
    return (o.v, o.kind, o.get(), o.double, o.make(o.v), o.helper(o.v))


objs = [A(1), B(2), C(3), D(4), E(5), F(6)]
for _ in range(3):
    for o in objs:
        print(type(o).__name__, read(o))

# An instance attribute shadows a method and a class attribute.
a = A(10)
print(read(a))
a.get = lambda: "instance get"
a.kind = "instance kind"
print(a.get(), a.kind)
del a.get
del a.kind
print(a.get(), a.kind)

# Writing through __dict__ and vars() also shadows.
a.__dict__["get"] = lambda: "dict get"
print(a.get())
vars(a)["kind"] = "vars kind"
print(a.kind)
a.__dict__.clear()
a.v = 11
print(read(a))

# Changing the class after the sites are warm.
def new_get(self):
    return ("patched", self.v)


for step in range(4):
    if step == 1:
        A.get = new_get
    if step == 2:
        A.kind = "A-changed"
        C.kind = "C-changed"
    if step == 3:
        del B.get
    print(step, [read(o)[1:3] for o in objs])

# A property added later wins over the instance dict; removing it restores it.
class P:
    def __init__(self):
        self.x = "instance x"


p = P()
print(p.x)
P.x = property(lambda self: "property x")
print(p.x)
del P.x
print(p.x)

# Stores: a data descriptor added after the store site is warm.
class S:
    pass


def store(o, val):
    o.y = val
    return o.y


s1 = S()
print(store(s1, 1), store(s1, 2))
log = []
S.y = property(lambda self: "prop y", lambda self, v: log.append(v))
print(store(s1, 3), log, s1.__dict__)
del S.y
print(store(s1, 4), s1.__dict__)

# __setattr__ and __getattr__ defined on the class later.
class H:
    pass


h = H()
print(store(h, 5))
H.__setattr__ = lambda self, k, v: object.__setattr__(self, k, v * 10)
print(store(h, 6))
H.__getattr__ = lambda self, k: "fallback " + k


def read_z(o):
    return o.z


print(read_z(h))
h.z = 1
print(read_z(h))

# Deleting and re-adding instance keys moves entries (hint invalidation).
class K:
    def __init__(self):
        self.a = 1
        self.b = 2
        self.c = 3


def read_c(o):
    return o.c


k = K()
print(read_c(k))
del k.a
del k.b
print(read_c(k))
k.a = 4
print(read_c(k), k.__dict__)
for i in range(20):
    setattr(k, "extra%d" % i, i)
print(read_c(k), len(k.__dict__))

# Module attributes change under a warm site.
import math


def pi():
    return math.pi


print(pi())
math.pi = 3
print(pi())
del math.pi
try:
    pi()
except AttributeError as e:
    print("AttributeError", e)

# Class receivers: plain values, functions, static and class methods.
def class_reads(cls):
    return (cls.kind, cls.helper(1), cls.make(2), cls.get(objs[0]))


for cls in (A, B, C, D, E, F):
    print(class_reads(cls))
C.kind = "C-again"
print(class_reads(C), class_reads(F))

# Methods of builtin receivers through one site.
def meth(x):
    return x.count(1)


print(meth([1, 1, 2]), meth((1, 2)), meth("a1b1"[1:2] * 3 and [1]))

# A user data descriptor (not a property) on the class.
class Desc:
    def __get__(self, obj, owner):
        return "desc get"

    def __set__(self, obj, v):
        print("desc set", v)


class W:
    d = Desc()


w = W()
w.__dict__["d"] = "shadow"
print(w.d)
w.d = 5
print(w.d)
