# itertools: Kiln's itertools module, written in Kiln's Python.
# Provides count, cycle, repeat, accumulate (func=, initial=), chain and
# chain.from_iterable, compress, dropwhile, takewhile, filterfalse, groupby,
# islice, starmap, tee, zip_longest, product (repeat=), permutations,
# combinations, combinations_with_replacement and pairwise. Arguments are
# checked when the iterator is made, as CPython does.
# Differences from CPython: most of these are generators here, not types of
# their own (type(chain()).__name__ is 'generator', they cannot be
# subclassed, and have no __reduce__ / __setstate__); count, repeat, tee and
# groupby are classes with CPython's reprs where CPython has them.
# Not provided: batched (3.12).

import sys

__all__ = ['accumulate', 'chain', 'combinations', 'combinations_with_replacement',
           'compress', 'count', 'cycle', 'dropwhile', 'filterfalse', 'groupby',
           'islice', 'pairwise', 'permutations', 'product', 'repeat', 'starmap',
           'takewhile', 'tee', 'zip_longest']


def _check_iterable(x, name=None):
    try:
        return iter(x)
    except TypeError:
        raise TypeError("'" + type(x).__name__ + "' object is not iterable") from None


# ---------------------------------------------------------------- infinite
class count:
    # count(start=0, step=1): start, start+step, start+2*step, ...
    def __init__(self, start=0, step=1):
        if not isinstance(start, (int, float)) or not isinstance(step, (int, float)):
            raise TypeError('a number is required')
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        if type(self._step) is int and self._step == 1:
            return 'count(' + repr(self._n) + ')'
        return 'count(' + repr(self._n) + ', ' + repr(self._step) + ')'


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    if not saved:
        return
    while True:
        for element in saved:
            yield element


def cycle(iterable):
    return _cycle(_check_iterable(iterable))


class repeat:
    # repeat(object[, times]): object, times times (or forever)
    def __init__(self, object, times=None):
        if times is not None:
            if not isinstance(times, int):
                raise TypeError("'" + type(times).__name__ + "' object cannot be interpreted as an integer")
            if times < 0:
                times = 0
        self._object = object
        self._times = times

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._object
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._object

    def __length_hint__(self):
        if self._times is None:
            raise TypeError('len() of unsized object')
        return self._times

    def __repr__(self):
        if self._times is None:
            return 'repeat(' + repr(self._object) + ')'
        return 'repeat(' + repr(self._object) + ', ' + str(self._times) + ')'


# ---------------------------------------------------------------- terminating
def _accumulate(it, func, initial):
    if initial is not None:
        total = initial
        yield total
    else:
        try:
            total = next(it)
        except StopIteration:
            return
        yield total
    for element in it:
        if func is None:
            total = total + element
        else:
            total = func(total, element)
        yield total


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(_check_iterable(iterable), func, initial)


def _chain(iterables):
    for it in iterables:
        for element in _check_iterable(it):
            yield element


def chain(*iterables):
    return _chain(iterables)


def _from_iterable(iterable):
    return _chain(_check_iterable(iterable))


chain.from_iterable = _from_iterable


