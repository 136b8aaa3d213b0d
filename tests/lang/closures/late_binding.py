# Closures in loops see the variable's final value unless it is bound per
# iteration (default argument or a factory function).
fns = []
for i in range(3):
    fns.append(lambda: i)
print([f() for f in fns])
fns = []
for i in range(3):
    fns.append(lambda i=i: i)
print([f() for f in fns])
def make(i):
    return lambda: i * 10
print([make(i)() for i in range(3)])
adders = {name: (lambda n: lambda x: x + n)(n) for name, n in [("one", 1), ("ten", 10)]}
print(adders["one"](5), adders["ten"](5))
def outer():
    result = []
    for j in range(3):
        def show():
            return j
        result.append(show)
    j = 99
    return [f() for f in result]
print(outer())
