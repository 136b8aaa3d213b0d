# Type constructors: str, repr, list, dict, tuple, set, frozenset, int, float,
# bool called with and without arguments and on other containers.
print(repr(str()), str(5), str([1, "a"]), str(None), str(str("nested")))
print(list(), list("ab"), list((1, 2)), list({3: 4}), list(range(2)), list(x for x in "xy"))
print(tuple(), tuple([1, 2]), tuple("ab"), tuple({1: 2}))
print(dict(), dict(a=1), dict([(1, 2), (3, 4)]), dict({1: 2}, b=3), dict(zip("ab", "cd")))
print(set(), set([1, 2, 2]), set((3,)), set(range(3)), frozenset([1, 1]))
print(int(), int(3.9), int("7"), float(), float(3), float("1e2"), bool(), bool(3))
print(repr("x"), repr([]), repr({}), repr(set()), repr(()), repr((1,)), repr(frozenset()))
l1 = [1, 2]
l2 = list(l1)
print(l2 == l1, l2 is l1)
d1 = {"k": [1]}
d2 = dict(d1)
d2["k"].append(2)
print(d1, d2 is d1)
try:
    dict([(1, 2, 3)])
except ValueError as e:
    print("ValueError:", e)
try:
    list(1)
except TypeError as e:
    print("TypeError:", e)
print(type(str(1)).__name__, type(list()).__name__, type(dict()).__name__)
