# enum.auto (start at 1, after explicit values, custom _generate_next_value_),
# IntEnum (compares, hashes, indexes and computes like its int value; str and
# format give the number, repr the member), a user __init__ on tuple values,
# and the functional form Enum('Name', 'A B C').
from enum import Enum, IntEnum, auto


class Weekday(Enum):
    MON = auto()
    TUE = auto()
    WED = 10
    THU = auto()
    FRI = auto()


print([(n, m.value) for n, m in Weekday.__members__.items()])


class Named(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + "_" + str(count)

    ALPHA = auto()
    BETA = auto()


print(repr(Named.ALPHA), repr(Named.BETA), Named("beta_1"))


class Priority(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3


p = Priority.MEDIUM
print(p, repr(p), str(p), f"{p}", f"{p:03d}", "%s" % p, p.name, p.value)
print(p == 2, 2 == p, p != 3, p < Priority.HIGH, p >= 2, p > 5)
print(p + 1, 1 + p, p * 10, p - Priority.LOW, 10 // p, p ** 2, -p, abs(p), int(p), float(p))
print(hash(p) == hash(2), {2: "two"}[p], ["a", "b", "c"][p], list(range(p)))
print(sorted([Priority.HIGH, 0, Priority.LOW, 5]))
print(Priority(3), Priority(Priority.LOW), Priority["HIGH"] is Priority.HIGH)
print(max(Priority.__members__.values()), sum(Priority.__members__.values()))
try:
    Priority(0)
except ValueError as e:
    print("ValueError:", e)


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.mass, Planet.EARTH.radius, round(Planet.EARTH.surface_gravity, 4))
print(Planet((3.303e23, 2.4397e6)) is Planet.MERCURY, repr(Planet.MERCURY))

Animal = Enum("Animal", "ANT BEE CAT")
print(Animal.ANT, repr(Animal.CAT), Animal(2), Animal._member_names_)
Fruit = Enum("Fruit", ["APPLE", "PEAR"], start=10)
print(repr(Fruit.APPLE), repr(Fruit.PEAR))
Pair = Enum("Pair", [("X", "x"), ("Y", "y")])
print(repr(Pair.X), Pair("y"))
Level = IntEnum("Level", {"DEBUG": 10, "INFO": 20})
print(repr(Level.INFO), Level.INFO + 5, Level(10).name)


class Status(Enum):
    ACTIVE = auto()
    INACTIVE = auto()

    def __str__(self):
        return self.name.lower()


print(Status.ACTIVE, f"{Status.INACTIVE}", repr(Status.ACTIVE))
