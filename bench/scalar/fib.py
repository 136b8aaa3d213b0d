# fib: recursive function calls.
# Measures the cost of a Python-level call and return (frame set-up, argument
# passing, a global lookup of the function itself) with a little int
# arithmetic and comparison; there is almost nothing else in the loop, so this
# is the purest test of the call path.
# quick-size: 20

import sys


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def fib_acc(n, a, b):
    # A second shape of recursion: tail-style with three arguments.
    if n == 0:
        return a
    return fib_acc(n - 1, b, (a + b) % 1000000007)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 33
    total = fib(n)
    acc = 0
    for i in range(n * 40):
        acc = (acc + fib_acc(n * 5, 0, 1) + i) % 1000000007
    print("fib", n, total, acc)


main()
