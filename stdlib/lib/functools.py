# functools: Kiln's functools module, written in Kiln's Python.
# Provides reduce, partial (func / args / keywords, nested partials
# flattened, CPython's repr), update_wrapper / wraps (WRAPPER_ASSIGNMENTS,
# WRAPPER_UPDATES, __wrapped__), lru_cache (bare or with maxsize= / typed=,
# maxsize=None, cache_info() / cache_clear() / cache_parameters()), cache,
# cmp_to_key and total_ordering.
# Not provided: partialmethod, singledispatch, singledispatchmethod,
# cached_property. lru_cache is not thread-safe (Kiln has no threads).

from collections import namedtuple

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES',
           'total_ordering', 'cache', 'cmp_to_key', 'lru_cache', 'reduce',
           'partial']

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',
                       '__annotations__')
WRAPPER_UPDATES = ('__dict__',)

_MISSING = object()


# ---------------------------------------------------------------- wraps
def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


# ---------------------------------------------------------------- reduce
def reduce(function, sequence, *initial):
    if len(initial) > 1:
        raise TypeError('reduce expected at most 3 arguments, got ' + str(2 + len(initial)))
    it = iter(sequence)
    if initial:
        value = initial[0]
    else:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError('reduce() of empty iterable with no initial value') from None
    for element in it:
        value = function(value, element)
    return value


# ---------------------------------------------------------------- partial
class partial:
    # partial(func, *args, **keywords): a callable that calls func with the
    # stored arguments followed by the call's.
    def __new__(cls, func, *args, **keywords):
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if isinstance(func, partial):
            args = func.args + args
            keywords = dict(func.keywords, **keywords)
            func = func.func
        self = object.__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __call__(self, *args, **keywords):
        keywords = dict(self.keywords, **keywords)
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(str(k) + '=' + repr(v) for k, v in self.keywords.items())
        name = type(self).__qualname__
        if type(self) is partial:
            name = 'functools.partial'
        return name + '(' + ', '.join(parts) + ')'


# ---------------------------------------------------------------- lru_cache
_CacheInfo = namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'])
_CacheInfo.__module__ = 'functools'


class _KwdMark:
    # separates positional from keyword arguments in a cache key
    def __repr__(self):
        return '<kwd_mark>'


_KWD_MARK = (_KwdMark(),)


def _make_key(args, kwds, typed):
    # As CPython's: a lone int or str argument is its own key.
    if not kwds and not typed and len(args) == 1 and type(args[0]) in (int, str):
        return args[0]
    key = args
    if kwds:
        key = key + _KWD_MARK
        for item in kwds.items():
            key = key + item
    if typed:
        key = key + tuple(type(v) for v in args)
        if kwds:
            key = key + tuple(type(v) for v in kwds.values())
    return key


def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]  # hits, misses

    if maxsize == 0:
        def wrapper(*args, **kwds):
            stats[1] += 1
            return user_function(*args, **kwds)
    elif maxsize is None:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.get(key, _MISSING)
            if result is not _MISSING:
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key] = result
            return result
    else:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.pop(key, _MISSING)
            if result is not _MISSING:
                # hit: move the key to the most recently used end
                cache[key] = result
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            if key in cache:
                # the call added it itself (recursion): keep that entry
                return result
            if len(cache) >= maxsize:
                del cache[next(iter(cache))]
            cache[key] = result
            return result

    def cache_info():
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        cache.clear()
        stats[0] = 0
        stats[1] = 0

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    return wrapper


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function = maxsize
        maxsize = 128
        wrapper = _lru_wrapper(user_function, maxsize, typed)
        wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
        return update_wrapper(wrapper, user_function)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        wrapper = _lru_wrapper(user_function, maxsize, typed)
        wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
        return update_wrapper(wrapper, user_function)

    return decorating_function


def cache(user_function):
    return lru_cache(maxsize=None)(user_function)


# ---------------------------------------------------------------- cmp_to_key
def cmp_to_key(mycmp):
    class KeyWrapper:
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        def __hash__(self):
            # CPython's type name is 'functools.KeyWrapper'
            raise TypeError("unhashable type: 'functools.KeyWrapper'")

    KeyWrapper.__module__ = 'functools'
    KeyWrapper.__qualname__ = 'KeyWrapper'
    return KeyWrapper


# ---------------------------------------------------------------- total_ordering
# Each derived operator is written from one root the class defines, and
# passes NotImplemented through, as CPython's do.
def _gt_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _le_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _ge_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _ge_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _lt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _gt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _lt_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _ge_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _le_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _le_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _gt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _lt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r


_CONVERT = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],
}


def total_ordering(cls):
    roots = [op for op in ('__lt__', '__le__', '__gt__', '__ge__')
             if getattr(cls, op, None) is not getattr(object, op, None)]
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    # CPython picks max(roots): '__lt__' > '__le__' > '__gt__' > '__ge__'
    root = max(roots)
    for opname, opfunc in _CONVERT[root]:
        if opname not in roots:
            setattr(cls, opname, _bind_name(opfunc, opname, cls))
    return cls


def _bind_name(func, opname, cls):
    # A fresh function per class, named like the operator it implements.
    def method(self, other):
        return func(self, other)
    method.__name__ = opname
    method.__qualname__ = cls.__qualname__ + '.' + opname
    return method
