"""enum: enumerations (Kiln's pure-Python version, without metaclasses).

Provides Enum, IntEnum, auto, unique, and the functional form
Enum('Color', 'RED GREEN') / Enum('Color', ['RED', ...]) / Enum('Color', {...}).
Members have .name / .value (also ._name_ / ._value_), compare by identity,
hash like CPython's, repr `<Color.RED: 1>`, str `Color.RED` (IntEnum: `1`);
Color(1) looks a member up by value (ValueError "1 is not a valid Color",
_missing_ hook), Color['RED'] by name (KeyError); aliases (a repeated value)
name the first member; values may be tuples passed to a user __init__;
_generate_next_value_ and _missing_ can be overridden; an enum with members
cannot be subclassed (TypeError "<enum 'B'> cannot extend <enum 'A'>").
Color.__members__ (a dict here, a mappingproxy in CPython), _member_names_,
_member_map_ and _value2member_map_ are as in CPython.

How: Kiln has no metaclasses, so Enum.__init_subclass__ turns the new class's
plain attributes into members once the class body has run, Enum.__new__ does
the by-value lookup and __class_getitem__ the by-name lookup.

`for m in Color`, `list(Color)`, `len(Color)` and `m in Color` go through
the classmethods __class_iter__ / __class_len__ / __class_contains__, which
Kiln's VM calls where CPython would call the metaclass's methods.

Not possible without a metaclass (the class object is a plain `type`):
- `reversed(Color)` raises TypeError.
- repr(Color) is `<class '__main__.Color'>` (CPython: `<enum 'Color'>`), except
  in this module's own messages, which use CPython's form.
- Color.RED = 5 and del Color.RED are not refused (CPython: AttributeError).
- IntEnum members are not int instances (Kiln cannot subclass int):
  isinstance(Num.ONE, int) is False, but they compare, hash, index, format
  and do arithmetic like their int value.
Not provided: Flag, IntFlag, StrEnum, _ignore_, member(), nonmember(),
verify(), a user __new__ on enum classes.
"""

__all__ = ['Enum', 'IntEnum', 'auto', 'unique', 'EnumMeta', 'EnumType']

_auto_null = object()
_builtin_type = type


class auto:
    """Placeholder for a member value chosen by _generate_next_value_."""

    def __init__(self):
        self.value = _auto_null

    def __repr__(self):
        return 'auto(%r)' % (self.value,) if self.value is not _auto_null else 'auto(...)'


def _is_dunder(name):
    return len(name) > 4 and name[:2] == '__' and name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == '_' and name[-1] == '_' and name[1] != '_' and name[-2] != '_'


def _is_private(cls_name, name):
    prefix = '_' + cls_name.lstrip('_') + '__'
    return name.startswith(prefix) and not name.endswith('__')


def _is_descriptor(obj):
    t = type(obj)
    return hasattr(t, '__get__') or hasattr(t, '__set__') or hasattr(t, '__delete__')


def _enum_repr(cls):
    return "<enum %r>" % cls.__name__


def _has_members(cls):
    return len(cls.__dict__.get('_member_names_', ())) > 0


def _noop_init(self, *args, **kwds):
    pass


