# Arithmetic dunders, their reflected (__radd__...) and in-place (__iadd__...)
# forms, unary __neg__/__pos__/__abs__/__invert__, and NotImplemented.
class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Vec({self.x}, {self.y})"
    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(self.x + o.x, self.y + o.y)
        if isinstance(o, (int, float)):
            return Vec(self.x + o, self.y + o)
        return NotImplemented
    def __radd__(self, o):
        print("radd with", o)
        return self + o
    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        if isinstance(k, Vec):
            return self.x * k.x + self.y * k.y
        return Vec(self.x * k, self.y * k)
    def __rmul__(self, k):
        return Vec(k * self.x, k * self.y)
    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)
    def __floordiv__(self, k):
        return Vec(self.x // k, self.y // k)
    def __mod__(self, k):
        return Vec(self.x % k, self.y % k)
    def __pow__(self, k):
        return Vec(self.x ** k, self.y ** k)
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __pos__(self):
        return self
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __iadd__(self, o):
        print("iadd")
        self.x += o.x
        self.y += o.y
        return self
    def __matmul__(self, o):
        return self.x * o.y - self.y * o.x
a, b = Vec(1, 2), Vec(3, 4)
print(a + b, a - b, a * 3, 3 * a, a * b, b / 2, b // 2, b % 2, a ** 2)
print(-a, +a, abs(b), a @ b)
print(a + 1, 1 + a, 2.5 + a)
print(sum([a, b], Vec(0, 0)), sum([a, b, Vec(1, 1)], Vec(0, 0)))
c = a
c += b
print(c, a, c is a)
d = Vec(1, 1)
d -= Vec(1, 0)
print(d)
try:
    a + "s"
except TypeError as e:
    print("TypeError:", e)
try:
    "s" - a
except TypeError as e:
    print("TypeError:", e)
class Bits:
    def __init__(self, v):
        self.v = v
    def __and__(self, o): return Bits(self.v & o.v)
    def __or__(self, o): return Bits(self.v | o.v)
    def __xor__(self, o): return Bits(self.v ^ o.v)
    def __lshift__(self, n): return Bits(self.v << n)
    def __rshift__(self, n): return Bits(self.v >> n)
    def __invert__(self): return Bits(~self.v)
    def __repr__(self): return f"Bits({self.v:#b})"
x, y = Bits(0b1100), Bits(0b1010)
print(x & y, x | y, x ^ y, x << 2, x >> 2, ~x)
x &= y
print(x)
