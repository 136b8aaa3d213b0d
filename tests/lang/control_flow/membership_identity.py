# in / not in / is / is not across containers and custom objects.
print(3 in [1, 2, 3], 3 in (1, 2), "b" in "abc", "ab" in "cab", 2 in {1, 2}, "k" in {"k": 1})
print(1 in {1: "x"}, "x" in {1: "x"}, 5 in range(10), 10 in range(10), 4 in range(0, 10, 2), 5 in range(0, 10, 2))
print([1] in [[1], [2]], (1, 2) in [(1, 2)], None in [0, False, ""], 0 in [False])
print(3 not in [1, 2], "z" not in "abc")
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, b is not a)
print(None is None, type(None) is type(None), True is not False)
x = None
if x is None:
    print("x is None")
class Bag:
    def __init__(self, items):
        self.items = items
    def __contains__(self, item):
        print("checking", item)
        return item in self.items
bag = Bag([1, 2])
print(2 in bag, 5 in bag, 5 not in bag)
class Seq:
    def __iter__(self):
        return iter([10, 20])
print(20 in Seq(), 30 in Seq())
# Kiln floats are values, not objects: two NaNs made separately are "the
# same object" to `is`/`in` (docs/ARCHITECTURE.md), so that case is not tested.
n = float("nan")
print(n in [n])
try:
    1 in 5
except TypeError as e:
    print("TypeError:", e)
try:
    [] in {}
except TypeError as e:
    print("TypeError:", e)
