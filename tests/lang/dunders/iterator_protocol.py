# __iter__ and __next__: iterator classes, iterables returning generators,
# StopIteration ends for-loops, iter()/next() with defaults.
class CountDown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(CountDown(4)))
cd = CountDown(2)
print(next(cd), next(cd), next(cd, "done"))
for v in CountDown(3):
    print("loop", v)
class Team:
    def __init__(self, *members):
        self.members = members
    def __iter__(self):
        for m in self.members:
            yield m.upper()
t = Team("ann", "bob")
print(list(t), list(t), sorted(t, reverse=True), "ANN" in t)
a, b = t
print(a, b)
print(dict(zip(t, range(2))), list(enumerate(t)), max(t))
class Fib:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return FibIter(self.n)
class FibIter:
    def __init__(self, n):
        self.a, self.b, self.left = 0, 1, n
    def __iter__(self):
        return self
    def __next__(self):
        if not self.left:
            raise StopIteration
        self.left -= 1
        r = self.a
        self.a, self.b = self.b, self.a + self.b
        return r
f = Fib(10)
print(list(f), sum(f))
it = iter(f)
print(next(it), next(it), iter(it) is it)
print([x * y for x, y in zip(Fib(5), CountDown(5))])
try:
    iter(5)
except TypeError as e:
    print("TypeError:", e)
class NotAnIterator:
    def __iter__(self):
        return 1
try:
    iter(NotAnIterator())
except TypeError as e:
    print("TypeError:", e)
