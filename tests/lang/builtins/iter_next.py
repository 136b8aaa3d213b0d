# iter() and next(): defaults, exhaustion, iterators over every container,
# and the two-argument iter(callable, sentinel).
it = iter([1, 2])
print(next(it), next(it), next(it, "done"), next(it, None))
try:
    next(it)
except StopIteration:
    print("StopIteration")
d = {"a": 1, "b": 2}
print(next(iter(d)), next(iter(d.values())), next(iter(d.items())))
s = iter("hi")
print(list(s), list(s))
counter = [0]
def tick():
    counter[0] += 1
    return counter[0]
print(list(iter(tick, 4)))
r = iter(range(3))
print(iter(r) is r, list(r))
try:
    next([1])
except TypeError as e:
    print("TypeError:", e)
nested = iter([iter([1, 2]), iter([3])])
print([list(x) for x in nested])
gen = (i for i in range(3))
print(next(gen), [*gen])
