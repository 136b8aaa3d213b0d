# Calls with keyword arguments (CALL_KW) and with *args / **kwargs (CALL_EX)
# of Python functions, which run inlined: binding, defaults, keyword-only
# parameters, cells, generators, errors with CPython's messages, recursion
# and tracebacks.


def f(a, b=2, *rest, c, d=4, **extra):
    return (a, b, rest, c, d, sorted(extra.items()))


print(f(1, c=3))
print(f(1, 5, 6, 7, c=3, z=9, d=0))
print(f(*[1, 2, 3], **{"c": 1, "y": 2}))
print(f(*(), a=1, c=2))
args = (10, 20)
kw = {"c": 30}
print(f(*args, **kw), f(*args, 1, c=1), kw)


def plain(x, y):
    return x - y


print(plain(y=1, x=5), plain(*[9], **{"y": 4}), plain(*(3, 2)), plain(**{"x": 1, "y": 1}))

for call in [lambda: plain(1, x=2), lambda: plain(1, z=2), lambda: plain(y=1),
             lambda: plain(*[1, 2, 3]), lambda: plain(**{"x": 1}), lambda: f(1, 2),
             lambda: plain(1, **{"x": 1}), lambda: f(1, **{"c": 1}, c=2)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)


def counter(start, *, step=1):
    n = start

    def nxt():
        nonlocal n
        n += step
        return n

    return nxt


c = counter(10, step=5)
print(c(), c(), counter(*[0], **{"step": 2})())


def gen(n, *, scale=1):
    for i in range(n):
        yield i * scale


print(list(gen(3, scale=10)), list(gen(*[2], **{"scale": 7})))


def depth(n, acc=0):
    return acc if n == 0 else depth(n - 1, acc=acc + 1)


def depth_star(n, **kw):
    return kw.get("acc", 0) if n == 0 else depth_star(*[n - 1], acc=kw.get("acc", 0) + 1)


print(depth(300), depth_star(300))
try:
    depth(100000)
except RecursionError:
    print("RecursionError")
print(depth(5, acc=100))


class Wrap:
    def __init__(self, fn):
        self.fn = fn
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)


@Wrap
def combine(a, b, scale=1, offset=0):
    return (a * 31 + b) * scale + offset


total = 0
for i in range(50):
    total += combine(i, 2, scale=3) + combine(i, 7, offset=1) + combine(*[i, i])
print(total, combine.calls)


# f(*a) / f(*a, **k) pass their operands without copies: every kind of
# iterable and mapping, and the errors in CPython's order.
class Tup(tuple):
    def __iter__(self):
        return iter(["from", "iter"])


class Mapping:
    def keys(self):
        return ["x", "y"]

    def __getitem__(self, k):
        return k.upper()


def show(*a, **k):
    return a, sorted(k.items())


def gen():
    yield 1
    yield 2


src = {"p": 1}
print(show(*[1, 2]), show(*"ab"), show(*gen()), show(*Tup((9,))), show(*range(3), **src))
print(show(*(), **Mapping()), show(*{5: 0}), src)


def mutate(**kw):
    kw["p"] = 99
    return kw


print(mutate(**src), src)
for bad in [lambda: show(*1), lambda: show(**1), lambda: show(*1, **2), lambda: show(*[], **{1: 2}),
            lambda: show(*None, **src)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


def fails(x, *, mode):
    return {"a": 1}[mode] + x


def outer(**kw):
    return fails(1, **kw)


print(outer(mode="a"))
outer(mode="b")
