# Annotations in module and class bodies are evaluated and recorded in
# __annotations__ (CPython 3.11 without `from __future__ import annotations`);
# in functions they are not evaluated. Lambdas and comprehensions inside
# annotations get their own scopes without disturbing the definitions after.
print("before any:", sorted(__annotations__))
a: int = 1
b: "text"
c: (lambda v: v * 2)(21)
d: [i * i for i in range(3)] = "d"
if a:
    e: float = 2.5
for _ in range(1):
    f: list
print(__annotations__)
print(a, d, e)
x = [0]
x[0]: int = 5
(y): int = 6
x.append: str
print(x, y, "y" in __annotations__)


class C:
    size: int = 3
    label: str
    fn: (lambda: "lam")()

    def method(self) -> int:
        local: undefined_name_is_never_evaluated = 1
        return local


print(C.__annotations__, C.size, C().method())


class NoAnn:
    pass


class Sub(C):
    extra: int


print(NoAnn.__annotations__, "__annotations__" in vars(NoAnn), Sub.__annotations__, C.__annotations__["size"])
try:
    int.__annotations__
except AttributeError as err:
    print("AttributeError:", err)


def g():
    later: also_undefined
    return "function annotations are not evaluated"


print(g())
try:
    z: not_defined_anywhere = 1
except NameError as err:
    print("NameError:", err)
print(z, "z" in __annotations__)
