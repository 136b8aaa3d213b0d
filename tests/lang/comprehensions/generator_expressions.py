# Generator expressions: laziness, single use, as sole call argument.
print(sum(x * x for x in range(10)))
print(max(len(w) for w in ["a", "abc", "ab"]))
print(list(x for x in "abc"), tuple(x for x in range(3)), set(x % 2 for x in range(5)))
g = (n * 10 for n in range(4))
print(next(g), next(g), list(g), list(g))
log = []
def noisy(v):
    log.append(v)
    return v
lazy = (noisy(v) for v in range(5))
print(log)
print(next(lazy), log)
print(any(noisy(v) > 2 for v in range(10)), log)
print(", ".join(str(v) for v in range(5)))
print(sorted((v for v in [3, 1, 2]), reverse=True))
print(dict((k, k * 2) for k in range(3)))
nested = ((i, j) for i in range(3) for j in range(i))
print(list(nested))
print(type(g).__name__, all(v < 5 for v in range(5)))
print(sum(1 for line in "a\nb\nc".splitlines() if line != "b"))
