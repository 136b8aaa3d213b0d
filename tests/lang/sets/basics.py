# Sets of small ints (deterministic order, mirroring CPython's layout),
# membership, add/remove/discard, and the set algebra.
s = {3, 1, 2}
print(s, len(s), 2 in s, 5 not in s)
s.add(10)
s.add(1)
print(s)
s.discard(10)
s.discard(99)
s.remove(3)
print(s)
try:
    s.remove(42)
except KeyError as e:
    print("KeyError:", e)
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print(a.union([7, 8], (9,)), a.issubset({1, 2, 3, 4, 5}), a.issuperset({1, 2}), a.isdisjoint({8, 9}))
print({1, 2} < {1, 2, 3}, {1, 2} <= {1, 2}, {1, 2} > {1}, {1, 2} == {2, 1}, {1} != {2})
c = set()
print(c, len(c), bool(c), set([1, 1, 2]), set(range(5)), set("aaa"))
c |= {1, 2}
c &= {2, 3}
c ^= {5}
c -= {7}
print(c)
d = {5, 6, 7}
d.update([8], {9})
print(d, d.pop() in {5, 6, 7, 8, 9}, len(d))
d.clear()
print(d)
e = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}
print(e)
print({x % 4 for x in range(20)}, sorted({"b", "a", "c"}))
try:
    {[1]}
except TypeError as e2:
    print("TypeError:", e2)
print(sorted({-1, -5, 3}), max({4, 9, 2}), sum({1, 2, 3}))
