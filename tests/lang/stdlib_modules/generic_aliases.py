# Annotations at module and class level are evaluated, so builtin classes
# subscript into generic aliases (list[int]) and classes join with `|`
# into unions (int | None); isinstance takes a union; types names them.
import types

names: list[str] = []
table: dict[str, list[int]] = {}
limit: int | None = None
print(list[int], dict[str, list[int]], tuple[int, ...], set[float], frozenset[str], type[int])
print(int | None, str | int | None, list[int] | None, None | int)
print(__annotations__)


class Config:
    layers: list[int] = [1, 2]
    name: str | None = None


print(Config.__annotations__, Config.layers)
alias = list[int]
print(alias.__origin__, alias.__args__, alias([1, 2]), alias == list[int], alias == list[str])
print(isinstance(3, int | str), isinstance("a", int | str), isinstance(None, int | None), isinstance(2.0, int | str))
print(issubclass(bool, int | str))
print(type(list[int]) is types.GenericAlias, type(int | str) is types.UnionType)
print((int | str) == (str | int), int | int)
ns = types.SimpleNamespace(a=1, b="x")
print(ns, ns.a)
print(types.FunctionType, types.NoneType)


def f(x: list[int], y: dict[str, int] | None = None) -> tuple[int, int]:
    return len(x), 0 if y is None else len(y)


print(f([1, 2, 3]), f([], {"a": 1}))
