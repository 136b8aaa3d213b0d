# typing's class-based helpers: Generic as the base of user generics (and
# subscripting them in annotations), Protocol classes (not instantiable,
# implementations are), NamedTuple (class syntax with defaults; a tuple for
# indexing, unpacking, ==, hashing; repr, _fields, _field_defaults, _asdict,
# _replace, _make, methods, the constructor's TypeErrors), TypedDict, and
# get_type_hints on classes. (Nothing here prints Box[int] or a __mro__:
# those differ in Kiln, see typing.py's header.)
from typing import (Generic, TypeVar, Protocol, NamedTuple, TypedDict, List, Dict, Optional,
                    Iterator, get_type_hints, runtime_checkable)

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []

    def push(self, item: T) -> None:
        self.items.append(item)

    def pop(self) -> T:
        return self.items.pop()

    def __len__(self) -> int:
        return len(self.items)


s: Stack[int] = Stack()
s.push(1)
s.push(2)
print(s.pop(), len(s), isinstance(s, Stack), isinstance(s, Generic))
s2 = Stack[str]()
s2.push("x")
print(s2.items, type(s2).__name__)


class Pair(Generic[K, V]):
    def __init__(self, key: K, value: V):
        self.key = key
        self.value = value

    def swap(self) -> "Pair[V, K]":
        return Pair(self.value, self.key)


class IntPair(Pair[int, int]):
    def total(self) -> int:
        return self.key + self.value


p = Pair("a", 1).swap()
print(p.key, p.value, IntPair(2, 3).total(), isinstance(IntPair(1, 1), Pair))
try:
    Generic[int]
except TypeError as e:
    print("TypeError:", e)


class SupportsClose(Protocol):
    def close(self) -> None:
        ...


class Resource(SupportsClose):
    def __init__(self, name: str):
        self.name = name

    def close(self) -> None:
        print("closed", self.name)


@runtime_checkable
class HasArea(Protocol):
    def area(self) -> float:
        ...


def close_all(things: List[SupportsClose]) -> None:
    for t in things:
        t.close()


close_all([Resource("a"), Resource("b")])
for proto in [SupportsClose, HasArea]:
    try:
        proto()
    except TypeError as e:
        print("TypeError:", e)


class Point(NamedTuple):
    x: int
    y: int = 0

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)


pt = Point(3, -4)
print(pt, Point(1), Point(y=2, x=1), repr(Point(5, 6)))
print(pt.x, pt.y, pt[0], pt[-1], pt[:1], len(pt), list(pt), pt.norm1())
a, b = pt
print(a, b, pt == (3, -4), pt == Point(3, -4), pt != Point(3, 4), hash(pt) == hash((3, -4)))
print(isinstance(pt, tuple), Point._fields, Point._field_defaults, pt._asdict())
print(pt._replace(y=10), Point._make([7, 8]), pt, sorted([Point(2, 1), Point(1, 5), Point(1, 2)]))
print({Point(1, 2): "a"}[Point(1, 2)], max(Point(1, 9), Point(2, 0)), tuple(Point(4)) + (5,))
for args, kwargs in [((), {}), ((1, 2, 3), {}), ((1,), {"z": 2}), ((1,), {"x": 1})]:
    try:
        Point(*args, **kwargs)
    except TypeError as e:
        print("TypeError:", e)
try:
    pt._replace(z=1)
except ValueError as e:
    print("ValueError:", e)
try:
    Point._make([1])
except TypeError as e:
    print("TypeError:", e)
try:
    pt.x = 5
except AttributeError:
    print("AttributeError on assignment")


class Employee(NamedTuple):
    name: str
    dept: str = "eng"
    tags: Optional[List[str]] = None


emps = [Employee("ann"), Employee("bob", "ops", ["oncall"])]
print(emps)
print([e.name for e in emps if e.dept == "eng"], emps[1].tags)
name, dept, tags = emps[1]
print(name, dept, tags)
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)

Color = NamedTuple("Color", [("r", int), ("g", int), ("b", int)])
print(Color(1, 2, 3), Color._fields, Color(1, 2, 3).g)


class Movie(TypedDict):
    title: str
    year: int


class PartialMovie(TypedDict, total=False):
    title: str
    rating: float


m = Movie(title="Blade Runner", year=1982)
print(m, type(m).__name__, m["year"], m == {"title": "Blade Runner", "year": 1982})
print(sorted(Movie.__required_keys__), sorted(PartialMovie.__optional_keys__), PartialMovie.__total__)
print(PartialMovie(title="x"))


class Config:
    name: str
    retries: int = 3
    parent: Optional["Config"] = None


class SubConfig(Config):
    extra: Dict[str, int]


print(get_type_hints(Config))
print(get_type_hints(SubConfig))
print(get_type_hints(Point))


def numbers(n: int) -> Iterator[int]:
    i = 0
    while i < n:
        yield i
        i += 1


print(list(numbers(3)))
