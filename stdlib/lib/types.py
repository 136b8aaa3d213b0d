# types — names for the interpreter's own types (CPython's types module):
# the classes of functions, methods, generators, modules and None, the
# generic alias and union of `list[int]` / `int | None`, SimpleNamespace.
#
# Not here: CodeType, FrameType, TracebackType and the other types Kiln's
# objects do not have (an AttributeError names them).
from _kiln_types import GenericAlias, UnionType


def _function():
    pass


def _generator():
    yield 1


class _C:
    def method(self):
        pass


FunctionType = type(_function)
LambdaType = FunctionType
GeneratorType = type(_generator())
MethodType = type(_C().method)
BuiltinFunctionType = type(len)
BuiltinMethodType = BuiltinFunctionType
ModuleType = type(__import__('sys'))
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


class SimpleNamespace:
    def __init__(self, **kwargs):
        for k in kwargs:
            setattr(self, k, kwargs[k])

    def __repr__(self):
        items = ['{}={!r}'.format(k, v) for k, v in self.__dict__.items()]
        return 'namespace(' + ', '.join(items) + ')'

    def __eq__(self, other):
        if not isinstance(other, SimpleNamespace):
            return NotImplemented
        return self.__dict__ == other.__dict__
