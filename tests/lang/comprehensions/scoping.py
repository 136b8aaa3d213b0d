# Comprehension variables do not leak; comprehensions see enclosing names;
# the first iterable is evaluated in the enclosing scope.
x = "outer"
result = [x for x in range(3)]
print(result, x)
y = 10
print([y + i for i in range(3)])
print({i for i in range(3)}, {i: i for i in range(2)})
try:
    print(i)
except NameError as e:
    print("NameError:", e)
def f():
    n = 5
    return [n * k for k in range(3)]
print(f())
def g():
    items = [1, 2, 3]
    return [[a * b for b in items] for a in items]
print(g())
class K:
    base = [1, 2, 3]
    doubled = [v * 2 for v in base]
print(K.doubled)
total = 0
for v in [v * v for v in range(4)]:
    total += v
print(total, v)
gen = (z * 2 for z in range(3))
try:
    print(z)
except NameError as e:
    print("NameError:", e)
print(list(gen))
funcs = [lambda: n for n in range(3)]
print([fn() for fn in funcs])
