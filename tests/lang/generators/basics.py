# Generator functions: lazy execution, StopIteration, return ends iteration.
def countdown(n):
    print("starting")
    while n > 0:
        yield n
        n -= 1
    print("finished")
g = countdown(3)
print(type(g).__name__)
print(next(g))
print(list(g))
try:
    next(g)
except StopIteration:
    print("StopIteration after exhaustion")
def evens(limit):
    for i in range(limit):
        if i % 2 == 0:
            yield i
print(list(evens(10)), sum(evens(100)))
def with_return():
    yield 1
    return "ignored by for"
    yield 2
print(list(with_return()))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for v in fib():
    if v > 100:
        break
    out.append(v)
print(out)
def pairs(it):
    it = iter(it)
    for a in it:
        b = next(it, None)
        yield a, b
print(list(pairs(range(5))))
gen = (x for x in [])
print(next(gen, "default"))
def empty():
    return
    yield
print(list(empty()))
def yields_none():
    yield
    yield
print(list(yields_none()))
