# Parts of a function replaced at run time: __code__ (checked against the
# closure's size), __defaults__ / __kwdefaults__, a closure cell's
# cell_contents, and types.MethodType binding a function to an object.
import types


def add(a, b=1):
    return a + b


def mul(a, b=1):
    return a * b


print(add(3, 4))
add.__code__ = mul.__code__
print(add(3, 4), add.__name__)


def make(k):
    def inner(x):
        return x + k
    return inner


inner = make(10)
try:
    add.__code__ = inner.__code__
except ValueError as e:
    print("ValueError:", e)
try:
    add.__code__ = None
except TypeError as e:
    print("TypeError:", e)
other = make(20)
inner.__code__ = other.__code__
print(inner(1))

cell = inner.__closure__[0]
print(cell.cell_contents)
cell.cell_contents = 100
print(inner(1))
try:
    cell.foo = 1
except AttributeError as e:
    print("AttributeError:", e)
del cell.cell_contents
try:
    inner(1)
except NameError as e:
    print("NameError")


def kw_only(x, *, scale=2):
    return x * scale


kw_only.__kwdefaults__ = {"scale": 5}
print(kw_only(3))
kw_only.__kwdefaults__["scale"] = 7
print(kw_only(3))
kw_only.__defaults__ = None
print(kw_only.__defaults__)


class Box:
    def __init__(self, v):
        self.v = v


def describe(self, suffix):
    return "box of " + str(self.v) + suffix


b = Box(3)
m = types.MethodType(describe, b)
print(m("!"), m.__self__ is b, m.__func__ is describe)
b.describe = types.MethodType(describe, b)
print(b.describe("?"))
try:
    types.MethodType(3, b)
except TypeError as e:
    print("TypeError:", e)
try:
    types.MethodType(describe, None)
except TypeError as e:
    print("TypeError:", e)
