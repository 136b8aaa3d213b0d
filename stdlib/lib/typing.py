"""typing: type hints for annotated programs (Kiln's pure-Python version).

Provides Any, NoReturn, Never, Self, LiteralString, TypeAlias, Union,
Optional, Literal, Final, ClassVar, Annotated, the aliases List, Dict, Set,
FrozenSet, Tuple, Type, Callable, Iterable, Iterator, Generator, Sequence,
MutableSequence, Mapping, MutableMapping, Collection, Container, Sized,
Hashable, Reversible, AbstractSet, MutableSet, KeysView, ValuesView,
ItemsView, ContextManager, DefaultDict, OrderedDict, Counter, Deque,
ChainMap, Text, TypeVar, Generic, Protocol, runtime_checkable, NamedTuple,
TypedDict, NewType, ForwardRef, cast, overload, final, no_type_check,
TYPE_CHECKING, get_type_hints, get_origin, get_args.
Subscripting (List[int], Dict[str, int], Optional[int], Union[...],
Callable[[int], str], Tuple[int, ...], Literal[1, 'a']) gives an alias with
CPython's repr (`typing.List[int]`, `typing.Optional[int]`), __origin__,
__args__, __parameters__, equality, hashing, and TypeVar substitution
(Dict[str, T][int]). NamedTuple classes are tuples with _fields,
_field_defaults, _asdict, _replace, _make and CPython's __new__ errors.

Different from CPython (Kiln has no metaclasses, no multiple inheritance and
no __mro_entries__ / __instancecheck__ hooks yet):
- `class Box(Generic[T])`: Generic[T] is Generic itself, and a user generic
  subscripted (Box[int]) is Box itself, so it can be a base class and be
  instantiated, but prints as the class and has no __args__; Box has no
  __parameters__ / __orig_bases__. Protocol[T] likewise.
- isinstance(x, List) / issubclass(..., Iterable) and @runtime_checkable
  protocol checks raise TypeError or compare nominally; List[int] and the
  other aliases cannot be base classes.
- NamedTuple classes have NamedTuple in their __mro__ between the class and
  tuple; TypedDict classes return plain dicts (as in CPython) but
  Movie.__mro__ has TypedDict and dict.
- the collections.abc origins (Iterable[int].__origin__...) are stand-in
  classes named collections.abc.X unless a `collections.abc` module exists.
- Any, ClassVar... are instances, not classes (CPython 3.11's Any is a class).
- NewType's repr uses `__main__.` (the caller's module is not known).
- get_type_hints: Kiln functions have no __annotations__ yet (empty dict).
"""

import sys

__all__ = ['Any', 'NoReturn', 'Never', 'Self', 'LiteralString', 'TypeAlias', 'Union', 'Optional',
           'Literal', 'Final', 'ClassVar', 'Annotated', 'List', 'Dict', 'Set', 'FrozenSet', 'Tuple',
           'Type', 'Callable', 'Iterable', 'Iterator', 'Generator', 'Sequence', 'MutableSequence',
           'Mapping', 'MutableMapping', 'Collection', 'Container', 'Sized', 'Hashable', 'Reversible',
           'AbstractSet', 'MutableSet', 'KeysView', 'ValuesView', 'ItemsView', 'ContextManager',
           'DefaultDict', 'OrderedDict', 'Counter', 'Deque', 'ChainMap', 'Text', 'AnyStr',
           'TypeVar', 'Generic', 'Protocol', 'runtime_checkable', 'NamedTuple', 'TypedDict',
           'NewType', 'ForwardRef', 'cast', 'overload', 'final', 'no_type_check', 'TYPE_CHECKING',
           'get_type_hints', 'get_origin', 'get_args']

TYPE_CHECKING = False

_NoneType = type(None)
_FunctionType = type(lambda: None)


def _type_repr(obj):
    """How an argument prints inside an alias's brackets."""
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return '%s.%s' % (obj.__module__, obj.__qualname__)
    if obj is Ellipsis:
        return '...'
    if isinstance(obj, _FunctionType):
        return obj.__name__
    if isinstance(obj, list):
        return '[%s]' % ', '.join([_type_repr(a) for a in obj])
    return repr(obj)


