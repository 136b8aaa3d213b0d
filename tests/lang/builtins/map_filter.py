# map() and filter(): one and several iterables, None as predicate, laziness.
print(list(map(abs, [-1, 2, -3])), list(map(str.upper, ["a", "b"])))
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6, 7])))
print(list(map(pow, [2, 3], [3, 2])))
print(list(filter(None, [0, 1, "", "a", None, [], [0], False, True])))
print(list(filter(lambda x: x % 2, range(10))), list(filter(str.isdigit, "a1b2c3")))
m = map(int, "123")
print(type(m).__name__, next(m), list(m), list(m))
f = filter(lambda s: len(s) > 2, ["ab", "abc", "abcd"])
print(type(f).__name__, list(f))
calls = []
def tracked(x):
    calls.append(x)
    return x * 10
lazy = map(tracked, [1, 2, 3])
print(calls)
print(next(lazy), calls)
print(sum(map(len, ["ab", "cde", ""])), max(map(lambda s: s[::-1], ["ab", "ba"])))
print(list(map(lambda kv: f"{kv[0]}={kv[1]}", {"a": 1, "b": 2}.items())))
print(list(filter(lambda p: p[1] > 1, enumerate([3, 1, 2]))))
