# Many small recursive calls (fast under CPython: a smoke test, not a benchmark).
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print([fib(i) for i in range(15)])
print(fib(22))
