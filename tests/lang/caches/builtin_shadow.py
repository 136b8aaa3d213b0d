# Builtins shadowed by locals, globals and parameters, then restored.
def f():
    print = lambda *a: None
    print("invisible")
    return "local print shadowed"


print(f())


def g(max):
    return max + 1


print(g(5), max(1, 2))
sum = 0
for i in range(5):
    sum += i
print(sum)
del sum
print(sum([1, 2, 3]))


def range_user():
    return list(range(3))


print(range_user())
