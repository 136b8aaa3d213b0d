# closures: closure-heavy functional code.
# Measures creating and calling closures (free variables read through cells),
# `nonlocal` rebinding, lambdas passed to map/filter/sorted, decorators (a
# closure and a class with __call__), function composition, *args / **kwargs
# forwarding and keyword arguments.
# quick-size: 4000

import sys


def make_counter(step):
    count = 0

    def inc():
        nonlocal count
        count += step
        return count

    return inc


def make_adder(k):
    return lambda x: x + k


def compose(f, g):
    def h(x):
        return f(g(x))
    return h


class counted:
    # A class used as a decorator: calls go through __call__ and forward
    # *args / **kwargs to the wrapped function.
    def __init__(self, fn):
        self.fn = fn
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)


@counted
def mix(a, b, scale=1, offset=0):
    return (a * 31 + b) * scale % 1000003 + offset


def memoize(fn):
    cache = {}

    def wrapper(n):
        if n in cache:
            return cache[n]
        r = fn(n)
        cache[n] = r
        return r

    return wrapper


def accumulate(fns, x):
    for f in fns:
        x = f(x)
    return x


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 250000
    counters = [make_counter(i % 5 + 1) for i in range(10)]
    total = 0
    for i in range(n):
        total += counters[i % 10]()
    total %= 1000000007

    adders = [make_adder(k) for k in range(8)]
    chain = adders[0]
    for a in adders[1:]:
        chain = compose(a, chain)
    chained = 0
    for i in range(n):
        chained = (chained + chain(i)) % 1000003

    mixed = 0
    for i in range(n):
        mixed = (mixed + mix(i, mixed, scale=3) + mix(i, 7, offset=1)) % 1000003

    @memoize
    def collatz_len(m):
        if m == 1:
            return 1
        if m % 2 == 0:
            return 1 + collatz_len(m // 2)
        return 1 + collatz_len(3 * m + 1)

    longest = 0
    for m in range(1, min(n // 4, 20000)):
        longest = max(longest, collatz_len(m))

    squares = list(map(lambda v: v * v % 1009, range(n)))
    odd = list(filter(lambda v: v & 1, squares))
    ranked = sorted(range(n // 10), key=lambda v: (v * 7919) % 1009)
    piped = 0
    steps = [lambda v: v + 1, lambda v: v * 3 % 10007, lambda v: v ^ 5]
    for i in range(n):
        piped = (piped + accumulate(steps, i)) % 1000003

    print("closures", n, total, chained, mixed, mix.calls, longest,
          len(odd), ranked[:3], piped)


main()
