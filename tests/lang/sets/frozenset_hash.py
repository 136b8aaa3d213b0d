# frozenset: immutable, hashable, usable as a dict key or set element.
f = frozenset([3, 1, 2, 3])
print(f, len(f), 1 in f, type(f).__name__)
print(f | {4}, f & {1, 5}, f - {1}, type(f | {4}).__name__)
print(frozenset() == set(), frozenset({1}) == {1}, hash(frozenset([1, 2])) == hash(frozenset([2, 1])))
groups = {frozenset({1, 2}): "a", frozenset({3}): "b"}
print(groups[frozenset([2, 1])], frozenset({3}) in groups)
s = {frozenset({1}), frozenset({1}), frozenset({2})}
print(len(s))
try:
    f.add(4)
except AttributeError as e:
    print("AttributeError:", e)
print(sorted(frozenset("hello")))
seen = set()
dups = []
for x in [1, 4, 2, 4, 1, 5, 6, 2]:
    if x in seen:
        dups.append(x)
    seen.add(x)
print(seen, dups)
print(set(map(lambda v: v * v, [-2, -1, 0, 1, 2])))
