# yield from: delegation, return values of subgenerators, sends pass through.
def inner():
    x = yield "inner-1"
    print("inner got", x)
    yield "inner-2"
    return "inner-result"
def outer():
    result = yield from inner()
    print("outer got result", result)
    yield "outer-done"
g = outer()
print(next(g))
print(g.send("hello"))
print(next(g))
print(next(g, "exhausted"))
def chain(*iterables):
    for it in iterables:
        yield from it
print(list(chain([1, 2], "ab", range(3), (x * x for x in range(3)))))
def tree(node):
    value, children = node
    yield value
    for child in children:
        yield from tree(child)
t = (1, [(2, [(4, [])]), (3, [(5, []), (6, [])])])
print(list(tree(t)))
def count_and_return(n):
    for i in range(n):
        yield i
    return n * 100
def collect():
    total = 0
    for n in (1, 2, 3):
        total += yield from count_and_return(n)
    return total
c = collect()
print(list(c))
def wrapper():
    r = yield from collect()
    yield ("collect returned", r)
print(list(wrapper()))
