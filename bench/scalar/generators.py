# generators: a generator pipeline.
# A stream of numbers flows through chained generator functions (filter,
# map, windowing, chunking), `yield from` delegation, generator expressions
# consumed by sum/max/any, and a hand-written iterator class with __iter__ /
# __next__. Measures generator creation, resumption and suspension, and the
# iterator protocol in `for` loops and builtins.
# quick-size: 5000

import sys


def numbers(n, seed):
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        yield seed >> 12


def keep(pred, it):
    for x in it:
        if pred(x):
            yield x


def scale(k, it):
    for x in it:
        yield x * k % 1000003


def window(it, size):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) == size:
            yield buf[0] + buf[-1]
            buf.pop(0)


def chunks(it, size):
    chunk = []
    for x in it:
        chunk.append(x)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def flatten(chunked):
    for chunk in chunked:
        yield from chunk


def tree(depth, value):
    # Recursive generators with yield from: an in-order walk of a full tree.
    if depth == 0:
        yield value
        return
    yield from tree(depth - 1, value * 2)
    yield value
    yield from tree(depth - 1, value * 2 + 1)


class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500000
    total = 0
    count = 0
    pipeline = window(scale(7, keep(lambda v: v % 3 != 0, numbers(n, 1))), 4)
    for v in flatten(chunks(pipeline, 16)):
        total = (total + v) % 1000000007
        count += 1
    squares = sum(x * x % 1009 for x in range(n))
    biggest = max(x % 10007 for x in numbers(n, 2))
    found = any(x == 123 for x in scale(3, numbers(n, 3)))
    walked = 0
    for depth in range(4, 14):
        for v in tree(depth, 1):
            walked = (walked * 3 + v) % 1000000007
    down = 0
    for v in Countdown(n):
        down += v & 15
    lengths = [len(c) for c in chunks(range(n // 10), 7)]
    print("generators", n, count, total, squares, biggest, found, walked, down,
          len(lengths), lengths[-1])


main()
