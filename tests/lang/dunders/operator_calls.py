# User operators between instances of one class (and with plain numbers):
# results, NotImplemented, errors raised inside, subclasses and the reflected
# forms that must still be tried.


class V:
    def __init__(self, x):
        self.x = x

    def __repr__(self):
        return "V(%r)" % (self.x,)

    def __add__(self, other):
        if isinstance(other, V):
            return V(self.x + other.x)
        if isinstance(other, (int, float)):
            return V(self.x + other)
        return NotImplemented

    def __radd__(self, other):
        return V(other + self.x) if isinstance(other, (int, float)) else NotImplemented

    def __sub__(self, other):
        return NotImplemented

    def __mul__(self, k, scale=1):
        return V(self.x * k * scale)

    def __truediv__(self, other):
        if other == 0:
            raise ZeroDivisionError("V division by zero")
        return V(self.x / other)

    def __mod__(self, other):
        return None


def chain(n):
    v = V(0)
    for i in range(n):
        v = v + V(i) + 1
    return v


print(chain(10), V(2) * 3, 2 + V(5), V(1.5) + 0.5, V(3) % V(4), V(2) + True)
print(V(1) / 2)
try:
    V(1) / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
for a, b in [(V(1), V(2)), (V(1), 2), (V(1), None), (V(1), "s")]:
    try:
        print(a - b)
    except TypeError as e:
        print("TypeError:", e)
try:
    print(V(1) + None)
except TypeError as e:
    print("TypeError:", e)
try:
    print(V(1) ** V(2))
except TypeError as e:
    print("TypeError:", e)


# A subclass overriding the reflected method wins over the base's __add__.
class W(V):
    def __radd__(self, other):
        return "W.__radd__"


print(V(1) + W(2), W(2) + V(1))


# A class whose operator is not a plain function.
class S:
    __add__ = staticmethod(lambda a, b: "static add")


try:
    print(S() + S())
except TypeError as e:
    print("TypeError:", e)


# Operators returning self, raising, and deep chains in methods.
class Acc:
    def __init__(self):
        self.items = []

    def __add__(self, item):
        self.items.append(item)
        return self

    def __lshift__(self, n):
        if n < 0:
            raise ValueError("negative shift")
        return self.items[:n]


a = Acc()
for i in range(5):
    a = a + i
print(a.items, a << 3)
try:
    a << -1
except ValueError as e:
    print("ValueError:", e)