def _type_convert(arg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


def _type_check(arg, msg):
    arg = _type_convert(arg)
    if type(arg) is tuple:
        raise TypeError('%s Got %.100r.' % (msg, arg))
    if arg in (Generic, Protocol) or (isinstance(arg, _SpecialForm) and arg._name not in _BARE_OK):
        raise TypeError('Plain %s is not valid as type argument' % (arg,))
    return arg


_BARE_OK = ('Any', 'NoReturn', 'Never', 'Self', 'LiteralString', 'TypeAlias')


def _collect_parameters(args):
    params = []
    for a in args:
        if isinstance(a, TypeVar):
            if a not in params:
                params.append(a)
        elif isinstance(a, list):
            for p in _collect_parameters(a):
                if p not in params:
                    params.append(p)
        else:
            for p in getattr(a, '__parameters__', ()) if not isinstance(a, type) else ():
                if p not in params:
                    params.append(p)
    return tuple(params)


class ForwardRef:
    """A type written as a string ('Node'), kept unevaluated."""

    def __init__(self, arg, is_argument=True, module=None, is_class=False):
        if not isinstance(arg, str):
            raise TypeError('Forward reference must be a string -- got %r' % (arg,))
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_module__ = module

    def _evaluate(self, globalns, localns):
        ns = dict(globalns or {})
        if localns:
            ns.update(localns)
        return _type_convert(eval(self.__forward_arg__, ns))

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(self.__forward_arg__)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __repr__(self):
        return 'ForwardRef(%r)' % (self.__forward_arg__,)


class TypeVar:
    """T = TypeVar('T'); prints as ~T (+T covariant, -T contravariant)."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        self.__name__ = name
        self.__constraints__ = tuple([_type_check(c, 'TypeVar(name, constraint, ...): constraints must be types.')
                                      for c in constraints])
        self.__bound__ = _type_check(bound, 'Bound must be a type.') if bound is not None else None
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class _SpecialForm:
    """Any, Union, Optional, ClassVar...: named forms, some subscriptable."""

    def __init__(self, name, getitem=None, doc=None):
        self._name = name
        self._getitem = getitem
        self.__doc__ = doc

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError('Cannot instantiate %r' % (self,))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError('%r is not subscriptable' % (self,))
        return self._getitem(self, parameters)

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return hash(self._name)


class _BaseGenericAlias:
    def __init__(self, origin, name=None, inst=True):
        self._inst = inst
        self._name = name
        self.__origin__ = origin

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type %s cannot be instantiated; use %s() instead'
                            % (self._name, self.__origin__.__name__.lower()))
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except (AttributeError, TypeError):
            pass
        return result

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __getattr__(self, attr):
        # Attributes of the origin (List[int].append...), but no dunders.
        if attr[:2] == '__' and attr[-2:] == '__':
            raise AttributeError(attr)
        if attr in ('_name', '_inst', '__origin__'):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class _GenericAlias(_BaseGenericAlias):
    """A subscripted form: List[int], Dict[str, T], Union[int, str]..."""

    def __init__(self, origin, args, inst=True, name=None):
        _BaseGenericAlias.__init__(self, origin, name, inst)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple([... if a is Ellipsis else a for a in args])
        self.__parameters__ = _collect_parameters(args)

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, inst=self._inst, name=self._name)

    def __getitem__(self, args):
        # Substitution of the alias's TypeVars: Dict[str, T][int].
        if not self.__parameters__:
            raise TypeError('%r is not a generic class' % (self,))
        if not isinstance(args, tuple):
            args = (args,)
        args = tuple([_type_convert(a) for a in args])
        params = self.__parameters__
        if len(args) != len(params):
            raise TypeError('Too %s arguments for %r; actual %d, expected %d'
                            % ('many' if len(args) > len(params) else 'few', self, len(args), len(params)))
        subst = dict(zip(params, args))
        return self.copy_with(tuple([_subst(a, subst) for a in self.__args__]))

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            inner = ', '.join([_type_repr(a) for a in self.__args__])
        else:
            inner = '()'
        return '%s[%s]' % (name, inner)

    def __reduce__(self):
        return (self.__class__, (self.__origin__, self.__args__))


def _subst(a, subst):
    if isinstance(a, TypeVar):
        return subst.get(a, a)
    if isinstance(a, list):
        return [_subst(x, subst) for x in a]
    params = getattr(a, '__parameters__', ()) if not isinstance(a, type) else ()
    if params:
        return a[tuple([subst.get(p, p) for p in params])]
    return a


class _SpecialGenericAlias(_BaseGenericAlias):
    """An unsubscripted alias: List, Dict, Iterable... (List[int] subscripts it)."""

    def __init__(self, origin, nparams, inst=True, name=None):
        if name is None:
            name = origin.__name__
        _BaseGenericAlias.__init__(self, origin, name, inst)
        self._nparams = nparams

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = 'Parameters to generic types must be types.'
        params = tuple([_type_check(p, msg) for p in params])
        if len(params) != self._nparams:
            raise TypeError('Too %s arguments for %r; actual %d, expected %d'
                            % ('many' if len(params) > self._nparams else 'few', self, len(params),
                               self._nparams))
        return _GenericAlias(self.__origin__, params, inst=self._inst, name=self._name)

    def copy_with(self, params):
        return _GenericAlias(self.__origin__, params, inst=self._inst, name=self._name)

    def __repr__(self):
        return 'typing.' + self._name

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self._name == other._name

    def __hash__(self):
        return hash((self.__origin__, self._name))

    def __reduce__(self):
        return self._name


class _LazyOriginAlias(_SpecialGenericAlias):
    """An alias whose origin lives in another module (collections.deque...)."""

    def __init__(self, module, attr, nparams, name):
        _BaseGenericAlias.__init__(self, None, name, True)
        self._nparams = nparams
        self._where = (module, attr)

    def __getattr__(self, attr):
        if attr == '__origin__':
            module, name = self._where
            origin = getattr(__import__(module), name)
            self.__origin__ = origin
            return origin
        return _BaseGenericAlias.__getattr__(self, attr)


# Aliases built without their origin resolved read it through __getattr__:
# drop the instance attribute _BaseGenericAlias.__init__ stored as None.
def _lazy(module, attr, nparams, name):
    a = _LazyOriginAlias(module, attr, nparams, name)
    del a.__origin__
    return a


class _TupleType(_SpecialGenericAlias):
    def __getitem__(self, params):
        if params == ():
            return _GenericAlias(tuple, (), inst=self._inst, name=self._name)
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is Ellipsis:
            msg = 'Tuple[t, ...]: t must be a type.'
            params = tuple([_type_check(p, msg) for p in params[:-1]])
            return _GenericAlias(tuple, params + (Ellipsis,), inst=self._inst, name=self._name)
        msg = 'Tuple[t0, t1, ...]: each t must be a type.'
        params = tuple([_type_check(p, msg) for p in params])
        return _GenericAlias(tuple, params, inst=self._inst, name=self._name)


class _CallableGenericAlias(_GenericAlias):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and args[0] is Ellipsis:
            return 'typing.Callable[..., %s]' % _type_repr(args[1])
        return 'typing.Callable[[%s], %s]' % (', '.join([_type_repr(a) for a in args[:-1]]),
                                              _type_repr(args[-1]))

    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params, name=self._name)


class _CallableType(_SpecialGenericAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError('Callable must be used as Callable[[arg, ...], result].')
        args, result = params
        result = _type_check(result, 'Callable[args, result]: result must be a type.')
        if args is Ellipsis:
            flat = (Ellipsis, result)
        elif isinstance(args, list):
            flat = tuple([_type_check(a, 'Callable[[arg, ...], result]: each arg must be a type.')
                          for a in args]) + (result,)
        else:
            # CPython 3.11 takes a lone type as a one-item list.
            flat = (_type_check(args, 'Callable[[arg, ...], result]: each arg must be a type.'), result)
        return _CallableGenericAlias(self.__origin__, flat, name=self._name)


class _UnionGenericAlias(_GenericAlias):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return 'typing.Optional[%s]' % _type_repr(args[1])
            if args[1] is _NoneType:
                return 'typing.Optional[%s]' % _type_repr(args[0])
        return 'typing.Union[%s]' % ', '.join([_type_repr(a) for a in args])


class _LiteralGenericAlias(_GenericAlias):
    def __repr__(self):
        return 'typing.Literal[%s]' % ', '.join([repr(a) for a in self.__args__])

    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set([(type(a), a) for a in self.__args__]) == set([(type(a), a) for a in other.__args__])

    def __hash__(self):
        return hash(frozenset([(type(a), a) for a in self.__args__]))


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        _GenericAlias.__init__(self, origin, (origin,))
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return 'typing.Annotated[%s, %s]' % (_type_repr(self.__origin__),
                                             ', '.join([repr(a) for a in self.__metadata__]))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    msg = 'Union[arg, ...]: each arg must be a type.'
    flat = []
    for p in parameters:
        p = _type_check(p, msg)
        if isinstance(p, _UnionGenericAlias):
            items = p.__args__
        elif type(p).__name__ == 'UnionType' and hasattr(p, '__args__'):
            items = p.__args__
        else:
            items = (p,)
        for x in items:
            if x not in flat:
                flat.append(x)
    if len(flat) == 1:
        return flat[0]
    return _UnionGenericAlias(self, tuple(flat))


def _optional_getitem(self, parameters):
    arg = _type_check(parameters, 'typing.Optional requires a single type.')
    return Union[arg, _NoneType]


def _single_getitem(self, parameters):
    if isinstance(parameters, tuple):
        if len(parameters) != 1:
            raise TypeError('%s accepts only single type.' % (self,))
        parameters = parameters[0]
    item = _type_check(parameters, '%s accepts only single type.' % (self,))
    return _GenericAlias(self, (item,))


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        items = p.__args__ if isinstance(p, _LiteralGenericAlias) else (p,)
        for x in items:
            key = (type(x), x)
            if key not in [(type(y), y) for y in flat]:
                flat.append(x)
    return _LiteralGenericAlias(self, tuple(flat))


def _annotated_getitem(self, params):
    if not isinstance(params, tuple) or len(params) < 2:
        raise TypeError('Annotated[...] should be used with at least two arguments '
                        '(a type and an annotation).')
    origin = _type_check(params[0], 'Annotated[t, ...]: t must be a type.')
    return _AnnotatedAlias(origin, tuple(params[1:]))


def _concatenate_none(self, params):
    raise TypeError('%r is not supported by Kiln' % (self,))


Any = _SpecialForm('Any', doc='Special type indicating an unconstrained type.')
NoReturn = _SpecialForm('NoReturn')
Never = _SpecialForm('Never')
Self = _SpecialForm('Self')
LiteralString = _SpecialForm('LiteralString')
TypeAlias = _SpecialForm('TypeAlias')
Union = _SpecialForm('Union', _union_getitem)
Optional = _SpecialForm('Optional', _optional_getitem)
ClassVar = _SpecialForm('ClassVar', _single_getitem)
Final = _SpecialForm('Final', _single_getitem)
Literal = _SpecialForm('Literal', _literal_getitem)
TypeGuard = _SpecialForm('TypeGuard', _single_getitem)
Required = _SpecialForm('Required', _single_getitem)
NotRequired = _SpecialForm('NotRequired', _single_getitem)
Annotated = _SpecialForm('Annotated', _annotated_getitem)


def _abc_origins():
    """collections.abc classes if that module exists, else stand-ins with
    the same names."""
    names = ['Callable', 'Iterable', 'Iterator', 'Generator', 'Sequence', 'MutableSequence',
             'Mapping', 'MutableMapping', 'Collection', 'Container', 'Sized', 'Hashable',
             'Reversible', 'Set', 'MutableSet', 'KeysView', 'ValuesView', 'ItemsView']
    try:
        import collections.abc
        abc = collections.abc
        return dict([(n, getattr(abc, n)) for n in names])
    except Exception:
        pass
    result = {}
    for n in names:
        def __init__(self, *args, **kwargs):
            raise TypeError("Can't instantiate abstract class %s" % type(self).__name__)
        cls = type(n, (object,), {'__module__': 'collections.abc', '__init__': __init__})
        result[n] = cls
    return result


_abc = _abc_origins()


class _ContextManagerOrigin:
    """Stand-in for contextlib.AbstractContextManager."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None


_ContextManagerOrigin.__name__ = 'AbstractContextManager'
_ContextManagerOrigin.__qualname__ = 'AbstractContextManager'
_ContextManagerOrigin.__module__ = 'contextlib'

List = _SpecialGenericAlias(list, 1, inst=False, name='List')
Dict = _SpecialGenericAlias(dict, 2, inst=False, name='Dict')
Set = _SpecialGenericAlias(set, 1, inst=False, name='Set')
FrozenSet = _SpecialGenericAlias(frozenset, 1, inst=False, name='FrozenSet')
Tuple = _TupleType(tuple, -1, inst=False, name='Tuple')
Type = _SpecialGenericAlias(type, 1, name='Type')
Callable = _CallableType(_abc['Callable'], 2, name='Callable')
Iterable = _SpecialGenericAlias(_abc['Iterable'], 1, name='Iterable')
Iterator = _SpecialGenericAlias(_abc['Iterator'], 1, name='Iterator')
Generator = _SpecialGenericAlias(_abc['Generator'], 3, name='Generator')
Sequence = _SpecialGenericAlias(_abc['Sequence'], 1, name='Sequence')
MutableSequence = _SpecialGenericAlias(_abc['MutableSequence'], 1, name='MutableSequence')
Mapping = _SpecialGenericAlias(_abc['Mapping'], 2, name='Mapping')
MutableMapping = _SpecialGenericAlias(_abc['MutableMapping'], 2, name='MutableMapping')
Collection = _SpecialGenericAlias(_abc['Collection'], 1, name='Collection')
Container = _SpecialGenericAlias(_abc['Container'], 1, name='Container')
Reversible = _SpecialGenericAlias(_abc['Reversible'], 1, name='Reversible')
AbstractSet = _SpecialGenericAlias(_abc['Set'], 1, name='AbstractSet')
MutableSet = _SpecialGenericAlias(_abc['MutableSet'], 1, name='MutableSet')
KeysView = _SpecialGenericAlias(_abc['KeysView'], 1, name='KeysView')
ValuesView = _SpecialGenericAlias(_abc['ValuesView'], 1, name='ValuesView')
ItemsView = _SpecialGenericAlias(_abc['ItemsView'], 2, name='ItemsView')
Sized = _SpecialGenericAlias(_abc['Sized'], 0, name='Sized')
Hashable = _SpecialGenericAlias(_abc['Hashable'], 0, name='Hashable')
ContextManager = _SpecialGenericAlias(_ContextManagerOrigin, 1, name='ContextManager')
DefaultDict = _lazy('collections', 'defaultdict', 2, 'DefaultDict')
OrderedDict = _lazy('collections', 'OrderedDict', 2, 'OrderedDict')
Counter = _lazy('collections', 'Counter', 1, 'Counter')
Deque = _lazy('collections', 'deque', 1, 'Deque')
ChainMap = _lazy('collections', 'ChainMap', 2, 'ChainMap')

Text = str


class Generic:
    """Base class of user generics: class Box(Generic[T]).

    In Kiln, Generic[T] and Box[int] evaluate to the class itself (see the
    module comment)."""

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if cls is Generic or cls is Protocol:
            if not params:
                raise TypeError('Parameter list to %s[...] cannot be empty' % cls.__qualname__)
            for p in params:
                if not isinstance(p, TypeVar):
                    raise TypeError('Parameters to %s[...] must all be type variables or '
                                    'parameter specification variables.' % cls.__name__)
            if len(set(params)) != len(params):
                raise TypeError('Parameters to %s[...] must all be unique' % cls.__name__)
        return cls


class Protocol(Generic):
    """Base class of protocols (structural types). Protocol classes cannot be
    instantiated; isinstance() against them is nominal in Kiln."""

    _is_protocol = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._is_protocol = cls.__base__ is Protocol or cls.__dict__.get('_is_protocol', False) is True

    def __new__(cls, *args, **kwargs):
        if cls.__dict__.get('_is_protocol', False) or cls is Protocol:
            raise TypeError('Protocols cannot be instantiated')
        return object.__new__(cls)

    def __init__(self, *args, **kwargs):
        pass


def runtime_checkable(cls):
    """Marks a protocol for isinstance() (nominal only in Kiln)."""
    if not cls.__dict__.get('_is_protocol', False):
        raise TypeError('@runtime_checkable can be only applied to protocol classes, got %r' % (cls,))
    cls._is_runtime_protocol = True
    return cls


AnyStr = TypeVar('AnyStr', bytes, str)


# ---------------------------------------------------------------- NamedTuple

_nt_globals = {'_tuple_new': tuple.__new__}


def _nt_field(index, name):
    def get(self):
        return self[index]

    return property(get, doc='Alias for field number %d' % index)


_NT_RESERVED = frozenset(['__new__', '__init__', '__slots__', '__getnewargs__', '_fields',
                          '_field_defaults', '_make', '_replace', '_asdict', '_source'])


def _make_nt_class(cls, types, defaults_src):
    fields = tuple(types)
    for name in fields:
        if name.startswith('_'):
            raise ValueError('Field names cannot start with an underscore: %r' % name)
    defaults = {}
    for name in fields:
        if name in defaults_src:
            defaults[name] = defaults_src[name]
        elif defaults:
            raise TypeError('Non-default namedtuple field %s cannot follow default field%s %s'
                            % (name, 's' if len(defaults) > 1 else '', ', '.join(list(defaults))))
    ns = dict(_nt_globals)
    params = []
    for name in fields:
        if name in defaults:
            ns['_dflt_' + name] = defaults[name]
            params.append('%s=_dflt_%s' % (name, name))
        else:
            params.append(name)
    body = '(' + ''.join([n + ', ' for n in fields]) + ')'
    src = 'def __new__(_cls, %s):\n    return _tuple_new(_cls, %s)\n' % (', '.join(params), body)
    if not fields:
        src = 'def __new__(_cls):\n    return _tuple_new(_cls, ())\n'
    exec(src, ns)
    new = ns['__new__']
    new.__qualname__ = cls.__name__ + '.__new__'
    new.__doc__ = 'Create new instance of %s(%s)' % (cls.__name__, ', '.join(fields))
    cls.__new__ = staticmethod(new)
    cls._fields = fields
    cls._field_defaults = defaults
    cls.__match_args__ = fields
    for i, name in enumerate(fields):
        setattr(cls, name, _nt_field(i, name))
    return cls


class NamedTuple(tuple):
    """class Point(NamedTuple): x: int; y: int = 0 -- a tuple with named fields.
    Also NamedTuple('Point', [('x', int), ('y', int)])."""

    _fields = ()
    _field_defaults = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__base__ is not NamedTuple:
            return  # a subclass of a named tuple class: no new fields
        ns = cls.__dict__
        types = ns.get('__annotations__', {})
        for key in ns:
            if key in _NT_RESERVED and key != '__new__':
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
        defaults = {}
        for name in types:
            if name in ns:
                defaults[name] = ns[name]
        _make_nt_class(cls, types, defaults)

    def __new__(cls, typename=None, fields=None, **kwargs):
        if cls is not NamedTuple:
            raise TypeError('%s.__new__ is replaced when the class is made' % cls.__name__)
        if fields is None:
            fields = list(kwargs.items())
        elif kwargs:
            raise TypeError('Either list of fields or keywords can be provided to NamedTuple, not both')
        annotations = {}
        for name, tp in fields:
            annotations[name] = _type_check(tp, 'field %s annotation must be a type' % name)
        return type(typename, (NamedTuple,), {'__annotations__': annotations, '__module__': '__main__'})

    def __repr__(self):
        return '%s(%s)' % (self.__class__.__name__,
                           ', '.join(['%s=%r' % (n, v) for n, v in zip(self._fields, self)]))

    @classmethod
    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != len(cls._fields):
            raise TypeError('Expected %d arguments, got %d' % (len(cls._fields), len(result)))
        return result

    def _replace(self, **kwds):
        values = []
        for name, value in zip(self._fields, self):
            values.append(kwds.pop(name, value))
        if kwds:
            raise ValueError('Got unexpected field names: %r' % (list(kwds),))
        return self._make(values)

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)


