# Calls of bound-method objects and of instances with __call__ (which the
# interpreter runs inlined, shifting the arguments to make room for self):
# results, argument errors with CPython's messages, exceptions and
# tracebacks through them, recursion, generators, and objects whose
# __call__ is not a plain function.


class Acc:
    def __init__(self):
        self.total = 0

    def add(self, x, y=1):
        self.total += x * y
        return self.total

    def __call__(self, *args):
        return sum(args) + self.total


a = Acc()
m = a.add
print(m(2), m(3, 4), m(y=2, x=5), a(1, 2, 3), a())
ms = [a.add, Acc().add, (lambda v: v * 100)]
print([f(7) for f in ms])

# Argument errors name the method, as CPython does.
for args in [(), (1, 2, 3)]:
    try:
        m(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    m(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)


class Strict:
    def __call__(self, x):
        return x


s = Strict()
try:
    s(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    s()
except TypeError as e:
    print("TypeError:", e)


# Exceptions raised inside and caught outside, and finally blocks.
class Boom:
    def __call__(self, n):
        try:
            if n == 0:
                raise ValueError("boom at zero")
            return self(n - 1)
        finally:
            log.append(n)


log = []
try:
    Boom()(3)
except ValueError as e:
    print("ValueError:", e, log)


# Deep recursion through __call__ and bound methods stays bounded.
class Rec:
    def __call__(self, n):
        return 0 if n == 0 else 1 + self(n - 1)

    def down(self, n):
        f = self.down
        return 0 if n == 0 else 1 + f(n - 1)


print(Rec()(200), Rec().down(200))
try:
    Rec()(100000)
except RecursionError:
    print("RecursionError")
print(Rec()(10))


# Generator methods and generator __call__ return generators.
class Gen:
    def items(self, n):
        for i in range(n):
            yield i * i

    def __call__(self, n):
        yield from range(n)


g = Gen()
it = g.items
print(list(it(4)), list(g(3)))


# __call__ that is not a plain function: a native, a staticmethod, a
# callable class attribute, a bound method stored on the class.
class NativeCall:
    __call__ = len  # builtins do not bind: called without self


class StaticCall:
    @staticmethod
    def __call__(x):
        return ("static", x)


class Inner:
    def __call__(self, *a):
        return ("inner", len(a))


class ObjCall:
    __call__ = Inner()


print(NativeCall()([1, 2, 3]), StaticCall()(5), ObjCall()(1, 2))


# Rebinding __call__ on the class takes effect at a warm call site.
class Swap:
    def __call__(self):
        return "first"


def call_it(o):
    return o()


sw = Swap()
print(call_it(sw), call_it(sw))
Swap.__call__ = lambda self: "second"
print(call_it(sw))
del Swap.__call__
try:
    call_it(sw)
except TypeError as e:
    print("TypeError:", e)

# Bound methods of builtin objects and of classes (classmethods).
app = [].append
lst = [3, 1, 2]
srt = lst.sort
srt()
print(lst, app(1))


class K:
    @classmethod
    def make(cls, v):
        return (cls.__name__, v)


mk = K.make
print(mk(9))

# The traceback runs through the inlined frames.
class Deep:
    def __call__(self):
        return self.fail()

    def fail(self):
        return {}["missing"]


Deep()()
