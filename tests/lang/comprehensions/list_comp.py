# List comprehensions: conditions, nested loops, nested comprehensions.
print([x * x for x in range(8)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[x * y for y in range(1, 4)] for x in range(1, 4)])
print([c.upper() for c in "kiln" if c != "i"])
print([x if x % 2 else -x for x in range(6)])
words = ["apple", "kiwi", "banana", "fig"]
print([w[0] for w in words], [len(w) for w in words if len(w) > 3])
print([(i, w) for i, w in enumerate(words) if i % 2 == 0])
matrix = [[1, 2, 3], [4, 5, 6]]
print([row[i] for i in range(3) for row in matrix])
print([v for row in matrix for v in row if v % 2])
print([sum(row) for row in matrix], [[v * 10 for v in row] for row in matrix])
print([a + b for a, b in zip([1, 2, 3], [10, 20, 30])])
print([[] for _ in range(2)], [None] * 2)
print([y for x in [[1, 2], [3]] for y in x])
print([(lambda n: n + 1)(x) for x in range(3)])
fns = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fns])
