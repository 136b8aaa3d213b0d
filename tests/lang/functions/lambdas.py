# lambda: arguments of every kind, closures, immediately-invoked, in data.
add = lambda a, b=10: a + b
print(add(1), add(1, 2), (lambda: "no args")(), (lambda *a, **k: (a, k))(1, x=2))
print((lambda x, *, y: x * y)(3, y=4))
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
print([ops[o](6, 3) for o in "+-*"])
make_adder = lambda n: lambda x: x + n
add5 = make_adder(5)
print(add5(1), make_adder(-1)(1))
pairs = [(1, "one"), (3, "three"), (2, "two")]
print(sorted(pairs, key=lambda p: p[1]), list(map(lambda p: p[0] * 2, pairs)))
print(list(filter(lambda v: v % 3 == 0, range(10))))
print(add.__name__, (lambda: 0).__name__)
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(inc_then_double(5))
print((lambda x: (lambda y: x + y))(1)(2))
fact = lambda n: 1 if n <= 1 else n * fact(n - 1)
print(fact(10))
