# `a op b` and `a op= b` where both operands are local variables (one fused
# instruction in Kiln with a numeric fast path): every operator on ints,
# floats and mixes, the edges where the fast path must give way (overflow of
# the small-int range, division by zero, non-numbers, in-place list
# operations, user classes), and unbound locals.


def table(x, y):
    out = []
    out.append(x + y)
    out.append(x - y)
    out.append(x * y)
    out.append(x / y)
    out.append(x // y)
    out.append(x % y)
    small = abs(x) < 2**20 and abs(y) < 20
    out.append(x ** y if small else None)
    if isinstance(x, int) and isinstance(y, int):
        out.append(x & y)
        out.append(x | y)
        out.append(x ^ y)
        out.append(x << (y % 8) if small and y >= 0 else None)
        out.append(x >> (y % 8) if y >= 0 else None)
    return out


for x, y in [(7, 3), (-7, 3), (7, -3), (2**46, 2**40 // 2**30), (2**47 - 1, 1), (-(2**47), 1), (2**61, 3), (1.5, 0.25), (-2.5, 2), (3, 0.5),
             (True, 2), (10**15, 10**3)]:
    print(x, y, table(x, y))


def inplace(a, b):
    a += b
    c = a
    c -= b
    c *= b
    return a, c


print(inplace(5, 6), inplace(2.5, 2))
lst = [1]
other = [2]


def list_inplace(a, b):
    a += b
    return a


print(list_inplace(lst, other), lst, lst is list_inplace(lst, []), list_inplace("ab", "cd"), list_inplace((1,), (2,)))


def zero(a, b):
    try:
        return a / b
    except ZeroDivisionError as e:
        return "ZeroDivisionError: " + str(e)


def zero_floor(a, b):
    try:
        return a // b
    except ZeroDivisionError as e:
        return "ZeroDivisionError: " + str(e)


def zero_mod(a, b):
    try:
        return a % b
    except ZeroDivisionError as e:
        return "ZeroDivisionError: " + str(e)


print(zero(1, 0), zero(1.0, 0.0), zero_floor(5, 0), zero_mod(5.5, 0))


class V:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return V(self.v + (o.v if isinstance(o, V) else o))

    def __radd__(self, o):
        return V(o + self.v)

    def __repr__(self):
        return f"V({self.v})"


def add(a, b):
    return a + b


print(add(V(1), V(2)), add(V(1), 5), add(5, V(1)), add([1], [2]), add("x", "y"))
try:
    add(1, "x")
except TypeError as e:
    print("TypeError:", e)


def unbound(flag):
    if flag:
        a = 1
    b = 2
    return a + b


print(unbound(True))
try:
    unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def big(n):
    x = 1
    y = 2**30  # big(2) leaves the 48-bit small-int range (a boxed int)
    for _ in range(n):
        x = x * y
    return x


print(big(1), big(2), big(2) - big(2) + 1)
