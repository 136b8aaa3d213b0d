# Dict and set comprehensions.
squares = {x: x * x for x in range(6)}
print(squares)
print({k: v for k, v in squares.items() if v % 2 == 0})
print({v: k for k, v in {"a": 1, "b": 2, "c": 1}.items()})
words = "to be or not to be that is the question".split()
lengths = {w: len(w) for w in words}
print(lengths)
print({len(w) for w in words})
print({x % 5 for x in range(100)})
print({(i, j): i * j for i in range(2) for j in range(3)})
index = {ch: [i for i, c in enumerate("banana") if c == ch] for ch in "abn"}
print(index)
print({i: {j for j in range(i)} for i in range(4)})
grid = {(r, c) for r in range(3) for c in range(3) if r == c}
print(sorted(grid))
