# Private name mangling: `__name` inside a class body means `_Class__name`
# for attributes, variables, parameters, defs, nested classes, imports,
# `except ... as` and global/nonlocal, in methods, lambdas and
# comprehensions; dunders, keyword names in calls and outside-class code
# are left alone.


class Base:
    __count = 0

    def __init__(self):
        self.__secret = "base"
        Base.__count += 1

    def reveal(self):
        return self.__secret

    def __helper(self):
        return "helper of " + type(self).__name__

    def call_helper(self):
        return self.__helper()

    @classmethod
    def count(cls):
        return cls.__count


class Child(Base):
    def __init__(self):
        super().__init__()
        self.__secret = "child"

    def both(self):
        return self.__secret, self.reveal(), self._Base__secret


c = Child()
print(c.both(), c.call_helper(), Base.count())
print(sorted(k for k in vars(c)), hasattr(c, "__secret"), c._Child__secret)
print(sorted(k for k in vars(Base) if "count" in k or "helper" in k))
try:
    c.__secret
except AttributeError as e:
    print("AttributeError:", e)


class _Under:
    def m(self, __p=1, *, __k=2):
        __local = __p + __k
        f = lambda __x: __x + __local
        sq = [__i * __i for __i in range(3)]
        return f(10), sq, sorted(v for v in locals() if "local" in v or "_p" in v)


print(_Under().m())


class ___:
    def m(self):
        self.__kept = 1
        return sorted(vars(self))


print(___().m())


class Outer:
    class __Inner:
        def who(self):
            self.__tag = "in"
            return sorted(vars(self))

    def make(self):
        return self.__Inner().who()


print(Outer().make(), [k for k in vars(Outer) if "Inner" in k])


def free_function():
    __plain = 5
    return __plain


print(free_function())


class Imports:
    import math as __m
    from math import sqrt as __sq

    def use(self):
        return self.__m.floor(2.5), self.__sq(16.0)


print(Imports().use(), sorted(k for k in vars(Imports) if k.startswith("_Imports")))

__module_level = "module"


class Globals:
    def read(self):
        global __module_level
        try:
            return __module_level
        except NameError as e:
            return "NameError: " + str(e)

    def handler(self):
        try:
            raise ValueError("v")
        except ValueError as __err:
            return type(__err).__name__


print(Globals().read(), Globals().handler())


class Keywords:
    def f(self, **kw):
        return sorted(kw)

    def g(self):
        return self.f(__x=1, y=2)


print(Keywords().g(), Child.__name__, Child.__init__.__name__)
