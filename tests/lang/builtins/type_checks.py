# type(), isinstance(), issubclass(), callable() and type names of every
# builtin type.
values = [1, 1.5, True, None, "s", [1], (1,), {1: 2}, {1}, frozenset(), range(2), slice(1),
          len, print, lambda: 0, type, object(), ValueError("x"), iter([]), iter(()), iter(""),
          iter({}), iter(set()), enumerate([]), zip(), map(abs, []), filter(None, []), reversed([]),
          (x for x in ()), {}.keys(), {}.values(), {}.items()]
for v in values:
    print(type(v).__name__)
print(type(1) is int, type(True) is bool, type(type) is type, type(int) is type)
print(isinstance(True, int), isinstance(1, (str, float)), isinstance(1, (str, int)), isinstance(None, type(None)))
print(issubclass(bool, int), issubclass(int, bool), issubclass(int, object), issubclass(KeyError, LookupError))
print(isinstance(int, type), isinstance(len, object), isinstance([], list), isinstance((), list))
class A:
    pass
class B(A):
    pass
print(type(B()).__name__, type(B()) is B, type(B) is type, isinstance(B(), A), issubclass(B, A))
print(callable(A), callable(A()), callable(print), callable("x"))
try:
    isinstance(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    issubclass(1, int)
except TypeError as e:
    print("TypeError:", e)
print(int.__name__, str.__name__, type(None).__name__, object.__name__)
