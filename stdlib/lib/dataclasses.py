"""dataclasses: generated __init__/__repr__/__eq__/ordering/__hash__ from class
annotations (Kiln's pure-Python version).

Provides dataclass (bare or with init, repr, eq, order, unsafe_hash, frozen,
match_args, kw_only, slots accepted), field (default, default_factory, init,
repr, hash, compare, metadata, kw_only), Field, fields, asdict, astuple,
replace, is_dataclass, make_dataclass (simple), MISSING, KW_ONLY, InitVar,
FrozenInstanceError, __post_init__ (with InitVar arguments), dataclass
inheritance, ClassVar fields skipped. The generated methods are compiled with
exec(), so their errors are CPython's own ("C.__init__() missing 1 required
positional argument: 'y'").
Not provided / different: slots=True and weakref_slot are accepted but do
nothing (Kiln ignores __slots__); string annotations are only recognised
as ClassVar / InitVar by their text; asdict/astuple deep-copy leaf values
through the `copy` module only when it is present; Field's repr is shorter
than CPython's; no recursive-repr guard across threads (one per call chain).
"""

import sys

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY',
           'MISSING', 'fields', 'asdict', 'astuple', 'make_dataclass', 'replace',
           'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _KW_ONLY_TYPE:
    def __repr__(self):
        return 'KW_ONLY'


KW_ONLY = _KW_ONLY_TYPE()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')


