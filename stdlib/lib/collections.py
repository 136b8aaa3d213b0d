# collections: Kiln's collections module, written in Kiln's Python.
# Provides namedtuple (field names as a string or a list, rename=,
# defaults=, module=; _fields, _field_defaults, _make, _asdict, _replace,
# CPython's repr and error messages), defaultdict, OrderedDict (move_to_end,
# popitem(last=), order-sensitive ==, odict_keys/values/items views),
# Counter (most_common, elements, total, update / subtract, + - & | and the
# unary and in-place forms, multiset comparisons) and deque (a ring buffer:
# append/pop at both ends, extend/extendleft, rotate, maxlen, indexing,
# insert/remove/index/count/reverse, + * and comparisons).
# Not provided: ChainMap, UserDict, UserList, UserString, collections.abc.
# Differences from CPython:
# - Kiln has no sys._getframe, so a namedtuple class's __module__ is
#   '__main__' unless module= is given (CPython uses the caller's module).
# - Counter.update / subtract / __init__ treat an argument as a mapping when
#   it is a dict (or dict subclass); CPython checks collections.abc.Mapping.
# - defaultdict keeps default_factory in the instance's __dict__, so
#   vars(dd) shows it (CPython's is a slot).
# - OrderedDict is a dict subclass whose order is the dict's own; the
#   torch module's OrderedDict (state_dict()) is a different class.

import sys as _sys
from operator import itemgetter as _itemgetter

__all__ = ['deque', 'defaultdict', 'namedtuple', 'OrderedDict', 'Counter']

_KEYWORDS = frozenset([
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break',
    'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally',
    'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal',
    'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield'])


def _dict_repr(d):
    # The repr of a dict's items (dict.__repr__(d) is object's in Kiln).
    return '{' + ', '.join(repr(k) + ': ' + repr(v) for k, v in dict.items(d)) + '}'


def _plain(d):
    return {k: v for k, v in dict.items(d)}


