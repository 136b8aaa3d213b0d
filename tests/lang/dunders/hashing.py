# __hash__ with __eq__: user objects as dict keys and set members; defining
# __eq__ alone makes instances unhashable.
class Key:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __eq__(self, other):
        return isinstance(other, Key) and (self.a, self.b) == (other.a, other.b)
    def __hash__(self):
        return hash((self.a, self.b))
    def __repr__(self):
        return f"Key({self.a}, {self.b})"
d = {Key(1, 2): "first"}
d[Key(1, 2)] = "replaced"
d[Key(2, 1)] = "other"
print(d, len(d), d[Key(2, 1)], Key(1, 2) in d)
s = {Key(0, 0), Key(0, 0), Key(0, 1)}
print(len(s), Key(0, 1) in s)
class EqOnly:
    def __eq__(self, other):
        return True
try:
    hash(EqOnly())
except TypeError as e:
    print("TypeError:", e)
try:
    {EqOnly(): 1}
except TypeError as e:
    print("TypeError:", e)
class Default:
    pass
o = Default()
print(hash(o) == hash(o), {o: 1}[o], o in {o})
class ConstHash:
    def __hash__(self):
        return 7
print(hash(ConstHash()))
class Unhashable:
    __hash__ = None
try:
    hash(Unhashable())
except TypeError as e:
    print("TypeError:", e)
print(hash(1) == hash(1.0), hash("a") == hash("a"), hash((1, "a")) == hash((1, "a")))