class InitVar:
    """InitVar[T]: an __init__ argument passed on to __post_init__, not a field."""

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        t = self.type
        if isinstance(t, type):
            name = t.__name__
        else:
            name = repr(t)
        return 'dataclasses.InitVar[%s]' % name

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    """What field() returns and fields() lists: one field's options."""

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,repr=%r,'
                'hash=%r,compare=%r,metadata=%r,kw_only=%r,_field_type=%r)'
                % (self.name, self.type, self.default, self.default_factory, self.init,
                   self.repr, self.hash, self.compare, self.metadata, self.kw_only,
                   self._field_type))

    def __set_name__(self, owner, name):
        # A default that is a descriptor with __set_name__ gets it too.
        func = getattr(type(self.default), '__set_name__', None)
        if func is not None:
            func(self.default, owner, name)


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,unsafe_hash=%r,frozen=%r)'
                % (self.init, self.repr, self.eq, self.order, self.unsafe_hash, self.frozen))


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    """Options of one field; its value is the class attribute's default."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'


def _annotation_kind(a):
    """_FIELD_CLASSVAR, _FIELD_INITVAR or _FIELD for an annotation."""
    if isinstance(a, InitVar) or a is InitVar:
        return _FIELD_INITVAR
    if isinstance(a, str):
        s = a.strip()
        for prefix in ('ClassVar', 'typing.ClassVar'):
            if s == prefix or s.startswith(prefix + '['):
                return _FIELD_CLASSVAR
        for prefix in ('InitVar', 'dataclasses.InitVar'):
            if s == prefix or s.startswith(prefix + '['):
                return _FIELD_INITVAR
        return _FIELD
    # typing.ClassVar and typing.ClassVar[...] (duck-typed: no import of typing).
    if getattr(a, '_name', None) == 'ClassVar':
        return _FIELD_CLASSVAR
    origin = getattr(a, '__origin__', None)
    if origin is not None and getattr(origin, '_name', None) == 'ClassVar':
        return _FIELD_CLASSVAR
    return _FIELD


def _get_field(cls, name, a_type, default_kw_only):
    default = cls.__dict__.get(name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = a_type
    f._field_type = _annotation_kind(a_type)
    if f._field_type is _FIELD_CLASSVAR or f._field_type is _FIELD_INITVAR:
        if f.default_factory is not MISSING:
            raise TypeError('field %s cannot have a default factory' % name)
    if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR:
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        f.kw_only = False
    if f._field_type is _FIELD and f.default is not MISSING:
        # Unhashable defaults (list, dict, set...) would be shared by instances.
        # (The isinstance test stands in for Kiln's list.__hash__, which is
        # object's instead of None: a VM difference.)
        if getattr(type(f.default), '__hash__', None) is None or isinstance(f.default, (list, dict, set)):
            raise ValueError('mutable default %r for field %s is not allowed: use default_factory'
                             % (type(f.default), name))
    return f


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _compile(name, cls, args, body, globals_, return_type=None):
    """Make function `name` from its parameter list and body lines."""
    src = 'def %s(%s):\n' % (name, ', '.join(args))
    if not body:
        body = ['pass']
    src += ''.join(['    %s\n' % line for line in body])
    ns = dict(globals_)
    exec(src, ns)
    fn = ns[name]
    fn.__qualname__ = '%s.%s' % (cls.__qualname__, name)
    try:
        fn.__module__ = cls.__module__
    except (AttributeError, TypeError):
        pass
    return fn


def _field_assign(frozen, name, value):
    if frozen:
        return '__dataclass_object__.__setattr__(self, %r, %s)' % (name, value)
    return 'self.%s = %s' % (name, value)


def _make_init(cls, all_fields, frozen, has_post_init):
    std = [f for f in all_fields if f._field_type is not _FIELD_CLASSVAR and f.init and not f.kw_only]
    kw = [f for f in all_fields if f._field_type is not _FIELD_CLASSVAR and f.init and f.kw_only]
    seen_default = False
    for f in std:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError('non-default argument %r follows default argument' % f.name)
    globals_ = {'__dataclass_object__': object, '__dataclass_HAS_DEFAULT_FACTORY__': _HAS_DEFAULT_FACTORY,
                'MISSING': MISSING}

    def param(f):
        if f.default_factory is not MISSING:
            return '%s=__dataclass_HAS_DEFAULT_FACTORY__' % f.name
        if f.default is not MISSING:
            globals_['__dataclass_dflt_%s__' % f.name] = f.default
            return '%s=__dataclass_dflt_%s__' % (f.name, f.name)
        return f.name

    args = ['self'] + [param(f) for f in std]
    if kw:
        args.append('*')
        args += [param(f) for f in kw]
    body = []
    for f in all_fields:
        if f._field_type is not _FIELD:
            continue
        if f.default_factory is not MISSING:
            globals_['__dataclass_factory_%s__' % f.name] = f.default_factory
            if f.init:
                value = ('__dataclass_factory_%s__() if %s is __dataclass_HAS_DEFAULT_FACTORY__ else %s'
                         % (f.name, f.name, f.name))
            else:
                value = '__dataclass_factory_%s__()' % f.name
        elif f.init:
            value = f.name
        elif f.default is not MISSING:
            globals_['__dataclass_dflt_%s__' % f.name] = f.default
            value = '__dataclass_dflt_%s__' % f.name
        else:
            continue
        body.append(_field_assign(frozen, f.name, value))
    if has_post_init:
        initvars = [f.name for f in all_fields if f._field_type is _FIELD_INITVAR]
        body.append('self.__post_init__(%s)' % ', '.join(initvars))
    return _compile('__init__', cls, args, body, globals_)


def _make_repr(cls, flds):
    active = set()
    names = [f.name for f in flds]

    def __repr__(self):
        key = id(self)
        if key in active:
            return '...'
        active.add(key)
        try:
            parts = ['%s=%r' % (n, getattr(self, n)) for n in names]
        finally:
            active.discard(key)
        return '%s(%s)' % (self.__class__.__qualname__, ', '.join(parts))

    __repr__.__qualname__ = '%s.__repr__' % cls.__qualname__
    return __repr__


def _tuple_src(names, obj):
    if not names:
        return '()'
    return '(' + ''.join(['%s.%s,' % (obj, n) for n in names]) + ')'


def _make_cmp(cls, name, op, flds):
    names = [f.name for f in flds]
    body = ['if other.__class__ is self.__class__:',
            '    return %s %s %s' % (_tuple_src(names, 'self'), op, _tuple_src(names, 'other')),
            'return NotImplemented']
    return _compile(name, cls, ['self', 'other'], body, {})


def _make_hash(cls, flds):
    names = [f.name for f in flds]
    return _compile('__hash__', cls, ['self'], ['return hash(%s)' % _tuple_src(names, 'self')], {})


def _make_frozen_setattr(cls, field_names):
    names = frozenset(field_names)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot assign to field %r' % (name,))
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError('cannot delete field %r' % (name,))
        super(cls, self).__delattr__(name)

    __setattr__.__qualname__ = '%s.__setattr__' % cls.__qualname__
    __delattr__.__qualname__ = '%s.__delattr__' % cls.__qualname__
    return __setattr__, __delattr__


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots):
    all_fields = {}
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))

    # Fields of dataclass bases, the farthest base first.
    any_frozen_base = False
    has_dataclass_bases = False
    for b in reversed(cls.__mro__[1:]):
        base_fields = b.__dict__.get(_FIELDS)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            if b.__dict__[_PARAMS].frozen:
                any_frozen_base = True

    annotations = cls.__dict__.get('__annotations__', {})
    own = []
    kw_only_now = kw_only
    for name, a_type in annotations.items():
        if a_type is KW_ONLY or (isinstance(a_type, str) and a_type.strip() in ('KW_ONLY', 'dataclasses.KW_ONLY')):
            kw_only_now = True
            continue
        own.append(_get_field(cls, name, a_type, kw_only_now))
    for f in own:
        all_fields[f.name] = f
        # The class attribute keeps a plain default; a field() without one goes.
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError('%r is a field but has no type annotation' % (name,))

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    setattr(cls, _FIELDS, all_fields)

    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    field_list = list(all_fields.values())
    real = [f for f in field_list if f._field_type is _FIELD]

    if init:
        has_post_init = hasattr(cls, '__post_init__')
        _set_new_attribute(cls, '__init__', _make_init(cls, field_list, frozen, has_post_init))

    if repr:
        _set_new_attribute(cls, '__repr__', _make_repr(cls, [f for f in real if f.repr]))

    compared = [f for f in real if f.compare]
    if eq:
        _set_new_attribute(cls, '__eq__', _make_cmp(cls, '__eq__', '==', compared))

    if order:
        for name, op in (('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'), ('__ge__', '>=')):
            if _set_new_attribute(cls, name, _make_cmp(cls, name, op, compared)):
                raise TypeError('Cannot overwrite attribute %s in class %s. Consider using '
                                'functools.total_ordering' % (name, cls.__name__))

    if frozen:
        setter, deleter = _make_frozen_setattr(cls, [f.name for f in real])
        if _set_new_attribute(cls, '__setattr__', setter):
            raise TypeError('Cannot overwrite attribute __setattr__ in class %s' % cls.__name__)
        if _set_new_attribute(cls, '__delattr__', deleter):
            raise TypeError('Cannot overwrite attribute __delattr__ in class %s' % cls.__name__)

    # __hash__: CPython's table of (unsafe_hash, eq, frozen, explicit hash).
    hashed = [f for f in real if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError('Cannot overwrite attribute __hash__ in class %s' % cls.__name__)
        cls.__hash__ = _make_hash(cls, hashed)
    elif eq and frozen:
        if not has_explicit_hash:
            cls.__hash__ = _make_hash(cls, hashed)
    elif eq:
        if not has_explicit_hash:
            cls.__hash__ = None

    if match_args:
        _set_new_attribute(cls, '__match_args__',
                           tuple([f.name for f in field_list if f.init and not f.kw_only
                                  and f._field_type is not _FIELD_CLASSVAR]))
    return cls


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """@dataclass or @dataclass(...): add the generated methods to a class."""

    def wrap(c):
        return _process_class(c, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots)

    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """The fields (ClassVar and InitVar pseudo-fields left out), in order."""
    try:
        fs = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple([f for f in fs.values() if f._field_type is _FIELD])


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    """True for a dataclass or an instance of one."""
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def _copy_leaf(obj):
    if obj is None or isinstance(obj, (int, float, str, bool)):
        return obj
    try:
        import copy
    except ImportError:
        return obj
    return copy.deepcopy(obj)


def _convert(obj, dict_factory, as_tuple):
    if _is_dataclass_instance(obj):
        if as_tuple:
            return tuple([_convert(getattr(obj, f.name), dict_factory, True) for f in fields(obj)])
        return dict_factory([(f.name, _convert(getattr(obj, f.name), dict_factory, False))
                             for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_convert(v, dict_factory, as_tuple) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_convert(v, dict_factory, as_tuple) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_convert(k, dict_factory, as_tuple), _convert(v, dict_factory, as_tuple))
                          for k, v in obj.items()])
    return _copy_leaf(obj)


def asdict(obj, *, dict_factory=dict):
    """The instance's fields as a dict, recursing into dataclasses, lists,
    tuples and dicts."""
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _convert(obj, dict_factory, False)


def astuple(obj, *, tuple_factory=tuple):
    """The instance's field values as a tuple, recursing like asdict."""
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return tuple_factory(_convert(obj, dict, True))


def replace(obj, /, **changes):
    """A new instance like obj with the given fields changed."""
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field %s is declared with init=False, it cannot be specified with replace()'
                                 % f.name)
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError('InitVar %r must be specified with replace()' % f.name)
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True,
                   order=False, unsafe_hash=False, frozen=False, match_args=True, kw_only=False,
                   slots=False, module=None):
    """Make a dataclass from (name), (name, type) or (name, type, Field) items."""
    ns = dict(namespace) if namespace is not None else {}
    annotations = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        else:
            name, tp, spec = item
            ns[name] = spec
        annotations[name] = tp
    ns['__annotations__'] = annotations
    ns['__module__'] = module if module is not None else '__main__'
    if len(bases) > 1:
        raise TypeError('make_dataclass: Kiln classes have a single base')
    cls = type(cls_name, bases if bases else (object,), ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                     frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots)
