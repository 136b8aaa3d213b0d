# Duck typing and dispatch through overridden methods, in a small simulation.
class Shape:
    name = "shape"
    def area(self):
        return 0
    def __repr__(self):
        return f"{self.name}(area={self.area():.2f})"
class Rect(Shape):
    name = "rect"
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
class Square(Rect):
    name = "square"
    def __init__(self, s):
        super().__init__(s, s)
class Circle(Shape):
    name = "circle"
    def __init__(self, r):
        self.r = r
    def area(self):
        return 3.14159 * self.r * self.r
shapes = [Rect(2, 3), Square(4), Circle(1), Shape()]
print(shapes)
print(sorted(shapes, key=lambda s: s.area()))
print(max(shapes, key=lambda s: s.area()).name)
print(f"total area {sum(s.area() for s in shapes):.3f}")
class Duck:
    def sound(self):
        return "quack"
class Robot:
    def sound(self):
        return "beep"
print([x.sound() for x in (Duck(), Robot())])
by_kind = {}
for s in shapes:
    by_kind.setdefault(type(s).__name__, []).append(s.area())
print(by_kind)
