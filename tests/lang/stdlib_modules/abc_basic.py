# abc: ABC with @abstractmethod; instantiating a class that still has
# abstract methods raises TypeError (one or several, sorted); subclasses
# that implement them work; abstract properties, classmethods and
# staticmethods; __abstractmethods__; super() calls into an abstract method.
from abc import ABC, abstractmethod
import abc


class Shape(ABC):
    @abstractmethod
    def area(self):
        pass

    @abstractmethod
    def perimeter(self):
        pass

    def describe(self):
        return '%s area=%s perimeter=%s' % (type(self).__name__, self.area(), self.perimeter())


class Partial(Shape):
    def area(self):
        return 0


class Square(Partial):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    def perimeter(self):
        return 4 * self.side


class Base(ABC):
    @abstractmethod
    def run(self):
        return 'base run'


class Impl(Base):
    def run(self):
        return 'impl + ' + super().run()


for cls in (Shape, Partial):
    try:
        cls()
    except TypeError as e:
        print('TypeError:', e)
print(sorted(Shape.__abstractmethods__), sorted(Partial.__abstractmethods__))
print(sorted(Square.__abstractmethods__), Square(3).describe())
print(Impl().run(), sorted(Impl.__abstractmethods__))
print(isinstance(Square(1), Shape), issubclass(Square, ABC))
print(getattr(Shape.area, '__isabstractmethod__', False), getattr(Square.area, '__isabstractmethod__', False))
print(type(ABC()).__name__)


class Plain(ABC):
    def hello(self):
        return 'hello'


print(Plain().hello(), sorted(Plain.__abstractmethods__))


class WithProp(ABC):
    @property
    @abstractmethod
    def name(self):
        pass

    @classmethod
    @abstractmethod
    def make(cls):
        pass

    @staticmethod
    @abstractmethod
    def helper():
        pass


class HasProp(WithProp):
    @property
    def name(self):
        return 'hp'

    @classmethod
    def make(cls):
        return cls()

    @staticmethod
    def helper():
        return 42


try:
    WithProp()
except TypeError as e:
    print('TypeError:', e)
h = HasProp.make()
print(h.name, HasProp.helper(), sorted(WithProp.__abstractmethods__))


class Animal(ABC):
    def __init__(self, name):
        self.name = name

    @abstractmethod
    def sound(self):
        pass


class Dog(Animal):
    def sound(self):
        return self.name + ' says woof'


try:
    Animal('x')
except TypeError as e:
    print('TypeError:', e)
print(Dog('rex').sound())


class Three(ABC):
    @abstractmethod
    def c(self):
        pass

    @abstractmethod
    def a(self):
        pass

    @abstractmethod
    def b(self):
        pass


try:
    Three()
except TypeError as e:
    print('TypeError:', e)


def f():
    pass


print(abstractmethod(f) is f, f.__isabstractmethod__)
print(abc.ABC is ABC, callable(abc.abstractmethod))
