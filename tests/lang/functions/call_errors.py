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
    # Builtin methods: self, count and keyword checks.
    lambda: [].append(),
    lambda: [].append(1, 2),
    lambda: [].append(x=1),
    lambda: list.append(),
    lambda: list.append((), 1),
    lambda: list.append(1, 2),
    lambda: [].copy(1),
    lambda: list.copy("s"),
    lambda: [].copy(a=1),
    lambda: {}.keys(1),
    lambda: "s".upper(1),
    lambda: str.upper(5),
    lambda: len(x=1),
    lambda: len([], x=1),
    lambda: id(),
    lambda: hash(1, 2),
]
for t in tests:
    try:
        t()
    except TypeError as e:
        print("TypeError:", e)


class L(list):
    pass


sub = L()
sub.append(3)
list.append(sub, 4)
print(sub, len(sub), sub.copy())
