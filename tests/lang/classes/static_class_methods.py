# @staticmethod and @classmethod: called on the class and on instances,
# alternative constructors, classmethods seeing the subclass.
class Temperature:
    scale = "C"
    count = 0
    def __init__(self, degrees):
        self.degrees = degrees
        Temperature.count += 1
    @classmethod
    def from_fahrenheit(cls, f):
        return cls(round((f - 32) * 5 / 9, 2))
    @staticmethod
    def is_freezing(c):
        return c <= 0
    @classmethod
    def describe(cls):
        return f"{cls.__name__} in {cls.scale}"
    def __repr__(self):
        return f"{type(self).__name__}({self.degrees})"
t = Temperature.from_fahrenheit(212)
print(t, Temperature.is_freezing(-1), t.is_freezing(5), Temperature.describe(), t.describe())
class Kelvin(Temperature):
    scale = "K"
k = Kelvin.from_fahrenheit(32)
print(k, type(k).__name__, Kelvin.describe(), Temperature.count)
class Registry:
    _items = []
    @classmethod
    def add(cls, item):
        cls._items.append(item)
        return len(cls._items)
    @staticmethod
    def helper(a, b=2):
        return a * b
print(Registry.add("x"), Registry().add("y"), Registry._items, Registry.helper(3), Registry().helper(3, 3))
sm = Registry.helper
print(sm(5))
