# abc: abstract base classes, the way Kiln can do them without metaclasses.
#
# Provides ABC, abstractmethod, abstractproperty, abstractclassmethod,
# abstractstaticmethod, get_cache_token and the name ABCMeta. A class that
# derives from ABC gets __abstractmethods__ (a frozenset computed in
# ABC.__init_subclass__: names whose attribute, or a property's fget/fset/
# fdel, or a classmethod's/staticmethod's function, has __isabstractmethod__
# true), and ABC.__new__ refuses to instantiate it while that set is not
# empty, with CPython's TypeError message.
# Differences from CPython: Kiln has no metaclasses, so ABCMeta is a plain
# class (`class C(metaclass=ABCMeta)` does not make C abstract: derive from
# ABC instead); register() records virtual subclasses but isinstance() and
# issubclass() do not consult them; a subclass that defines __new__ without
# calling ABC.__new__, or __init_subclass__ without calling super(), skips
# the check; abstractclassmethod/abstractstaticmethod/abstractproperty are
# functions, not subclasses; update_abstractmethods is left out.

__all__ = ['ABC', 'ABCMeta', 'abstractmethod', 'abstractproperty',
           'abstractclassmethod', 'abstractstaticmethod', 'get_cache_token']


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    if getattr(value, '__isabstractmethod__', False):
        return True
    if isinstance(value, property):
        for f in (value.fget, value.fset, value.fdel):
            if f is not None and getattr(f, '__isabstractmethod__', False):
                return True
        return False
    if isinstance(value, classmethod) or isinstance(value, staticmethod):
        return bool(getattr(getattr(value, '__func__', None), '__isabstractmethod__', False))
    return False


def _compute_abstracts(cls):
    abstracts = set()
    for name, value in cls.__dict__.items():
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', ()):
            value = getattr(cls, name, None)
            if name in cls.__dict__:
                value = cls.__dict__[name]
            if _is_abstract(value):
                abstracts.add(name)
    return frozenset(abstracts)


_abc_invalidation_counter = 0


class ABCMeta:
    # A name only: Kiln has no metaclasses (see the comment at the top).
    def register(cls, subclass):
        return subclass


class ABC:
    __abstractmethods__ = frozenset()

    def __init_subclass__(cls, **kwargs):
        cls.__abstractmethods__ = _compute_abstracts(cls)
        cls._abc_registry = []

    def __new__(cls, *args, **kwargs):
        abstracts = cls.__abstractmethods__
        if abstracts:
            names = sorted(abstracts)
            raise TypeError("Can't instantiate abstract class {} with abstract method{} {}".format(
                cls.__name__, 's' if len(names) > 1 else '', ', '.join(names)))
        return object.__new__(cls)

    @classmethod
    def register(cls, subclass):
        global _abc_invalidation_counter
        cls._abc_registry.append(subclass)
        _abc_invalidation_counter += 1
        return subclass


def get_cache_token():
    return _abc_invalidation_counter


# CPython's abstractclassmethod, abstractstaticmethod and abstractproperty
# are subclasses of classmethod, staticmethod and property; Kiln cannot
# subclass those, so these are functions that mark the wrapped function and
# return a plain classmethod / staticmethod / property.
def abstractclassmethod(callable):
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    for f in (fget, fset, fdel):
        if f is not None:
            f.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)
