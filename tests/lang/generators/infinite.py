# Infinite generators consumed partially: break, zip, next, pipelines.
def naturals(start=0):
    n = start
    while True:
        yield n
        n += 1
def take(n, it):
    out = []
    for v in it:
        if len(out) == n:
            break
        out.append(v)
    return out
print(take(5, naturals()))
print(list(zip("abc", naturals(10))))
squares = (n * n for n in naturals())
print([next(squares) for _ in range(5)])
def primes():
    found = []
    for n in naturals(2):
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n
print(take(15, primes()))
def cycle(items):
    while True:
        for x in items:
            yield x
c = cycle("xyz")
print("".join(next(c) for _ in range(8)))
def collatz(n):
    while True:
        yield n
        if n == 1:
            return
        n = n // 2 if n % 2 == 0 else 3 * n + 1
print(list(collatz(27))[:10], len(list(collatz(27))))
evens = (n for n in naturals() if n % 2 == 0)
doubled = (n * 2 for n in evens)
print(take(4, doubled))