# ---------------------------------------------------------------- namedtuple
def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS
                    or name.startswith('_') or name in seen):
                field_names[index] = '_' + str(index)
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid identifiers: ' + repr(name))
        if name in _KEYWORDS:
            raise ValueError('Type names and field names cannot be a keyword: ' + repr(name))
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: ' + repr(name))
        if name in seen:
            raise ValueError('Encountered duplicate field name: ' + repr(name))
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names), reversed(defaults)))))

    field_names = tuple(field_names)
    num_fields = len(field_names)
    arg_list = ', '.join(field_names)
    if num_fields == 1:
        arg_list += ','

    # __new__ is made from source so that a wrong call raises CPython's
    # TypeError ("P.__new__() missing 1 required positional argument: 'y'").
    namespace = {'_tuple_new': tuple.__new__, '__builtins__': {},
                 '__name__': 'namedtuple_' + typename}
    params = []
    first_default = num_fields - (len(defaults) if defaults else 0)
    for i, name in enumerate(field_names):
        if i >= first_default:
            namespace['_default_' + str(i)] = defaults[i - first_default]
            params.append(name + '=_default_' + str(i))
        else:
            params.append(name)
    code = 'def __new__(_cls, ' + ', '.join(params) + '):\n    return _tuple_new(_cls, (' + arg_list + '))\n'
    exec(code, namespace)
    __new__ = namespace['__new__']
    __new__.__doc__ = 'Create new instance of ' + typename + '(' + ', '.join(field_names) + ')'
    __new__.__qualname__ = typename + '.__new__'

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != num_fields:
            raise TypeError('Expected ' + str(num_fields) + ' arguments, got ' + str(len(result)))
        return result

    def _replace(self, **kwds):
        result = self._make([kwds.pop(name) if name in kwds else value
                             for name, value in zip(field_names, self)])
        if kwds:
            raise ValueError('Got unexpected field names: ' + repr(list(kwds)))
        return result

    def __repr__(self):
        return self.__class__.__name__ + '(' + ', '.join(
            name + '=' + repr(value) for name, value in zip(field_names, self)) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    cls = type(typename, (tuple,), {
        '__doc__': typename + '(' + ', '.join(field_names) + ')',
        '__slots__': (),
        '_fields': field_names,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': classmethod(_make),
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': field_names,
    })
    for index, name in enumerate(field_names):
        setattr(cls, name, property(_itemgetter(index), doc='Alias for field number ' + str(index)))
    for method in (_make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = typename + '.' + method.__name__

    if module is None:
        getframe = getattr(_sys, '_getframe', None)
        if getframe is not None:
            try:
                module = getframe(1).f_globals.get('__name__', '__main__')
            except (AttributeError, ValueError):
                module = None
        else:
            module = '__main__'  # no frames in Kiln: see the header
    if module is not None:
        cls.__module__ = module
    return cls


# ---------------------------------------------------------------- defaultdict
class defaultdict(dict):
    # defaultdict(default_factory=None, /, *args, **kwargs): d[missing] stores
    # and returns default_factory() (KeyError when it is None).
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def __repr__(self):
        return 'defaultdict(' + repr(self.default_factory) + ', ' + _dict_repr(self) + ')'

    def copy(self):
        return type(self)(self.default_factory, dict.items(self))

    __copy__ = copy

    def __reduce__(self):
        return (type(self), (self.default_factory,), None, None, iter(dict.items(self)))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


# ---------------------------------------------------------------- OrderedDict
class _OrderedDictView:
    # odict_keys / odict_values / odict_items: live views with CPython's repr.
    def __init__(self, mapping, kind):
        self._mapping = mapping
        self._kind = kind

    def _view(self):
        if self._kind == 'odict_keys':
            return dict.keys(self._mapping)
        if self._kind == 'odict_values':
            return dict.values(self._mapping)
        return dict.items(self._mapping)

    def __iter__(self):
        return iter(self._view())

    def __reversed__(self):
        return reversed(list(self._view()))

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, x):
        return x in self._view()

    def __eq__(self, other):
        if isinstance(other, _OrderedDictView):
            other = other._view()
        return self._view() == other

    def __repr__(self):
        return self._kind + '(' + repr(list(self._view())) + ')'


class OrderedDict(dict):
    # A dict that remembers insertion order (as every Kiln dict does) with
    # move_to_end, popitem(last=) and order-sensitive equality.
    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)  # KeyError when missing
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        if last:
            key = next(reversed(list(dict.keys(self))))
        else:
            key = next(iter(dict.keys(self)))
        value = dict.pop(self, key)
        return key, value

    def keys(self):
        return _OrderedDictView(self, 'odict_keys')

    def values(self):
        return _OrderedDictView(self, 'odict_values')

    def items(self):
        return _OrderedDictView(self, 'odict_items')

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(dict.items(self)) == list(dict.items(other))
        if isinstance(other, dict):
            return _plain(self) == _plain(other)
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        if result is NotImplemented:
            return result
        return not result

    __hash__ = None

    def __repr__(self):
        if not self:
            return self.__class__.__name__ + '()'
        return self.__class__.__name__ + '(' + repr(list(dict.items(self))) + ')'

    def copy(self):
        return type(self)(dict.items(self))

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def __reduce__(self):
        return (type(self), (), None, None, iter(dict.items(self)))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(dict.items(self))
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


