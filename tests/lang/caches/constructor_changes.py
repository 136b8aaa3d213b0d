# `C(...)` of a plain class runs __init__ inlined from a per-class memo;
# every change to the class or its bases must be seen by the next call.
class Base:
    def __init__(self, x):
        self.x = x


class C(Base):
    pass


def make(cls, n):
    return [cls(i).x for i in range(n)]


print(make(C, 3))


def init2(self, x):
    self.x = x * 10


Base.__init__ = init2
print(make(C, 3))


def init3(self, x):
    self.x = -x


C.__init__ = init3
print(make(C, 3), make(Base, 2))
del C.__init__
print(make(C, 3))


def new(cls, x):
    obj = object.__new__(cls)
    obj.via_new = True
    return obj


C.__new__ = new
objs = [C(i) for i in range(2)]
print([(o.x, o.via_new) for o in objs])
C.__new__ = lambda cls, x: object.__new__(cls)
print(make(C, 2))


class Gen:
    def __init__(self):
        yield 1


try:
    Gen()
except TypeError as e:
    print("TypeError:", e)


class NoInit:
    pass


print(type(NoInit()).__name__)
try:
    NoInit(1)
except TypeError as e:
    print("TypeError:", e)


# __init__ replaced by a callable object that is not a function.
class Odd:
    pass


Odd.__init__ = lambda self, v: setattr(self, "v", v)
print(Odd(4).v)
try:
    Odd()
except TypeError as e:
    print("TypeError:", e)


def bad_init(self):
    return 5


Odd.__init__ = bad_init
try:
    Odd()
except TypeError as e:
    print("TypeError:", e)
