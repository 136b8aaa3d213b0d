# operator: Kiln's operator module, written in Kiln's Python.
# Provides the function forms of the operators (add, sub, mul, truediv,
# floordiv, mod, pow, matmul, neg, pos, abs, inv/invert, lshift, rshift,
# and_, or_, xor, not_, truth, is_, is_not, eq, ne, lt, le, gt, ge, index,
# concat, contains, countOf, indexOf, getitem, setitem, delitem,
# length_hint, call), the in-place forms (iadd, isub, ... imatmul, iconcat)
# and the callables itemgetter, attrgetter (dotted names) and methodcaller,
# with CPython's reprs. The dunder aliases (operator.__add__ ...) are not
# provided.

__all__ = ['abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains', 'countOf',
           'delitem', 'eq', 'floordiv', 'ge', 'getitem', 'gt', 'iadd', 'iand',
           'iconcat', 'ifloordiv', 'ilshift', 'imatmul', 'imod', 'imul',
           'index', 'indexOf', 'inv', 'invert', 'ior', 'ipow', 'irshift',
           'is_', 'is_not', 'isub', 'itemgetter', 'itruediv', 'ixor', 'le',
           'length_hint', 'lshift', 'lt', 'matmul', 'methodcaller', 'mod',
           'mul', 'ne', 'neg', 'not_', 'or_', 'pos', 'pow', 'rshift',
           'setitem', 'sub', 'truediv', 'truth', 'xor']

_abs = abs


# ---------------------------------------------------------------- comparisons
def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def ge(a, b):
    return a >= b


def gt(a, b):
    return a > b


# ---------------------------------------------------------------- logic
def not_(a):
    return not a


def truth(a):
    return True if a else False


def is_(a, b):
    return a is b


def is_not(a, b):
    return a is not b


# ---------------------------------------------------------------- arithmetic
def abs(a):
    return _abs(a)


def add(a, b):
    return a + b


def and_(a, b):
    return a & b


def floordiv(a, b):
    return a // b


def index(a):
    if isinstance(a, int):
        return int(a)
    method = getattr(type(a), '__index__', None)
    if method is None:
        raise TypeError("'" + type(a).__name__ + "' object cannot be interpreted as an integer")
    return method(a)


def inv(a):
    return ~a


invert = inv


def lshift(a, b):
    return a << b


def mod(a, b):
    return a % b


def mul(a, b):
    return a * b


def matmul(a, b):
    return a @ b


def neg(a):
    return -a


def or_(a, b):
    return a | b


def pos(a):
    return +a


def pow(a, b):
    return a ** b


def rshift(a, b):
    return a >> b


def sub(a, b):
    return a - b


def truediv(a, b):
    return a / b


def xor(a, b):
    return a ^ b


# ---------------------------------------------------------------- sequences
def _is_sequence_like(a):
    return hasattr(a, '__getitem__')


def concat(a, b):
    if not _is_sequence_like(a):
        raise TypeError("'" + type(a).__name__ + "' object can't be concatenated")
    return a + b


def contains(a, b):
    return b in a


def countOf(a, b):
    n = 0
    for x in a:
        if x is b or x == b:
            n += 1
    return n


def delitem(a, b):
    del a[b]


def getitem(a, b):
    return a[b]


def indexOf(a, b):
    i = 0
    for x in a:
        if x is b or x == b:
            return i
        i += 1
    raise ValueError('sequence.index(x): x not in sequence')


def setitem(a, b, c):
    a[b] = c


def length_hint(obj, default=0):
    if not isinstance(default, int):
        raise TypeError("'" + type(default).__name__ + "' object cannot be interpreted as an integer")
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), '__length_hint__', None)
    if hint is None:
        return default
    val = hint(obj)
    if val is NotImplemented:
        return default
    if not isinstance(val, int):
        raise TypeError('__length_hint__ must be integer, not ' + type(val).__name__)
    if val < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return val


def call(obj, *args, **kwargs):
    return obj(*args, **kwargs)


# ---------------------------------------------------------------- in-place
def iadd(a, b):
    a += b
    return a


def iand(a, b):
    a &= b
    return a


def iconcat(a, b):
    if not _is_sequence_like(a):
        raise TypeError("'" + type(a).__name__ + "' object can't be concatenated")
    a += b
    return a


def ifloordiv(a, b):
    a //= b
    return a


def ilshift(a, b):
    a <<= b
    return a


def imod(a, b):
    a %= b
    return a


def imul(a, b):
    a *= b
    return a


def imatmul(a, b):
    a @= b
    return a


def ior(a, b):
    a |= b
    return a


def ipow(a, b):
    a **= b
    return a


def irshift(a, b):
    a >>= b
    return a


def isub(a, b):
    a -= b
    return a


def itruediv(a, b):
    a /= b
    return a


def ixor(a, b):
    a ^= b
    return a


# ---------------------------------------------------------------- callables
class attrgetter:
    # attrgetter('a', 'b.c')(obj) -> (obj.a, obj.b.c)
    def __init__(self, attr, *attrs):
        names = (attr,) + attrs
        for name in names:
            if not isinstance(name, str):
                raise TypeError('attribute name must be a string')
        self._attrs = names
        self._paths = tuple(tuple(name.split('.')) for name in names)

    def _get(self, obj, path):
        for part in path:
            obj = getattr(obj, part)
        return obj

    def __call__(self, obj):
        if len(self._paths) == 1:
            return self._get(obj, self._paths[0])
        return tuple(self._get(obj, p) for p in self._paths)

    def __repr__(self):
        return 'operator.attrgetter(' + ', '.join(repr(a) for a in self._attrs) + ')'

    def __reduce__(self):
        return (self.__class__, self._attrs)


class itemgetter:
    # itemgetter(1, 3)(seq) -> (seq[1], seq[3])
    def __init__(self, item, *items):
        self._items = (item,) + items

    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple(obj[i] for i in self._items)

    def __repr__(self):
        return 'operator.itemgetter(' + ', '.join(repr(i) for i in self._items) + ')'

    def __reduce__(self):
        return (self.__class__, self._items)


class methodcaller:
    # methodcaller('name', *args, **kwargs)(obj) -> obj.name(*args, **kwargs)
    def __init__(self, name, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        parts.extend(repr(a) for a in self._args)
        parts.extend(k + '=' + repr(v) for k, v in self._kwargs.items())
        return 'operator.methodcaller(' + ', '.join(parts) + ')'