# ---------------------------------------------------------------- TypedDict

class TypedDict(dict):
    """class Movie(TypedDict): name: str -- calling Movie(...) makes a dict."""

    __total__ = True

    def __init_subclass__(cls, total=True, **kwargs):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get('__annotations__', {})
        annotations = {}
        required = set()
        optional = set()
        base = cls.__base__
        if base is not TypedDict and issubclass(base, TypedDict):
            annotations.update(base.__annotations__)
            required.update(base.__required_keys__)
            optional.update(base.__optional_keys__)
        for name, tp in own.items():
            annotations[name] = tp
            origin = getattr(tp, '__origin__', None)
            if origin is Required:
                required.add(name)
            elif origin is NotRequired:
                optional.add(name)
            elif total:
                required.add(name)
            else:
                optional.add(name)
        cls.__annotations__ = annotations
        cls.__required_keys__ = frozenset(required)
        cls.__optional_keys__ = frozenset(optional)
        cls.__total__ = total

    def __new__(cls, *args, **kwargs):
        if cls is TypedDict and args and isinstance(args[0], str):
            typename = args[0]
            fields = args[1] if len(args) > 1 else {}
            total = kwargs.pop('total', True)
            fields = dict(fields)
            fields.update(kwargs)
            ns = {'__annotations__': fields, '__module__': '__main__'}
            return _make_typeddict(typename, ns, total)
        return dict(*args, **kwargs)


