# Every parameter kind: positional, default, *args, keyword-only, **kwargs,
# positional-only, and how arguments bind to them.
def f(a, b=2, *args, c, d=4, **kwargs):
    return (a, b, args, c, d, kwargs)
print(f(1, c=3))
print(f(1, 5, 6, 7, c=3, e=8))
print(f(a=1, b=2, c=3, d=5, z=0))
print(f(*[1, 2, 3], **{"c": 9, "x": 10}))
def g(x, y, /, z=0, *, w=1):
    return x, y, z, w
print(g(1, 2), g(1, 2, 3), g(1, 2, z=3, w=4))
def h(*args, **kwargs):
    return args, kwargs
print(h(), h(1), h(k=1), h(1, 2, k=3, j=4))
def kwonly(*, key, value=None):
    return key, value
print(kwonly(key=1), kwonly(value=2, key=3))
def defaults(a, b=[], c={}):
    b.append(a)
    c[a] = len(b)
    return b, c
print(defaults(1), defaults(2), defaults(3, []))
def order(a, b, c):
    return f"a={a} b={b} c={c}"
print(order(1, 2, 3), order(c=3, a=1, b=2), order(1, c=3, b=2), order(*(1, 2), c=3))
print(order(*"xy", **{"c": "z"}))
def count_args(*args):
    return len(args)
print(count_args(), count_args(*range(10)), count_args(*[1], *[2, 3], 4))
def merge(**kw):
    return sorted(kw.items())
print(merge(**{"b": 1}, a=2, **{"c": 3}))
def evaluated_once(x=print("default evaluated at def time") or 5):
    return x
print(evaluated_once(), evaluated_once(6))
