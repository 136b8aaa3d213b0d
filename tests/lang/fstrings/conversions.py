# f-string conversions !r !s !a and the = debugging specifier.
s = "text"
q = "it's"
print(f"{s!r} {s!s} {s}")
print(f"{q!r} {q}")
print(f"{[s, q]!s}")
print(f"{3.0!r} {None!r} {'é'!a}")
x = 42
y = [1, 2]
print(f"{x=}")
print(f"{x = }")
print(f"{x=:>5}|")
print(f"{x * 2=}")
print(f"{y=} {s=} {s=!s}")
print(f"{x=!r:^8}|")
class Point:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __repr__(self):
        return f"Point({self.a!r}, {self.b!r})"
    def __str__(self):
        return f"({self.a}, {self.b})"
p = Point(1, "two")
print(f"{p} {p!r} {p!s}")
print(f"{p=}")
