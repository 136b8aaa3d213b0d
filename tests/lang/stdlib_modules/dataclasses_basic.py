# dataclasses.dataclass: the generated __init__ (positional, keyword,
# defaults, default_factory, init=False fields) and its CPython TypeErrors,
# __repr__ (repr=False fields left out, nested and recursive values),
# __eq__ (same class only), __hash__ = None for eq without frozen,
# __post_init__, methods beside the fields, ClassVar skipped, and the
# definition-time errors (mutable default, non-default after default).
from dataclasses import dataclass, field
from typing import ClassVar, List, Optional


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, Point(3), Point(y=5, x=4), Point(x=7))
print(p.x, p.y, p == Point(1, 2), p == Point(2, 1), p != Point(1, 2), p == (1, 2))
for args, kwargs in [((), {}), ((1, 2, 3), {}), ((1,), {"z": 3}), ((1,), {"x": 2})]:
    try:
        Point(*args, **kwargs)
    except TypeError as e:
        print("TypeError:", e)
try:
    hash(p)
except TypeError as e:
    print("TypeError:", e)
p.x = 10
print(p, Point.y, Point.__dataclass_fields__["y"].default)


@dataclass
class Inventory:
    owner: str
    items: List[str] = field(default_factory=list)
    counts: dict = field(default_factory=dict, repr=False)
    secret: str = field(default="hidden", repr=False, compare=False)
    total: int = field(init=False, default=0)
    MAX: ClassVar[int] = 100

    def add(self, item):
        self.items.append(item)
        self.counts[item] = self.counts.get(item, 0) + 1
        self.total += 1
        return self


a = Inventory("ann")
b = Inventory("bob")
a.add("apple").add("pear").add("apple")
print(a, b, a.counts, a.total, b.items is not a.items)
print(Inventory("x", secret="s1") == Inventory("x", secret="s2"), Inventory.MAX, "MAX" in Inventory.__dataclass_fields__)
try:
    Inventory("x", total=3)
except TypeError as e:
    print("TypeError:", e)


@dataclass
class Rect:
    width: float
    height: float
    area: float = field(init=False)

    def __post_init__(self):
        if self.width < 0 or self.height < 0:
            raise ValueError("negative size")
        self.area = self.width * self.height


print(Rect(2, 3.5), Rect(2, 3.5).area)
try:
    Rect(-1, 2)
except ValueError as e:
    print("ValueError:", e)


@dataclass
class Node:
    value: int
    children: list = field(default_factory=list)
    parent: Optional["Node"] = field(default=None, repr=False)


root = Node(1)
root.children.append(Node(2, parent=root))
root.children.append(Node(3, [Node(4)]))
print(root)
loop = Node(0)
loop.children.append(loop)
print(loop)


@dataclass
class Custom:
    name: str

    def __repr__(self):
        return "Custom<" + self.name + ">"

    def __eq__(self, other):
        return isinstance(other, Custom) and self.name.lower() == other.name.lower()


print(Custom("A"), Custom("A") == Custom("a"))

try:
    @dataclass
    class Bad:
        items: list = []
except ValueError as e:
    print("ValueError:", e)

try:
    @dataclass
    class Bad2:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)


@dataclass()
class Empty:
    pass


print(Empty(), Empty() == Empty())


@dataclass
class WithDefaults:
    a: int = 1
    b: str = "two"
    c: tuple = (3,)


print(WithDefaults(), WithDefaults(b="B"), WithDefaults(5, "x", ()))


class Plain:
    pass


@dataclass
class Holder:
    label: str
    obj: object = None


print(Holder("h"), Holder("n", 3.5), Holder("l", [Point(1)]))
