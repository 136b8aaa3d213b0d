# id() and hash(): only their relationships are printed (values differ
# between runs and implementations).
a = [1]
b = a
c = [1]
print(id(a) == id(b), id(a) == id(c), id(a) != id(c))
print(hash(1), hash(0), hash(-7), hash(True), hash(False), hash(12345))
print(hash(1) == hash(1.0), hash(2.5) == hash(2.5), hash("kiln") == hash("kiln"), hash((1, 2)) == hash((1, 2)))
print(hash(None) == hash(None), type(hash("x")).__name__)
x = "interned?"
print(id(x) == id(x), hash(x) == hash(x))
try:
    hash({})
except TypeError as e:
    print("TypeError:", e)
try:
    hash({1})
except TypeError as e:
    print("TypeError:", e)
print(hash(frozenset([1, 2])) == hash(frozenset([2, 1])))
objs = [object() for _ in range(3)]
print(len({id(o) for o in objs}))