def _make_typeddict(typename, ns, total):
    return type(typename, (TypedDict,), ns) if total else _typed_dict_partial(typename, ns)


def _typed_dict_partial(typename, ns):
    cls = type(typename, (TypedDict,), ns)
    cls.__optional_keys__ = frozenset(list(cls.__required_keys__) + list(cls.__optional_keys__))
    cls.__required_keys__ = frozenset()
    cls.__total__ = False
    return cls


# ---------------------------------------------------------------- functions

class NewType:
    """UserId = NewType('UserId', int): UserId(5) is 5, typed apart."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        self.__name__ = name.rpartition('.')[2]
        self.__supertype__ = tp
        self.__module__ = '__main__'

    def __call__(self, x):
        return x

    def __repr__(self):
        return '%s.%s' % (self.__module__, self.__qualname__)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


def cast(typ, val):
    """Return val unchanged (a note to the type checker)."""
    return val


def _overload_dummy(*args, **kwds):
    raise NotImplementedError('You should not call an overloaded function. A series of @overload-'
                              'decorated functions outside a stub module should always be followed '
                              'by an implementation that is not @overload-ed.')


def overload(func):
    """Decorator for the typed signatures before the real implementation."""
    return _overload_dummy


def final(f):
    """Decorator marking a method or class final; sets __final__."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    return arg


