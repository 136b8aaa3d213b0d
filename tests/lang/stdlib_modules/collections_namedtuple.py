# collections.namedtuple: field names as a string or a list, defaults=,
# rename=, _fields / _field_defaults / _make / _asdict / _replace, the repr,
# tuple behaviour (indexing, slicing, unpacking, ==, hash, count/index),
# subclassing, and the errors for bad field names and bad calls.
from collections import namedtuple

Point = namedtuple('Point', 'x y')
p = Point(1, 2)
print(p, repr(p), p.x, p.y, p[0], p[-1], p[:1], len(p))
a, b = p
print(a, b, p == (1, 2), p == Point(1, 2), p != Point(2, 1), hash(p) == hash((1, 2)))
print(isinstance(p, tuple), type(p).__name__, Point.__name__, Point._fields, Point._field_defaults)
print(Point(x=3, y=4), Point(5, y=6), p + (3,), p * 2, p.count(1), p.index(2))
print(sorted([Point(2, 1), Point(1, 5), Point(1, 2)]), max(Point(2, 1), Point(1, 5)))
print(Point._make([7, 8]), Point._make(range(2)), p._asdict(), p._replace(y=20), p)
print({p: 'point'}[Point(1, 2)], Point.__doc__, Point.x.__doc__)
print(list(p), tuple(p), str(p), f'{p}', [p])

P3 = namedtuple('P3', ['a', 'b', 'c'], defaults=[0, None])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults, P3(a=5, c=1))
Comma = namedtuple('Comma', 'one, two,three')
print(Comma._fields, Comma(1, 2, 3))
Single = namedtuple('Single', 'value')
print(Single(5), Single._fields)
Empty = namedtuple('Empty', [])
print(Empty(), Empty._fields, len(Empty()))
R = namedtuple('R', ['abc', 'def', 'ghi', 'abc', '_x', '2y'], rename=True)
print(R._fields)

class Vec(namedtuple('Vec', 'x y')):
    __slots__ = ()
    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)
    @property
    def norm1(self):
        return abs(self.x) + abs(self.y)
v = Vec(1, -2) + Vec(3, 4)
print(v, v.norm1, type(v).__name__, isinstance(v, tuple))

for args, kwargs in [((1,), {}), ((1, 2, 3), {}), ((1,), {'x': 2}), ((), {'z': 1, 'x': 1, 'y': 1})]:
    try:
        Point(*args, **kwargs)
    except TypeError as e:
        print('TypeError', e)
try:
    Point._make([1])
except TypeError as e:
    print('TypeError', e)
try:
    p._replace(z=1)
except ValueError as e:
    print('ValueError', e)
try:
    p.x = 5
except AttributeError as e:
    print('AttributeError')
for name, fields in [('Bad', 'a a'), ('Bad', 'a _b'), ('Bad', 'a class'), ('1Bad', 'a'), ('Bad', 'a-b')]:
    try:
        namedtuple(name, fields)
    except ValueError as e:
        print('ValueError', e)
try:
    namedtuple('T', 'a', defaults=[1, 2])
except TypeError as e:
    print('TypeError', e)
print(Point, Vec.__mro__[1])
