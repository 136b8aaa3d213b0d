# The TypeError messages for bad calls, word for word as CPython says them.
def f(x):
    return x
def g(a, b):
    return a + b
def h(a, b=1, *, c):
    return a
def k(*, only):
    return only
def p(x, /):
    return x
num = 5
text = "str"
class C:
    def m(self, v):
        return v
tests = [
    lambda: f(),
    lambda: f(1, 2),
    lambda: f(1, z=2),
    lambda: f(1, x=2),
    lambda: g(1),
    lambda: g(),
    lambda: g(1, 2, 3),
    lambda: h(1),
    lambda: h(1, 2, 3, c=4),
    lambda: k(1),
    lambda: k(),
    lambda: p(x=1),
    lambda: C().m(),
    lambda: C().m(1, 2),
    lambda: f(**{"y": 1}),
    lambda: g(1, a=1),
    lambda: (lambda: 0)(1),
    lambda: (lambda q: q)(),
    lambda: num(),
    lambda: text(1),
    lambda: len(),
    lambda: len(1, 2),
    lambda: len(5),
    lambda: abs("x"),
]
for t in tests:
    try:
        t()
    except TypeError as e:
        print("TypeError:", e)