def get_origin(tp):
    """Union for Union[...], list for List[int], None for plain classes."""
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        if isinstance(tp, _AnnotatedAlias):
            return Annotated
        return tp.__origin__
    if tp is Generic:
        return Generic
    if not isinstance(tp, type) and type(tp).__name__ == 'UnionType' and hasattr(tp, '__args__'):
        return type(tp)
    if not isinstance(tp, type) and type(tp).__name__ == 'GenericAlias' and hasattr(tp, '__origin__'):
        return tp.__origin__
    return None


def get_args(tp):
    """The arguments of a subscripted alias (Callable's as ([args], result))."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _GenericAlias) or (not isinstance(tp, type) and hasattr(tp, '__args__')
                                         and type(tp).__name__ in ('GenericAlias', 'UnionType')):
        res = tp.__args__
        if isinstance(tp, _CallableGenericAlias) and not (len(res) == 2 and res[0] is Ellipsis):
            res = (list(res[:-1]), res[-1])
        return res
    return ()


def _eval_hint(value, globalns, localns):
    if value is None:
        return _NoneType
    if isinstance(value, str):
        value = ForwardRef(value)
    if isinstance(value, ForwardRef):
        return _eval_hint(value._evaluate(globalns, localns), globalns, localns)
    if isinstance(value, _GenericAlias) and not isinstance(value, _LiteralGenericAlias):
        if isinstance(value, _AnnotatedAlias):
            args = (value.__origin__,)
        else:
            args = value.__args__
        new_args = tuple([_eval_hint(a, globalns, localns) if a is not Ellipsis else a for a in args])
        if new_args != args:
            return value.copy_with(new_args)
    return value


def _module_dict(name):
    m = sys.modules.get(name)
    return getattr(m, '__dict__', {}) if m is not None else {}


def _strip_extras(t):
    if isinstance(t, _AnnotatedAlias):
        return _strip_extras(t.__origin__)
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a class (its bases' first), function or module,
    with strings evaluated and None made NoneType."""
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__', {})
            g = globalns if globalns is not None else _module_dict(base.__module__)
            l = localns if localns is not None else dict(base.__dict__)
            for name, value in ann.items():
                hints[name] = _eval_hint(value, g, l)
    else:
        ann = getattr(obj, '__annotations__', None)
        if ann is None:
            if isinstance(obj, _FunctionType) or callable(obj):
                return {}
            raise TypeError('%r is not a module, class, method, or function.' % (obj,))
        g = globalns
        if g is None:
            g = getattr(obj, '__globals__', None)
        if g is None:
            g = getattr(obj, '__dict__', {})
        for name, value in ann.items():
            hints[name] = _eval_hint(value, g, localns)
    if include_extras:
        return hints
    return dict([(k, _strip_extras(v)) for k, v in hints.items()])