class Enum:
    """Base class of enumerations: `class Color(Enum): RED = 1`."""

    _member_names_ = []
    _member_map_ = {}
    _value2member_map_ = {}
    _unhashable_values_ = []
    __members__ = {}

    def __init_subclass__(cls, **kwds):
        super().__init_subclass__(**kwds)
        base = cls.__base__
        if _has_members(base):
            raise TypeError('%s cannot extend %s' % (_enum_repr(cls), _enum_repr(base)))
        ns = cls.__dict__
        # A user __init__ receives a member's value (a tuple is spread) while
        # the members are made; afterwards Color(value) must not call it again.
        user_init = ns.get('__init__')
        if user_init is not None:
            cls._user_init_ = user_init
            cls.__init__ = _noop_init
        else:
            user_init = getattr(cls, '_user_init_', None)
        cls._member_names_ = []
        cls._member_map_ = {}
        cls._value2member_map_ = {}
        cls._unhashable_values_ = []
        cls.__members__ = cls._member_map_
        gen_next = cls._generate_next_value_
        last_values = []
        for name, value in ns.items():
            if _is_dunder(name) or _is_sunder(name) or _is_private(cls.__name__, name):
                continue
            if _is_descriptor(value):
                continue
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = gen_next(name, 1, len(cls._member_names_), last_values[:])
                value = value.value
            elif isinstance(value, tuple):
                # auto() inside a tuple value
                if any(isinstance(v, auto) for v in value):
                    parts = []
                    for v in value:
                        if isinstance(v, auto):
                            if v.value is _auto_null:
                                v.value = gen_next(name, 1, len(cls._member_names_), last_values[:])
                            v = v.value
                        parts.append(v)
                    value = tuple(parts)
            last_values.append(value)
            cls._add_member_(name, value, user_init)

    @classmethod
    def _add_member_(cls, name, value, user_init):
        # An alias: the same value as an earlier member names that member.
        existing = None
        try:
            existing = cls._value2member_map_.get(value)
        except TypeError:
            for m in cls._unhashable_values_:
                if m._value_ == value:
                    existing = m
                    break
        if existing is None:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    existing = m
                    break
        if existing is not None:
            cls._member_map_[name] = existing
            setattr(cls, name, existing)
            return
        member = object.__new__(cls)
        member._name_ = name
        member._value_ = value
        if user_init is not None:
            if isinstance(value, tuple):
                user_init(member, *value)
            else:
                user_init(member, value)
        # __init__ may have changed _value_
        value = member._value_
        member._sort_order_ = len(cls._member_names_)
        cls._member_names_.append(name)
        cls._member_map_[name] = member
        try:
            cls._value2member_map_[value] = member
        except TypeError:
            cls._unhashable_values_.append(member)
        setattr(cls, name, member)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        """The value auto() gives: one more than the last value, else start."""
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    def __new__(cls, value, names=None, module=None, qualname=None, type=None, start=1):
        if names is not None:
            return cls._create_(value, names, module, qualname, type, start)
        # By-value lookup: Color(1).
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for m in cls._unhashable_values_:
                if m._value_ == value:
                    return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        raise TypeError('error in %s._missing_: returned %r instead of None or a valid member'
                        % (cls.__name__, result))

    def __init__(self, *args, **kwds):
        pass

    @classmethod
    def _missing_(cls, value):
        return None

    def __class_getitem__(cls, name):
        # By-name lookup: Color['RED'].
        return cls._member_map_[name]

    @classmethod
    def _create_(cls, class_name, names, module=None, qualname=None, type=None, start=1):
        """The functional form: Enum('Color', 'RED GREEN BLUE')."""
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        items = []
        if isinstance(names, dict):
            items = list(names.items())
        else:
            names = list(names)
            last_values = []
            for i, item in enumerate(names):
                if isinstance(item, str):
                    value = cls._generate_next_value_(item, start, i, last_values[:])
                    last_values.append(value)
                    items.append((item, value))
                else:
                    items.append((item[0], item[1]))
        ns = {'__module__': module if module is not None else '__main__'}
        for k, v in items:
            ns[k] = v
        if qualname is not None:
            ns['__qualname__'] = qualname
        return _builtin_type(class_name, (cls,), ns)

    # iter(Color), len(Color) and `x in Color`: a metaclass's methods in
    # CPython; Kiln's VM calls these classmethods of a class instead.
    @classmethod
    def __class_iter__(cls):
        return iter([cls._member_map_[n] for n in cls._member_names_])

    @classmethod
    def __class_len__(cls):
        return len(cls._member_names_)

    @classmethod
    def __class_contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and 'EnumType'" % type(member).__qualname__)
        return isinstance(member, cls) and member._name_ in cls._member_map_

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        return '<%s.%s: %r>' % (type(self).__name__, self._name_, self._value_)

    def __str__(self):
        return '%s.%s' % (type(self).__name__, self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class IntEnum(Enum):
    """Enum whose members act as ints: they compare, hash, format and do
    arithmetic as their value (but are not int instances in Kiln)."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)

    def __hash__(self):
        return hash(self._value_)

    def __eq__(self, other):
        if isinstance(other, IntEnum):
            other = other._value_
        return self._value_ == other

    def __ne__(self, other):
        if isinstance(other, IntEnum):
            other = other._value_
        return self._value_ != other

    def __lt__(self, other):
        return self._value_ < _unwrap(other)

    def __le__(self, other):
        return self._value_ <= _unwrap(other)

    def __gt__(self, other):
        return self._value_ > _unwrap(other)

    def __ge__(self, other):
        return self._value_ >= _unwrap(other)

    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __float__(self):
        return float(self._value_)

    def __bool__(self):
        return self._value_ != 0

    def __neg__(self):
        return -self._value_

    def __pos__(self):
        return +self._value_

    def __abs__(self):
        return abs(self._value_)

    def __invert__(self):
        return ~self._value_

    def __add__(self, o):
        return self._value_ + _unwrap(o)

    def __radd__(self, o):
        return _unwrap(o) + self._value_

    def __sub__(self, o):
        return self._value_ - _unwrap(o)

    def __rsub__(self, o):
        return _unwrap(o) - self._value_

    def __mul__(self, o):
        return self._value_ * _unwrap(o)

    def __rmul__(self, o):
        return _unwrap(o) * self._value_

    def __truediv__(self, o):
        return self._value_ / _unwrap(o)

    def __rtruediv__(self, o):
        return _unwrap(o) / self._value_

    def __floordiv__(self, o):
        return self._value_ // _unwrap(o)

    def __rfloordiv__(self, o):
        return _unwrap(o) // self._value_

    def __mod__(self, o):
        return self._value_ % _unwrap(o)

    def __rmod__(self, o):
        return _unwrap(o) % self._value_

    def __pow__(self, o):
        return self._value_ ** _unwrap(o)

    def __rpow__(self, o):
        return _unwrap(o) ** self._value_

    def __and__(self, o):
        return self._value_ & _unwrap(o)

    def __rand__(self, o):
        return _unwrap(o) & self._value_

    def __or__(self, o):
        return self._value_ | _unwrap(o)

    def __ror__(self, o):
        return _unwrap(o) | self._value_

    def __xor__(self, o):
        return self._value_ ^ _unwrap(o)

    def __rxor__(self, o):
        return _unwrap(o) ^ self._value_

    def __lshift__(self, o):
        return self._value_ << _unwrap(o)

    def __rshift__(self, o):
        return self._value_ >> _unwrap(o)

    def __round__(self, ndigits=None):
        return round(self._value_, ndigits)

    def __trunc__(self):
        return self._value_


def _unwrap(x):
    if isinstance(x, IntEnum):
        return x._value_
    return x


def unique(enumeration):
    """Class decorator: ValueError if any member is an alias of another."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member._name_:
            duplicates.append((name, member._name_))
    if duplicates:
        alias_details = ', '.join(['%s -> %s' % (alias, name) for alias, name in duplicates])
        raise ValueError('duplicate values found in %s: %s' % (_enum_repr(enumeration), alias_details))
    return enumeration


# CPython's metaclass names; here only for `isinstance(x, type)`-style code
# that names them (Kiln's enum classes are plain classes).
EnumType = type
EnumMeta = type
