# _kiln_types — the objects behind `list[int]` and `int | None`.
#
# CPython 3.11 evaluates annotations at module and class level, so typed
# programs subscript the builtin classes (`names: list[str] = []`) and join
# classes with `|` (`limit: int | None = None`). The VM calls GenericAlias
# when a builtin class without __class_getitem__ is subscripted, and union
# when `|` finds two classes (or None); isinstance and issubclass accept a
# UnionType. Both print as CPython's (`list[int]`, `int | None`); the types
# module exports them as types.GenericAlias and types.UnionType.
#
# Not here: type parameters (`__parameters__` is always empty) and
# substitution (`dict[str, T][int]`).


def _type_repr(t):
    if t is None or t is type(None):
        return 'None'
    if t is Ellipsis:
        return '...'
    if isinstance(t, type):
        module = t.__module__
        if module == 'builtins':
            return t.__qualname__
        return module + '.' + t.__qualname__
    return repr(t)


class GenericAlias:
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)
        self.__parameters__ = ()

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __repr__(self):
        if len(self.__args__) == 0:
            inner = '()'
        else:
            inner = ', '.join([_alias_arg_repr(a) for a in self.__args__])
        return _type_repr(self.__origin__) + '[' + inner + ']'

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __or__(self, other):
        return union(self, other)

    def __ror__(self, other):
        return union(other, self)

    def __getitem__(self, item):
        raise TypeError('{} is not a generic class'.format(repr(self)))

    def __mro_entries__(self, bases):
        return (self.__origin__,)


def _alias_arg_repr(a):
    if isinstance(a, list):
        return '[' + ', '.join([_alias_arg_repr(x) for x in a]) + ']'
    return _type_repr(a)


class UnionType:
    def __init__(self, args):
        self.__args__ = args

    def __repr__(self):
        return ' | '.join([_type_repr(a) for a in self.__args__])

    def __eq__(self, other):
        if not isinstance(other, UnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        return union(self, other)

    def __ror__(self, other):
        return union(other, self)


def _union_items(t):
    if isinstance(t, UnionType):
        return list(t.__args__)
    if t is None:
        return [type(None)]
    if isinstance(t, type) or isinstance(t, GenericAlias):
        return [t]
    return None


def union(a, b):
    # `a | b` of classes, None, aliases and unions: the flattened union
    # without repeats, or the class itself when only one is left.
    left = _union_items(a)
    right = _union_items(b)
    if left is None or right is None:
        return NotImplemented
    args = []
    for t in left + right:
        if t not in args:
            args.append(t)
    if len(args) == 1:
        return args[0]
    return UnionType(tuple(args))
