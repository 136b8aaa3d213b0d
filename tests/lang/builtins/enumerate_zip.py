# enumerate() and zip(): start values, unequal lengths, unpacking, laziness.
names = ["ann", "bob", "cy"]
print(list(enumerate(names)), list(enumerate(names, start=10)), list(enumerate("ab", -1)))
for i, n in enumerate(names, 1):
    print(i, n)
e = enumerate("xyz")
print(next(e), next(e), list(e), list(e))
print(list(zip([1, 2, 3], "abc")), list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1])))
print(list(zip(range(3), range(10, 13), range(20, 23))))
pairs = [("a", 1), ("b", 2)]
letters, nums = zip(*pairs)
print(letters, nums)
print(dict(zip(names, range(3))), dict(enumerate(names)))
z = zip("ab", [1, 2])
print(type(z).__name__, type(e).__name__, next(z), list(z))
matrix = [[1, 2, 3], [4, 5, 6]]
print([list(col) for col in zip(*matrix)])
total = 0
for (i, v), w in zip(enumerate([5, 6, 7]), "pqr"):
    total += i * v
    print(i, v, w)
print(total)
