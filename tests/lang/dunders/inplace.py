# In-place operators fall back to the binary operator when __iXXX__ is
# missing; when present they may mutate and return self.
class Acc:
    def __init__(self, items):
        self.items = list(items)
    def __iadd__(self, other):
        self.items.extend(other)
        return self
    def __isub__(self, other):
        self.items = [i for i in self.items if i not in other]
        return self
    def __imul__(self, n):
        self.items = self.items * n
        return self
    def __repr__(self):
        return f"Acc({self.items})"
a = alias = Acc([1, 2])
a += [3]
a -= [1]
a *= 2
print(a, alias, a is alias)
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        print("__add__ used")
        return Money(self.cents + other.cents)
    def __repr__(self):
        return f"${self.cents / 100:.2f}"
m = orig = Money(150)
m += Money(275)
print(m, orig, m is orig)
class OnlyRadd:
    def __radd__(self, other):
        return f"radd({other})"
    def __rsub__(self, other):
        return f"rsub({other})"
    def __rtruediv__(self, other):
        return f"rtruediv({other})"
    def __rpow__(self, other):
        return f"rpow({other})"
    def __rfloordiv__(self, other):
        return f"rfloordiv({other})"
    def __rmod__(self, other):
        return f"rmod({other})"
o = OnlyRadd()
print(1 + o, 2 - o, 3 / o, 4 ** o, 5 // o, 6 % o, [1] + o)
x = 10
x += o
print(x)
class Sub(Money):
    def __radd__(self, other):
        print("Sub.__radd__ preferred")
        return Sub(self.cents + other.cents)
print(Money(1) + Sub(2))