# ---------------------------------------------------------------- Counter
class Counter(dict):
    # A dict of counts: missing keys count 0.
    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(dict.values(self))

    def most_common(self, n=None):
        items = sorted(dict.items(self), key=_itemgetter(1), reverse=True)
        if n is None:
            return items
        if n < 0:
            n = 0
        return items[:n]

    def elements(self):
        return _elements(list(dict.items(self)))

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                if self:
                    for elem, count in iterable.items():
                        self[elem] = count + self.get(elem, 0)
                else:
                    for elem, count in iterable.items():
                        dict.__setitem__(self, elem, count)
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    __copy__ = copy

    def __reduce__(self):
        return (self.__class__, (_plain(self),))

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return self.__class__.__name__ + '()'
        return self.__class__.__name__ + '({' + ', '.join(
            repr(k) + ': ' + repr(v) for k, v in self.most_common()) + '})'

    # multiset comparisons (3.10+): missing elements count as zero
    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        nonpositive = [elem for elem, count in self.items() if not count > 0]
        for elem in nonpositive:
            dict.__delitem__(self, elem)
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in self.items():
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


def _elements(items):
    for elem, count in items:
        for _ in range(count):
            yield elem


# ---------------------------------------------------------------- deque
class deque:
    # deque([iterable[, maxlen]]): a ring buffer. _buf holds _cap slots, the
    # first element at _head, _size elements.
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._maxlen = maxlen
        self._buf = [None] * 8
        self._head = 0
        self._size = 0
        self._state = 0  # bumped by each mutation, checked by iterators
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    # -- storage
    def _grow(self):
        old = self._buf
        cap = len(old)
        new = [None] * (cap * 2)
        for i in range(self._size):
            new[i] = old[(self._head + i) % cap]
        self._buf = new
        self._head = 0

    def _slot(self, i):
        return (self._head + i) % len(self._buf)

    def _norm_index(self, index):
        if not isinstance(index, int):
            if hasattr(type(index), '__index__'):
                index = type(index).__index__(index)
            else:
                raise TypeError("sequence index must be integer, not '" + type(index).__name__ + "'")
        if index < 0:
            index += self._size
        if index < 0 or index >= self._size:
            raise IndexError('deque index out of range')
        return index

    # -- ends
    def append(self, x):
        self._state += 1
        if self._maxlen is not None and self._size >= self._maxlen:
            if self._maxlen == 0:
                return
            self._popleft_raw()
        if self._size == len(self._buf):
            self._grow()
        self._buf[self._slot(self._size)] = x
        self._size += 1

    def appendleft(self, x):
        self._state += 1
        if self._maxlen is not None and self._size >= self._maxlen:
            if self._maxlen == 0:
                return
            self._pop_raw()
        if self._size == len(self._buf):
            self._grow()
        self._head = (self._head - 1) % len(self._buf)
        self._buf[self._head] = x
        self._size += 1

    def _pop_raw(self):
        i = self._slot(self._size - 1)
        x = self._buf[i]
        self._buf[i] = None
        self._size -= 1
        return x

    def _popleft_raw(self):
        x = self._buf[self._head]
        self._buf[self._head] = None
        self._head = (self._head + 1) % len(self._buf)
        self._size -= 1
        return x

    def pop(self):
        if not self._size:
            raise IndexError('pop from an empty deque')
        self._state += 1
        return self._pop_raw()

    def popleft(self):
        if not self._size:
            raise IndexError('pop from an empty deque')
        self._state += 1
        return self._popleft_raw()

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def clear(self):
        self._state += 1
        self._buf = [None] * 8
        self._head = 0
        self._size = 0

    def rotate(self, n=1):
        if not isinstance(n, int):
            raise TypeError("'" + type(n).__name__ + "' object cannot be interpreted as an integer")
        size = self._size
        if size <= 1:
            return
        self._state += 1
        n %= size
        if n == 0:
            return
        items = list(self)
        items = items[size - n:] + items[:size - n]
        for i in range(size):
            self._buf[self._slot(i)] = items[i]

    # -- sequence
    def __len__(self):
        return self._size

    def __bool__(self):
        return self._size > 0

    def __iter__(self):
        return _deque_iter(self, False)

    def __reversed__(self):
        return _deque_iter(self, True)

    def __getitem__(self, index):
        if isinstance(index, slice):
            raise TypeError("sequence index must be integer, not 'slice'")
        return self._buf[self._slot(self._norm_index(index))]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            raise TypeError("sequence index must be integer, not 'slice'")
        self._buf[self._slot(self._norm_index(index))] = value

    def __delitem__(self, index):
        if isinstance(index, slice):
            raise TypeError("sequence index must be integer, not 'slice'")
        index = self._norm_index(index)
        items = list(self)
        del items[index]
        self._reset(items)

    def _reset(self, items):
        self._state += 1
        cap = 8
        while cap < len(items):
            cap *= 2
        self._buf = items + [None] * (cap - len(items))
        self._head = 0
        self._size = len(items)

    def __contains__(self, x):
        state = self._state
        for i in range(self._size):
            v = self._buf[self._slot(i)]
            if v is x or v == x:
                return True
            if state != self._state:
                raise RuntimeError('deque mutated during iteration')
        return False

    def count(self, x):
        state = self._state
        n = 0
        for i in range(self._size):
            v = self._buf[self._slot(i)]
            if v is x or v == x:
                n += 1
            if state != self._state:
                raise RuntimeError('deque mutated during iteration')
        return n

    def index(self, x, start=0, stop=None):
        size = self._size
        if stop is None:
            stop = size
        if start < 0:
            start = max(start + size, 0)
        if stop < 0:
            stop = max(stop + size, 0)
        stop = min(stop, size)
        state = self._state
        for i in range(start, stop):
            v = self._buf[self._slot(i)]
            if v is x or v == x:
                return i
            if state != self._state:
                raise RuntimeError('deque mutated during iteration')
        raise ValueError(repr(x) + ' is not in deque')

    def insert(self, index, x):
        if self._maxlen is not None and self._size >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        items = list(self)
        items.insert(index, x)
        self._reset(items)

    def remove(self, value):
        items = list(self)
        for i in range(len(items)):
            v = items[i]
            if v is value or v == value:
                del items[i]
                self._reset(items)
                return
        raise ValueError(repr(value) + ' is not in deque')

    def reverse(self):
        self._reset(list(reversed(list(self))))

    def copy(self):
        return type(self)(self, self._maxlen)

    __copy__ = copy

    def __reduce__(self):
        return (type(self), (list(self), self._maxlen))

    # -- operators
    def __repr__(self):
        if self._maxlen is None:
            return 'deque(' + repr(list(self)) + ')'
        return 'deque(' + repr(list(self)) + ', maxlen=' + str(self._maxlen) + ')'

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "' + type(other).__name__ + '") to deque')
        new = type(self)(self, self._maxlen)
        new.extend(other)
        return new

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        new = type(self)((), self._maxlen)
        items = list(self)
        for _ in range(n):
            new.extend(items)
        return new

    __rmul__ = __mul__

    def __imul__(self, n):
        items = list(self)
        if n <= 0:
            self.clear()
            return self
        for _ in range(n - 1):
            self.extend(items)
        return self

    def __hash__(self):
        # CPython's type name is 'collections.deque'
        raise TypeError("unhashable type: 'collections.deque'")

    def _cmp(self, other, op):
        if not isinstance(other, deque):
            return NotImplemented
        return op(list(self), list(other))

    def __eq__(self, other):
        return self._cmp(other, lambda a, b: a == b)

    def __ne__(self, other):
        return self._cmp(other, lambda a, b: a != b)

    def __lt__(self, other):
        return self._cmp(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._cmp(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._cmp(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._cmp(other, lambda a, b: a >= b)


def _deque_iter(d, backwards):
    state = d._state
    size = d._size
    for i in range(size):
        if d._state != state:
            raise RuntimeError('deque mutated during iteration')
        j = size - 1 - i if backwards else i
        yield d._buf[(d._head + j) % len(d._buf)]
    if d._state != state:
        raise RuntimeError('deque mutated during iteration')
