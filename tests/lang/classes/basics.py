# Class definitions, instances, methods, instance attributes, bound methods.
class Point:
    """A 2-D point."""
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def moved(self, dx, dy=0):
        return Point(self.x + dx, self.y + dy)
    def describe(self):
        return f"Point({self.x}, {self.y})"
p = Point(3, 4)
print(p.x, p.y, p.norm2(), p.moved(1).describe(), p.moved(dy=2, dx=0).describe())
print(type(p).__name__, type(p) is Point, isinstance(p, Point), Point.__name__, Point.__doc__)
m = p.norm2
print(m(), type(m).__name__, Point.norm2(p))
p.z = 10
print(p.z, hasattr(p, "z"), hasattr(Point(0, 0), "z"))
print(getattr(p, "x"), getattr(p, "nope", "default"))
setattr(p, "x", 30)
print(p.describe())
try:
    p.missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    p.missing_method()
except AttributeError as e:
    print("AttributeError:", e)
class Empty:
    pass
e = Empty()
e.anything = [1]
print(e.anything, type(e).__name__, isinstance(e, object))
def standalone(self):
    return "called on " + type(self).__name__
Empty.method = standalone
print(e.method())
class Counter:
    def __init__(self):
        self.n = 0
    def inc(self):
        self.n += 1
        return self
print(Counter().inc().inc().inc().n)
