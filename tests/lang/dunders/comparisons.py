# Rich comparisons: __eq__/__ne__/__lt__/__le__/__gt__/__ge__, reflection,
# NotImplemented, and sorting user objects.
class Version:
    def __init__(self, text):
        self.parts = tuple(int(p) for p in text.split("."))
    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts == other.parts
    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts < other.parts
    def __le__(self, other):
        return self == other or self < other
    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))
a, b, c = Version("1.2.0"), Version("1.10"), Version("1.2.0")
print(a == c, a != c, a < b, b < a, a <= c, a > b, b > a, b >= a)
print(sorted([Version("2.0"), Version("1.9.9"), Version("1.10"), Version("1.2")]))
print(max(a, b), min([b, a, c]))
print(a == "1.2.0", a != "1.2.0")
try:
    a < "1.3"
except TypeError as e:
    print("TypeError:", e)
class Loud:
    def __init__(self, name):
        self.name = name
    def __eq__(self, other):
        print(f"{self.name}.__eq__({other.name})")
        return NotImplemented
x, y = Loud("x"), Loud("y")
print(x == y)
print(x != y)
class Always:
    def __gt__(self, other):
        return "gt called"
print(5 < Always())
class Plain:
    pass
p = Plain()
print(p == p, p != Plain(), p == Plain())
print([a, b].index(Version("1.10")), Version("1.2.0") in [a], a in [c])
