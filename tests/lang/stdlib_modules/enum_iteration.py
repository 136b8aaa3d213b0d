# Iterating an Enum class, its len and `in` (a metaclass's methods in
# CPython; Kiln's VM calls the class's __class_iter__ / __class_len__ /
# __class_contains__), in definition order, aliases skipped.
from enum import Enum, IntEnum, auto


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1  # an alias of RED


class Level(IntEnum):
    LOW = auto()
    HIGH = auto()


print(list(Color), len(Color), len(Level))
for c in Color:
    print(c.name, c.value)
print(Color.RED in Color, Color.CRIMSON in Color, Level.LOW in Color, Level.HIGH in Level)
print([m.name for m in Level], sorted(Level, reverse=True), dict((m.name, m.value) for m in Color))
print(max(Level), min(Color, key=lambda m: -m.value))
