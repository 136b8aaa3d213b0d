# enum.Enum: members' name/value, repr/str/format, identity and hashing,
# lookup by value (Color(1)) and by name (Color['RED']) with their errors,
# definition order through __members__ / _member_names_, aliases, methods
# and properties on the enum, @unique, and that enums with members can't be
# subclassed. (Kiln cannot iterate the class itself: `for c in Color` needs
# a metaclass, so this test goes through __members__.)
from enum import Enum, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1  # alias of RED

    def describe(self):
        return "%s has value %d" % (self.name, self.value)

    @property
    def is_warm(self):
        return self is Color.RED

    @classmethod
    def default(cls):
        return cls.GREEN


print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value)
print("%s|%r|{%s}" % (Color.BLUE, Color.BLUE, "x"), f"[{Color.GREEN}] [{Color.GREEN!r}] [{Color.GREEN:>12}]")
print(type(Color.RED) is Color, isinstance(Color.GREEN, Color), isinstance(Color.GREEN, Enum))
print(Color(1) is Color.RED, Color(3), Color["GREEN"], Color(Color.BLUE) is Color.BLUE)
print(Color.CRIMSON is Color.RED, Color.CRIMSON, Color["CRIMSON"])
print(Color.RED == Color.RED, Color.RED == Color.GREEN, Color.RED != Color.BLUE, Color.RED == 1)
print(hash(Color.RED) == hash(Color.RED), hash(Color.RED) == hash("RED"))
d = {Color.RED: "stop", Color.GREEN: "go"}
print(d[Color.RED], d[Color(2)], Color.BLUE in d, len({Color.RED, Color.CRIMSON, Color.GREEN}))
print(Color._member_names_)
print(list(Color.__members__))
print(list(Color.__members__.values()))
print([(name, m.value) for name, m in Color.__members__.items()])
print([Color[n] for n in Color._member_names_])
print(Color.RED.describe(), Color.RED.is_warm, Color.BLUE.is_warm, Color.default())

for bad in [4, "RED", None]:
    try:
        Color(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    Color["PURPLE"]
except KeyError as e:
    print("KeyError:", e)
try:
    Color.RED < Color.GREEN
except TypeError as e:
    print("TypeError:", e)

try:
    class MoreColor(Color):
        PINK = 4
except TypeError as e:
    print("TypeError:", e)

try:
    @unique
    class Dup(Enum):
        A = 1
        B = 2
        C = 1
        D = 2
except ValueError as e:
    print("ValueError:", e)


@unique
class Direction(Enum):
    NORTH = "N"
    SOUTH = "S"


print(Direction("N"), repr(Direction.SOUTH), Direction.SOUTH.value)


class Shape(Enum):
    SQUARE = (4, "square")
    TRIANGLE = (3, "triangle")


print(Shape.SQUARE.value, Shape((3, "triangle")), repr(Shape.TRIANGLE))


class Mood(Enum):
    HAPPY = 3
    SAD = 1

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        return None


print(Mood("happy"), Mood(1))
try:
    Mood(7)
except ValueError as e:
    print("ValueError:", e)


# A base enum with behaviour but no members can be extended.
class Ordered(Enum):
    def __lt__(self, other):
        if type(other) is type(self):
            return self.value < other.value
        return NotImplemented


class Size(Ordered):
    S = 1
    M = 2
    L = 3


print(Size.S < Size.L, sorted([Size.L, Size.S, Size.M], key=lambda s: s.value))
print(sorted([Size.L, Size.S, Size.M]))
print(max(Size.__members__.values()))

state = Color.GREEN
if state is Color.GREEN:
    print("identity check works")
print({Color.RED: 1}.get(Color.CRIMSON))
