# dataclasses options and helpers: frozen (FrozenInstanceError, generated
# __hash__), order=True comparisons and sorting, eq=False, unsafe_hash,
# repr=False / init=False classes, inheritance of fields (override keeps the
# position), kw_only and KW_ONLY, InitVar with __post_init__, fields(),
# asdict()/astuple() recursion, replace(), is_dataclass(), make_dataclass.
import dataclasses
from dataclasses import (dataclass, field, fields, asdict, astuple, replace, is_dataclass,
                         FrozenInstanceError, InitVar, KW_ONLY)
from typing import List, Dict, Tuple


@dataclass(frozen=True)
class Coord:
    lat: float
    lon: float = 0.0


c = Coord(1.5, 2.5)
print(c, hash(c) == hash(Coord(1.5, 2.5)), {c: "here"}[Coord(1.5, 2.5)])
try:
    c.lat = 3.0
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e, isinstance(e, AttributeError))
try:
    del c.lon
except AttributeError as e:
    print(type(e).__name__ + ":", e)
print(len({Coord(0, 0), Coord(0, 0), Coord(0, 1)}))


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0
    label: str = field(default="", compare=False)


vs = [Version(1, 2, 3), Version(1, 0), Version(0, 9, 9, "beta"), Version(1, 2)]
print(sorted(vs))
print(Version(1, 2) < Version(1, 10), Version(2) >= Version(1, 99), Version(1, 0, 0, "a") == Version(1))
print(max(vs), min(vs).label)
try:
    Version(1) < (1, 0, 0)
except TypeError as e:
    print("TypeError:", e)


@dataclass(eq=False)
class Handle:
    fd: int


h = Handle(3)
print(h == Handle(3), h == h, hash(h) == hash(h))


@dataclass(unsafe_hash=True)
class Tag:
    name: str
    weight: int = field(default=1, hash=False)


print(hash(Tag("a", 1)) == hash(Tag("a", 2)), Tag("a") == Tag("a", 2))


@dataclass(repr=False, init=False)
class Manual:
    a: int = 1

    def __init__(self, text):
        self.a = len(text)


m = Manual("hello")
print(m.a, m == Manual("world"), repr(m).startswith("<"))


@dataclass
class Base:
    id: int
    name: str = "base"


@dataclass
class Child(Base):
    extra: List[int] = field(default_factory=list)
    name: str = "child"


ch = Child(7)
print(ch, [f.name for f in fields(Child)], Child(1, "n", [1]))
print(isinstance(ch, Base), ch == Child(7), ch == Base(7, "child"))


@dataclass(kw_only=True)
class Options:
    verbose: bool = False
    level: int


print(Options(level=3), Options(level=1, verbose=True))
try:
    Options(True, 3)
except TypeError as e:
    print("TypeError:", e)


@dataclass
class Request:
    url: str
    _: KW_ONLY
    timeout: float = 10.0
    retries: int = 3


print(Request("http://x", retries=1), Request("u", timeout=1.5))


@dataclass
class Account:
    owner: str
    balance: float = 0.0
    scale: InitVar[int] = 1

    def __post_init__(self, scale):
        self.balance = self.balance * scale


acct = Account("ann", 10, scale=3)
print(acct, [f.name for f in fields(acct)], "scale" in Account.__dataclass_fields__)

for f in fields(Version):
    default = "MISSING" if f.default is dataclasses.MISSING else repr(f.default)
    print(f.name, f.type, default, f.compare, f.init, f.repr)


@dataclass
class Line:
    start: Coord
    end: Coord
    tags: List[str] = field(default_factory=list)
    meta: Dict[str, Tuple[int, int]] = field(default_factory=dict)


ln = Line(Coord(0, 0), Coord(1, 1), ["a", "b"], {"k": (1, 2)})
d = asdict(ln)
print(d)
print(astuple(ln))
d["tags"].append("c")
print(ln.tags, type(asdict(ln)["start"]).__name__)

v2 = replace(Version(1, 2, 3, "rc"), patch=4)
print(v2, replace(c, lon=9.0), c)
try:
    replace(ln, nope=1)
except TypeError as e:
    print("TypeError:", e)
print(is_dataclass(Line), is_dataclass(ln), is_dataclass(Coord(1)), is_dataclass(5), is_dataclass(dict))
try:
    fields(5)
except TypeError as e:
    print("TypeError:", e)
try:
    asdict(Line)
except TypeError as e:
    print("TypeError:", e)

Pair = dataclasses.make_dataclass("Pair", [("left", int), ("right", int, field(default=0))])
print(Pair(1), Pair(1, 2) == Pair(1, 2), [f.name for f in fields(Pair)])
print(dataclasses.MISSING is Coord.__dataclass_fields__["lat"].default)
print(Coord.__match_args__, Options.__match_args__)


@dataclass
class Counter:
    count: int = 0

    def incr(self):
        self.count += 1
        return self


ctr = Counter()
for _ in range(5):
    ctr.incr()
print(ctr)
