# len() and range(): arguments, negative steps, emptiness, indexing, slicing.
print(len("abc"), len([1, 2]), len((1,)), len({"a": 1}), len({1, 2, 3}), len(range(10)), len(""))
print(list(range(5)), list(range(2, 5)), list(range(0, 10, 3)), list(range(10, 0, -2)), list(range(5, 5)))
print(list(range(-5, 0)), list(range(0, -10, -3)), list(range(3, 0)))
r = range(1, 20, 4)
print(r, len(r), r[0], r[-1], r[1:3], r[::-1], 9 in r, 10 in r, r.index(13), r.count(5))
print(range(0), range(3), range(1, 2), range(1, 10, 2), repr(range(-1, -5, -1)))
print(range(3) == range(0, 3), range(0) == range(5, 2), list(reversed(range(4))))
print(sum(range(101)), max(range(7)), min(range(3, 9)), sorted(range(3), reverse=True))
print(r.start, r.stop, r.step, bool(range(0)), bool(range(1)))
big = range(0, 10 ** 12, 7)
print(len(big), big[10 ** 6], big[-1])
try:
    range(1, 5, 0)
except ValueError as e:
    print("ValueError:", e)
try:
    range(1, 2.5)
except TypeError as e:
    print("TypeError:", e)
try:
    range(5)[10]
except IndexError as e:
    print("IndexError:", e)
try:
    len(42)
except TypeError as e:
    print("TypeError:", e)
for i in range(3, -1, -1):
    print(i, end=" ")
print()
