# Generators keep local state between resumptions; try/finally in a
# generator runs when it is exhausted or closed.
def stateful():
    seen = []
    for word in ["a", "b", "c"]:
        seen.append(word)
        yield "".join(seen)
print(list(stateful()))
def guarded():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup ran")
for v in guarded():
    print("got", v)
g = guarded()
print(next(g))
g.close()
print("closed")
def gen_with_exception():
    yield 1
    raise ValueError("from generator")
try:
    for v in gen_with_exception():
        print("value", v)
except ValueError as e:
    print("ValueError:", e)
g2 = (i for i in range(3))
print(list(g2), list(g2))
def independent():
    n = 0
    while n < 3:
        n += 1
        yield n
a, b = independent(), independent()
print(next(a), next(a), next(b), next(a), next(b))
def gen_returns_in_loop(items):
    for item in items:
        if item is None:
            return
        yield item
print(list(gen_returns_in_loop([1, 2, None, 3])))
