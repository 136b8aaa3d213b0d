# min/max with several arguments, an iterable, key and default; sum with start;
# any and all.
print(min(3, 1, 2), max(3, 1, 2), min([4, 5]), max("hello"), min("b", "a"), max((1, 9), (2, 0)))
print(max([1, -5, 3], key=abs), min(["bb", "a", "ccc"], key=len), max(["bb", "a", "cc"], key=len))
print(min([], default="empty"), max([], default=None), max([7], default=0))
print(max({"a": 3, "b": 1}, key=lambda k: {"a": 3, "b": 1}[k]), min({5, 2, 8}))
print(max(1, 2.5), min(-1, -1.5), max(True, 0), max([1, 1.0]), max([1.0, 1]))
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([]), sum([0.5, 0.5]), sum([[1], [2]], []), sum((i for i in range(5)), start=100))
print(any([0, "", None]), any([0, 1]), all([1, "x", [0]]), all([1, 0]), any(()), all(()))
print(any(x > 3 for x in range(5)), all(x < 5 for x in range(5)))
try:
    min([])
except ValueError as e:
    print("ValueError:", e)
try:
    max()
except TypeError as e:
    print("TypeError:", e)
try:
    sum(["a", "b"], "")
except TypeError as e:
    print("TypeError:", e)
try:
    min(1, "a")
except TypeError as e:
    print("TypeError:", e)
try:
    max(5)
except TypeError as e:
    print("TypeError:", e)
print(max([3, 1, 3], key=lambda v: v), max([(1, "a"), (1, "b")], key=lambda p: p[0]))
