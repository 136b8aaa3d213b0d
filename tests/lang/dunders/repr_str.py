# __repr__ and __str__: which one print/str/repr/f-strings/containers use.
class Both:
    def __repr__(self):
        return "Both<repr>"
    def __str__(self):
        return "Both<str>"
class ReprOnly:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return f"ReprOnly({self.v!r})"
class StrOnly:
    def __str__(self):
        return "StrOnly<str>"
b, r = Both(), ReprOnly("x")
print(b, r)
print(str(b), repr(b), str(r), repr(r))
print([b, r], (b,), {"k": b})
print(f"{b} {b!r} {r} {r!s}")
print("%s %r" % (b, b))
print(str(StrOnly()), f"{StrOnly()}")
print(repr(StrOnly()).startswith("<__main__.StrOnly object at "))
class Nested:
    def __init__(self, items):
        self.items = items
    def __repr__(self):
        return f"Nested({self.items})"
print(Nested([ReprOnly(1), ReprOnly("two")]))
class BadRepr:
    def __repr__(self):
        return 42
try:
    repr(BadRepr())
except TypeError as e:
    print("TypeError:", e)
print(str(ReprOnly(3.5)), format(Both()), "{}".format(r))
