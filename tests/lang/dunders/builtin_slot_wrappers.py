# The builtin containers' dunders called by name or through super() are the
# containers' own (list.__eq__, dict.__repr__, tuple.__hash__, list.__add__,
# set.__and__ ...), not object's; list/dict/set.__hash__ is None; a str
# subclass's super().__hash__() hashes like the str.
class Tagged(list):
    def __eq__(self, other):
        return super().__eq__(other)
    __hash__ = None
print(Tagged([1, 2]) == [1, 2], [1].__eq__([1]), (1,).__lt__((2,)), {1: 2}.__eq__({1: 2}), [1].__eq__(3))
class Key(str):
    def __hash__(self):
        return super().__hash__()
    def __eq__(self, o):
        return super().__eq__(o)
print({Key("x"): 1}.get("x"), Key("x") in {"x"}, (1, 2).__hash__() == hash((1, 2)))
class Bag(dict):
    def __repr__(self):
        return "Bag(" + super().__repr__() + ")"
print(Bag(a=1), repr(Bag()), list.__repr__([1, 'a']), tuple.__repr__((1,)), set.__repr__({3}))
class L(list):
    def __add__(self, other):
        return L(super().__add__(other))
    def __mul__(self, n):
        return L(super().__mul__(n))
x = L([1]) + [2]
print(type(x).__name__, x, L([3]) * 2, [1].__add__([2]), [1].__mul__(2), [1].__rmul__(3), (1,).__add__((2,)))
a = [1]; a.__iadd__([5]); print(a)
print({1, 2}.__and__({2, 3}), frozenset({1}).__or__({2}), {1}.__sub__({1}), {1, 2}.__rsub__({2, 3}))
print(dict.__or__({1: 2}, {3: 4}), {1: 2}.__ror__({0: 0}), [1].__lt__("x"), [].__eq__(None))
print(list.__hash__, dict.__hash__, set.__hash__, frozenset({1}).__hash__() == hash(frozenset({1})))
try:
    list.__eq__(3, [3])
except TypeError as e:
    print("TypeError", e)