def _compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def compress(data, selectors):
    return _compress(_check_iterable(data), _check_iterable(selectors))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def dropwhile(predicate, iterable):
    return _dropwhile(predicate, _check_iterable(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            break


def takewhile(predicate, iterable):
    return _takewhile(predicate, _check_iterable(iterable))


def _filterfalse(predicate, it):
    if predicate is None:
        for x in it:
            if not x:
                yield x
    else:
        for x in it:
            if not predicate(x):
                yield x


def filterfalse(predicate, iterable):
    return _filterfalse(predicate, _check_iterable(iterable))


def _starmap(function, it):
    for args in it:
        yield function(*args)


def starmap(function, iterable):
    return _starmap(function, _check_iterable(iterable))


def _islice_index(value, message):
    if value is None:
        return None
    if not isinstance(value, int) and hasattr(type(value), '__index__'):
        value = type(value).__index__(value)
    if not isinstance(value, int) or value < 0:
        raise ValueError(message)
    return value


def _islice(it, start, stop, step):
    cnt = 0
    nxt = start
    while True:
        while cnt < nxt:
            try:
                next(it)
            except StopIteration:
                return
            cnt += 1
        if stop is not None and cnt >= stop:
            return
        try:
            item = next(it)
        except StopIteration:
            return
        cnt += 1
        nxt += step
        if stop is not None and nxt > stop:
            nxt = stop
        yield item


def islice(iterable, *args):
    # islice(iterable, stop) or islice(iterable, start, stop[, step])
    if len(args) == 0:
        raise TypeError('islice expected at least 2 arguments, got 1')
    if len(args) > 3:
        raise TypeError('islice expected at most 4 arguments, got ' + str(len(args) + 1))
    if len(args) == 1:
        start, stop, step = 0, args[0], 1
        stop = _islice_index(stop, 'Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    else:
        start, stop = args[0], args[1]
        step = args[2] if len(args) == 3 else 1
        start = _islice_index(start, 'Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        stop = _islice_index(stop, 'Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        if start is None:
            start = 0
        if step is None:
            step = 1
        elif not isinstance(step, int) or step <= 0:
            raise ValueError('Step for islice() must be a positive integer or None.')
    return _islice(_check_iterable(iterable), start, stop, step)


def _zip_longest(its, fillvalue):
    active = len(its)
    if not active:
        return
    its = list(its)
    while True:
        values = []
        for i in range(len(its)):
            it = its[i]
            if it is None:
                values.append(fillvalue)
                continue
            try:
                value = next(it)
            except StopIteration:
                active -= 1
                if not active:
                    return
                its[i] = None
                value = fillvalue
            values.append(value)
        yield tuple(values)


def zip_longest(*iterables, fillvalue=None):
    return _zip_longest([_check_iterable(x) for x in iterables], fillvalue)


def _pairwise(it):
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield (a, b)
        a = b


def pairwise(iterable):
    return _pairwise(_check_iterable(iterable))


# ---------------------------------------------------------------- groupby
class _Marker:
    pass


_MARKER = _Marker()


class groupby:
    # groupby(iterable, key=None): (key, group iterator) for each run of
    # equal keys. Advancing groupby invalidates the previous group. The
    # state machine is CPython's: _currkey / _currvalue hold the element
    # read ahead (_currvalue is cleared once a group has handed it out).
    def __init__(self, iterable, key=None):
        self._it = _check_iterable(iterable)
        self._keyfunc = key
        self._tgtkey = self._currkey = self._currvalue = _MARKER
        self._id = 0

    def __iter__(self):
        return self

    def _step(self):
        value = next(self._it)
        newkey = value if self._keyfunc is None else self._keyfunc(value)
        self._currvalue = value
        self._currkey = newkey

    def __next__(self):
        self._id += 1
        while True:
            if self._currkey is _MARKER:
                pass
            elif self._tgtkey is _MARKER:
                break
            elif not (self._tgtkey == self._currkey):
                break
            self._step()
        self._tgtkey = self._currkey
        return (self._currkey, _grouper(self, self._tgtkey, self._id))


def _grouper(parent, tgtkey, gid):
    while parent._id == gid:
        if parent._currvalue is _MARKER:
            try:
                parent._step()
            except StopIteration:
                return
        if not (tgtkey == parent._currkey):
            return
        value = parent._currvalue
        parent._currvalue = _MARKER
        yield value


# ---------------------------------------------------------------- tee
class _TeeLink:
    __slots__ = ('value', 'next')

    def __init__(self):
        self.value = None
        self.next = None


class _TeeData:
    def __init__(self, it):
        self.it = it


class _tee:
    def __init__(self, data, link):
        self._data = data
        self._link = link

    def __iter__(self):
        return self

    def __next__(self):
        link = self._link
        if link.next is None:
            value = next(self._data.it)
            if link.next is None:
                link.value = value
                link.next = _TeeLink()
        value = link.value
        self._link = link.next
        return value

    def __copy__(self):
        return _tee(self._data, self._link)


def tee(iterable, n=2):
    if not isinstance(n, int):
        raise TypeError("'" + type(n).__name__ + "' object cannot be interpreted as an integer")
    if n < 0:
        raise ValueError('n must be >= 0')
    if n == 0:
        return ()
    it = _check_iterable(iterable)
    if isinstance(it, _tee):
        first = it.__copy__()
    else:
        first = _tee(_TeeData(it), _TeeLink())
    result = [first]
    for _ in range(n - 1):
        result.append(first.__copy__())
    return tuple(result)


# ---------------------------------------------------------------- combinatorics
def _product(pools):
    n = len(pools)
    for pool in pools:
        if not pool:
            return
    indices = [0] * n
    yield tuple(pool[0] for pool in pools)
    while True:
        i = n - 1
        while i >= 0:
            indices[i] += 1
            if indices[i] < len(pools[i]):
                break
            indices[i] = 0
            i -= 1
        if i < 0:
            return
        yield tuple(pools[j][indices[j]] for j in range(n))


def product(*iterables, repeat=1):
    if not isinstance(repeat, int):
        raise TypeError("'" + type(repeat).__name__ + "' object cannot be interpreted as an integer")
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = [tuple(_check_iterable(x)) for x in iterables] * repeat
    return _product(pools)


def _permutations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        i = r - 1
        while i >= 0:
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[k] for k in indices[:r])
                break
            i -= 1
        if i < 0:
            return


def _check_r(r):
    if not isinstance(r, int):
        raise TypeError("Expected int as r")
    if r < 0:
        raise ValueError('r must be non-negative')


def permutations(iterable, r=None):
    pool = tuple(_check_iterable(iterable))
    if r is None:
        r = len(pool)
    _check_r(r)
    return _permutations(pool, r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        i = r - 1
        while i >= 0 and indices[i] == i + n - r:
            i -= 1
        if i < 0:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[k] for k in indices)


def combinations(iterable, r):
    pool = tuple(_check_iterable(iterable))
    _check_r(r)
    return _combinations(pool, r)


def _cwr(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        i = r - 1
        while i >= 0 and indices[i] == n - 1:
            i -= 1
        if i < 0:
            return
        v = indices[i] + 1
        for j in range(i, r):
            indices[j] = v
        yield tuple(pool[k] for k in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(_check_iterable(iterable))
    _check_r(r)
    return _cwr(pool, r)
