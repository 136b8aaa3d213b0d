# sorting: sorting and comprehensions.
# Measures list.sort / sorted on ints, floats, strings and tuples, with key=
# (lambdas and builtins) and reverse=, plus list, dict and set comprehensions
# with conditions and nested `for` clauses, min/max/sum/any/all, zip and
# enumerate. Sets are only used through len() and `in`, so that output never
# depends on hash order.
# quick-size: 3000

import sys


def lcg_list(n, seed, mod):
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        out.append(seed % mod)
    return out


def checksum(xs):
    h = 0
    for x in xs:
        h = (h * 31 + x) % 1000000007
    return h


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 150000
    ints = lcg_list(n, 42, 1000000)

    # Plain sorts, a stable sort by key, and reverse sorts.
    a = sorted(ints)
    b = sorted(ints, reverse=True)
    c = sorted(ints, key=lambda v: (v % 1000, v))
    d = ints[:]
    d.sort(key=lambda v: -(v // 7))
    floats = [v / 3.0 - 1000.5 for v in ints]
    floats.sort()
    words = [f"w{v % 5000:05d}" for v in ints]
    words.sort(reverse=True)
    pairs = sorted(zip(words, ints))
    by_len = sorted([str(v) for v in ints[: n // 4]], key=len)

    # Comprehensions.
    squares = [v * v % 10007 for v in ints if v % 3 == 0]
    table = {v % 997: i for i, v in enumerate(ints)}
    uniq = {v % 9973 for v in ints}
    grid = [i * j for i in range(n // 300) for j in range(n // 300) if (i + j) % 2 == 0]
    nested = [[x + y for x in range(10)] for y in range(n // 10)]
    flat = [x for row in nested for x in row if x % 4 != 1]
    inv = {v: k for k, v in table.items()}
    members = sum(1 for v in ints if v % 9973 in uniq)
    evens = all(x % 2 == 0 for x in grid)
    big = any(v > 999990 for v in ints)

    median = a[n // 2]
    print("sorting", n, median, a[0], b[0], checksum(a), checksum(c[:1000]),
          checksum(d[:1000]), f"{floats[n // 3]:.4f}", words[0], words[-1],
          pairs[7][1], by_len[-1], checksum(squares), len(table), len(uniq),
          checksum(grid), checksum(flat), len(inv), members, evens, big,
          max(ints), min(floats), sum(ints) % 1000003)


main()
