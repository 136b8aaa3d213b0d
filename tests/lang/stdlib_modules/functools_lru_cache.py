# functools.lru_cache and functools.cache: bare and parameterised forms,
# hits / misses / eviction order, maxsize=None and 0, typed=, keyword
# arguments, cache_info / cache_clear / cache_parameters, methods,
# recursion, and the wrapped function's metadata.
import functools
from functools import lru_cache, cache

calls = []

@lru_cache
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(30), len(calls), fib.cache_info())
print(fib.cache_info().hits, fib.cache_info().currsize, fib.cache_info()._fields)
fib.cache_clear()
print(fib.cache_info())
print(fib.__name__, fib.__wrapped__(1), fib.cache_parameters())

@lru_cache(maxsize=2)
def sq(x):
    calls.append(('sq', x))
    return x * x

calls.clear()
print(sq(1), sq(2), sq(1), sq(3), sq(2), sq(1))
print(calls)
print(sq.cache_info())

@lru_cache(maxsize=None)
def add(a, b=0, *, c=0):
    calls.append(('add', a, b, c))
    return a + b + c

calls.clear()
print(add(1), add(1), add(1, 2), add(1, b=2), add(1, 2, c=3), add(1, 2, c=3))
print(len(calls), add.cache_info(), add.cache_parameters())

@lru_cache(maxsize=0)
def nocache(x):
    return x
nocache(1); nocache(1)
print(nocache.cache_info())

@lru_cache(typed=True)
def ident(x):
    calls.append(('ident', x))
    return x
calls.clear()
print(ident(1), ident(1.0), ident(True), ident(1))
print(len(calls), ident.cache_info().currsize, ident.cache_parameters())

@lru_cache()
def untyped(x):
    return type(x).__name__
print(untyped(1), untyped(1.0), untyped.cache_info())

@cache
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20), fact.cache_info(), fact.cache_parameters())

try:
    lru_cache('big')
except TypeError as e:
    print('TypeError', e)
try:
    sq([1])
except TypeError as e:
    print('TypeError', e)

class Circle:
    instances = 0
    def __init__(self, r):
        self.r = r
    @lru_cache(maxsize=8)
    def area(self, scale=1):
        Circle.instances += 1
        return 3 * self.r * self.r * scale
    def __hash__(self):
        return hash(self.r)
    def __eq__(self, other):
        return self.r == other.r

c = Circle(2)
print(c.area(), c.area(), c.area(2), Circle(2).area(), Circle.instances)
print(Circle.area.cache_info())

def plain(x):
    "doc of plain"
    return -x
wrapped = lru_cache(maxsize=3)(plain)
print(wrapped(4), wrapped.__doc__, wrapped.__wrapped__ is plain, wrapped.__name__)
