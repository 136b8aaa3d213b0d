# Recursive functions: direct, mutual, with accumulators, deep-ish.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print([fact(i) for i in range(10)], fact(20))
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(15)])
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(301))
def hanoi(n, src, dst, via, moves):
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append((src, dst))
        hanoi(n - 1, via, dst, src, moves)
    return moves
print(len(hanoi(10, "A", "C", "B", [])), hanoi(2, "A", "C", "B", []))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def flatten(x):
    if isinstance(x, list):
        out = []
        for item in x:
            out.extend(flatten(item))
        return out
    return [x]
print(flatten([1, [2, [3, [4, []]], 5], [[6]]]))
def permutations(items):
    if len(items) <= 1:
        return [items[:]]
    result = []
    for i in range(len(items)):
        for rest in permutations(items[:i] + items[i + 1:]):
            result.append([items[i]] + rest)
    return result
print(permutations([1, 2, 3]))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3))
