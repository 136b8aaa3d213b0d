# functools: reduce, partial (attributes, nesting, keyword override),
# wraps / update_wrapper, cmp_to_key and total_ordering.
import functools
from functools import reduce, partial, wraps, update_wrapper, cmp_to_key, total_ordering
import operator

print(reduce(operator.add, [1, 2, 3, 4]), reduce(operator.mul, range(1, 6), 10))
print(reduce(lambda a, b: a + [b], 'abc', []), reduce(max, [3], 0), reduce(operator.add, [7]))
try:
    reduce(operator.add, [])
except TypeError as e:
    print('TypeError', e)

def power(base, exp, *, mod=None):
    r = base ** exp
    return r if mod is None else r % mod

square = partial(power, exp=2)
print(square(7), square(3, exp=3), square.func is power, square.args, square.keywords)
two_to = partial(power, 2)
print(two_to(10), two_to(10, mod=1000), two_to.args)
nested = partial(two_to, 5, mod=7)
print(nested(), nested.func is power, nested.args, nested.keywords)
print(repr(partial(operator.add, 1)) .startswith('functools.partial(<built-in function add>') or repr(partial(operator.add, 1)).startswith('functools.partial('))
print(list(map(partial(operator.mul, 3), [1, 2, 3])))
try:
    partial(5)
except TypeError as e:
    print('TypeError', e)
class P(partial):
    pass
p = P(power, 3)
print(type(p).__name__, p(2))

def deco(f):
    @wraps(f)
    def wrapper(*args, **kwargs):
        """wrapper doc"""
        return ('wrapped', f(*args, **kwargs))
    return wrapper

@deco
def greet(name):
    """Say hello."""
    return 'hello ' + name

greet.extra = 1
print(greet('bob'), greet.__name__, greet.__doc__, greet.__qualname__, greet.__wrapped__('x'))
def target():
    pass
target.attr = 'copied'
def w():
    pass
update_wrapper(w, target)
print(w.__name__, w.attr, w.__wrapped__ is target, w.__module__)
def w2():
    pass
update_wrapper(w2, target, assigned=('__doc__',), updated=())
print(w2.__name__, hasattr(w2, 'attr'))

def cmp_len(a, b):
    return len(a) - len(b)
words = ['ccc', 'a', 'bb', 'dddd', 'e']
print(sorted(words, key=cmp_to_key(cmp_len)), sorted(words, key=cmp_to_key(cmp_len), reverse=True))
K = cmp_to_key(cmp_len)
print(K('aa') < K('bbb'), K('aa') == K('bb'), K('aaa') >= K('b'), K('a') > K('b'), K('a') <= K('b'))
print(min(words, key=cmp_to_key(cmp_len)), max(words, key=cmp_to_key(cmp_len)))
try:
    hash(K('a'))
except TypeError as e:
    print('TypeError', e)

@total_ordering
class Version:
    def __init__(self, major, minor):
        self.t = (major, minor)
    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.t == other.t
    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.t < other.t
    def __repr__(self):
        return 'V%d.%d' % self.t

a, b, c = Version(1, 2), Version(1, 10), Version(1, 2)
print(a < b, a <= b, a > b, a >= b, a <= c, a >= c, b > a, b >= c)
print(sorted([b, a, Version(0, 9)]), Version.__gt__.__name__)
try:
    a < 3
except TypeError as e:
    print('TypeError', e)
try:
    a >= 'x'
except TypeError as e:
    print('TypeError', e)

@total_ordering
class Rev:
    def __init__(self, v):
        self.v = v
    def __ge__(self, other):
        return self.v >= other.v
    def __eq__(self, other):
        return self.v == other.v
print(Rev(1) < Rev(2), Rev(2) <= Rev(2), Rev(3) > Rev(2), Rev(1) > Rev(1))
try:
    @total_ordering
    class Nothing:
        pass
except ValueError as e:
    print('ValueError', e)
