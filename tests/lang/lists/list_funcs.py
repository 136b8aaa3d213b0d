# Builtins that consume lists: len, sum, min, max, any, all, enumerate, zip,
# reversed, and list unpacking in calls.
xs = [4, 8, 15, 16, 23, 42]
print(len(xs), sum(xs), min(xs), max(xs), sum(xs) / len(xs))
print(any(x > 40 for x in xs), all(x > 3 for x in xs), any([]), all([]))
print(list(enumerate(xs[:3])), list(enumerate(xs[:3], 1)))
print(list(zip(xs, "abc")), list(reversed(xs)))
print(*xs)
print(*xs, sep="-")
first, *middle, last = xs
print(first, middle, last)
print([x for x in xs if x % 2], [x * 2 for x in xs[:2]])
idx = max(range(len(xs)), key=lambda i: xs[i] % 10)
print(idx, xs[idx])
print(list(map(str, xs)), list(filter(lambda x: x > 15, xs)))
print(sorted(xs, key=lambda x: -x)[:2])
pairs = list(zip(xs[::2], xs[1::2]))
print(pairs, [a * b for a, b in pairs])
print(list(zip(*pairs)))
